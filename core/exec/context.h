/* context.h — the kernel's ss_ctx (opaque to plugins): where a statement's errors, arena,
 * parameters, settings and session services (catalog, registry, notices, cancel flag) live
 * while kernel code and plugin callbacks run. */
#ifndef SS_EXEC_CONTEXT_H
#define SS_EXEC_CONTEXT_H

#include <stdatomic.h>

#include "sunstone/plugin.h"
#include "util/arena.h"

struct ss_catalog;
struct ss_registry;
struct ss_settings;
struct ss_temp_list;

/* One error report: PostgreSQL's fields. */
typedef struct ss_error {
    char sqlstate[6];   /* "00000" when there is no error */
    char *message;      /* malloc'd, NULL when none */
    char *detail;
    char *hint;
    int position;       /* 1-based cursor position in the statement text, 0 = none */
    char *context;      /* PostgreSQL's CONTEXT line (errcontext), NULL when none */
} ss_error;

/* Where NOTICEs and WARNINGs of a session go (sunstone_set_notice_handler). */
typedef struct ss_notice_sink {
    void (*cb)(void *arg, const char *severity, const char *msg); /* NULL: dropped */
    void *arg;
} ss_notice_sink;

struct ss_ctx {
    /* What the session running this context hands the kernel layers (core/api/database.h
       fills them, ss_session_ctx); NULL in a context that has no session.  catalog and
       registry belong to the database and are shared by its sessions; settings, notices and
       the interrupt flag are the session's own. */
    struct ss_catalog *catalog;
    struct ss_registry *registry;
    const struct ss_settings *settings;
    const ss_notice_sink *notices;
    atomic_int *interrupt;      /* set by sunstone_interrupt (interrupt.h) */
    /* The two arenas of a running statement (lifetimes in sunstone/plugin.h, arena_alloc):
       arena is reset when an execution starts and when the statement stops (parameter
       values, per-execution scratch, EXPLAIN lines); tree_arena lives as long as the
       operator tree, across the executions of a parked tree (parking.c), and is reset only
       after the tree is closed.  tree_arena is NULL in contexts that run no operator tree
       (binding, plugin init). */
    ss_arena *arena;
    ss_arena *tree_arena;
    const ss_value *params;     /* bound parameter values, already of param_types */
    const ss_type *param_types;
    uint32_t nparams;
    ss_error *err;              /* where ss_ctx_error writes */
    int64_t deadline_ns;        /* statement_timeout: CLOCK_MONOTONIC deadline, 0 = none (interrupt.h) */
    /* Subqueries of expressions (exec/expr_eval_subplan.c): the values of the exec
       parameters (EXPR_PARAM SS_EXEC_PARAM_BASE + k), the run-time state of each subquery
       (by its id), and the operator tree they belong to (its close closes them) */
    ss_value *exec_params;
    uint32_t nexec_params;
    struct ss_subplan_state **subplans;
    uint32_t nsubplans;
    const void *subplan_owner;
    /* the running statement's temporary files (exec/temp_files.h), closed with its operator
       tree; NULL in contexts that run no operator tree */
    struct ss_temp_list *temp_files;
    /* the session's transaction state (core/txn/txn_session.h); NULL without a session */
    struct ss_txn_state *txn;
    /* the running statement's snapshot (ss_api.txn_snapshot); NULL outside a statement */
    const ss_snapshot *snapshot;
    /* (EPQ) while a READ COMMITTED re-check pass reads its query (exec/row_epq.h): the
       statement's first snapshot, which scans yielding no row ids read with
       (ss_api.txn_scan_snapshot); NULL otherwise */
    const ss_snapshot *epq_snapshot;
    /* the session's currval / lastval memory (catalog/sequences.h); NULL without a session */
    struct ss_seq_session *seq_session;
    /* the session's SQL-level prepared statements (bind/prepared.h; NULL: none), which
       EXECUTE binds */
    const struct ss_prepared_set *prepared;
    /* EXPLAIN ANALYZE: subquery trees get the executor's counters when they open (and
       with timing), so the listing shows what each SubPlan / InitPlan counted */
    bool instrument_subplans, instrument_subplans_timing;
    /* the session's settings for set_config (types/func_settings.c); NULL without a
       session.  The same object as settings, which everything else only reads */
    struct ss_settings *session_settings;
    /* (M) the session's cursors (exec/cursors.h; NULL without a session): FETCH binds
       against them, pg_cursors lists them */
    struct ss_cursor_set *cursors;
    /* (LK) a nested query's locking clause (exec/row_lock_filter.h): lock_restart_ok when
       the running statement can read again with a fresh snapshot (UPDATE, DELETE, SELECT,
       INSERT ... SELECT),
       lock_restart once it met a row a committed transaction changed (READ COMMITTED) */
    bool lock_restart_ok, lock_restart;
    /* worktables the running statement gives every operator tree it starts (a
       data-modifying WITH query's RETURNING rows, api/run_modifying_cte.c): the shared slot
       (SS_NODE_RECURSIVE_UNION, id) of each starts as its worktable; NULL: none */
    struct ss_stmt_worktable *stmt_worktables;
};

void ss_error_clear(ss_error *e);
/* Records an error on ctx->err (replacing none already set: the first error wins) and
 * returns SS_ERROR. */
int ss_ctx_error(ss_ctx *ctx, const char *sqlstate, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int ss_ctx_verror(ss_ctx *ctx, const char *sqlstate, const char *fmt, va_list ap);
/* Adds detail / hint / position to the error already recorded. */
void ss_ctx_error_detail(ss_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ss_ctx_error_hint(ss_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ss_ctx_verror_detail(ss_ctx *ctx, const char *fmt, va_list ap);
void ss_ctx_verror_hint(ss_ctx *ctx, const char *fmt, va_list ap);
void ss_ctx_error_position(ss_ctx *ctx, int position);
/* Adds a CONTEXT line (PostgreSQL's errcontext, such as "JSON data, line 1: ...") to the
 * error already recorded. */
void ss_ctx_error_context(ss_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* PostgreSQL's check_stack_depth (util/stack_depth.h): when the calling frame is deeper
 * than the stack budget, records 54001 "stack depth limit exceeded" with PostgreSQL's HINT
 * and returns SS_ERROR; else SS_OK. */
int ss_ctx_check_stack(ss_ctx *ctx);
/* The same, also failing when charged nominal bytes exceed the budget
 * (ss_stack_too_deep_charged). */
int ss_ctx_check_stack_charged(ss_ctx *ctx, size_t charged);
/* True when an error is already recorded on ctx. */
bool ss_ctx_error_pending(const ss_ctx *ctx);
/* Sends a message of level (ss_message_level, catalog/settings.h) to ctx's notice sink,
 * unless ctx's client_min_messages is above that level; nothing without a sink. */
void ss_ctx_message(ss_ctx *ctx, int level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void ss_ctx_vmessage(ss_ctx *ctx, int level, const char *fmt, va_list ap);
/* Execution-arena (ctx->arena) allocation; records an out-of-memory error and returns NULL
 * on failure. */
void *ss_ctx_alloc(ss_ctx *ctx, size_t n);

#endif
