/* bytea_func.c — the built-in functions over bytes as PostgreSQL 15 defines them for bytea:
 * length / octet_length / bit_length / bit_count, get_byte / set_byte / get_bit / set_bit (2202E out of
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

/* Stores the concatenation of parts[0..nparts) at row of out; with at >= 0, byte `at` of the
 * result is then replaced by b. */
int bytea_put_joined(ss_ctx *ctx, ss_vector *out, uint32_t row, const ss_text *parts,
                     uint32_t nparts, int64_t at, unsigned char b)
{
    uint64_t len = 0;
    for (uint32_t k = 0; k < nparts; k++)
        len += parts[k].len;
    if (len > 0x3fffffff - 4)
        return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "requested length too large");
    char *p = ss_vector_text_alloc(ctx, out, (size_t)len), *w = p;
    if (!p)
        return SS_ERROR;
    for (uint32_t k = 0; k < nparts; w += parts[k++].len)
        if (parts[k].len)
            memcpy(w, parts[k].ptr, parts[k].len);
    if (at >= 0)
        p[at] = (char)b;
    ((ss_text *)out->data)[row] = (ss_text){p, (uint32_t)len, 0};
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

/* bit_count(bytea): the bits set */
BYTEA_FN(bit_count)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = texts(args[0]);
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int64_t c = 0;
        for (uint32_t k = 0; k < a[i].len; k++)
            c += __builtin_popcount((unsigned char)a[i].ptr[k]);
        r[i] = c;
    });
    return SS_OK;
}

/* An int4 (get_byte / set_byte) or int8 (get_bit / set_bit) index argument at row i. */
static int64_t index_at(const ss_vector *v, uint32_t i)
{
    return v->type.id == SS_TYPE_INT8 ? ((const int64_t *)v->data)[i] : ((const int32_t *)v->data)[i];
}

/* 2202E unless 0 <= at < count (bytes or bits). */
static int in_range(ss_ctx *ctx, int64_t at, int64_t count)
{
    if (at >= 0 && at < count)
        return SS_OK;
    return ss_ctx_error(ctx, SS_SQLSTATE_ARRAY_SUBSCRIPT_ERROR, "index %lld out of valid range, 0..%lld",
                        (long long)at, (long long)count - 1);
}

/* get_byte, or (bits) get_bit: bits are numbered from the lowest of byte 0, as PostgreSQL's
 * byteaGetBit. */
static int get_at(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                  ss_vector *out, bool bits)
{
    const ss_text *a = texts(args[0]);
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int64_t at = index_at(args[1], i);
        if (in_range(ctx, at, (int64_t)a[i].len * (bits ? 8 : 1)) != SS_OK)
            return SS_ERROR;
        unsigned char byte = (unsigned char)a[i].ptr[bits ? at / 8 : at];
        r[i] = bits ? (byte >> (at % 8)) & 1 : byte;
    });
    return SS_OK;
}

/* set_byte (the new byte is the value's low 8 bits, as PostgreSQL stores it), or (bits)
 * set_bit, whose new bit must be 0 or 1 (22023). */
static int set_at(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                  ss_vector *out, bool bits)
{
    const ss_text *a = texts(args[0]);
    const int32_t *v = args[2]->data;
    SS_FOR_ROWS(rows, n, i, {
        int64_t at = index_at(args[1], i);
        if (in_range(ctx, at, (int64_t)a[i].len * (bits ? 8 : 1)) != SS_OK)
            return SS_ERROR;
        if (bits && v[i] != 0 && v[i] != 1)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "new bit must be 0 or 1");
        int64_t byte = bits ? at / 8 : at;
        unsigned char old = (unsigned char)a[i].ptr[byte], mask = (unsigned char)(1u << (bits ? at % 8 : 0));
        unsigned char nb = !bits ? (unsigned char)v[i] : v[i] ? old | mask : (unsigned char)(old & ~mask);
        if (bytea_put_joined(ctx, out, i, &a[i], 1, byte, nb) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

#define AT_FN(NAME, RUN, BITS)                                                             \
    BYTEA_FN(NAME)                                                                         \
    {                                                                                      \
        (void)nargs;                                                                       \
        return RUN(ctx, args, rows, n, out, BITS);                                         \
    }
AT_FN(get_byte, get_at, false)
AT_FN(set_byte, set_at, false)
AT_FN(get_bit, get_at, true)
AT_FN(set_bit, set_at, true)

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
        ss_text parts[3] = {{t1[i].ptr + f1, l1, 0}, t2[i], {t1[i].ptr + f2, l2, 0}};
        if (bytea_put_joined(ctx, out, i, parts, 3, -1, 0) != SS_OK)
            return SS_ERROR;
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

/* LIKE over bytes, as PostgreSQL's MatchBytea: % any run, _ one byte, a backslash takes the
 * next pattern byte literally.  The pattern is matched as its runs between unescaped %s
 * ("segments"), each of a fixed width in bytes: the first at the start, the last at the end,
 * those between at their leftmost place after the previous one.  Results: 1 match, 0 none,
 * -1 a pattern ending with the escape reached while text is left (PostgreSQL's error). */

/* The segment p[0..plen) (no unescaped %) at text position pos. */
static int segment_at(const unsigned char *t, uint32_t tlen, uint32_t pos, const unsigned char *p,
                      uint32_t plen)
{
    for (uint32_t k = 0; k < plen; k++, pos++) {
        if (pos >= tlen)
            return 0;
        unsigned char c = p[k];
        if (c == '\\') {
            if (++k == plen)
                return -1;
            c = p[k];
        } else if (c == '_') {
            continue;
        }
        if (t[pos] != c)
            return 0;
    }
    return 1;
}

/* Where the segment starting at p[i] ends (the next unescaped %, or plen); *width gets the
 * bytes of text it matches. */
static uint32_t segment_end(const unsigned char *p, uint32_t plen, uint32_t i, uint32_t *width)
{
    *width = 0;
    for (; i < plen && p[i] != '%'; i++, ++*width)
        if (p[i] == '\\' && i + 1 < plen)
            i++;
    return i;
}

static int like_bytes(const unsigned char *t, uint32_t tlen, const unsigned char *p, uint32_t plen)
{
    uint32_t pos = 0, i = 0, w;
    for (bool first = true;; first = false) {
        uint32_t j = segment_end(p, plen, i, &w);
        if (j == plen) { /* the last segment: at the end of the text */
            int64_t at = first ? pos : (int64_t)tlen - w;
            if (at < pos)
                return 0;
            int r = segment_at(t, tlen, (uint32_t)at, p + i, j - i);
            return r != 1 ? r : at + w == tlen;
        }
        if (first) {
            int r = segment_at(t, tlen, pos, p + i, j - i);
            if (r != 1)
                return r;
        } else {
            while (pos + w <= tlen && segment_at(t, tlen, pos, p + i, j - i) != 1)
                pos++;
            if (pos + w > tlen)
                return 0;
        }
        pos += w;
        for (i = j; i < plen && p[i] == '%'; i++)
            ;
    }
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

#define BY SS_TYPE_BYTEA
#define I4 SS_TYPE_INT4
#define I8 SS_TYPE_INT8
#define TX SS_TYPE_TEXT
#define FN(NAME, EVAL, RES, ...) {NAME, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), false, true, {__VA_ARGS__}, RES, EVAL, false}

const ss_func_def bytea_functions[] = {
    FN("length", ss_fn_octet_length, I4, BY), FN("octet_length", ss_fn_octet_length, I4, BY),
    FN("bit_length", ss_fn_bytea_bit_length, I4, BY), FN("bit_count", ss_fn_bytea_bit_count, SS_TYPE_INT8, BY),
    FN("get_byte", ss_fn_bytea_get_byte, I4, BY, I4), FN("set_byte", ss_fn_bytea_set_byte, BY, BY, I4, I4),
    FN("get_bit", ss_fn_bytea_get_bit, I4, BY, I8), FN("set_bit", ss_fn_bytea_set_bit, BY, BY, I8, I4),
    FN("substring", ss_fn_bytea_substr, BY, BY, I4), FN("substring", ss_fn_bytea_substr, BY, BY, I4, I4),
    FN("substr", ss_fn_bytea_substr, BY, BY, I4), FN("substr", ss_fn_bytea_substr, BY, BY, I4, I4),
    FN("position", ss_fn_bytea_position, I4, BY, BY),
    FN("overlay", ss_fn_bytea_overlay, BY, BY, BY, I4), FN("overlay", ss_fn_bytea_overlay, BY, BY, BY, I4, I4),
    FN("btrim", ss_fn_bytea_btrim, BY, BY, BY), FN("ltrim", ss_fn_bytea_ltrim, BY, BY, BY),
    FN("rtrim", ss_fn_bytea_rtrim, BY, BY, BY),
    FN("like", ss_fn_bytea_like, SS_TYPE_BOOL, BY, BY),
    FN("encode", ss_fn_bytea_encode, TX, BY, TX), FN("decode", ss_fn_bytea_decode, BY, TX, TX),
    FN("convert_to", ss_fn_bytea_convert_to, BY, TX, TX), FN("convert_from", ss_fn_bytea_convert_from, TX, BY, TX),
    FN("length", ss_fn_bytea_length_in_encoding, SS_TYPE_INT4, BY, TX),
    FN("convert", ss_fn_bytea_convert, BY, BY, TX, TX),
    FN("md5", ss_fn_bytea_md5, TX, BY),
    FN("sha224", ss_fn_bytea_sha224, BY, BY), FN("sha256", ss_fn_bytea_sha256, BY, BY),
    FN("sha384", ss_fn_bytea_sha384, BY, BY), FN("sha512", ss_fn_bytea_sha512, BY, BY),
    {0},
};
