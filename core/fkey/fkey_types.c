/* fkey_types.c — the type pairs a foreign key accepts, key values carried across a pair,
 * and key equality / hashing as the types order their values (fkey_types.h). */
#include <math.h>
#include <string.h>

#include "fkey/fkey_types.h"
#include "sunstone/typeinfo.h"
#include "types/registry.h"
#include "util/hash_mix.h"

/* PostgreSQL's btree operator families that span several types, as Sunstone has them. */
static int family_of(int32_t id)
{
    switch (id) {
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8: return 1;
    case SS_TYPE_FLOAT4:
    case SS_TYPE_FLOAT8: return 2;
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR: return 3;
    default: return 0;
    }
}

bool ss_fkey_types_compatible(int32_t a, int32_t b)
{
    if (a == b) /* the referenced column has a unique index, so the type has an order */
        return true;
    return family_of(a) && family_of(a) == family_of(b);
}

bool ss_fkey_convert(int32_t from, int32_t to, const ss_value *v, ss_value *out)
{
    *out = *v;
    if (from == to || v->is_null)
        return true;
    switch (to) {
    case SS_TYPE_INT2: return v->v.i >= INT16_MIN && v->v.i <= INT16_MAX;
    case SS_TYPE_INT4: return v->v.i >= INT32_MIN && v->v.i <= INT32_MAX;
    case SS_TYPE_FLOAT4: return isnan(v->v.f) || (double)(float)v->v.f == v->v.f;
    default: return true; /* int8, float8, text / varchar hold every value of their family */
    }
}

bool ss_fkey_values_equal(int32_t id, const ss_value *a, const ss_value *b)
{
    switch (ss_type_storage(id)) {
    case SS_TYPE_BOOL: return a->v.b == b->v.b;
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8: return a->v.i == b->v.i;
    case SS_TYPE_FLOAT8: return a->v.f == b->v.f || (isnan(a->v.f) && isnan(b->v.f));
    default: break;
    }
    const ss_type_info *ti = ss_type_registry_get(id);
    if (ti && ti->equal)
        return ti->equal(&a->v.s, &b->v.s);
    return a->v.s.len == b->v.s.len && (a->v.s.len == 0 || memcmp(a->v.s.ptr, b->v.s.ptr, a->v.s.len) == 0);
}

uint64_t ss_fkey_value_hash(int32_t id, const ss_value *v)
{
    switch (ss_type_storage(id)) {
    case SS_TYPE_BOOL: return v->v.b;
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8: return ss_hash_mix64((uint64_t)v->v.i);
    case SS_TYPE_FLOAT8: {
        double f = v->v.f == 0 ? 0 : v->v.f; /* -0 equals 0 */
        uint64_t bits;
        if (isnan(f))
            return 0x7ff8;
        memcpy(&bits, &f, sizeof bits);
        return ss_hash_mix64(bits);
    }
    default: break;
    }
    const ss_type_info *ti = ss_type_registry_get(id);
    if (ti && ti->hash)
        return ti->hash(&v->v.s);
    uint64_t h = 1469598103934665603u;
    for (uint32_t i = 0; i < v->v.s.len; i++)
        h = (h ^ (unsigned char)v->v.s.ptr[i]) * 1099511628211u;
    return ss_hash_mix64(h);
}
