/* project.c — the "project" operator module: evaluates one expression per output column over
 * child 0's batches.  Results sit at the same physical positions as the input rows, so the
 * output batch shares the child's count and selection.  An output column that is a plain
 * reference to an input column of the same type is the input's vector itself, not a copy
 * (ss_api.expr_column: a pass-through, which a point lookup's select list mostly is). */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/owned_batch.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct project_state {
    const ss_project_node *node;
    ss_op *child;
    uint32_t nexprs;
    ss_type *types;      /* expression result types */
    int32_t *pass;       /* per expression: the input column it passes through, or -1 */
    ss_vector **cols;    /* the output's columns: owned vectors or the input's */
    ops_owned_batch out; /* one vector per expression; count/sel copied from the child */
} project_state;

static void project_close(ss_ctx *ctx, ss_op *self, void *state)
{
    project_state *st = state;
    if (!st)
        return;
    ops_owned_batch_release(g_api, &st->out);
    ops_free(g_api, st->types);
    ops_free(g_api, st->pass);
    ops_free(g_api, st->cols);
    g_api->free(st);
}

static int project_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_project_node *node = OPS_NODE_OF(ctx, g_api, plan, SS_NODE_PROJECT, ss_project_node, "project");
    if (!node)
        return SS_ERROR;
    if (plan->nchildren < 1)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "project: plan node has no child");
    project_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = node;
    st->child = g_api->op_child(self, 0);
    st->nexprs = node->nexprs;
    st->types = ops_zalloc_array(ctx, g_api, st->nexprs ? st->nexprs : 1, sizeof *st->types);
    st->pass = ops_zalloc_array(ctx, g_api, st->nexprs ? st->nexprs : 1, sizeof *st->pass);
    st->cols = ops_zalloc_array(ctx, g_api, st->nexprs ? st->nexprs : 1, sizeof *st->cols);
    if (!st->types || !st->pass || !st->cols)
        goto fail;
    bool introspect = SS_API_HAS(g_api, expr_column) && g_api->expr_column;
    for (uint32_t i = 0; i < st->nexprs; i++) {
        st->types[i] = g_api->expr_type(node->exprs[i]);
        st->pass[i] = introspect ? g_api->expr_column(node->exprs[i]) : -1;
    }
    if (ops_owned_batch_init(ctx, g_api, &st->out, st->nexprs, st->types, SS_BATCH_CAPACITY) !=
        SS_OK)
        goto fail;
    *state = st;
    return SS_OK;
fail:
    project_close(ctx, self, st);
    return SS_ERROR;
}

static int project_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    project_state *st = state;
    *out = NULL;
    ss_batch *in = NULL;
    if (g_api->op_next(ctx, st->child, &in) != SS_OK)
        return SS_ERROR;
    if (!in)
        return SS_OK;
    if (in->count > SS_BATCH_CAPACITY)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "project: child batch has %u rows, more than %u", in->count,
                            SS_BATCH_CAPACITY);
    /* expr_eval resets each vector itself; a pass-through hands out the input's vector */
    for (uint32_t i = 0; i < st->nexprs; i++) {
        int32_t k = st->pass[i];
        if (k >= 0 && (uint32_t)k < in->ncols && in->cols[k] && in->cols[k]->type.id == st->types[i].id) {
            st->cols[i] = in->cols[k];
            continue;
        }
        st->cols[i] = st->out.vectors[i];
        if (g_api->expr_eval(ctx, st->node->exprs[i], in, st->out.vectors[i]) != SS_OK)
            return SS_ERROR;
    }
    ss_batch *b = &st->out.batch;
    b->ncols = st->nexprs;
    b->cols = st->cols;
    b->count = in->count;
    b->sel = in->sel;
    b->sel_count = in->sel_count;
    *out = b;
    return SS_OK;
}

static int project_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    project_state *st = state;
    return g_api->op_rescan(ctx, st->child, changed);
}

/* One output row per input row: a bound on ours is a bound on the child's. */
static int project_set_bound(ss_ctx *ctx, ss_op *self, void *state, int64_t bound)
{
    project_state *st = state;
    return g_api->op_set_bound(ctx, st->child, bound);
}

static int project_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const project_state *st = state;
    if (!st)
        return SS_OK;
    return ops_explain_appendf(buf, buflen, "%u expression%s", st->nexprs,
                               st->nexprs == 1 ? "" : "s");
}

static const ss_operator_vtable project_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "project",
    .node_kind = SS_NODE_PROJECT,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_BOUND | SS_OPCAP_PARAM_RESCAN,
    .description = "evaluates one expression per output column, keeping the child's selection",
    .open = project_open,
    .next_batch = project_next_batch,
    .close = project_close,
    .rescan = project_rescan,
    .explain = project_explain,
    .set_bound = project_set_bound,
};

SS_PLUGIN_MAGIC("project", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &project_vtable, false);
}
