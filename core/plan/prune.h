/* prune.h — which columns of each relation of a logical plan (logical.h) some operator above
 * it reads: a scan reads only those of its table, and a projection (a subquery in FROM, the
 * select list below a sort) computes only those of its items, so that what a subquery's
 * unused items read is not read either.  Everything the root, a set operation's inputs and
 * DISTINCT's input produce is read. */
#ifndef SS_PLAN_PRUNE_H
#define SS_PLAN_PRUNE_H

#include "plan/logical.h"

/* Sets (*need)[rel][col] (an array of nrels + 1 flag arrays in arena, NULL for the ids no
 * GET, VALUES, PROJECT, AGGREGATE or SETOP of root's tree makes) for every column read.
 * SS_ERROR: 53200 on ctx. */
int ss_prune_columns(ss_ctx *ctx, ss_arena *arena, ss_lop *root, uint32_t nrels, bool ***need);

#endif
