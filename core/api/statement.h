/* statement.h — the prepared statement behind the public `sunstone_stmt *`: its AST, its
 * bound plan (rebound when the catalog changes), parameter values and execution state. */
#ifndef SS_API_STATEMENT_H
#define SS_API_STATEMENT_H

#include "api/database.h"
#include "bind/binder.h"
#include "catalog/catalog_txn.h"
#include "exec/temp_files.h"
#include "util/strbuf.h"

typedef enum stmt_state {
    STMT_READY = 0,   /* prepared or reset: next step starts execution */
    STMT_ROWS,        /* a row is current */
    STMT_DONE,        /* finished (or failed): step returns DONE until reset */
} stmt_state;

struct sunstone_stmt {
    sunstone *db;              /* the session it was prepared on */
    bool counted;              /* included in db->nstmts (sunstone_close refuses while any is) */
    char *sql;                 /* the statement's own text */
    size_t sql_base;           /* where sql starts in the submitted text: AST locations count */
    size_t sql_base_chars;     /* from there; the same offset in characters */
    ss_arena *ast_arena;       /* AST: lives as long as the statement */
    const ast_stmt *ast;
    ss_arena *bind_arena;      /* bound statement: replaced on rebind */
    ss_bound_stmt *bound;
    uint64_t catalog_version;  /* catalog version the binding is valid for (the database's
                                  catalog: DDL in any session rebinds) */
    ss_table_reads reads;      /* (LK) the tables the binding looked up: their locks are taken
                                  again at each execution of a kept binding */
    ss_table_reads reads_next; /* what the binding being made looks up */
    bool no_params;            /* created by sunstone_exec: a $n is 42P02 */

    /* parameters as bound by the user, and converted for execution */
    uint32_t nparams;
    ss_value *param_raw;
    ss_type *param_raw_types;  /* SS_TYPE_INVALID when unset (= NULL) */
    char **param_text;         /* owned copies of bound text */
    ss_value *param_values;    /* of bound->param_types, in exec_arena */

    /* execution */
    stmt_state state;
    ss_arena *exec_arena;      /* reset when an execution starts and when the run stops */
    ss_arena *tree_arena;      /* lives as long as the operator tree root (parked or not) */
    ss_ctx ctx;
    ss_temp_list temp_files;   /* the operator tree's temporary files (ctx.temp_files) */
    ss_op *root;
    ss_batch *batch;           /* current batch (operator results) */
    uint32_t batch_pos;        /* index of the current live row */
    char **mat_rows;           /* materialized single-column results (SHOW, EXPLAIN) */
    uint32_t nmat, mat_pos;
    int64_t rows;              /* rows returned or affected */
    char tag[64];
    ss_strbuf *text;           /* per result column: formatted current value */

    /* A finished operator tree kept open for the next execution (parking.c). */
    bool parked;
    uint64_t parked_version;   /* catalog version the parked tree was built for */
    sunstone_stmt *park_prev, *park_next;
    /* parameter values the tree's last execution started with (parking.c), to tell the
       rescan of a parked tree which parameters changed */
    struct ss_param_memo *param_memo;
    double plan_ms;            /* how long the last planning took (EXPLAIN's Planning Time) */
    /* its part in the session's transaction (txn_statement.c) */
    bool txn_running;          /* between ss_txn_stmt_start and ss_txn_stmt_finish */
    ss_txn_snapshot snap;      /* the snapshot it reads with (ctx.snapshot) */
    bool as_of;                /* snap is a past one (time travel, txn_as_of.c): reads only */
    /* (M) FETCH: the rows it returns, copied from the cursor (run_cursor.c) */
    ss_batch **fetch_batches;
    uint32_t nfetch_batches, fetch_next;
    /* (R) INSERT / UPDATE / DELETE ... RETURNING: the rows to return (run_returning.c) */
    struct ss_row_store *returning_rows;
    /* data-modifying WITH queries: their RETURNING rows, kept while the statement runs
       (run_modifying_cte.c) */
    struct ss_modifying_run *modifying_run;
};

/* Builds a statement from an already parsed AST (sunstone_exec, sunstone_prepare).  sql[0..len)
 * is the statement's text, found at byte base (base_chars characters) of the submitted text
 * that the AST's locations count from.  The statement owns ast_arena (destroyed on failure
 * too); NULL when the caller keeps it. */
int ss_stmt_create(sunstone *db, const char *sql, size_t len, size_t base, size_t base_chars,
                   ss_arena *ast_arena, const ast_stmt *ast, sunstone_stmt **out);
/* The query of a DECLARE (its whole text, parsed again) as a statement of its own that the
 * session's cursor owns (not counted among the host's statements); freed with
 * ss_stmt_finalize_internal.  SS_ERROR recorded on the session. */
int ss_stmt_prepare_internal(sunstone *db, const char *declare_sql, sunstone_stmt **out);
void ss_stmt_finalize_internal(sunstone_stmt *st);
/* (Re)binds if the catalog changed since the last binding. */
int ss_stmt_ensure_bound(sunstone_stmt *st);
/* Starts an execution of a ready statement: binds if needed, joins the session's transaction
 * (its snapshot), then runs it or, for a query, opens its operator tree (state STMT_ROWS).
 * SS_ERROR (recorded on the session; state STMT_DONE) undoes the start. */
int ss_stmt_begin(sunstone_stmt *st);
/* Runs a statement kind that produces no operator rows, or starts a query (run.c). */
int ss_stmt_execute(sunstone_stmt *st);
/* Advances to the next row of a running query: SUNSTONE_ROW / SUNSTONE_DONE / ERROR. */
int ss_stmt_next_row(sunstone_stmt *st);
/* Ends execution: closes operators, then frees the tree and execution arenas. */
void ss_stmt_stop(sunstone_stmt *st);

/* txn_statement.c — a statement in the session's transaction: start opens the implicit
 * transaction of a statement run outside a block and takes the statement's snapshot;
 * finish (ok false: the statement failed) ends that implicit transaction when its last
 * statement ends (commit, or abort after a failure) and marks a block failed (25P02).
 * Finish is idempotent; start fails (recorded on the session) when memory runs out. */
int ss_txn_stmt_start(sunstone_stmt *st);
int ss_txn_stmt_finish(sunstone_stmt *st, bool ok);
/* Runs the waiting checks of DEFERRABLE constraints (defer/defer.h): all of them (at_commit)
 * or those not deferred now, with a snapshot of their own for statements that took none
 * (COMMIT).  SS_OK or the first failure. */
int ss_txn_stmt_fire_deferred(sunstone_stmt *st, bool at_commit);
/* At the end of the session's transaction: its settings changes put back (commit: SET LOCAL's;
 * abort: all; catalog/settings_txn.c) and its cursors closed but those WITH HOLD it may keep
 * (exec/cursors.h). */
void ss_txn_settings_end(sunstone *db, bool commit);

/* txn_control.c — BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE, ROLLBACK TO (AST_TRANSACTION);
 * the gate of a failed block (25P02 for anything but COMMIT / ROLLBACK [TO]); and the checks
 * before a statement of kind runs: 25006 for a write in a READ ONLY transaction, 0A000 for
 * DDL inside a block.  SS_ERROR recorded on st->ctx. */
int ss_run_transaction(sunstone_stmt *st);
int ss_txn_stmt_gate(sunstone_stmt *st);
/* The same gate for a statement about to be prepared (before it is bound). */
int ss_txn_gate(sunstone *db, const ast_stmt *a, ss_ctx *ctx);
int ss_txn_check_write(sunstone_stmt *st, ast_stmt_kind kind);
/* Time travel (txn_as_of.c): after ss_txn_stmt_start took the statement's snapshot, replaces
 * it with the one as of the statement's AS OF or the session's sunstone.as_of (st->as_of), or
 * reports why there is none (SS_ERROR).  ss_txn_as_of_session: whether sunstone.as_of is set
 * (writes are refused).  ss_txn_history_sync: the session's history settings (retention,
 * snapshot manager) made the database's, cheap when they did not change; at session close
 * (closing) its retention ends. */
int ss_txn_stmt_as_of(sunstone_stmt *st);
bool ss_txn_as_of_session(const sunstone *db);
void ss_txn_history_sync(sunstone *db, bool closing);
/* At database open: the snapshot manager the defaults name, when it is loaded. */
void ss_txn_history_open(ss_database *d);

/* txn_set.c — SET TRANSACTION / SET SESSION CHARACTERISTICS AS TRANSACTION (an AST_SET with
 * set_txn), SET / RESET (value NULL) of transaction_isolation and transaction_read_only
 * (ss_txn_is_txn_setting) with PostgreSQL's 25001 checks; the level of BEGIN's ISOLATION LEVEL (an AST value) and of an implicit
 * transaction started from the session's default. */
int ss_txn_run_set_transaction(sunstone_stmt *st);
bool ss_txn_is_txn_setting(const char *name);
int ss_txn_run_setting(sunstone_stmt *st, const char *name, const char *value);
void ss_txn_begin_level(ss_txn_state *t, int ast_isolation);
void ss_txn_begin_default_level(ss_txn_state *t, const ss_settings *s);

/* parking.c — reuse of operator trees across executions of a prepared statement.  A run
 * that finished cleanly parks its tree (if it was opened with SS_OPEN_REWIND and every
 * operator in it declares SS_OPCAP_PARKABLE: sort and aggregate, which hold their whole input,
 * do not); the next execution rescans it instead of rebuilding it.  A utility statement
 * first releases parked trees: DDL and LOAD those of every session of the database (they may
 * scan a table it drops, or use an operator it replaces), SET and RESET those of its own
 * session (its operator settings). */
void ss_stmt_end_run(sunstone_stmt *st);
/* Prepares a new execution: keeps a parked tree that is still valid, else stops. */
void ss_stmt_begin_run(sunstone_stmt *st);
void ss_db_release_parked(sunstone *db);
void ss_database_release_parked(ss_database *database);
/* The parameters whose values differ from the previous execution of st's tree (NULL: unknown,
 * any may have changed), then remembers the current ones; valid until the next call. */
const ss_param_set *ss_stmt_changed_params(sunstone_stmt *st);
/* Frees what ss_stmt_changed_params remembers (statement destruction). */
void ss_stmt_forget_params(sunstone_stmt *st);
/* Records the API-level error result of a failed call. */
int ss_api_fail(sunstone *db);
/* Parses sql into statements in arena; on a syntax error records it on db (positions in
 * characters) and returns SS_ERROR. */
int ss_api_parse(sunstone *db, ss_arena *arena, const char *sql, size_t len, ast_stmt ***stmts, uint32_t *n);

/* INSERT's staging (run.c), which COPY FROM writes through: rows copied in with the NOT NULL
 * check (23502), then written as one statement scope of the backend (all or none). */
typedef struct ss_insert_staging ss_insert_staging;
ss_insert_staging *ss_insert_staging_new(void);
int ss_insert_stage(ss_ctx *ctx, ss_insert_staging *s, const ss_table *t, const ss_batch *b);
int ss_insert_write(ss_ctx *ctx, ss_table *t, ss_insert_staging *s, int64_t *written);
void ss_insert_staging_free(ss_insert_staging *s);

/* SQL-level prepared statements (prepared.c): PREPARE and DEALLOCATE run; EXECUTE's
 * arguments evaluated into the parameters; the session's set freed when it closes. */
int ss_prepared_run(sunstone_stmt *st);
int ss_execute_params(sunstone_stmt *st);
void ss_prepared_free_all(sunstone *db);

/* RESET ALL (run.c) and DISCARD (run_discard.c). */
int ss_run_reset_all(sunstone_stmt *st);
int ss_run_discard(sunstone_stmt *st);

/* SET CONSTRAINTS (run_set_constraints.c). */
int ss_run_set_constraints(sunstone_stmt *st);

/* VACUUM and CHECKPOINT (run_vacuum.c). */
int ss_run_vacuum(sunstone_stmt *st);
int ss_run_checkpoint(sunstone_stmt *st);

/* (M) Cursors (run_cursor.c): DECLARE (the query's rows kept by the session's cursor), FETCH /
 * MOVE, CLOSE; the next row of a FETCH's result and the release of its rows (ss_stmt_stop). */
int ss_run_declare_cursor(sunstone_stmt *st);
int ss_run_fetch(sunstone_stmt *st);
int ss_run_close_cursor(sunstone_stmt *st);
int ss_fetch_next_row(sunstone_stmt *st);
void ss_fetch_free(sunstone_stmt *st);

#endif
