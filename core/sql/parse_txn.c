/* parse_txn.c — PostgreSQL's TransactionStmt (BEGIN, START TRANSACTION, COMMIT / END,
 * ROLLBACK / ABORT, SAVEPOINT, RELEASE, ROLLBACK TO) into AST_TRANSACTION, and SET TRANSACTION /
 * SET SESSION CHARACTERISTICS AS TRANSACTION (their modes are BEGIN's) into AST_SET
 * (transform.h). */
#include <string.h>

#include "sql/transform.h"

/* BEGIN / START TRANSACTION's modes: ISOLATION LEVEL, READ ONLY / READ WRITE. */
static bool txn_modes(transform_state *ts, List *options, ast_stmt *out)
{
    ListCell *lc;
    foreach (lc, options) {
        DefElem *d = lfirst_node(DefElem, lc);
        A_Const *c = d->arg && IsA(d->arg, A_Const) ? (A_Const *)d->arg : NULL;
        if (strcmp(d->defname, "transaction_isolation") == 0 && c && IsA(&c->val, String)) {
            const char *level = strVal(&c->val);
            out->txn_isolation = strcmp(level, "serializable") == 0       ? 2
                                 : strcmp(level, "repeatable read") == 0 ? 1
                                 : strcmp(level, "read uncommitted") == 0 ? AST_ISO_READ_UNCOMMITTED
                                                                          : 0;
        } else if (strcmp(d->defname, "transaction_read_only") == 0 && c && IsA(&c->val, Integer)) {
            out->txn_read_only = intVal(&c->val) ? 1 : 0;
        } else if (strcmp(d->defname, "transaction_deferrable") == 0) {
            tr_unsupported(ts, -1, "DEFERRABLE transactions");
            return false;
        } else {
            tr_unsupported(ts, -1, "this transaction mode");
            return false;
        }
    }
    return true;
}

bool tr_transaction(transform_state *ts, TransactionStmt *t, ast_stmt *out)
{
    out->kind = AST_TRANSACTION;
    out->txn_isolation = -1;
    out->txn_read_only = -1;
    if (t->chain) {
        tr_unsupported(ts, -1, "AND CHAIN");
        return false;
    }
    switch (t->kind) {
    case TRANS_STMT_BEGIN:
        out->txn_kind = AST_TXN_BEGIN;
        return txn_modes(ts, t->options, out);
    case TRANS_STMT_START:
        out->txn_kind = AST_TXN_START;
        return txn_modes(ts, t->options, out);
    case TRANS_STMT_COMMIT:
        out->txn_kind = AST_TXN_COMMIT;
        return true;
    case TRANS_STMT_ROLLBACK:
        out->txn_kind = AST_TXN_ROLLBACK;
        return true;
    case TRANS_STMT_SAVEPOINT:
    case TRANS_STMT_RELEASE:
    case TRANS_STMT_ROLLBACK_TO:
        out->txn_kind = t->kind == TRANS_STMT_SAVEPOINT  ? AST_TXN_SAVEPOINT
                        : t->kind == TRANS_STMT_RELEASE ? AST_TXN_RELEASE
                                                        : AST_TXN_ROLLBACK_TO;
        out->savepoint = tr_strdup(ts, t->savepoint_name);
        return out->savepoint != NULL;
    case TRANS_STMT_PREPARE:
        tr_unsupported(ts, -1, "PREPARE TRANSACTION");
        return false;
    case TRANS_STMT_COMMIT_PREPARED:
        tr_unsupported(ts, -1, "COMMIT PREPARED");
        return false;
    case TRANS_STMT_ROLLBACK_PREPARED:
        tr_unsupported(ts, -1, "ROLLBACK PREPARED");
        return false;
    }
    tr_unsupported(ts, -1, "transaction control statements");
    return false;
}

bool tr_set_transaction(transform_state *ts, VariableSetStmt *v, ast_stmt *out)
{
    out->kind = AST_SET;
    out->set_txn = strcmp(v->name, "TRANSACTION") == 0 ? AST_SET_TXN : AST_SET_SESSION_TXN;
    out->str = tr_strdup(ts, v->name);
    out->txn_isolation = -1;
    out->txn_read_only = -1;
    return out->str && txn_modes(ts, v->args, out);
}
