/* range_encode.c — the range types' encoded value (range.h), PostgreSQL's make_range with
 * the canonical functions of the discrete types (int4range_canonical, int8range_canonical,
 * daterange_canonical), range_cmp_bounds / range_cmp, hashing, and the six registry
 * descriptions. */
#include "types/range/range.h"

#include <string.h>

#include "exec/vector.h"
#include "types/array/array.h"
#include "util/hash_mix.h"

int32_t rng_subtype(int32_t range_type)
{
    switch (range_type) {
    case SS_TYPE_INT4RANGE: return SS_TYPE_INT4;
    case SS_TYPE_INT8RANGE: return SS_TYPE_INT8;
    case SS_TYPE_NUMRANGE: return SS_TYPE_NUMERIC;
    case SS_TYPE_DATERANGE: return SS_TYPE_DATE;
    case SS_TYPE_TSRANGE: return SS_TYPE_TIMESTAMP;
    case SS_TYPE_TSTZRANGE: return SS_TYPE_TIMESTAMPTZ;
    default: return 0;
    }
}

void rng_decode(const ss_text *t, rng_value *out)
{
    memset(out, 0, sizeof *out);
    const char *p = t->ptr;
    uint8_t flags = (uint8_t)p[0];
    memcpy(&out->type, p + 1, sizeof out->type);
    out->subtype = rng_subtype(out->type);
    p += 1 + sizeof out->type;
    out->empty = (flags & RNG_EMPTY) != 0;
    out->lo.lower = true;
    out->lo.infinite = (flags & RNG_LB_INF) != 0;
    out->lo.inclusive = (flags & RNG_LB_INC) != 0;
    out->hi.infinite = (flags & RNG_UB_INF) != 0;
    out->hi.inclusive = (flags & RNG_UB_INC) != 0;
    if (out->empty)
        return;
    if (!out->lo.infinite)
        p = arr_read_item(out->subtype, p, &out->lo.val);
    if (!out->hi.infinite)
        arr_read_item(out->subtype, p, &out->hi.val);
}

int rng_cmp_bounds(int32_t subtype, const rng_bound *a, const rng_bound *b)
{
    if (a->infinite && b->infinite)
        return a->lower == b->lower ? 0 : a->lower ? -1 : 1;
    if (a->infinite)
        return a->lower ? -1 : 1;
    if (b->infinite)
        return b->lower ? 1 : -1;
    int c = arr_elem_compare(subtype, &a->val, &b->val);
    if (c != 0)
        return c < 0 ? -1 : 1;
    if (!a->inclusive && !b->inclusive)
        return a->lower == b->lower ? 0 : a->lower ? 1 : -1;
    if (!a->inclusive)
        return a->lower ? 1 : -1;
    if (!b->inclusive)
        return b->lower ? -1 : 1;
    return 0;
}

static void encode(int32_t range_type, const rng_bound *lo, const rng_bound *hi, bool empty, ss_strbuf *sb)
{
    uint8_t flags = 0;
    if (empty)
        flags = RNG_EMPTY;
    else {
        flags |= lo->infinite ? RNG_LB_INF : lo->inclusive ? RNG_LB_INC : 0;
        flags |= hi->infinite ? RNG_UB_INF : hi->inclusive ? RNG_UB_INC : 0;
    }
    ss_strbuf_putc(sb, (char)flags);
    ss_strbuf_append(sb, (const char *)&range_type, sizeof range_type);
    if (empty)
        return;
    int32_t sub = rng_subtype(range_type);
    if (!lo->infinite)
        arr_write_item(sub, &lo->val, sb);
    if (!hi->infinite)
        arr_write_item(sub, &hi->val, sb);
}

void rng_make_empty(int32_t range_type, ss_strbuf *sb)
{
    rng_bound none = {0};
    encode(range_type, &none, &none, true, sb);
}

/* A discrete bound moved to the next value, as the canonical functions do; false (nothing
 * to move) for an infinite date, which daterange_canonical leaves as it is. */
static int next_value(ss_ctx *ctx, int32_t sub, ss_value *v, bool *moved)
{
    *moved = false;
    switch (sub) {
    case SS_TYPE_INT4:
        if (v->v.i == INT32_MAX)
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "integer out of range");
        break;
    case SS_TYPE_INT8:
        if (v->v.i == INT64_MAX)
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "bigint out of range");
        break;
    default: /* date: -infinity and infinity are the int32 limits */
        if (v->v.i == INT32_MIN || v->v.i == INT32_MAX)
            return SS_OK;
        break;
    }
    v->v.i++;
    *moved = true;
    return SS_OK;
}

/* lo <= hi is checked; bounds that meet without both being inclusive make the range empty */
static int check_bounds(ss_ctx *ctx, int32_t sub, const rng_bound *lo, const rng_bound *hi, bool *empty)
{
    if (*empty || lo->infinite || hi->infinite)
        return SS_OK;
    int c = arr_elem_compare(sub, &lo->val, &hi->val);
    if (c > 0)
        return ss_ctx_error(ctx, RNG_SQLSTATE_DATA_EXCEPTION,
                            "range lower bound must be less than or equal to range upper bound");
    if (c == 0 && !(lo->inclusive && hi->inclusive))
        *empty = true;
    return SS_OK;
}

int rng_make(ss_ctx *ctx, int32_t range_type, rng_bound lo, rng_bound hi, bool empty, ss_strbuf *sb)
{
    int32_t sub = rng_subtype(range_type);
    lo.lower = true;
    hi.lower = false;
    if (check_bounds(ctx, sub, &lo, &hi, &empty) != SS_OK)
        return SS_ERROR;
    bool discrete = sub == SS_TYPE_INT4 || sub == SS_TYPE_INT8 || sub == SS_TYPE_DATE;
    if (!empty && discrete) {
        bool moved;
        if (!lo.infinite && !lo.inclusive) {
            if (next_value(ctx, sub, &lo.val, &moved) != SS_OK)
                return SS_ERROR;
            lo.inclusive = moved;
        }
        if (!hi.infinite && hi.inclusive) {
            if (next_value(ctx, sub, &hi.val, &moved) != SS_OK)
                return SS_ERROR;
            hi.inclusive = !moved;
        }
        if (check_bounds(ctx, sub, &lo, &hi, &empty) != SS_OK)
            return SS_ERROR;
    }
    encode(range_type, &lo, &hi, empty, sb);
    return SS_OK;
}

int rng_store(ss_ctx *ctx, ss_vector *out, uint32_t row, ss_strbuf *sb)
{
    int rc = sb->oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory")
                     : ss_vector_set_text(ctx, out, row, sb->data, sb->len);
    ss_strbuf_free(sb);
    return rc;
}

int rng_compare(const void *x, const void *y)
{
    rng_value a, b;
    rng_decode(x, &a);
    rng_decode(y, &b);
    if (a.empty || b.empty)
        return a.empty && b.empty ? 0 : a.empty ? -1 : 1;
    int c = rng_cmp_bounds(a.subtype, &a.lo, &b.lo);
    return c != 0 ? c : rng_cmp_bounds(a.subtype, &a.hi, &b.hi);
}

uint64_t rng_hash(const void *x)
{
    rng_value a;
    rng_decode(x, &a);
    if (a.empty)
        return ss_hash_mix64(RNG_EMPTY);
    uint64_t h = (uint64_t)((a.lo.infinite ? RNG_LB_INF : a.lo.inclusive ? RNG_LB_INC : 0) |
                            (a.hi.infinite ? RNG_UB_INF : a.hi.inclusive ? RNG_UB_INC : 0));
    h = ss_hash_mix64(h * 31 + (a.lo.infinite ? 0 : arr_elem_hash(a.subtype, &a.lo.val)));
    return ss_hash_mix64(h * 31 + (a.hi.infinite ? 0 : arr_elem_hash(a.subtype, &a.hi.val)));
}

static bool info_equal(const void *a, const void *b)
{
    return rng_compare(a, b) == 0;
}

static void info_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    for (uint32_t k = 0; k < n; k++)
        if (!ss_vector_is_null(v, rows ? rows[k] : k))
            out[k] = rng_hash((const ss_text *)v->data + (rows ? rows[k] : k));
}

#define RANGE_INFO(NAME, ID)                                                                \
    const ss_type_info ss_##NAME##_type_info = {.struct_size = sizeof(ss_type_info),        \
                                                .id = ID,                                   \
                                                .name = #NAME,                              \
                                                .layout = SS_LAYOUT_VARLEN,                 \
                                                .width = sizeof(ss_text),                   \
                                                .compare = rng_compare,                     \
                                                .equal = info_equal,                        \
                                                .hash = rng_hash,                           \
                                                .hash_batch = info_hash_batch,              \
                                                .physical = 0 /* range_cmp's callbacks */}

RANGE_INFO(int4range, SS_TYPE_INT4RANGE);
RANGE_INFO(int8range, SS_TYPE_INT8RANGE);
RANGE_INFO(numrange, SS_TYPE_NUMRANGE);
RANGE_INFO(daterange, SS_TYPE_DATERANGE);
RANGE_INFO(tsrange, SS_TYPE_TSRANGE);
RANGE_INFO(tstzrange, SS_TYPE_TSTZRANGE);
