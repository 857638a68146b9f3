/* value_hash.c — hash functions over byte strings and whole vectors (see value_hash.h). */
#include "common/value_hash.h"

#include "common/type_layout.h"

uint64_t ops_hash_bytes(const char *p, size_t len)
{
    const uint64_t mul = UINT64_C(0xff51afd7ed558ccd);
    uint64_t h = UINT64_C(0x2545f4914f6cdd1d) ^ ((uint64_t)len * mul);
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * mul;
        h ^= h >> 29;
        p += 8;
        len -= 8;
    }
    if (len) {
        uint64_t w = 0;
        memcpy(&w, p, len);
        h = (h ^ w ^ ((uint64_t)len << 59)) * mul;
        h ^= h >> 29;
    }
    return ops_hash_u64(h);
}

/* One typed loop per layout, with a separate loop for vectors without NULLs.  NULL slots
 * hold unspecified data (text pointers may be garbage), so they are never read. */
#define OPS_STORE_HASH(HV) (hashes[k] = combine ? ops_hash_combine(hashes[k], (HV)) : (HV))
#define OPS_HASH_LOOP(CTYPE, VALUE_HASH)                                                  \
    do {                                                                                  \
        const CTYPE *data = (const CTYPE *)v->data;                                       \
        if (!v->validity && !rows && !combine) {                                          \
            /* the common case (one key, no selection, no NULLs): a loop the compiler     \
               can pipeline without per-row tests */                                      \
            for (uint32_t row = 0; row < n; row++)                                        \
                hashes[row] = VALUE_HASH;                                                 \
        } else if (!v->validity) {                                                        \
            for (uint32_t k = 0; k < n; k++) {                                            \
                uint32_t row = rows ? rows[k] : k;                                        \
                uint64_t hv = VALUE_HASH;                                                 \
                OPS_STORE_HASH(hv);                                                       \
            }                                                                             \
        } else {                                                                          \
            for (uint32_t k = 0; k < n; k++) {                                            \
                uint32_t row = rows ? rows[k] : k;                                        \
                uint64_t hv = ss_vector_is_null(v, row) ? OPS_HASH_NULL : (VALUE_HASH);   \
                OPS_STORE_HASH(hv);                                                       \
            }                                                                             \
        }                                                                                 \
    } while (0)

void ops_hash_vector(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *hashes,
                     bool combine)
{
    ops_layout layout = ops_layout_of(v->type.id);
    switch (layout) {
    case OPS_LAYOUT_BOOL: OPS_HASH_LOOP(uint8_t, ops_hash_u64(data[row])); break;
    case OPS_LAYOUT_INT2: OPS_HASH_LOOP(int16_t, ops_hash_u64((uint64_t)(int64_t)data[row])); break;
    case OPS_LAYOUT_INT4: OPS_HASH_LOOP(int32_t, ops_hash_u64((uint64_t)(int64_t)data[row])); break;
    case OPS_LAYOUT_INT8: OPS_HASH_LOOP(int64_t, ops_hash_u64((uint64_t)data[row])); break;
    case OPS_LAYOUT_FLOAT8: OPS_HASH_LOOP(double, ops_hash_float8(data[row])); break;
    case OPS_LAYOUT_TEXT: OPS_HASH_LOOP(ss_text, ops_hash_bytes(data[row].ptr, data[row].len)); break;
    case OPS_LAYOUT_CUSTOM: {
        /* the type's own hash (equal values, equal hashes), combined as the loops above */
        const ss_type_info *ti = ops_type_info(v->type.id);
        const ss_text *data = (const ss_text *)v->data;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t row = rows ? rows[k] : k;
            uint64_t hv = ss_vector_is_null(v, row) ? OPS_HASH_NULL : ti->hash(&data[row]);
            OPS_STORE_HASH(hv);
        }
        break;
    }
    case OPS_LAYOUT_NONE: break;
    }
}
