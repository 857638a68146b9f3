/* memory_vacuum.c — VACUUM of a memory table (storage.h version 7): a full chunk none of
 * whose versions the reclamation horizon sees gives back its column vectors (the bulk of its
 * memory: values and text); it stays in the chunk array as an empty, dead chunk so that the
 * row ids of the other chunks (chunk index << 16 | row) do not change.  Versions of a chunk
 * that still holds a version someone may see, and of the tail chunk (where inserts append),
 * are kept: they are counted as dead but kept. */
#include "memory.h"

/* How many of chunk's rows [0, n) are reclaimable under horizon h (storage.h: vacuum). */
static int count_dead(ss_ctx *ctx, const memory_table *t, const memory_chunk *chunk, uint32_t n,
                      const ss_snapshot *h, uint32_t *dead)
{
    uint32_t sel[SS_BATCH_CAPACITY], seen;
    if (t->api->versions_visible(ctx, h, chunk->stamps, NULL, n, sel, &seen) != SS_OK)
        return SS_ERROR;
    *dead = 0;
    for (uint32_t r = 0, s = 0; r < n; r++) {
        if (s < seen && sel[s] == r) {
            s++;
            continue;
        }
        const ss_version_stamp *v = &chunk->stamps[r];
        if (v->xmin < h->xmin && v->xmax < h->xmin)
            (*dead)++;
    }
    return SS_OK;
}

/* Reports chunk ci's rows (all dead) to the kernel, then swaps its column vectors for empty
 * ones.  The caller holds t->lock. */
static int reclaim_chunk(ss_ctx *ctx, memory_table *t, size_t ci, const ss_scan_spec *spec,
                         ss_vacuum_reclaimed_fn reclaimed, void *arg)
{
    const ss_api *api = t->api;
    memory_chunk *chunk = t->chunks[ci];
    uint32_t n = chunk->count;
    ss_rowid rowids[SS_BATCH_CAPACITY];
    for (uint32_t r = 0; r < n; r++)
        rowids[r] = MEMORY_ROWID(ci, r);
    ss_vector *view[spec->ncols ? spec->ncols : 1];
    for (uint32_t i = 0; i < spec->ncols; i++)
        view[i] = chunk->cols[spec->columns[i]];
    ss_batch rows = {spec->ncols, n, NULL, 0, view};
    if (reclaimed(ctx, arg, &rows, rowids) != SS_OK)
        return SS_ERROR;
    /* the replacements first, so that running out of memory changes nothing (the versions
       stay, invisible to everyone; their index entries are already gone) */
    ss_vector *empty[t->ncols ? t->ncols : 1];
    for (uint32_t c = 0; c < t->ncols; c++)
        if (!(empty[c] = api->vector_create(chunk->cols[c]->type, 1))) {
            for (uint32_t d = 0; d < c; d++)
                api->vector_destroy(empty[d]);
            return memory_out_of_memory(api, ctx);
        }
    for (uint32_t c = 0; c < t->ncols; c++) {
        api->vector_destroy(chunk->cols[c]);
        chunk->cols[c] = empty[c];
    }
    chunk->count = 0;
    atomic_store_explicit(&chunk->dead, 1, memory_order_release);
    atomic_store_explicit(&chunk->frozen, 0, memory_order_release);
    memory_refs_set(t, ci);
    t->nrows -= n;
    return SS_OK;
}

int memory_vacuum(ss_ctx *ctx, void *table, const ss_snapshot *horizon, const ss_scan_spec *spec,
                  ss_vacuum_reclaimed_fn reclaimed, void *arg, ss_vacuum_stats *stats)
{
    memory_table *t = table;
    for (uint32_t i = 0; i < spec->ncols; i++)
        if (spec->columns[i] >= t->ncols)
            return t->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                 "memory backend: vacuum asks for column %u of a table with %u columns",
                                 spec->columns[i] + 1, t->ncols);
    int rc = SS_OK;
    pthread_mutex_lock(&t->lock);
    for (size_t ci = 0; ci < t->nchunks && rc == SS_OK; ci++) {
        memory_chunk *chunk = t->chunks[ci];
        uint32_t n = chunk->count, dead = 0;
        if (n == 0)
            continue;
        if ((rc = count_dead(ctx, t, chunk, n, horizon, &dead)) != SS_OK)
            break;
        bool whole = dead == n && n == SS_BATCH_CAPACITY && ci + 1 < t->nchunks;
        if (whole && (rc = reclaim_chunk(ctx, t, ci, spec, reclaimed, arg)) == SS_OK) {
            stats->removed += n;
            continue;
        }
        stats->remain += n;
        stats->dead_kept += dead;
    }
    pthread_mutex_unlock(&t->lock);
    return rc;
}
