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
    /* scan hints (storage.h version 8, scan_hints.c): still to pass to the open scan */
    bool hints_due;
    /* what the scans ended so far read and skipped (scan_stats), for EXPLAIN ANALYZE */
    bool have_stats;
    ss_scan_stats stats;
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
/* Before the first read of a scan begun by ops_cursor_begin: evaluates the node's hints and
 * passes them to the backend (storage.h scan_hint) unless sunstone.zone_map_pushdown is
 * off or the backend has no scan_hint (scan_hints.c).  Does nothing after the first call. */
int ops_cursor_send_hints(ss_ctx *ctx, ops_table_cursor *c);
/* Adds the open scan's statistics (scan_stats) to c->stats (scan_hints.c). */
void ops_cursor_add_stats(ops_table_cursor *c);
/* Appends "  <unit>: N read (R rows), M skipped (S rows)" to an explain line: what every
 * scan of the cursor read so far, the open one's included; nothing when the backend
 * reported nothing (a plain EXPLAIN, which begins no scan). */
int ops_cursor_explain_stats(const ops_table_cursor *c, char *buf, size_t buflen);
/* Ends the scan and frees what init allocated (the operator's close). */
void ops_cursor_release(ops_table_cursor *c);

#endif
