/* func_float.c — float8 and integer math built-ins beyond arithmetic, as PostgreSQL 15
 * defines them: cbrt, exp, ln, log / log10 (2201E for zero and negative arguments, 22003 on
 * overflow / underflow), width_bucket(float8, float8, float8, int4) (2201G), random() and
 * setseed(), gcd and lcm over int4 and int8 (22003 "integer out of range" / "bigint out of
 * range").
 *
 * random() draws from a per-thread xoshiro256** generator, seeded from the clock and the
 * thread at first use; setseed(s) (s in [-1, 1]) reseeds it deterministically, so the
 * sequence after setseed repeats within Sunstone (it is not PostgreSQL's sequence). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "types/func_impl.h"

static int overflow(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: overflow");
}

static int underflow(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: underflow");
}

int ss_fn_cbrt(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
               ss_vector *out)
{
    (void)ctx, (void)nargs;
    const double *a = args[0]->data;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = cbrt(a[i]); });
    return SS_OK;
}

int ss_fn_exp(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
              ss_vector *out)
{
    (void)nargs;
    const double *a = args[0]->data;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        double x = a[i];
        if (isnan(x) || isinf(x)) {
            r[i] = isnan(x) || x > 0 ? x : 0.0;
            continue;
        }
        errno = 0;
        double v = exp(x);
        if (errno == ERANGE)
            return v != 0.0 ? overflow(ctx) : underflow(ctx);
        if (isinf(v))
            return overflow(ctx);
        if (v == 0.0)
            return underflow(ctx);
        r[i] = v;
    });
    return SS_OK;
}

static int log_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                    double (*f)(double))
{
    const double *a = args[0]->data;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        double x = a[i];
        if (x == 0.0)
            return ss_ctx_error(ctx, "2201E", "cannot take logarithm of zero");
        if (x < 0.0)
            return ss_ctx_error(ctx, "2201E", "cannot take logarithm of a negative number");
        double v = f(x);
        if (isinf(v) && !isinf(x))
            return overflow(ctx);
        if (v == 0.0 && x != 1.0)
            return underflow(ctx);
        r[i] = v;
    });
    return SS_OK;
}

SS_FN_DEFINE(ss_fn_ln, log_rows(ctx, args, rows, n, out, log))
SS_FN_DEFINE(ss_fn_log10, log_rows(ctx, args, rows, n, out, log10))

static int bucket_error(ss_ctx *ctx, const char *msg)
{
    return ss_ctx_error(ctx, "2201G", "%s", msg);
}

/* PostgreSQL's width_bucket_float8 for one row; SS_OK with *res, or the error. */
static int bucket(ss_ctx *ctx, double op, double b1, double b2, int32_t count, int32_t *res)
{
    if (count <= 0)
        return bucket_error(ctx, "count must be greater than zero");
    if (isnan(op) || isnan(b1) || isnan(b2))
        return bucket_error(ctx, "operand, lower bound, and upper bound cannot be NaN");
    if (isinf(b1) || isinf(b2))
        return bucket_error(ctx, "lower and upper bounds must be finite");
    if (b1 == b2)
        return bucket_error(ctx, "lower bound cannot equal upper bound");
    bool up = b1 < b2;
    if (up ? op < b1 : op > b1) {
        *res = 0;
        return SS_OK;
    }
    if (up ? op >= b2 : op <= b2) {
        if (count == INT32_MAX)
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "integer out of range");
        *res = count + 1;
        return SS_OK;
    }
    /* PostgreSQL 15's formula in double precision; a quotient that is not a number or out
       of int4's range converts as the machine's conversion gives it (the x86-64 "integer
       indefinite", INT32_MIN), which is what PostgreSQL prints */
    double q = up ? ((double)count * (op - b1) / (b2 - b1)) + 1 : ((double)count * (b1 - op) / (b1 - b2)) + 1;
    *res = q >= -2147483648.0 && q < 2147483648.0 ? (int32_t)q : INT32_MIN;
    return SS_OK;
}

static int bucket_row(ss_ctx *ctx, ss_vector *const *args, uint32_t i, int32_t *res)
{
    const double *op = args[0]->data, *b1 = args[1]->data, *b2 = args[2]->data;
    return bucket(ctx, op[i], b1[i], b2[i], ((const int32_t *)args[3]->data)[i], res);
}

int ss_width_bucket_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         ss_bucket_row_fn f)
{
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (f(ctx, args, i, &r[i]))
            return SS_ERROR;
    });
    return SS_OK;
}

SS_FN_DEFINE(ss_fn_width_bucket, ss_width_bucket_rows(ctx, args, rows, n, out, bucket_row))

/* ---- random() and setseed() ---- */
static _Thread_local uint64_t rng[4];
static _Thread_local bool rng_seeded;

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static void rng_seed(uint64_t seed)
{
    for (int k = 0; k < 4; k++)
        rng[k] = splitmix(&seed);
    rng_seeded = true;
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(void)
{
    if (!rng_seeded) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        rng_seed((uint64_t)ts.tv_sec * UINT64_C(1000000007) ^ (uint64_t)ts.tv_nsec ^ (uint64_t)(uintptr_t)&rng);
    }
    uint64_t result = rotl(rng[1] * 5, 7) * 9, t = rng[1] << 17;
    rng[2] ^= rng[0];
    rng[3] ^= rng[1];
    rng[1] ^= rng[2];
    rng[0] ^= rng[3];
    rng[2] ^= t;
    rng[3] = rotl(rng[3], 45);
    return result;
}

int ss_fn_random(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                 ss_vector *out)
{
    (void)ctx, (void)args, (void)nargs;
    double *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = (double)(rng_next() >> 11) * 0x1.0p-53; }); /* [0, 1) */
    return SS_OK;
}

/* setseed(s): PostgreSQL returns void, which prints as an empty string: so does this text. */
int ss_fn_setseed(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                  ss_vector *out)
{
    (void)nargs;
    const double *a = args[0]->data;
    SS_FOR_ROWS(rows, n, i, {
        double s = a[i];
        if (!(s >= -1.0 && s <= 1.0))
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                                "setseed parameter %g is out of allowed range [-1,1]", s);
        uint64_t bits;
        memcpy(&bits, &s, sizeof bits);
        rng_seed(bits);
        if (ss_vector_set_text(ctx, out, i, "", 0))
            return SS_ERROR;
    });
    return SS_OK;
}

/* ---- gcd / lcm over int4 and int8 ---- */
static uint64_t magnitude(int64_t v)
{
    return v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
}

static uint64_t gcd_u(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int int_range_error(ss_ctx *ctx, int32_t type)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "%s out of range",
                        type == SS_TYPE_INT8 ? "bigint" : "integer");
}

static int64_t int_at(const ss_vector *v, uint32_t i)
{
    return v->type.id == SS_TYPE_INT8 ? ((const int64_t *)v->data)[i] : ((const int32_t *)v->data)[i];
}

static void int_put(ss_vector *v, uint32_t i, uint64_t x)
{
    if (v->type.id == SS_TYPE_INT8)
        ((int64_t *)v->data)[i] = (int64_t)x;
    else
        ((int32_t *)v->data)[i] = (int32_t)x;
}

static int gcd_lcm(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, bool lcm)
{
    int32_t type = out->type.id;
    uint64_t max = type == SS_TYPE_INT8 ? (uint64_t)INT64_MAX : (uint64_t)INT32_MAX;
    SS_FOR_ROWS(rows, n, i, {
        uint64_t a = magnitude(int_at(args[0], i)), b = magnitude(int_at(args[1], i));
        if (lcm && (a == 0 || b == 0)) {
            int_put(out, i, 0);
            continue;
        }
        uint64_t g = gcd_u(a, b);
        if (g > max)
            return int_range_error(ctx, type);
        if (!lcm) {
            int_put(out, i, g);
            continue;
        }
        unsigned __int128 l = (unsigned __int128)(a / g) * b;
        if (l > max)
            return int_range_error(ctx, type);
        int_put(out, i, (uint64_t)l);
    });
    return SS_OK;
}

SS_FN_DEFINE(ss_fn_gcd, gcd_lcm(ctx, args, rows, n, out, false))
SS_FN_DEFINE(ss_fn_lcm, gcd_lcm(ctx, args, rows, n, out, true))
