/* array_io.c — PostgreSQL's array_in and array_out: the optional "[lb:ub]..." dimension
 * prefix, the brace structure checked by the same state machine as PostgreSQL's ArrayCount
 * (so malformed literals give its DETAIL lines), items de-quoted and read by the element
 * type's input function, and output quoting. */
#include "types/array/array.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "types/record/record.h"
#include "types/typeio.h"
#include "util/arena.h"

static bool arr_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* "malformed array literal" over shown[0..n) with a DETAIL line. */
static int malformed(ss_ctx *ctx, const char *shown, size_t n, const char *detail)
{
    ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "malformed array literal: \"%.*s\"",
                 (int)n, shown);
    if (detail)
        ss_ctx_error_detail(ctx, "%s", detail);
    return SS_ERROR;
}

static int too_many_dims(ss_ctx *ctx, int n)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                        "number of array dimensions (%d) exceeds the maximum allowed (%d)", n,
                        ARR_MAXDIM);
}

enum {
    PS_NO_LEVEL,
    PS_LEVEL_STARTED,
    PS_ELEM_STARTED,
    PS_ELEM_COMPLETED,
    PS_QUOTED_ELEM_STARTED,
    PS_QUOTED_ELEM_COMPLETED,
    PS_ELEM_DELIMITED,
    PS_LEVEL_COMPLETED,
    PS_LEVEL_DELIMITED
};

/* ArrayCount: checks the brace structure of s[0..len) (s at its '{') and stores the
 * dimensions it implies; *ndim 0 for "{}". */
static int count_dims(ss_ctx *ctx, const char *s, size_t len, int *ndim_out, int32_t *dim)
{
    int nest = 0, ndim = 1;
    int32_t temp[ARR_MAXDIM], nelems[ARR_MAXDIM], nelems_last[ARR_MAXDIM];
    for (int i = 0; i < ARR_MAXDIM; i++) {
        temp[i] = dim[i] = nelems_last[i] = 0;
        nelems[i] = 1;
    }
    bool in_quotes = false, eoa = false, empty = true;
    int st = PS_NO_LEVEL;
    size_t i = 0;
    char ubuf[40];
    while (!eoa) {
        bool itemdone = false;
        while (!itemdone) {
            if (st == PS_ELEM_STARTED || st == PS_QUOTED_ELEM_STARTED)
                empty = false;
            char c = i < len ? s[i] : '\0';
            switch (c) {
            case '\0':
                return malformed(ctx, s, len, "Unexpected end of input.");
            case '\\':
                if (st != PS_LEVEL_STARTED && st != PS_ELEM_STARTED &&
                    st != PS_QUOTED_ELEM_STARTED && st != PS_ELEM_DELIMITED)
                    return malformed(ctx, s, len, "Unexpected \"\\\" character.");
                if (st != PS_QUOTED_ELEM_STARTED)
                    st = PS_ELEM_STARTED;
                if (i + 1 < len && s[i + 1] != '\0')
                    i++;
                else
                    return malformed(ctx, s, len, "Unexpected end of input.");
                break;
            case '"':
                if (st != PS_LEVEL_STARTED && st != PS_QUOTED_ELEM_STARTED &&
                    st != PS_ELEM_DELIMITED)
                    return malformed(ctx, s, len, "Unexpected array element.");
                in_quotes = !in_quotes;
                st = in_quotes ? PS_QUOTED_ELEM_STARTED : PS_QUOTED_ELEM_COMPLETED;
                break;
            case '{':
                if (!in_quotes) {
                    if (st != PS_NO_LEVEL && st != PS_LEVEL_STARTED && st != PS_LEVEL_DELIMITED)
                        return malformed(ctx, s, len, "Unexpected \"{\" character.");
                    st = PS_LEVEL_STARTED;
                    if (nest >= ARR_MAXDIM)
                        return too_many_dims(ctx, nest + 1);
                    temp[nest] = 0;
                    nest++;
                    if (ndim < nest)
                        ndim = nest;
                }
                break;
            case '}':
                if (!in_quotes) {
                    if (st != PS_ELEM_STARTED && st != PS_ELEM_COMPLETED &&
                        st != PS_QUOTED_ELEM_COMPLETED && st != PS_LEVEL_COMPLETED &&
                        !(nest == 1 && st == PS_LEVEL_STARTED))
                        return malformed(ctx, s, len, "Unexpected \"}\" character.");
                    st = PS_LEVEL_COMPLETED;
                    if (nest == 0)
                        return malformed(ctx, s, len, "Unmatched \"}\" character.");
                    nest--;
                    if (nelems_last[nest] != 0 && nelems[nest] != nelems_last[nest])
                        return malformed(ctx, s, len,
                                         "Multidimensional arrays must have sub-arrays with "
                                         "matching dimensions.");
                    nelems_last[nest] = nelems[nest];
                    nelems[nest] = 1;
                    if (nest == 0)
                        eoa = itemdone = true;
                    else
                        temp[nest - 1]++;
                }
                break;
            default:
                if (!in_quotes) {
                    if (c == ',') {
                        if (st != PS_ELEM_STARTED && st != PS_ELEM_COMPLETED &&
                            st != PS_QUOTED_ELEM_COMPLETED && st != PS_LEVEL_COMPLETED) {
                            snprintf(ubuf, sizeof ubuf, "Unexpected \"%c\" character.", c);
                            return malformed(ctx, s, len, ubuf);
                        }
                        st = st == PS_LEVEL_COMPLETED ? PS_LEVEL_DELIMITED : PS_ELEM_DELIMITED;
                        itemdone = true;
                        nelems[nest - 1]++;
                    } else if (!arr_space(c)) {
                        if (st != PS_LEVEL_STARTED && st != PS_ELEM_STARTED &&
                            st != PS_ELEM_DELIMITED)
                            return malformed(ctx, s, len, "Unexpected array element.");
                        st = PS_ELEM_STARTED;
                    }
                }
                break;
            }
            if (!itemdone)
                i++;
        }
        temp[ndim - 1]++;
        i++;
    }
    for (; i < len; i++)
        if (!arr_space(s[i]))
            return malformed(ctx, s, len, "Junk after closing right brace.");
    if (empty) {
        *ndim_out = 0;
        return SS_OK;
    }
    for (int d = 0; d < ndim; d++)
        dim[d] = temp[d];
    *ndim_out = ndim;
    return SS_OK;
}

/* One item of ReadArrayStr: its de-quoted text and whether it was quoted or escaped. */
typedef struct raw_item {
    uint32_t start, len; /* into the scratch buffer */
    bool quoted;
} raw_item;

/* ReadArrayStr over a literal count_dims accepted: the items in order, de-quoted into buf
 * (len bytes at least). */
static uint32_t read_items(const char *s, size_t len, char *buf, raw_item *items, uint32_t max)
{
    uint32_t n = 0, out = 0;
    size_t i = 0;
    int nest = 0;
    bool in_quotes = false, eoa = false;
    while (!eoa) {
        bool itemdone = false, leading = true, quoted = false, have = false;
        uint32_t start = out, end = out;
        while (!itemdone && i < len) {
            char c = s[i];
            if (c == '\\') {
                i++;
                buf[out++] = s[i++];
                leading = false;
                end = out;
                quoted = have = true;
            } else if (c == '"') {
                in_quotes = !in_quotes;
                if (in_quotes)
                    leading = false;
                else
                    end = out;
                quoted = have = true;
                i++;
            } else if (in_quotes) {
                buf[out++] = s[i++];
            } else if (c == '{') {
                nest++;
                i++;
            } else if (c == '}') {
                nest--;
                if (nest == 0)
                    eoa = itemdone = true;
                i++;
            } else if (c == ',') {
                itemdone = true;
                i++;
            } else if (arr_space(c)) {
                if (leading)
                    i++;
                else
                    buf[out++] = s[i++];
            } else {
                buf[out++] = s[i++];
                leading = false;
                end = out;
                have = true;
            }
        }
        /* "{{1},{2}}": a level's closing brace followed by a delimiter carries no item */
        if (have && n < max) {
            items[n].start = start;
            items[n].len = end - start;
            items[n].quoted = quoted;
            n++;
        }
        out = end;
    }
    return n;
}

/* Parses the decimal integer PostgreSQL's atoi would over s[*i..) (digits and signs). */
static int32_t dim_int(const char *s, size_t from, size_t to)
{
    char tmp[32];
    size_t n = to - from < sizeof tmp - 1 ? to - from : sizeof tmp - 1;
    memcpy(tmp, s + from, n);
    tmp[n] = '\0';
    return (int32_t)atoi(tmp);
}

int arr_parse(ss_ctx *ctx, int32_t elem, int32_t elem_typmod, const char *s, size_t len, ss_text *out)
{
    int ndim = 0;
    int32_t dim[ARR_MAXDIM], lb[ARR_MAXDIM];
    size_t p = 0;
    for (;;) {
        while (p < len && arr_space(s[p]))
            p++;
        if (p >= len || s[p] != '[')
            break;
        p++;
        if (ndim >= ARR_MAXDIM)
            return too_many_dims(ctx, ndim + 1);
        size_t q = p;
        while (q < len && ((s[q] >= '0' && s[q] <= '9') || s[q] == '-' || s[q] == '+'))
            q++;
        if (q == p)
            return malformed(ctx, s, len,
                             "\"[\" must introduce explicitly-specified array dimensions.");
        if (q < len && s[q] == ':') {
            lb[ndim] = dim_int(s, p, q);
            p = q + 1;
            for (q = p; q < len && ((s[q] >= '0' && s[q] <= '9') || s[q] == '-' || s[q] == '+');
                 q++)
                ;
            if (q == p)
                return malformed(ctx, s, len, "Missing array dimension value.");
        } else {
            lb[ndim] = 1;
        }
        if (q >= len || s[q] != ']')
            return malformed(ctx, s, len, "Missing \"]\" after array dimensions.");
        int32_t ub = dim_int(s, p, q);
        p = q + 1;
        if (ub < lb[ndim])
            return ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT,
                                "upper bound cannot be less than lower bound");
        dim[ndim] = ub - lb[ndim] + 1;
        ndim++;
    }
    int32_t bdim[ARR_MAXDIM];
    int bnd;
    if (ndim == 0) {
        if (p >= len || s[p] != '{')
            return malformed(ctx, s, len,
                             "Array value must start with \"{\" or dimension information.");
        if (count_dims(ctx, s + p, len - p, &ndim, dim) != SS_OK)
            return SS_ERROR;
        for (int d = 0; d < ndim; d++)
            lb[d] = 1;
    } else {
        if (p >= len || s[p] != '=')
            return malformed(ctx, s, len, "Missing \"=\" after array dimensions.");
        p++;
        while (p < len && arr_space(s[p]))
            p++;
        if (p >= len || s[p] != '{')
            return malformed(ctx, s, len, "Array contents must start with \"{\".");
        if (count_dims(ctx, s + p, len - p, &bnd, bdim) != SS_OK)
            return SS_ERROR;
        if (bnd != ndim)
            return malformed(ctx, s, len, "Specified array dimensions do not match array contents.");
        for (int d = 0; d < ndim; d++)
            if (dim[d] != bdim[d])
                return malformed(ctx, s, len,
                                 "Specified array dimensions do not match array contents.");
    }
    int64_t nitems = ndim > 0 ? 1 : 0;
    for (int d = 0; d < ndim; d++) {
        nitems *= dim[d];
        if (nitems > ARR_MAX_ITEMS)
            return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                                "array size exceeds the maximum allowed (%d)", ARR_MAX_ITEMS);
        if ((int64_t)lb[d] + dim[d] > INT32_MAX)
            return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                                "array lower bound is too large: %d", lb[d]);
    }
    if (nitems == 0)
        return arr_encode(ctx, elem, 0, NULL, NULL, NULL, 0, out);

    const char *body = s + p;
    size_t blen = len - p;
    char *buf = malloc(blen + 1);
    raw_item *raw = malloc(sizeof *raw * (size_t)nitems);
    ss_value *vals = malloc(sizeof *vals * (size_t)nitems);
    ss_arena *arena = NULL;
    int rc = SS_OK;
    if (!buf || !raw || !vals) {
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        goto done;
    }
    uint32_t got = read_items(body, blen, buf, raw, (uint32_t)nitems);
    if (got != (uint32_t)nitems) {
        rc = malformed(ctx, s, len, NULL);
        goto done;
    }
    for (uint32_t k = 0; k < got; k++) {
        const char *item = buf + raw[k].start;
        if (!raw[k].quoted && raw[k].len == 4 && strncasecmp(item, "NULL", 4) == 0) {
            memset(&vals[k], 0, sizeof vals[k]);
            vals[k].is_null = true;
            continue;
        }
        const rec_desc *rd = elem == SS_TYPE_RECORD ? rec_desc_get(elem_typmod) : NULL;
        if (rd) { /* an item of a row type: record_in with its descriptor, the bytes in arena */
            if (!arena && !(arena = ss_arena_create())) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                goto done;
            }
            if (rec_input(ctx, rd, item, raw[k].len, &vals[k], arena) != SS_OK) {
                rc = SS_ERROR;
                goto done;
            }
        } else if (ss_value_parse(ctx, (ss_type){elem, -1}, item, raw[k].len, &vals[k]) != SS_OK) {
            rc = SS_ERROR;
            goto done;
        }
        vals[k].is_null = false;
    }
    rc = arr_encode(ctx, elem, ndim, dim, lb, vals, got, out);
done:
    free(buf);
    free(raw);
    free(vals);
    if (arena)
        ss_arena_destroy(arena);
    return rc;
}

void arr_format_item(const char *s, size_t len, ss_strbuf *out)
{
    bool quote = len == 0 || (len == 4 && strncasecmp(s, "NULL", 4) == 0);
    for (size_t i = 0; i < len && !quote; i++) {
        char c = s[i];
        quote = c == '"' || c == '\\' || c == '{' || c == '}' || c == ',' || arr_space(c);
    }
    if (!quote) {
        ss_strbuf_append(out, s, len);
        return;
    }
    ss_strbuf_putc(out, '"');
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '"' || s[i] == '\\')
            ss_strbuf_putc(out, '\\');
        ss_strbuf_putc(out, s[i]);
    }
    ss_strbuf_putc(out, '"');
}

void arr_format(const ss_text *t, ss_strbuf *out)
{
    ss_array a;
    arr_decode(t, &a);
    if (a.nitems == 0) {
        ss_strbuf_puts(out, "{}");
        return;
    }
    bool bounds = false;
    for (int d = 0; d < a.ndims; d++)
        bounds |= a.lbound[d] != 1;
    if (bounds)
        for (int d = 0; d < a.ndims; d++)
            ss_strbuf_printf(out, "[%d:%d]%s", a.lbound[d], a.lbound[d] + a.dims[d] - 1,
                             d + 1 == a.ndims ? "=" : "");
    int32_t idx[ARR_MAXDIM] = {0};
    for (int d = 0; d < a.ndims; d++)
        ss_strbuf_putc(out, '{');
    arr_iter it;
    arr_iter_init(&it, &a);
    ss_value v;
    ss_strbuf item;
    ss_strbuf_init(&item);
    ss_type et = {a.elem, -1};
    for (uint32_t k = 0; arr_iter_next(&it, &v); k++) {
        if (v.is_null) {
            ss_strbuf_puts(out, "NULL");
        } else {
            ss_strbuf_clear(&item);
            ss_value_format(et, &v, &item);
            arr_format_item(item.data ? item.data : "", item.len, out);
        }
        /* close the levels this item ends, open the next ones */
        int d = a.ndims - 1;
        idx[d]++;
        int closed = 0;
        while (d >= 0 && idx[d] == a.dims[d]) {
            idx[d] = 0;
            ss_strbuf_putc(out, '}');
            closed++;
            d--;
            if (d >= 0)
                idx[d]++;
        }
        if (k + 1 < a.nitems) {
            ss_strbuf_putc(out, ',');
            for (int j = 0; j < closed; j++)
                ss_strbuf_putc(out, '{');
        }
    }
    ss_strbuf_free(&item);
}
