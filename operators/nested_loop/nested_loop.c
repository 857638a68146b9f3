/* nested_loop.c — the "nested_loop" operator module: materialises child 1 (the right input)
 * and pairs every left row of child 0's batches with every right row, batch-at-a-time, the
 * condition evaluated over the joined pairs (common/join_core.h).  It registers "nested_loop"
 * for the nested-loop node kind and "nested_loop_keys" for the hash-join kind (the keys
 * compared pair by pair, no hash table), for `SET sunstone.operator_hash_join =
 * 'nested_loop_keys'`. */
#include "sunstone/plugin.h"

#include "common/explain_text.h"
#include "common/join_core.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

static int nested_loop_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_nested_loop_node *node =
        OPS_NODE_OF(ctx, g_api, plan, SS_NODE_NESTED_LOOP, ss_nested_loop_node, "nested_loop");
    if (!node)
        return SS_ERROR;
    ops_join_spec spec = {.who = "nested_loop", .join_type = node->join_type, .cond = node->condition};
    return ops_join_open_state(ctx, g_api, self, plan, &spec, state);
}

static int nested_loop_open_hash(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_hash_join_node *node = OPS_NODE_OF(ctx, g_api, plan, SS_NODE_HASH_JOIN, ss_hash_join_node, "nested_loop");
    if (!node)
        return SS_ERROR;
    ops_join_spec spec = ops_join_spec_of_hash(node, "nested_loop", false);
    return ops_join_open_state(ctx, g_api, self, plan, &spec, state);
}

static int nested_loop_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const ops_join *j = state;
    if (!j)
        return SS_OK;
    const char *type = ops_join_type_name(j->spec.join_type);
    int rc;
    if (j->spec.nkeys)
        rc = ops_explain_appendf(buf, buflen, "%s join, %u key%s compared pair by pair%s", type, j->spec.nkeys,
                                 j->spec.nkeys == 1 ? "" : "s", j->spec.cond ? " and a residual condition" : "");
    else if (j->spec.cond)
        rc = ops_explain_appendf(buf, buflen, "%s join where the condition holds", type);
    else
        rc = ops_explain_appendf(buf, buflen, "%s join of every pair", type);
    if (rc == SS_OK && j->built)
        rc = ops_explain_appendf(buf, buflen, " (materialised %u rows, emitted %llu)", j->nbuild,
                                 (unsigned long long)j->rows_out);
    return rc;
}

#define NESTED_LOOP_VTABLE(opname, kind, open_fn, what)                                                                 \
    {                                                                                                          \
        .struct_size = sizeof(ss_operator_vtable), .version = SS_OPERATOR_VTABLE_VERSION, .name = opname,        \
        .node_kind = kind, .caps = SS_OPCAP_PARAM_RESCAN, .description = what, .open = open_fn,                  \
        .next_batch = ops_join_next_batch, .close = ops_join_close, .rescan = ops_join_rescan_state,          \
        .explain = nested_loop_explain,                                                                          \
    }

static const ss_operator_vtable nested_loop_vtable =
    NESTED_LOOP_VTABLE("nested_loop", SS_NODE_NESTED_LOOP, nested_loop_open,
                       "joins every row of child 0 with every materialised row of child 1 where the condition holds");
static const ss_operator_vtable nested_loop_hash_vtable =
    NESTED_LOOP_VTABLE("nested_loop_keys", SS_NODE_HASH_JOIN, nested_loop_open_hash,
                       "a hash join's keys compared over every pair of rows (no hash table)");

SS_PLUGIN_MAGIC("nested_loop", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    if (api->register_operator(plugin, &nested_loop_vtable, false))
        return SS_ERROR;
    return api->register_operator(plugin, &nested_loop_hash_vtable, false);
}
