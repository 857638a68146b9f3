/* func_conditional.c — the conditional expressions that are calls of non-strict functions
 * over arguments of one (any) type, which the binder has already converted to their common
 * type: x IS [NOT] DISTINCT FROM y, NULLIF(x, y) and GREATEST / LEAST (NULLs ignored), as
 * PostgreSQL 15 evaluates them.  Values compare as the type's = and < do (numeric through
 * its comparator, float8 with NaN equal to itself and above everything, text bytewise). */
#include <string.h>

#include "types/enum/enum.h"
#include "types/func_impl.h"
#include "types/numeric/numeric.h"
#include "types/registry.h"

/* The integer (or bool) of width w at p. */
static int64_t fixed_int(const char *p, size_t w, bool is_bool)
{
    int16_t v2;
    int32_t v4;
    int64_t v8;
    if (is_bool)
        return *(const uint8_t *)p != 0;
    if (w == 2)
        return memcpy(&v2, p, 2), v2;
    if (w == 4)
        return memcpy(&v4, p, 4), v4;
    return memcpy(&v8, p, 8), v8;
}

/* Order of two non-NULL values of the same type. */
static int value_cmp(int32_t type, const ss_vector *va, uint32_t i, const ss_vector *vb, uint32_t j)
{
    if (ss_type_is_enum(type)) /* sort positions (types/enum/) */
        type = SS_TYPE_FLOAT8;
    const ss_type_info *info = ss_type_registry_get(type);
    size_t w = ss_type_width(type);
    const char *pa = (const char *)va->data + (size_t)i * w, *pb = (const char *)vb->data + (size_t)j * w;
    if (info && info->compare)
        return info->compare(pa, pb);
    switch (type) {
    case SS_TYPE_BOOL:
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_DATE:
    case SS_TYPE_INT8:
    case SS_TYPE_TIME:
    case SS_TYPE_TIMESTAMP:
    case SS_TYPE_TIMESTAMPTZ: {
        int64_t x = fixed_int(pa, w, type == SS_TYPE_BOOL), y = fixed_int(pb, w, type == SS_TYPE_BOOL);
        return (x > y) - (x < y);
    }
    case SS_TYPE_FLOAT8:
    case SS_TYPE_FLOAT4: {
        double x, y;
        memcpy(&x, pa, 8), memcpy(&y, pb, 8);
        bool xn = x != x, yn = y != y;
        if (xn || yn)
            return xn - yn;
        return (x > y) - (x < y);
    }
    case SS_TYPE_NUMERIC:
        return num_compare((const ss_text *)pa, (const ss_text *)pb);
    default:
        break;
    }
    if (ss_type_is_varlen(type)) {
        const ss_text *x = (const ss_text *)pa, *y = (const ss_text *)pb;
        size_t m = x->len < y->len ? x->len : y->len;
        int c = m ? memcmp(x->ptr, y->ptr, m) : 0;
        if (c)
            return c < 0 ? -1 : 1;
        return (x->len > y->len) - (x->len < y->len);
    }
    return memcmp(pa, pb, w);
}

/* Copies row j of src to row i of out (same type). */
static int copy_value(ss_ctx *ctx, const ss_vector *src, uint32_t j, ss_vector *out, uint32_t i)
{
    if (ss_vector_is_null(src, j)) {
        if (ss_vector_ensure_validity(ctx, out))
            return SS_ERROR;
        ss_vector_set_null(out, i);
        return SS_OK;
    }
    size_t w = ss_type_width(out->type.id);
    if (ss_type_is_varlen(out->type.id)) {
        const ss_text *t = &((const ss_text *)src->data)[j];
        return ss_vector_set_text(ctx, out, i, t->ptr, t->len);
    }
    memcpy((char *)out->data + (size_t)i * w, (const char *)src->data + (size_t)j * w, w);
    return SS_OK;
}

static int set_bool(ss_vector *out, uint32_t i, bool v)
{
    ((uint8_t *)out->data)[i] = v;
    ss_vector_set_valid(out, i);
    return SS_OK;
}

/* x IS DISTINCT FROM y: true when exactly one is NULL or both are non-NULL and differ. */
static int distinct_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         bool negate)
{
    (void)ctx;
    int32_t type = args[0]->type.id;
    SS_FOR_ROWS(rows, n, i, {
        bool xn = ss_vector_is_null(args[0], i), yn = ss_vector_is_null(args[1], i);
        bool d = xn || yn ? xn != yn : value_cmp(type, args[0], i, args[1], i) != 0;
        set_bool(out, i, d != negate);
    });
    return SS_OK;
}

static int ss_fn_is_distinct(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                      ss_vector *out)
{
    (void)nargs;
    return distinct_rows(ctx, args, rows, n, out, false);
}

static int ss_fn_is_not_distinct(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                          ss_vector *out)
{
    (void)nargs;
    return distinct_rows(ctx, args, rows, n, out, true);
}

/* NULLIF(x, y): NULL when x = y (both non-NULL), else x. */
static int ss_fn_nullif(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                 ss_vector *out)
{
    (void)nargs;
    int32_t type = args[0]->type.id;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if (rc != SS_OK)
            break;
        bool eq = !ss_vector_is_null(args[0], i) && !ss_vector_is_null(args[1], i) &&
                  value_cmp(type, args[0], i, args[1], i) == 0;
        if (eq) {
            if ((rc = ss_vector_ensure_validity(ctx, out)) == SS_OK)
                ss_vector_set_null(out, i);
        } else {
            rc = copy_value(ctx, args[0], i, out, i);
        }
    });
    return rc;
}

static int minmax_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out, int want)
{
    int32_t type = out->type.id;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if (rc != SS_OK)
            break;
        int best = -1;
        for (uint32_t k = 0; k < nargs; k++) {
            if (ss_vector_is_null(args[k], i))
                continue;
            if (best < 0 || value_cmp(type, args[k], i, args[best], i) * want > 0)
                best = (int)k;
        }
        rc = copy_value(ctx, args[best < 0 ? 0 : best], i, out, i);
    });
    return rc;
}

static int ss_fn_greatest(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                   ss_vector *out)
{
    return minmax_rows(ctx, args, nargs, rows, n, out, 1);
}

static int ss_fn_least(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                ss_vector *out)
{
    return minmax_rows(ctx, args, nargs, rows, n, out, -1);
}

/* The definitions the binder attaches (not in the table of named functions: these are
 * syntax, not names): one per result type, since a call's result vector has that type. */
#define COND_TYPES(X)                                                                                  \
    X(SS_TYPE_BOOL) X(SS_TYPE_INT2) X(SS_TYPE_INT4) X(SS_TYPE_INT8) X(SS_TYPE_FLOAT8) X(SS_TYPE_TEXT)  \
    X(SS_TYPE_VARCHAR) X(SS_TYPE_NUMERIC) X(SS_TYPE_BYTEA) X(SS_TYPE_JSON) X(SS_TYPE_FLOAT4)            \
    X(SS_TYPE_BPCHAR) X(SS_TYPE_DATE) X(SS_TYPE_TIME) X(SS_TYPE_TIMESTAMP) X(SS_TYPE_TIMESTAMPTZ)      \
    X(SS_TYPE_INTERVAL) X(SS_TYPE_TIMETZ) X(SS_TYPE_UUID) X(SS_TYPE_JSONB) \
    X(SS_TYPE_BIT) X(SS_TYPE_VARBIT) X(SS_TYPE_NAME) X(SS_TYPE_RECORD) \
    X(SS_TYPE_INT4RANGE) X(SS_TYPE_INT8RANGE) X(SS_TYPE_NUMRANGE) X(SS_TYPE_DATERANGE) X(SS_TYPE_TSRANGE) \
    X(SS_TYPE_TSTZRANGE) X(SS_TYPE_INT4MULTIRANGE) X(SS_TYPE_INT8MULTIRANGE) X(SS_TYPE_NUMMULTIRANGE)            \
    X(SS_TYPE_DATEMULTIRANGE) X(SS_TYPE_TSMULTIRANGE) X(SS_TYPE_TSTZMULTIRANGE)

#define NULLIF_DEF(T) {"nullif", 2, true, false, {0}, T, ss_fn_nullif, false},
#define GREATEST_DEF(T) {"greatest", 1, true, false, {0}, T, ss_fn_greatest, false},
#define LEAST_DEF(T) {"least", 1, true, false, {0}, T, ss_fn_least, false},
static const ss_func_def nullif_defs[] = {COND_TYPES(NULLIF_DEF)};
static const ss_func_def greatest_defs[] = {COND_TYPES(GREATEST_DEF)};
static const ss_func_def least_defs[] = {COND_TYPES(LEAST_DEF)};
static const ss_func_def distinct_def = {"is distinct from", 2, true, false, {0}, SS_TYPE_BOOL, ss_fn_is_distinct, false};
static const ss_func_def not_distinct_def = {"is not distinct from", 2, true, false, {0}, SS_TYPE_BOOL,
                                             ss_fn_is_not_distinct, false};

void ss_func_conditional_defs(int32_t type, ss_func_def out[3])
{
    out[0] = nullif_defs[0];
    out[1] = greatest_defs[0];
    out[2] = least_defs[0];
    for (int k = 0; k < 3; k++)
        out[k].result = type;
}

const ss_func_def *ss_func_conditional(ss_cond_kind kind, int32_t type)
{
    if (kind == SS_COND_DISTINCT)
        return &distinct_def;
    if (kind == SS_COND_NOT_DISTINCT)
        return &not_distinct_def;
    if (ss_type_is_enum(type)) { /* each enum type's own (types/enum/) */
        const ss_enum_type *e = enum_type_get(type);
        return e ? &e->conditional[kind == SS_COND_NULLIF ? 0 : kind == SS_COND_GREATEST ? 1 : 2] : NULL;
    }
    const ss_func_def *defs = kind == SS_COND_NULLIF ? nullif_defs : kind == SS_COND_GREATEST ? greatest_defs : least_defs;
    for (size_t k = 0; k < sizeof nullif_defs / sizeof nullif_defs[0]; k++)
        if (defs[k].result == type)
            return &defs[k];
    return NULL;
}
