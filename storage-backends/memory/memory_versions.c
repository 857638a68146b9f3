/* memory_versions.c — the memory backend's row versions (storage.h version 3, memory.h):
 * insert_versions, the per-chunk visibility of a snapshot with its all-visible fast path,
 * and point reads by row id (fetch_versions). */
#include "memory.h"

int memory_insert_versions(ss_ctx *ctx, void *table, const ss_batch *rows, ss_rowid *rowids)
{
    memory_table *t = table;
    const ss_api *api = t->api;
    ss_version_stamp stamp = {0, 0, 0, 0};
    if (api->txn_current(ctx, &stamp.xmin, &stamp.cmin) != SS_OK)
        return SS_ERROR;
    pthread_mutex_lock(&t->lock);
    ss_rowid first;
    int rc = memory_insert_locked(ctx, t, rows, stamp, &first);
    pthread_mutex_unlock(&t->lock);
    if (rc != SS_OK)
        return rc;
    uint64_t pos = (first >> 16) * SS_BATCH_CAPACITY + (first & 0xffff);
    uint32_t n = ss_batch_rows(rows);
    for (uint32_t k = 0; k < n; k++, pos++)
        rowids[k] = MEMORY_ROWID(pos / SS_BATCH_CAPACITY, pos % SS_BATCH_CAPACITY);
    return SS_OK;
}

int memory_chunk_visible(ss_ctx *ctx, const memory_table *t, memory_chunk *chunk, uint32_t n,
                         const ss_snapshot *snap, uint32_t *sel, uint32_t *count, bool *all)
{
    uint32_t frozen = atomic_load_explicit(&chunk->frozen, memory_order_acquire);
    if (frozen >= n && atomic_load_explicit(&chunk->max_xmin, memory_order_relaxed) < snap->xmin) {
        *count = n;
        *all = true;
        return SS_OK;
    }
    if (t->api->versions_visible(ctx, snap, chunk->stamps, NULL, n, sel, count) != SS_OK)
        return SS_ERROR;
    *all = *count == n;
    if (*all && frozen < n) {
        /* every row is visible and older than every running transaction: none of them can
           become invisible again until something deletes one, so later scans skip the check
           (a version older than snap->xmin that is visible was written by a committed one) */
        bool old = true;
        for (uint32_t r = 0; r < n && old; r++)
            old = chunk->stamps[r].xmin < snap->xmin && chunk->stamps[r].xmax == SS_XID_INVALID;
        if (old)
            atomic_store_explicit(&chunk->frozen, n, memory_order_release);
    }
    return SS_OK;
}

int memory_fetch_versions(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                          const ss_snapshot *snap, const ss_rowid *rowids, uint32_t n,
                          ss_batch *out, bool *found)
{
    memory_table *t = table;
    const ss_api *api = t->api;
    if (out->ncols != spec->ncols)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                          "memory backend: fetch batch has %u columns, expected %u", out->ncols,
                          spec->ncols);
    for (uint32_t i = 0; i < spec->ncols; i++)
        if (spec->columns[i] >= t->ncols)
            return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                              "memory backend: fetch asks for column %u of a table with %u "
                              "columns",
                              spec->columns[i] + 1, t->ncols);
    out->sel = NULL;
    out->sel_count = 0;
    out->count = 0;
    for (uint32_t k = 0; k < n; k++) {
        found[k] = false;
        uint64_t ci = rowids[k] >> 16;
        uint32_t row = (uint32_t)(rowids[k] & 0xffff);
        pthread_mutex_lock(&t->lock);
        memory_chunk *chunk = ci < t->nchunks ? t->chunks[ci] : NULL;
        bool present = chunk && row < chunk->count;
        pthread_mutex_unlock(&t->lock);
        if (!present)
            continue;
        uint32_t sel[1], seen;
        if (api->versions_visible(ctx, snap, &chunk->stamps[row], NULL, 1, sel, &seen) != SS_OK)
            return SS_ERROR;
        if (!seen)
            continue;
        for (uint32_t i = 0; i < spec->ncols; i++) {
            ss_value v;
            ss_vector_get_value(chunk->cols[spec->columns[i]], row, &v);
            if (api->vector_set_value(ctx, out->cols[i], out->count, &v) != SS_OK)
                return SS_ERROR;
        }
        out->count++;
        found[k] = true;
    }
    return SS_OK;
}
