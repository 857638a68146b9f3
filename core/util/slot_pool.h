/* slot_pool.h — a bounded cache of reusable objects shared by every thread: a fixed array of
 * atomic slots, each empty or holding one object.  Taking and giving back are lock-free
 * exchanges, so statements on different threads may share a pool; what does not fit when
 * the slots are full is the caller's to free, which bounds the memory a pool keeps.  Users:
 * the evaluator's scratch vectors (exec/expr_eval_rows.c) and arena blocks (util/arena.c). */
#ifndef SS_UTIL_SLOT_POOL_H
#define SS_UTIL_SLOT_POOL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

typedef _Atomic(void *) ss_slot;

/* An object from one of the n slots, or NULL when all are empty. */
void *ss_slot_pool_take(ss_slot *slots, unsigned n);
/* Puts p in an empty slot; false when every slot is full (p is then still the caller's). */
bool ss_slot_pool_give(ss_slot *slots, unsigned n, void *p);

/* Under AddressSanitizer the bytes of an object are poisoned while it sits in a pool, so a
   use after it was given back is still reported; no-ops otherwise. */
static inline void ss_slot_pool_poison(void *p, size_t n)
{
#if defined(__SANITIZE_ADDRESS__)
    ASAN_POISON_MEMORY_REGION(p, n);
#else
    (void)p;
    (void)n;
#endif
}

static inline void ss_slot_pool_unpoison(void *p, size_t n)
{
#if defined(__SANITIZE_ADDRESS__)
    ASAN_UNPOISON_MEMORY_REGION(p, n);
#else
    (void)p;
    (void)n;
#endif
}

#endif
