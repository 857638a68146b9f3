/* func_quote.c — quoting and formatting: quote_ident, quote_literal, quote_nullable and
 * format(fmt, VARIADIC "any") with PostgreSQL 15's %s %I %L %% conversions, argument
 * positions (%2$s), widths (%10s, %-10s, %*s, %*3$s) and errors (22023 for malformed
 * specifiers and missing arguments, 22004 for NULL identifiers, 22003 for numbers out of
 * range).  Identifiers stay unquoted when made only of lower-case ASCII letters, digits and
 * underscores, not starting with a digit, and not a keyword other than an unreserved one
 * (PostgreSQL's own keyword list, sql/keywords.h). */
#include <stdlib.h>
#include <string.h>

#include "sql/keywords.h"
#include "types/func_impl.h"
#include "types/typeio.h"
#include "types/utf8.h"
#include "util/strbuf.h"

void ss_quote_ident_append(ss_strbuf *sb, const char *s, size_t len)
{
    bool safe = len > 0 && ((s[0] >= 'a' && s[0] <= 'z') || s[0] == '_');
    for (size_t i = 0; i < len && safe; i++)
        safe = (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_';
    if (safe) {
        char *w = malloc(len + 1);
        if (w) {
            memcpy(w, s, len);
            w[len] = '\0';
            safe = !ss_sql_keyword_needs_quotes(w);
            free(w);
        }
    }
    if (safe) {
        ss_strbuf_append(sb, s, len);
        return;
    }
    ss_strbuf_putc(sb, '"');
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '"')
            ss_strbuf_putc(sb, '"');
        ss_strbuf_putc(sb, s[i]);
    }
    ss_strbuf_putc(sb, '"');
}

/* PostgreSQL's quote_literal_cstr: 'it''s', E'a\\b' when there is a backslash. */
void ss_quote_literal_append(ss_strbuf *sb, const char *s, size_t len)
{
    if (memchr(s, '\\', len))
        ss_strbuf_putc(sb, 'E');
    ss_strbuf_putc(sb, '\'');
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\'' || s[i] == '\\')
            ss_strbuf_putc(sb, s[i]);
        ss_strbuf_putc(sb, s[i]);
    }
    ss_strbuf_putc(sb, '\'');
}

static int quote_ident_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb,
                           bool *null, void *state)
{
    (void)ctx, (void)nargs, (void)null, (void)state;
    const ss_text *a = &((const ss_text *)args[0]->data)[i];
    ss_quote_ident_append(sb, a->ptr, a->len);
    return SS_OK;
}

/* quote_literal(x) (strict) and quote_nullable(x) (NULL -> NULL as text), any type through
 * its text output. */
static int quote_literal_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb,
                             bool *null, void *state)
{
    (void)ctx, (void)nargs, (void)null, (void)state;
    if (ss_vector_is_null(args[0], i)) {
        ss_strbuf_puts(sb, "NULL");
        return SS_OK;
    }
    ss_value v;
    ss_vector_get_value(args[0], i, &v);
    ss_strbuf val;
    ss_strbuf_init(&val);
    if (args[0]->type.id == SS_TYPE_BOOL) /* the value cast to text, as anyelement's form does */
        ss_strbuf_puts(&val, v.v.b ? "true" : "false");
    else
        ss_value_format(args[0]->type, &v, &val);
    ss_quote_literal_append(sb, val.data ? val.data : "", val.len);
    ss_strbuf_free(&val);
    return SS_OK;
}

SS_TEXT_FN(ss_fn_quote_ident, quote_ident_row)
SS_TEXT_FN(ss_fn_quote_literal, quote_literal_row)

/* ---- format ---- */
typedef struct fmt_state {
    ss_ctx *ctx;
    const char *p, *end;
} fmt_state;

static int hint_error(ss_ctx *ctx, const char *msg)
{
    ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "%s", msg);
    ss_ctx_error_hint(ctx, "For a single \"%%\" use \"%%%%\".");
    return SS_ERROR;
}

static int advance(fmt_state *st)
{
    if (++st->p >= st->end)
        return hint_error(st->ctx, "unterminated format() type specifier");
    return SS_OK;
}

/* Digits at p: *found, *n (22003 beyond int4). */
static int parse_digits(fmt_state *st, bool *found, int *n)
{
    *found = false;
    long long v = 0;
    while (*st->p >= '0' && *st->p <= '9') {
        v = v * 10 + (*st->p - '0');
        if (v > INT32_MAX)
            return ss_ctx_error(st->ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "number is out of range");
        *found = true;
        if (advance(st))
            return SS_ERROR;
    }
    *n = (int)v;
    return SS_OK;
}

static int arg_zero(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                        "format specifies argument 0, but arguments are numbered from 1");
}

/* PostgreSQL's text_format_parse_format: after the %, up to the conversion character. */
static int parse_spec(fmt_state *st, int *argpos, int *widthpos, bool *minus, int *width)
{
    *argpos = -1, *widthpos = -1, *minus = false, *width = 0;
    bool found;
    int n = 0;
    if (parse_digits(st, &found, &n))
        return SS_ERROR;
    if (found) {
        if (*st->p != '$') {
            *width = n;
            return SS_OK;
        }
        *argpos = n;
        if (n == 0)
            return arg_zero(st->ctx);
        if (advance(st))
            return SS_ERROR;
    }
    while (*st->p == '-') {
        *minus = true;
        if (advance(st))
            return SS_ERROR;
    }
    if (*st->p == '*') {
        if (advance(st) || parse_digits(st, &found, &n))
            return SS_ERROR;
        if (found) {
            if (*st->p != '$')
                return ss_ctx_error(st->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                                    "width argument position must be ended by \"$\"");
            *widthpos = n;
            if (n == 0)
                return arg_zero(st->ctx);
            if (advance(st))
                return SS_ERROR;
        } else {
            *widthpos = 0;
        }
    } else {
        if (parse_digits(st, &found, &n))
            return SS_ERROR;
        if (found)
            *width = n;
    }
    return SS_OK;
}

static void append_padded(ss_strbuf *sb, const char *s, size_t len, bool minus, int width)
{
    uint32_t chars = ss_utf8_count(s, (uint32_t)len);
    if (!minus)
        for (int k = (int)chars; k < width; k++)
            ss_strbuf_putc(sb, ' ');
    ss_strbuf_append(sb, s, len);
    if (minus)
        for (int k = (int)chars; k < width; k++)
            ss_strbuf_putc(sb, ' ');
}

static int too_few(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "too few arguments for format()");
}

/* The width given by argument k of row i. */
static int width_arg(ss_ctx *ctx, const ss_vector *v, uint32_t i, int *width, bool *minus)
{
    if (ss_vector_is_null(v, i)) {
        *width = 0;
        return SS_OK;
    }
    int64_t w;
    if (v->type.id == SS_TYPE_INT4 || v->type.id == SS_TYPE_INT2) {
        w = v->type.id == SS_TYPE_INT4 ? ((const int32_t *)v->data)[i] : ((const int16_t *)v->data)[i];
    } else {
        ss_value val, parsed;
        ss_vector_get_value(v, i, &val);
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        ss_value_format(v->type, &val, &sb);
        int rc = ss_value_parse(ctx, (ss_type){SS_TYPE_INT4, -1}, sb.data ? sb.data : "", sb.len, &parsed);
        ss_strbuf_free(&sb);
        if (rc)
            return SS_ERROR;
        w = parsed.v.i;
    }
    if (w < 0) {
        if (w == INT32_MIN)
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "number is out of range");
        w = -w;
        *minus = true;
    }
    *width = (int)w;
    return SS_OK;
}

static int format_spec_loop(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb,
                            ss_strbuf *val)
{
    const ss_text *f = &((const ss_text *)args[0]->data)[i];
    fmt_state st = {ctx, f->ptr, f->ptr + f->len};
    uint32_t next = 1;
    for (; st.p < st.end; st.p++) {
        if (*st.p != '%') {
            ss_strbuf_putc(sb, *st.p);
            continue;
        }
        if (advance(&st))
            return SS_ERROR;
        if (*st.p == '%') {
            ss_strbuf_putc(sb, '%');
            continue;
        }
        int argpos, widthpos, width;
        bool minus;
        if (parse_spec(&st, &argpos, &widthpos, &minus, &width))
            return SS_ERROR;
        char conv = *st.p;
        if (conv != 's' && conv != 'I' && conv != 'L') {
            char spec[8];
            uint32_t l = ss_utf8_char_len((unsigned char)conv);
            if (l > (uint32_t)(st.end - st.p))
                l = (uint32_t)(st.end - st.p);
            memcpy(spec, st.p, l);
            spec[l] = '\0';
            ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "unrecognized format() type specifier \"%s\"", spec);
            ss_ctx_error_hint(ctx, "For a single \"%%\" use \"%%%%\".");
            return SS_ERROR;
        }
        if (widthpos >= 0) {
            uint32_t k = widthpos > 0 ? (uint32_t)widthpos : next++;
            if (k >= nargs)
                return too_few(ctx);
            if (width_arg(ctx, args[k], i, &width, &minus))
                return SS_ERROR;
            next = k + 1;
        }
        uint32_t k = argpos > 0 ? (uint32_t)argpos : next++;
        if (k >= nargs)
            return too_few(ctx);
        next = k + 1;
        if (ss_vector_is_null(args[k], i)) {
            if (conv == 'I')
                return ss_ctx_error(ctx, "22004", "null values cannot be formatted as an SQL identifier");
            append_padded(sb, conv == 'L' ? "NULL" : "", conv == 'L' ? 4 : 0, minus, width);
            continue;
        }
        ss_value v;
        ss_vector_get_value(args[k], i, &v);
        ss_strbuf_clear(val);
        ss_value_format(args[k]->type, &v, val);
        const char *s = val->data ? val->data : "";
        if (conv == 's') {
            append_padded(sb, s, val->len, minus, width);
        } else {
            ss_strbuf q;
            ss_strbuf_init(&q);
            if (conv == 'I')
                ss_quote_ident_append(&q, s, val->len);
            else
                ss_quote_literal_append(&q, s, val->len);
            append_padded(sb, q.data ? q.data : "", q.len, minus, width);
            ss_strbuf_free(&q);
        }
    }
    return SS_OK;
}

/* One row of format(fmt, ...): non-strict (NULL arguments format as '' / NULL), NULL when
 * fmt is. */
static int format_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                      void *state)
{
    (void)state;
    if ((*null = ss_vector_is_null(args[0], i)))
        return SS_OK;
    ss_strbuf valbuf;
    ss_strbuf_init(&valbuf);
    int rc = format_spec_loop(ctx, args, nargs, i, sb, &valbuf);
    ss_strbuf_free(&valbuf);
    return rc;
}
SS_TEXT_FN(ss_fn_format, format_row)
