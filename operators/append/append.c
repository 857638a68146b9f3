/* append.c — the "append" operator module: hands out the batches of each child in turn, child
 * 0 first, as they are (no rows are copied): UNION ALL.  The planner projects every child to
 * the node's column types. */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct append_state {
    const ss_plan_node *node;
    uint32_t nchildren;
    uint32_t current;    /* the child being read; nchildren once all are done */
    ss_op **children;
} append_state;

static void append_close(ss_ctx *ctx, ss_op *self, void *state)
{
    append_state *st = state;
    if (!st)
        return;
    ops_free(g_api, st->children);
    g_api->free(st);
}

static int append_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_append_node *node = OPS_NODE_OF(ctx, g_api, plan, SS_NODE_APPEND, ss_append_node, "append");
    if (!node)
        return SS_ERROR;
    if (plan->nchildren < 1)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "append: plan node needs a child");
    for (uint32_t i = 0; i < plan->nchildren; i++)
        if (plan->children[i]->ncols != plan->ncols)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "append: child %u has %u columns, not %u", i,
                                plan->children[i]->ncols, plan->ncols);
    append_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    *state = st;
    st->node = plan;
    st->nchildren = plan->nchildren;
    if (!(st->children = ops_zalloc_array(ctx, g_api, st->nchildren, sizeof *st->children)))
        return SS_ERROR;
    for (uint32_t i = 0; i < st->nchildren; i++)
        st->children[i] = g_api->op_child(self, i);
    return SS_OK;
}

static int append_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    append_state *st = state;
    *out = NULL;
    while (st->current < st->nchildren) {
        ss_batch *b;
        if (g_api->op_next(ctx, st->children[st->current], &b) != SS_OK)
            return SS_ERROR;
        if (b) {
            *out = b;
            return SS_OK;
        }
        st->current++;
    }
    return SS_OK;
}

static int append_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    append_state *st = state;
    /* a child not started yet starts from the beginning anyway, but it may hold a stream
       of an earlier execution: every one is restarted */
    for (uint32_t i = 0; i < st->nchildren; i++)
        if (g_api->op_rescan(ctx, st->children[i], changed) != SS_OK)
            return SS_ERROR;
    st->current = 0;
    return SS_OK;
}

static int append_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const append_state *st = state;
    if (!st)
        return SS_OK;
    return ops_explain_appendf(buf, buflen, "%u inputs", st->nchildren);
}

static const ss_operator_vtable append_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "append",
    .node_kind = SS_NODE_APPEND,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "the rows of each input in turn, batches passed through (UNION ALL)",
    .open = append_open,
    .next_batch = append_next_batch,
    .close = append_close,
    .rescan = append_rescan,
    .explain = append_explain,
};

SS_PLUGIN_MAGIC("append", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &append_vtable, false);
}
