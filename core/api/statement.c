/* statement.c — prepare / bind / step / reset / finalize and the column accessors of the
 * embedding API. */
#include "catalog/object_oids.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/statement.h"
#include "api/durable.h"
#include "api/run_returning.h"
#include "bind/bind_on_conflict.h"
#include "bind/bind_returning.h"
#include "catalog/namespace.h"
#include "exec/instrument.h"
#include "exec/interrupt.h"
#include "exec/vector.h"
#include "plan/planner.h"
#include "sql/split.h"
#include "types/bytea/bytea.h"
#include "types/cast.h"
#include "types/deferred_error.h"
#include "types/datetime/datetime.h"
#include "api/temp_on_commit.h"
#include "api/run_modifying_cte.h"
#include "types/typeio.h"
#include "types/utf8.h"
#include "util/stack_depth.h"

static void stmt_free(sunstone_stmt *st)
{
    if (!st)
        return;
    if (st->counted)
        st->db->nstmts--;
    ss_txn_stmt_finish(st, true);
    ss_stmt_stop(st);
    ss_txn_snapshot_free(&st->snap);
    if (st->text && st->bound)
        for (uint32_t i = 0; i < st->bound->ncols; i++)
            ss_strbuf_free(&st->text[i]);
    free(st->text);
    ss_arena_destroy(st->ast_arena);
    ss_arena_destroy(st->bind_arena);
    ss_arena_destroy(st->exec_arena);
    ss_arena_destroy(st->tree_arena);
    if (st->param_text)
        for (uint32_t i = 0; i < st->nparams; i++)
            free(st->param_text[i]);
    free(st->param_text);
    free(st->param_raw);
    free(st->param_raw_types);
    ss_stmt_forget_params(st);
    free(st->reads.t);
    free(st->reads_next.t);
    free(st->sql);
    free(st);
}

/* True when the result columns of b match those of a (PostgreSQL's equalTupleDescs on
 * what a client sees: count, names, types, typmods). */
static bool same_result(const ss_bound_stmt *a, const ss_bound_stmt *b)
{
    if (a->ncols != b->ncols)
        return false;
    for (uint32_t i = 0; i < a->ncols; i++)
        if (a->col_types[i].id != b->col_types[i].id || a->col_types[i].typmod != b->col_types[i].typmod ||
            strcmp(a->col_names[i], b->col_names[i]) != 0)
            return false;
    return true;
}

/* Result column names may point into catalog tables that a later DROP frees; the binding
 * keeps its own copies so the old result description stays readable after a refused rebind. */
static int own_col_names(ss_arena *arena, ss_bound_stmt *bs)
{
    if (!bs->ncols)
        return SS_OK;
    const char **names = ss_arena_alloc(arena, bs->ncols * sizeof *names);
    if (!names)
        return SS_ERROR;
    for (uint32_t i = 0; i < bs->ncols; i++)
        if (!(names[i] = ss_arena_strdup(arena, bs->col_names[i])))
            return SS_ERROR;
    bs->col_names = names;
    return SS_OK;
}

/* The planner's physical plans of a bound statement's queries. */
static int plan_bound(ss_ctx *ctx, ss_arena *arena, ss_bound_stmt *bs)
{
    if ((bs->query && ss_plan_query(ctx, arena, bs->query, &bs->plan)) ||
        (bs->returning && bs->returning->query &&
         ss_plan_query(ctx, arena, bs->returning->query, &bs->returning->plan)) ||
        (bs->on_conflict && bs->on_conflict->query &&
         ss_plan_query(ctx, arena, bs->on_conflict->query, &bs->on_conflict->plan)))
        return SS_ERROR;
    return SS_OK;
}

static int bind_now(sunstone_stmt *st)
{
    sunstone *db = st->db;
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    /* constant folding runs here: cancel and statement_timeout apply (deadline set by
       ss_stmt_create or sunstone_step) */
    ss_ctx ctx;
    ss_session_ctx(db, &ctx);
    ctx.arena = arena;
    ctx.deadline_ns = st->ctx.deadline_ns;
    ss_bound_stmt *bs;
    ss_catalog_reader_set(&db->txn); /* the catalog as this session sees it */
    ss_ns_session_set(&db->settings);  /* and its search_path */
    ss_oid_catalog_set(&db->database->catalog);
    ss_float8_set_extra_digits(db->settings.extra_float_digits); /* folded casts to text */
    dt_session_publish(&db->settings);
    bytea_set_output(!db->settings.bytea_output_escape);
    /* a rebind keeps the parameter types the user already bound against */
    static const ss_type no_params[1] = {{SS_TYPE_INVALID, -1}};
    st->reads_next.n = 0;
    st->reads_next.overflow = false;
    ss_catalog_reads_collect(&st->reads_next);
    int bound = ss_bind(&ctx, ctx.catalog, ctx.settings, st->ast, arena, st->no_params ? no_params : NULL, 0, &bs);
    ss_catalog_reads_collect(NULL);
    if (bound) {
        ss_arena_destroy(arena);
        /* the binder counts bytes from the start of the submitted text; PostgreSQL reports
           positions in characters */
        int pos = db->err.position;
        if (pos > 0 && (size_t)pos - 1 >= st->sql_base && (size_t)pos - 1 - st->sql_base <= strlen(st->sql))
            db->err.position = (int)(st->sql_base_chars +
                                     ss_utf8_count(st->sql, (uint32_t)(pos - 1 - st->sql_base))) + 1;
        return SS_ERROR;
    }
    /* the planner turns the binder's logical plan into the operators' physical plan */
    double plan_start = ss_instr_now_ms();
    int planned = plan_bound(&ctx, arena, bs);
    for (uint32_t i = 0; planned == SS_OK && i < bs->nmodifying_ctes; i++)
        planned = plan_bound(&ctx, arena, bs->modifying_ctes[i]->stmt);
    if (planned) {
        ss_arena_destroy(arena);
        return SS_ERROR;
    }
    st->plan_ms = ss_instr_now_ms() - plan_start;
    /* PostgreSQL's plan cache refuses a rebind that changes the result columns (their
     * number, names, types or typmods); the old binding stays, so every step fails the same
     * way until the catalog matches again or the statement is prepared anew. */
    if (st->bound && !same_result(st->bound, bs)) {
        ss_arena_destroy(arena);
        return ss_ctx_error(&ctx, "0A000", "cached plan must not change result type");
    }
    if (own_col_names(arena, bs)) {
        ss_arena_destroy(arena);
        return ss_ctx_error(&ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    uint32_t old_ncols = st->bound ? st->bound->ncols : 0;
    if (st->text) {
        for (uint32_t i = 0; i < old_ncols; i++)
            ss_strbuf_free(&st->text[i]);
        free(st->text);
        st->text = NULL;
    }
    if (bs->ncols && !(st->text = calloc(bs->ncols, sizeof *st->text))) {
        ss_arena_destroy(arena);
        return ss_ctx_error(&ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (bs->nparams > st->nparams) {
        ss_value *raw = realloc(st->param_raw, bs->nparams * sizeof *raw);
        if (raw)
            st->param_raw = raw;
        ss_type *types = realloc(st->param_raw_types, bs->nparams * sizeof *types);
        if (types)
            st->param_raw_types = types;
        char **text = realloc(st->param_text, bs->nparams * sizeof *text);
        if (text)
            st->param_text = text;
        if (!raw || !types || !text) {
            ss_arena_destroy(arena);
            return ss_ctx_error(&ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        for (uint32_t i = st->nparams; i < bs->nparams; i++) {
            memset(&st->param_raw[i], 0, sizeof st->param_raw[i]);
            st->param_raw_types[i] = (ss_type){SS_TYPE_INVALID, -1};
            st->param_text[i] = NULL;
        }
        st->nparams = bs->nparams;
    }
    ss_arena_destroy(st->bind_arena);
    st->bind_arena = arena;
    st->bound = bs;
    st->catalog_version = st->ctx.catalog->version;
    ss_table_reads kept = st->reads;
    st->reads = st->reads_next;
    st->reads_next = kept;
    return SS_OK;
}

int ss_stmt_ensure_bound(sunstone_stmt *st)
{
    ss_catalog_reader_set(&st->db->txn); /* the catalog as this session sees it */
    ss_ns_session_set(&st->db->settings);
    ss_oid_catalog_set(&st->db->database->catalog);
    if (st->bound && st->catalog_version == st->ctx.catalog->version && !st->reads.overflow) {
        /* (LK) the binding's tables: another transaction's exclusive lock, ACCESS SHARE */
        int rc = ss_catalog_reads_lock(&st->ctx, st->ctx.catalog, &st->reads, st->db->txn.in_block);
        if (rc < 0)
            return SS_ERROR;
        if (rc == 0 && st->catalog_version == st->ctx.catalog->version)
            return SS_OK;
    }
    return bind_now(st);
}

int ss_stmt_create(sunstone *db, const char *sql, size_t len, size_t base, size_t base_chars,
                   ss_arena *ast_arena, const ast_stmt *ast, sunstone_stmt **out)
{
    *out = NULL;
    sunstone_stmt *st = calloc(1, sizeof *st);
    if (!st) {
        ss_arena_destroy(ast_arena);
        return SS_ERROR;
    }
    st->db = db;
    st->ast_arena = ast_arena;
    st->ast = ast;
    ss_session_ctx(db, &st->ctx);
    st->ctx.temp_files = &st->temp_files;
    st->no_params = db->simple_query;
    st->sql = strndup(sql, len);
    st->sql_base = base;
    st->sql_base_chars = base_chars;
    st->exec_arena = ss_arena_create();
    st->tree_arena = ss_arena_create();
    if (!st->sql || !st->exec_arena || !st->tree_arena) {
        stmt_free(st);
        return ss_ctx_error(&(ss_ctx){.err = &db->err}, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ss_interrupt_begin(&st->ctx, db->settings.statement_timeout_ms); /* binding folds constants */
    ss_catalog_reader_set(&db->txn); /* the catalog as this session sees it */
    ss_ns_session_set(&db->settings);  /* and its search_path */
    ss_oid_catalog_set(&db->database->catalog);
    if (bind_now(st)) {
        stmt_free(st);
        return SS_ERROR;
    }
    st->counted = true;
    db->nstmts++;
    *out = st;
    return SS_OK;
}

int ss_stmt_prepare_internal(sunstone *db, const char *declare_sql, sunstone_stmt **out)
{
    *out = NULL;
    size_t len = strlen(declare_sql);
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_ctx_error(&(ss_ctx){.err = &db->err}, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ast_stmt **stmts;
    uint32_t n;
    if (ss_api_parse(db, arena, declare_sql, len, &stmts, &n)) {
        ss_arena_destroy(arena);
        return SS_ERROR;
    }
    if (n != 1 || stmts[0]->kind != AST_DECLARE_CURSOR || !stmts[0]->select) {
        ss_arena_destroy(arena);
        return ss_ctx_error(&(ss_ctx){.err = &db->err}, SS_SQLSTATE_INTERNAL_ERROR,
                            "cursor text is not one DECLARE statement");
    }
    ast_stmt *q = stmts[0];
    q->kind = AST_SELECT; /* its query, as a statement of its own */
    q->str = NULL;
    q->view_sql = NULL;
    q->cursor_options = 0;
    if (ss_stmt_create(db, declare_sql, len, 0, 0, arena, q, out))
        return SS_ERROR;
    (*out)->counted = false; /* the cursor owns it, not the host */
    db->nstmts--;
    return SS_OK;
}

void ss_stmt_finalize_internal(sunstone_stmt *st)
{
    stmt_free(st);
}

static int parse_failed(sunstone *db, const ast_parse_error *perr, const char *sql, size_t len)
{
    snprintf(db->err.sqlstate, sizeof db->err.sqlstate, "%s", perr->sqlstate);
    db->err.message = strdup(perr->message);
    if (perr->hint[0])
        db->err.hint = strdup(perr->hint);
    db->err.position = perr->position;
    if (perr->position_in_bytes && perr->position > 0 && (size_t)perr->position - 1 <= len)
        db->err.position = (int)ss_utf8_count(sql, (uint32_t)perr->position - 1) + 1;
    return SS_ERROR;
}

static void parse_notice(void *arg, const char *msg)
{
    ss_db_notice(arg, "%s", msg);
}

int ss_api_parse(sunstone *db, ss_arena *arena, const char *sql, size_t len, ast_stmt ***stmts, uint32_t *n)
{
    ast_parse_error perr;
    if (ss_parse_notify(arena, sql, stmts, n, &perr, parse_notice, db) == 0)
        return SS_OK;
    return parse_failed(db, &perr, sql, len);
}

int sunstone_prepare(sunstone *db, const char *sql, int nbytes, sunstone_stmt **out, const char **tail)
{
    return sunstone_prepare_v3(db, sql, nbytes, 0, out, tail);
}

int sunstone_prepare_v3(sunstone *db, const char *sql, int nbytes, unsigned flags, sunstone_stmt **out,
                        const char **tail)
{
    if (out)
        *out = NULL;
    if (!db)
        return SUNSTONE_MISUSE;
    if (!out)
        return ss_api_misuse(db, "sunstone_prepare", "the statement pointer is NULL");
    if (!sql)
        return ss_api_misuse(db, "sunstone_prepare", "sql is NULL");
    ss_error_clear(&db->err);
    /* the text is read no further than the statement: no strlen of the rest */
    size_t len = nbytes < 0 ? SIZE_MAX : (size_t)nbytes;
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_api_fail(db);
    ss_stack_mark mark;
    ss_stack_enter(&mark);
    /* only the first statement is read: the rest of the text, even a syntax error in it, is
       the next call's business */
    ast_stmt *first;
    size_t end;
    ast_parse_error perr;
    if (ss_parse_first(arena, sql, len, &first, &end, &perr, parse_notice, db)) {
        parse_failed(db, &perr, sql, len);
        /* invalid UTF-8 is reported instead of the syntax error it may have caused */
        size_t avail = strnlen(sql, len);
        if (ss_utf8_valid_prefix(sql, avail) < avail) {
            ss_error_clear(&db->err);
            ss_utf8_verify(&(ss_ctx){.err = &db->err}, sql, avail);
        }
        ss_arena_destroy(arena);
        ss_stack_leave(&mark);
        return ss_api_fail(db);
    }
    /* the text compiled is verified, not the tail: preparing statement after statement of a
       long script stays linear.  A NUL inside nbytes ends the parse; it is invalid too. */
    size_t verify_end = end < len && sql[end] == '\0' && nbytes >= 0 ? end + 1 : end;
    if (ss_utf8_verify(&(ss_ctx){.err = &db->err}, sql, verify_end)) {
        ss_arena_destroy(arena);
        ss_stack_leave(&mark);
        return ss_api_fail(db);
    }
    if (tail)
        *tail = sql + ss_sql_skip_empty(sql, len, end);
    if (!first) {
        ss_arena_destroy(arena);
        ss_stack_leave(&mark);
        return SUNSTONE_OK;
    }
    if (ss_txn_gate(db, first, &(ss_ctx){.err = &db->err})) {
        ss_arena_destroy(arena);
        ss_stack_leave(&mark);
        return SUNSTONE_ERROR;
    }
    sunstone_stmt *st;
    db->simple_query = (flags & SUNSTONE_PREPARE_NO_PARAMS) != 0;
    ss_db_lock_shared(db->database);
    int rc = ss_stmt_create(db, sql, end, 0, 0, arena, first, &st);
    ss_db_unlock(db->database);
    db->simple_query = false;
    ss_stack_leave(&mark);
    if (rc)
        return ss_api_fail(db);
    *out = st;
    return SUNSTONE_OK;
}

void ss_stmt_stop(sunstone_stmt *st)
{
    if (st->parked) {
        sunstone *db = st->db;
        if (st->park_prev)
            st->park_prev->park_next = st->park_next;
        else
            db->parked = st->park_next;
        if (st->park_next)
            st->park_next->park_prev = st->park_prev;
        st->park_prev = st->park_next = NULL;
        st->parked = false;
    }
    if (st->root) {
        ss_exec_finish(&st->ctx, st->root);
        st->root = NULL;
    }
    /* what the closed operators left open: on an error or cancel mid-spill */
    ss_temp_close_all(&st->temp_files);
    st->batch = NULL;
    st->mat_rows = NULL;
    st->nmat = st->mat_pos = 0;
    ss_fetch_free(st);
    ss_row_store_free(st->returning_rows);
    st->returning_rows = NULL;
    ss_modifying_ctes_free(st);
    /* the tree is closed: its operators' arena memory goes with it */
    if (st->tree_arena)
        ss_arena_reset(st->tree_arena);
    if (st->exec_arena)
        ss_arena_reset(st->exec_arena);
}

int sunstone_finalize(sunstone_stmt *st)
{
    if (!st)
        return SUNSTONE_OK;
    ss_database *d = st->db->database;
    sunstone *db = st->db;
    ss_db_lock_shared(d);
    stmt_free(st);
    ss_db_unlock(d);
    ss_temp_on_commit_run(db);
    return SUNSTONE_OK;
}

int sunstone_reset(sunstone_stmt *st)
{
    if (!st)
        return SUNSTONE_MISUSE;
    /* a finished run keeps its parked tree; one stopped mid-way is closed (it only read:
       rows are returned after a statement's writes) */
    ss_db_lock_shared(st->db->database);
    ss_txn_stmt_finish(st, true);
    if (!st->parked)
        ss_stmt_stop(st);
    ss_db_unlock(st->db->database);
    ss_temp_on_commit_run(st->db);
    st->state = STMT_READY;
    st->rows = 0;
    st->tag[0] = '\0';
    return SUNSTONE_OK;
}

/* Whether integer v of type have is already a value of the built-in integer type want (in
   its range): the cast would copy it unchanged.  Out of range: the cast reports it. */
static bool int_param_fits(ss_type have, ss_type want, const ss_value *v)
{
    if (!ss_type_is_integer(have.id))
        return false;
    switch (want.id) {
    case SS_TYPE_INT2: return v->v.i >= INT16_MIN && v->v.i <= INT16_MAX;
    case SS_TYPE_INT4: return v->v.i >= INT32_MIN && v->v.i <= INT32_MAX;
    case SS_TYPE_INT8: return true;
    default: return false;
    }
}

/* Converts the user's bound values to the parameter types the binder inferred. */
static int convert_params(sunstone_stmt *st)
{
    uint32_t n = st->bound->nparams;
    st->param_values = n ? ss_ctx_alloc(&st->ctx, n * sizeof(ss_value)) : NULL;
    if (n && !st->param_values)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++) {
        ss_type want = st->bound->param_types[i];
        ss_type have = st->param_raw_types[i];
        if (have.id == SS_TYPE_INVALID || st->param_raw[i].is_null) {
            st->param_values[i].is_null = true;
            continue;
        }
        if (have.id == SS_TYPE_UNKNOWN) {
            const ss_value *raw = &st->param_raw[i];
            if (ss_value_parse(&st->ctx, want, raw->v.s.ptr, raw->v.s.len, &st->param_values[i]))
                return SS_ERROR;
            if (ss_type_is_text(want.id) &&
                ss_cast_value(&st->ctx, &st->param_values[i], (ss_type){SS_TYPE_TEXT, -1}, want, 1,
                              &st->param_values[i], st->exec_arena))
                return SS_ERROR;
            continue;
        }
        if (int_param_fits(have, want, &st->param_raw[i])) { /* the common bind: no cast needed */
            st->param_values[i] = st->param_raw[i];
            continue;
        }
        if (ss_cast_value(&st->ctx, &st->param_raw[i], have, want, 1, &st->param_values[i], st->exec_arena))
            return SS_ERROR;
    }
    st->ctx.params = st->param_values;
    st->ctx.param_types = st->bound->param_types;
    st->ctx.nparams = n;
    if (st->bound->execute) /* EXECUTE: its arguments (over those values) are the parameters */
        return ss_execute_params(st);
    return SS_OK;
}

static int step(sunstone_stmt *st);

int ss_stmt_begin(sunstone_stmt *st)
{
    sunstone *db = st->db;
    ss_stmt_begin_run(st);
    st->rows = 0;
    st->tag[0] = '\0';
    st->ctx.err = &db->err;
    if (ss_txn_stmt_gate(st) || ss_durable_stmt_gate(st) || ss_stmt_ensure_bound(st) || ss_txn_stmt_start(st)) {
        st->state = STMT_DONE;
        return SS_ERROR;
    }
    st->ctx.arena = st->exec_arena;
    st->ctx.tree_arena = st->tree_arena;
    st->ctx.err = &db->err;
    st->ctx.txn = &db->txn;
    st->ctx.snapshot = &st->snap.snap;
    if (convert_params(st) || ss_stmt_execute(st)) {
        ss_txn_stmt_finish(st, false);
        ss_stmt_stop(st);
        st->state = STMT_DONE;
        return SS_ERROR;
    }
    st->state = STMT_ROWS;
    return SS_OK;
}

int sunstone_step(sunstone_stmt *st)
{
    /* binding and evaluation recurse over expressions: their stack depth counts from here */
    if (!st)
        return SUNSTONE_MISUSE;
    ss_database *d = st->db->database;
    /* DDL and LOAD change what every session reads: alone; anything else beside the others */
    bool exclusive = st->state == STMT_READY && ss_stmt_kind_changes_database(st->ast->kind);
    if (exclusive)
        ss_db_lock_exclusive(d);
    else
        ss_db_lock_shared(d);
    ss_stack_mark mark;
    ss_stack_enter(&mark);
    int rc = step(st);
    ss_stack_leave(&mark);
    ss_db_unlock(d);
    ss_temp_on_commit_run(st->db);
    return rc;
}

static int step(sunstone_stmt *st)
{
    if (!st)
        return SUNSTONE_MISUSE;
    sunstone *db = st->db;
    if (st->state == STMT_DONE)
        return SUNSTONE_DONE;
    ss_float8_set_extra_digits(db->settings.extra_float_digits);
    dt_session_publish(&db->settings);
    bytea_set_output(!db->settings.bytea_output_escape);
    if (st->state == STMT_READY) {
        dt_statement_begin();
        ss_error_clear(&db->err);
        ss_interrupt_begin(&st->ctx, db->settings.statement_timeout_ms);
        ss_deferred_error_clear(); /* none left by a statement that stopped early */
        if (ss_stmt_begin(st))
            return ss_api_fail(db);
        if (!sunstone_stmt_returns_rows(st)) {
            st->state = STMT_DONE;
            return ss_txn_stmt_finish(st, true) == SS_OK ? SUNSTONE_DONE : ss_api_fail(db);
        }
    }
    int rc = ss_stmt_next_row(st);
    if (rc == SUNSTONE_ROW) {
        for (uint32_t i = 0; i < st->bound->ncols; i++)
            ss_strbuf_clear(&st->text[i]);
        return rc;
    }
    if (st->mat_rows)
        st->rows = st->nmat;
    if (ss_txn_stmt_finish(st, rc == SUNSTONE_DONE) != SS_OK && rc == SUNSTONE_DONE)
        rc = SUNSTONE_ERROR; /* the implicit commit failed (a database file's, durable.h) */
    if (rc == SUNSTONE_DONE)
        ss_stmt_end_run(st);
    else
        ss_stmt_stop(st);
    st->state = STMT_DONE;
    return rc == SUNSTONE_DONE ? SUNSTONE_DONE : ss_api_fail(db);
}

/* ---- parameters ------------------------------------------------------------------------ */

/* Empties parameter idx and sets *slot to its 0-based index: SUNSTONE_OK, SUNSTONE_MISUSE
 * for a NULL statement, SUNSTONE_RANGE (42P02 recorded on the handle) for a bad index. */
static int param_slot(sunstone_stmt *st, int idx, int *slot)
{
    if (!st)
        return SUNSTONE_MISUSE;
    if (idx < 1 || (uint32_t)idx > st->nparams) {
        ss_error_clear(&st->db->err);
        ss_ctx ctx = {.err = &st->db->err};
        ss_ctx_error(&ctx, SS_SQLSTATE_UNDEFINED_PARAMETER, "there is no parameter $%d", idx);
        ss_ctx_error_detail(&ctx, "The statement has %u parameter%s.", st->nparams, st->nparams == 1 ? "" : "s");
        return SUNSTONE_RANGE;
    }
    if (st->state != STMT_READY)
        sunstone_reset(st);
    free(st->param_text[idx - 1]);
    st->param_text[idx - 1] = NULL;
    memset(&st->param_raw[idx - 1], 0, sizeof(ss_value));
    *slot = idx - 1;
    return SUNSTONE_OK;
}

int sunstone_bind_parameter_count(sunstone_stmt *st)
{
    return st && st->bound ? (int)st->bound->nparams : 0;
}

int sunstone_bind_null(sunstone_stmt *st, int idx)
{
    int i, rc = param_slot(st, idx, &i);
    if (rc != SUNSTONE_OK)
        return rc;
    st->param_raw[i].is_null = true;
    st->param_raw_types[i] = (ss_type){SS_TYPE_TEXT, -1};
    return SUNSTONE_OK;
}

int sunstone_bind_int64(sunstone_stmt *st, int idx, int64_t value)
{
    int i, rc = param_slot(st, idx, &i);
    if (rc != SUNSTONE_OK)
        return rc;
    st->param_raw[i].v.i = value;
    st->param_raw_types[i] = (ss_type){SS_TYPE_INT8, -1};
    return SUNSTONE_OK;
}

int sunstone_bind_double(sunstone_stmt *st, int idx, double value)
{
    int i, rc = param_slot(st, idx, &i);
    if (rc != SUNSTONE_OK)
        return rc;
    st->param_raw[i].v.f = value;
    st->param_raw_types[i] = (ss_type){SS_TYPE_FLOAT8, -1};
    return SUNSTONE_OK;
}

int sunstone_bind_bool(sunstone_stmt *st, int idx, bool value)
{
    int i, rc = param_slot(st, idx, &i);
    if (rc != SUNSTONE_OK)
        return rc;
    st->param_raw[i].v.b = value;
    st->param_raw_types[i] = (ss_type){SS_TYPE_BOOL, -1};
    return SUNSTONE_OK;
}

int sunstone_bind_text(sunstone_stmt *st, int idx, const char *value, int nbytes)
{
    int i, rc = param_slot(st, idx, &i);
    if (rc != SUNSTONE_OK)
        return rc;
    if (!value)
        return sunstone_bind_null(st, idx);
    size_t len = nbytes < 0 ? strlen(value) : (size_t)nbytes;
    ss_error_clear(&st->db->err);
    if (ss_utf8_verify(&(ss_ctx){.err = &st->db->err}, value, len))
        return SUNSTONE_ERROR;
    if (!(st->param_text[i] = strndup(value, len)))
        return SUNSTONE_ERROR;
    st->param_raw[i].v.s.ptr = st->param_text[i];
    st->param_raw[i].v.s.len = (uint32_t)len;
    /* text binds behave like untyped literals: converted with the parameter's input function */
    st->param_raw_types[i] = (ss_type){SS_TYPE_UNKNOWN, -1};
    return SUNSTONE_OK;
}

int sunstone_clear_bindings(sunstone_stmt *st)
{
    if (!st)
        return SUNSTONE_MISUSE;
    for (uint32_t i = 0; i < st->nparams; i++) {
        int slot;
        param_slot(st, (int)i + 1, &slot);
        st->param_raw_types[i] = (ss_type){SS_TYPE_INVALID, -1};
    }
    return SUNSTONE_OK;
}

/* ---- results --------------------------------------------------------------------------- */

int sunstone_column_count(sunstone_stmt *st)
{
    return st && st->bound ? (int)st->bound->ncols : 0;
}

bool sunstone_stmt_returns_rows(sunstone_stmt *st)
{
    if (!st || !st->bound)
        return false;
    ast_stmt_kind k = st->bound->kind;
    return k == AST_SELECT || k == AST_SHOW || k == AST_EXPLAIN || (k == AST_FETCH && !st->ast->is_move) ||
           st->bound->returning;
}

static bool valid_col(sunstone_stmt *st, int col)
{
    return st && st->bound && col >= 0 && (uint32_t)col < st->bound->ncols;
}

const char *sunstone_column_name(sunstone_stmt *st, int col)
{
    return valid_col(st, col) ? st->bound->col_names[col] : NULL;
}

uint32_t sunstone_column_type(sunstone_stmt *st, int col)
{
    return valid_col(st, col) ? (uint32_t)st->bound->col_types[col].id : 0;
}

/* The current row's value of col; false when there is no current row. */
static bool current_value(sunstone_stmt *st, int col, ss_value *v)
{
    if (!valid_col(st, col) || st->state != STMT_ROWS)
        return false;
    if (st->mat_rows) {
        const char *s = st->mat_rows[st->mat_pos - 1];
        v->is_null = false;
        v->v.s.ptr = s;
        v->v.s.len = (uint32_t)strlen(s);
        return true;
    }
    if (!st->batch)
        return false;
    ss_vector_get_value(st->batch->cols[col], ss_batch_row(st->batch, st->batch_pos), v);
    return true;
}

bool sunstone_column_is_null(sunstone_stmt *st, int col)
{
    ss_value v;
    return !current_value(st, col, &v) || v.is_null;
}

/* Whether the text of a value of type id depends on the session's output settings
   (extra_float_digits, DateStyle / TimeZone / IntervalStyle, bytea_output): every type but
   the integers, bool, numeric and the string types, whose text is the same in any session. */
static bool format_reads_settings(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL:
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8:
    case SS_TYPE_NUMERIC:
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN: return false;
    default: return true;
    }
}

const char *sunstone_column_text(sunstone_stmt *st, int col)
{
    ss_value v;
    if (!current_value(st, col, &v) || v.is_null)
        return NULL;
    ss_strbuf *sb = &st->text[col];
    if (sb->len == 0) {
        if (format_reads_settings(st->bound->col_types[col].id)) {
            ss_float8_set_extra_digits(st->db->settings.extra_float_digits);
            dt_session_publish(&st->db->settings);
            bytea_set_output(!st->db->settings.bytea_output_escape);
        }
        ss_value_format(st->bound->col_types[col], &v, sb);
        if (!sb->data)
            ss_strbuf_append(sb, "", 0);
    }
    return sb->data;
}

int sunstone_column_bytes(sunstone_stmt *st, int col)
{
    const char *s = sunstone_column_text(st, col);
    return s ? (int)st->text[col].len : 0;
}

int64_t sunstone_column_int64(sunstone_stmt *st, int col)
{
    ss_value v;
    if (!current_value(st, col, &v) || v.is_null)
        return 0;
    int32_t t = st->bound->col_types[col].id;
    if (ss_type_is_integer(t))
        return v.v.i;
    if (t == SS_TYPE_FLOAT8)
        return (int64_t)v.v.f;
    if (t == SS_TYPE_BOOL)
        return v.v.b;
    const char *s = sunstone_column_text(st, col);
    return s ? strtoll(s, NULL, 10) : 0;
}

double sunstone_column_double(sunstone_stmt *st, int col)
{
    ss_value v;
    if (!current_value(st, col, &v) || v.is_null)
        return 0;
    int32_t t = st->bound->col_types[col].id;
    if (ss_type_is_integer(t))
        return (double)v.v.i;
    if (t == SS_TYPE_FLOAT8)
        return v.v.f;
    if (t == SS_TYPE_BOOL)
        return v.v.b;
    const char *s = sunstone_column_text(st, col);
    return s ? strtod(s, NULL) : 0;
}

const char *sunstone_command_tag(sunstone_stmt *st)
{
    return st ? st->tag : "";
}

int64_t sunstone_changes(sunstone_stmt *st)
{
    return st ? st->rows : 0;
}

const char *sunstone_sql(sunstone_stmt *st)
{
    return st ? st->sql : NULL;
}
