/* lock_table.c — LOCK TABLE (lock_table.h): ACCESS EXCLUSIVE is the catalog's exclusive
 * table lock (catalog_txn.c), which waits for the transactions writing to the table; the
 * modes that conflict only with it record the transaction as a writer (fkey_writers.c). */
#include "catalog/lock_table.h"

#include "catalog/catalog_txn.h"
#include "fkey/fkey.h"
#include "txn/txn_session.h"

/* PostgreSQL's name of lock mode m (its numbering: 1 ACCESS SHARE ... 8 ACCESS EXCLUSIVE). */
static const char *mode_name(int m)
{
    static const char *const names[] = {"ACCESS SHARE", "ROW SHARE", "ROW EXCLUSIVE", "SHARE UPDATE EXCLUSIVE",
                                        "SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE", "ACCESS EXCLUSIVE"};
    return m >= 1 && m <= 8 ? names[m - 1] : "unknown";
}

/* ACCESS SHARE, ROW SHARE, ROW EXCLUSIVE: after any exclusive lock's holder, the transaction
   counts as a writer of t, which ALTER and DROP TABLE wait for (as these modes conflict with
   ACCESS EXCLUSIVE). */
static int lock_shared(ss_ctx *ctx, ss_catalog *c, const char *name, bool nowait, ss_table **t)
{
    ss_xid xid;
    uint32_t cid;
    if (nowait ? ss_catalog_find_nowait(ctx, c, name, t) : ss_catalog_find_waiting(ctx, c, name, t))
        return SS_ERROR;
    if (!*t || (*t)->system)
        return SS_OK;
    if (ss_txn_state_current(ctx->txn, &xid, &cid) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return ss_fkey_note_writer(ctx, *t);
}

int ss_catalog_lock_stmt(ss_ctx *ctx, ss_catalog *c, const ast_stmt *st)
{
    if (!ctx->txn || !ctx->txn->in_block)
        return ss_ctx_error(ctx, "25P01", "LOCK TABLE can only be used in transaction blocks");
    bool shared = st->lock_mode >= 1 && st->lock_mode <= 3;
    if (st->lock_mode != 8 && !shared)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: LOCK TABLE ... IN %s MODE",
                            mode_name(st->lock_mode));
    for (uint32_t i = 0; i < st->ndrop; i++) {
        const char *name = st->drop_names[i];
        ss_table *t;
        if (shared ? lock_shared(ctx, c, name, st->nowait, &t)
                   : ss_catalog_lock_table_nowait(ctx, c, name, st->nowait, &t))
            return SS_ERROR;
        if (!t && ss_catalog_find_view(c, name))
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: LOCK TABLE of view \"%s\"",
                                name);
        if (!t)
            return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", name);
        if (t->system)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: LOCK TABLE of system relation \"%s\"", name);
    }
    return SS_OK;
}
