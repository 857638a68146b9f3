/* ptrmap.c — arena-backed pointer hash map (see ptrmap.h): one array of key/value slots, so
 * that a probe reads one cache line.  Grows at half full; the old tables stay in the arena
 * until it dies, which at most doubles the memory used. */
#include "util/ptrmap.h"

#include <string.h>

void ss_ptrmap_init(ss_ptrmap *m, ss_arena *arena)
{
    memset(m, 0, sizeof *m);
    m->arena = arena;
}

static uint32_t slot_of(const void *key, uint32_t mask)
{
    uint64_t h = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 32) & mask;
}

/* The first table: a statement's walks mostly see a few dozen nodes, and every table is
   zeroed when it is allocated. */
#define FIRST_CAP 16

static int grow(ss_ptrmap *m)
{
    uint32_t cap = m->cap ? m->cap * 2 : FIRST_CAP;
    if (cap == 0)
        return -1;
    ss_ptrmap_slot *slots = ss_arena_alloc(m->arena, sizeof *slots * cap);
    if (!slots)
        return -1;
    for (uint32_t i = 0; i < m->cap; i++) {
        if (!m->slots[i].key)
            continue;
        uint32_t s = slot_of(m->slots[i].key, cap - 1);
        while (slots[s].key)
            s = (s + 1) & (cap - 1);
        slots[s] = m->slots[i];
    }
    m->slots = slots;
    m->cap = cap;
    return 0;
}

int ss_ptrmap_put(ss_ptrmap *m, const void *key, void *val)
{
    if ((m->n + 1) * 2 > m->cap && grow(m) != 0)
        return -1;
    uint32_t s = slot_of(key, m->cap - 1);
    while (m->slots[s].key && m->slots[s].key != key)
        s = (s + 1) & (m->cap - 1);
    if (!m->slots[s].key) {
        m->slots[s].key = key;
        m->n++;
    }
    m->slots[s].val = val;
    return 0;
}

bool ss_ptrmap_get(const ss_ptrmap *m, const void *key, void **val)
{
    if (m->n == 0)
        return false;
    uint32_t s = slot_of(key, m->cap - 1);
    while (m->slots[s].key) {
        if (m->slots[s].key == key) {
            if (val)
                *val = m->slots[s].val;
            return true;
        }
        s = (s + 1) & (m->cap - 1);
    }
    return false;
}
