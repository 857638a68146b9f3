/* txn_statement.c — statements inside the session's transaction (statement.h): the implicit
 * transaction of a statement run outside BEGIN ... COMMIT, the statement's snapshot, and what
 * a failure does (an implicit transaction aborts; a block is marked failed, 25P02 until
 * ROLLBACK).  A failed statement's writes need no undo of their own: they carry the xid of
 * the transaction (or of its innermost savepoint), and aborting that makes them invisible. */
#include "api/durable.h"
#include "api/statement.h"
#include "api/temp_on_commit.h"
#include "defer/defer.h"
#include "exec/context.h"
#include "types/datetime/datetime.h"

int ss_txn_stmt_start(sunstone_stmt *st)
{
    ss_txn_state *t = &st->db->txn;
    if (st->txn_running)
        ss_txn_stmt_finish(st, true);
    ss_txn_history_sync(st->db, false);
    if (!t->active) {
        ss_txn_state_begin(t, false, (ss_isolation)st->db->settings.default_txn_isolation,
                           st->db->settings.default_txn_read_only, dt_statement_start());
        ss_txn_begin_default_level(t, &st->db->settings);
    }
    dt_transaction_start(t->start_us); /* now() is the transaction's start */
    t->open_stmts++;
    st->txn_running = true;
    /* as in PostgreSQL, SET, SHOW and transaction control take no snapshot: a REPEATABLE
       READ block's is its first query's, and SET TRANSACTION works until that query */
    ast_stmt_kind k = st->ast->kind;
    if (k == AST_SET || k == AST_RESET || k == AST_SHOW || k == AST_TRANSACTION)
        return SS_OK;
    t->snapshot_taken = true;
    if (ss_txn_state_statement_snapshot(t, &st->snap) != 0) {
        ss_txn_stmt_finish(st, false);
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    st->ctx.txn = t;
    st->ctx.snapshot = &st->snap.snap;
    if (ss_txn_stmt_as_of(st) != SS_OK) { /* time travel (txn_as_of.c) */
        ss_txn_stmt_finish(st, false);
        return SS_ERROR;
    }
    return SS_OK;
}

int ss_txn_stmt_fire_deferred(sunstone_stmt *st, bool at_commit)
{
    ss_txn_state *t = &st->db->txn;
    if (!ss_defer_pending(t))
        return SS_OK;
    ast_stmt_kind k = st->ast->kind;
    if (k == AST_SET || k == AST_RESET || k == AST_SHOW || k == AST_TRANSACTION) {
        /* these took no snapshot (ss_txn_stmt_start): one of their own, released at finish */
        ss_txn_snapshot_release(&st->snap);
        if (ss_txn_state_statement_snapshot(t, &st->snap) != 0)
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        st->ctx.snapshot = &st->snap.snap;
    }
    st->ctx.txn = t;
    return ss_defer_fire(&st->ctx, at_commit);
}

/* The checks of DEFERRABLE constraints due at the end of a statement: those not deferred,
   all of them when the statement's implicit transaction commits. */
static int fire_deferred(sunstone_stmt *st)
{
    const ss_txn_state *t = &st->db->txn;
    return ss_txn_stmt_fire_deferred(st, !t->in_block && t->open_stmts == 1 && !t->failed);
}

int ss_txn_stmt_finish(sunstone_stmt *st, bool ok)
{
    if (!st->txn_running)
        return SS_OK;
    int fired = SS_OK;
    if (ok && st->db->txn.active && (fired = fire_deferred(st)) != SS_OK)
        ok = false;
    if (ok)
        ss_durable_stmt_end(st);
    st->txn_running = false;
    st->ctx.snapshot = NULL;
    st->as_of = false;
    ss_txn_snapshot_release(&st->snap);
    ss_txn_state *t = &st->db->txn;
    if (t->open_stmts > 0)
        t->open_stmts--;
    if (!t->active)
        return SS_OK; /* the statement ended the transaction itself (COMMIT, ROLLBACK) */
    if (!ok)
        t->failed = true;
    ss_txn_state_next_command(t);
    int rc = fired;
    if (!t->in_block && t->open_stmts == 0) {
        /* a database file's commit is durable before it is visible; if it cannot be made
           so, the transaction aborts (durable.h) */
        if (!t->failed && ss_durable_commit(&st->ctx, st->db) != SS_OK) {
            t->failed = true;
            rc = SS_ERROR;
        }
        bool commit = !t->failed;
        if (!commit)
            ss_durable_abort(&st->ctx, st->db);
        ss_txn_state_commit(t); /* aborts when failed */
        ss_durable_commit_end(st->db);
        ss_txn_settings_end(st->db, commit);
    }
    ss_txn_history_sync(st->db, false); /* a SET of the history settings takes effect */
    return rc;
}

void ss_txn_settings_end(sunstone *db, bool commit)
{
    ss_temp_on_commit_txn_end(db, commit);
    ss_cursors_txn_end(&db->cursors, commit); /* (M) cursors without HOLD close */
    if (ss_settings_txn_end(&db->settings, commit))
        ss_db_release_parked(db); /* an operator setting may have changed back */
}
