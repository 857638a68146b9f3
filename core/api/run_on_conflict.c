/* run_on_conflict.c — runs INSERT ... ON CONFLICT (bind/bind_on_conflict.h), PostgreSQL's
 * speculative insertion over row versions.
 *
 * The proposed rows (staged by run.c, defaults applied, NOT NULL / CHECK checked) are taken
 * one by one, in order.  For each, the arbiter indexes are asked for candidates with the
 * row's key and each candidate's stamps are read (lock_versions with an expected xmax no
 * version has: a compare that never sets, storage.h); a candidate written, or being
 * deleted, by another transaction still running is waited for (txn_wait: 40P01,
 * lock_timeout 55P03), then the row starts over, so the writer's outcome decides.  A
 * candidate whose writer committed (or is this transaction) and that nobody deleted is the
 * row's conflict.  Looking and inserting run under one process-wide gate (released to
 * wait), so two ON CONFLICT inserts of one new key never both insert.  Without one the
 * row is inserted (ss_dml_write_versions: every index's
 * unique check, 23505 for a key of a non-arbiter index); with one, DO NOTHING skips the row
 * and DO UPDATE:
 *  - 21000 when the conflicting version is this very command's (inserted or updated by an
 *    earlier proposed row), with PostgreSQL's HINT;
 *  - under REPEATABLE READ / SERIALIZABLE, 40001 when the transaction's snapshot does not
 *    see it (PostgreSQL's ExecCheckTupleVisible; also for DO NOTHING);
 *  - the existing row (the newest committed version: READ COMMITTED reads it with a fresh
 *    snapshot) and the proposed one are the worktable of the DO UPDATE query, whose row is
 *    the new version and the WHERE condition; a false WHERE leaves the row as it is,
 *    locked (a row lock of the kernel's table, txn/txn_row_locks.h, as PostgreSQL's);
 *  - a row lock of another transaction (SELECT ... FOR ..., a foreign-key check's KEY
 *    SHARE) that conflicts with the update's strength is waited for, then the row starts
 *    over;
 *  - the row is locked (compare-and-set of the xmax seen); a change since (another
 *    transaction got there first) starts the row over;
 *  - the new version is checked (NOT NULL, CHECK), written (unique checks), linked.
 * Foreign keys are checked on every written version at the end.  Rows inserted and rows
 * updated count in the tag (INSERT 0 n) and feed RETURNING; skipped ones do neither. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/run_on_conflict.h"
#include "api/run_returning.h"
#include "bind/bind_on_conflict.h"
#include "catalog/constraints.h"
#include "exec/dml_versions.h"
#include "exec/executor.h"
#include "exec/interrupt.h"
#include "exec/vector.h"
#include "fkey/fkey.h"
#include "index/index.h"
#include "txn/txn_manager.h"
#include "txn/txn_row_locks.h"
#include "txn/txn_row_wait.h"
#include "txn/txn_session.h"

typedef struct conflict_run {
    sunstone_stmt *st;
    ss_ctx *ctx;
    ss_table *t;
    const ss_bound_on_conflict *oc;
    ss_txn_manager *m;
    ss_xid xid, top;
    uint32_t cid;
    bool rc_level;             /* READ COMMITTED */
    ss_row_store *written;     /* every version written, for foreign keys and RETURNING */
    ss_batch *one;             /* the worktable row: existing columns, then proposed */
    ss_row_store *one_store;   /* ... as the DO UPDATE query reads it (wt) */
    ss_worktable wt;
    ss_batch *existing;        /* fetch_versions' output */
    ss_scan_spec spec;
    ss_op *update_root;        /* the DO UPDATE query's tree, rescanned per conflict */
    bool referenced;           /* foreign keys reference t */
    bool update_started;
    int64_t count;
    ss_xid locker;             /* (LK) a row lock DO UPDATE must wait for (txn_row_locks.h) */
} conflict_run;

/* The outcome of looking for a conflict. */
enum { FOUND_NONE, FOUND_ROW, FOUND_WAIT };

/* Held from looking for a conflict to inserting the row found without one (never while
 * waiting): two ON CONFLICT inserts of one new key cannot both miss each other's row (the
 * second finds the first's version, written by a transaction still running, and waits). */
static pthread_mutex_t insert_gate = PTHREAD_MUTEX_INITIALIZER;

/* Stamps of version id, read without changing them. */
static int read_stamps(conflict_run *r, ss_rowid id, ss_version_stamp *seen)
{
    ss_xid never = SS_XID_PEEK;
    return r->t->storage->lock_versions(r->ctx, r->t->handle, &id, 1, r->xid, r->cid, &never, seen);
}

static bool ours(conflict_run *r, ss_xid x)
{
    return ss_txn_top(r->m, x) == r->top;
}

static bool gone(conflict_run *r, ss_xid x)
{
    ss_xid_status s = ss_txn_effective_status(r->m, x);
    return s == SS_XID_ABORTED || s == SS_XID_UNKNOWN;
}

/* Looks at candidate id: FOUND_ROW when it is a conflict, FOUND_WAIT (*holder) for a writer
 * or deleter still running (index.h's rules, as a unique check's). */
static int judge(conflict_run *r, ss_rowid id, ss_version_stamp *seen, int *outcome, ss_xid *holder)
{
    if (read_stamps(r, id, seen) != SS_OK)
        return SS_ERROR;
    ss_index_candidate c = ss_index_candidate_state(r->m, r->top, seen, true, holder);
    *outcome = c == SS_CAND_LIVE ? FOUND_ROW : c == SS_CAND_WAIT ? FOUND_WAIT : FOUND_NONE;
    return SS_OK;
}

/* The first conflicting version of row `row` of b in any arbiter index. */
static int find_conflict(conflict_run *r, const ss_batch *b, uint32_t row, int *outcome, ss_rowid *found,
                         ss_version_stamp *stamp, ss_xid *holder)
{
    enum { CAP = 64 };
    ss_rowid small[CAP];
    *outcome = FOUND_NONE;
    for (uint32_t a = 0; a < r->oc->narbiters; a++) {
        const ss_index *ix = r->oc->arbiters[a];
        if (ix->deferrable) /* PostgreSQL's ExecCheckIndexConstraints, at the first row */
            return ss_ctx_error(r->ctx, "55000", "ON CONFLICT does not support deferrable unique constraints/exclusion "
                                                 "constraints as arbiters");
        ss_value key[32];
        if (ix->nkeys > 32)
            return ss_ctx_error(r->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: ON CONFLICT with an index of more than 32 keys");
        bool null = false, indexed = true;
        if (!ss_index_is_plain(ix) && ss_index_row_key(r->ctx, ix, b, row, key, &indexed) != SS_OK)
            return SS_ERROR;
        if (!indexed)
            continue; /* outside a partial index's predicate: no conflict there */
        for (uint32_t k = 0; k < ix->nkeys; k++) {
            if (ss_index_is_plain(ix))
                ss_vector_get_value(b->cols[ix->cols[k]], row, &key[k]);
            null |= key[k].is_null;
        }
        if (null)
            continue; /* a NULL never conflicts */
        uint32_t total = 0;
        ss_rowid *cand = small;
        ss_index_lock(r->t);
        int rc = ix->vt->lookup(r->ctx, ix->handle, key, ix->nkeys, cand, CAP, &total);
        if (rc == SS_OK && total > CAP) {
            cand = ss_arena_alloc(r->ctx->arena, (size_t)total * sizeof *cand);
            uint32_t again = 0;
            rc = cand ? ix->vt->lookup(r->ctx, ix->handle, key, ix->nkeys, cand, total, &again)
                      : ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            total = again < total ? again : total;
        }
        ss_index_unlock(r->t);
        if (rc != SS_OK)
            return SS_ERROR;
        for (uint32_t k = 0; k < total; k++) {
            if (judge(r, cand[k], stamp, outcome, holder) != SS_OK)
                return SS_ERROR;
            if (*outcome == FOUND_ROW) {
                *found = cand[k];
                return SS_OK;
            }
            if (*outcome == FOUND_WAIT)
                return SS_OK;
        }
    }
    return SS_OK;
}

/* Reads version id's columns into r->existing with snap; *seen whether snap sees it. */
static int fetch_row(conflict_run *r, ss_rowid id, const ss_snapshot *snap, bool *seen)
{
    ss_batch_reset(r->existing);
    return r->t->storage->fetch_versions(r->ctx, r->t->handle, &r->spec, snap, &id, 1, r->existing, seen);
}

static int write_rows(conflict_run *r, const ss_batch *rows, ss_rowid *newid)
{
    if (ss_dml_write_versions(r->ctx, r->t, rows, newid) != SS_OK ||
        ss_row_store_add(r->ctx, r->written, rows) != SS_OK)
        return SS_ERROR;
    r->count++;
    return SS_OK;
}

static int update_with(conflict_run *r, const ss_batch *b, uint32_t row, ss_rowid id,
                       const ss_version_stamp *stamp, const ss_snapshot *snap, bool *again);

/* DO UPDATE of conflicting version id (stamps stamp) with proposed row `row` of b; *again
 * when the row must start over.  The existing row is read, and the new version's unique
 * checks run, with the statement's snapshot as of now (READ COMMITTED: a fresh one, which
 * sees the committed update the row was waited for; the statement's own snapshot would
 * still see the version that update replaced, with the same key). */
static int update_conflict(conflict_run *r, const ss_batch *b, uint32_t row, ss_rowid id,
                           const ss_version_stamp *stamp, bool *again)
{
    ss_ctx *ctx = r->ctx;
    *again = false;
    if (ours(r, stamp->xmin) && stamp->xmin == r->xid && stamp->cmin == r->cid) {
        ss_ctx_error(ctx, "21000", "ON CONFLICT DO UPDATE command cannot affect row a second time");
        ss_ctx_error_hint(ctx, "Ensure that no rows proposed for insertion within the same command have "
                               "duplicate constrained values.");
        return SS_ERROR;
    }
    ss_txn_snapshot snap;
    memset(&snap, 0, sizeof snap);
    if (ss_txn_state_statement_snapshot(&r->st->db->txn, &snap) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    snap.snap.command_id = UINT32_MAX; /* this transaction's versions of earlier commands */
    const ss_snapshot *saved = ctx->snapshot;
    ctx->snapshot = &snap.snap;
    int rc = update_with(r, b, row, id, stamp, &snap.snap, again);
    ctx->snapshot = saved;
    ss_txn_snapshot_free(&snap);
    return rc;
}

/* (LK) DO UPDATE's row lock against the row locks of other transactions: r->locker gets a
 * conflicting holder (waited for by propose, outside the gate); with take, the lock is
 * recorded (a false WHERE leaves the row locked, as PostgreSQL's ExecOnConflictUpdate). */
static int check_row_locks(conflict_run *r, ss_rowid id, bool take)
{
    ss_row_lock_mode mode = r->oc->update_keys ? SS_ROW_LOCK_UPDATE : SS_ROW_LOCK_NO_KEY_UPDATE;
    ss_row_locks *rl = ss_txn_row_locks(r->m);
    int rc = 0;
    ss_row_locks_enter(rl);
    r->locker = ss_row_locks_conflicting(rl, r->m, r->t, id, mode, r->top);
    if (take && r->locker == SS_XID_INVALID)
        rc = ss_row_locks_add(rl, r->m, r->t, id, r->xid, mode);
    ss_row_locks_leave(rl);
    return rc == 0 ? SS_OK : ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

static int update_with(conflict_run *r, const ss_batch *b, uint32_t row, ss_rowid id,
                       const ss_version_stamp *stamp, const ss_snapshot *snap, bool *again)
{
    ss_ctx *ctx = r->ctx;
    ss_table *t = r->t;
    bool seen = false;
    if (check_row_locks(r, id, false) != SS_OK)
        return SS_ERROR;
    if (r->locker != SS_XID_INVALID)
        return SS_OK;
    if (fetch_row(r, id, snap, &seen) != SS_OK)
        return SS_ERROR;
    if (!seen) {
        if (!r->rc_level)
            return ss_ctx_error(ctx, "40001", "could not serialize access due to concurrent update");
        *again = true; /* replaced meanwhile: look again */
        return SS_OK;
    }
    /* the worktable row: existing, then proposed */
    ss_batch_reset(r->one);
    for (uint32_t c = 0; c < t->ncols; c++) {
        ss_value v;
        ss_vector_get_value(r->existing->cols[c], 0, &v);
        if (ss_vector_set_value(ctx, r->one->cols[c], 0, &v))
            return SS_ERROR;
        ss_vector_get_value(b->cols[c], row, &v);
        if (ss_vector_set_value(ctx, r->one->cols[t->ncols + c], 0, &v))
            return SS_ERROR;
    }
    r->one->count = 1;
    if (!r->update_started) {
        if (ss_exec_start(ctx, r->oc->plan, SS_OPEN_REWIND, &r->update_root) != SS_OK)
            return SS_ERROR;
        r->update_started = true;
    } else if (ss_exec_rescan(ctx, r->update_root, NULL) != SS_OK) {
        return SS_ERROR;
    }
    ss_row_store_clear(r->one_store);
    if (ss_row_store_add(ctx, r->one_store, r->one) != SS_OK)
        return SS_ERROR;
    void **slot = ss_exec_shared_slot(ctx, r->update_root, SS_NODE_RECURSIVE_UNION, r->oc->worktable_id);
    if (!slot)
        return SS_ERROR;
    ss_row_store_worktable(r->one_store, &r->wt);
    *slot = &r->wt;
    ss_batch *out = NULL;
    do {
        if (ss_exec_next(ctx, r->update_root, &out) != SS_OK)
            return SS_ERROR;
    } while (out && ss_batch_rows(out) == 0);
    if (!out)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "ON CONFLICT DO UPDATE produced no row");
    uint32_t pos = ss_batch_row(out, 0);
    if (r->oc->has_where) {
        ss_value w;
        ss_vector_get_value(out->cols[t->ncols], pos, &w);
        if (w.is_null || !w.v.b)
            return check_row_locks(r, id, true);
    }
    /* lock: the xmax seen when judging must still be there */
    ss_xid expect = stamp->xmax;
    ss_version_stamp now;
    ss_row_locks *rl = ss_txn_row_locks(r->m);
    ss_row_locks_enter(rl);
    r->locker = ss_row_locks_conflicting(rl, r->m, t, id,
                                         r->oc->update_keys ? SS_ROW_LOCK_UPDATE : SS_ROW_LOCK_NO_KEY_UPDATE, r->top);
    int lrc = r->locker != SS_XID_INVALID
                  ? SS_OK
                  : t->storage->lock_versions(ctx, t->handle, &id, 1, r->xid, r->cid, &expect, &now);
    ss_row_locks_leave(rl);
    if (lrc != SS_OK)
        return SS_ERROR;
    if (r->locker != SS_XID_INVALID)
        return SS_OK;
    if (now.xmax != expect) {
        if (!r->rc_level && !ours(r, now.xmax) && !gone(r, now.xmax) &&
            ss_txn_effective_status(r->m, now.xmax) != SS_XID_RUNNING)
            return ss_ctx_error(ctx, "40001", "could not serialize access due to concurrent update");
        *again = true;
        return SS_OK;
    }
    uint32_t sel = pos;
    ss_batch rows = {t->ncols, out->count, &sel, 1, out->cols};
    ss_rowid newid;
    if (ss_constraints_check_rows(ctx, t, r->st->bound->checks, &rows) != SS_OK || write_rows(r, &rows, &newid) != SS_OK ||
        t->storage->link_versions(ctx, t->handle, &id, 1, &newid, NULL) != SS_OK ||
        ss_view_checks_rows(ctx, t, r->st->bound->view_checks, &rows) != SS_OK) /* through views */
        return SS_ERROR;
    /* a referenced key the new version no longer has must not be referenced any more */
    return r->referenced ? ss_fkey_check_removed_rows(ctx, t, r->existing, &id, &rows, true, NULL) : SS_OK;
}

static int propose_gated(conflict_run *r, const ss_batch *b, uint32_t row, ss_xid *holder);

static int propose(conflict_run *r, const ss_batch *b, uint32_t row)
{
    for (;;) {
        ss_xid holder = SS_XID_INVALID;
        pthread_mutex_lock(&insert_gate);
        int rc = propose_gated(r, b, row, &holder);
        pthread_mutex_unlock(&insert_gate);
        if (rc != SS_OK || holder == SS_XID_INVALID)
            return rc;
        if (ss_txn_wait_row_holder(r->ctx, holder) != SS_OK ||
            ss_check_interrupt(r->ctx) != SS_OK)
            return SS_ERROR;
    }
}

/* One try at row `row`; *holder set: wait for that transaction and try again. */
static int propose_gated(conflict_run *r, const ss_batch *b, uint32_t row, ss_xid *holder)
{
    for (;;) {
        int outcome;
        ss_rowid found = SS_ROWID_INVALID;
        ss_version_stamp stamp;
        if (find_conflict(r, b, row, &outcome, &found, &stamp, holder) != SS_OK)
            return SS_ERROR;
        if (outcome == FOUND_WAIT)
            return SS_OK;
        if (outcome == FOUND_NONE) {
            uint32_t sel = row;
            ss_batch one = {b->ncols, b->count, &sel, 1, b->cols};
            ss_rowid id;
            /* through views WITH CHECK OPTION: the rows inserted (not those that conflicted) */
            if (write_rows(r, &one, &id) != SS_OK)
                return SS_ERROR;
            return ss_view_checks_rows(r->ctx, r->t, r->st->bound->view_checks, &one);
        }
        if (!r->rc_level && !ours(r, stamp.xmin)) {
            bool seen = false;
            if (fetch_row(r, found, r->ctx->snapshot, &seen) != SS_OK)
                return SS_ERROR;
            if (!seen)
                return ss_ctx_error(r->ctx, "40001", "could not serialize access due to concurrent update");
        }
        if (r->oc->action == AST_ON_CONFLICT_NOTHING)
            return SS_OK;
        bool again = false;
        if (update_conflict(r, b, row, found, &stamp, &again) != SS_OK)
            return SS_ERROR;
        if (r->locker != SS_XID_INVALID) { /* a row lock of another transaction: wait */
            *holder = r->locker;
            r->locker = SS_XID_INVALID;
            return SS_OK;
        }
        if (!again)
            return SS_OK;
    }
}

static int run_all(conflict_run *r, ss_batch *const *batches, uint32_t nbatches)
{
    for (uint32_t i = 0; i < nbatches; i++) {
        if (i > 0 && ss_check_interrupt(r->ctx) != SS_OK)
            return SS_ERROR;
        for (uint32_t k = 0; k < batches[i]->count; k++)
            if (propose(r, batches[i], k) != SS_OK)
                return SS_ERROR;
    }
    return SS_OK;
}

int ss_run_on_conflict(sunstone_stmt *st, ss_batch *const *batches, uint32_t nbatches, int64_t *written)
{
    ss_table *t = st->bound->table;
    conflict_run r;
    memset(&r, 0, sizeof r);
    r.st = st;
    r.ctx = &st->ctx;
    r.t = t;
    r.oc = st->bound->on_conflict;
    r.m = st->db->txn.m;
    r.rc_level = st->db->txn.isolation == SS_ISO_READ_COMMITTED;
    *written = 0;
    if (ss_txn_state_current(&st->db->txn, &r.xid, &r.cid) != 0)
        return ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory (or out of transaction ids)");
    r.top = st->db->txn.top;
    uint32_t nref = 0;
    free(ss_fkey_referencing(st->ctx.catalog, t, true, &nref));
    r.referenced = nref > 0;
    uint32_t *cols = ss_arena_alloc(r.ctx->arena, sizeof(uint32_t) * (t->ncols ? t->ncols : 1));
    ss_type *types2 = ss_arena_alloc(r.ctx->arena, sizeof(ss_type) * (2 * t->ncols + 1));
    if (!cols || !types2)
        return ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t c = 0; c < t->ncols; c++) {
        cols[c] = c;
        types2[c] = types2[t->ncols + c] = t->types[c];
    }
    r.spec = (ss_scan_spec){t->ncols, 0, cols};
    r.written = ss_row_store_new(t->ncols, t->types);
    r.existing = ss_batch_create(t->ncols, t->types, SS_BATCH_CAPACITY);
    r.one = ss_batch_create(2 * t->ncols, types2, 1);
    r.one_store = ss_row_store_new(2 * t->ncols, types2);
    int rc = r.written && r.existing && r.one && r.one_store ? SS_OK : ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK)
        rc = run_all(&r, batches, nbatches);
    if (r.update_root)
        ss_exec_finish(r.ctx, r.update_root);
    /* foreign keys once every row is in (a row may reference one of the same statement) */
    if (rc == SS_OK && ss_fkey_table_has(t))
        rc = ss_row_store_each(r.ctx, r.written, t, ss_fkey_check_new_rows);
    ss_index_stmt_forget(t);
    if (rc == SS_OK && st->bound->returning && (rc = ss_returning_begin(st)) == SS_OK)
        rc = ss_returning_run_store(st, r.written);
    ss_row_store_free(r.written);
    ss_row_store_free(r.one_store);
    if (r.existing)
        ss_batch_destroy(r.existing);
    if (r.one)
        ss_batch_destroy(r.one);
    if (rc == SS_OK)
        *written = r.count;
    return rc;
}
