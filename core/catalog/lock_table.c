/* lock_table.c — LOCK TABLE in PostgreSQL's eight modes (lock_table.h).  ACCESS EXCLUSIVE is
 * the catalog's exclusive table lock (catalog_txn.c), which waits for the transactions
 * writing to the table; the other modes are entries of the database's table-lock table
 * (txn/txn_table_locks.h), taken after any exclusive lock's holder and after the other
 * entries they conflict with, then after the statements' locks they conflict with: writers
 * of the table (ROW EXCLUSIVE: fkey_writers.c) for SHARE and above, holders of row locks
 * (ROW SHARE: txn_row_locks.h) for EXCLUSIVE.  ROW EXCLUSIVE also records the transaction
 * as a writer, as its INSERT would. */
#include "catalog/lock_table.h"

#include "catalog/catalog_txn.h"
#include "fkey/fkey.h"
#include "txn/txn_row_locks.h"
#include "txn/txn_row_wait.h"
#include "txn/txn_session.h"
#include "txn/txn_table_locks.h"

/* PostgreSQL's name of lock mode m (its numbering: 1 ACCESS SHARE ... 8 ACCESS EXCLUSIVE). */
static const char *mode_name(int m)
{
    static const char *const names[] = {"ACCESS SHARE", "ROW SHARE", "ROW EXCLUSIVE", "SHARE UPDATE EXCLUSIVE",
                                        "SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE", "ACCESS EXCLUSIVE"};
    return m >= 1 && m <= 8 ? names[m - 1] : "unknown";
}

static int not_obtained(ss_ctx *ctx, const ss_table *t)
{
    return ss_ctx_error(ctx, "55P03", "could not obtain lock on relation \"%s\"", t->name);
}

int ss_table_lock_check(ss_ctx *ctx, const ss_table *t, int mode)
{
    ss_txn_state *ts = ctx->txn;
    ss_table_locks *tl = ts ? ss_txn_table_locks(ts->m) : NULL;
    if (!ts || (mode == 8 ? ss_table_locks_none(tl) : ss_table_locks_empty(tl)))
        return SS_OK;
    for (;;) {
        ss_xid holder = ss_table_locks_conflicting(ss_txn_table_locks(ts->m), ts->m, t, mode, ts->top);
        if (holder == SS_XID_INVALID)
            return SS_OK;
        ss_xid xid;
        uint32_t cid;
        if (ts->top == SS_XID_INVALID && ss_txn_state_current(ts, &xid, &cid) != 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (ss_txn_wait_row_holder(ctx, holder) != SS_OK)
            return SS_ERROR;
    }
}

/* Every mode but ACCESS EXCLUSIVE on table t (found after any exclusive lock's holder). */
static int take(ss_ctx *ctx, ss_table *t, int mode, bool nowait)
{
    ss_txn_state *ts = ctx->txn;
    ss_xid xid;
    uint32_t cid;
    if (ss_txn_state_current(ts, &xid, &cid) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_txn_manager *m = ts->m;
    for (;;) {
        ss_xid holder;
        if (ss_table_locks_add(ss_txn_table_locks(m), m, t, xid, ts->top, mode, &holder) != 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (holder == SS_XID_INVALID)
            break;
        if (nowait)
            return not_obtained(ctx, t);
        if (ss_txn_wait_row_holder(ctx, holder) != SS_OK)
            return SS_ERROR;
    }
    if (mode == 3) /* ROW EXCLUSIVE: a writer (ALTER and DROP TABLE wait for it) */
        return ss_fkey_note_writer(ctx, t);
    for (ss_xid w; ss_table_lock_conflicts(mode, 3) && (w = ss_fkey_other_writer(ctx, t)) != SS_XID_INVALID;) {
        if (nowait)
            return not_obtained(ctx, t);
        if (ss_txn_wait_row_holder(ctx, w) != SS_OK)
            return SS_ERROR;
    }
    ss_row_locks *rl = ss_txn_row_locks(m);
    for (ss_xid h; ss_table_lock_conflicts(mode, 2) && (h = ss_row_locks_table_holder(rl, m, t, ts->top)) != SS_XID_INVALID;) {
        if (nowait)
            return not_obtained(ctx, t);
        if (ss_txn_wait_row_holder(ctx, h) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_table_lock_take(ss_ctx *ctx, ss_table *t, int mode)
{
    if (!ctx->txn || !ctx->txn->active || !ctx->txn->m || t->system)
        return SS_OK;
    return take(ctx, t, mode, false);
}

int ss_catalog_lock_stmt(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st)
{
    if (!ctx->txn || !ctx->txn->in_block)
        return ss_ctx_error(ctx, "25P01", "LOCK TABLE can only be used in transaction blocks");
    int mode = st->lock_mode;
    if (mode < 1 || mode > 8)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: LOCK TABLE ... IN %s MODE",
                            mode_name(mode));
    for (uint32_t i = 0; i < st->ndrop; i++) {
        const char *name = st->drop_names[i];
        ss_table *t;
        int rc = mode == 8 ? ss_catalog_lock_table_nowait(ctx, c, name, st->nowait, &t)
                 : st->nowait ? ss_catalog_find_nowait(ctx, c, name, &t)
                              : ss_catalog_find_waiting(ctx, c, name, &t);
        if (rc)
            return SS_ERROR;
        if (!t && ss_catalog_find_view(c, name))
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: LOCK TABLE of view \"%s\"",
                                name);
        if (!t)
            return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", name);
        if (t->system)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: LOCK TABLE of system relation \"%s\"", name);
        if (mode != 8 && take(ctx, t, mode, st->nowait))
            return SS_ERROR;
    }
    return SS_OK;
}
