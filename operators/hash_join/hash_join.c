/* hash_join.c — the "hash_join" operator module: builds a hash table of child 1 (the right
 * input) on its key expressions and probes it with child 0's batches, batch-at-a-time
 * (common/join_core.h); a LEFT join also emits unmatched left rows with NULLs.  Beyond
 * work_mem * hash_mem_multiplier both inputs are partitioned into temporary files and joined
 * pair by pair (hash_join_spill.c). */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/join_core.h"
#include "common/plan_node.h"
#include "common/type_layout.h"
#include "hash_join_spill.h"

static const ss_api *g_api;

typedef struct hash_join_state {
    ops_join *j;   /* the shared join loop's state (ops_join_open_state) */
    hj_spill spill;
} hash_join_state;

static void hash_join_close(ss_ctx *ctx, ss_op *self, void *state)
{
    hash_join_state *st = state;
    if (!st)
        return;
    hj_spill_release(ctx, &st->spill);
    ops_join_close(ctx, self, st->j);
    g_api->free(st);
}

static int hash_join_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_hash_join_node *node = OPS_NODE_OF(ctx, g_api, plan, SS_NODE_HASH_JOIN, ss_hash_join_node, "hash_join");
    if (!node)
        return SS_ERROR;
    if (node->nkeys == 0)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "hash_join: plan node has no keys");
    hash_join_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    *state = st;
    ops_join_spec spec = ops_join_spec_of_hash(node, "hash_join", true);
    void *j = NULL;
    int rc = ops_join_open_state(ctx, g_api, self, plan, &spec, &j);
    st->j = j;
    if (rc != SS_OK)
        return SS_ERROR;
    size_t budget = ops_spill_available(g_api) && !(flags & SS_OPEN_EXPLAIN_ONLY) ? g_api->work_mem(ctx, true) : 0;
    return hj_spill_init(ctx, &st->spill, g_api, st->j, plan, budget);
}

static int hash_join_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    hash_join_state *st = state;
    return hj_spill_next(ctx, &st->spill, out);
}

/* A join that partitioned its inputs reads both again; otherwise the join loop keeps its
 * build side unless the build side's parameters changed. */
static int hash_join_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    hash_join_state *st = state;
    if (!hj_spill_partitioned(&st->spill))
        return ops_join_rescan_state(ctx, self, st->j, changed);
    hj_spill_reset(ctx, &st->spill);
    ops_join_restart(st->j);
    st->j->rows_out = 0;
    if (g_api->op_rescan(ctx, g_api->op_child(self, 1), changed) != SS_OK)
        return SS_ERROR;
    return g_api->op_rescan(ctx, g_api->op_child(self, 0), changed);
}

static int hash_join_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const hash_join_state *st = state;
    if (!st || !st->j)
        return SS_OK;
    const ops_join *j = st->j;
    int rc = ops_explain_appendf(buf, buflen, "%s join on %u key%s%s", ops_join_type_name(j->spec.join_type),
                                 j->spec.nkeys, j->spec.nkeys == 1 ? "" : "s",
                                 j->spec.cond ? " and a residual condition" : "");
    if (rc == SS_OK && j->built)
        rc = ops_explain_appendf(buf, buflen, " (built %u rows, emitted %llu)", j->nbuild,
                                 (unsigned long long)j->rows_out);
    if (rc == SS_OK && st->spill.pairs)
        rc = ops_explain_appendf(buf, buflen, " (spilled %llu rows to %u partition pairs)",
                                 (unsigned long long)st->spill.rows_spilled, st->spill.pairs);
    return rc;
}

static const ss_operator_vtable hash_join_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "hash_join",
    .node_kind = SS_NODE_HASH_JOIN,
    .caps = SS_OPCAP_PARAM_RESCAN,
    .description = "joins child 0 with a hash table of child 1 built on the equi-join keys (partitioned beyond work_mem)",
    .open = hash_join_open,
    .next_batch = hash_join_next_batch,
    .close = hash_join_close,
    .rescan = hash_join_rescan,
    .explain = hash_join_explain,
};

SS_PLUGIN_MAGIC("hash_join", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &hash_join_vtable, false);
}
