/* txn_control.c — the transaction-control statements (BEGIN / START TRANSACTION, COMMIT /
 * END, ROLLBACK / ABORT, SAVEPOINT, RELEASE, ROLLBACK TO) over the session's transaction
 * state, with PostgreSQL's warnings, errors and command tags; the 25P02 gate of a failed
 * block; and the refusals of writes in a READ ONLY transaction (25006) and of the statements
 * that are not transactional yet inside a block (0A000). */
#include <stdio.h>

#include "api/durable.h"
#include "api/statement.h"
#include "exec/context.h"

int sunstone_transaction_status(sunstone *db)
{
    if (!db || !db->txn.in_block)
        return SUNSTONE_TXN_IDLE;
    return db->txn.failed ? SUNSTONE_TXN_FAILED : SUNSTONE_TXN_INBLOCK;
}

static bool txn_kind_is(const ast_stmt *a, ast_txn_kind k)
{
    return a && a->kind == AST_TRANSACTION && a->txn_kind == k;
}

int ss_txn_gate(sunstone *db, const ast_stmt *a, ss_ctx *ctx)
{
    const ss_txn_state *t = &db->txn;
    if (!t->in_block || !t->failed)
        return SS_OK;
    if (txn_kind_is(a, AST_TXN_COMMIT) || txn_kind_is(a, AST_TXN_ROLLBACK) ||
        txn_kind_is(a, AST_TXN_ROLLBACK_TO))
        return SS_OK;
    return ss_ctx_error(ctx, "25P02",
                        "current transaction is aborted, commands ignored until end of "
                        "transaction block");
}

int ss_txn_stmt_gate(sunstone_stmt *st)
{
    return ss_txn_gate(st->db, st->ast, &st->ctx);
}

int ss_txn_check_write(sunstone_stmt *st, ast_stmt_kind kind)
{
    const ss_txn_state *t = &st->db->txn;
    const char *name = ss_stmt_kind_name(kind);
    bool copy_to = kind == AST_COPY && !(st->ast && st->ast->copy && st->ast->copy->is_from);
    bool reads = kind == AST_SELECT || kind == AST_TRANSACTION || kind == AST_SET || kind == AST_RESET ||
                 kind == AST_SHOW || kind == AST_EXPLAIN || kind == AST_LOAD || kind == AST_PREPARE ||
                 kind == AST_EXECUTE || kind == AST_DEALLOCATE || copy_to || kind == AST_DECLARE_CURSOR ||
                 kind == AST_FETCH || kind == AST_CLOSE_CURSOR || kind == AST_DISCARD ||
                 kind == AST_VACUUM || kind == AST_CHECKPOINT || kind == AST_SET_CONSTRAINTS; /* (no rows change; VACUUM refuses blocks itself) */
    if (!reads && t->read_only)
        return ss_ctx_error(&st->ctx, "25006", "cannot execute %s in a read-only transaction",
                            kind == AST_COPY ? "COPY FROM" : name);
    bool explain_write = kind == AST_EXPLAIN && st->ast && st->ast->explain_target &&
                         st->ast->explain_target->kind != AST_SELECT;
    if ((!reads || explain_write) && ss_txn_as_of_session(st->db)) { /* time travel reads only */
        ss_ctx_error(&st->ctx, "25006", "cannot execute %s while sunstone.as_of is set",
                     kind == AST_COPY ? "COPY FROM" : name);
        ss_ctx_error_hint(&st->ctx, "Time travel reads only: RESET sunstone.as_of to write.");
        return SS_ERROR;
    }
    /* COPY FROM writes versions as INSERT does; PREPARE is not transactional; CREATE / DROP
       of tables, views, indexes, sequences and types are logged and undone (catalog/catalog_txn.h) */
    bool ddl = kind == AST_CREATE_TABLE || kind == AST_DROP_TABLE || kind == AST_CREATE_VIEW ||
               kind == AST_DROP_VIEW || kind == AST_CREATE_INDEX || kind == AST_DROP_INDEX ||
               kind == AST_CREATE_SEQUENCE || kind == AST_DROP_SEQUENCE || kind == AST_ALTER_SEQUENCE ||
               kind == AST_CREATE_TABLE_AS ||
               kind == AST_ALTER_TABLE || kind == AST_DROP_MATVIEW || kind == AST_CREATE_SCHEMA ||
               kind == AST_DROP_SCHEMA || kind == AST_ALTER_SCHEMA || kind == AST_LOCK_TABLE ||
               kind == AST_CREATE_TYPE || kind == AST_ALTER_TYPE || kind == AST_DROP_TYPE;
    bool dml = kind == AST_UPDATE || kind == AST_DELETE || kind == AST_TRUNCATE || kind == AST_REFRESH_MATVIEW;
    if (!reads && !ddl && !dml && kind != AST_INSERT && kind != AST_COPY && t->in_block)
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: %s inside a transaction block", name);
    return SS_OK;
}

static int warn(sunstone_stmt *st, const char *fmt)
{
    ss_ctx_message(&st->ctx, SS_MSG_WARNING, "%s", fmt);
    return SS_OK;
}

static int not_in_block(sunstone_stmt *st, const char *what)
{
    return ss_ctx_error(&st->ctx, "25P01", "%s can only be used in transaction blocks", what);
}

/* RELEASE / ROLLBACK TO (what names it): the level of the savepoint the statement names. */
static int find_savepoint(sunstone_stmt *st, const char *what, uint32_t *index)
{
    if (!st->db->txn.in_block)
        return not_in_block(st, what);
    const char *name = st->ast->savepoint;
    int i = ss_txn_state_find(&st->db->txn, name);
    if (i < 0)
        return ss_ctx_error(&st->ctx, "3B001", "savepoint \"%s\" does not exist", name);
    *index = (uint32_t)i;
    return SS_OK;
}

int ss_run_transaction(sunstone_stmt *st)
{
    ss_txn_state *t = &st->db->txn;
    const ast_stmt *a = st->ast;
    uint32_t index = 0;
    switch (a->txn_kind) {
    case AST_TXN_BEGIN:
    case AST_TXN_START:
        snprintf(st->tag, sizeof st->tag, "%s",
                 a->txn_kind == AST_TXN_BEGIN ? "BEGIN" : "START TRANSACTION");
        if (t->in_block)
            return warn(st, "there is already a transaction in progress");
        /* the implicit transaction this statement opened becomes the block; its snapshot
           (REPEATABLE READ) is taken by the block's first statement */
        t->in_block = true;
        if (a->txn_isolation >= 0)
            ss_txn_begin_level(t, a->txn_isolation);
        if (a->txn_read_only >= 0)
            t->read_only = a->txn_read_only == 1;
        t->have_snap = false;
        return SS_OK;
    case AST_TXN_COMMIT:
        if (!t->in_block) {
            snprintf(st->tag, sizeof st->tag, "COMMIT");
            return warn(st, "there is no transaction in progress");
        }
        snprintf(st->tag, sizeof st->tag, "%s", t->failed ? "ROLLBACK" : "COMMIT");
        /* the deferred constraint checks run first: a failure rolls the transaction back */
        bool deferred_failed = !t->failed && ss_txn_stmt_fire_deferred(st, true) != SS_OK;
        if (deferred_failed)
            t->failed = true;
        /* a database file's commit is durable before it is visible, or it aborts (durable.h) */
        bool durable_failed = !t->failed && ss_durable_commit(&st->ctx, st->db) != SS_OK;
        if (durable_failed)
            t->failed = true;
        bool commit = !t->failed;
        if (!commit)
            ss_durable_abort(&st->ctx, st->db);
        ss_cursors_txn_end(&st->db->cursors, commit); /* before the end undoes DDL they may read */
        ss_txn_state_commit(t);
        ss_durable_commit_end(st->db);
        ss_txn_settings_end(st->db, commit);
        return durable_failed || deferred_failed ? SS_ERROR : SS_OK;
    case AST_TXN_ROLLBACK:
        snprintf(st->tag, sizeof st->tag, "ROLLBACK");
        if (!t->in_block)
            return warn(st, "there is no transaction in progress");
        ss_cursors_txn_end(&st->db->cursors, false);
        ss_durable_abort(&st->ctx, st->db);
        ss_txn_state_abort(t);
        ss_txn_settings_end(st->db, false);
        return SS_OK;
    case AST_TXN_SAVEPOINT:
        if (!t->in_block)
            return not_in_block(st, "SAVEPOINT");
        if (ss_txn_state_push(t, a->savepoint) != 0)
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        snprintf(st->tag, sizeof st->tag, "SAVEPOINT");
        return SS_OK;
    case AST_TXN_RELEASE:
        if (find_savepoint(st, "RELEASE SAVEPOINT", &index))
            return SS_ERROR;
        ss_txn_state_release(t, index);
        ss_cursors_release(&st->db->cursors, index);
        snprintf(st->tag, sizeof st->tag, "RELEASE");
        return SS_OK;
    case AST_TXN_ROLLBACK_TO:
        if (find_savepoint(st, "ROLLBACK TO SAVEPOINT", &index))
            return SS_ERROR;
        t->read_only = t->levels[index].saved_read_only; /* SET TRANSACTION READ ONLY undone */
        ss_cursors_rollback_to(&st->db->cursors, index); /* before the DDL they read is undone */
        ss_txn_state_rollback_to(t, index, true);
        t->failed = false;
        snprintf(st->tag, sizeof st->tag, "ROLLBACK");
        return SS_OK;
    }
    return ss_ctx_error(&st->ctx, SS_SQLSTATE_INTERNAL_ERROR, "unknown transaction statement");
}
