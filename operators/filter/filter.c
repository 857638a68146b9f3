/* filter.c — the "filter" operator module: passes child 0's batches through with their
 * selection narrowed to the rows where the predicate is true (no rows are copied). */
#include "sunstone/plugin.h"

#include <stddef.h>

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct filter_state {
    const ss_filter_node *node;
    ss_op *child;
    uint64_t batches_in;
    uint64_t rows_in;
    uint64_t rows_out;
    int gate; /* the one-time condition: 0 not checked yet, 1 held, -1 false or NULL */
    uint32_t sel[SS_BATCH_CAPACITY];
} filter_state;

static void filter_close(ss_ctx *ctx, ss_op *self, void *state)
{
    if (state)
        g_api->free(state);
}

static int filter_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_filter_node *node = OPS_NODE_OF(ctx, g_api, plan, SS_NODE_FILTER, ss_filter_node, "filter");
    if (!node)
        return SS_ERROR;
    if (plan->nchildren < 1 || !node->predicate)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "filter: plan node needs one child and a predicate");
    filter_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = node;
    st->child = g_api->op_child(self, 0);
    *state = st;
    return SS_OK;
}

/* The node's one-time condition (a plan built before it was appended has none). */
static const ss_expr *one_time_of(const ss_filter_node *node)
{
    return node->hdr.struct_size >= offsetof(ss_filter_node, one_time) + sizeof node->one_time ? node->one_time
                                                                                             : NULL;
}

static int filter_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    filter_state *st = state;
    *out = NULL;
    if (st->gate == 0) {
        const ss_expr *gate = one_time_of(st->node);
        ss_value v = {.is_null = false, .v.b = true};
        if (gate && g_api->expr_eval_scalar(ctx, gate, &v) != SS_OK)
            return SS_ERROR;
        st->gate = v.is_null || !v.v.b ? -1 : 1;
    }
    if (st->gate < 0)
        return SS_OK;
    for (;;) {
        ss_batch *b = NULL;
        if (g_api->op_next(ctx, st->child, &b) != SS_OK)
            return SS_ERROR;
        if (!b)
            return SS_OK;
        if (ss_batch_rows(b) == 0)
            continue;
        if (b->count > SS_BATCH_CAPACITY)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "filter: child batch has %u rows, more than %u", b->count,
                                SS_BATCH_CAPACITY);
        st->batches_in++;
        st->rows_in += ss_batch_rows(b);
        if (g_api->expr_select(ctx, st->node->predicate, b, st->sel) != SS_OK)
            return SS_ERROR;
        uint32_t live = ss_batch_rows(b);
        if (live == 0)
            continue;
        st->rows_out += live;
        *out = b;
        return SS_OK;
    }
}

static int filter_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    filter_state *st = state;
    st->batches_in = st->rows_in = st->rows_out = 0;
    st->gate = 0;
    return g_api->op_rescan(ctx, st->child, changed);
}

static int filter_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const filter_state *st = state;
    if (st && one_time_of(st->node) &&
        ops_explain_appendf(buf, buflen, st->gate < 0 ? "(one-time condition false) " : "after a one-time condition, "))
        return SS_ERROR;
    if (!st || st->rows_in == 0)
        return ops_explain_appendf(buf, buflen, "rows where the predicate is true");
    return ops_explain_appendf(buf, buflen,
                               "rows where the predicate is true (kept %llu of %llu rows)",
                               (unsigned long long)st->rows_out,
                               (unsigned long long)st->rows_in);
}

static const ss_operator_vtable filter_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "filter",
    .node_kind = SS_NODE_FILTER,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "narrows each child batch's selection to rows where the predicate is true",
    .open = filter_open,
    .next_batch = filter_next_batch,
    .close = filter_close,
    .rescan = filter_rescan,
    .explain = filter_explain,
};

SS_PLUGIN_MAGIC("filter", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &filter_vtable, false);
}
