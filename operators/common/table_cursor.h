/* table_cursor.h — what every scan operator does with its table: check the scan node,
 * resolve the table's storage backend, and begin / end the backend scan. */
#ifndef OPS_TABLE_CURSOR_H
#define OPS_TABLE_CURSOR_H

#include "sunstone/plugin.h"

typedef struct ops_table_cursor {
    const ss_scan_node *node;
    const ss_storage_vtable *storage;
    void *table;       /* the backend's table handle */
    ss_scan_spec spec; /* kept here: the backend may hold on to it during the scan */
    void *scan;        /* open backend scan, NULL when none */
    const ss_api *api;
    /* the node's output position of SS_SCAN_COLUMN_ROWID (UINT32_MAX: none); then spec
       names the other columns (spec_cols, owned) and the scan reports row ids */
    uint32_t rowid_pos;
    uint32_t *spec_cols;
} ops_table_cursor;

/* Checks node (a scan node whose output is its scanned columns) and resolves its backend;
 * `op` names the operator in error messages.  Does not begin the scan (which an instance
 * opened with SS_OPEN_EXPLAIN_ONLY never does). */
int ops_cursor_init(ss_ctx *ctx, const ss_api *api, const char *op, const ss_plan_node *node,
                    ops_table_cursor *c);
/* Begins a backend scan (ending one that is open first): with the running statement's
 * snapshot (ss_api.txn_snapshot) on a backend that keeps row versions (storage.h version
 * 3), else the plain scan. */
int ops_cursor_begin(ss_ctx *ctx, ops_table_cursor *c);
void ops_cursor_end(ops_table_cursor *c);
/* Ends the scan and frees what init allocated (the operator's close). */
void ops_cursor_release(ops_table_cursor *c);

#endif
