/* database.h — what stands behind the public `sunstone *`: a database (ss_database), shared
 * by its sessions, and the session (struct sunstone) that the handle is.  The database holds
 * the module registry, the catalog with its storage backend instances, the settings a new
 * session starts from and the plugin directory; a session holds its own settings, statements
 * (count, parked trees), last error, notice handler and interrupt flag.  sunstone_open makes
 * a private database with one session; ss_session_open adds sessions to it. */
#ifndef SS_API_DATABASE_H
#define SS_API_DATABASE_H

#include <pthread.h>
#include <stdatomic.h>

#include "sunstone.h"
#include "catalog/catalog.h"
#include "catalog/settings.h"
#include "bind/prepared.h"
#include "exec/cursors.h"
#include "loader/registry.h"
#include "txn/txn_history.h"
#include "txn/txn_session.h"
#include "sql/ast.h"

typedef struct ss_database {
    ss_registry registry;          /* modules and their vtables: LOAD registers here */
    ss_catalog catalog;            /* tables, backend instances, system views; its version
                                      invalidates every session's plans and parked trees */
    ss_settings defaults;          /* the settings a new session starts from */
    char *plugin_dir;              /* where LOAD looks up a bare module name */
    struct sunstone *sessions;     /* the open sessions, linked by next_session */
    uint32_t nsessions;            /* the database is freed when its last session closes */
    ss_txn_manager *txns;          /* transaction ids, commit log, snapshots (core/txn) */
    pthread_rwlock_t lock;         /* db_lock.c: shared for a call that reads what sessions
                                      share, exclusive for one that changes it */
    struct ss_durable *durable;    /* a database file's state (durable.h); NULL: in memory */
} ss_database;

struct sunstone {
    ss_database *database;
    ss_settings settings;          /* SET / RESET / SHOW: this session's own */
    ss_error err;                  /* last error reported to the API user */
    ss_notice_sink notices;        /* sunstone_set_notice_handler */
    struct sunstone_stmt *parked;  /* statements holding a parked operator tree */
    uint32_t nstmts;               /* statements prepared and not yet finalized */
    atomic_int interrupted;        /* set by sunstone_interrupt (any thread, signal handler) */
    bool simple_query;             /* sunstone_exec is creating a statement: nothing can be bound */
    struct sunstone *next_session, *prev_session;
    ss_txn_state txn;              /* the session's transaction (core/txn/txn_session.h) */
    struct ss_seq_session *seq_session; /* currval / lastval (catalog/sequences.h) */
    /* sunstone_set_copy_handler: where COPY FROM STDIN reads and COPY TO STDOUT writes */
    int (*copy_read)(void *arg, char *buf, size_t size, size_t *n);
    int (*copy_write)(void *arg, const char *data, size_t len);
    void *copy_arg;
    /* PREPARE / EXECUTE / DEALLOCATE (prepared.c) */
    ss_prepared_set prepared_stmts;
    /* (M) DECLARE / FETCH / MOVE / CLOSE (exec/cursors.h, run_cursor.c) */
    ss_cursor_set cursors;
    /* temporary tables ON COMMIT DELETE ROWS / DROP (temp_on_commit.c): the session made one
       (has), a commit happened that their actions follow (pending), they are running */
    bool on_commit_has, on_commit_pending, on_commit_running;
    /* time travel (txn_as_of.c): the session's history retention as the transaction manager
       has it, and the sunstone.snapshot_manager change it last made the database's */
    ss_txn_retention retention;
    uint32_t manager_synced;
};

/* Opens one more session on database (settings copied from its defaults); *out is NULL and
 * SUNSTONE_ERROR returned when memory runs out.  Closed by sunstone_close like the first. */
int ss_session_open(ss_database *database, sunstone **out);
/* The database lock (db_lock.c).  API entry points take it; nothing below them does. */
int ss_db_lock_init(ss_database *d);
void ss_db_lock_destroy(ss_database *d);
void ss_db_lock_shared(ss_database *d);
void ss_db_lock_exclusive(ss_database *d);
void ss_db_unlock(ss_database *d);
/* Whether a statement of kind k changes what the sessions share (DDL, LOAD: the catalog, the
 * registry, other sessions' parked trees) and so runs under the exclusive lock; the same
 * test releases every session's parked trees before it runs (run.c). */
bool ss_stmt_kind_changes_database(ast_stmt_kind k);

/* ctx, cleared, gets the session's services (its database's catalog and registry, its own
 * settings, notice sink and interrupt flag) and its error slot. */
void ss_session_ctx(sunstone *db, ss_ctx *ctx);

/* Records the MISUSE error of an entry point called with a NULL or out-of-range argument
 * (SQLSTATE 22004 null_value_not_allowed, message "<function>: <what>") on db, if db is not NULL; returns SUNSTONE_MISUSE. */
int ss_api_misuse(struct sunstone *db, const char *function, const char *what);

/* Sends a NOTICE / a message of the given level to the session's notice handler (if any),
 * unless client_min_messages is above its level. */
void ss_db_notice(struct sunstone *db, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ss_db_message(struct sunstone *db, ss_message_level level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
