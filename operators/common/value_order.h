/* value_order.h — PostgreSQL-compatible ordering of typed values (C collation) and the
 * order-preserving 64-bit keys that sorts compare or radix-sort instead of the values.
 *
 * Semantics: integers numerically; float8 with -0 == 0 and every NaN equal to each other and
 * greater than every other value (including Infinity); text by memcmp, then the shorter is
 * smaller; bool false < true. */
#ifndef OPS_VALUE_ORDER_H
#define OPS_VALUE_ORDER_H

#include <math.h>
#include <string.h>

#include "sunstone/plugin.h"

static inline int ops_cmp_int64(int64_t a, int64_t b)
{
    return (a > b) - (a < b);
}

static inline int ops_cmp_float8(double a, double b)
{
    if (isnan(a))
        return isnan(b) ? 0 : 1;
    if (isnan(b))
        return -1;
    return (a > b) - (a < b);
}

/* Equality as PostgreSQL's float8 "=": NaN equals NaN, -0 equals 0. */
static inline bool ops_eq_float8(double a, double b)
{
    return a == b || (isnan(a) && isnan(b));
}

static inline int ops_cmp_text(const ss_text *a, const ss_text *b)
{
    uint32_t n = a->len < b->len ? a->len : b->len;
    if (n) {
        int c = memcmp(a->ptr, b->ptr, n);
        if (c)
            return c < 0 ? -1 : 1;
    }
    return (a->len > b->len) - (a->len < b->len);
}

static inline bool ops_eq_text(const ss_text *a, const ss_text *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->ptr, b->ptr, a->len) == 0);
}

/* ---- order-preserving keys: key(a) < key(b) exactly when a < b ---- */

static inline uint64_t ops_key_int16(int16_t v)
{
    return (uint64_t)((uint16_t)v ^ UINT16_C(0x8000));
}

static inline uint64_t ops_key_int32(int32_t v)
{
    return (uint64_t)((uint32_t)v ^ UINT32_C(0x80000000));
}

static inline uint64_t ops_key_int64(int64_t v)
{
    return (uint64_t)v ^ (UINT64_C(1) << 63);
}

static inline uint64_t ops_key_float8(double v)
{
    if (isnan(v))
        return UINT64_MAX; /* above +Infinity's key */
    if (v == 0)
        v = 0; /* -0 sorts as 0 */
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return (bits >> 63) ? ~bits : bits | (UINT64_C(1) << 63);
}

/* Text key: the first 7 bytes (zero-padded, big-endian) above a length byte saturated at 8.
 * key(a) < key(b) implies a < b.  Equal keys with a length byte below 8 mean equal strings
 * (ops_key_text_is_exact); otherwise both have 8 or more bytes and need ops_cmp_text. */
static inline uint64_t ops_key_text(const ss_text *t)
{
    uint64_t key = 0;
    uint32_t n = t->len < 7 ? t->len : 7;
    for (uint32_t i = 0; i < n; i++)
        key |= (uint64_t)(unsigned char)t->ptr[i] << (56 - 8 * i);
    return key | (t->len < 8 ? t->len : 8);
}

static inline bool ops_key_text_is_exact(uint64_t key)
{
    return (key & 0xff) < 8;
}

#endif
