/* func_hyperbolic.c — float8 sinh cosh tanh asinh acosh atanh as PostgreSQL 15 computes
 * them: an overflow of sinh / cosh is an infinity (no error), acosh below 1 and atanh outside
 * [-1, 1] are 22003 "input is out of range", atanh(±1) is ±Infinity. */
#include <math.h>

#include "types/func_impl.h"

enum { H_SINH, H_COSH, H_TANH, H_ASINH, H_ACOSH, H_ATANH };

static int hyperbolic(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int fn)
{
    const double *a = args[0]->data;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        double x = a[i], v;
        switch (fn) {
        case H_SINH: v = isnan(x) ? x : sinh(x); break;
        case H_COSH: v = isnan(x) ? x : cosh(x); break;
        case H_TANH: v = tanh(x); break;
        case H_ASINH: v = asinh(x); break;
        case H_ACOSH:
            if (x < 1.0)
                return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "input is out of range");
            v = acosh(x);
            break;
        default:
            if (x < -1.0 || x > 1.0)
                return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "input is out of range");
            v = x == 1.0 ? INFINITY : x == -1.0 ? -INFINITY : atanh(x);
            break;
        }
        r[i] = v;
    });
    return SS_OK;
}

SS_FN_DEFINE(ss_fn_sinh, hyperbolic(ctx, args, rows, n, out, H_SINH))
SS_FN_DEFINE(ss_fn_cosh, hyperbolic(ctx, args, rows, n, out, H_COSH))
SS_FN_DEFINE(ss_fn_tanh, hyperbolic(ctx, args, rows, n, out, H_TANH))
SS_FN_DEFINE(ss_fn_asinh, hyperbolic(ctx, args, rows, n, out, H_ASINH))
SS_FN_DEFINE(ss_fn_acosh, hyperbolic(ctx, args, rows, n, out, H_ACOSH))
SS_FN_DEFINE(ss_fn_atanh, hyperbolic(ctx, args, rows, n, out, H_ATANH))
