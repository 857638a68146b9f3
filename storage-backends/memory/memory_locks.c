/* memory_locks.c — the memory backend's delete / update / lock callbacks (storage.h version
 * 4): the compare-and-set of a version's xmax under the table lock, and the forward link
 * from an updated version to its successor.  Setting an xmax also ends the chunk's
 * all-visible fast path below that row (memory.h: frozen), since the version may now be
 * invisible to some snapshots. */
#include "memory.h"

/* The chunk and row of rowid; t->lock held.  NULL (t->lock released, XX000 recorded) when
 * it names no version. */
static memory_chunk *locate(ss_ctx *ctx, memory_table *t, ss_rowid rowid, uint32_t *row)
{
    uint64_t ci = rowid >> 16;
    *row = (uint32_t)(rowid & 0xffff);
    memory_chunk *chunk = ci < t->nchunks ? t->chunks[ci] : NULL;
    if (chunk && *row < chunk->count)
        return chunk;
    pthread_mutex_unlock(&t->lock);
    t->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "memory backend: row id %llu names no row version",
                  (unsigned long long)rowid);
    return NULL;
}

int memory_lock_versions(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, ss_xid xid,
                         uint32_t cid, const ss_xid *expect, ss_version_stamp *seen)
{
    memory_table *t = table;
    pthread_mutex_lock(&t->lock);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row;
        memory_chunk *chunk = locate(ctx, t, rowids[k], &row);
        if (!chunk)
            return SS_ERROR;
        ss_version_stamp *v = &chunk->stamps[row];
        seen[k] = *v;
        if (v->xmax != expect[k])
            continue;
        uint32_t frozen = atomic_load_explicit(&chunk->frozen, memory_order_acquire);
        if (frozen > row)
            atomic_store_explicit(&chunk->frozen, row, memory_order_release);
        v->cmax = cid;
        v->xmax = xid;
    }
    pthread_mutex_unlock(&t->lock);
    return SS_OK;
}

int memory_link_versions(ss_ctx *ctx, void *table, const ss_rowid *older, uint32_t n,
                         const ss_rowid *newer, ss_rowid *next)
{
    memory_table *t = table;
    pthread_mutex_lock(&t->lock);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row;
        memory_chunk *chunk = locate(ctx, t, older[k], &row);
        if (!chunk)
            return SS_ERROR;
        if (newer)
            chunk->next[row] = newer[k];
        else
            next[k] = chunk->next[row];
    }
    pthread_mutex_unlock(&t->lock);
    return SS_OK;
}
