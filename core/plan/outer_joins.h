/* outer_joins.h — outer joins planned as the narrower joins the conditions above them leave
 * (PostgreSQL's reduce_outer_joins; outer_joins.c). */
#ifndef SS_PLAN_OUTER_JOINS_H
#define SS_PLAN_OUTER_JOINS_H

#include "plan/logical.h"

/* *root becomes a copy of its tree down to every join whose type changes: LEFT to INNER,
 * FULL to LEFT or INNER, where a strict condition above rejects the NULL-extended rows. */
int ss_reduce_outer_joins(ss_ctx *ctx, ss_arena *arena, ss_lop **root);

#endif
