/* text_arena.h — chunked byte storage for text values an operator copies out of batches
 * (batches are only valid until the next pull).  Allocations never move; everything is freed
 * at once.  Memory comes from ss_api.alloc. */
#ifndef OPS_TEXT_ARENA_H
#define OPS_TEXT_ARENA_H

#include <string.h>

#include "sunstone/plugin.h"

typedef struct ops_text_block ops_text_block;

typedef struct ops_text_arena {
    const ss_api *api;
    ops_text_block *blocks; /* newest first */
    char *cur;              /* free space of the newest block */
    size_t avail;
    size_t next_size;       /* size of the next block to allocate */
    size_t allocated;       /* bytes of every block: what the arena holds (work_mem accounting) */
} ops_text_arena;

void ops_text_arena_init(ops_text_arena *a, const ss_api *api);
/* Frees every block; the arena stays usable.  Tolerates a zeroed arena. */
void ops_text_arena_clear(ops_text_arena *a);

char *ops_text_arena_alloc_slow(ops_text_arena *a, size_t len);

/* len bytes (no alignment), valid until clear; NULL when out of memory (the caller reports
 * it).  len 0 yields a pointer to a shared empty string. */
static inline char *ops_text_arena_alloc(ops_text_arena *a, size_t len)
{
    if (len <= a->avail) {
        char *p = a->cur;
        a->cur += len;
        a->avail -= len;
        return p;
    }
    return ops_text_arena_alloc_slow(a, len);
}

/* Copies len bytes into the arena; NULL when out of memory. */
static inline const char *ops_text_arena_copy(ops_text_arena *a, const char *src, size_t len)
{
    char *p = ops_text_arena_alloc(a, len);
    if (p && len)
        memcpy(p, src, len);
    return p;
}

#endif
