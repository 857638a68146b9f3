/* window_plugin_example.c — a third-party style module built against the SDK headers alone
 * (tests/cli/window_plugin_test.sh compiles it with cc and LOADs it): an aggregate
 * sum_squares(integer) -> bigint with an inverse step (so sliding window frames can run it
 * incrementally) and a window function peer_count() -> bigint, the number of rows in the
 * current row's ORDER BY peer group.  No kernel change adds either. */
#include "sunstone/aggregate.h"
#include "sunstone/plugin.h"
#include "sunstone/window.h"

static const ss_api *api;

typedef struct sq_state {
    int64_t sum;
} sq_state;

static int sq_result_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    if (nargs != 1 || arg_types[0].id != SS_TYPE_INT4)
        return SS_ERROR; /* the kernel reports 42883 */
    *out = (ss_type){.id = SS_TYPE_INT8, .typmod = -1};
    return SS_OK;
}

static void sq_init(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    ((sq_state *)state)->sum = 0;
}

static int sq_fold(ss_ctx *ctx, void *const *states, const ss_vector *const *args, const uint32_t *rows, uint32_t n,
                   int64_t sign)
{
    const int32_t *x = args[0]->data;
    uint32_t k = 0;
    for (; k < n; k++) {
        int64_t sq = (int64_t)x[rows[k]] * x[rows[k]];
        if (__builtin_add_overflow(((sq_state *)states[k])->sum, sign * sq, &((sq_state *)states[k])->sum))
            break;
    }
    return k == n ? SS_OK : api->error(ctx, "22003", "bigint out of range");
}

static int sq_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states, const ss_vector *const *args,
                   const uint32_t *rows, uint32_t n)
{
    (void)call;
    return sq_fold(ctx, states, args, rows, n, 1);
}

static int sq_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                      const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    return sq_fold(ctx, states, args, rows, n, -1);
}

static int sq_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out, uint32_t row)
{
    (void)ctx;
    (void)call;
    ((int64_t *)out->data)[row] = ((const sq_state *)state)->sum;
    return SS_OK;
}

static const ss_aggregate_vtable sum_squares = {
    .struct_size = sizeof(ss_aggregate_vtable), .version = SS_AGGREGATE_VTABLE_VERSION, .name = "sum_squares",
    .description = "sum of the squares of its integer arguments", .min_args = 1, .max_args = 1, .strict = true,
    .state_size = sizeof(sq_state), .result_type = sq_result_type, .init = sq_init, .step = sq_step,
    .final = sq_final, .inverse = sq_inverse,
};

static int pc_result_type(ss_ctx *ctx, const ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    (void)arg_types;
    (void)nargs;
    *out = (ss_type){.id = SS_TYPE_INT8, .typmod = -1};
    return SS_OK;
}

static int pc_evaluate(ss_ctx *ctx, const ss_window_partition *part, ss_vector *out)
{
    (void)ctx;
    int64_t *res = out->data;
    /* backwards: each row gets the size of its group's tail, then the group's first row's
       count is copied forward over the group */
    int64_t tail = 0;
    for (uint32_t i = part->nrows; i-- > 0;) {
        tail++;
        res[i] = tail;
        if (part->peer_start[i])
            tail = 0;
    }
    int64_t size = 0;
    for (uint32_t i = 0; i < part->nrows; i++)
        res[i] = size = part->peer_start[i] ? res[i] : size;
    return SS_OK;
}

static const ss_window_vtable peer_count = {
    .struct_size = sizeof(ss_window_vtable), .version = SS_WINDOW_VTABLE_VERSION, .name = "peer_count",
    .description = "rows in the current row's peer group", .min_args = 0, .max_args = 0,
    .result_type = pc_result_type, .evaluate = pc_evaluate,
};

SS_PLUGIN_MAGIC("window_plugin_example", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *a, ss_plugin *plugin)
{
    api = a;
    if (!SS_API_HAS(a, register_aggregate))
        return a->error(a->plugin_ctx(plugin), SS_SQLSTATE_PLUGIN_ERROR, "window_plugin_example needs register_aggregate");
    if (a->register_aggregate(plugin, &sum_squares, false) != SS_OK)
        return SS_ERROR;
    return a->register_window(plugin, &peer_count, false);
}
