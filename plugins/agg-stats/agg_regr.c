/* agg_regr.c — the two-argument statistics of PostgreSQL over (Y, X) pairs of double
 * precision: regr_count, regr_sxx / syy / sxy, regr_avgx / avgy, regr_r2, regr_slope,
 * regr_intercept, covar_pop / covar_samp and corr, from float8_regr_accum's Youngs-Cramer
 * state (N, Sx, Sxx, Sy, Syy, Sxy); pairs with a NULL are skipped (strict), numbers of other
 * types are coerced to double precision as PostgreSQL's implicit casts do. */
#include <math.h>
#include <string.h>

#include "agg_stats.h"

typedef struct regr_state {
    double n, sx, sxx, sy, syy, sxy;
} regr_state;

typedef enum regr_kind {
    REGR_COUNT, REGR_SXX, REGR_SYY, REGR_SXY, REGR_AVGX, REGR_AVGY, REGR_R2, REGR_SLOPE, REGR_INTERCEPT,
    COVAR_POP, COVAR_SAMP, CORR
} regr_kind;

static bool is_number(int32_t t)
{
    return t == SS_TYPE_FLOAT8 || t == SS_TYPE_FLOAT4 || t == SS_TYPE_INT2 || t == SS_TYPE_INT4 ||
           t == SS_TYPE_INT8 || t == SS_TYPE_NUMERIC;
}

static int regr_types(ss_type *arg_types, uint32_t nargs)
{
    if (nargs != 2 || !is_number(arg_types[0].id) || !is_number(arg_types[1].id))
        return SS_ERROR; /* the kernel's 42883 */
    arg_types[0] = arg_types[1] = (ss_type){SS_TYPE_FLOAT8, -1};
    return SS_OK;
}

static int float_result(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    *out = (ss_type){SS_TYPE_FLOAT8, -1};
    return regr_types(arg_types, nargs);
}

static int count_result(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    *out = (ss_type){SS_TYPE_INT8, -1};
    return regr_types(arg_types, nargs);
}

static void regr_init(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    memset(state, 0, sizeof(regr_state));
}

static int regr_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                     const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    const double *ys = args[0]->data, *xs = args[1]->data;
    for (uint32_t k = 0; k < n; k++) {
        regr_state *s = states[k];
        double y = ys[rows[k]], x = xs[rows[k]];
        double prev_n = s->n, old_sx = s->sx, old_sy = s->sy;
        s->n += 1.0;
        s->sx += x;
        s->sy += y;
        if (prev_n > 0.0) {
            double tx = x * s->n - s->sx, ty = y * s->n - s->sy;
            double scale = 1.0 / (s->n * prev_n);
            s->sxx += tx * tx * scale;
            s->syy += ty * ty * scale;
            s->sxy += tx * ty * scale;
            if (isinf(s->sx) || isinf(s->sxx) || isinf(s->sy) || isinf(s->syy) || isinf(s->sxy)) {
                if (((isinf(s->sx) || isinf(s->sxx)) && !isinf(old_sx) && !isinf(x)) ||
                    ((isinf(s->sy) || isinf(s->syy)) && !isinf(old_sy) && !isinf(y)) ||
                    (isinf(s->sxy) && !isinf(old_sx) && !isinf(x) && !isinf(old_sy) && !isinf(y)))
                    return agg_stats_api->error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                                                "value out of range: overflow");
                if (isinf(s->sxx))
                    s->sxx = NAN;
                if (isinf(s->syy))
                    s->syy = NAN;
                if (isinf(s->sxy))
                    s->sxy = NAN;
            }
        } else {
            if (isnan(x) || isinf(x))
                s->sxx = s->sxy = NAN;
            if (isnan(y) || isinf(y))
                s->syy = s->sxy = NAN;
        }
    }
    return SS_OK;
}

/* The result of kind over s: *null when PostgreSQL's final function returns NULL. */
static double regr_value(regr_kind kind, const regr_state *s, bool *null)
{
    *null = s->n < (kind == COVAR_SAMP ? 2.0 : 1.0);
    if (*null)
        return 0;
    switch (kind) {
    case REGR_COUNT: return s->n;
    case REGR_SXX: return s->sxx;
    case REGR_SYY: return s->syy;
    case REGR_SXY: return s->sxy;
    case REGR_AVGX: return s->sx / s->n;
    case REGR_AVGY: return s->sy / s->n;
    case COVAR_POP: return s->sxy / s->n;
    case COVAR_SAMP: return s->sxy / (s->n - 1.0);
    case REGR_R2:
        *null = s->sxx == 0;
        return s->syy == 0 ? 1.0 : s->sxy * s->sxy / (s->sxx * s->syy);
    case REGR_SLOPE: *null = s->sxx == 0; return s->sxy / s->sxx;
    case REGR_INTERCEPT: *null = s->sxx == 0; return (s->sy - s->sx * s->sxy / s->sxx) / s->n;
    case CORR: *null = s->sxx == 0 || s->syy == 0; return s->sxy / sqrt(s->sxx * s->syy);
    }
    return 0;
}

static int regr_final_of(regr_kind kind, const void *state, ss_vector *out, uint32_t row)
{
    bool null;
    double v = regr_value(kind, state, &null);
    if (kind == REGR_COUNT)
        ((int64_t *)out->data)[row] = null ? 0 : (int64_t)v; /* count of no pairs is 0 */
    else if (null)
        ss_vector_set_null(out, row);
    else
        ((double *)out->data)[row] = v;
    return SS_OK;
}

#define FINAL_OF(KIND)                                                                              \
    static int final_##KIND(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state,      \
                            ss_vector *out, uint32_t row)                                           \
    {                                                                                               \
        (void)ctx;                                                                                  \
        (void)call;                                                                                 \
        return regr_final_of(KIND, state, out, row);                                                \
    }
FINAL_OF(REGR_COUNT)
FINAL_OF(REGR_SXX)
FINAL_OF(REGR_SYY)
FINAL_OF(REGR_SXY)
FINAL_OF(REGR_AVGX)
FINAL_OF(REGR_AVGY)
FINAL_OF(REGR_R2)
FINAL_OF(REGR_SLOPE)
FINAL_OF(REGR_INTERCEPT)
FINAL_OF(COVAR_POP)
FINAL_OF(COVAR_SAMP)
FINAL_OF(CORR)

#define REGR_VT(NAME, DESC, RESULT, KIND)                                                           \
    {                                                                                               \
        .struct_size = sizeof(ss_aggregate_vtable), .version = SS_AGGREGATE_VTABLE_VERSION,         \
        .name = NAME, .description = DESC, .min_args = 2, .max_args = 2, .strict = true,            \
        .state_size = sizeof(regr_state), .result_type = RESULT, .init = regr_init,                 \
        .step = regr_step, .final = final_##KIND                                                    \
    }

static const ss_aggregate_vtable regr_aggs[] = {
    REGR_VT("regr_count", "number of input rows in which both expressions are not null", count_result, REGR_COUNT),
    REGR_VT("regr_sxx", "sum of squares of the independent variable", float_result, REGR_SXX),
    REGR_VT("regr_syy", "sum of squares of the dependent variable", float_result, REGR_SYY),
    REGR_VT("regr_sxy", "sum of products of independent times dependent variable", float_result, REGR_SXY),
    REGR_VT("regr_avgx", "average of the independent variable", float_result, REGR_AVGX),
    REGR_VT("regr_avgy", "average of the dependent variable", float_result, REGR_AVGY),
    REGR_VT("regr_r2", "square of the correlation coefficient", float_result, REGR_R2),
    REGR_VT("regr_slope", "slope of the least-squares-fit linear equation", float_result, REGR_SLOPE),
    REGR_VT("regr_intercept", "y-intercept of the least-squares-fit linear equation", float_result, REGR_INTERCEPT),
    REGR_VT("covar_pop", "population covariance", float_result, COVAR_POP),
    REGR_VT("covar_samp", "sample covariance", float_result, COVAR_SAMP),
    REGR_VT("corr", "correlation coefficient", float_result, CORR),
};

int agg_regr_register(const ss_api *api, ss_plugin *plugin)
{
    for (size_t i = 0; i < sizeof regr_aggs / sizeof regr_aggs[0]; i++)
        if (api->register_aggregate(plugin, &regr_aggs[i], false) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}
