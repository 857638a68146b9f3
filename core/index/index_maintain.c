/* index_maintain.c — keeping a table's indexes in step with its rows: new rows go to the
 * backend as versions with row ids and then into every index (unique ones checked row by
 * row, so duplicates within one statement are found too); the row ids a statement entered
 * are logged, and a failed statement on a backend with statement undo takes its entries out
 * again before the backend undoes its rows (on a version-3 backend the log is only forgotten:
 * the entries name versions the statement's abort made invisible). */
#include <stdlib.h>
#include <string.h>

#include "defer/defer.h"
#include "exec/vector.h"
#include "index/index.h"
#include "util/grow.h"

static int log_rowids(ss_ctx *ctx, ss_table_indexes *l, const ss_rowid *rowids, uint32_t n)
{
    if (!ss_grow((void **)&l->log, &l->cap_log, l->nlog + n, sizeof *l->log, 1024))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(l->log + l->nlog, rowids, n * sizeof *rowids);
    l->nlog += n;
    return SS_OK;
}

/* The view of batch's key columns for ix (the same vectors and selection). */
static void key_view(const ss_index *ix, const ss_batch *batch, ss_vector **cols, ss_batch *out)
{
    for (uint32_t i = 0; i < ix->nkeys; i++)
        cols[i] = batch->cols[ix->cols[i]];
    *out = (ss_batch){ix->nkeys, batch->count, batch->sel, batch->sel_count, cols};
}

static int insert_unique(ss_ctx *ctx, const ss_index *ix, const ss_batch *keys, const ss_rowid *rowids)
{
    uint32_t n = ss_batch_rows(keys);
    ss_value key[ix->nkeys];
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = ss_batch_row(keys, k);
        for (uint32_t i = 0; i < ix->nkeys; i++)
            ss_vector_get_value(keys->cols[i], row, &key[i]);
        if (ix->deferrable) { /* entered now, checked at the statement's end or at COMMIT */
            bool maybe;
            if (ss_index_unique_may_conflict(ctx, ix, key, rowids[k], &maybe) != SS_OK ||
                (maybe && ss_defer_queue_unique(ctx, ix, rowids[k]) != SS_OK))
                return SS_ERROR;
        } else if (ss_index_check_unique_live(ctx, ix, key, rowids[k]) != SS_OK) {
            return SS_ERROR;
        }
        uint32_t one = row;
        ss_batch single = {keys->ncols, keys->count, &one, 1, keys->cols};
        if (ix->vt->insert(ctx, ix->handle, &single, &rowids[k]) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

static int insert_rows_locked(ss_ctx *ctx, ss_table *t, const ss_batch *batch, const ss_rowid *rowids)
{
    ss_table_indexes *l = t->indexes;
    if (log_rowids(ctx, l, rowids, ss_batch_rows(batch)) != SS_OK)
        return SS_ERROR;
    for (uint32_t i = 0; i < l->n; i++) {
        const ss_index *ix = l->list[i];
        ss_vector *cols[ix->nkeys];
        ss_batch keys;
        ss_index_keys computed = {0};
        const ss_rowid *ids = rowids;
        if (ss_index_is_plain(ix)) {
            key_view(ix, batch, cols, &keys);
        } else {
            /* expressions evaluated, rows outside a partial index's predicate left out */
            if (ss_index_keys_of_rows(ctx, ix, batch, rowids, &computed) != SS_OK)
                return SS_ERROR;
            keys = computed.batch;
            ids = computed.rowids;
        }
        /* an index this transaction dropped no longer constrains it (its entries are kept
           for a rollback) */
        bool check = ix->unique && !ss_ddl_dropped_by_reader(&ix->ddl);
        int rc = !ss_batch_rows(&keys) ? SS_OK
                 : check               ? insert_unique(ctx, ix, &keys, ids)
                                       : ix->vt->insert(ctx, ix->handle, &keys, ids);
        ss_index_keys_free(&computed);
        if (rc != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_index_insert_rows(ss_ctx *ctx, ss_table *t, const ss_batch *batch, const ss_rowid *rowids)
{
    ss_table_indexes *l = t->indexes;
    if (!l || l->n == 0)
        return SS_OK;
    pthread_mutex_lock(&l->lock);
    int rc = insert_rows_locked(ctx, t, batch, rowids);
    pthread_mutex_unlock(&l->lock);
    return rc;
}

int ss_index_write_rows(ss_ctx *ctx, ss_table *t, const ss_batch *rows)
{
    uint32_t n = ss_batch_rows(rows);
    ss_rowid *rowids = malloc((n ? n : 1) * sizeof *rowids);
    if (!rowids)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = t->storage->insert_versions(ctx, t->handle, rows, rowids);
    if (rc == SS_OK)
        rc = ss_index_insert_rows(ctx, t, rows, rowids);
    free(rowids);
    return rc;
}

int ss_index_remove_row(ss_ctx *ctx, ss_table *t, const ss_batch *rows, uint32_t row, ss_rowid rowid)
{
    ss_table_indexes *l = t->indexes;
    for (uint32_t i = 0; l && i < l->n; i++) {
        const ss_index *ix = l->list[i];
        ss_value key[ix->nkeys];
        bool indexed = true;
        if (ss_index_is_plain(ix)) {
            for (uint32_t j = 0; j < ix->nkeys; j++)
                ss_vector_get_value(rows->cols[ix->cols[j]], row, &key[j]);
        } else if (ss_index_row_key(ctx, ix, rows, row, key, &indexed) != SS_OK) {
            return SS_ERROR;
        }
        bool removed;
        if (indexed && ix->vt->remove(ctx, ix->handle, key, rowid, &removed) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

/* Takes the logged entries out of every index: their keys are read back from the rows. */
static void undo_entries(ss_ctx *ctx, ss_table *t)
{
    ss_table_indexes *l = t->indexes;
    uint32_t *all = malloc(t->ncols * sizeof *all);
    ss_batch *b = ss_batch_create(t->ncols, t->types, SS_BATCH_CAPACITY);
    bool *found = malloc(SS_BATCH_CAPACITY * sizeof *found);
    if (!all || !b || !found)
        goto out; /* out of memory: the entries stay; their row ids name no row */
    for (uint32_t c = 0; c < t->ncols; c++)
        all[c] = c;
    ss_scan_spec spec = {t->ncols, 0, all};
    for (size_t at = 0; at < l->nlog; at += SS_BATCH_CAPACITY) {
        uint32_t n = (uint32_t)(l->nlog - at < SS_BATCH_CAPACITY ? l->nlog - at : SS_BATCH_CAPACITY);
        ss_batch_reset(b);
        if (t->storage->fetch_versions(ctx, t->handle, &spec, ss_index_snapshot(ctx), l->log + at, n, b,
                                       found) != SS_OK)
            break;
        uint32_t row = 0;
        for (uint32_t k = 0; k < n; k++) {
            if (!found[k])
                continue;
            if (ss_index_remove_row(ctx, t, b, row, l->log[at + k]) != SS_OK)
                ss_error_clear(ctx->err); /* best effort: the entry stays, its row id names no row */
            row++;
        }
    }
out:
    free(all);
    free(found);
    if (b)
        ss_batch_destroy(b);
}

void ss_index_stmt_end(ss_ctx *ctx, ss_table *t, bool ok)
{
    ss_table_indexes *l = t->indexes;
    if (!l)
        return;
    pthread_mutex_lock(&l->lock);
    if (!ok && l->nlog > 0)
        undo_entries(ctx, t);
    l->nlog = 0;
    pthread_mutex_unlock(&l->lock);
}

void ss_index_stmt_forget(ss_table *t)
{
    ss_index_lock(t);
    if (t->indexes)
        t->indexes->nlog = 0;
    ss_index_unlock(t);
}
