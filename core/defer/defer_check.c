/* defer_check.c — queueing the checks of DEFERRABLE constraints and running one (defer.h):
 * the row version is read again with the snapshot uniqueness checks use (the transaction's
 * own changes up to now count), skipped when the transaction deleted or replaced it since,
 * then checked as an immediate constraint would be: the unique index's live-now rule
 * (index_unique_live.c, 23505) or the foreign key's referenced row (fkey_check.c, 23503). */
#include <stdlib.h>

#include "defer/defer.h"
#include "defer/defer_internal.h"
#include "exec/context.h"
#include "exec/vector.h"
#include "fkey/fkey.h"
#include "index/index.h"

int ss_defer_queue_unique(ss_ctx *ctx, const ss_index *ix, ss_rowid rowid)
{
    return ss_defer_queue_rows(ctx, DEFER_UNIQUE, ix, ix->table, &rowid, 1);
}

int ss_defer_queue_fkey(ss_ctx *ctx, const ss_fkey *fk, const ss_rowid *rowids, uint32_t n)
{
    return ss_defer_queue_rows(ctx, DEFER_FKEY_NEW, fk, fk->table, rowids, n);
}

int ss_defer_queue_removed(ss_ctx *ctx, const ss_fkey *fk, ss_rowid old, bool update)
{
    return ss_defer_queue_rows(ctx, update ? DEFER_FKEY_UPDATED : DEFER_FKEY_DELETED, fk, fk->ref, &old, 1);
}

bool ss_defer_event_deferred(const struct ss_txn_state *t, const defer_event *e)
{
    if (e->kind == DEFER_UNIQUE) {
        const ss_index *ix = e->con;
        return ss_defer_is_deferred(t, ix, ix->initdeferred);
    }
    const ss_fkey *fk = e->con;
    return fk->deferrable && ss_defer_is_deferred(t, fk, fk->initdeferred);
}

/* Whether fk is still one of its table's foreign keys (ALTER TABLE ... DROP CONSTRAINT in
   this transaction takes it off; it is freed only when the transaction ends). */
static bool fkey_attached(const ss_fkey *fk)
{
    const ss_table_fkeys *l = fk->table->fkeys;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i] == fk)
            return true;
    return false;
}

/* The version rowid of t as the transaction sees it now (before command `before`, when not
   UINT32_MAX) into b (every column); *found. */
static int fetch_row(ss_ctx *ctx, ss_table *t, ss_rowid rowid, uint32_t before, ss_batch *b, bool *found)
{
    uint32_t all[t->ncols ? t->ncols : 1];
    for (uint32_t c = 0; c < t->ncols; c++)
        all[c] = c;
    ss_scan_spec spec = {t->ncols, 0, all};
    ss_snapshot snap;
    ss_index_unique_snapshot(ctx, &snap);
    if (before != UINT32_MAX)
        snap.command_id = before;
    return t->storage->fetch_versions(ctx, t->handle, &spec, &snap, &rowid, 1, b, found);
}

static int check_unique(ss_ctx *ctx, const ss_index *ix, const ss_batch *b, ss_rowid rowid)
{
    if (ss_ddl_dropped_by_reader(&ix->ddl))
        return SS_OK; /* a dropped index no longer constrains its transaction */
    ss_value key[ix->nkeys];
    bool indexed = true;
    if (ss_index_row_key(ctx, ix, b, 0, key, &indexed) != SS_OK)
        return SS_ERROR;
    if (!indexed)
        return SS_OK;
    ss_index_lock(ix->table);
    int rc = ss_index_check_unique_live(ctx, ix, key, rowid);
    ss_index_unlock(ix->table);
    return rc;
}

int ss_defer_run_check(ss_ctx *ctx, const defer_event *e)
{
    if (e->kind != DEFER_UNIQUE && !fkey_attached(e->con))
        return SS_OK;
    bool removed = e->kind == DEFER_FKEY_DELETED || e->kind == DEFER_FKEY_UPDATED;
    ss_table *t = e->table;
    ss_batch *b = ss_batch_create(t->ncols, t->types, 1);
    if (!b)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    bool found = false;
    int rc = fetch_row(ctx, t, e->rowid, removed ? e->cid : UINT32_MAX, b, &found);
    if (rc == SS_OK && found)
        rc = e->kind == DEFER_UNIQUE ? check_unique(ctx, e->con, b, e->rowid)
             : removed               ? ss_fkey_check_removed_of(ctx, e->con, b, e->kind == DEFER_FKEY_UPDATED)
                                     : ss_fkey_check_rows_of(ctx, e->con, b);
    ss_batch_destroy(b);
    return rc;
}
