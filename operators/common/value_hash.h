/* value_hash.h — hashing of typed values consistent with PostgreSQL equality (float8 -0 and
 * 0 hash alike, all NaNs hash alike; text by bytes), for hash aggregation and DISTINCT. */
#ifndef OPS_VALUE_HASH_H
#define OPS_VALUE_HASH_H

#include <math.h>
#include <string.h>

#include "sunstone/plugin.h"

#define OPS_HASH_NULL UINT64_C(0x9ae16a3b2f90404f)

/* Bijective 64-bit mixer (SplitMix64 finaliser constants). */
static inline uint64_t ops_hash_u64(uint64_t x)
{
    x ^= x >> 30;
    x *= UINT64_C(0xbf58476d1ce4e5b9);
    x ^= x >> 27;
    x *= UINT64_C(0x94d049bb133111eb);
    x ^= x >> 31;
    return x;
}

static inline uint64_t ops_hash_float8(double v)
{
    if (isnan(v))
        return ops_hash_u64(UINT64_C(0x7ff8000000000000));
    if (v == 0)
        v = 0;
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return ops_hash_u64(bits);
}

uint64_t ops_hash_bytes(const char *p, size_t len);

/* Folds the hash of one more column into a row's hash (order-sensitive). */
static inline uint64_t ops_hash_combine(uint64_t h, uint64_t v)
{
    h ^= v + UINT64_C(0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
    return h;
}

/* hashes[k] = hash of v at rows[k] (rows NULL: row k), for k < n; with combine, folds it
 * into hashes[k] instead.  NULL rows hash to OPS_HASH_NULL.  v's type must have a layout. */
void ops_hash_vector(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *hashes,
                     bool combine);

#endif
