/* bytea_func.c — the built-in functions over bytes as PostgreSQL 15 defines them for bytea:
 * length / octet_length / bit_length, get_byte / set_byte / get_bit / set_bit (2202E out of
 * range), substring, position, overlay, the trim family and LIKE (byte by byte). */
#include "types/bytea/bytea.h"

#include <string.h>

#include "exec/vector.h"
#include "types/func_impl.h"

#define SS_SQLSTATE_ARRAY_SUBSCRIPT_ERROR "2202E"
#define SS_SQLSTATE_SUBSTRING_ERROR "22011"
#define SS_SQLSTATE_INVALID_ESCAPE_SEQUENCE "22025"

static inline const ss_text *texts(const ss_vector *v)
{
    return (const ss_text *)v->data;
}

/* Stores a copy of s[0..len) with, when at >= 0, byte `at` replaced by b. */
static int put_copy(ss_ctx *ctx, ss_vector *out, uint32_t row, const ss_text *s, int64_t at,
                    unsigned char b)
{
    char *p = ss_vector_text_alloc(ctx, out, s->len);
    if (!p)
        return SS_ERROR;
    if (s->len)
        memcpy(p, s->ptr, s->len);
    if (at >= 0)
        p[at] = (char)b;
    ((ss_text *)out->data)[row] = (ss_text){p, s->len, 0};
    ss_vector_set_valid(out, row);
    return SS_OK;
}

BYTEA_FN(bit_length)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]);
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = (int32_t)((int64_t)a[i].len * 8); });
    return SS_OK;
}

static int byte_range(ss_ctx *ctx, int64_t at, uint32_t len)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_ARRAY_SUBSCRIPT_ERROR, "index %lld out of valid range, 0..%lld",
                        (long long)at, (long long)len - 1);
}

BYTEA_FN(get_byte)
{
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int32_t *at = args[1]->data;
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (at[i] < 0 || (uint32_t)at[i] >= a[i].len)
            return byte_range(ctx, at[i], a[i].len);
        r[i] = (unsigned char)a[i].ptr[at[i]];
    });
    return SS_OK;
}

BYTEA_FN(set_byte)
{
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int32_t *at = args[1]->data, *b = args[2]->data;
    SS_FOR_ROWS(rows, n, i, {
        if (at[i] < 0 || (uint32_t)at[i] >= a[i].len)
            return byte_range(ctx, at[i], a[i].len);
        if (put_copy(ctx, out, i, &a[i], at[i], (unsigned char)b[i]) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* 2202E unless bit `at` is inside s. */
static int bit_index(ss_ctx *ctx, const ss_text *s, int64_t at)
{
    int64_t bits = (int64_t)s->len * 8;
    if (at >= 0 && at < bits)
        return SS_OK;
    return ss_ctx_error(ctx, SS_SQLSTATE_ARRAY_SUBSCRIPT_ERROR, "index %lld out of valid range, 0..%lld",
                        (long long)at, (long long)bits - 1);
}

/* Bits are numbered from the lowest of byte 0, as PostgreSQL's byteaGetBit. */
BYTEA_FN(get_bit)
{
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int64_t *at = args[1]->data;
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (bit_index(ctx, &a[i], at[i]) != SS_OK)
            return SS_ERROR;
        r[i] = ((unsigned char)a[i].ptr[at[i] / 8] >> (at[i] % 8)) & 1;
    });
    return SS_OK;
}

BYTEA_FN(set_bit)
{
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int64_t *at = args[1]->data;
    const int32_t *bit = args[2]->data;
    SS_FOR_ROWS(rows, n, i, {
        if (bit_index(ctx, &a[i], at[i]) != SS_OK)
            return SS_ERROR;
        if (bit[i] != 0 && bit[i] != 1)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "new bit must be 0 or 1");
        unsigned char old = (unsigned char)a[i].ptr[at[i] / 8], mask = (unsigned char)(1u << (at[i] % 8));
        if (put_copy(ctx, out, i, &a[i], at[i] / 8,
                     (unsigned char)(bit[i] ? old | mask : old & ~mask)) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* bytea_substring: bytes start .. start + count - 1 (1-based; count < 0: to the end), the
 * positions before 1 simply not there.  *from / *len get the slice of s. */
static int slice(ss_ctx *ctx, const ss_text *s, int64_t start, int64_t count, uint32_t *from,
                 uint32_t *len)
{
    int64_t s1 = start < 1 ? 1 : start;
    int64_t e = (int64_t)s->len + 1; /* one past the last position taken */
    if (count >= 0) {
        if (start + count < e)
            e = start + count;
    } else if (count != -1) {
        return ss_ctx_error(ctx, SS_SQLSTATE_SUBSTRING_ERROR, "negative substring length not allowed");
    }
    if (s1 > (int64_t)s->len || e <= s1) {
        *from = 0;
        *len = 0;
        return SS_OK;
    }
    *from = (uint32_t)(s1 - 1);
    *len = (uint32_t)(e - s1);
    return SS_OK;
}

BYTEA_FN(substr)
{
    const ss_text *a = texts(args[0]);
    const int32_t *start = args[1]->data;
    const int32_t *count = nargs > 2 ? args[2]->data : NULL;
    SS_FOR_ROWS(rows, n, i, {
        if (count && count[i] < 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_SUBSTRING_ERROR, "negative substring length not allowed");
        uint32_t from, len;
        if (slice(ctx, &a[i], start[i], count ? count[i] : -1, &from, &len) != SS_OK ||
            ss_vector_set_text(ctx, out, i, a[i].ptr + from, len) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* 1-based position of needle in hay, 0 when absent, 1 for an empty needle. */
static int32_t find(const ss_text *hay, const ss_text *needle)
{
    if (needle->len == 0)
        return 1;
    if (needle->len > hay->len)
        return 0;
    for (uint32_t k = 0; k + needle->len <= hay->len; k++)
        if (hay->ptr[k] == needle->ptr[0] && memcmp(hay->ptr + k, needle->ptr, needle->len) == 0)
            return (int32_t)k + 1;
    return 0;
}

BYTEA_FN(position)
{
    (void)ctx;
    (void)nargs;
    const ss_text *hay = texts(args[0]), *needle = texts(args[1]);
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = find(&hay[i], &needle[i]); });
    return SS_OK;
}

/* overlay(t1 placing t2 from sp [for sl]) = substring(t1, 1, sp - 1) || t2 ||
 * substring(t1, sp + sl), sl defaulting to length(t2). */
BYTEA_FN(overlay)
{
    const ss_text *t1 = texts(args[0]), *t2 = texts(args[1]);
    const int32_t *sp = args[2]->data;
    const int32_t *sl = nargs > 3 ? args[3]->data : NULL;
    SS_FOR_ROWS(rows, n, i, {
        int64_t l = sl ? sl[i] : (int64_t)t2[i].len;
        int64_t tail = (int64_t)sp[i] + l;
        if (tail > INT32_MAX || tail < INT32_MIN)
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "integer out of range");
        if ((int64_t)sp[i] - 1 < 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_SUBSTRING_ERROR, "negative substring length not allowed");
        uint32_t f1, l1, f2, l2;
        if (slice(ctx, &t1[i], 1, (int64_t)sp[i] - 1, &f1, &l1) != SS_OK ||
            slice(ctx, &t1[i], tail, -1, &f2, &l2) != SS_OK)
            return SS_ERROR;
        size_t len = (size_t)l1 + t2[i].len + l2;
        char *p = ss_vector_text_alloc(ctx, out, len);
        if (!p)
            return SS_ERROR;
        if (l1)
            memcpy(p, t1[i].ptr + f1, l1);
        if (t2[i].len)
            memcpy(p + l1, t2[i].ptr, t2[i].len);
        if (l2)
            memcpy(p + l1 + t2[i].len, t1[i].ptr + f2, l2);
        ((ss_text *)out->data)[i] = (ss_text){p, (uint32_t)len, 0};
        ss_vector_set_valid(out, i);
    });
    return SS_OK;
}

static bool in_set(unsigned char c, const ss_text *set)
{
    return set->len && memchr(set->ptr, c, set->len) != NULL;
}

/* Removes bytes of set from the start (left) and/or the end (right) of rows of args[0]. */
static int trim(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                ss_vector *out, bool left, bool right)
{
    const ss_text *a = texts(args[0]), *set = texts(args[1]);
    SS_FOR_ROWS(rows, n, i, {
        uint32_t b = 0, e = a[i].len;
        while (left && b < e && in_set((unsigned char)a[i].ptr[b], &set[i]))
            b++;
        while (right && e > b && in_set((unsigned char)a[i].ptr[e - 1], &set[i]))
            e--;
        if (ss_vector_set_text(ctx, out, i, a[i].ptr + b, e - b) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

BYTEA_FN(btrim)
{
    (void)nargs;
    return trim(ctx, args, rows, n, out, true, true);
}

BYTEA_FN(ltrim)
{
    (void)nargs;
    return trim(ctx, args, rows, n, out, true, false);
}

BYTEA_FN(rtrim)
{
    (void)nargs;
    return trim(ctx, args, rows, n, out, false, true);
}

/* LIKE over bytes: % any run, _ one byte, backslash takes the next pattern byte literally.
 * 1 match, 0 none, -1 the pattern ends with the escape (reached while matching). */
static int like_bytes(const unsigned char *t, uint32_t tlen, const unsigned char *p, uint32_t plen)
{
    uint32_t ti = 0, pi = 0, star_t = 0;
    int64_t star_p = -1;
    for (;;) {
        if (pi < plen && p[pi] == '%') {
            while (pi < plen && p[pi] == '%')
                pi++;
            star_p = pi;
            star_t = ti;
            continue;
        }
        if (ti == tlen) {
            if (pi == plen)
                return 1;
            break;
        }
        if (pi < plen) {
            unsigned char pc = p[pi];
            uint32_t step = 1;
            if (pc == '\\') {
                if (pi + 1 == plen)
                    return -1;
                pc = p[pi + 1];
                step = 2;
                if (t[ti] == pc) {
                    ti++;
                    pi += step;
                    continue;
                }
            } else if (pc == '_' || t[ti] == pc) {
                ti++;
                pi += step;
                continue;
            }
        }
        if (star_p < 0)
            return 0;
        ti = ++star_t;
        pi = (uint32_t)star_p;
        if (ti > tlen)
            return 0;
    }
    return 0;
}

BYTEA_FN(like)
{
    (void)nargs;
    const ss_text *a = texts(args[0]), *pat = texts(args[1]);
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int m = like_bytes((const unsigned char *)a[i].ptr, a[i].len,
                           (const unsigned char *)pat[i].ptr, pat[i].len);
        if (m < 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_ESCAPE_SEQUENCE,
                                "LIKE pattern must not end with escape character");
        r[i] = (uint8_t)m;
    });
    return SS_OK;
}

/* get_bit / set_bit of an untyped literal: PostgreSQL resolves the literal as type bit
 * (get_bit(bit, integer)), which Sunstone lacks; bytea's form would give another answer. */
static int bit_refused(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                       uint32_t n, ss_vector *out)
{
    (void)args, (void)nargs, (void)rows, (void)n, (void)out;
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: type bit");
}

#define BY SS_TYPE_BYTEA
#define I4 SS_TYPE_INT4
#define I8 SS_TYPE_INT8
#define TX SS_TYPE_TEXT
#define FN(NAME, EVAL, RES, ...) {NAME, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), false, true, {__VA_ARGS__}, RES, EVAL, false}

const ss_func_def bytea_functions[] = {
    FN("length", ss_fn_octet_length, I4, BY), FN("octet_length", ss_fn_octet_length, I4, BY),
    FN("bit_length", ss_fn_bytea_bit_length, I4, BY),
    FN("get_byte", ss_fn_bytea_get_byte, I4, BY, I4), FN("set_byte", ss_fn_bytea_set_byte, BY, BY, I4, I4),
    FN("get_bit", ss_fn_bytea_get_bit, I4, BY, I8), FN("set_bit", ss_fn_bytea_set_bit, BY, BY, I8, I4),
    FN("get_bit", bit_refused, I4, SS_TYPE_UNKNOWN, I4),
    FN("set_bit", bit_refused, I4, SS_TYPE_UNKNOWN, I4, I4),
    FN("substring", ss_fn_bytea_substr, BY, BY, I4), FN("substring", ss_fn_bytea_substr, BY, BY, I4, I4),
    FN("substr", ss_fn_bytea_substr, BY, BY, I4), FN("substr", ss_fn_bytea_substr, BY, BY, I4, I4),
    FN("position", ss_fn_bytea_position, I4, BY, BY),
    FN("overlay", ss_fn_bytea_overlay, BY, BY, BY, I4), FN("overlay", ss_fn_bytea_overlay, BY, BY, BY, I4, I4),
    FN("btrim", ss_fn_bytea_btrim, BY, BY, BY), FN("ltrim", ss_fn_bytea_ltrim, BY, BY, BY),
    FN("rtrim", ss_fn_bytea_rtrim, BY, BY, BY),
    FN("like", ss_fn_bytea_like, SS_TYPE_BOOL, BY, BY),
    FN("encode", ss_fn_bytea_encode, TX, BY, TX), FN("decode", ss_fn_bytea_decode, BY, TX, TX),
    FN("convert_to", ss_fn_bytea_convert_to, BY, TX, TX), FN("convert_from", ss_fn_bytea_convert_from, TX, BY, TX),
    FN("md5", ss_fn_bytea_md5, TX, BY),
    FN("sha224", ss_fn_bytea_sha224, BY, BY), FN("sha256", ss_fn_bytea_sha256, BY, BY),
    FN("sha384", ss_fn_bytea_sha384, BY, BY), FN("sha512", ss_fn_bytea_sha512, BY, BY),
    {0},
};
