/* func_trig.c — float8 trigonometry as PostgreSQL 15 computes it: sin cos tan cot asin acos
 * atan atan2 in radians, their degree variants (sind ... atan2d, exact at the multiples of
 * 30 and 45 degrees through PostgreSQL's reduction to the first quadrant and its scaling by
 * sin 30, 1 - cos 60, asin 0.5, acos 0.5, atan 1), degrees, radians and pi.  Errors: 22003
 * "input is out of range" (infinite arguments of sin / cos / tan / cot and their degree
 * forms, arguments of asin / acos outside [-1, 1]). */
#include <math.h>

#include "types/func_impl.h"

#define RADIANS_PER_DEGREE 0.0174532925199432957692

static int out_of_range(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "input is out of range");
}

static int overflow(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: overflow");
}

/* One float8 -> float8 function over the rows: f returns 0, or 1 for "input is out of
 * range", 2 for an overflow. */
typedef int (*f8_fn)(double x, double *r);

static int each_f8(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, f8_fn f)
{
    const double *a = args[0]->data;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int rc = f(a[i], &r[i]);
        if (rc)
            return rc == 1 ? out_of_range(ctx) : overflow(ctx);
    });
    return SS_OK;
}

#define F8_FUNC(NAME, FN) SS_FN_DEFINE(NAME, each_f8(ctx, args, rows, n, out, FN))

/* ---- radians ---- */
/* sin, cos, tan, cot: NaN passes, an infinite argument is out of range. */
static int periodic(double x, double *r, double (*f)(double), bool reciprocal)
{
    if (isnan(x))
        return *r = x, 0;
    if (isinf(x))
        return 1;
    *r = reciprocal ? 1.0 / f(x) : f(x); /* cot(0) is Infinity, not an error */
    return 0;
}
static int f_sin(double x, double *r) { return periodic(x, r, sin, false); }
static int f_cos(double x, double *r) { return periodic(x, r, cos, false); }
static int f_tan(double x, double *r) { return periodic(x, r, tan, false); }
static int f_cot(double x, double *r) { return periodic(x, r, tan, true); }

/* asin, acos: NaN passes, outside [-1, 1] is out of range. */
static int inverse(double x, double *r, double (*f)(double))
{
    if (isnan(x))
        return *r = x, 0;
    if (x < -1.0 || x > 1.0)
        return 1;
    *r = f(x);
    return 0;
}
static int f_asin(double x, double *r) { return inverse(x, r, asin); }
static int f_acos(double x, double *r) { return inverse(x, r, acos); }
static int f_atan(double x, double *r)
{
    *r = isnan(x) ? x : atan(x);
    return 0;
}

/* ---- degrees: PostgreSQL's first-quadrant helpers ---- */
static double sin_30(void) { return sin(30.0 * RADIANS_PER_DEGREE); }
static double one_minus_cos_60(void) { return 1.0 - cos(60.0 * RADIANS_PER_DEGREE); }

static double sind_0_to_30(double x)
{
    volatile double sin_x = sin(x * RADIANS_PER_DEGREE);
    return (sin_x / sin_30()) / 2.0;
}

static double cosd_0_to_60(double x)
{
    volatile double one_minus_cos_x = 1.0 - cos(x * RADIANS_PER_DEGREE);
    return 1.0 - (one_minus_cos_x / one_minus_cos_60()) / 2.0;
}

static double sind_q1(double x)
{
    return x <= 30.0 ? sind_0_to_30(x) : cosd_0_to_60(90.0 - x);
}

static double cosd_q1(double x)
{
    return x <= 60.0 ? cosd_0_to_60(x) : sind_0_to_30(90.0 - x);
}

static double asind_q1(double x)
{
    if (x <= 0.5) {
        volatile double asin_x = asin(x);
        return (asin_x / asin(0.5)) * 30.0;
    }
    volatile double acos_x = acos(x);
    return 90.0 - (acos_x / acos(0.5)) * 60.0;
}

static double acosd_q1(double x)
{
    if (x <= 0.5) {
        volatile double asin_x = asin(x);
        return 90.0 - (asin_x / asin(0.5)) * 30.0;
    }
    volatile double acos_x = acos(x);
    return (acos_x / acos(0.5)) * 60.0;
}

/* PostgreSQL's reduction of a degree argument to [0, 90]: x modulo 360, folded about 0,
 * 180 and 90; *neg_half / *neg_quarter tell whether the folds about 0 and 180 / about 90
 * changed the sign (sine is odd about 0 and 180, cosine about 90).  1 when x is infinite. */
static int reduce_degrees(double *x, bool *neg_half, bool *neg_quarter)
{
    if (isinf(*x))
        return 1;
    double v = fmod(*x, 360.0);
    *neg_half = *neg_quarter = false;
    if (v < 0.0)
        v = -v, *neg_half = !*neg_half;
    if (v > 180.0)
        v = 360.0 - v, *neg_half = !*neg_half;
    if (v > 90.0)
        v = 180.0 - v, *neg_quarter = true;
    *x = v;
    return 0;
}

static double tan_45(void) { return sind_q1(45.0) / cosd_q1(45.0); }
static double cot_45(void) { return cosd_q1(45.0) / sind_q1(45.0); }

/* kind 0 sind, 1 cosd, 2 tand, 3 cotd; tand and cotd give 0, not -0. */
static int degree_fn(double x, double *r, int kind)
{
    if (isnan(x))
        return *r = x, 0;
    bool nh, nq;
    if (reduce_degrees(&x, &nh, &nq))
        return 1;
    double v;
    if (kind == 0) {
        v = (nh ? -1.0 : 1.0) * sind_q1(x);
    } else if (kind == 1) {
        v = (nq ? -1.0 : 1.0) * cosd_q1(x);
    } else {
        volatile double q = kind == 2 ? sind_q1(x) / cosd_q1(x) : cosd_q1(x) / sind_q1(x);
        v = (nh != nq ? -1.0 : 1.0) * (q / (kind == 2 ? tan_45() : cot_45()));
        v = v == 0.0 ? 0.0 : v;
    }
    *r = v;
    return kind < 2 && isinf(v) ? 2 : 0;
}
static int f_sind(double x, double *r) { return degree_fn(x, r, 0); }
static int f_cosd(double x, double *r) { return degree_fn(x, r, 1); }
static int f_tand(double x, double *r) { return degree_fn(x, r, 2); }
static int f_cotd(double x, double *r) { return degree_fn(x, r, 3); }

static double asind_all(double x) { return x >= 0.0 ? asind_q1(x) : -asind_q1(-x); }
static double acosd_all(double x) { return x >= 0.0 ? acosd_q1(x) : 90.0 + asind_q1(-x); }
static int f_asind(double x, double *r) { return inverse(x, r, asind_all); }
static int f_acosd(double x, double *r) { return inverse(x, r, acosd_all); }

static int f_atand(double x, double *r)
{
    if (isnan(x))
        return *r = x, 0;
    volatile double atan_x = atan(x);
    *r = (atan_x / atan(1.0)) * 45.0;
    return 0;
}

static int f_degrees(double x, double *r)
{
    *r = x / RADIANS_PER_DEGREE;
    return isinf(*r) && !isinf(x) ? 2 : 0;
}

static int f_radians(double x, double *r)
{
    *r = x * RADIANS_PER_DEGREE;
    return 0;
}

F8_FUNC(ss_fn_sin, f_sin)
F8_FUNC(ss_fn_cos, f_cos)
F8_FUNC(ss_fn_tan, f_tan)
F8_FUNC(ss_fn_cot, f_cot)
F8_FUNC(ss_fn_asin, f_asin)
F8_FUNC(ss_fn_acos, f_acos)
F8_FUNC(ss_fn_atan, f_atan)
F8_FUNC(ss_fn_sind, f_sind)
F8_FUNC(ss_fn_cosd, f_cosd)
F8_FUNC(ss_fn_tand, f_tand)
F8_FUNC(ss_fn_cotd, f_cotd)
F8_FUNC(ss_fn_asind, f_asind)
F8_FUNC(ss_fn_acosd, f_acosd)
F8_FUNC(ss_fn_atand, f_atand)
F8_FUNC(ss_fn_degrees, f_degrees)
F8_FUNC(ss_fn_radians, f_radians)

static int atan2_rows(ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, bool degrees)
{
    const double *y = args[0]->data, *x = args[1]->data;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (isnan(y[i]) || isnan(x[i])) {
            r[i] = NAN;
        } else if (degrees) {
            volatile double a = atan2(y[i], x[i]);
            r[i] = (a / atan(1.0)) * 45.0;
        } else {
            r[i] = atan2(y[i], x[i]);
        }
    });
    return SS_OK;
}

int ss_fn_atan2(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                ss_vector *out)
{
    (void)ctx, (void)nargs;
    return atan2_rows(args, rows, n, out, false);
}

int ss_fn_atan2d(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                 ss_vector *out)
{
    (void)ctx, (void)nargs;
    return atan2_rows(args, rows, n, out, true);
}

int ss_fn_pi(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)ctx, (void)args, (void)nargs;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = M_PI; });
    return SS_OK;
}
