/* index_sort.h — stable merge sort of row indexes under a caller-supplied comparator, for
 * orderings that cannot be reduced to one fixed-width key (several keys, text keys). */
#ifndef OPS_INDEX_SORT_H
#define OPS_INDEX_SORT_H

#include <stddef.h>
#include <stdint.h>

#include "common/sort_check.h"

/* Negative, zero or positive as row a sorts before, with or after row b. */
typedef int (*ops_index_cmp)(const void *arg, uint32_t a, uint32_t b);

/* Sorts idx[0..n) stably (equal rows keep their order); scratch holds n entries. */
void ops_index_sort(uint32_t *idx, uint32_t *scratch, size_t n, ops_index_cmp cmp,
                    const void *arg);
/* The same, polling check every OPS_SORT_CHECK_EVERY comparisons; returns non-zero (idx then
 * holds a permutation in no particular order) when check said stop, else 0. */
int ops_index_sort_checked(uint32_t *idx, uint32_t *scratch, size_t n, ops_index_cmp cmp,
                           const void *arg, const ops_sort_check *check);

#endif
