/* limit_volatile.h — a LIMIT over a projection that calls something volatile moved below it,
 * so that the volatile items are computed only for the rows the limit passes (PostgreSQL's
 * executor pulls rows through the projection one at a time; a batch would compute them for
 * rows the limit then drops). */
#ifndef SS_PLAN_LIMIT_VOLATILE_H
#define SS_PLAN_LIMIT_VOLATILE_H

#include "plan/logical.h"

/* Rewrites *root in place: SORT over a PROJECT with a volatile item its keys do not use
 * becomes the PROJECT over the SORT (the keys computed from the projection's input), so that
 * the volatile items are computed in the sorted order (PostgreSQL's make_sort_input_target);
 * then LIMIT n (no WITH TIES) directly over a PROJECT with a volatile
 * item becomes the PROJECT over the LIMIT of its input (a projection keeps the row count);
 * LIMIT n OFFSET m (constants) stays above it, with a LIMIT n + m below it. */
int ss_limit_below_volatile(ss_ctx *ctx, ss_arena *arena, ss_lop **root);

#endif
