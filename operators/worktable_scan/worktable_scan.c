/* worktable_scan.c — the "worktable_scan" operator module: inside a recursive term, the rows
 * its recursive union produced in the previous round (PostgreSQL's WorkTableScan), read
 * through the ss_worktable the union publishes in ss_api.shared_slot(self,
 * SS_NODE_RECURSIVE_UNION, worktable_id).  Each round the union rescans its recursive term,
 * which starts this scan over on the new rows. */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct wt_state {
    const ss_worktable_scan_node *node;
    const ss_worktable *wt;   /* looked up at the first next_batch */
    ss_op *self;
    uint64_t pos;
    ss_batch *out;
} wt_state;

static void wt_close(ss_ctx *ctx, ss_op *self, void *state)
{
    (void)ctx;
    (void)self;
    wt_state *st = state;
    if (!st)
        return;
    if (st->out)
        g_api->batch_destroy(st->out);
    g_api->free(st);
}

static int wt_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    (void)flags;
    *state = NULL;
    const ss_worktable_scan_node *node =
        OPS_NODE_OF(ctx, g_api, plan, SS_NODE_WORKTABLE_SCAN, ss_worktable_scan_node, "worktable_scan");
    if (!node)
        return SS_ERROR;
    wt_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    *state = st;
    st->node = node;
    st->self = self;
    if (!(st->out = g_api->batch_create(plan->ncols, plan->col_types, SS_BATCH_CAPACITY)))
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

static int wt_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    wt_state *st = state;
    *out = NULL;
    if (!st->wt) {
        void **slot = g_api->shared_slot(ctx, st->self, SS_NODE_RECURSIVE_UNION, st->node->worktable_id);
        if (!slot)
            return SS_ERROR;
        const ss_worktable *wt = *slot;
        if (!wt || wt->struct_size < sizeof(ss_worktable) || !wt->read)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "worktable_scan: no recursive union publishes worktable %u",
                                st->node->worktable_id);
        st->wt = wt;
    }
    if (st->wt->read(ctx, st->wt->impl, &st->pos, st->out) != SS_OK)
        return SS_ERROR;
    if (st->out->count)
        *out = st->out;
    return SS_OK;
}

static int wt_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)ctx;
    (void)self;
    (void)changed;
    wt_state *st = state;
    st->pos = 0;
    return SS_OK;
}

static int wt_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    (void)ctx;
    (void)self;
    const wt_state *st = state;
    if (!st)
        return SS_OK;
    return ops_explain_appendf(buf, buflen, "on %s", st->node->cte_name);
}

static const ss_operator_vtable wt_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "worktable_scan",
    .node_kind = SS_NODE_WORKTABLE_SCAN,
    .caps = 0,
    .description = "the rows of a recursive union's previous round (WITH RECURSIVE)",
    .open = wt_open,
    .next_batch = wt_next_batch,
    .close = wt_close,
    .rescan = wt_rescan,
    .explain = wt_explain,
};

SS_PLUGIN_MAGIC("worktable_scan", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &wt_vtable, false);
}
