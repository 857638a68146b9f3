/* nested_loop_param.c — the "nested_loop_param" operator module: a nested loop whose inner
 * side depends on the outer row (LATERAL, PostgreSQL's nestloop with parameters).  For each
 * live row of child 0 it evaluates the node's setters at that row (which assign the
 * parameters child 1 reads), rescans child 1 with them as the changed set and pairs the row
 * with each row child 1 returns, batch-at-a-time, the condition narrowing the pairs; a LEFT
 * join emits the row with NULLs on the right when no pair matched. */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct nlp_state {
    const ss_nested_loop_param_node *node;
    ss_op *left, *right;
    uint32_t nl, nr;
    ss_batch *lb;          /* the current left batch, NULL = pull the next */
    uint32_t lk;           /* its live row being joined */
    bool row_started;      /* child 1 runs for row lk */
    bool row_matched;      /* a pair of row lk passed the condition */
    ss_vector **setter_out;
    ss_batch *out;
    uint64_t rows_out, rescans;
    uint32_t one[1];
    uint32_t lrows[SS_BATCH_CAPACITY], rrows[SS_BATCH_CAPACITY], sel[SS_BATCH_CAPACITY];
} nlp_state;

static void nlp_close(ss_ctx *ctx, ss_op *self, void *state)
{
    (void)ctx;
    (void)self;
    nlp_state *st = state;
    if (!st)
        return;
    for (uint32_t i = 0; st->setter_out && i < st->node->nsetters; i++)
        if (st->setter_out[i])
            g_api->vector_destroy(st->setter_out[i]);
    ops_free(g_api, st->setter_out);
    if (st->out)
        g_api->batch_destroy(st->out);
    g_api->free(st);
}

static int nlp_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    (void)flags;
    *state = NULL;
    const ss_nested_loop_param_node *node =
        OPS_NODE_OF(ctx, g_api, plan, SS_NODE_NESTED_LOOP_PARAM, ss_nested_loop_param_node, "nested_loop_param");
    if (!node)
        return SS_ERROR;
    if (plan->nchildren != 2 || plan->children[0]->ncols + plan->children[1]->ncols != plan->ncols)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "nested_loop_param: output is not the children's columns");
    if (node->join_type != SS_JOIN_INNER && node->join_type != SS_JOIN_LEFT)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "nested_loop_param: join type %d is not inner or left",
                            (int)node->join_type);
    nlp_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    *state = st;
    st->node = node;
    st->left = g_api->op_child(self, 0);
    st->right = g_api->op_child(self, 1);
    st->nl = plan->children[0]->ncols;
    st->nr = plan->children[1]->ncols;
    if (!(st->setter_out = ops_zalloc_array(ctx, g_api, node->nsetters ? node->nsetters : 1, sizeof *st->setter_out)))
        return SS_ERROR;
    for (uint32_t i = 0; i < node->nsetters; i++)
        if (!(st->setter_out[i] = g_api->vector_create(g_api->expr_type(node->setters[i]), SS_BATCH_CAPACITY)))
            return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (!(st->out = g_api->batch_create(plan->ncols, plan->col_types, SS_BATCH_CAPACITY)))
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

/* Assigns the parameters of the left row `row` and restarts child 1 for it. */
static int start_row(ss_ctx *ctx, nlp_state *st, uint32_t row)
{
    ss_batch *b = st->lb;
    uint32_t *sel = b->sel;
    uint32_t count = b->sel_count;
    st->one[0] = row;
    b->sel = st->one; /* the setters see this row only */
    b->sel_count = 1;
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < st->node->nsetters; i++)
        rc = g_api->expr_eval(ctx, st->node->setters[i], b, st->setter_out[i]);
    b->sel = sel;
    b->sel_count = count;
    if (rc)
        return SS_ERROR;
    st->rescans++;
    st->row_started = true;
    st->row_matched = false;
    return g_api->op_rescan(ctx, st->right, &st->node->assigned);
}

/* The left row with NULLs on the right (a LEFT join's row without a pair). */
static int emit_unmatched(ss_ctx *ctx, nlp_state *st, uint32_t row)
{
    ss_batch *o = st->out;
    g_api->batch_reset(o);
    for (uint32_t c = 0; c < st->nl; c++)
        if (g_api->vector_gather(ctx, st->lb->cols[c], &row, 1, o->cols[c]))
            return SS_ERROR;
    for (uint32_t c = 0; c < st->nr; c++) {
        ss_vector *v = o->cols[st->nl + c];
        if (g_api->vector_ensure_validity(ctx, v))
            return SS_ERROR;
        v->validity[0] = 0;
    }
    o->count = 1;
    return SS_OK;
}

static int nlp_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    nlp_state *st = state;
    *out = NULL;
    for (;;) {
        if (!st->lb) {
            ss_batch *b;
            if (g_api->check_interrupt(ctx) || g_api->op_next(ctx, st->left, &b))
                return SS_ERROR;
            if (!b)
                return SS_OK;
            st->lb = b;
            st->lk = 0;
            st->row_started = false;
        }
        if (st->lk >= ss_batch_rows(st->lb)) {
            st->lb = NULL;
            continue;
        }
        uint32_t row = ss_batch_row(st->lb, st->lk);
        if (!st->row_started && start_row(ctx, st, row))
            return SS_ERROR;
        ss_batch *rb;
        if (g_api->op_next(ctx, st->right, &rb))
            return SS_ERROR;
        if (!rb) { /* this row is done */
            st->lk++;
            st->row_started = false;
            if (st->node->join_type == SS_JOIN_LEFT && !st->row_matched) {
                if (emit_unmatched(ctx, st, row))
                    return SS_ERROR;
                st->rows_out++;
                *out = st->out;
                return SS_OK;
            }
            continue;
        }
        uint32_t n = ss_batch_rows(rb);
        if (n == 0)
            continue;
        for (uint32_t i = 0; i < n; i++) {
            st->lrows[i] = row;
            st->rrows[i] = ss_batch_row(rb, i);
        }
        ss_batch *o = st->out;
        g_api->batch_reset(o);
        for (uint32_t c = 0; c < st->nl; c++)
            if (g_api->vector_gather(ctx, st->lb->cols[c], st->lrows, n, o->cols[c]))
                return SS_ERROR;
        for (uint32_t c = 0; c < st->nr; c++)
            if (g_api->vector_gather(ctx, rb->cols[c], st->rrows, n, o->cols[st->nl + c]))
                return SS_ERROR;
        o->count = n;
        if (st->node->condition && g_api->expr_select(ctx, st->node->condition, o, st->sel))
            return SS_ERROR;
        uint32_t live = ss_batch_rows(o);
        if (live == 0)
            continue;
        st->row_matched = true;
        st->rows_out += live;
        *out = o;
        return SS_OK;
    }
}

static int nlp_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)self;
    nlp_state *st = state;
    st->lb = NULL;
    st->row_started = false;
    st->rows_out = st->rescans = 0;
    /* child 1 is rescanned for each left row anyway */
    return g_api->op_rescan(ctx, st->left, changed);
}

static int nlp_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    (void)ctx;
    (void)self;
    const nlp_state *st = state;
    if (!st)
        return SS_OK;
    return ops_explain_appendf(buf, buflen, "%s join, child 1 rescanned per row with %u parameter%s%s",
                               st->node->join_type == SS_JOIN_LEFT ? "left" : "inner", st->node->nsetters,
                               st->node->nsetters == 1 ? "" : "s", st->node->condition ? ", where the condition holds" : "");
}

static const ss_operator_vtable nlp_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "nested_loop_param",
    .node_kind = SS_NODE_NESTED_LOOP_PARAM,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "joins each row of child 0 with the rows child 1 returns for it (LATERAL)",
    .open = nlp_open,
    .next_batch = nlp_next_batch,
    .close = nlp_close,
    .rescan = nlp_rescan,
    .explain = nlp_explain,
};

SS_PLUGIN_MAGIC("nested_loop_param", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &nlp_vtable, false);
}
