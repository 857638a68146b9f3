/* ptrmap.h — hash map from pointers to pointers in an arena (open addressing, linear
 * probing): the binder's "have I seen this node" sets and node → annotation lookups, in
 * constant time however many nodes a statement has. */
#ifndef SS_UTIL_PTRMAP_H
#define SS_UTIL_PTRMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "util/arena.h"

typedef struct ss_ptrmap_slot {
    const void *key;   /* NULL = empty slot */
    void *val;
} ss_ptrmap_slot;

typedef struct ss_ptrmap {
    ss_arena *arena;
    ss_ptrmap_slot *slots;
    uint32_t cap;      /* 0 or a power of two */
    uint32_t n;
} ss_ptrmap;

void ss_ptrmap_init(ss_ptrmap *m, ss_arena *arena);
/* Sets key's value (key must not be NULL).  -1 when the arena is out of memory. */
int ss_ptrmap_put(ss_ptrmap *m, const void *key, void *val);
/* Whether key is present; *val (may be NULL) gets its value. */
bool ss_ptrmap_get(const ss_ptrmap *m, const void *key, void **val);

#endif
