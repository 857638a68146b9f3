/* run_locking.c — runs SELECT ... FOR UPDATE / FOR NO KEY UPDATE / FOR SHARE / FOR KEY SHARE
 * (bind/bind_locking.h): the query's rows are read to the end (the client gets them after),
 * each row's locked relations' row versions are locked as it comes (exec/row_lock_take.c),
 * and OFFSET / LIMIT count the rows locked, as PostgreSQL's LockRows below its Limit: the
 * OFFSET rows are locked too, and a row SKIP LOCKED skips does not count.
 * READ COMMITTED: a row a transaction that committed after the statement's snapshot updated
 * or deleted (met after waiting for it, or at once) is noted and left out, and the pass
 * goes on; then the query runs again with a fresh snapshot, keeping the locks it took
 * (exec/row_epq.h, Sunstone's form of PostgreSQL's EvalPlanQual): of each locked relation
 * that pass takes the versions the first snapshot saw and the noted rows' newest versions
 * only, so the WHERE and join conditions are evaluated again on those, rows inserted or
 * newly matching meanwhile are left out, and the rows come back in the query's order with
 * OFFSET / LIMIT counted over them.  With a LIMIT a pass locks nothing past the first row
 * it meets changed (it notes the rows after it, whose newest versions the next pass takes
 * as well), so that no row past the LIMIT is locked: PostgreSQL's LockRows re-checks each
 * row before its Limit takes the next.  A nested query's locking clause meeting
 * such a row (exec/row_lock_filter.h) makes the statement read everything again instead. */
#include <stdio.h>
#include <string.h>

#include "util/arena.h"

#include "api/run_locking.h"
#include "api/run_returning.h"
#include "bind/bind_locking.h"
#include "exec/executor.h"
#include "exec/row_epq.h"
#include "exec/interrupt.h"
#include "fkey/fkey_types.h"
#include "txn/txn_session.h"

/* OFFSET then LIMIT, as the limit operator evaluates them (NULL: none). */
static int eval_count(ss_ctx *ctx, const ss_expr *e, const char *sqlstate, const char *what, int64_t *out)
{
    if (!e)
        return SS_OK;
    ss_value v;
    if (ss_expr_eval_scalar(ctx, e, &v) != SS_OK)
        return SS_ERROR;
    if (v.is_null)
        return SS_OK;
    if (v.v.i < 0)
        return ss_ctx_error(ctx, sqlstate, "%s must not be negative", what);
    *out = v.v.i;
    return SS_OK;
}

typedef struct lock_pass {
    int64_t offset, limit; /* limit -1: none */
    int64_t passed;        /* rows locked so far (OFFSET's included) */
    int64_t kept;          /* rows for the client */
    bool restart;          /* read every row again (a nested locking clause) */
    ss_epq epq;            /* rows met changed (READ COMMITTED) */
    ss_value *tie;         /* WITH TIES: the LIMIT-th row's ORDER BY keys (NULL: not yet) */
    bool tied_out;         /* WITH TIES: a row past the ties was met (and locked) */
    ss_rowid *joined;      /* (EPQ) a row's row ids: the targets', then the fixed rows'
                              (NULL: one target and nothing fixed) */
} lock_pass;

/* (EPQ) p->joined: row `row` of b's row ids. */
static const ss_rowid *joined_ids(const ss_bound_locking *lk, const ss_batch *b, uint32_t row, lock_pass *p)
{
    for (uint32_t i = 0; i < lk->ntargets + lk->nfixed; i++) {
        uint32_t col = i < lk->ntargets ? lk->targets[i].col : lk->fixed_col + (i - lk->ntargets);
        ss_value v;
        ss_vector_get_value(b->cols[col], row, &v);
        p->joined[i] = v.is_null ? SS_ROWID_INVALID : (ss_rowid)v.v.i;
    }
    return p->joined;
}

/* (EPQ) Notes the output row `row` of b a changed row was met in. */
static int note_joined(sunstone_stmt *st, const ss_bound_locking *lk, const ss_batch *b, uint32_t row,
                       lock_pass *p)
{
    return p->joined ? ss_epq_note_joined(&st->ctx, &p->epq, joined_ids(lk, b, row, p)) : SS_OK;
}

/* Locks every target's row of row `row` of b: *keep false when SKIP LOCKED skipped it or
 * the pass must restart. */
static int lock_row(sunstone_stmt *st, const ss_bound_locking *lk, const ss_batch *b, uint32_t row, lock_pass *p,
                    bool *keep)
{
    *keep = true;
    bool moved = false; /* a noted row's newest version among them */
    for (uint32_t i = 0; p->epq.rechecking && i < lk->ntargets; i++) {
        /* a re-checking pass: versions the first snapshot saw, or the noted rows' newest */
        const ss_bound_lock_target *t = &lk->targets[i];
        ss_value v;
        ss_vector_get_value(b->cols[t->col], row, &v);
        bool first = true;
        bool successor = !v.is_null && ss_epq_is_successor(&p->epq, t->table, (ss_rowid)v.v.i);
        moved |= successor;
        if (!v.is_null && !successor &&
            ss_epq_first_sees(&st->ctx, &p->epq, t->table, (ss_rowid)v.v.i, &first) != SS_OK)
            return SS_ERROR;
        if (!first) {
            *keep = false;
            return SS_OK;
        }
    }
    /* (EPQ) a new version is kept with the rows the old one was joined with only */
    if (moved && p->joined && !ss_epq_joined_again(&p->epq, joined_ids(lk, b, row, p))) {
        *keep = false;
        return SS_OK;
    }
    if (p->limit >= 0 && p->epq.nnew) {
        /* past a row met changed: noted without a lock, so that the next pass (which
           re-checks that row in its place) takes the newest versions of these too */
        *keep = false;
        for (uint32_t i = 0; i < lk->ntargets; i++) {
            ss_value v;
            ss_vector_get_value(b->cols[lk->targets[i].col], row, &v);
            if (!v.is_null && ss_epq_note(&st->ctx, &p->epq, lk->targets[i].table, (ss_rowid)v.v.i) != SS_OK)
                return SS_ERROR;
        }
        return note_joined(st, lk, b, row, p);
    }
    for (uint32_t i = 0; i < lk->ntargets; i++) {
        const ss_bound_lock_target *t = &lk->targets[i];
        ss_value v;
        ss_vector_get_value(b->cols[t->col], row, &v);
        if (v.is_null)
            continue; /* no row of that relation (not reached: outer joins' sides are refused) */
        ss_row_lock_result res;
        if (ss_row_lock_take(&st->ctx, t->table, (ss_rowid)v.v.i, t->mode, t->wait, &res) != SS_OK)
            return SS_ERROR;
        if (res == SS_ROW_LOCK_TAKEN)
            continue;
        *keep = false;
        if (res == SS_ROW_LOCK_CHANGED)
            return ss_epq_note(&st->ctx, &p->epq, t->table, (ss_rowid)v.v.i) != SS_OK ? SS_ERROR
                                                                                     : note_joined(st, lk, b, row, p);
        return SS_OK;
    }
    return SS_OK;
}

/* Whether the pass reads on: until the LIMIT is reached, or (a row met changed, after
 * which nothing is locked or kept) to the end. */
static bool more(const lock_pass *p)
{
    if (p->restart || p->tied_out)
        return false;
    return p->limit < 0 || p->kept < p->limit || p->tie || p->epq.nnew;
}

/* WITH TIES (lk->nties): whether row `row` of b, locked, is returned — the rows up to the
 * LIMIT-th, then those equal to it in the ORDER BY keys (NULLs equal); the first other one
 * ends the pass, locked, as PostgreSQL's Limit reads it from LockRows to compare. */
static int tie_keeps(ss_ctx *ctx, const ss_bound_locking *lk, const ss_batch *b, uint32_t row, lock_pass *p,
                     bool *keep)
{
    *keep = true;
    if (!p->tie) {
        if (p->kept + 1 < p->limit)
            return SS_OK;
        /* the LIMIT-th row: its keys, copied out of the batch */
        if (!(p->tie = ss_arena_alloc(ctx->arena, sizeof *p->tie * lk->nties)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        for (uint32_t k = 0; k < lk->nties; k++) {
            ss_vector_get_value(b->cols[lk->ties[k]], row, &p->tie[k]);
            if (!p->tie[k].is_null && ss_type_storage(lk->tie_types[k]) == SS_TYPE_TEXT) {
                char *copy = ss_arena_alloc(ctx->arena, p->tie[k].v.s.len ? p->tie[k].v.s.len : 1);
                if (!copy)
                    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                memcpy(copy, p->tie[k].v.s.ptr, p->tie[k].v.s.len);
                p->tie[k].v.s.ptr = copy;
            }
        }
        return SS_OK;
    }
    for (uint32_t k = 0; *keep && k < lk->nties; k++) {
        ss_value v;
        ss_vector_get_value(b->cols[lk->ties[k]], row, &v);
        *keep = v.is_null || p->tie[k].is_null ? v.is_null && p->tie[k].is_null
                                               : ss_fkey_values_equal(lk->tie_types[k], &v, &p->tie[k]);
    }
    p->tied_out = !*keep;
    return SS_OK;
}

/* One pass of the query with the statement's snapshot. */
static int run_pass(sunstone_stmt *st, const ss_bound_locking *lk, lock_pass *p)
{
    static _Thread_local uint32_t sel[SS_BATCH_CAPACITY];
    ss_ctx *ctx = &st->ctx;
    ss_op *root = NULL;
    /* (EPQ) a re-check reads the relations it does not lock with the first snapshot */
    ctx->epq_snapshot = ss_epq_read_snapshot(&p->epq);
    if (ss_exec_start(ctx, st->bound->plan, 0, &root) != SS_OK) {
        ctx->epq_snapshot = NULL;
        return SS_ERROR;
    }
    int rc = SS_OK;
    while (rc == SS_OK && more(p)) {
        ss_batch *b = NULL;
        if ((rc = ss_exec_next(ctx, root, &b)) != SS_OK || !b)
            break;
        uint32_t n = ss_batch_rows(b), m = 0;
        for (uint32_t j = 0; rc == SS_OK && j < n && more(p); j++) {
            uint32_t row = ss_batch_row(b, j);
            bool keep;
            if ((rc = lock_row(st, lk, b, row, p, &keep)) != SS_OK || !keep)
                continue;
            if (lk->nties && p->limit >= 0 && p->passed >= p->offset &&
                ((rc = tie_keeps(ctx, lk, b, row, p, &keep)) != SS_OK || !keep))
                continue;
            if (++p->passed > p->offset) {
                sel[m++] = row;
                p->kept++;
            }
        }
        if (rc == SS_OK && m) {
            ss_batch rows = {lk->nvisible, b->count, sel, m, b->cols};
            rc = ss_row_store_add(ctx, st->returning_rows, &rows);
        }
        if (rc == SS_OK)
            rc = ss_check_interrupt(ctx);
    }
    ss_exec_finish(ctx, root);
    ctx->epq_snapshot = NULL;
    return rc;
}

int ss_run_locking_select(sunstone_stmt *st)
{
    const ss_bound_locking *lk = st->bound->locking;
    ss_ctx *ctx = &st->ctx;
    if (st->db->txn.read_only)
        return ss_ctx_error(ctx, "25006", "cannot execute %s in a read-only transaction", lk->name);
    if (st->as_of) /* a past snapshot's rows cannot be locked */
        return ss_ctx_error(ctx, "25006", "cannot execute %s under AS OF", lk->name);
    lock_pass p;
    memset(&p, 0, sizeof p);
    p.limit = -1;
    p.epq.cumulative = true;
    uint32_t width = lk->ntargets + lk->nfixed;
    if (width > 1) { /* (EPQ) the joined rows kept: the targets' tables, then the fixed */
        const ss_table **tables = ss_arena_alloc(ctx->arena, sizeof *tables * width);
        if (!tables || !(p.joined = ss_arena_alloc(ctx->arena, sizeof *p.joined * width)))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        for (uint32_t i = 0; i < width; i++)
            tables[i] = i < lk->ntargets ? lk->targets[i].table : NULL;
        ss_epq_track_joined(&p.epq, width, tables);
    }
    if (eval_count(ctx, lk->offset, "2201X", "OFFSET", &p.offset) != SS_OK ||
        eval_count(ctx, lk->limit, "2201W", "LIMIT", &p.limit) != SS_OK)
        return SS_ERROR;
    int rc = SS_OK;
    for (;;) {
        ss_row_store_free(st->returning_rows);
        if (!(st->returning_rows = ss_row_store_new(lk->nvisible, st->bound->col_types))) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            break;
        }
        p.passed = p.kept = 0;
        p.restart = false;
        p.tie = NULL;
        p.tied_out = false;
        ctx->lock_restart_ok = true; /* nested locking clauses (exec/row_lock_filter.h) */
        ctx->lock_restart = false;
        rc = run_pass(st, lk, &p);
        if (rc != SS_OK && ctx->lock_restart) {
            ss_error_clear(ctx->err); /* a nested locking clause stopped the pass */
            rc = SS_OK;
        }
        p.restart |= ctx->lock_restart;
        ctx->lock_restart_ok = ctx->lock_restart = false;
        if (rc != SS_OK)
            break;
        if (p.restart) {
            /* READ COMMITTED: read everything again with a snapshot that sees what the
               other committed */
            ss_epq_reset(&p.epq);
            if (ss_txn_state_statement_snapshot(&st->db->txn, &st->snap) != 0) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
            st->ctx.snapshot = &st->snap.snap;
            continue;
        }
        bool again;
        rc = ss_epq_next_pass(ctx, &p.epq, &st->db->txn, &st->snap, &again);
        st->ctx.snapshot = &st->snap.snap;
        if (rc != SS_OK || !again)
            break;
    }
    ss_epq_free(&p.epq);
    if (rc != SS_OK)
        return SS_ERROR;
    st->rows = p.kept;
    snprintf(st->tag, sizeof st->tag, "SELECT %lld", (long long)p.kept);
    return SS_OK;
}

/* *lines under a node named name, as EXPLAIN indents a child. */
static int wrap(ss_ctx *ctx, const char *name, char ***lines, uint32_t *n)
{
    char **out = ss_arena_alloc(ctx->arena, sizeof(char *) * (*n + 1));
    if (!out || !(out[0] = ss_arena_printf(ctx->arena, "%s", name)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < *n; i++)
        if (!(out[i + 1] = ss_arena_printf(ctx->arena, "%s%s", i == 0 ? "  ->  " : "      ", (*lines)[i])))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *lines = out;
    *n += 1;
    return SS_OK;
}

int ss_locking_explain(sunstone_stmt *st, char ***lines, uint32_t *n)
{
    const ss_bound_locking *lk = st->bound->locking;
    if (wrap(&st->ctx, "LockRows", lines, n) != SS_OK)
        return SS_ERROR;
    return lk->limit || lk->offset ? wrap(&st->ctx, "Limit", lines, n) : SS_OK;
}
