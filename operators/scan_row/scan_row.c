/* scan_row.c — the "scan_row" operator module: the row-at-a-time reference scan.  It fills
 * its batch by calling the backend's scan_next_row once per row and storing each ss_value
 * into the vectors (text copied into the vector's heap).  Same results as "scan"; it exists
 * for A/B comparison (SET sunstone.operator_scan = 'scan_row'). */
#include <string.h>

#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/table_cursor.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct scan_row_state {
    ops_table_cursor cursor;
    ss_batch *batch;
    ss_value *values; /* one row from the backend */
    ops_layout *layouts;
    bool done;
} scan_row_state;

static int scan_row_start(ss_ctx *ctx, scan_row_state *st)
{
    st->done = false;
    return ops_cursor_begin(ctx, &st->cursor);
}

static void scan_row_close(ss_ctx *ctx, ss_op *self, void *state)
{
    scan_row_state *st = state;
    if (!st)
        return;
    ops_cursor_release(&st->cursor);
    if (st->batch)
        g_api->batch_destroy(st->batch);
    ops_free(g_api, st->values);
    ops_free(g_api, st->layouts);
    g_api->free(st);
}

static int scan_row_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    scan_row_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    if (ops_cursor_init(ctx, g_api, "scan_row", node, &st->cursor) != SS_OK)
        goto fail;
    if (st->cursor.rowid_pos != UINT32_MAX) {
        g_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                     "feature not supported: row ids in operator scan_row (UPDATE / DELETE)");
        goto fail;
    }
    st->layouts = ops_zalloc_array(ctx, g_api, node->ncols, sizeof *st->layouts);
    st->values = ops_zalloc_array(ctx, g_api, node->ncols, sizeof *st->values);
    if (!st->layouts || !st->values)
        goto fail;
    for (uint32_t c = 0; c < node->ncols; c++) {
        st->layouts[c] = ops_layout_of(node->col_types[c].id);
        if (st->layouts[c] == OPS_LAYOUT_NONE) {
            g_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                         "scan_row does not support column \"%s\" of type id %d",
                         node->col_names ? node->col_names[c] : "?",
                         (int)node->col_types[c].id);
            goto fail;
        }
    }
    st->batch = g_api->batch_create(node->ncols, node->col_types, SS_BATCH_CAPACITY);
    if (!st->batch) {
        g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        goto fail;
    }
    /* EXPLAIN shows the plan without reading the table */
    if (!(flags & SS_OPEN_EXPLAIN_ONLY) && scan_row_start(ctx, st) != SS_OK)
        goto fail;
    *state = st;
    return SS_OK;
fail:
    scan_row_close(ctx, self, st);
    return SS_ERROR;
}

/* Stores one value at row of v (the batch was reset, so every row starts valid).  Typed on the
 * layout chosen at open rather than through ss_api.vector_set_value: this runs for every value
 * of the row-at-a-time scan, and the call through the table costs it about 11% (bench_scan_ab). */
static int store_value(ss_ctx *ctx, ss_vector *v, ops_layout layout, uint32_t row,
                       const ss_value *val)
{
    if (val->is_null) {
        if (g_api->vector_ensure_validity(ctx, v) != SS_OK)
            return SS_ERROR;
        ss_vector_set_null(v, row);
        return SS_OK;
    }
    ss_vector_set_valid(v, row);
    switch (layout) {
    case OPS_LAYOUT_BOOL: ((uint8_t *)v->data)[row] = val->v.b ? 1 : 0; break;
    case OPS_LAYOUT_INT2: ((int16_t *)v->data)[row] = (int16_t)val->v.i; break;
    case OPS_LAYOUT_INT4: ((int32_t *)v->data)[row] = (int32_t)val->v.i; break;
    case OPS_LAYOUT_INT8: ((int64_t *)v->data)[row] = val->v.i; break;
    case OPS_LAYOUT_FLOAT8: ((double *)v->data)[row] = val->v.f; break;
    case OPS_LAYOUT_TEXT:
    case OPS_LAYOUT_CUSTOM: {
        uint32_t len = val->v.s.len;
        const char *bytes = "";
        if (len) {
            char *copy = g_api->vector_text_alloc(ctx, v, len);
            if (!copy)
                return SS_ERROR;
            memcpy(copy, val->v.s.ptr, len);
            bytes = copy;
        }
        ((ss_text *)v->data)[row] = (ss_text){bytes, len, 0};
        break;
    }
    case OPS_LAYOUT_NONE:
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "scan_row: column has no layout");
    }
    return SS_OK;
}

static int scan_row_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    scan_row_state *st = state;
    *out = NULL;
    if (st->done)
        return SS_OK;
    if (!st->cursor.scan)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "scan_row: no scan is open");
    if (ops_cursor_send_hints(ctx, &st->cursor) != SS_OK)
        return SS_ERROR;
    ss_batch *b = st->batch;
    g_api->batch_reset(b);
    uint32_t ncols = st->cursor.node->ncols;
    while (b->count < SS_BATCH_CAPACITY) {
        bool has_row = false;
        if (st->cursor.storage->scan_next_row(ctx, st->cursor.scan, st->values, &has_row) != SS_OK)
            return SS_ERROR;
        if (!has_row) {
            st->done = true;
            break;
        }
        for (uint32_t c = 0; c < ncols; c++)
            if (store_value(ctx, b->cols[c], st->layouts[c], b->count, &st->values[c]) != SS_OK)
                return SS_ERROR;
        b->count++;
    }
    if (b->count > 0)
        *out = b;
    return SS_OK;
}

static int scan_row_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    scan_row_state *st = state;
    ops_cursor_end(&st->cursor);
    return scan_row_start(ctx, st);
}

static int scan_row_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const scan_row_state *st = state;
    if (!st)
        return SS_OK;
    if (ops_explain_appendf(buf, buflen, "on %s (%u columns, storage %s, row at a time)",
                            g_api->table_name(st->cursor.node->table), st->cursor.node->ncols,
                            st->cursor.storage->name) != SS_OK)
        return SS_ERROR;
    return ops_cursor_explain_stats(&st->cursor, buf, buflen);
}

static const ss_operator_vtable scan_row_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "scan_row",
    .node_kind = SS_NODE_SCAN,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "row-at-a-time reference table scan (scan_next_row per row)",
    .open = scan_row_open,
    .next_batch = scan_row_next_batch,
    .close = scan_row_close,
    .rescan = scan_row_rescan,
    .explain = scan_row_explain,
};

SS_PLUGIN_MAGIC("scan_row", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &scan_row_vtable, false);
}
