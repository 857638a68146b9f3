/* sort_order.h — computes the stable permutation that orders materialised rows by a list of
 * sort keys (PostgreSQL semantics, C collation). */
#ifndef SORT_ORDER_H
#define SORT_ORDER_H

#include "sunstone/plugin.h"

#include "common/column_buffer.h"

typedef enum sort_method {
    SORT_METHOD_NONE = 0,   /* fewer than two rows or no keys: input order */
    SORT_METHOD_RADIX,      /* one fixed-width key: its radix sort is the whole ordering */
    SORT_METHOD_RADIX_TIES, /* radix sort of the first key's 64-bit prefix, then a merge sort
                               of each run of equal prefixes by the full key list */
    SORT_METHOD_TOP_N,      /* bounded heap of the LIMIT + OFFSET first rows */
    SORT_METHOD_EXTERNAL    /* sorted runs in temporary files, merged (sort_spill.c) */
} sort_method;

/* Fills order[0..nrows) with row numbers in sorted order; equal rows keep input order.
 * cols are the materialised columns, keys index into them. */
int sort_compute_order(ss_ctx *ctx, const ss_api *api, const ops_column *cols, uint32_t nrows,
                       const ss_sort_key *keys, uint32_t nkeys, uint32_t *order,
                       sort_method *method);

/* Top-N: fills order[0..*n_out) with the first `limit` rows of the same stable order,
 * *n_out = min(limit, nrows), with a bounded heap instead of sorting every row. */
int sort_compute_top(ss_ctx *ctx, const ss_api *api, const ops_column *cols, uint32_t nrows,
                     const ss_sort_key *keys, uint32_t nkeys, uint32_t limit, uint32_t *order,
                     uint32_t *n_out);

/* Order of row ra of columns a and row rb of columns b (vectors of the same layouts) under
 * the keys: -1, 0 (equal keys) or 1. */
int sort_compare_vectors(const ss_sort_key *keys, uint32_t nkeys, ss_vector *const *a, uint32_t ra,
                         ss_vector *const *b, uint32_t rb);

const char *sort_method_name(sort_method method);

#endif
