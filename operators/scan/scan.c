/* scan.c — the "scan" operator module: produces a table's rows batch by batch through its
 * storage backend's scan_next_batch, which copies into our batch or swaps in its own
 * read-only vectors (zero-copy). */
#include <string.h>

#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/table_cursor.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct scan_state {
    ops_table_cursor cursor;
    ss_batch *batch;       /* what the backend fills: every column but the row id */
    /* with a row-id column (ss_scan_node, SS_SCAN_COLUMN_ROWID): the output batch, the
       backend's vectors with the row ids' vector at its position */
    ss_batch with_rowid;
    ss_vector *rowids;
    bool done;
} scan_state;

static int scan_start(ss_ctx *ctx, scan_state *st)
{
    st->done = false;
    return ops_cursor_begin(ctx, &st->cursor);
}

static void scan_close(ss_ctx *ctx, ss_op *self, void *state)
{
    scan_state *st = state;
    if (!st)
        return;
    ops_cursor_release(&st->cursor);
    if (st->batch)
        g_api->batch_destroy(st->batch);
    if (st->rowids)
        g_api->vector_destroy(st->rowids);
    if (st->with_rowid.cols)
        g_api->free(st->with_rowid.cols);
    g_api->free(st);
}

static int scan_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    scan_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    if (ops_cursor_init(ctx, g_api, "scan", node, &st->cursor) != SS_OK)
        goto fail;
    uint32_t rowid_pos = st->cursor.rowid_pos;
    if (rowid_pos == UINT32_MAX) {
        st->batch = g_api->batch_create(node->ncols, node->col_types, SS_BATCH_CAPACITY);
    } else {
        ss_type *types = g_api->alloc(sizeof(ss_type) * node->ncols);
        st->with_rowid.cols = g_api->alloc(sizeof(ss_vector *) * node->ncols);
        st->rowids = g_api->vector_create(node->col_types[rowid_pos], SS_BATCH_CAPACITY);
        if (types && st->with_rowid.cols && st->rowids) {
            uint32_t k = 0;
            for (uint32_t i = 0; i < node->ncols; i++)
                if (i != rowid_pos)
                    types[k++] = node->col_types[i];
            st->batch = g_api->batch_create(node->ncols - 1, types, SS_BATCH_CAPACITY);
            st->with_rowid.ncols = node->ncols;
        }
        if (types)
            g_api->free(types);
    }
    if (!st->batch) {
        g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        goto fail;
    }
    /* EXPLAIN shows the plan without reading the table */
    if (!(flags & SS_OPEN_EXPLAIN_ONLY) && scan_start(ctx, st) != SS_OK)
        goto fail;
    *state = st;
    return SS_OK;
fail:
    scan_close(ctx, self, st);
    return SS_ERROR;
}

static int scan_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    scan_state *st = state;
    *out = NULL;
    if (st->done)
        return SS_OK;
    if (!st->cursor.scan)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "scan: no scan is open");
    if (ops_cursor_send_hints(ctx, &st->cursor) != SS_OK)
        return SS_ERROR;
    g_api->batch_reset(st->batch);
    if (st->cursor.storage->scan_next_batch(ctx, st->cursor.scan, st->batch) != SS_OK)
        return SS_ERROR;
    if (st->batch->count == 0) {
        st->done = true;
        return SS_OK;
    }
    if (st->batch->count > SS_BATCH_CAPACITY)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "scan: storage backend \"%s\" returned %u rows in one batch",
                            st->cursor.storage->name, st->batch->count);
    if (st->cursor.rowid_pos == UINT32_MAX) {
        *out = st->batch;
        return SS_OK;
    }
    /* the output: the backend's vectors around the row ids of its live rows */
    ss_batch *b = st->batch, *o = &st->with_rowid;
    const ss_rowid *ids = st->cursor.storage->scan_rowids(st->cursor.scan);
    if (!ids)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "scan: the backend reported no row ids");
    int64_t *dst = st->rowids->data;
    uint32_t live = ss_batch_rows(b);
    for (uint32_t k = 0; k < live; k++)
        dst[ss_batch_row(b, k)] = (int64_t)ids[k];
    for (uint32_t i = 0, k = 0; i < o->ncols; i++)
        o->cols[i] = i == st->cursor.rowid_pos ? st->rowids : b->cols[k++];
    o->count = b->count;
    o->sel = b->sel;
    o->sel_count = b->sel_count;
    *out = o;
    return SS_OK;
}

static int scan_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    scan_state *st = state;
    ops_cursor_end(&st->cursor);
    return scan_start(ctx, st);
}

static int scan_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const scan_state *st = state;
    if (!st)
        return SS_OK;
    if (ops_explain_appendf(buf, buflen, "on %s (%u columns, storage %s)", g_api->table_name(st->cursor.node->table),
                            st->cursor.node->ncols, st->cursor.storage->name) != SS_OK)
        return SS_ERROR;
    return ops_cursor_explain_stats(&st->cursor, buf, buflen);
}

static const ss_operator_vtable scan_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "scan",
    .node_kind = SS_NODE_SCAN,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "batched table scan (backend copies or lends whole column vectors)",
    .open = scan_open,
    .next_batch = scan_next_batch,
    .close = scan_close,
    .rescan = scan_rescan,
    .explain = scan_explain,
};

SS_PLUGIN_MAGIC("scan", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &scan_vtable, false);
}
