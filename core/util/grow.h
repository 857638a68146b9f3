/* grow.h — growing a malloc'd array by doubling: the one helper for "make room for need
 * elements" so callers do not each write the realloc dance. */
#ifndef SS_UTIL_GROW_H
#define SS_UTIL_GROW_H

#include <stdbool.h>
#include <stdlib.h>

/* Makes *items (of elem-byte elements, *cap allocated) hold at least need elements,
 * doubling from first; false when out of memory (*items and *cap unchanged). */
static inline bool ss_grow(void **items, size_t *cap, size_t need, size_t elem, size_t first)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : first;
    while (n < need)
        n *= 2;
    void *p = realloc(*items, n * elem);
    if (!p)
        return false;
    *items = p;
    *cap = n;
    return true;
}

#endif
