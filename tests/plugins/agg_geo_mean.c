/* agg_geo_mean.c — a third-party style aggregate module, compiled by
 * tests/cli/agg_plugin_test.sh against the SDK alone and loaded with LOAD: geo_mean(double
 * precision), the geometric mean of the positive non-NULL inputs (22023 for one that is not
 * positive), with an inverse step and a combine. */
#include <math.h>
#include <string.h>

#include "sunstone/plugin.h"

static const ss_api *api;

typedef struct geo_state {
    double n, log_sum;
} geo_state;

static int geo_result_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    (void)nargs;
    if (arg_types[0].id != SS_TYPE_FLOAT8)
        return SS_ERROR;
    *out = (ss_type){.id = SS_TYPE_FLOAT8, .typmod = -1};
    return SS_OK;
}

static void geo_init(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    memset(state, 0, sizeof(geo_state));
}

static int geo_fold(ss_ctx *ctx, void *const *states, const ss_vector *const *args, const uint32_t *rows,
                    uint32_t n, double sign)
{
    const double *x = args[0]->data;
    for (uint32_t k = 0; k < n; k++) {
        double v = x[rows[k]];
        if (!(v > 0))
            return api->error(ctx, "22023", "geo_mean of a value that is not positive: %g", v);
        geo_state *s = states[k];
        s->n += sign;
        s->log_sum += sign * log(v);
    }
    return SS_OK;
}

static int geo_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                    const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    return geo_fold(ctx, states, args, rows, n, 1.0);
}

static int geo_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                       const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    return geo_fold(ctx, states, args, rows, n, -1.0);
}

static int geo_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    (void)ctx;
    (void)call;
    geo_state *a = state;
    const geo_state *b = other;
    a->n += b->n;
    a->log_sum += b->log_sum;
    return SS_OK;
}

static int geo_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                     uint32_t row)
{
    (void)ctx;
    (void)call;
    const geo_state *s = state;
    if (s->n == 0)
        ss_vector_set_null(out, row);
    else
        ((double *)out->data)[row] = round(exp(s->log_sum / s->n) * 1e9) / 1e9;
    return SS_OK;
}

static const ss_aggregate_vtable geo_mean = {
    .struct_size = sizeof(ss_aggregate_vtable), .version = SS_AGGREGATE_VTABLE_VERSION,
    .name = "geo_mean", .description = "geometric mean of positive values", .min_args = 1, .max_args = 1,
    .strict = true, .state_size = sizeof(geo_state), .result_type = geo_result_type, .init = geo_init,
    .step = geo_step, .final = geo_final, .inverse = geo_inverse, .combine = geo_combine};

SS_PLUGIN_MAGIC("agg_geo_mean", "0.1")

SS_EXPORT int sunstone_plugin_init(const ss_api *a, ss_plugin *plugin)
{
    api = a;
    if (!SS_API_HAS(a, register_aggregate))
        return a->error(a->plugin_ctx(plugin), SS_SQLSTATE_PLUGIN_ERROR, "agg_geo_mean needs register_aggregate");
    return a->register_aggregate(plugin, &geo_mean, false);
}
