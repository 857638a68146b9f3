/* run_cursor.c — DECLARE, FETCH / MOVE and CLOSE.  A cursor's query runs as FETCH and MOVE
 * ask for rows, as PostgreSQL's portal does: DECLARE opens it as a statement of its own
 * (prepared from the DECLARE's text, taking its snapshot then), whose rows are read into the
 * cursor batch by batch when a FETCH goes past those read so far; so its run-time errors come
 * from the FETCH that reaches them and abort the transaction there.  The rows read are kept
 * (SCROLL and FETCH's backward moves read them again).  A cursor WITH HOLD, or one whose query
 * has parameters, runs its query to the end at DECLARE instead (PostgreSQL runs a holdable one
 * to the end at COMMIT, so its errors would come at COMMIT).  FETCH copies the rows it returns
 * into the statement, so CLOSE during a FETCH's stepping leaves them valid. */
#include <stdio.h>
#include <stdlib.h>

#include "api/run_locking.h"
#include "api/run_returning.h"
#include "api/statement.h"
#include "bind/bind_locking.h"
#include "exec/executor.h"
#include "exec/vector.h"
#include "types/datetime/datetime.h"

/* ---- the query of a cursor that runs as FETCH asks ------------------------------------ */

static void query_release(void *self)
{
    ss_stmt_finalize_internal(self); /* ends its part in the transaction (not as a failure) */
}

static int query_pull(void *self, ss_ctx *ctx, ss_cursor *c, bool *done)
{
    sunstone_stmt *q = self;
    q->ctx.deadline_ns = ctx->deadline_ns; /* the FETCH's statement_timeout */
    ss_batch *b = NULL;
    if (ss_exec_next(&q->ctx, q->root, &b) != SS_OK) {
        q->state = STMT_DONE;
        ss_txn_stmt_finish(q, false);
        return SS_ERROR;
    }
    if (!b) {
        *done = true;
        q->state = STMT_DONE;
        ss_txn_stmt_finish(q, true);
        return SS_OK;
    }
    return ss_cursor_append(ctx, c, b);
}

/* Opens the cursor's query as a statement of the session's transaction (its snapshot now). */
static int open_query(sunstone_stmt *st, ss_cursor *c)
{
    sunstone_stmt *q;
    if (ss_stmt_prepare_internal(st->db, c->statement, &q))
        return SS_ERROR;
    if (ss_stmt_begin(q)) {
        ss_stmt_finalize_internal(q);
        return SS_ERROR;
    }
    ss_cursor_set_source(c, (ss_cursor_source){q, query_pull, query_release});
    return SS_OK;
}

/* Runs the DECLARE's own plan to its end into the cursor. */
static int read_all(sunstone_stmt *st, ss_cursor *c)
{
    int rc = ss_exec_start(&st->ctx, st->bound->plan, 0, &st->root);
    while (rc == SS_OK) {
        ss_batch *b;
        if ((rc = ss_exec_next(&st->ctx, st->root, &b)) != SS_OK || !b)
            break;
        rc = ss_cursor_append(&st->ctx, c, b);
    }
    if (st->root)
        ss_exec_finish(&st->ctx, st->root);
    st->root = NULL;
    return rc;
}

static int append_to(ss_ctx *ctx, void *cursor, const ss_batch *b)
{
    return ss_cursor_append(ctx, cursor, b);
}

/* (EPQ) A query with a locking clause: run as SELECT ... FOR UPDATE is (api/run_locking.c:
 * READ COMMITTED re-checks a row a committed transaction changed, as PostgreSQL's
 * EvalPlanQual; a nested query's clause reads again), its rows then moved into the cursor. */
static int read_locked(sunstone_stmt *st, ss_cursor *c)
{
    int rc = ss_run_locking_select(st);
    if (rc == SS_OK && st->returning_rows)
        rc = ss_row_store_each_arg(&st->ctx, st->returning_rows, c, append_to);
    ss_row_store_free(st->returning_rows);
    st->returning_rows = NULL;
    st->rows = 0;
    snprintf(st->tag, sizeof st->tag, "DECLARE CURSOR");
    return rc;
}

int ss_run_declare_cursor(sunstone_stmt *st)
{
    ss_bound_stmt *bs = st->bound;
    ss_txn_state *t = &st->db->txn;
    snprintf(st->tag, sizeof st->tag, "DECLARE CURSOR");
    if (!(st->ast->cursor_options & AST_CURSOR_HOLD) && !t->in_block)
        return ss_ctx_error(&st->ctx, "25P01", "DECLARE CURSOR can only be used in transaction blocks");
    const char **names = ss_arena_alloc(st->exec_arena, sizeof(char *) * (bs->create_def.ncols + 1));
    ss_type *types = ss_arena_alloc(st->exec_arena, sizeof(ss_type) * (bs->create_def.ncols + 1));
    if (!names || !types)
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < bs->create_def.ncols; i++) {
        names[i] = bs->create_def.cols[i].name;
        types[i] = bs->create_def.cols[i].type;
    }
    ss_cursor *c;
    if (ss_cursor_create(&st->ctx, &st->db->cursors, st->ast->str, st->ast->view_sql, bs->cursor_options,
                         bs->create_def.ncols, names, types, t->nlevels, &c))
        return SS_ERROR;
    c->created = dt_clock_now();
    /* (LK) a query with a locking clause runs to its end at DECLARE, locking every row
       then (PostgreSQL locks them as FETCH reads them) */
    if (bs->locking && st->as_of) { /* time travel reads only */
        ss_cursor_close(&st->db->cursors, c);
        return ss_ctx_error(&st->ctx, "25006", "cannot execute %s under AS OF", bs->locking->name);
    }
    if (bs->locking && t->read_only) {
        ss_cursor_close(&st->db->cursors, c);
        return ss_ctx_error(&st->ctx, "25006", "cannot execute %s in a read-only transaction", bs->locking->name);
    }
    bool lazy = !(bs->cursor_options & AST_CURSOR_HOLD) && bs->nparams == 0 && !bs->locking;
    int rc = lazy ? open_query(st, c) : bs->locking ? read_locked(st, c) : read_all(st, c);
    if (rc != SS_OK)
        ss_cursor_close(&st->db->cursors, c);
    return rc;
}

/* The fetched rows (row numbers of c) copied into the statement's batches. */
static int copy_rows(sunstone_stmt *st, const ss_cursor *c, const int64_t *rows, int64_t n)
{
    uint32_t nb = (uint32_t)((n + SS_BATCH_CAPACITY - 1) / SS_BATCH_CAPACITY);
    if (!(st->fetch_batches = calloc(nb ? nb : 1, sizeof *st->fetch_batches)))
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (int64_t k = 0; k < n; k++) {
        uint32_t bi = (uint32_t)(k / SS_BATCH_CAPACITY);
        if (bi == st->nfetch_batches) {
            int64_t left = n - k;
            uint32_t cap = left < SS_BATCH_CAPACITY ? (uint32_t)left : SS_BATCH_CAPACITY;
            if (!(st->fetch_batches[bi] = ss_batch_create(c->ncols, c->types, cap)))
                return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            st->nfetch_batches++;
        }
        uint32_t row;
        const ss_batch *src = ss_cursor_row(c, rows[k], &row);
        if (ss_batch_append_row(&st->ctx, st->fetch_batches[bi], src, row))
            return SS_ERROR;
    }
    return SS_OK;
}

/* Whether FETCH's binding still describes c (it was bound against a cursor of that name). */
static bool same_columns(const ss_bound_stmt *bs, const ss_cursor *c)
{
    if (bs->ncols != c->ncols)
        return false;
    for (uint32_t i = 0; i < c->ncols; i++)
        if (bs->col_types[i].id != c->types[i].id || bs->col_types[i].typmod != c->types[i].typmod)
            return false;
    return true;
}

int ss_run_fetch(sunstone_stmt *st)
{
    const ast_stmt *a = st->ast;
    ss_cursor *c = ss_cursor_find(&st->db->cursors, a->str);
    if (!c)
        return ss_ctx_error(&st->ctx, "34000", "cursor \"%s\" does not exist", a->str);
    if (!a->is_move && !same_columns(st->bound, c))
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cached plan must not change result type");
    int64_t *rows = NULL, n = 0, processed = 0;
    if (ss_cursor_fetch(&st->ctx, c, a->fetch_direction, a->fetch_count, a->is_move ? NULL : &rows, &n, &processed))
        return SS_ERROR;
    snprintf(st->tag, sizeof st->tag, "%s %lld", a->is_move ? "MOVE" : "FETCH", (long long)processed);
    if (a->is_move)
        return SS_OK;
    int rc = copy_rows(st, c, rows, n);
    free(rows);
    st->fetch_next = 0;
    return rc;
}

int ss_fetch_next_row(sunstone_stmt *st)
{
    if (st->batch && st->batch_pos + 1 < st->batch->count) {
        st->batch_pos++;
        st->rows++;
        return SUNSTONE_ROW;
    }
    while (st->fetch_next < st->nfetch_batches) {
        st->batch = st->fetch_batches[st->fetch_next++];
        st->batch_pos = 0;
        if (st->batch->count) {
            st->rows++;
            return SUNSTONE_ROW;
        }
    }
    st->batch = NULL;
    return SUNSTONE_DONE;
}

void ss_fetch_free(sunstone_stmt *st)
{
    for (uint32_t i = 0; i < st->nfetch_batches; i++)
        ss_batch_destroy(st->fetch_batches[i]);
    free(st->fetch_batches);
    st->fetch_batches = NULL;
    st->nfetch_batches = st->fetch_next = 0;
}

int ss_run_close_cursor(sunstone_stmt *st)
{
    const char *name = st->ast->str;
    snprintf(st->tag, sizeof st->tag, name ? "CLOSE CURSOR" : "CLOSE CURSOR ALL");
    ss_cursor *c = name ? ss_cursor_find(&st->db->cursors, name) : NULL;
    if (name && !c)
        return ss_ctx_error(&st->ctx, "34000", "cursor \"%s\" does not exist", name);
    ss_cursor_close(&st->db->cursors, c);
    return SS_OK;
}
