/* arena.c — bump allocator: a chain of blocks, freed all at once.  Standard-size blocks are
 * kept in a small process-wide pool (util/slot_pool.h) when an arena dies: a statement makes
 * a few arenas, and a fresh 16 kB malloc (past the thread cache, consolidating the fast
 * bins) cost about 1k instructions each, some 6% of a 200-row point lookup. */
#include "util/arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/slot_pool.h"

#define ARENA_BLOCK 16384
/* Blocks kept by the pool at most (POOL_SLOTS * 16 kB). */
#define POOL_SLOTS 8

typedef struct block {
    struct block *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
} block;

struct ss_arena {
    block *head;
};

static ss_slot pool[POOL_SLOTS];

static block *block_new(size_t size)
{
    block *b = size == ARENA_BLOCK ? ss_slot_pool_take(pool, POOL_SLOTS) : NULL;
    if (b)
        ss_slot_pool_unpoison(b->data, ARENA_BLOCK);
    else
        b = malloc(sizeof(block) + size);
    if (b)
        b->size = size;
    return b;
}

static void block_free(block *b)
{
    if (b->size == ARENA_BLOCK) {
        ss_slot_pool_poison(b->data, ARENA_BLOCK);
        if (ss_slot_pool_give(pool, POOL_SLOTS, b))
            return;
        ss_slot_pool_unpoison(b->data, ARENA_BLOCK);
    }
    free(b);
}

/* Frees the pooled blocks when the library is unloaded. */
__attribute__((destructor)) static void pool_drain(void)
{
    block *b;
    while ((b = ss_slot_pool_take(pool, POOL_SLOTS)))
        free(b);
}

ss_arena *ss_arena_create(void)
{
    return calloc(1, sizeof(ss_arena));
}

static void free_chain(block *b, block *keep)
{
    while (b && b != keep) {
        block *n = b->next;
        block_free(b);
        b = n;
    }
}

void ss_arena_destroy(ss_arena *a)
{
    if (!a)
        return;
    free_chain(a->head, NULL);
    free(a);
}

void ss_arena_reset(ss_arena *a)
{
    block *last = a->head;
    if (!last)
        return;
    while (last->next)
        last = last->next;
    free_chain(a->head, last);
    a->head = last;
    last->used = 0;
}

/* A new block at the head of the chain with room for n bytes (rounded); NULL on failure. */
static __attribute__((noinline)) block *arena_grow(ss_arena *a, size_t n)
{
    size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
    block *nb = block_new(size);
    if (!nb)
        return NULL;
    nb->used = 0;
    nb->next = a->head;
    a->head = nb;
    return nb;
}

/* Allocations up to this size are zeroed with inline 16-byte stores: most are small nodes,
   for which the call into memset cost as much as the allocation itself. */
#define INLINE_ZERO 128

void *ss_arena_alloc(ss_arena *a, size_t n)
{
    if (n > SIZE_MAX - sizeof(block) - 15)
        return NULL;
    n = n ? (n + 15) & ~(size_t)15 : 16;
    block *b = a->head;
    if (!b || b->size - b->used < n) {
        b = arena_grow(a, n);
        if (!b)
            return NULL;
    }
    unsigned char *p = b->data + b->used;
    b->used += n;
    if (n <= INLINE_ZERO) {
        for (size_t i = 0; i < n; i += 16)
            memset(p + i, 0, 16);
    } else {
        memset(p, 0, n);
    }
    return p;
}

char *ss_arena_strndup(ss_arena *a, const char *s, size_t n)
{
    char *p = ss_arena_alloc(a, n + 1);
    if (p)
        memcpy(p, s, n);
    return p;
}

char *ss_arena_strdup(ss_arena *a, const char *s)
{
    return ss_arena_strndup(a, s, strlen(s));
}

char *ss_arena_printf(ss_arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *p = ss_arena_alloc(a, (size_t)n + 1);
    if (!p)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}
