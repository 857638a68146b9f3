/* unique.c — the "unique" operator module: of each run of adjacent rows of child 0 whose key
 * columns are equal (NULLs equal), only the first passes, as PostgreSQL's Unique node (the
 * planner puts it over a sort, for DISTINCT ON).  It narrows each batch's selection; the key
 * of the current run is kept in column buffers, so a run may span batches. */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/column_buffer.h"
#include "common/explain_text.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct unique_state {
    const ss_unique_node *node;
    ss_op *child;
    ops_column *run;   /* per key: the current run's value (one row); none before the first row */
    bool have_run;
    uint64_t rows_in, rows_out;
    uint32_t sel[SS_BATCH_CAPACITY];
} unique_state;

static void unique_close(ss_ctx *ctx, ss_op *self, void *state)
{
    unique_state *st = state;
    if (!st)
        return;
    for (uint32_t k = 0; st->run && k < st->node->nkeys; k++)
        ops_column_release(&st->run[k]);
    ops_free(g_api, st->run);
    g_api->free(st);
}

static int unique_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_unique_node *u = OPS_NODE_OF(ctx, g_api, node, SS_NODE_UNIQUE, ss_unique_node, "unique");
    if (!u)
        return SS_ERROR;
    if (node->nchildren < 1)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "unique: plan node has no child");
    const ss_plan_node *child = node->children[0];
    for (uint32_t k = 0; k < u->nkeys; k++)
        if (u->keys[k] >= child->ncols)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "unique: key column %u of %u", u->keys[k],
                                child->ncols);
    unique_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = u;
    st->child = g_api->op_child(self, 0);
    *state = st;
    st->run = ops_zalloc_array(ctx, g_api, u->nkeys ? u->nkeys : 1, sizeof *st->run);
    if (!st->run)
        return SS_ERROR;
    for (uint32_t k = 0; k < u->nkeys; k++)
        if (ops_column_init(ctx, &st->run[k], g_api, child->col_types[u->keys[k]], "unique") != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

/* Whether row of b has the current run's key. */
static bool same_run(const unique_state *st, const ss_batch *b, uint32_t row)
{
    for (uint32_t k = 0; k < st->node->nkeys; k++)
        if (!ops_column_equals_vector(&st->run[k], 0, b->cols[st->node->keys[k]], row))
            return false;
    return true;
}

/* Starts a new run with row's key. */
static int start_run(ss_ctx *ctx, unique_state *st, const ss_batch *b, uint32_t row)
{
    for (uint32_t k = 0; k < st->node->nkeys; k++)
        if (ops_column_keep_one(ctx, &st->run[k], b->cols[st->node->keys[k]], row, "unique") != SS_OK)
            return SS_ERROR;
    st->have_run = true;
    return SS_OK;
}

static int unique_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    unique_state *st = state;
    *out = NULL;
    for (;;) {
        ss_batch *b = NULL;
        if (g_api->op_next(ctx, st->child, &b) != SS_OK)
            return SS_ERROR;
        if (!b)
            return SS_OK;
        uint32_t n = ss_batch_rows(b);
        if (b->count > SS_BATCH_CAPACITY)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "unique: child batch has %u rows, more than %u",
                                b->count, SS_BATCH_CAPACITY);
        uint32_t m = 0;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t row = b->sel ? b->sel[k] : k;
            if (st->have_run && same_run(st, b, row))
                continue;
            if (start_run(ctx, st, b, row) != SS_OK)
                return SS_ERROR;
            st->sel[m++] = row;
        }
        st->rows_in += n;
        st->rows_out += m;
        if (m == 0)
            continue;
        b->sel = st->sel;
        b->sel_count = m;
        *out = b;
        return SS_OK;
    }
}

static int unique_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    unique_state *st = state;
    st->have_run = false;
    st->rows_in = st->rows_out = 0;
    return g_api->op_rescan(ctx, st->child, changed);
}

static int unique_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const unique_state *st = state;
    if (!st)
        return SS_OK;
    ops_explain_appendf(buf, buflen, "%u key%s", st->node->nkeys, st->node->nkeys == 1 ? "" : "s");
    if (st->rows_in)
        ops_explain_appendf(buf, buflen, " (%llu rows in, %llu out)", (unsigned long long)st->rows_in,
                            (unsigned long long)st->rows_out);
    return SS_OK;
}

static const ss_operator_vtable unique_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "unique",
    .node_kind = SS_NODE_UNIQUE,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "the first row of each run of equal keys over sorted input (DISTINCT ON)",
    .open = unique_open,
    .next_batch = unique_next_batch,
    .close = unique_close,
    .rescan = unique_rescan,
    .explain = unique_explain,
};

SS_PLUGIN_MAGIC("unique", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &unique_vtable, false);
}
