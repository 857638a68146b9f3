/* agg_sum_tenfold.c — a third-party style module that REPLACES the kernel's "sum" (compiled by
 * tests/cli/agg_plugin_test.sh against the SDK alone, loaded with LOAD): sum(integer) is ten
 * times the sum (bigint), with an inverse and a combine, so every frame algorithm of the window
 * operator can use it; other argument types have no signature here (42883).  The test proves
 * that sum(x) OVER (...) reaches the replacing module, not a loop of the window operator's. */
#include <string.h>

#include "sunstone/plugin.h"

static const ss_api *api;

typedef struct tenfold_state {
    int64_t sum, n;
} tenfold_state;

static int tenfold_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    if (nargs != 1 || arg_types[0].id != SS_TYPE_INT4)
        return SS_ERROR;
    *out = (ss_type){.id = SS_TYPE_INT8, .typmod = -1};
    return SS_OK;
}

static void tenfold_init(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    memset(state, 0, sizeof(tenfold_state));
}

static int tenfold_fold(void *const *states, const ss_vector *const *args, const uint32_t *rows, uint32_t n,
                        int64_t sign)
{
    const int32_t *x = args[0]->data;
    for (uint32_t k = 0; k < n; k++) {
        tenfold_state *s = states[k];
        s->sum += sign * 10 * (int64_t)x[rows[k]];
        s->n += sign;
    }
    return SS_OK;
}

static int tenfold_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                        const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)ctx;
    (void)call;
    return tenfold_fold(states, args, rows, n, 1);
}

static int tenfold_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                           const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)ctx;
    (void)call;
    return tenfold_fold(states, args, rows, n, -1);
}

static int tenfold_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    (void)ctx;
    (void)call;
    tenfold_state *a = state;
    const tenfold_state *b = other;
    a->sum += b->sum;
    a->n += b->n;
    return SS_OK;
}

static int tenfold_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                         uint32_t row)
{
    (void)ctx;
    (void)call;
    const tenfold_state *s = state;
    if (s->n == 0)
        ss_vector_set_null(out, row);
    else
        ((int64_t *)out->data)[row] = s->sum;
    return SS_OK;
}

static const ss_aggregate_vtable tenfold = {
    .struct_size = sizeof(ss_aggregate_vtable), .version = SS_AGGREGATE_VTABLE_VERSION,
    .name = "sum", .description = "ten times the sum of integers (a test module)", .min_args = 1, .max_args = 1,
    .strict = true, .state_size = sizeof(tenfold_state), .result_type = tenfold_type, .init = tenfold_init,
    .step = tenfold_step, .final = tenfold_final, .inverse = tenfold_inverse, .combine = tenfold_combine};

SS_PLUGIN_MAGIC("agg_sum_tenfold", "0.1")

SS_EXPORT int sunstone_plugin_init(const ss_api *a, ss_plugin *plugin)
{
    api = a;
    if (!SS_API_HAS(a, register_aggregate))
        return a->error(a->plugin_ctx(plugin), SS_SQLSTATE_PLUGIN_ERROR, "agg_sum_tenfold needs register_aggregate");
    return a->register_aggregate(plugin, &tenfold, true);
}
