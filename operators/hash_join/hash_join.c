/* hash_join.c — the "hash_join" operator module: builds a hash table of child 1 (the right
 * input) on its key expressions and probes it with child 0's batches, batch-at-a-time
 * (common/join_core.h); a LEFT join also emits unmatched left rows with NULLs. */
#include "sunstone/plugin.h"

#include "common/explain_text.h"
#include "common/join_core.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

static int hash_join_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_hash_join_node *node = OPS_NODE_OF(ctx, g_api, plan, SS_NODE_HASH_JOIN, ss_hash_join_node, "hash_join");
    if (!node)
        return SS_ERROR;
    if (node->nkeys == 0)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "hash_join: plan node has no keys");
    ops_join_spec spec = ops_join_spec_of_hash(node, "hash_join", true);
    return ops_join_open_state(ctx, g_api, self, plan, &spec, state);
}

static int hash_join_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const ops_join *j = state;
    if (!j)
        return SS_OK;
    int rc = ops_explain_appendf(buf, buflen, "%s join on %u key%s%s", ops_join_type_name(j->spec.join_type),
                                 j->spec.nkeys, j->spec.nkeys == 1 ? "" : "s",
                                 j->spec.cond ? " and a residual condition" : "");
    if (rc == SS_OK && j->built)
        rc = ops_explain_appendf(buf, buflen, " (built %u rows, emitted %llu)", j->nbuild,
                                 (unsigned long long)j->rows_out);
    return rc;
}

static const ss_operator_vtable hash_join_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "hash_join",
    .node_kind = SS_NODE_HASH_JOIN,
    .caps = SS_OPCAP_PARAM_RESCAN,
    .description = "joins child 0 with a hash table of child 1 built on the equi-join keys",
    .open = hash_join_open,
    .next_batch = ops_join_next_batch,
    .close = ops_join_close,
    .rescan = ops_join_rescan_state,
    .explain = hash_join_explain,
};

SS_PLUGIN_MAGIC("hash_join", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &hash_join_vtable, false);
}
