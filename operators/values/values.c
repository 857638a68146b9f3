/* values.c — the "values" operator module: emits the node's nrows constant rows (SELECT
 * without FROM, INSERT ... VALUES).  Each expression is evaluated against a one-row,
 * zero-column batch and its single result copied into row r of the output vectors. */
#include <string.h>

#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/owned_batch.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

/* A one-element vector per distinct expression type, reused across expressions. */
typedef struct values_scratch {
    ss_type type;
    ss_vector *vector;
} values_scratch;

typedef struct values_state {
    const ss_values_node *node;
    uint32_t ncols;
    ops_layout *layouts;     /* per output column */
    ops_owned_batch out;
    values_scratch *scratch;
    uint32_t nscratch;
    uint32_t scratch_cap;
    uint32_t next_row;       /* first row of the next output batch */
} values_state;

static void values_close(ss_ctx *ctx, ss_op *self, void *state)
{
    values_state *st = state;
    if (!st)
        return;
    ops_owned_batch_release(g_api, &st->out);
    if (st->scratch) {
        for (uint32_t i = 0; i < st->nscratch; i++)
            if (st->scratch[i].vector)
                g_api->vector_destroy(st->scratch[i].vector);
        g_api->free(st->scratch);
    }
    ops_free(g_api, st->layouts);
    g_api->free(st);
}

static int values_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_values_node *values = OPS_NODE_OF(ctx, g_api, node, SS_NODE_VALUES, ss_values_node, "values");
    if (!values)
        return SS_ERROR;
    values_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = values;
    st->ncols = node->ncols;
    st->layouts = ops_zalloc_array(ctx, g_api, st->ncols ? st->ncols : 1, sizeof *st->layouts);
    st->scratch_cap = 4;
    st->scratch = ops_zalloc_array(ctx, g_api, st->scratch_cap, sizeof *st->scratch);
    if (!st->layouts || !st->scratch)
        goto fail;
    for (uint32_t c = 0; c < st->ncols; c++) {
        st->layouts[c] = ops_layout_of(node->col_types[c].id);
        if (st->layouts[c] == OPS_LAYOUT_NONE) {
            g_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                         "values does not support column \"%s\" of type id %d",
                         node->col_names ? node->col_names[c] : "?",
                         (int)node->col_types[c].id);
            goto fail;
        }
    }
    /* a one-row INSERT should not pay for a full batch of every column */
    uint32_t capacity = values->nrows < SS_BATCH_CAPACITY ? values->nrows : SS_BATCH_CAPACITY;
    if (ops_owned_batch_init(ctx, g_api, &st->out, st->ncols, node->col_types,
                             capacity ? capacity : 1) != SS_OK)
        goto fail;
    *state = st;
    return SS_OK;
fail:
    values_close(ctx, self, st);
    return SS_ERROR;
}

/* The scratch vector for this expression type, created on first use (distinct types are
 * few, so a linear search is enough). */
static ss_vector *scratch_for(ss_ctx *ctx, values_state *st, ss_type type)
{
    for (uint32_t i = 0; i < st->nscratch; i++)
        if (st->scratch[i].type.id == type.id && st->scratch[i].type.typmod == type.typmod)
            return st->scratch[i].vector;
    if (st->nscratch == st->scratch_cap) {
        values_scratch *grown =
            ops_realloc(g_api, st->scratch, (size_t)st->scratch_cap * 2 * sizeof *grown);
        if (!grown) {
            g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        st->scratch = grown;
        st->scratch_cap *= 2;
    }
    ss_vector *v = g_api->vector_create(type, 1);
    if (!v) {
        g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    st->scratch[st->nscratch++] = (values_scratch){type, v};
    return v;
}

/* Copies the value at row 0 of src into row of dst (layout of the output column). */
static int copy_value(ss_ctx *ctx, const ss_vector *src, ss_vector *dst, ops_layout layout,
                      uint32_t row, uint32_t c)
{
    if (!ss_vector_is_null(src, 0) && ops_layout_of(src->type.id) != layout)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "values: row %u column %u has type %s but the column is %s",
                            row + 1, c + 1, g_api->type_name(src->type),
                            g_api->type_name(dst->type));
    ss_value v;
    ss_vector_get_value(src, 0, &v);
    return g_api->vector_set_value(ctx, dst, row, &v);
}

static int values_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    values_state *st = state;
    *out = NULL;
    uint32_t n = ops_owned_batch_next_slice(g_api, &st->out, st->next_row, st->node->nrows);
    if (n == 0)
        return SS_OK;
    ss_batch *b = &st->out.batch;
    const ss_batch one_row = {.ncols = 0, .count = 1, .sel = NULL, .sel_count = 0, .cols = NULL};
    for (uint32_t r = 0; r < n; r++) {
        const ss_expr *const *row_exprs =
            st->node->exprs + (size_t)(st->next_row + r) * st->ncols;
        for (uint32_t c = 0; c < st->ncols; c++) {
            ss_vector *scratch = scratch_for(ctx, st, g_api->expr_type(row_exprs[c]));
            if (!scratch)
                return SS_ERROR;
            if (g_api->expr_eval(ctx, row_exprs[c], &one_row, scratch) != SS_OK)
                return SS_ERROR;
            if (copy_value(ctx, scratch, b->cols[c], st->layouts[c], r, c) != SS_OK)
                return SS_ERROR;
        }
    }
    ops_owned_batch_emit(&st->out, n, &st->next_row, out);
    return SS_OK;
}

static int values_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    values_state *st = state;
    st->next_row = 0;
    return SS_OK;
}

static int values_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const values_state *st = state;
    if (!st)
        return SS_OK;
    return ops_explain_appendf(buf, buflen, "%u row%s x %u column%s", st->node->nrows,
                               st->node->nrows == 1 ? "" : "s", st->ncols,
                               st->ncols == 1 ? "" : "s");
}

static const ss_operator_vtable values_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "values",
    .node_kind = SS_NODE_VALUES,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "constant rows evaluated from expressions (SELECT without FROM, VALUES)",
    .open = values_open,
    .next_batch = values_next_batch,
    .close = values_close,
    .rescan = values_rescan,
    .explain = values_explain,
};

SS_PLUGIN_MAGIC("values", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &values_vtable, false);
}
