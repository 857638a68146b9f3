/* radix_sort.h — stable LSD radix sort of (64-bit key, 32-bit payload) pairs: the O(n) path
 * for orderings that reduce to one order-preserving fixed-width key (see value_order.h). */
#ifndef OPS_RADIX_SORT_H
#define OPS_RADIX_SORT_H

#include <stddef.h>
#include <stdint.h>

#include "common/sort_check.h"

/* Sorts keys[0..n) ascending, moving vals along; equal keys keep their order.  tmp_keys and
 * tmp_vals hold n entries each.  The result is left in keys / vals.  check (may be NULL) is
 * polled before every pass; returns non-zero, keys and vals then in no particular order, when
 * it said stop, else 0. */
int ops_radix_sort_pairs(uint64_t *keys, uint32_t *vals, uint64_t *tmp_keys,
                         uint32_t *tmp_vals, size_t n, const ops_sort_check *check);

#endif
