/* agg_variance.c — stddev / stddev_samp / stddev_pop / variance / var_samp / var_pop of
 * double precision and real arguments (double precision results), PostgreSQL's
 * float8_accum: the Youngs-Cramer running state (N, Sx, Sxx), overflow of finite inputs is
 * 22003, an infinite or NaN input makes Sxx NaN.  Over smallint, integer, bigint and
 * numeric the results are numeric, computed exactly by agg_variance_numeric.c. */
#include <math.h>
#include <string.h>

#include "agg_stats.h"

typedef struct variance_state {
    double n, sx, sxx;
} variance_state;

typedef enum variance_kind { VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP } variance_kind;

typedef struct variance_def {
    ss_aggregate_vtable vt;
    variance_kind kind;
} variance_def;

static int variance_result_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    int32_t t = arg_types[0].id;
    (void)nargs;
    if (t == SS_TYPE_FLOAT8 || t == SS_TYPE_FLOAT4) {
        *out = (ss_type){.id = SS_TYPE_FLOAT8, .typmod = -1};
        return SS_OK;
    }
    if (agg_variance_numeric_arg(t)) {
        *out = (ss_type){.id = SS_TYPE_NUMERIC, .typmod = -1};
        return SS_OK;
    }
    return SS_ERROR; /* no such signature: the kernel's 42883 */
}

/* Whether the call computes over a numeric state (integer and numeric arguments). */
static bool numeric_call(const ss_aggregate_call_info *call)
{
    return call->result_type.id == SS_TYPE_NUMERIC;
}

static void variance_init(const ss_aggregate_call_info *call, void *state)
{
    if (numeric_call(call))
        agg_variance_numeric_init(state);
    else
        memset(state, 0, sizeof(variance_state));
}

static void variance_release(const ss_aggregate_call_info *call, void *state)
{
    if (numeric_call(call))
        agg_variance_numeric_release(state);
}

static int variance_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                         const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    if (numeric_call(call))
        return agg_variance_numeric_step(ctx, states, args[0], rows, n);
    const double *x = args[0]->data;
    for (uint32_t k = 0; k < n; k++) {
        variance_state *s = states[k];
        double v = x[rows[k]];
        double old_sx = s->sx;
        double prev_n = s->n;
        s->n += 1.0;
        s->sx += v;
        if (prev_n > 0.0) {
            double tmp = v * s->n - s->sx;
            s->sxx += tmp * tmp / (s->n * prev_n);
            if (isinf(s->sx) || isinf(s->sxx)) {
                if (!isinf(old_sx) && !isinf(v))
                    return agg_stats_api->error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                                                "value out of range: overflow");
                s->sxx = NAN;
            }
        } else if (isnan(v) || isinf(v)) {
            s->sxx = NAN;
        }
    }
    return SS_OK;
}

/* PostgreSQL's float8_combine. */
static int variance_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    if (numeric_call(call))
        return agg_variance_numeric_combine(ctx, state, other);
    variance_state *a = state;
    const variance_state *b = other;
    if (b->n == 0.0)
        return SS_OK;
    if (a->n == 0.0) {
        *a = *b;
        return SS_OK;
    }
    double n = a->n + b->n;
    double sx = a->sx + b->sx;
    double tmp = a->sx / a->n - b->sx / b->n;
    double sxx = a->sxx + b->sxx + a->n * b->n * tmp * tmp / n;
    if (isinf(sxx) && !isinf(a->sxx) && !isinf(b->sxx))
        return agg_stats_api->error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: overflow");
    a->n = n;
    a->sx = sx;
    a->sxx = sxx;
    return SS_OK;
}

static int variance_final_of(ss_ctx *ctx, variance_kind kind, const ss_aggregate_call_info *call,
                             const void *state, ss_vector *out, uint32_t row)
{
    bool samp = kind == VAR_SAMP || kind == STDDEV_SAMP;
    if (numeric_call(call))
        return agg_variance_numeric_final(ctx, samp, kind == STDDEV_SAMP || kind == STDDEV_POP, state, out, row);
    const variance_state *s = state;
    if (s->n == 0.0 || (samp && s->n <= 1.0)) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    double r = s->sxx / (samp ? s->n - 1.0 : s->n);
    if (kind == STDDEV_SAMP || kind == STDDEV_POP)
        r = sqrt(r);
    ((double *)out->data)[row] = r;
    return SS_OK;
}

#define FINAL_OF(KIND)                                                                              \
    static int final_##KIND(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state,      \
                            ss_vector *out, uint32_t row)                                           \
    {                                                                                               \
        return variance_final_of(ctx, KIND, call, state, out, row);                                      \
    }
FINAL_OF(VAR_SAMP)
FINAL_OF(VAR_POP)
FINAL_OF(STDDEV_SAMP)
FINAL_OF(STDDEV_POP)

#define VARIANCE_VT(NAME, DESC, FINAL)                                                              \
    {                                                                                               \
        .struct_size = sizeof(ss_aggregate_vtable), .version = SS_AGGREGATE_VTABLE_VERSION,         \
        .name = NAME, .description = DESC, .min_args = 1, .max_args = 1, .strict = true,            \
        .state_size = sizeof(variance_state) > sizeof(variance_numeric_state) ? sizeof(variance_state)  \
                                                                         : sizeof(variance_numeric_state), \
        .result_type = variance_result_type, .init = variance_init, .step = variance_step,         \
        .final = FINAL, .combine = variance_combine, .release = variance_release                   \
    }

static const ss_aggregate_vtable variance_aggs[] = {
    VARIANCE_VT("stddev", "sample standard deviation (stddev_samp)", final_STDDEV_SAMP),
    VARIANCE_VT("stddev_samp", "sample standard deviation of the input values", final_STDDEV_SAMP),
    VARIANCE_VT("stddev_pop", "population standard deviation of the input values", final_STDDEV_POP),
    VARIANCE_VT("variance", "sample variance (var_samp)", final_VAR_SAMP),
    VARIANCE_VT("var_samp", "sample variance of the input values", final_VAR_SAMP),
    VARIANCE_VT("var_pop", "population variance of the input values", final_VAR_POP),
};

int agg_variance_register(const ss_api *api, ss_plugin *plugin)
{
    for (size_t i = 0; i < sizeof variance_aggs / sizeof variance_aggs[0]; i++)
        if (api->register_aggregate(plugin, &variance_aggs[i], false) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}
