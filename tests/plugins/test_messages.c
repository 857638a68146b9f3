/* test_messages.c — test plugin for the message slots of ss_api (ABI 1.3): a filter operator
 * ("message_filter") that sends a NOTICE for every batch it passes on and raises an error with
 * DETAIL and HINT when a live row's first column is the int4 value 13.  It also calls
 * error_detail / error_hint at open, before any error: those must be ignored, not attached to
 * a later error.  sunstone_plugin_init sends a NOTICE too (through ss_api.plugin_ctx).
 * tests/embed/test_plugin_messages.c checks what the notice handler, sunstone_errdetail and
 * sunstone_errhint receive. */
#include "sunstone/plugin.h"

#include "filter_rows.h"

static const ss_api *g_api;

typedef struct message_state {
    const ss_filter_node *node;
    ss_op *child;
    uint32_t batches;
    uint32_t sel[SS_BATCH_CAPACITY];
} message_state;

static int message_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_filter_node *filter = SS_PLAN_NODE_AS(node, SS_NODE_FILTER, ss_filter_node);
    if (node->nchildren != 1 || !filter || !filter->predicate)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "message_filter: plan node needs one child and a predicate");
    /* no error is pending: both must do nothing */
    g_api->error_detail(ctx, "stray detail from open");
    g_api->error_hint(ctx, "stray hint from open");
    message_state *st = g_api->arena_alloc(ctx, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = filter;
    st->child = g_api->op_child(self, 0);
    *state = st;
    return SS_OK;
}

/* Number (0-based, among the live rows) of the first live row whose first column is the int4
   value 13, or -1. */
static int64_t find_13(const ss_batch *b)
{
    if (b->ncols == 0 || b->cols[0]->type.id != SS_TYPE_INT4)
        return -1;
    const ss_vector *v = b->cols[0];
    const int32_t *data = v->data;
    for (uint32_t k = 0; k < ss_batch_rows(b); k++) {
        uint32_t i = ss_batch_row(b, k);
        bool valid = !v->validity || (v->validity[i / 64] >> (i % 64) & 1);
        if (valid && data[i] == 13)
            return k;
    }
    return -1;
}

static int message_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    message_state *st = state;
    ss_batch *b;
    *out = NULL;
    if (filter_rows_next(g_api, ctx, st->child, st->node->predicate, st->sel, &b) != SS_OK)
        return SS_ERROR;
    if (!b)
        return SS_OK;
    int64_t at = find_13(b);
    if (at >= 0) {
        g_api->error(ctx, "P0001", "message_filter: unlucky row");
        g_api->error_detail(ctx, "Live row %lld of batch %u holds the value %d.", (long long)at + 1,
                            st->batches + 1, 13);
        g_api->error_hint(ctx, "Delete that row, or SET sunstone.operator_filter = '%s'.", "filter");
        /* the first detail and hint stay */
        g_api->error_detail(ctx, "second detail");
        g_api->error_hint(ctx, "second hint");
        return SS_ERROR;
    }
    st->batches++;
    g_api->notice(ctx, "message_filter: batch %u passes %u rows", st->batches, ss_batch_rows(b));
    *out = b;
    return SS_OK;
}

static int message_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)self;
    message_state *st = state;
    st->batches = 0;
    return g_api->op_rescan(ctx, st->child, changed);
}

static void message_close(ss_ctx *ctx, ss_op *self, void *state)
{
    /* the state lives in the arena */
    (void)ctx;
    (void)self;
    (void)state;
}

static const ss_operator_vtable message_filter_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "message_filter",
    .node_kind = SS_NODE_FILTER,
    .caps = SS_OPCAP_PARKABLE,
    .description = "test: a filter that reports notices, and an error with detail and hint",
    .open = message_open,
    .next_batch = message_next_batch,
    .close = message_close,
    .rescan = message_rescan,
};

SS_PLUGIN_MAGIC("test_messages", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    g_api = api;
    api->notice(api->plugin_ctx(plugin), "test_messages: initialised for ABI %u.%u", api->abi_major,
                api->abi_minor);
    return api->register_operator(plugin, &message_filter_vtable, false);
}
