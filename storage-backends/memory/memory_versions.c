/* memory_versions.c — the memory backend's row versions (storage.h version 3, memory.h):
 * insert_versions, the per-chunk visibility of a snapshot with its all-visible fast path,
 * and point reads by row id (fetch_versions), and whether a row id is stored (version 10). */
#include "memory.h"

#include <string.h>

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

/* A full chunk none of whose rows the horizon snapshot sees, every stamp below the
 * horizon: dead for good (ss_api.txn_horizon), marked so that scans skip it. */
static int memory_chunk_check_dead(ss_ctx *ctx, const memory_table *t, memory_chunk *chunk)
{
    const ss_api *api = t->api;
    if (!SS_API_HAS(api, txn_horizon) || !api->txn_horizon)
        return SS_OK;
    ss_snapshot h;
    if (api->txn_horizon(ctx, &h) != SS_OK)
        return SS_ERROR;
    for (uint32_t r = 0; r < SS_BATCH_CAPACITY; r++) {
        const ss_version_stamp *v = &chunk->stamps[r];
        if (v->xmin >= h.xmin || v->xmax >= h.xmin)
            return SS_OK;
    }
    uint32_t sel[SS_BATCH_CAPACITY], seen;
    if (api->versions_visible(ctx, &h, chunk->stamps, NULL, SS_BATCH_CAPACITY, sel, &seen) != SS_OK)
        return SS_ERROR;
    if (seen == 0)
        atomic_store_explicit(&chunk->dead, 1, memory_order_release);
    return SS_OK;
}

/* How many leading rows of chunk's [0, p) are older than every transaction running for snap
 * and not deleted. */
static uint32_t old_prefix(const memory_chunk *chunk, uint32_t p, const ss_snapshot *snap)
{
    uint32_t q = 0;
    while (q < p && chunk->stamps[q].xmin < snap->xmin && chunk->stamps[q].xmax == SS_XID_INVALID)
        q++;
    return q;
}

/* Raises chunk's all-visible mark (memory.h: frozen) to q: rows [0, q) were found visible to
 * a snapshot and older than every transaction running for it, and not deleted, so none of
 * them can become invisible again until something deletes one and later reads skip their
 * stamps (a version older than snap->xmin that snap sees was written by a committed
 * transaction).  The xmax are read again under the table lock, against a delete
 * (lock_versions, which lowers the mark under that lock) that set one after the caller read
 * it: it would otherwise be hidden by the fast path. */
static void raise_frozen(const memory_table *t, memory_chunk *chunk, uint32_t q)
{
    if (q <= atomic_load_explicit(&chunk->frozen, memory_order_acquire))
        return;
    pthread_mutex_t *lock = (pthread_mutex_t *)&t->lock;
    pthread_mutex_lock(lock);
    uint32_t kept = 0;
    while (kept < q && chunk->stamps[kept].xmax == SS_XID_INVALID)
        kept++;
    if (kept > atomic_load_explicit(&chunk->frozen, memory_order_relaxed))
        atomic_store_explicit(&chunk->frozen, kept, memory_order_release);
    pthread_mutex_unlock(lock);
}

int memory_chunk_visible(ss_ctx *ctx, const memory_table *t, memory_chunk *chunk, uint32_t n,
                         const ss_snapshot *snap, uint32_t *sel, uint32_t *count, bool *all)
{
    if (atomic_load_explicit(&chunk->dead, memory_order_acquire)) {
        *count = 0;
        *all = n == 0;
        return SS_OK;
    }
    uint32_t frozen = atomic_load_explicit(&chunk->frozen, memory_order_acquire);
    if (frozen >= n && atomic_load_explicit(&chunk->max_xmin, memory_order_relaxed) < snap->xmin) {
        *count = n;
        *all = true;
        return SS_OK;
    }
    if (t->api->versions_visible(ctx, snap, chunk->stamps, NULL, n, sel, count) != SS_OK)
        return SS_ERROR;
    *all = *count == n;
    if (*count == 0 && n == SS_BATCH_CAPACITY && memory_chunk_check_dead(ctx, t, chunk) != SS_OK)
        return SS_ERROR;
    if (*all && frozen < n)
        raise_frozen(t, chunk, old_prefix(chunk, n, snap));
    return SS_OK;
}

/* Whether row of chunk is below the chunk's all-visible mark for snap (memory.h: frozen),
   so that its stamps need not be read. */
static bool frozen_visible(memory_chunk *chunk, uint32_t row, const ss_snapshot *snap)
{
    return atomic_load_explicit(&chunk->frozen, memory_order_acquire) > row &&
           !atomic_load_explicit(&chunk->dead, memory_order_acquire) &&
           atomic_load_explicit(&chunk->max_xmin, memory_order_relaxed) < snap->xmin;
}

/* Asks for the cache lines of row's cells in the columns spec reads (refs: the row's chunk's
   entries of the cell map), so that their misses overlap instead of following one another.
   The row's stamps are not asked for: below the chunk's all-visible mark they are not read. */
static void prefetch_cells(const memory_table *t, const memory_colref *refs, uint32_t row, const ss_scan_spec *spec)
{
    for (uint32_t i = 0; i < spec->ncols; i++) {
        uint32_t c = spec->columns[i];
        __builtin_prefetch((const char *)refs[c].data + (size_t)row * refs[c].width);
    }
}

/* A read by row id that had to check a version's stamps: the chunk's all-visible mark is
   raised over the leading stored rows [0, stored) that snap sees and that are older than its
   running transactions, as a scan raises it, so that a workload of point reads alone reaches
   the fast path too.  Only when every stored row is that old (else the mark could not serve
   snap) and rows were added since the last try (a try that stopped at a deleted or aborted
   version would stop there again): each chunk's stamps are read about once, not at every
   read.  Such a version's visibility depends on its xmin alone (no xmax; not the reader's
   own), so the kernel is asked once per run of rows with the same xmin. */
static int fetch_try_freeze(ss_ctx *ctx, const memory_table *t, memory_chunk *chunk, uint32_t stored,
                            const ss_snapshot *snap)
{
    if (atomic_load_explicit(&chunk->max_xmin, memory_order_relaxed) >= snap->xmin ||
        atomic_load_explicit(&chunk->freeze_tried, memory_order_relaxed) >= stored ||
        atomic_load_explicit(&chunk->frozen, memory_order_acquire) >= stored)
        return SS_OK;
    atomic_store_explicit(&chunk->freeze_tried, stored, memory_order_relaxed);
    uint32_t q = 0;
    for (ss_xid seen_xmin = SS_XID_INVALID; q < stored; q++) {
        const ss_version_stamp *v = &chunk->stamps[q];
        if (v->xmin >= snap->xmin || v->xmax != SS_XID_INVALID)
            break;
        if (q > 0 && v->xmin == seen_xmin)
            continue;
        uint32_t sel[1], seen;
        if (t->api->versions_visible(ctx, snap, v, NULL, 1, sel, &seen) != SS_OK)
            return SS_ERROR;
        if (!seen)
            break;
        seen_xmin = v->xmin;
    }
    raise_frozen(t, chunk, q);
    return SS_OK;
}

/* Copies the value at row of the chunk column ref to dst's row at: a non-NULL value of
   dst's type directly (ref->copy), anything else through vector_set_value. */
static int copy_cell(ss_ctx *ctx, const ss_api *api, const memory_colref *ref, uint32_t row, ss_vector *dst,
                     uint32_t at)
{
    if (ref->copy != MEMORY_CELL_VALUE && ref->vec->type.id == dst->type.id && !ss_vector_is_null(ref->vec, row)) {
        if (ref->copy == MEMORY_CELL_TEXT)
            ((ss_text *)dst->data)[at] = ((const ss_text *)ref->data)[row];
        else
            memcpy((char *)dst->data + (size_t)at * ref->width, (const char *)ref->data + (size_t)row * ref->width,
                   ref->width);
        ss_vector_set_valid(dst, at);
        return SS_OK;
    }
    ss_value v;
    ss_vector_get_value(ref->vec, row, &v);
    return api->vector_set_value(ctx, dst, at, &v);
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
        uint32_t stored = chunk ? chunk->count : 0;
        bool present = row < stored;
        /* the chunk's cell map entries (memory_refs: an array outgrown after the unlock
           stays readable); NULL only for a table without columns, which spec cannot read */
        const memory_colref *refs = present && t->refs ? &t->refs->r[ci * t->ncols] : NULL;
        pthread_mutex_unlock(&t->lock);
        if (!present)
            continue;
        prefetch_cells(t, refs, row, spec);
        if (!frozen_visible(chunk, row, snap)) {
            uint32_t sel[1], seen;
            if (api->versions_visible(ctx, snap, &chunk->stamps[row], NULL, 1, sel, &seen) != SS_OK)
                return SS_ERROR;
            if (!seen)
                continue;
            if (fetch_try_freeze(ctx, t, chunk, stored, snap) != SS_OK)
                return SS_ERROR;
        }
        for (uint32_t i = 0; i < spec->ncols; i++) {
            uint32_t c = spec->columns[i];
            if (copy_cell(ctx, api, &refs[c], row, out->cols[i], out->count) != SS_OK)
                return SS_ERROR;
        }
        out->count++;
        found[k] = true;
    }
    return SS_OK;
}

int memory_versions_stored(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, bool *stored)
{
    (void)ctx;
    memory_table *t = table;
    pthread_mutex_lock(&t->lock);
    for (uint32_t k = 0; k < n; k++) {
        uint64_t ci = rowids[k] >> 16;
        uint32_t row = (uint32_t)(rowids[k] & 0xffff);
        /* a chunk VACUUM reclaimed keeps its slot with no rows */
        stored[k] = rowids[k] != SS_ROWID_INVALID && ci < t->nchunks && t->chunks[ci] && row < t->chunks[ci]->count;
    }
    pthread_mutex_unlock(&t->lock);
    return SS_OK;
}
