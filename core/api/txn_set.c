/* txn_set.c — the characteristics of the running transaction and the session's defaults, as
 * PostgreSQL sets them: SET TRANSACTION ISOLATION LEVEL ... / READ ONLY | READ WRITE, SET
 * SESSION CHARACTERISTICS AS TRANSACTION ... (default_transaction_isolation /
 * default_transaction_read_only), SET / RESET transaction_isolation and transaction_read_only,
 * with PostgreSQL's checks (its check_transaction_isolation / check_transaction_read_only:
 * 25001 once a query has taken a snapshot or inside a savepoint) and warnings. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "api/statement.h"
#include "catalog/settings_parse.h"
#include "exec/context.h"

/* Levels as PostgreSQL numbers them apart: READ UNCOMMITTED is its own name. */
typedef enum level { LVL_READ_UNCOMMITTED, LVL_READ_COMMITTED, LVL_REPEATABLE_READ, LVL_SERIALIZABLE } level;

static const char *const level_names[] = {"read uncommitted", "read committed", "repeatable read", "serializable"};

static level from_ast(int iso)
{
    return iso == AST_ISO_READ_UNCOMMITTED ? LVL_READ_UNCOMMITTED
           : iso == 2                      ? LVL_SERIALIZABLE
           : iso == 1                      ? LVL_REPEATABLE_READ
                                           : LVL_READ_COMMITTED;
}

static level current_level(const ss_txn_state *t)
{
    if (t->isolation == SS_ISO_SERIALIZABLE)
        return LVL_SERIALIZABLE;
    if (t->isolation == SS_ISO_REPEATABLE_READ)
        return LVL_REPEATABLE_READ;
    return t->uncommitted ? LVL_READ_UNCOMMITTED : LVL_READ_COMMITTED;
}

/* Whether a savepoint is open (PostgreSQL's IsSubTransaction; a statement's own level is not
 * one). */
static bool in_savepoint(const ss_txn_state *t)
{
    for (uint32_t i = 0; i < t->nlevels; i++)
        if (t->levels[i].name)
            return true;
    return false;
}

static int set_level(sunstone_stmt *st, level l)
{
    ss_txn_state *t = &st->db->txn;
    if (l != current_level(t)) {
        if (t->snapshot_taken)
            return ss_ctx_error(&st->ctx, "25001", "SET TRANSACTION ISOLATION LEVEL must be called before any query");
        if (in_savepoint(t))
            return ss_ctx_error(&st->ctx, "25001",
                                "SET TRANSACTION ISOLATION LEVEL must not be called in a subtransaction");
    }
    t->isolation = l == LVL_SERIALIZABLE      ? SS_ISO_SERIALIZABLE
                   : l == LVL_REPEATABLE_READ ? SS_ISO_REPEATABLE_READ
                                              : SS_ISO_READ_COMMITTED;
    t->uncommitted = l == LVL_READ_UNCOMMITTED;
    return SS_OK;
}

static int set_read_only(sunstone_stmt *st, bool read_only)
{
    ss_txn_state *t = &st->db->txn;
    if (!read_only && t->read_only) {
        if (in_savepoint(t))
            return ss_ctx_error(&st->ctx, "25001",
                                "cannot set transaction read-write mode inside a read-only transaction");
        if (t->snapshot_taken)
            return ss_ctx_error(&st->ctx, "25001", "transaction read-write mode must be set before any query");
    }
    t->read_only = read_only;
    return SS_OK;
}

bool ss_txn_is_txn_setting(const char *name)
{
    return strcasecmp(name, "transaction_isolation") == 0 || strcasecmp(name, "transaction_read_only") == 0;
}

int ss_txn_run_setting(sunstone_stmt *st, const char *name, const char *value)
{
    sunstone *db = st->db;
    bool isolation = strcasecmp(name, "transaction_isolation") == 0;
    if (!value) { /* RESET: back to the session's default */
        if (isolation && !db->txn.in_block)
            ss_ctx_message(&st->ctx, SS_MSG_WARNING, "RESET TRANSACTION can only be used in transaction blocks");
        value = ss_settings_get(&db->settings, isolation ? "default_transaction_isolation"
                                                         : "default_transaction_read_only");
    }
    /* the value checked as the parameter's own (22023 with PostgreSQL's HINT) */
    if (ss_settings_check(&st->ctx, &db->settings, name, value))
        return SS_ERROR;
    if (isolation) {
        for (int l = 0; l < 4; l++)
            if (strcasecmp(value, level_names[l]) == 0)
                return set_level(st, (level)l);
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "invalid value for parameter \"%s\": \"%s\"", name, value);
    }
    bool on;
    if (ss_setting_parse_bool(&st->ctx, name, value, &on))
        return SS_ERROR;
    return set_read_only(st, on);
}

int ss_txn_run_set_transaction(sunstone_stmt *st)
{
    const ast_stmt *a = st->ast;
    sunstone *db = st->db;
    if (a->set_txn == AST_SET_SESSION_TXN) {
        if (a->txn_isolation >= 0 &&
            ss_settings_set(&st->ctx, &db->settings, "default_transaction_isolation",
                            level_names[from_ast(a->txn_isolation)]))
            return SS_ERROR;
        if (a->txn_read_only >= 0 &&
            ss_settings_set(&st->ctx, &db->settings, "default_transaction_read_only", a->txn_read_only ? "on" : "off"))
            return SS_ERROR;
        return SS_OK;
    }
    /* outside a block it sets the statement's own implicit transaction, which ends with it */
    if (!db->txn.in_block)
        ss_ctx_message(&st->ctx, SS_MSG_WARNING, "SET TRANSACTION can only be used in transaction blocks");
    if (a->txn_isolation >= 0 && set_level(st, from_ast(a->txn_isolation)))
        return SS_ERROR;
    if (a->txn_read_only >= 0 && set_read_only(st, a->txn_read_only == 1))
        return SS_ERROR;
    return SS_OK;
}

void ss_txn_begin_level(ss_txn_state *t, int ast_isolation)
{
    level l = from_ast(ast_isolation);
    t->isolation = l == LVL_SERIALIZABLE      ? SS_ISO_SERIALIZABLE
                   : l == LVL_REPEATABLE_READ ? SS_ISO_REPEATABLE_READ
                                              : SS_ISO_READ_COMMITTED;
    t->uncommitted = l == LVL_READ_UNCOMMITTED;
}

void ss_txn_begin_default_level(ss_txn_state *t, const ss_settings *s)
{
    /* the built-in default is read committed: only the session's own value can say otherwise */
    const char *v = ss_settings_own(s, "default_transaction_isolation");
    t->uncommitted = v && strcasecmp(v, "read uncommitted") == 0;
}
