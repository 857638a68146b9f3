/* ptrmap.c — arena-backed pointer hash map (see ptrmap.h).  Grows at half full; the old
 * tables stay in the arena until it dies, which at most doubles the memory used. */
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

static int grow(ss_ptrmap *m)
{
    uint32_t cap = m->cap ? m->cap * 2 : 64;
    if (cap == 0)
        return -1;
    const void **keys = ss_arena_alloc(m->arena, sizeof *keys * cap);
    void **vals = ss_arena_alloc(m->arena, sizeof *vals * cap);
    if (!keys || !vals)
        return -1;
    for (uint32_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        uint32_t s = slot_of(m->keys[i], cap - 1);
        while (keys[s])
            s = (s + 1) & (cap - 1);
        keys[s] = m->keys[i];
        vals[s] = m->vals[i];
    }
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
    return 0;
}

int ss_ptrmap_put(ss_ptrmap *m, const void *key, void *val)
{
    if ((m->n + 1) * 2 > m->cap && grow(m) != 0)
        return -1;
    uint32_t s = slot_of(key, m->cap - 1);
    while (m->keys[s] && m->keys[s] != key)
        s = (s + 1) & (m->cap - 1);
    if (!m->keys[s]) {
        m->keys[s] = key;
        m->n++;
    }
    m->vals[s] = val;
    return 0;
}

bool ss_ptrmap_get(const ss_ptrmap *m, const void *key, void **val)
{
    if (m->n == 0)
        return false;
    uint32_t s = slot_of(key, m->cap - 1);
    while (m->keys[s]) {
        if (m->keys[s] == key) {
            if (val)
                *val = m->vals[s];
            return true;
        }
        s = (s + 1) & (m->cap - 1);
    }
    return false;
}
