/* run.c — executes bound statements: starts queries, runs INSERT (staged, then written as
 * one statement scope of the backend), CREATE/DROP TABLE, SET/RESET/SHOW, LOAD and EXPLAIN,
 * and sets the command tag. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/statement.h"
#include "exec/dml_versions.h"
#include "api/run_matview.h"
#include "api/run_locking.h"
#include "api/run_modify.h"
#include "api/run_on_conflict.h"
#include "api/run_returning.h"
#include "api/run_modifying_cte.h"
#include "api/run_schema.h"
#include "api/run_sequence.h"
#include "catalog/type_ddl.h"
#include "catalog/schema_ddl.h"
#include "catalog/alter_table.h"
#include "catalog/lock_table.h"
#include "catalog/constraints.h"
#include "copy/copy.h"
#include "exec/instrument.h"
#include "exec/interrupt.h"
#include "exec/node_kinds.h"
#include "exec/vector.h"
#include "fkey/fkey.h"
#include "index/index.h"
#include "loader/loader.h"
#include "types/cast.h"
#include "types/typeio.h"
#include "types/utf8.h"

static int materialize(sunstone_stmt *st, char **rows, uint32_t n)
{
    st->mat_rows = rows;
    st->nmat = n;
    st->mat_pos = 0;
    return SS_OK;
}

/* Starts the query's stream: rescans a parked tree from the previous execution (parking.c),
 * telling it which parameters changed, or builds and opens the tree.  A prepared statement's
 * tree is opened with SS_OPEN_REWIND (it may run again and be kept); one of sunstone_exec
 * runs once. */
static int start_query(sunstone_stmt *st)
{
    if (st->root) {
        if (ss_exec_rescan(&st->ctx, st->root, ss_stmt_changed_params(st)))
            return SS_ERROR;
    } else {
        uint32_t flags = st->no_params ? 0 : SS_OPEN_REWIND;
        if (ss_exec_start(&st->ctx, st->bound->plan, flags, &st->root))
            return SS_ERROR;
        if ((flags & SS_OPEN_REWIND) && ss_exec_parkable(st->root))
            (void)ss_stmt_changed_params(st); /* what the next execution compares with */
    }
    st->batch = NULL;
    st->batch_pos = 0;
    return SS_OK;
}

/* ---- INSERT ---------------------------------------------------------------------------- */

typedef struct staging {
    ss_batch **batches;
    uint32_t n, cap;
    uint32_t last_capacity; /* rows the last staging batch can hold */
} staging;

static void staging_free(staging *s)
{
    for (uint32_t i = 0; i < s->n; i++)
        ss_batch_destroy(s->batches[i]);
    free(s->batches);
}

/* Copies the live rows of b into the staging batches (values owned by the staging). */
static int stage_rows(ss_ctx *ctx, staging *s, const ss_table *t, const ss_batch *b)
{
    uint32_t live = ss_batch_rows(b);
    for (uint32_t k = 0; k < live; k++) {
        ss_batch *dst = s->n ? s->batches[s->n - 1] : NULL;
        if (!dst || dst->count == s->last_capacity) {
            if (s->n == s->cap) {
                uint32_t cap = s->cap ? s->cap * 2 : 4;
                ss_batch **p = realloc(s->batches, cap * sizeof *p);
                if (!p)
                    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                s->batches = p;
                s->cap = cap;
            }
            /* sized for what is coming (a one-row INSERT stages one row), up to a batch */
            uint32_t want = live - k < 16 ? 16 : live - k;
            s->last_capacity = want < SS_BATCH_CAPACITY ? want : SS_BATCH_CAPACITY;
            if (!(dst = ss_batch_create(t->ncols, t->types, s->last_capacity)))
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            s->batches[s->n++] = dst;
        }
        uint32_t row = ss_batch_row(b, k);
        for (uint32_t c = 0; c < t->ncols; c++) {
            ss_value v;
            ss_vector_get_value(b->cols[c], row, &v);
            if (ss_vector_set_value(ctx, dst->cols[c], dst->count, &v))
                return SS_ERROR;
        }
        dst->count++;
    }
    return SS_OK;
}

/* For a backend without statement undo: the staged rows in one batch (one insert call,
 * all-or-nothing by itself), or 0A000 when they do not fit in one.  Small INSERTs are staged
 * in small batches, so a few hundred rows may span several. */
static int stage_into_one(ss_ctx *ctx, staging *s, const ss_table *t)
{
    uint64_t total = 0;
    for (uint32_t i = 0; i < s->n; i++)
        total += s->batches[i]->count;
    if (total > SS_BATCH_CAPACITY)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: writing more than %u rows in one statement to "
                            "storage backend \"%s\", which has no statement undo (stmt_abort)",
                            SS_BATCH_CAPACITY, t->storage->name);
    ss_batch *one = ss_batch_create(t->ncols, t->types, (uint32_t)total);
    if (!one)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < s->n; i++)
        for (uint32_t r = 0; r < s->batches[i]->count; r++, one->count++)
            for (uint32_t c = 0; c < t->ncols; c++) {
                ss_value v;
                ss_vector_get_value(s->batches[i]->cols[c], r, &v);
                if (ss_vector_set_value(ctx, one->cols[c], one->count, &v)) {
                    ss_batch_destroy(one);
                    return SS_ERROR;
                }
            }
    for (uint32_t i = 0; i < s->n; i++)
        ss_batch_destroy(s->batches[i]);
    s->batches[0] = one;
    s->n = 1;
    return SS_OK;
}

/* A backend with row versions (storage.h version 3): each batch becomes new versions of
 * the statement's transaction; a failure needs no undo here, the transaction's (or its
 * savepoint's) abort hides what was written (api/txn_statement.c). */
static int write_versions(ss_ctx *ctx, ss_table *t, staging *s, int64_t *written)
{
    static _Thread_local ss_rowid rowids[SS_BATCH_CAPACITY];
    int64_t n = 0;
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < s->n; i++) {
        if (i > 0)
            rc = ss_check_interrupt(ctx);
        if (rc == SS_OK)
            rc = ss_dml_write_versions(ctx, t, s->batches[i], rowids);
        if (rc == SS_OK)
            n += s->batches[i]->count;
    }
    /* foreign keys once every row is in: a row may reference one of the same statement */
    for (uint32_t i = 0; rc == SS_OK && ss_fkey_table_has(t) && i < s->n; i++)
        rc = ss_fkey_check_new_rows(ctx, t, s->batches[i]);
    ss_index_stmt_forget(t); /* the abort also hides a failed statement's index entries */
    if (rc == SS_OK)
        *written = n;
    return rc;
}

/* Writes the staged batches as one unit (storage.h, statement atomicity): several insert
 * calls run between the backend's stmt_begin and stmt_commit, undone by stmt_abort on any
 * failure or cancel; one call is all-or-nothing by itself and needs no scope (the prepared
 * single-row INSERT stays as cheap as before).  A backend without statement undo gets one
 * insert call (stage_into_one). */
static int write_staged(ss_ctx *ctx, ss_table *t, staging *s, int64_t *written)
{
    const ss_storage_vtable *vt = t->storage;
    *written = 0;
    if (s->n == 0)
        return SS_OK;
    if (ss_table_has_versions(t))
        return write_versions(ctx, t, s, written);
    bool has_undo = SS_STORAGE_HAS(vt, stmt_abort) && vt->stmt_abort;
    if (s->n > 1 && !has_undo && stage_into_one(ctx, s, t))
        return SS_ERROR;
    /* several calls are left only on a backend with undo (stage_into_one made one batch) */
    bool indexed = ss_index_table_has(t); /* CREATE INDEX made sure of undo and row ids */
    bool scope = s->n > 1 || indexed;
    if (scope && vt->stmt_begin(ctx, t->backend) != SS_OK)
        return SS_ERROR;
    int rc = SS_OK;
    int64_t n = 0;
    for (uint32_t i = 0; rc == SS_OK && i < s->n; i++) {
        /* a long write stays cancellable (the executor checked just before the first call);
           the abort below undoes what was written */
        if (i > 0)
            rc = ss_check_interrupt(ctx);
        if (rc == SS_OK)
            rc = indexed ? ss_index_write_rows(ctx, t, s->batches[i]) : vt->insert(ctx, t->handle, s->batches[i]);
        if (rc == SS_OK)
            n += s->batches[i]->count;
    }
    if (scope) {
        if (rc == SS_OK)
            rc = vt->stmt_commit(ctx, t->backend);
        if (indexed)
            ss_index_stmt_end(ctx, t, rc == SS_OK); /* before the abort: rows still readable */
        if (rc != SS_OK)
            vt->stmt_abort(ctx, t->backend);
    }
    if (rc == SS_OK)
        *written = n;
    return rc;
}

static int run_insert(sunstone_stmt *st)
{
    ss_ctx *ctx = &st->ctx;
    ss_table *t = st->bound->table;
    staging s;
    memset(&s, 0, sizeof s);
    int rc = start_query(st);
    ctx->lock_restart_ok = true; /* (LK) a locking clause of its query (exec/row_lock_filter.h) */
    for (;;) {
        ctx->lock_restart = false;
        /* evaluate everything first: a failing row leaves the table untouched */
        while (rc == SS_OK) {
            ss_batch *b;
            if ((rc = ss_exec_next(ctx, st->root, &b)) || !b)
                break;
            rc = ss_constraints_check_rows(ctx, t, st->bound->checks, b);
            if (rc == SS_OK && !st->bound->on_conflict) /* ON CONFLICT: those it inserts */
                rc = ss_view_checks_rows(ctx, t, st->bound->view_checks, b);
            if (rc == SS_OK)
                rc = stage_rows(ctx, &s, t, b);
        }
        if (rc == SS_OK || !ctx->lock_restart)
            break;
        /* (LK) READ COMMITTED, a row changed by a committed transaction met by a locking
           clause: the staged rows dropped, the query read again with a fresh snapshot (the
           locks taken kept), as UPDATE's subqueries are (run_modify.c) */
        ss_error_clear(ctx->err);
        staging_free(&s);
        memset(&s, 0, sizeof s);
        ss_exec_finish(ctx, st->root);
        st->root = NULL;
        if (ss_txn_state_statement_snapshot(&st->db->txn, &st->snap) != 0) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            break;
        }
        st->ctx.snapshot = &st->snap.snap;
        rc = start_query(st);
    }
    ctx->lock_restart_ok = ctx->lock_restart = false;
    /* RETURNING / ON CONFLICT queries read the parameters (in exec_arena): the source's tree
       ends after them (with RETURNING when the rows are returned) */
    bool later = st->bound->returning || st->bound->on_conflict;
    if (rc == SS_OK && !later)
        ss_stmt_end_run(st);
    else if (rc != SS_OK)
        ss_stmt_stop(st);
    int64_t n = 0;
    if (rc == SS_OK && st->bound->on_conflict) /* its own writing, and RETURNING */
        rc = ss_run_on_conflict(st, s.batches, s.n, &n);
    else if (rc == SS_OK)
        rc = write_staged(ctx, t, &s, &n);
    if (rc == SS_OK && st->bound->returning && !st->bound->on_conflict && (rc = ss_returning_begin(st)) == SS_OK)
        rc = ss_returning_run_insert(st, s.batches, s.n);
    if (later && rc != SS_OK)
        ss_stmt_stop(st);
    else if (later && !st->bound->returning)
        ss_stmt_end_run(st);
    staging_free(&s);
    if (rc)
        return SS_ERROR;
    st->rows = n;
    snprintf(st->tag, sizeof st->tag, "INSERT 0 %lld", (long long)n);
    return SS_OK;
}

int ss_run_insert(sunstone_stmt *st)
{
    return run_insert(st);
}

/* ---- DDL and utility statements ------------------------------------------------------ */

/* CREATE TABLE, and the table of CREATE TABLE AS / SELECT INTO (*skipped: IF NOT EXISTS and
 * the relation exists). */
static int create_table(sunstone_stmt *st, bool *skipped)
{
    ss_bound_stmt *bs = st->bound;
    sunstone *db = st->db;
    *skipped = false;
    if (ss_catalog_name_wait(&st->ctx, st->ctx.catalog, bs->create_def.name))
        return SS_ERROR;
    if ((ss_catalog_find(st->ctx.catalog, bs->create_def.name) || ss_catalog_find_view(st->ctx.catalog, bs->create_def.name)) &&
        bs->if_not_exists) {
        ss_db_notice(db, "relation \"%s\" already exists, skipping", bs->create_def.name);
        *skipped = true;
        return SS_OK;
    }
    const char *backend = bs->access_method ? bs->access_method
                                            : ss_settings_get(&db->settings, "default_table_access_method");
    /* a temporary table of a database file lives in memory: the session's, never stored */
    if (db->database->durable && st->ast->table && strncmp(st->ast->table, "pg_temp.", 8) == 0)
        backend = "memory";
    if (ss_catalog_create_table(&st->ctx, st->ctx.catalog, st->ctx.registry, &bs->create_def, backend))
        return SS_ERROR;
    ss_table *t = ss_catalog_find(st->ctx.catalog, bs->create_def.name);
    if (t && st->ast->on_commit) { /* ON COMMIT DELETE ROWS / DROP: temp_on_commit.c */
        t->on_commit = st->ast->on_commit;
        db->on_commit_has = true;
    }
    return ss_run_table_constraints(st, t);
}

static int run_create(sunstone_stmt *st)
{
    bool skipped;
    snprintf(st->tag, sizeof st->tag, "CREATE TABLE");
    if (create_table(st, &skipped))
        return SS_ERROR;
    /* PRIMARY KEY / UNIQUE: their indexes, then FOREIGN KEYs, or no table at all */
    /* CREATE TABLE ... (LIKE ...): the statement as the binder wrote it again */
    const ast_stmt *a = st->bound->create_ast ? st->bound->create_ast : st->ast;
    bool failed = !skipped && ((a->nkey_constraints &&
                                ss_index_create_keys(&st->ctx, st->ctx.catalog, st->ctx.registry, a) != SS_OK) ||
                               (a->nfkeys && ss_fkey_create_all(&st->ctx, st->ctx.catalog, a) != SS_OK));
    for (uint32_t i = 0; !skipped && !failed && i < st->bound->nlike_indexes; i++)
        failed = (st->bound->like_indexes[i]->kind == AST_ALTER_TABLE
                      ? ss_catalog_alter_table(&st->ctx, st->ctx.catalog, st->bound->like_indexes[i])
                      : ss_index_run_create(&st->ctx, st->ctx.catalog, st->ctx.registry, st->bound->like_indexes[i])) !=
                 SS_OK;
    if (failed) {
        ss_table *t = ss_catalog_find(st->ctx.catalog, a->table);
        if (t)
            ss_catalog_drop_table(&st->ctx, st->ctx.catalog, t);
        return SS_ERROR;
    }
    return SS_OK;
}

/* CREATE TABLE AS / SELECT INTO: the table, then the query's rows inserted as INSERT does
 * (all or none); a failing query leaves no table, as PostgreSQL's rollback does.  The tag is
 * PostgreSQL's "SELECT n" (WITH NO DATA and a skipped one: "CREATE TABLE AS"). */
static int run_create_table_as(sunstone_stmt *st)
{
    ss_bound_stmt *bs = st->bound;
    bool skipped;
    if (create_table(st, &skipped))
        return SS_ERROR;
    bool matview = st->ast->is_matview;
    snprintf(st->tag, sizeof st->tag, matview ? "CREATE MATERIALIZED VIEW" : "CREATE TABLE AS");
    ss_table *t = skipped ? NULL : ss_catalog_find(st->ctx.catalog, bs->create_def.name);
    if (t && matview && ss_run_matview_attach(st, t)) {
        ss_catalog_drop_table(&st->ctx, st->ctx.catalog, t);
        return SS_ERROR;
    }
    if (skipped || bs->with_no_data)
        return SS_OK;
    bs->table = t;
    int rc = run_insert(st);
    bs->table = NULL;
    if (rc) {
        ss_catalog_drop_table(&st->ctx, st->ctx.catalog, t);
        return SS_ERROR;
    }
    snprintf(st->tag, sizeof st->tag, "SELECT %lld", (long long)st->rows);
    return SS_OK;
}

static void drop_notice(void *arg, const char *text)
{
    ss_db_notice(arg, "%s", text);
}

static int run_drop(sunstone_stmt *st)
{
    ss_bound_stmt *bs = st->bound;
    ss_drop_kind kind = bs->kind == AST_DROP_VIEW      ? SS_DROP_VIEW
                        : bs->kind == AST_DROP_MATVIEW ? SS_DROP_MATVIEW
                                                       : SS_DROP_TABLE;
    snprintf(st->tag, sizeof st->tag, "%s", ss_stmt_kind_name(bs->kind));
    return ss_catalog_drop_relations(&st->ctx, st->ctx.catalog, kind, bs->drop_names, bs->ndrop, bs->missing_ok,
                                     bs->cascade, drop_notice, st->db);
}

static int run_create_view(sunstone_stmt *st)
{
    snprintf(st->tag, sizeof st->tag, "CREATE VIEW");
    return ss_catalog_create_view(&st->ctx, st->ctx.catalog, st->bound->view_def);
}

/* What RESET puts in a setting: its default (NULL), or for a custom placeholder ("myapp.x")
   the empty string, which PostgreSQL's placeholder keeps. */
static const char *reset_value(const char *name)
{
    return strchr(name, '.') && strncmp(name, "sunstone.", 9) != 0 ? "" : NULL;
}

/* RESET ALL: every setting the session has a value of its own for goes back to its default,
   in the transaction (a rollback puts them back), as PostgreSQL's ResetAllOptions; the
   transaction's own characteristics (transaction_isolation, transaction_read_only) stay. */
int ss_run_reset_all(sunstone_stmt *st)
{
    ss_settings *s = &st->db->settings;
    uint32_t n = s->n;
    char **names = calloc(n ? n : 1, sizeof *names);
    if (!names)
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    for (uint32_t i = 0; i < n && rc == SS_OK; i++)
        if (!(names[i] = strdup(s->items[i].name)))
            rc = ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < n && rc == SS_OK; i++) {
        bool read_only = false;
        for (size_t k = 0; ss_settings_known_name(k, &read_only); k++)
            if (strcmp(ss_settings_known_name(k, &read_only), names[i]) == 0)
                break;
        if (read_only || ss_txn_is_txn_setting(names[i]))
            continue;
        rc = ss_settings_set_in_txn(&st->ctx, s, names[i], reset_value(names[i]), false);
    }
    for (uint32_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return rc;
}

static int run_set(sunstone_stmt *st, bool reset)
{
    ss_bound_stmt *bs = st->bound;
    sunstone *db = st->db;
    const char *value = reset ? (bs->name ? reset_value(bs->name) : NULL) : bs->value;
    snprintf(st->tag, sizeof st->tag, reset ? "RESET" : "SET");
    if (st->ast->set_txn)
        return ss_txn_run_set_transaction(st);
    if (reset && !bs->name)
        return ss_run_reset_all(st);
    /* outside a block a statement runs in its own implicit transaction: SET LOCAL ends with it */
    bool local = !reset && st->ast->is_local;
    if (local && !db->txn.in_block)
        ss_db_message(db, SS_MSG_WARNING, "SET LOCAL can only be used in transaction blocks");
    const ss_node_kind_desc *kind = value ? ss_node_kind_by_setting(bs->name) : NULL;
    if (kind) { /* a setting that selects the implementation of a node kind */
        const ss_registration *reg = ss_registry_find(st->ctx.registry, SS_KIND_OPERATOR, value);
        if (!reg || ((const ss_operator_vtable *)reg->vtable)->node_kind != kind->kind) {
            ss_ctx_error(&st->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                         "invalid value for parameter \"%s\": \"%s\"", bs->name, value);
            ss_ctx_error_detail(&st->ctx, reg ? "Operator \"%s\" does not implement %s."
                                              : "No operator \"%s\" is registered.%s",
                                value, reg ? kind->name : "");
            return SS_ERROR;
        }
    }
    if (value && strcmp(bs->name, "default_table_access_method") == 0 &&
        !ss_registry_find(st->ctx.registry, SS_KIND_STORAGE, value)) {
        ss_ctx_error(&st->ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid value for parameter \"%s\": \"%s\"",
                     bs->name, value);
        ss_ctx_error_detail(&st->ctx, "Table access method \"%s\" does not exist.", value);
        return SS_ERROR;
    }
    if (ss_txn_is_txn_setting(bs->name))
        return ss_txn_run_setting(st, bs->name, value);
    /* the transaction's end puts back what it must (catalog/settings_txn.c) */
    return ss_settings_set_in_txn(&st->ctx, &db->settings, bs->name, value, local);
}

/* SHOW transaction_isolation / transaction_read_only: the running transaction's (SHOW runs
 * in one: a block's, or its own implicit one with the defaults). */
static const char *txn_show_value(const sunstone_stmt *st, const char *name)
{
    return ss_txn_setting_value(&st->db->txn, name);
}

static int run_show(sunstone_stmt *st)
{
    const char *v = txn_show_value(st, st->bound->name);
    if (!v)
        v = ss_settings_get(&st->db->settings, st->bound->name);
    char **rows = ss_ctx_alloc(&st->ctx, sizeof(char *));
    if (!rows || !(rows[0] = ss_arena_strdup(st->exec_arena, v ? v : "")))
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    snprintf(st->tag, sizeof st->tag, "SHOW");
    return materialize(st, rows, 1);
}

/* EXPLAIN: the tree is opened for EXPLAIN only (no storage scan starts, no row is read);
 * EXPLAIN ANALYZE opens it for real with the executor's counters on every instance, pulls
 * (and drops) every row, then shows what each node counted; SUMMARY adds PostgreSQL's
 * Planning Time and (with ANALYZE) Execution Time lines. */
static int run_explain(sunstone_stmt *st)
{
    uint32_t f = st->ast->explain_flags;
    bool analyze = f & AST_EXPLAIN_ANALYZE;
    double start = ss_instr_now_ms();
    st->ctx.instrument_subplans = analyze; /* subquery trees count too, from their opening */
    st->ctx.instrument_subplans_timing = f & AST_EXPLAIN_TIMING;
    if (ss_exec_start(&st->ctx, st->bound->plan, analyze ? 0 : SS_OPEN_EXPLAIN_ONLY, &st->root))
        return SS_ERROR;
    int rc = SS_OK;
    if (analyze) {
        st->ctx.lock_restart_ok = true; /* (EPQ) a locking clause of its query (row_lock_filter.h) */
        for (;;) {
            st->ctx.lock_restart = false;
            rc = ss_exec_instrument(&st->ctx, st->root, f & AST_EXPLAIN_TIMING);
            ss_batch *b = NULL;
            while (rc == SS_OK && (rc = ss_exec_next(&st->ctx, st->root, &b)) == SS_OK && b)
                ;
            if (rc == SS_OK || !st->ctx.lock_restart)
                break;
            /* READ COMMITTED, a row changed by a committed transaction met by a locking
               clause: read again with a fresh snapshot (locks kept), as SELECT does; the
               listing counts the last run */
            ss_error_clear(st->ctx.err);
            ss_exec_finish(&st->ctx, st->root);
            st->root = NULL;
            if (ss_txn_state_statement_snapshot(&st->db->txn, &st->snap) != 0) {
                rc = ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
            st->ctx.snapshot = &st->snap.snap;
            if ((rc = ss_exec_start(&st->ctx, st->bound->plan, 0, &st->root)) != SS_OK)
                break;
        }
        st->ctx.lock_restart_ok = st->ctx.lock_restart = false;
    }
    char **lines = NULL;
    uint32_t n = 0;
    if (rc == SS_OK)
        rc = ss_exec_explain_with(&st->ctx, st->root, f & AST_EXPLAIN_COSTS, &lines, &n);
    ss_exec_finish(&st->ctx, st->root);
    st->root = NULL;
    double exec_ms = ss_instr_now_ms() - start;
    if (rc == SS_OK && st->bound->table && st->ast->explain_target)
        rc = ss_modify_explain(st, &lines, &n); /* EXPLAIN UPDATE / DELETE */
    if (rc == SS_OK && st->bound->locking) /* (LK) SELECT ... FOR UPDATE */
        rc = ss_locking_explain(st, &lines, &n);
    if (rc == SS_OK && st->bound->nmodifying_ctes)
        rc = ss_modifying_ctes_explain(st, &lines, &n);
    if (rc)
        return SS_ERROR;
    if (f & AST_EXPLAIN_SUMMARY) {
        char **all = ss_arena_alloc(st->ctx.arena, sizeof(char *) * (n + 2));
        if (!all)
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memcpy(all, lines, sizeof(char *) * n);
        if (!(all[n++] = ss_arena_printf(st->ctx.arena, "Planning Time: %.3f ms", st->plan_ms)) ||
            (analyze && !(all[n++] = ss_arena_printf(st->ctx.arena, "Execution Time: %.3f ms", exec_ms))))
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        lines = all;
    }
    snprintf(st->tag, sizeof st->tag, "EXPLAIN");
    return materialize(st, lines, n);
}

/* ---- INSERT's staging for COPY FROM (copy/copy_from.c) ------------------------------ */

struct ss_insert_staging {
    staging s;
};

ss_insert_staging *ss_insert_staging_new(void)
{
    return calloc(1, sizeof(ss_insert_staging));
}

int ss_insert_stage(ss_ctx *ctx, ss_insert_staging *s, const ss_table *t, const ss_batch *b)
{
    return stage_rows(ctx, &s->s, t, b);
}

int ss_insert_write(ss_ctx *ctx, ss_table *t, ss_insert_staging *s, int64_t *written)
{
    return write_staged(ctx, t, &s->s, written);
}

void ss_insert_staging_free(ss_insert_staging *s)
{
    if (!s)
        return;
    staging_free(&s->s);
    free(s);
}

static int execute_kind(sunstone_stmt *st);

int ss_stmt_execute(sunstone_stmt *st)
{
    ast_stmt_kind k = st->bound->kind;
    if (ss_txn_check_write(st, k))
        return SS_ERROR;
    if (k == AST_SET || k == AST_RESET)
        ss_db_release_parked(st->db); /* the session's operator settings may change */
    else if (ss_stmt_kind_changes_database(k))
        ss_database_release_parked(st->db->database); /* DDL, LOAD: any session's tree may be invalid */
    return st->bound->nmodifying_ctes ? ss_modifying_ctes_run(st, execute_kind) : execute_kind(st);
}

static int execute_kind(sunstone_stmt *st)
{
    ast_stmt_kind k = st->bound->kind;
    switch (k) {
    case AST_SELECT:
        return st->bound->locking ? ss_run_locking_select(st) : start_query(st);
    case AST_INSERT:
        return run_insert(st);
    case AST_CREATE_TABLE:
        return run_create(st);
    case AST_DROP_TABLE:
    case AST_DROP_VIEW:
    case AST_DROP_MATVIEW:
        return run_drop(st);
    case AST_REFRESH_MATVIEW:
        return ss_run_refresh_matview(st);
    case AST_DECLARE_CURSOR:
        return ss_run_declare_cursor(st);
    case AST_FETCH:
        return ss_run_fetch(st);
    case AST_CLOSE_CURSOR:
        return ss_run_close_cursor(st);
    case AST_CREATE_VIEW:
        return run_create_view(st);
    case AST_SET:
        return run_set(st, false);
    case AST_RESET:
        return run_set(st, true);
    case AST_SHOW:
        return run_show(st);
    case AST_LOAD:
        snprintf(st->tag, sizeof st->tag, "LOAD");
        return ss_loader_load_file(&st->ctx, st->db->database->plugin_dir, st->bound->name);
    case AST_EXPLAIN:
        return run_explain(st);
    case AST_CREATE_TABLE_AS:
        return run_create_table_as(st);
    case AST_CREATE_INDEX:
        snprintf(st->tag, sizeof st->tag, "CREATE INDEX");
        return ss_index_run_create(&st->ctx, st->ctx.catalog, st->ctx.registry, st->ast);
    case AST_DROP_INDEX:
        snprintf(st->tag, sizeof st->tag, "DROP INDEX");
        return ss_index_run_drop(&st->ctx, st->ctx.catalog, st->ast, drop_notice, st->db);
    case AST_TRANSACTION:
        return ss_run_transaction(st);
    case AST_ALTER_TABLE:
        snprintf(st->tag, sizeof st->tag, "%s",
                 st->ast->alter_view ? "ALTER VIEW"
                 : st->ast->nalter_cmds && st->ast->alter_cmds[0].kind == AST_ALTER_RENAME_INDEX ? "ALTER INDEX"
                                                                                            : "ALTER TABLE");
        return ss_catalog_alter_table(&st->ctx, st->ctx.catalog, st->ast);
    case AST_CREATE_SEQUENCE:
        return ss_run_create_sequence(st);
    case AST_ALTER_SEQUENCE:
        return ss_run_alter_sequence(st);
    case AST_DROP_SEQUENCE:
        return ss_run_drop_sequence(st);
    case AST_COPY:
        return ss_copy_run(st);
    case AST_PREPARE:
    case AST_DEALLOCATE:
        return ss_prepared_run(st);
    case AST_UPDATE:
    case AST_DELETE:
        return ss_run_modify(st);
    case AST_TRUNCATE:
        return ss_run_truncate(st);
    case AST_CREATE_SCHEMA:
        return ss_run_create_schema(st);
    case AST_DROP_SCHEMA:
    case AST_ALTER_SCHEMA:
        snprintf(st->tag, sizeof st->tag, "%s", ss_stmt_kind_name(k));
        return k == AST_DROP_SCHEMA
                   ? ss_schema_drop(&st->ctx, st->ctx.catalog, st->ast->drop_names, st->ast->ndrop, st->ast->missing_ok,
                                    st->ast->cascade)
                   : ss_schema_rename(&st->ctx, st->ctx.catalog, st->ast->str, st->ast->value);
    case AST_DISCARD:
        return ss_run_discard(st);
    case AST_VACUUM:
        return ss_run_vacuum(st);
    case AST_CHECKPOINT:
        return ss_run_checkpoint(st);
    case AST_SET_CONSTRAINTS:
        return ss_run_set_constraints(st);
    case AST_LOCK_TABLE:
        snprintf(st->tag, sizeof st->tag, "LOCK TABLE");
        return ss_catalog_lock_stmt(&st->ctx, st->ctx.catalog, st->ast);
    case AST_CREATE_TYPE:
    case AST_DROP_TYPE:
    case AST_ALTER_TYPE:
        snprintf(st->tag, sizeof st->tag, "%s", ss_stmt_kind_name(k));
        return ss_type_ddl_run(&st->ctx, st->ctx.catalog, st->ast, drop_notice, st->db);
    case AST_EXECUTE:
        break; /* bound as the prepared statement's own kind */
    }
    const char *name = ss_stmt_kind_name(k);
    if (name)
        ss_ctx_error(&st->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: %s", name);
    else
        ss_ctx_error(&st->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: statement kind %d", (int)k);
    ss_ctx_error_position(&st->ctx, (int)ss_utf8_count(st->sql, (uint32_t)st->ast->location) + 1);
    return SS_ERROR;
}

/* The tag "SELECT <rows>", written without snprintf: every execution of a query ends here. */
static void select_tag(sunstone_stmt *st)
{
    char digits[24];
    int n = 0;
    uint64_t v = st->rows < 0 ? 0 : (uint64_t)st->rows;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    memcpy(st->tag, "SELECT ", 7);
    for (int i = 0; i < n; i++)
        st->tag[7 + i] = digits[n - 1 - i];
    st->tag[7 + n] = '\0';
}

int ss_stmt_next_row(sunstone_stmt *st)
{
    if (st->returning_rows)
        return ss_returning_next_row(st);
    if (st->mat_rows) {
        if (st->mat_pos < st->nmat) {
            st->mat_pos++;
            return SUNSTONE_ROW;
        }
        return SUNSTONE_DONE;
    }
    if (st->fetch_batches)
        return ss_fetch_next_row(st);
    if (!st->root)
        return SUNSTONE_DONE;
    if (st->batch && st->batch_pos + 1 < ss_batch_rows(st->batch)) {
        st->batch_pos++;
        st->rows++;
        return SUNSTONE_ROW;
    }
    for (;;) {
        if (ss_exec_next(&st->ctx, st->root, &st->batch))
            return SUNSTONE_ERROR;
        if (!st->batch) {
            select_tag(st);
            return SUNSTONE_DONE;
        }
        if (ss_batch_rows(st->batch) > 0) {
            st->batch_pos = 0;
            st->rows++;
            return SUNSTONE_ROW;
        }
    }
}
