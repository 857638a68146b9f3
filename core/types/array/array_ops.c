/* array_ops.c — the order, equality and hashing of array values (PostgreSQL's btarraycmp,
 * array_eq, hash_array) and of their elements, generic over the element type: the element
 * type's registry callbacks when it has them, its layout's natural order otherwise. */
#include "types/array/array.h"

#include <math.h>
#include <string.h>

#include "types/registry.h"
#include "util/hash_mix.h"

static uint64_t hash_bytes(const char *p, size_t n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= UINT64_C(0x100000001b3);
    }
    return ss_hash_mix64(h);
}

/* The element in its vector layout, for the registry callbacks. */
static const void *elem_ptr(int32_t elem, const ss_value *v, char *buf)
{
    if (ss_type_is_varlen(elem))
        return &v->v.s;
    size_t w = ss_type_width(elem);
    if (elem == SS_TYPE_BOOL) {
        buf[0] = v->v.b;
    } else if (elem == SS_TYPE_FLOAT8 || elem == SS_TYPE_FLOAT4) {
        memcpy(buf, &v->v.f, sizeof(double));
    } else if (w == 2) {
        int16_t x = (int16_t)v->v.i;
        memcpy(buf, &x, 2);
    } else if (w == 4) {
        int32_t x = (int32_t)v->v.i;
        memcpy(buf, &x, 4);
    } else {
        memcpy(buf, &v->v.i, 8);
    }
    return buf;
}

static int cmp_float(double a, double b)
{
    /* PostgreSQL's float order: NaN equals NaN and sorts above every other value */
    if (isnan(a))
        return isnan(b) ? 0 : 1;
    if (isnan(b))
        return -1;
    return a < b ? -1 : a > b;
}

int arr_elem_compare(int32_t elem, const ss_value *a, const ss_value *b)
{
    const ss_type_info *ti = ss_type_registry_get(elem);
    if (ti && ti->compare) {
        char ba[16], bb[16];
        return ti->compare(elem_ptr(elem, a, ba), elem_ptr(elem, b, bb));
    }
    if (ss_type_is_varlen(elem)) {
        uint32_t n = a->v.s.len < b->v.s.len ? a->v.s.len : b->v.s.len;
        int c = n ? memcmp(a->v.s.ptr, b->v.s.ptr, n) : 0;
        if (c)
            return c < 0 ? -1 : 1;
        return a->v.s.len < b->v.s.len ? -1 : a->v.s.len > b->v.s.len;
    }
    if (elem == SS_TYPE_BOOL)
        return (int)a->v.b - (int)b->v.b;
    if (elem == SS_TYPE_FLOAT8 || elem == SS_TYPE_FLOAT4)
        return cmp_float(a->v.f, b->v.f);
    return a->v.i < b->v.i ? -1 : a->v.i > b->v.i;
}

bool arr_elem_equal(int32_t elem, const ss_value *a, const ss_value *b)
{
    const ss_type_info *ti = ss_type_registry_get(elem);
    if (ti && ti->equal) {
        char ba[16], bb[16];
        return ti->equal(elem_ptr(elem, a, ba), elem_ptr(elem, b, bb));
    }
    return arr_elem_compare(elem, a, b) == 0;
}

uint64_t arr_elem_hash(int32_t elem, const ss_value *a)
{
    const ss_type_info *ti = ss_type_registry_get(elem);
    if (ti && ti->hash) {
        char buf[16];
        return ti->hash(elem_ptr(elem, a, buf));
    }
    if (ss_type_is_varlen(elem))
        return hash_bytes(a->v.s.ptr, a->v.s.len);
    if (elem == SS_TYPE_BOOL)
        return ss_hash_mix64(a->v.b ? 1 : 2);
    if (elem == SS_TYPE_FLOAT8 || elem == SS_TYPE_FLOAT4) {
        double f = a->v.f;
        if (isnan(f))
            return ss_hash_mix64(UINT64_C(0x7ff8000000000000));
        if (f == 0)
            f = 0; /* -0 equals 0 */
        uint64_t bits;
        memcpy(&bits, &f, 8);
        return ss_hash_mix64(bits);
    }
    return ss_hash_mix64((uint64_t)a->v.i);
}

int arr_compare(const void *x, const void *y)
{
    ss_array a, b;
    arr_decode(x, &a);
    arr_decode(y, &b);
    arr_iter ia, ib;
    arr_iter_init(&ia, &a);
    arr_iter_init(&ib, &b);
    ss_value va, vb;
    uint32_t n = a.nitems < b.nitems ? a.nitems : b.nitems;
    for (uint32_t k = 0; k < n; k++) {
        arr_iter_next(&ia, &va);
        arr_iter_next(&ib, &vb);
        if (va.is_null || vb.is_null) {
            if (va.is_null && vb.is_null)
                continue;
            return va.is_null ? 1 : -1;
        }
        int c = arr_elem_compare(a.elem, &va, &vb);
        if (c)
            return c < 0 ? -1 : 1;
    }
    if (a.nitems != b.nitems)
        return a.nitems < b.nitems ? -1 : 1;
    if (a.ndims != b.ndims)
        return a.ndims < b.ndims ? -1 : 1;
    for (int d = 0; d < a.ndims; d++)
        if (a.dims[d] != b.dims[d])
            return a.dims[d] < b.dims[d] ? -1 : 1;
    for (int d = 0; d < a.ndims; d++)
        if (a.lbound[d] != b.lbound[d])
            return a.lbound[d] < b.lbound[d] ? -1 : 1;
    return 0;
}

uint64_t arr_hash(const void *x)
{
    ss_array a;
    arr_decode(x, &a);
    arr_iter it;
    arr_iter_init(&it, &a);
    ss_value v;
    uint64_t h = 1;
    while (arr_iter_next(&it, &v))
        h = h * 31 + (v.is_null ? 0 : arr_elem_hash(a.elem, &v));
    return ss_hash_mix64(h ^ (uint64_t)a.ndims);
}
