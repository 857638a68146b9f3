/* join_order.h — the order of inner joins, chosen by cost (PostgreSQL's standard_join_search
 * in spirit): each tree of inner joins (FROM lists, CROSS / INNER JOIN, the inner parts
 * between outer joins; outer joins keep their place) is flattened into its relations and its
 * condition's conjuncts, and rebuilt as the cheapest tree by dynamic programming over subsets
 * of relations (greedy beyond SS_JOIN_DP_LIMIT), never with a cross product when an order
 * without one exists; each join's right input (the hash join's build side) is the smaller. */
#ifndef SS_PLAN_JOIN_ORDER_H
#define SS_PLAN_JOIN_ORDER_H

#include "plan/estimate.h"
#include "plan/logical.h"

/* relations up to which the search is exhaustive (PostgreSQL's join_collapse_limit is 8) */
#define SS_JOIN_DP_LIMIT 10

/* Whether equality of values of types a and b can be a hash key (same representation, and
 * hashing consistent with PostgreSQL's = for them). */
bool ss_join_hashable_pair(ss_type a, ss_type b);

/* Reorders the inner-join trees of *opp's tree in place.  The tree must be the planner's own
 * (push_down's copies: every operator with children is a copy of the binder's) and its
 * filters already pushed into the joins; est was prepared over it.  Cost (join_order.c):
 * a join with a hashable equality between its sides costs its inputs' rows (build + probe),
 * any other one their product.  The current order stays unless another is cheaper. */
int ss_join_order(ss_ctx *ctx, ss_arena *arena, ss_estimator *est, ss_lop **opp);

#endif
