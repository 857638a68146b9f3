/* unnest.h — unnest(array [, array ...]) for the function_scan module: the items of each
 * array as a column, row by row (unnest.c), the arrays read through ss_type_info.array. */
#ifndef OPS_FUNCTION_SCAN_UNNEST_H
#define OPS_FUNCTION_SCAN_UNNEST_H

#include "sunstone/plugin.h"

#include "common/owned_batch.h"

typedef struct unnest_state unnest_state;

/* Checks the node (its arrays' element types are its columns, WITH ORDINALITY's bigint
 * last) and makes the state. */
int unnest_open(ss_ctx *ctx, const ss_api *api, const ss_function_scan_node *node, unnest_state **out);
/* Evaluates the arrays (again after a rescan). */
int unnest_start(ss_ctx *ctx, unnest_state *st);
/* Writes up to SS_BATCH_CAPACITY next rows into out's vectors (reset by the caller) from
 * ordinal *ordinal on: their number, 0 at the end. */
int unnest_fill(ss_ctx *ctx, unnest_state *st, ops_owned_batch *out, uint32_t *n);
void unnest_close(unnest_state *st);

#endif
