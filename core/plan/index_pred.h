/* index_pred.h — expression and partial indexes in the planner (index_pred.c): whether a
 * query's expression is an index's key expression, and whether a query's WHERE implies a
 * partial index's predicate (PostgreSQL's predicate_implied_by, for the simple forms). */
#ifndef SS_PLAN_INDEX_PRED_H
#define SS_PLAN_INDEX_PRED_H

#include "index/index.h"

/* Whether the query's logical expression q (over relation rel) is ix's tree ie (over the
 * table's columns as ix knows them): the same nodes, functions, constants and columns. */
bool ss_index_expr_same(const ss_index *ix, const ss_expr *ie, const ss_expr *q, uint32_t rel);
/* Whether the query's conjuncts all[0..n) imply every conjunct of ix's predicate: one of
 * them is the same expression, or a comparison of the same expression with an integer
 * constant that implies it (a > 5 implies a > 0, a = 3 implies a >= 1), or a comparison
 * (which is false or NULL on a NULL) of X when the conjunct is X IS NOT NULL. */
bool ss_index_pred_implied(const ss_index *ix, ss_expr *const *all, uint32_t n, uint32_t rel);
/* Whether query conjunct q is one of ix's predicate's conjuncts (an index scan of ix then
 * needs no filter for it). */
bool ss_index_pred_states(const ss_index *ix, const ss_expr *q, uint32_t rel);

#endif
