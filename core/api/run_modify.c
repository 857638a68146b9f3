/* run_modify.c — runs UPDATE, DELETE and TRUNCATE on tables whose backend keeps row
 * versions with delete / update (storage.h version 4).
 *
 * The bound query (bind/bind_update.c) yields, per row to change, its row id and (UPDATE)
 * the new version's columns.  Each batch's rows are locked by setting their xmax
 * (lock_versions, a compare-and-set); for a row some other transaction holds the session
 * waits until that one ends (txn_wait: deadlock 40P01, lock_timeout 55P03, cancel 57014)
 * and tries again.  A row this very command already changed (UPDATE ... FROM matching it
 * twice) is skipped, as PostgreSQL does.  A row a committed transaction changed after the
 * statement's snapshot is, under REPEATABLE READ and SERIALIZABLE, 40001; under READ
 * COMMITTED it is noted and the pass goes on, then the query runs again with a fresh
 * snapshot taking only the noted rows' newest versions (exec/row_epq.h), Sunstone's form of
 * PostgreSQL's EvalPlanQual re-check; a foreign key's committed KEY SHARE lock and a
 * subquery's locking clause read everything again instead (the rows already changed are
 * then its own and skipped).  UPDATE then checks NOT NULL / CHECK on the new versions, writes
 * them through ss_dml_write_versions (indexes, unique checks) and links each old version
 * to its successor.  Nothing needs undoing on failure: the statement's xid aborts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/run_modify.h"
#include "api/run_returning.h"
#include "bind/bind_returning.h"
#include "catalog/constraints.h"
#include "catalog/lock_table.h"
#include "exec/dml_versions.h"
#include "exec/row_epq.h"
#include "exec/row_lock_take.h"
#include "exec/vector.h"
#include "exec/interrupt.h"
#include "fkey/fkey.h"
#include "index/index.h"
#include "txn/txn_manager.h"
#include "txn/txn_row_locks.h"
#include "txn/txn_row_wait.h"
#include "util/arena.h"

typedef struct modify_run {
    sunstone_stmt *st;
    ss_ctx *ctx;
    ss_table *t;
    bool update;
    ss_xid xid;            /* stamps the deletes and the new versions */
    uint32_t cid;
    ss_xid top;            /* the transaction's top-level xid (the wait-for graph's node) */
    ss_row_lock_mode mode; /* (LK) the strength its row locks conflict as (txn_row_locks.h) */
    bool restart;          /* READ COMMITTED: read again, every row (a foreign key's lock,
                              a subquery's locking clause) */
    ss_epq *epq;           /* (LK) READ COMMITTED: the rows changed by a committed
                              transaction, re-checked by the next pass (exec/row_epq.h);
                              NULL: a referential action's run, which reads again instead */
    int64_t changed;
    const ss_batch *batch; /* (EPQ) lock_rows: the batch its rows come from, */
    const uint32_t *pos;   /* their positions there (the joined rows' ids noted) */
    ss_rowid *joined;      /* (EPQ) a row's joined row ids (the target's, then the fixed) */
    bool referenced;       /* foreign keys reference t: removed keys are checked */
    ss_batch *old;         /* then: the old versions of a batch's changed rows */
    ss_scan_spec old_spec;
} modify_run;

/* Waits for the transaction holding a row (xmax holder) to end. */
static int wait_for(modify_run *r, ss_xid holder)
{
    return ss_txn_wait_row_holder(r->ctx, holder);
}


/* (EPQ) r->joined: row p of b's row ids, id the target's, then the fixed rows'. */
static const ss_rowid *joined_ids(modify_run *r, const ss_batch *b, uint32_t p, ss_rowid id)
{
    const ss_bound_stmt *bs = r->st->bound;
    r->joined[0] = id;
    for (uint32_t i = 0; i < bs->epq_nfixed; i++) {
        ss_value v;
        ss_vector_get_value(b->cols[bs->epq_fixed_col + i], p, &v);
        r->joined[1 + i] = v.is_null ? SS_ROWID_INVALID : (ss_rowid)v.v.i;
    }
    return r->joined;
}

/* Locks ids[0..n): ok[k] tells which rows are now this command's to change. */
static int lock_rows(modify_run *r, const ss_rowid *ids, uint32_t n, bool *ok)
{
    const ss_storage_vtable *vt = r->t->storage;
    ss_txn_manager *m = r->st->db->txn.m;
    static _Thread_local uint32_t pend[SS_BATCH_CAPACITY];
    static _Thread_local ss_rowid pids[SS_BATCH_CAPACITY];
    static _Thread_local ss_xid expect[SS_BATCH_CAPACITY];
    static _Thread_local ss_version_stamp seen[SS_BATCH_CAPACITY];
    uint32_t np = n;
    /* ALTER and DROP TABLE wait for the transaction that changes rows of the table */
    if (n && (ss_fkey_note_writer(r->ctx, r->t) != SS_OK || ss_table_lock_check(r->ctx, r->t, 3) != SS_OK))
        return SS_ERROR;
    for (uint32_t k = 0; k < n; k++) {
        pend[k] = k;
        ok[k] = false;
        pids[k] = ids[k];
        expect[k] = SS_XID_INVALID;
    }
    ss_row_locks *rl = ss_txn_row_locks(m);
    while (np > 0) {
        /* the rows' locks of other transactions (SELECT ... FOR ..., foreign-key checks)
           are checked and the xmax set under the row-lock table's mutex */
        ss_xid locker = SS_XID_INVALID;
        ss_row_locks_enter(rl);
        for (uint32_t j = 0; locker == SS_XID_INVALID && j < np; j++)
            locker = ss_row_locks_conflicting(rl, m, r->t, pids[j], r->mode, r->top);
        int rc = locker != SS_XID_INVALID
                     ? SS_OK
                     : vt->lock_versions(r->ctx, r->t->handle, pids, np, r->xid, r->cid, expect, seen);
        ss_row_locks_leave(rl);
        if (rc != SS_OK)
            return SS_ERROR;
        if (locker != SS_XID_INVALID) {
            if (wait_for(r, locker) != SS_OK || ss_check_interrupt(r->ctx) != SS_OK)
                return SS_ERROR;
            /* a foreign-key check's KEY SHARE lock whose transaction committed: its
               referencing row is newer than the statement's snapshot, so READ COMMITTED
               reads again (the removed keys' check then sees it) */
            if (r->referenced && r->st->db->txn.isolation == SS_ISO_READ_COMMITTED &&
                ss_txn_effective_status(m, locker) == SS_XID_COMMITTED) {
                r->restart = true;
                return SS_OK;
            }
            continue;
        }
        uint32_t again = 0;
        for (uint32_t j = 0; j < np; j++) {
            uint32_t k = pend[j];
            ss_xid x = seen[j].xmax;
            ss_xid e = expect[j];
            if (x == e) {
                ok[k] = true;
                continue;
            }
            ss_xid_status s = ss_txn_effective_status(m, x);
            if (s == SS_XID_ABORTED || s == SS_XID_UNKNOWN) {
                e = x; /* a rolled-back delete: take the row over */
            } else if (ss_txn_top(m, x) == r->top) {
                continue; /* changed by this transaction (this command): skipped */
            } else if (s == SS_XID_RUNNING) {
                if (wait_for(r, x) != SS_OK)
                    return SS_ERROR;
            } else {
                /* committed after the snapshot */
                if (r->st->db->txn.isolation != SS_ISO_READ_COMMITTED)
                    return ss_row_serialization_failure(r->ctx, r->t, ids[k]);
                if (!r->epq)
                    r->restart = true;
                else if (ss_epq_note(r->ctx, r->epq, r->t, ids[k]) != SS_OK ||
                         (r->joined && r->batch &&
                          ss_epq_note_joined(r->ctx, r->epq, joined_ids(r, r->batch, r->pos[k], ids[k])) != SS_OK))
                    return SS_ERROR;
                continue;
            }
            pend[again] = k;
            pids[again] = ids[k];
            expect[again] = e;
            again++;
        }
        np = again;
        if (np && ss_check_interrupt(r->ctx) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

static int cascade_delete(void *arg, ss_table *table, const ss_rowid *ids, uint32_t n);
static int cascade_set(void *arg, const ss_fkey *fk, const ss_rowid *ids, uint32_t n, char action,
                       const ss_value *keys);
static void end_run(modify_run *r);

/* The run of a referential action on table within parent's command (same xid and cid):
 * deleting (ON DELETE CASCADE) or updating its rows. */
static modify_run child_run(const modify_run *parent, ss_table *table, bool update)
{
    modify_run r = *parent;
    r.t = table;
    r.update = update;
    r.mode = SS_ROW_LOCK_UPDATE; /* SET NULL / DEFAULT / CASCADE change key columns */
    r.restart = false;
    r.epq = NULL;
    r.joined = NULL;
    r.batch = NULL;
    r.pos = NULL;
    r.old = NULL;
    uint32_t nref = 0;
    ss_fkey **refs = ss_fkey_referencing(r.ctx->catalog, table, true, &nref);
    free(refs);
    r.referenced = nref > 0;
    return r;
}

/* r->old_spec: every column of r->t. */
static int all_columns(modify_run *r)
{
    ss_table *t = r->t;
    if (r->old)
        return SS_OK;
    uint32_t *cols = ss_arena_alloc(r->ctx->arena, sizeof(uint32_t) * (t->ncols ? t->ncols : 1));
    if (!cols || !(r->old = ss_batch_create(t->ncols, t->types, SS_BATCH_CAPACITY)))
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t c = 0; c < t->ncols; c++)
        cols[c] = c;
    r->old_spec = (ss_scan_spec){t->ncols, 0, cols};
    return SS_OK;
}

/* Foreign keys referencing t: the old versions of rows ids[0..m) (still visible to the
 * statement's own snapshot: its deletes count only from the next command on) must not be
 * referenced any more, or the referential actions change the rows referencing them.
 * new_rows (UPDATE): the new versions, row for row with ids; NULL for DELETE. */
static int check_removed(modify_run *r, const ss_rowid *ids, uint32_t m, const ss_batch *new_rows)
{
    ss_table *t = r->t;
    static _Thread_local bool found[SS_BATCH_CAPACITY];
    if (all_columns(r) != SS_OK)
        return SS_ERROR;
    ss_batch_reset(r->old);
    if (t->storage->fetch_versions(r->ctx, t->handle, &r->old_spec, r->ctx->snapshot, ids, m, r->old, found) !=
        SS_OK)
        return SS_ERROR;
    ss_rowid *old_ids = ss_arena_alloc(r->ctx->arena, sizeof *old_ids * (m ? m : 1));
    if (!old_ids)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t nold = 0;
    for (uint32_t k = 0; k < m; k++) /* the row id of each row of r->old */
        if (found[k])
            old_ids[nold++] = ids[k];
    ss_batch news, *np = NULL;
    if (new_rows) { /* the new versions of the old ones found, in the same order */
        uint32_t *sel = ss_arena_alloc(r->ctx->arena, sizeof *sel * (m ? m : 1));
        if (!sel)
            return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        uint32_t k2 = 0;
        for (uint32_t k = 0; k < m; k++)
            if (found[k])
                sel[k2++] = ss_batch_row(new_rows, k);
        news = (ss_batch){new_rows->ncols, new_rows->count, sel, k2, new_rows->cols};
        np = &news;
    }
    ss_fkey_cascade cascade = {cascade_delete, r, cascade_set};
    return ss_fkey_check_removed_rows(r->ctx, t, r->old, old_ids, np, r->update, &cascade);
}

/* Sets fk's columns of the rows of b (t's row versions) as the action says: NULL, each
 * column's default (evaluated per row), or keys (ON UPDATE CASCADE); ON DELETE SET NULL
 * (cols) only those columns. */
static int set_key_columns(modify_run *r, const ss_fkey *fk, const ss_fkey_action_table *at, ss_batch *b,
                           char action, const ss_value *keys, bool update)
{
    uint32_t n = ss_batch_rows(b);
    for (uint32_t k = 0; k < fk->ncols; k++) {
        uint32_t col = fk->cols[k];
        if (!ss_fkey_action_sets(fk, update, col))
            continue; /* ON DELETE SET NULL (cols): another column */
        ss_vector *def = NULL;
        if (action == 'd') {
            if (!at->defaults || !at->defaults[col])
                return ss_ctx_error(r->ctx, SS_SQLSTATE_INTERNAL_ERROR, "the default of \"%s\".\"%s\" is not bound",
                                    fk->table->name, fk->table->cols[col].name);
            if (!(def = ss_vector_create(fk->table->types[col], SS_BATCH_CAPACITY)))
                return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            if (ss_expr_eval(r->ctx, at->defaults[col], b, def) != SS_OK) {
                ss_vector_destroy(def);
                return SS_ERROR;
            }
        }
        int rc = SS_OK;
        for (uint32_t j = 0; rc == SS_OK && j < n; j++) {
            uint32_t row = ss_batch_row(b, j);
            ss_value v = {.is_null = true};
            if (def)
                ss_vector_get_value(def, row, &v); /* evaluated at the same positions */
            else if (action == 'c')
                v = keys[(size_t)j * fk->ncols + k];
            rc = ss_vector_set_value(r->ctx, b->cols[col], row, &v);
        }
        if (def)
            ss_vector_destroy(def);
        if (rc != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

/* SET NULL / SET DEFAULT / ON UPDATE CASCADE (fkey.h set_rows): rows ids[0..n) of
 * fk->table are updated by the same command, locked and waited for as UPDATE's rows, their
 * new versions checked (NOT NULL, CHECK, unique, their own foreign keys) and their removed
 * keys in turn.  The same known limit as cascade_delete's. */
static int cascade_set(void *arg, const ss_fkey *fk, const ss_rowid *ids, uint32_t n, char action,
                       const ss_value *keys)
{
    modify_run *parent = arg;
    ss_table *table = fk->table;
    const ss_fkey_action_table *at = ss_fkey_action_find(parent->st->bound->fk_actions, table);
    if (!at)
        return ss_ctx_error(parent->ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "the referential action of foreign key \"%s\" on \"%s\" is not bound", fk->name,
                            table->name);
    modify_run r = child_run(parent, table, true);
    bool *ok = ss_arena_alloc(r.ctx->arena, sizeof *ok * (n ? n : 1));
    bool *found = ss_arena_alloc(r.ctx->arena, sizeof *found * (n ? n : 1));
    ss_rowid *locked = ss_arena_alloc(r.ctx->arena, sizeof *locked * (n ? n : 1));
    ss_rowid *newids = ss_arena_alloc(r.ctx->arena, sizeof *newids * (n ? n : 1));
    if (!ok || !found || !locked || !newids)
        return ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    /* the versions' contents first: once locked, they are this command's deletes, which
       the uniqueness checks' snapshot (that found them) no longer sees */
    ss_batch *rows = NULL;
    int rc = all_columns(&r);
    if (rc == SS_OK && !(rows = ss_batch_create(table->ncols, table->types, SS_BATCH_CAPACITY)))
        rc = ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_snapshot snap;
    ss_index_unique_snapshot(r.ctx, &snap);
    if (rc == SS_OK)
        rc = table->storage->fetch_versions(r.ctx, table->handle, &r.old_spec, &snap, ids, n, rows, found);
    uint32_t *orig = ss_arena_alloc(r.ctx->arena, sizeof *orig * (n ? n : 1)); /* position in ids */
    if (rc == SS_OK && !orig)
        rc = ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t m = 0;
    for (uint32_t k = 0; rc == SS_OK && k < n; k++)
        if (found[k]) {
            orig[m] = k;
            locked[m++] = ids[k];
        }
    if (rc == SS_OK)
        rc = lock_rows(&r, locked, m, ok);
    if (rc == SS_OK && r.restart)
        rc = ss_ctx_error(r.ctx, "40001", "could not serialize access due to concurrent update");
    /* a row this command changed already (a self-referencing table) is left as it is */
    uint32_t *sel = rc == SS_OK ? ss_arena_alloc(r.ctx->arena, sizeof *sel * (m ? m : 1)) : NULL;
    if (rc == SS_OK && !sel)
        rc = ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t m2 = 0;
    for (uint32_t k = 0; rc == SS_OK && k < m; k++)
        if (ok[k]) {
            sel[m2] = k;
            orig[m2] = orig[k];
            locked[m2++] = locked[k];
        }
    /* keys row for row with the rows kept */
    ss_value *rkeys = NULL;
    if (rc == SS_OK && keys && !(rkeys = ss_arena_alloc(r.ctx->arena, sizeof *rkeys * fk->ncols * (m2 ? m2 : 1))))
        rc = ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t j = 0; rc == SS_OK && rkeys && j < m2; j++)
        memcpy(&rkeys[(size_t)j * fk->ncols], &keys[(size_t)orig[j] * fk->ncols], sizeof *rkeys * fk->ncols);
    if (rc == SS_OK && rows) {
        rows->sel = sel;
        rows->sel_count = m2;
        m = m2;
    }
    if (rc == SS_OK && rows && m) {
        /* the update PostgreSQL's action runs: its own errors name it in CONTEXT */
        rc = set_key_columns(&r, fk, at, rows, action, rkeys, parent->update);
        if (rc == SS_OK)
            rc = ss_constraints_check_rows(r.ctx, table, at->checks, rows);
        if (rc == SS_OK)
            rc = ss_dml_write_versions(r.ctx, table, rows, newids);
        if (rc != SS_OK) {
            char *sql = ss_fkey_action_sql(r.ctx, fk, action, parent->update);
            if (sql)
                ss_ctx_error_context(r.ctx, "SQL statement \"%s\"", sql);
        }
        if (rc == SS_OK)
            rc = table->storage->link_versions(r.ctx, table->handle, locked, m, newids, NULL);
        if (rc == SS_OK && action == 'd') /* rkeys: each row's removed key */
            rc = ss_fkey_check_default_kept(r.ctx, fk, rows, rkeys, parent->update);
        if (rc == SS_OK && ss_fkey_table_has(table))
            rc = ss_fkey_check_new_rows(r.ctx, table, rows);
        if (rc == SS_OK && r.referenced)
            rc = check_removed(&r, locked, m, rows);
    }
    if (rows)
        ss_batch_destroy(rows);
    end_run(&r);
    return rc;
}

/* ON DELETE CASCADE (fkey.h): rows ids[0..n) of table, which reference rows this command
 * deleted, are deleted by the same command (locks and waits as DELETE's), their own
 * references checked in turn.  Known limit: a referencing row a committed transaction
 * changed after the statement's snapshot is 40001 even under READ COMMITTED (the statement
 * re-run of READ COMMITTED would not come back to it). */
static int cascade_delete(void *arg, ss_table *table, const ss_rowid *ids, uint32_t n)
{
    modify_run *parent = arg;
    modify_run r = child_run(parent, table, false);
    bool *ok = ss_arena_alloc(r.ctx->arena, sizeof *ok * (n ? n : 1));
    ss_rowid *locked = ss_arena_alloc(r.ctx->arena, sizeof *locked * (n ? n : 1));
    if (!ok || !locked)
        return ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = lock_rows(&r, ids, n, ok);
    if (rc == SS_OK && r.restart)
        rc = ss_ctx_error(r.ctx, "40001", "could not serialize access due to concurrent update");
    uint32_t m = 0;
    for (uint32_t k = 0; rc == SS_OK && k < n; k++)
        if (ok[k])
            locked[m++] = ids[k];
    if (rc == SS_OK && m && r.referenced)
        rc = check_removed(&r, locked, m, NULL);
    end_run(&r);
    return rc;
}

/* A non-key UPDATE: the new versions newids[0..m) keep the locks other transactions hold on
 * the old ones ids[0..m) (KEY SHARE: the only strength a non-key update allows). */
static int carry_locks(modify_run *r, const ss_rowid *ids, const ss_rowid *newids, uint32_t m)
{
    if (r->mode != SS_ROW_LOCK_NO_KEY_UPDATE)
        return SS_OK;
    ss_txn_manager *tm = r->st->db->txn.m;
    ss_row_locks *rl = ss_txn_row_locks(tm);
    int rc = 0;
    ss_row_locks_enter(rl);
    for (uint32_t k = 0; rc == 0 && k < m; k++)
        rc = ss_row_locks_carry(rl, tm, r->t, ids[k], newids[k], r->top);
    ss_row_locks_leave(rl);
    return rc == 0 ? SS_OK : ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

/* Rows [from, from + n) of the batch (positions in b): lock them, then (UPDATE) write
 * their new versions. */
static int modify_rows(modify_run *r, ss_batch *b, uint32_t from, uint32_t n);

/* One batch of the query.  An UPDATE that assigns a column a unique index reads (its key,
 * expressions or predicate: the binder's update_keys) runs row by row, as PostgreSQL does:
 * its unique checks run per row against the rows not changed yet (UPDATE t SET id = id + 1
 * can meet the next row's old key, 23505, exactly where PostgreSQL does).  Any other UPDATE
 * keeps every unique key as it was, so no row's check can depend on another's: the batch
 * is written whole (a storage backend's writes are far cheaper per batch than per row). */
static int modify_batch(modify_run *r, ss_batch *b)
{
    uint32_t n = ss_batch_rows(b);
    if (!r->update || !r->st->bound->update_keys || !ss_index_table_has(r->t))
        return modify_rows(r, b, 0, n);
    for (uint32_t k = 0; k < n; k++)
        if (modify_rows(r, b, k, 1) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

static int modify_rows(modify_run *r, ss_batch *b, uint32_t from, uint32_t n)
{
    static _Thread_local ss_rowid ids[SS_BATCH_CAPACITY];
    static _Thread_local ss_rowid newids[SS_BATCH_CAPACITY];
    static _Thread_local bool ok[SS_BATCH_CAPACITY];
    static _Thread_local uint32_t sel[SS_BATCH_CAPACITY];
    static _Thread_local uint32_t pos[SS_BATCH_CAPACITY];
    if (n == 0)
        return SS_OK;
    const int64_t *rid = b->cols[0]->data;
    uint32_t nr = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t p = ss_batch_row(b, from + k);
        ids[nr] = (ss_rowid)rid[p];
        /* (LK) a re-checking pass: only the newest versions of the rows met changed */
        if (r->epq && r->epq->rechecking &&
            (!ss_epq_is_successor(r->epq, r->t, ids[nr]) ||
             (r->joined && !ss_epq_joined_again(r->epq, joined_ids(r, b, p, ids[nr])))))
            continue; /* (EPQ) and joined with the rows the old version was */
        pos[nr++] = p;
    }
    if (nr == 0)
        return SS_OK;
    r->batch = b;
    r->pos = pos;
    int locked = lock_rows(r, ids, nr, ok);
    r->batch = NULL;
    r->pos = NULL;
    if (locked != SS_OK)
        return SS_ERROR;
    uint32_t m = 0;
    for (uint32_t k = 0; k < nr; k++)
        if (ok[k]) {
            sel[m] = pos[k];
            ids[m++] = ids[k];
        }
    if (m == 0)
        return SS_OK;
    if (r->update) {
        ss_batch rows = {r->t->ncols, b->count, sel, m, b->cols + 1};
        if (ss_constraints_check_rows(r->ctx, r->t, r->st->bound->checks, &rows) != SS_OK ||
            ss_dml_write_versions(r->ctx, r->t, &rows, newids) != SS_OK ||
            r->t->storage->link_versions(r->ctx, r->t->handle, ids, m, newids, NULL) != SS_OK ||
            carry_locks(r, ids, newids, m) != SS_OK)
            return SS_ERROR;
        /* through views WITH CHECK OPTION: after the write, as PostgreSQL's ExecUpdate */
        if (ss_view_checks_rows(r->ctx, r->t, r->st->bound->view_checks, &rows) != SS_OK)
            return SS_ERROR;
    }
    if (r->update && ss_fkey_table_has(r->t)) {
        ss_batch rows = {r->t->ncols, b->count, sel, m, b->cols + 1};
        if (ss_fkey_check_new_rows(r->ctx, r->t, &rows) != SS_OK)
            return SS_ERROR;
    }
    if (r->referenced) {
        ss_batch rows = {r->t->ncols, b->count, sel, m, b->cols + 1};
        if (check_removed(r, ids, m, r->update ? &rows : NULL) != SS_OK)
            return SS_ERROR;
    }
    if (r->st->returning_rows) {
        const ss_bound_returning *ret = r->st->bound->returning;
        ss_batch rows = {r->st->bound->ncols, b->count, sel, m, b->cols + ret->first_col};
        if (ss_returning_add_rows(r->st, &rows) != SS_OK)
            return SS_ERROR;
    }
    r->changed += m;
    return SS_OK;
}

/* One pass: the query run once with the statement's snapshot. */
static int modify_pass(modify_run *r)
{
    sunstone_stmt *st = r->st;
    /* (EPQ) a re-check reads the relations other than the target with the first snapshot;
       the batch's writes (foreign keys, referential actions) read as usual */
    const ss_snapshot *epq_read = r->epq ? ss_epq_read_snapshot(r->epq) : NULL;
    r->ctx->epq_snapshot = epq_read;
    if (ss_exec_start(r->ctx, st->bound->plan, 0, &st->root)) {
        r->ctx->epq_snapshot = NULL;
        return SS_ERROR;
    }
    int rc = SS_OK;
    r->ctx->lock_restart_ok = true; /* (LK) locking clauses of its subqueries (exec/row_lock_filter.h) */
    r->ctx->lock_restart = false;
    for (;;) {
        ss_batch *b = NULL;
        r->ctx->epq_snapshot = epq_read;
        rc = ss_exec_next(r->ctx, st->root, &b);
        r->ctx->epq_snapshot = NULL;
        if (rc != SS_OK || !b)
            break;
        if ((rc = modify_batch(r, b)) != SS_OK)
            break;
    }
    ss_exec_finish(r->ctx, st->root);
    st->root = NULL;
    if (rc != SS_OK && r->ctx->lock_restart) {
        ss_error_clear(r->ctx->err); /* a subquery's locking clause stopped the pass */
        rc = SS_OK;
    }
    r->restart |= r->ctx->lock_restart;
    r->ctx->lock_restart_ok = r->ctx->lock_restart = false;
    return rc;
}

static int begin_run(modify_run *r, sunstone_stmt *st, ss_table *t, bool update)
{
    memset(r, 0, sizeof *r);
    r->st = st;
    r->ctx = &st->ctx;
    r->t = t;
    r->update = update;
    if (ss_txn_state_current(&st->db->txn, &r->xid, &r->cid) != 0)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory (or out of transaction ids)");
    r->top = st->db->txn.top;
    r->mode = !update || st->bound->update_keys ? SS_ROW_LOCK_UPDATE : SS_ROW_LOCK_NO_KEY_UPDATE;
    uint32_t nref = 0;
    ss_fkey **refs = ss_fkey_referencing(st->ctx.catalog, t, true, &nref);
    free(refs);
    r->referenced = nref > 0;
    return SS_OK;
}

static void end_run(modify_run *r)
{
    if (r->old)
        ss_batch_destroy(r->old);
    r->old = NULL;
}

int ss_run_modify(sunstone_stmt *st)
{
    bool update = st->bound->kind == AST_UPDATE;
    modify_run r;
    if (begin_run(&r, st, st->bound->table, update) != SS_OK || ss_returning_begin(st) != SS_OK)
        return SS_ERROR;
    ss_epq epq;
    memset(&epq, 0, sizeof epq);
    r.epq = &epq;
    uint32_t nfixed = st->bound->epq_nfixed;
    if (nfixed) { /* (EPQ) the joined rows kept: the target's, then the fixed tables' */
        const ss_table **tables = ss_arena_alloc(r.ctx->arena, sizeof *tables * (1 + nfixed));
        if (!tables || !(r.joined = ss_arena_alloc(r.ctx->arena, sizeof *r.joined * (1 + nfixed))))
            return ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        tables[0] = r.t;
        for (uint32_t i = 0; i < nfixed; i++)
            tables[1 + i] = NULL;
        ss_epq_track_joined(&epq, 1 + nfixed, tables);
    }
    int rc;
    for (;;) {
        rc = modify_pass(&r);
        if (rc != SS_OK)
            break;
        if (r.restart) {
            /* READ COMMITTED: read again with a snapshot that sees what the other
               committed, every row (those changed already are this command's: skipped) */
            r.restart = false;
            ss_epq_reset(&epq);
            if (ss_txn_state_statement_snapshot(&st->db->txn, &st->snap) != 0) {
                rc = ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
            st->ctx.snapshot = &st->snap.snap;
            continue;
        }
        /* (LK) READ COMMITTED, rows changed by a committed transaction: their newest
           versions re-checked (exec/row_epq.h) */
        bool again;
        rc = ss_epq_next_pass(r.ctx, &epq, &st->db->txn, &st->snap, &again);
        st->ctx.snapshot = &st->snap.snap;
        if (rc != SS_OK || !again)
            break;
    }
    ss_epq_free(&epq);
    ss_index_stmt_forget(r.t);
    end_run(&r);
    if (rc != SS_OK)
        return SS_ERROR;
    st->rows = r.changed;
    snprintf(st->tag, sizeof st->tag, "%s %lld", update ? "UPDATE" : "DELETE", (long long)r.changed);
    return SS_OK;
}

/* One pass of ss_modify_delete_all: a scan of t with row ids, each batch's rows locked. */
static int delete_all_pass(modify_run *r)
{
    static _Thread_local bool ok[SS_BATCH_CAPACITY];
    ss_table *t = r->t;
    const ss_storage_vtable *vt = t->storage;
    uint32_t col = 0;
    ss_scan_spec spec = {t->ncols ? 1 : 0, 0, &col};
    ss_batch *b = ss_batch_create(spec.ncols, t->types, SS_BATCH_CAPACITY);
    if (!b)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    void *scan = NULL;
    int rc = vt->scan_begin_snapshot(r->ctx, t->handle, &spec, r->ctx->snapshot, true, &scan);
    while (rc == SS_OK) {
        ss_batch_reset(b);
        if ((rc = vt->scan_next_batch(r->ctx, scan, b)) != SS_OK || b->count == 0)
            break;
        uint32_t n = ss_batch_rows(b);
        const ss_rowid *ids = vt->scan_rowids(scan);
        if ((rc = lock_rows(r, ids, n, ok)) != SS_OK)
            break;
        for (uint32_t k = 0; k < n; k++)
            r->changed += ok[k];
        rc = ss_check_interrupt(r->ctx);
    }
    if (scan)
        vt->scan_end(scan);
    ss_batch_destroy(b);
    return rc;
}

int ss_modify_delete_all(sunstone_stmt *st, ss_table *t)
{
    modify_run r;
    if (begin_run(&r, st, t, false) != SS_OK)
        return SS_ERROR;
    for (;;) {
        if (delete_all_pass(&r) != SS_OK)
            return SS_ERROR;
        if (!r.restart)
            return SS_OK;
        r.restart = false;
        if (ss_txn_state_statement_snapshot(&st->db->txn, &st->snap) != 0)
            return ss_ctx_error(r.ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        st->ctx.snapshot = &st->snap.snap;
    }
}

int ss_modify_explain(sunstone_stmt *st, char ***lines, uint32_t *n)
{
    bool update = st->ast->explain_target->kind == AST_UPDATE;
    char **out = ss_arena_alloc(st->ctx.arena, sizeof(char *) * (*n + 1));
    if (!out || !(out[0] = ss_arena_printf(st->ctx.arena, "%s on %s", update ? "Update" : "Delete",
                                           st->bound->table->name)))
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < *n; i++)
        if (!(out[i + 1] = ss_arena_printf(st->ctx.arena, "%s%s", i == 0 ? "  ->  " : "      ", (*lines)[i])))
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *lines = out;
    *n += 1;
    return SS_OK;
}
