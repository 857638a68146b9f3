/* table_cursor.c — shared table access of the scan operators (scan, scan_row). */
#include "common/table_cursor.h"

#include "common/plan_node.h"

int ops_cursor_init(ss_ctx *ctx, const ss_api *api, const char *op, const ss_plan_node *plan,
                    ops_table_cursor *c)
{
    c->scan = NULL;
    c->api = api;
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
    return SS_OK;
}

int ops_cursor_begin(ss_ctx *ctx, ops_table_cursor *c)
{
    ops_cursor_end(c);
    void *scan = NULL;
    const ss_storage_vtable *vt = c->storage;
    const ss_snapshot *snap = SS_API_HAS(c->api, txn_snapshot) ? c->api->txn_snapshot(ctx) : NULL;
    if (snap && SS_STORAGE_HAS(vt, scan_begin_snapshot) && vt->scan_begin_snapshot) {
        if (vt->scan_begin_snapshot(ctx, c->table, &c->spec, snap, false, &scan) != SS_OK)
            return SS_ERROR;
    } else if (vt->scan_begin(ctx, c->table, &c->spec, &scan) != SS_OK) {
        return SS_ERROR;
    }
    c->scan = scan;
    return SS_OK;
}

void ops_cursor_end(ops_table_cursor *c)
{
    if (c->scan) {
        c->storage->scan_end(c->scan);
        c->scan = NULL;
    }
}
