/* dml_versions.c — writing new row versions through storage vtable version 3
 * (dml_versions.h). */
#include "exec/dml_versions.h"

#include "catalog/lock_table.h"
#include "defer/defer.h"
#include "exec/context.h"
#include "fkey/fkey.h"
#include "index/index.h"
#include "txn/txn_session.h"

bool ss_table_has_versions(const ss_table *t)
{
    const ss_storage_vtable *vt = t->storage;
    return vt && SS_STORAGE_HAS(vt, fetch_versions) && vt->insert_versions &&
           vt->scan_begin_snapshot && vt->scan_rowids && vt->fetch_versions;
}

int ss_dml_write_versions(ss_ctx *ctx, ss_table *t, const ss_batch *rows, ss_rowid *rowids)
{
    if (ss_batch_rows(rows) == 0)
        return SS_OK;
    /* deletes of referenced rows, ALTER and DROP TABLE may have to wait for this writer;
       (LK) recorded before it writes, then it waits for a conflicting LOCK TABLE lock
       (which, taken meanwhile, waits for the writers) */
    ss_xid xid;
    uint32_t cid;
    if (ctx->txn && ss_txn_state_current(ctx->txn, &xid, &cid) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory (or out of transaction ids)");
    if (ss_fkey_note_writer(ctx, t) != SS_OK || ss_table_lock_check(ctx, t, 3) != SS_OK)
        return SS_ERROR;
    if (t->storage->insert_versions(ctx, t->handle, rows, rowids) != SS_OK)
        return SS_ERROR;
    /* a deferred foreign key checks the new rows at COMMIT (defer/defer.h) */
    for (uint32_t i = 0; t->fkeys && i < t->fkeys->n; i++) {
        const ss_fkey *fk = t->fkeys->list[i];
        if (fk->deferrable && ss_defer_is_deferred(ctx->txn, fk, fk->initdeferred) &&
            ss_defer_queue_fkey(ctx, fk, rowids, ss_batch_rows(rows)) != SS_OK)
            return SS_ERROR;
    }
    /* every index of the table gets the new versions' entries (unique ones checked) */
    return ss_index_table_has(t) ? ss_index_insert_rows(ctx, t, rows, rowids) : SS_OK;
}
