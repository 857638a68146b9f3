/* func_string.c — vectorised text built-ins counted in characters (UTF-8), as PostgreSQL
 * does: length, octet_length, substr, left, right, strpos, replace, repeat, reverse, the trim
 * family and concat. */
#include <stdlib.h>
#include <string.h>

#include "exec/interrupt.h"
#include "types/func_impl.h"
#include "types/typeio.h"
#include "types/utf8.h"

static inline const ss_text *texts(const ss_vector *v)
{
    return (const ss_text *)v->data;
}

static inline const int32_t *ints(const ss_vector *v)
{
    return (const int32_t *)v->data;
}

int ss_fn_char_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                      const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]);
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = (int32_t)ss_utf8_count(a[i].ptr, a[i].len); });
    return SS_OK;
}

int ss_fn_octet_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                       const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]);
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = (int32_t)a[i].len; });
    return SS_OK;
}

/* Stores s[from, from + len) of the text as the result at row. */
static int put_slice(ss_ctx *ctx, ss_vector *out, uint32_t row, const ss_text *t, uint32_t from,
                     uint32_t len)
{
    return ss_vector_set_text(ctx, out, row, t->ptr + from, len);
}

/* substr(text, start [, count]): characters start .. start + count - 1 (1-based), where
 * positions before 1 are simply not there. */
int ss_fn_substr(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int32_t *start = ints(args[1]);
    const int32_t *count = nargs > 2 ? ints(args[2]) : NULL;
    SS_FOR_ROWS(rows, n, i, {
        int64_t s = start[i];
        int64_t s1 = s < 1 ? 1 : s;
        int64_t take = -1; /* characters to take, -1 = to the end */
        if (count) {
            if (count[i] < 0)
                return ss_ctx_error(ctx, "22011", "negative substring length not allowed");
            int64_t e = s + count[i];
            take = e < s1 ? 0 : e - s1;
        }
        const ss_text *t = &a[i];
        uint32_t from = ss_utf8_clip(t->ptr, t->len, (uint64_t)(s1 - 1));
        uint32_t len = take < 0 ? t->len - from
                                : ss_utf8_clip(t->ptr + from, t->len - from, (uint64_t)take);
        if (put_slice(ctx, out, i, t, from, len) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* left(text, n): the first n characters; all but the last -n when n is negative. */
int ss_fn_left(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int32_t *cnt = ints(args[1]);
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *t = &a[i];
        int64_t keep = cnt[i];
        if (keep < 0) {
            keep += ss_utf8_count(t->ptr, t->len);
            if (keep < 0)
                keep = 0;
        }
        if (put_slice(ctx, out, i, t, 0, ss_utf8_clip(t->ptr, t->len, (uint64_t)keep)) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* right(text, n): the last n characters; all but the first -n when n is negative. */
int ss_fn_right(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int32_t *cnt = ints(args[1]);
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *t = &a[i];
        int64_t skip;
        if (cnt[i] >= 0) {
            skip = (int64_t)ss_utf8_count(t->ptr, t->len) - cnt[i];
            if (skip < 0)
                skip = 0;
        } else {
            skip = -(int64_t)cnt[i];
        }
        uint32_t from = ss_utf8_clip(t->ptr, t->len, (uint64_t)skip);
        if (put_slice(ctx, out, i, t, from, t->len - from) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* strpos(text, substring) / position(substring in text): 1-based character position of the
 * first occurrence, 0 when absent, 1 for an empty substring. */
int ss_fn_strpos(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]), *b = texts(args[1]);
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *h = &a[i], *nd = &b[i];
        if (nd->len == 0) {
            r[i] = 1;
        } else {
            const char *p = h->len >= nd->len ? memmem(h->ptr, h->len, nd->ptr, nd->len) : NULL;
            r[i] = p ? (int32_t)ss_utf8_count(h->ptr, (uint32_t)(p - h->ptr)) + 1 : 0;
        }
    });
    return SS_OK;
}

/* replace(text, from, to): every non-overlapping occurrence, left to right. */
int ss_fn_replace(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]), *f = texts(args[1]), *t = texts(args[2]);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = &a[i], *from = &f[i], *to = &t[i];
        if (from->len == 0 || s->len < from->len) {
            rc = put_slice(ctx, out, i, s, 0, s->len);
        } else {
            ss_strbuf_clear(&sb);
            uint32_t pos = 0;
            while (pos < s->len) {
                const char *hit = s->len - pos >= from->len
                                      ? memmem(s->ptr + pos, s->len - pos, from->ptr, from->len)
                                      : NULL;
                if (!hit) {
                    ss_strbuf_append(&sb, s->ptr + pos, s->len - pos);
                    break;
                }
                ss_strbuf_append(&sb, s->ptr + pos, (size_t)(hit - (s->ptr + pos)));
                ss_strbuf_append(&sb, to->ptr, to->len);
                pos = (uint32_t)(hit - s->ptr) + from->len;
            }
            rc = sb.oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory")
                        : ss_vector_set_text(ctx, out, i, sb.data ? sb.data : "", sb.len);
        }
        if (rc != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}

/* repeat(text, n): n copies, '' for n <= 0; PostgreSQL's 1 GB value limit applies. */
int ss_fn_repeat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out)
{
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int32_t *cnt = ints(args[1]);
    uint64_t produced = 0;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = &a[i];
        int32_t c = cnt[i] < 0 ? 0 : cnt[i];
        int32_t total;
        if (__builtin_mul_overflow(c, (int32_t)s->len, &total) || total > 0x3fffffff - 4)
            return ss_ctx_error(ctx, "54000", "requested length too large");
        char *p = ss_vector_text_alloc(ctx, out, (size_t)total);
        if (!p)
            return SS_ERROR;
        for (int32_t k = 0; k < c; k++) {
            memcpy(p + (size_t)k * s->len, s->ptr, s->len);
            if ((produced += s->len + 1) >= (1u << 24)) { /* cancel check every 16 MB */
                produced = 0;
                if (ss_check_interrupt(ctx))
                    return SS_ERROR;
            }
        }
        ((ss_text *)out->data)[i] = (ss_text){p, (uint32_t)total, 0};
    });
    return SS_OK;
}

/* reverse(text): characters in reverse order (each character's bytes kept in order). */
int ss_fn_reverse(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]);
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = &a[i];
        char *p = ss_vector_text_alloc(ctx, out, s->len);
        if (!p)
            return SS_ERROR;
        uint32_t at = 0;
        while (at < s->len) {
            uint32_t l = ss_utf8_char_len((unsigned char)s->ptr[at]);
            if (l > s->len - at)
                l = s->len - at;
            memcpy(p + s->len - at - l, s->ptr + at, l);
            at += l;
        }
        ((ss_text *)out->data)[i] = (ss_text){p, s->len, 0};
    });
    return SS_OK;
}

/* Whether the character s[0..len) is one of the characters of set. */
static bool in_set(const char *s, uint32_t len, const ss_text *set)
{
    uint32_t at = 0;
    while (at < set->len) {
        uint32_t l = ss_utf8_char_len((unsigned char)set->ptr[at]);
        if (l > set->len - at)
            l = set->len - at;
        if (l == len && memcmp(set->ptr + at, s, len) == 0)
            return true;
        at += l;
    }
    return false;
}

/* Byte length of the last character of s[0..len) (len > 0). */
static uint32_t last_char_len(const char *s, uint32_t len)
{
    uint32_t l = 1;
    while (l < len && l < 4 && ((unsigned char)s[len - l] & 0xc0) == 0x80)
        l++;
    return ss_utf8_char_len((unsigned char)s[len - l]) == l ? l : 1;
}

/* Shared body of btrim / ltrim / rtrim: strips characters of the set (default " "). */
static int trim_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out, bool left, bool right)
{
    static const ss_text space = {" ", 1, 0};
    const ss_text *a = texts(args[0]);
    const ss_text *sets = nargs > 1 ? texts(args[1]) : NULL;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = &a[i];
        const ss_text *set = sets ? &sets[i] : &space;
        uint32_t from = 0, to = s->len;
        if (left) {
            while (from < to) {
                uint32_t l = ss_utf8_char_len((unsigned char)s->ptr[from]);
                if (l > to - from)
                    l = to - from;
                if (!in_set(s->ptr + from, l, set))
                    break;
                from += l;
            }
        }
        if (right) {
            while (to > from) {
                uint32_t l = last_char_len(s->ptr + from, to - from);
                if (!in_set(s->ptr + to - l, l, set))
                    break;
                to -= l;
            }
        }
        if (put_slice(ctx, out, i, s, from, to - from) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

int ss_fn_btrim(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    return trim_rows(ctx, args, nargs, rows, n, out, true, true);
}

int ss_fn_ltrim(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    return trim_rows(ctx, args, nargs, rows, n, out, true, false);
}

int ss_fn_rtrim(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    return trim_rows(ctx, args, nargs, rows, n, out, false, true);
}

/* concat(any, ...): output text of every non-NULL argument, NULLs skipped; never NULL. */
int ss_fn_concat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_strbuf_clear(&sb);
        for (uint32_t k = 0; k < nargs; k++) {
            ss_value v;
            ss_vector_get_value(args[k], i, &v);
            ss_value_format(args[k]->type, &v, &sb);
        }
        rc = sb.oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory")
                    : ss_vector_set_text(ctx, out, i, sb.data ? sb.data : "", sb.len);
        if (rc != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}
