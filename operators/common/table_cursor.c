/* table_cursor.c — shared table access of the scan operators (scan, scan_row). */
#include "common/table_cursor.h"

#include <stddef.h>
#include <string.h>

#include "common/plan_node.h"

int ops_cursor_init(ss_ctx *ctx, const ss_api *api, const char *op, const ss_plan_node *plan,
                    ops_table_cursor *c)
{
    c->scan = NULL;
    c->api = api;
    c->rowid_pos = UINT32_MAX;
    c->spec_cols = NULL;
    c->hints_due = false;
    c->have_stats = false;
    memset(&c->stats, 0, sizeof c->stats);
    const ss_scan_node *node = c->node = OPS_NODE_OF(ctx, api, plan, SS_NODE_SCAN, ss_scan_node, op);
    if (!node)
        return SS_ERROR;
    if (plan->ncols != node->ncols)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: plan node has %u output columns but scans %u",
                          op, plan->ncols, node->ncols);
    c->storage = api->table_storage(node->table, &c->table);
    if (!c->storage)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: table \"%s\" has no storage backend", op,
                          api->table_name(node->table));
    c->spec.ncols = node->ncols;
    c->spec.columns = node->columns;
    for (uint32_t i = 0; i < node->ncols; i++)
        if (node->columns[i] == SS_SCAN_COLUMN_ROWID)
            c->rowid_pos = i;
    if (c->rowid_pos == UINT32_MAX)
        return SS_OK;
    if (!SS_STORAGE_HAS(c->storage, scan_rowids) || !c->storage->scan_rowids)
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: row ids of storage backend \"%s\"",
                          c->storage->name);
    c->spec_cols = api->alloc(sizeof(uint32_t) * (node->ncols ? node->ncols : 1));
    if (!c->spec_cols)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t k = 0;
    for (uint32_t i = 0; i < node->ncols; i++)
        if (i != c->rowid_pos)
            c->spec_cols[k++] = node->columns[i];
    c->spec.ncols = k;
    c->spec.columns = c->spec_cols;
    return SS_OK;
}

int ops_cursor_begin(ss_ctx *ctx, ops_table_cursor *c)
{
    ops_cursor_end(c);
    void *scan = NULL;
    const ss_storage_vtable *vt = c->storage;
    bool rowids = c->rowid_pos != UINT32_MAX;
    /* (EPQ) row ids of rows a re-check keeps fixed: read as a scan without them */
    bool fixed = c->node->hdr.struct_size >= offsetof(ss_scan_node, rowids_fixed) + sizeof c->node->rowids_fixed &&
                 c->node->rowids_fixed;
    const ss_snapshot *snap = SS_API_HAS(c->api, txn_scan_snapshot) ? c->api->txn_scan_snapshot(ctx, rowids && !fixed)
                              : SS_API_HAS(c->api, txn_snapshot)    ? c->api->txn_snapshot(ctx)
                                                                    : NULL;
    if (snap && SS_STORAGE_HAS(vt, scan_begin_snapshot) && vt->scan_begin_snapshot) {
        if (vt->scan_begin_snapshot(ctx, c->table, &c->spec, snap, c->rowid_pos != UINT32_MAX,
                                &scan) != SS_OK)
            return SS_ERROR;
    } else if (c->rowid_pos != UINT32_MAX) {
        return c->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "row ids asked of a scan without a snapshot");
    } else if (vt->scan_begin(ctx, c->table, &c->spec, &scan) != SS_OK) {
        return SS_ERROR;
    }
    c->scan = scan;
    c->hints_due = true;
    return SS_OK;
}

void ops_cursor_end(ops_table_cursor *c)
{
    if (c->scan) {
        ops_cursor_add_stats(c);
        c->storage->scan_end(c->scan);
        c->scan = NULL;
    }
}

void ops_cursor_release(ops_table_cursor *c)
{
    ops_cursor_end(c);
    if (c->spec_cols) {
        c->api->free(c->spec_cols);
        c->spec_cols = NULL;
    }
}
