/* func_math.c — vectorised numeric built-ins: abs, mod, round, trunc, floor, ceil, sign,
 * sqrt, with PostgreSQL's error behaviour. */
#include <math.h>

#include "types/cast.h"
#include "types/func_impl.h"

/* abs over one integer type; returns false on overflow (abs of the minimum). */
#define DEF_ABS_INT(NAME, T, MIN)                                                          \
    static bool NAME(const T *a, T *r, const uint32_t *rows, uint32_t n)                   \
    {                                                                                      \
        bool bad = false;                                                                  \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T x = a[i];                                                                    \
            bad |= x == (MIN);                                                             \
            r[i] = x < 0 ? (T)(0u - (uint64_t)x) : x; /* no signed overflow at MIN */      \
        });                                                                                \
        return !bad;                                                                       \
    }
DEF_ABS_INT(abs_int2, int16_t, INT16_MIN)
DEF_ABS_INT(abs_int4, int32_t, INT32_MIN)
DEF_ABS_INT(abs_int8, int64_t, INT64_MIN)

int ss_fn_abs(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_vector *a = args[0];
    bool ok = true;
    switch (a->type.id) {
    case SS_TYPE_INT2: ok = abs_int2(a->data, out->data, rows, n); break;
    case SS_TYPE_INT4: ok = abs_int4(a->data, out->data, rows, n); break;
    case SS_TYPE_INT8: ok = abs_int8(a->data, out->data, rows, n); break;
    case SS_TYPE_FLOAT8: {
        const double *x = a->data;
        double *r = out->data;
        SS_FOR_ROWS(rows, n, i, { r[i] = fabs(x[i]); });
        break;
    }
    default:
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "abs() called with type %d",
                            (int)a->type.id);
    }
    return ok ? SS_OK : ss_cast_int_overflow(ctx, a->type.id);
}

/* mod over one integer type: 0 = ok, 1 = division by zero.  x % -1 is 0 (avoids the
 * INT_MIN % -1 trap, as PostgreSQL does). */
#define DEF_MOD_INT(NAME, T)                                                               \
    static int NAME(const T *a, const T *b, T *r, const uint32_t *rows, uint32_t n)        \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T y = b[i];                                                                    \
            if (y == 0)                                                                    \
                return 1;                                                                  \
            r[i] = y == -1 ? 0 : (T)(a[i] % y);                                            \
        });                                                                                \
        return 0;                                                                          \
    }
DEF_MOD_INT(mod_int2, int16_t)
DEF_MOD_INT(mod_int4, int32_t)
DEF_MOD_INT(mod_int8, int64_t)

int ss_fn_mod(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
              uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_vector *a = args[0], *b = args[1];
    int rc;
    switch (a->type.id) {
    case SS_TYPE_INT2: rc = mod_int2(a->data, b->data, out->data, rows, n); break;
    case SS_TYPE_INT4: rc = mod_int4(a->data, b->data, out->data, rows, n); break;
    case SS_TYPE_INT8: rc = mod_int8(a->data, b->data, out->data, rows, n); break;
    default:
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "mod() called with type %d",
                            (int)a->type.id);
    }
    return rc ? ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero") : SS_OK;
}

/* float8 -> float8 maps that cannot fail. */
#define DEF_FLOAT_MAP(NAME, EXPR)                                                          \
    int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,    \
             uint32_t n, ss_vector *out)                                                   \
    {                                                                                      \
        (void)ctx;                                                                         \
        (void)nargs;                                                                       \
        const double *a = args[0]->data;                                                   \
        double *r = out->data;                                                             \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            double x = a[i];                                                               \
            r[i] = (EXPR);                                                                 \
        });                                                                                \
        return SS_OK;                                                                      \
    }
DEF_FLOAT_MAP(ss_fn_round, rint(x)) /* half to even, like PostgreSQL's dround */
DEF_FLOAT_MAP(ss_fn_trunc, trunc(x))
DEF_FLOAT_MAP(ss_fn_floor, floor(x))
DEF_FLOAT_MAP(ss_fn_ceil, ceil(x))
DEF_FLOAT_MAP(ss_fn_sign, x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0) /* NaN -> 0 */

int ss_fn_sqrt(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const double *a = args[0]->data;
    double *r = out->data;
    bool negative = false;
    SS_FOR_ROWS(rows, n, i, {
        double x = a[i];
        negative |= x < 0;
        r[i] = sqrt(x);
    });
    if (negative)
        return ss_ctx_error(ctx, "2201F", "cannot take square root of a negative number");
    return SS_OK;
}

/* power(x, y) and x ^ y over float8, with PostgreSQL's errors (dpow). */
int ss_fn_power(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)nargs;
    const double *x = args[0]->data, *y = args[1]->data;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        double a = x[i], b = y[i];
        if (a == 0 && b < 0)
            return ss_ctx_error(ctx, "2201F", "zero raised to a negative power is undefined");
        if (a < 0 && floor(b) != b && !isnan(b) && !isinf(b))
            return ss_ctx_error(ctx, "2201F", "a negative number raised to a non-integer power yields a complex result");
        double p = pow(a, b);
        if (isinf(p) && !isinf(a) && !isinf(b))
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: overflow");
        if (p == 0 && a != 0 && !isinf(a) && !isinf(b))
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: underflow");
        r[i] = p;
    });
    return SS_OK;
}
