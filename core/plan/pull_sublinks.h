/* pull_sublinks.h — decorrelation of subqueries in WHERE (PostgreSQL's pull_up_sublinks):
 * a conjunct EXISTS (correlated subquery), NOT EXISTS (...) or x IN / op ANY (uncorrelated
 * subquery) of a filter or of an inner join's ON becomes a SEMI or ANTI join of the filter's input with the
 * subquery's FROM (its WHERE, or the IN's comparison, as the join condition), which the
 * planner then plans as a hash join on the equalities.  NOT IN stays a subquery: its NULL
 * semantics are not an anti join's. */
#ifndef SS_PLAN_PULL_SUBLINKS_H
#define SS_PLAN_PULL_SUBLINKS_H

#include "plan/logical.h"

/* *root becomes a rewritten copy of the path down to each filter it changes (the logical
 * plan the binder built is left as it was). */
int ss_pull_sublinks(ss_ctx *ctx, ss_arena *arena, ss_lop **root);

#endif
