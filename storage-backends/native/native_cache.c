/* native_cache.c — the buffer cache: a fixed number of page frames (the native_options'
 * cache_pages: the kernel's shared_buffers), found by a hash of page numbers, pinned while in
 * use, replaced by the clock algorithm; a dirty frame is written back (after the WAL covering
 * it is durable) before its frame is reused. The frames' pages are allocated in slabs of
 * NATIVE_CACHE_SLAB as they are first used, so a large cache costs memory only once filled.
 * Called with db->mu held. */
#include "native_internal.h"

#include <stdlib.h>
#include <string.h>

static size_t bucket_of(const native_cache *c, uint64_t pgno)
{
    return (size_t)((pgno * 0x9E3779B97F4A7C15ull) >> 20) & (c->nbuckets - 1);
}

int native_cache_init(native_cache *c, size_t nframes)
{
    memset(c, 0, sizeof *c);
    c->nframes = nframes;
    c->nbuckets = 1;
    while (c->nbuckets < nframes * 2)
        c->nbuckets <<= 1;
    c->frames = calloc(nframes, sizeof *c->frames);
    c->heads = malloc(c->nbuckets * sizeof *c->heads);
    c->slabs = calloc((nframes + NATIVE_CACHE_SLAB - 1) / NATIVE_CACHE_SLAB, sizeof *c->slabs);
    if (!c->frames || !c->heads || !c->slabs)
        return -1;
    for (size_t i = 0; i < c->nbuckets; i++)
        c->heads[i] = -1;
    for (size_t i = 0; i < nframes; i++)
        c->frames[i].hnext = -1;
    return 0;
}

void native_cache_destroy(native_cache *c)
{
    if (c->slabs)
        for (size_t i = 0; i < (c->nframes + NATIVE_CACHE_SLAB - 1) / NATIVE_CACHE_SLAB; i++)
            free(c->slabs[i]);
    free(c->slabs);
    free(c->frames);
    free(c->heads);
    memset(c, 0, sizeof *c);
}

/* Gives frame i its page (from its slab, allocated now when it is the slab's first use). */
static int frame_memory(native_db *db, size_t i, native_error *err)
{
    native_cache *c = &db->cache;
    size_t slab = i / NATIVE_CACHE_SLAB;
    if (!c->slabs[slab]) {
        size_t first = slab * NATIVE_CACHE_SLAB;
        size_t n = c->nframes - first < NATIVE_CACHE_SLAB ? c->nframes - first : NATIVE_CACHE_SLAB;
        if (!(c->slabs[slab] = aligned_alloc(4096, n * NATIVE_PAGE_SIZE)))
            return native_fail(err, "53200", "out of memory: the buffer cache of \"%s\" could not grow", db->path);
        for (size_t k = 0; k < n; k++)
            c->frames[first + k].data = c->slabs[slab] + k * NATIVE_PAGE_SIZE;
    }
    return 0;
}

static void unhash(native_cache *c, size_t idx)
{
    int32_t *link = &c->heads[bucket_of(c, c->frames[idx].pgno)];
    while (*link != -1 && *link != (int32_t)idx)
        link = &c->frames[*link].hnext;
    if (*link == (int32_t)idx)
        *link = c->frames[idx].hnext;
    c->frames[idx].hnext = -1;
    c->frames[idx].used = 0;
}

static int write_back(native_db *db, native_frame *f, native_error *err)
{
    uint64_t lsn = native_page_lsn(f->data);
    if (native_wal_flush(&db->wal, lsn, err) != 0)
        return -1;
    if (native_db_write_page_file(db, f->pgno, f->data, err) != 0)
        return -1;
    f->dirty = 0;
    return 0;
}

/* A frame to reuse: clock sweep over unpinned frames, writing a dirty victim back. */
static int victim(native_db *db, size_t *out, native_error *err)
{
    native_cache *c = &db->cache;
    for (size_t step = 0; step < c->nframes * 3; step++) {
        size_t i = c->hand;
        c->hand = (c->hand + 1) % c->nframes;
        native_frame *f = &c->frames[i];
        if (!f->used) {
            if (!f->data && frame_memory(db, i, err) != 0)
                return -1;
            *out = i;
            return 0;
        }
        if (f->pins)
            continue;
        if (f->ref) {
            f->ref = 0;
            continue;
        }
        if (f->dirty && write_back(db, f, err) != 0)
            return -1;
        unhash(c, i);
        c->evictions++;
        *out = i;
        return 0;
    }
    return native_fail(err, "53200", "buffer cache of \"%s\" is full: all %zu pages are pinned", db->path, c->nframes);
}

int native_cache_get(native_db *db, uint64_t pgno, int zero_fill, native_frame **out, native_error *err)
{
    native_cache *c = &db->cache;
    for (int32_t i = c->heads[bucket_of(c, pgno)]; i != -1; i = c->frames[i].hnext)
        if (c->frames[i].pgno == pgno) {
            native_frame *f = &c->frames[i];
            f->pins++;
            f->ref = 1;
            c->hits++;
            *out = f;
            return 0;
        }
    size_t idx = 0;
    if (victim(db, &idx, err) != 0)
        return -1;
    native_frame *f = &c->frames[idx];
    if (zero_fill)
        memset(f->data, 0, NATIVE_PAGE_SIZE);
    else if (native_db_read_page_file(db, pgno, f->data, err) != 0)
        return -1;
    c->misses++;
    f->pgno = pgno;
    f->used = 1;
    f->dirty = 0;
    f->ref = 1;
    f->pins = 1;
    size_t b = bucket_of(c, pgno);
    f->hnext = c->heads[b];
    c->heads[b] = (int32_t)idx;
    *out = f;
    return 0;
}

int native_cache_flush_all(native_db *db, native_error *err)
{
    native_cache *c = &db->cache;
    for (size_t i = 0; i < c->nframes; i++) {
        native_frame *f = &c->frames[i];
        if (f->used && f->dirty && write_back(db, f, err) != 0)
            return -1;
    }
    return 0;
}
