/* arena.c — bump allocator: a chain of blocks, freed all at once. */
#include "util/arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_BLOCK 16384

typedef struct block {
    struct block *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
} block;

struct ss_arena {
    block *head;
};

ss_arena *ss_arena_create(void)
{
    return calloc(1, sizeof(ss_arena));
}

static void free_chain(block *b, block *keep)
{
    while (b && b != keep) {
        block *n = b->next;
        free(b);
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

void *ss_arena_alloc(ss_arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (n == 0)
        n = 16;
    block *b = a->head;
    if (!b || b->size - b->used < n) {
        size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
        block *nb = malloc(sizeof(block) + size);
        if (!nb)
            return NULL;
        nb->size = size;
        nb->used = 0;
        nb->next = b;
        a->head = nb;
        b = nb;
    }
    void *p = b->data + b->used;
    b->used += n;
    memset(p, 0, n);
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
