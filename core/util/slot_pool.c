/* slot_pool.c — lock-free take and give of slot_pool.h. */
#include "util/slot_pool.h"

#include <stddef.h>

void *ss_slot_pool_take(ss_slot *slots, unsigned n)
{
    for (unsigned k = 0; k < n; k++)
        if (atomic_load_explicit(&slots[k], memory_order_relaxed)) {
            void *p = atomic_exchange_explicit(&slots[k], NULL, memory_order_acquire);
            if (p)
                return p;
        }
    return NULL;
}

bool ss_slot_pool_give(ss_slot *slots, unsigned n, void *p)
{
    for (unsigned k = 0; k < n; k++) {
        void *empty = NULL;
        if (!atomic_load_explicit(&slots[k], memory_order_relaxed) &&
            atomic_compare_exchange_strong_explicit(&slots[k], &empty, p, memory_order_release,
                                                    memory_order_relaxed))
            return true;
    }
    return false;
}
