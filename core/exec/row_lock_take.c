/* row_lock_take.c — taking one row lock with PostgreSQL's waits (row_lock_take.h). */
#include "exec/row_lock_take.h"

#include "catalog/lock_table.h"
#include "exec/interrupt.h"
#include "txn/txn_row_wait.h"
#include "txn/txn_session.h"

int ss_row_serialization_failure(ss_ctx *ctx, const ss_table *t, ss_rowid row)
{
    ss_rowid next = SS_ROWID_INVALID;
    if (t->storage->link_versions(ctx, t->handle, &row, 1, NULL, &next) != SS_OK)
        return SS_ERROR;
    return ss_ctx_error(ctx, "40001", "could not serialize access due to concurrent %s",
                        next != SS_ROWID_INVALID ? "update" : "delete");
}

int ss_row_lock_take(ss_ctx *ctx, const ss_table *t, ss_rowid row, ss_row_lock_mode mode, ss_row_lock_wait wait,
                     ss_row_lock_result *out)
{
    ss_txn_state *ts = ctx->txn;
    ss_xid xid;
    uint32_t cid;
    if (!ts || ss_txn_state_current(ts, &xid, &cid) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory (or out of transaction ids)");
    ss_txn_manager *m = ts->m;
    ss_row_locks *rl = ss_txn_row_locks(m);
    /* (LK) ROW SHARE against LOCK TABLE ... EXCLUSIVE / ACCESS EXCLUSIVE (lock_table.h) */
    if (ss_table_lock_check(ctx, t, 2) != SS_OK)
        return SS_ERROR;
    ss_xid top = ts->top;
    for (;;) {
        ss_xid peek = SS_XID_PEEK;
        ss_version_stamp seen;
        ss_xid holder = SS_XID_INVALID;
        bool changed = false;
        ss_row_locks_enter(rl);
        int rc = t->storage->lock_versions(ctx, t->handle, &row, 1, SS_XID_INVALID, 0, &peek, &seen);
        if (rc == SS_OK && seen.xmax != SS_XID_INVALID && ss_txn_top(m, seen.xmax) != top) {
            ss_xid_status s = ss_txn_effective_status(m, seen.xmax);
            if (s == SS_XID_RUNNING)
                holder = seen.xmax; /* a running UPDATE / DELETE: UPDATE strength */
            else if (s == SS_XID_COMMITTED)
                changed = true;
        }
        if (rc == SS_OK && !changed && holder == SS_XID_INVALID)
            holder = ss_row_locks_conflicting(rl, m, t, row, mode, top);
        if (rc == SS_OK && !changed && holder == SS_XID_INVALID &&
            ss_row_locks_add(rl, m, t, row, xid, mode) != 0)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        ss_row_locks_leave(rl);
        if (rc != SS_OK)
            return SS_ERROR;
        if (changed) {
            if (ts->isolation != SS_ISO_READ_COMMITTED)
                return ss_row_serialization_failure(ctx, t, row);
            *out = SS_ROW_LOCK_CHANGED;
            return SS_OK;
        }
        if (holder == SS_XID_INVALID) {
            *out = SS_ROW_LOCK_TAKEN;
            return SS_OK;
        }
        if (wait == SS_ROW_LOCK_SKIP_LOCKED) {
            *out = SS_ROW_LOCK_SKIPPED;
            return SS_OK;
        }
        if (wait == SS_ROW_LOCK_NOWAIT)
            return ss_ctx_error(ctx, "55P03", "could not obtain lock on row in relation \"%s\"", t->name);
        if (ss_txn_wait_row_holder(ctx, holder) != SS_OK || ss_check_interrupt(ctx) != SS_OK)
            return SS_ERROR;
    }
}
