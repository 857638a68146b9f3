/* table_cursor.c — shared table access of the scan operators (scan, scan_row). */
#include "common/table_cursor.h"

int ops_cursor_init(ss_ctx *ctx, const ss_api *api, const char *op, const ss_plan_node *node,
                    ops_table_cursor *c)
{
    c->node = node;
    c->scan = NULL;
    if (node->ncols != node->scan.ncols)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: plan node has %u output columns but scans %u",
                          op, node->ncols, node->scan.ncols);
    c->storage = api->table_storage(node->scan.table, &c->table);
    if (!c->storage)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s: table \"%s\" has no storage backend", op,
                          api->table_name(node->scan.table));
    c->spec.ncols = node->scan.ncols;
    c->spec.columns = node->scan.columns;
    return SS_OK;
}

int ops_cursor_begin(ss_ctx *ctx, ops_table_cursor *c)
{
    ops_cursor_end(c);
    void *scan = NULL;
    if (c->storage->scan_begin(ctx, c->table, &c->spec, &scan) != SS_OK)
        return SS_ERROR;
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
