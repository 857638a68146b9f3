/* txn_as_of.c — time travel in the session's statements (statement.h): the snapshot of a
 * statement with AS OF (or of every statement while sunstone.as_of is set), the errors when
 * there is none, and keeping the database's commit history as the sessions' settings ask
 * (retention, the snapshot manager module: txn/txn_history.h).
 *
 * SQLSTATEs: 72000 (snapshot_too_old) for a commit older than the retained history;
 * 22023 for a time before the database's first commit or a transaction that did not commit;
 * 55000 when no snapshot manager is loaded; 25006 for a write under sunstone.as_of
 * (txn_control.c) or under AS OF (the parser). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "api/durable.h"
#include "api/statement.h"
#include "catalog/settings_history.h"
#include "exec/context.h"
#include "types/datetime/datetime.h"

#define PG_EPOCH_UNIX_US ((int64_t)(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * 86400 * 1000000)

_Static_assert((int)AST_AS_OF_TIME == (int)SS_AS_OF_TIME && (int)AST_AS_OF_XID == (int)SS_AS_OF_XID,
               "ast_stmt.as_of_kind takes ss_as_of_kind's values");

/* A Unix-µs time as timestamptz output in the session's TimeZone. */
static void format_time(ss_ctx *ctx, int64_t unix_us, char *out, size_t size)
{
    dt_session s;
    dt_session_of(ctx, &s);
    ss_strbuf b = {0};
    dt_timestamptz_out(unix_us - PG_EPOCH_UNIX_US, s.zone ? s.zone : dt_utc(), &b);
    snprintf(out, size, "%s", b.data ? b.data : "");
    ss_strbuf_free(&b);
}

/* What the statement reads as of: its own AS OF, else the session's sunstone.as_of.  False
   for neither; SS_ERROR in *rc for a timestamp that does not read. */
static bool statement_as_of(sunstone_stmt *st, ss_as_of *a, const char **what, int *rc)
{
    *rc = SS_OK;
    memset(a, 0, sizeof *a);
    const ast_stmt *ast = st->ast;
    const ss_history_settings *h = &st->db->settings.history;
    if (ast && ast->as_of_kind == AST_AS_OF_TIME) {
        a->kind = SS_AS_OF_TIME;
        *what = ast->as_of_time;
        *rc = ss_as_of_parse_time(&st->ctx, ast->as_of_time, &a->time_us);
    } else if (ast && ast->as_of_kind == AST_AS_OF_XID) {
        a->kind = SS_AS_OF_XID;
        a->xid = ast->as_of_xid;
    } else if (h->as_of_kind != SS_AS_OF_NONE) {
        a->kind = (ss_as_of_kind)h->as_of_kind;
        a->time_us = h->as_of_time_us;
        a->xid = h->as_of_xid;
        *what = ss_settings_get(&st->db->settings, "sunstone.as_of");
    } else {
        return false;
    }
    return true;
}

/* The first relation the statement reads whose current storage the as-of snapshot does not
   see made (CREATE TABLE or a rewriting ALTER TABLE after the commit read as of: its older
   versions are not in it); NULL when there is none. */
static const ss_table *storage_after(sunstone_stmt *st)
{
    ss_txn_manager *m = st->db->database->txns;
    const ss_snapshot *s = &st->snap.snap;
    for (uint32_t i = 0; i < st->reads.n; i++) {
        const ss_table *t = st->reads.t[i];
        ss_xid x = t->storage_xid;
        if (x == SS_XID_INVALID || ss_txn_effective_status(m, x) == SS_XID_ABORTED)
            continue;
        if (ss_txn_snapshot_running(s, x) || ss_txn_effective_status(m, x) != SS_XID_COMMITTED)
            return t;
    }
    return NULL;
}

int ss_txn_stmt_as_of(sunstone_stmt *st)
{
    st->as_of = false;
    ss_as_of a;
    const char *what = "";
    int rc;
    if (!statement_as_of(st, &a, &what, &rc))
        return SS_OK;
    if (rc != SS_OK)
        return SS_ERROR;
    ss_ctx *ctx = &st->ctx;
    ss_commit_record c;
    int64_t bound = 0;
    char when[96];
    switch (ss_txn_snapshot_as_of(st->db->database->txns, &st->snap, &a, &c, &bound)) {
    case SS_AS_OF_OK: {
        const ss_table *t = storage_after(st);
        if (t)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: AS OF before relation \"%s\" was created or rewritten",
                                t->name);
        if (st->reads.overflow)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        st->as_of = true;
        return SS_OK;
    }
    case SS_AS_OF_NO_MEMORY:
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    case SS_AS_OF_NO_MANAGER:
        ss_ctx_error(ctx, "55000", "time travel needs a snapshot manager, and the database has none");
        ss_ctx_error_hint(ctx, "Load a snapshot manager module (snapshot_ordered) and SET sunstone.snapshot_manager.");
        return SS_ERROR;
    case SS_AS_OF_BEFORE_FIRST:
        /* (vac11) a file whose backend keeps no commit history (hist11: storage.h version 9) */
        if (st->db->database->durable && !ss_durable_keeps_history(st->db->database))
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: AS OF TIMESTAMP before this opening of the database file "
                                "(its commit history is not stored in the file)");
        ss_ctx_error(ctx, "22023", "AS OF TIMESTAMP '%s' is before the first commit of the database", what);
        if (bound) {
            format_time(ctx, bound, when, sizeof when);
            ss_ctx_error_detail(ctx, "The first commit was at %s.", when);
        } else {
            ss_ctx_error_detail(ctx, "%s", "Nothing has been committed yet.");
        }
        return SS_ERROR;
    case SS_AS_OF_NOT_COMMITTED:
        return ss_ctx_error(ctx, "22023", "transaction %" PRIu64 " is not a committed transaction", a.xid);
    case SS_AS_OF_NOT_RETAINED:
        ss_ctx_error(ctx, "72000", "snapshot too old");
        if (bound) {
            format_time(ctx, bound, when, sizeof when);
            ss_ctx_error_detail(ctx, "The history before %s is no longer retained.", when);
        } else {
            ss_ctx_error_detail(ctx, "%s", "No history is retained.");
        }
        ss_ctx_error_hint(ctx, "Set sunstone.history_retention (or sunstone.history_retention_commits) to keep "
                               "older versions readable.");
        return SS_ERROR;
    }
    return SS_OK;
}

bool ss_txn_as_of_session(const sunstone *db)
{
    return db->settings.history.as_of_kind != SS_AS_OF_NONE;
}

void ss_txn_history_sync(sunstone *db, bool closing)
{
    const ss_history_settings *h = &db->settings.history;
    ss_txn_manager *m = db->database->txns;
    if (closing) {
        ss_txn_retention_publish(m, &db->retention, 0, 0);
        return;
    }
    ss_txn_retention_publish(m, &db->retention, h->retention_us, h->retention_commits);
    if (h->manager_changes == db->manager_synced)
        return;
    db->manager_synced = h->manager_changes;
    const char *name = ss_settings_get(&db->settings, "sunstone.snapshot_manager");
    const ss_registration *r = name ? ss_registry_find(&db->database->registry, SS_KIND_SNAPSHOT, name) : NULL;
    if (r)
        (void)ss_txn_history_use(m, r->vtable); /* out of memory: the current one stays */
}

void ss_txn_history_open(ss_database *d)
{
    const char *name = ss_settings_get(&d->defaults, "sunstone.snapshot_manager");
    const ss_registration *r = name ? ss_registry_find(&d->registry, SS_KIND_SNAPSHOT, name) : NULL;
    if (r)
        (void)ss_txn_history_use(d->txns, r->vtable);
}
