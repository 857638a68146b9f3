/* plan_sublinks.h — the subqueries (EXPR_SUBLINK) in the expressions of one plan node, for
 * EXPLAIN (executor.c). */
#ifndef SS_EXEC_PLAN_SUBLINKS_H
#define SS_EXEC_PLAN_SUBLINKS_H

#include "exec/expr.h"

/* Up to cap of them into out, in the node's expression order; returns how many. */
uint32_t ss_plan_node_sublinks(const ss_plan_node *node, const ss_expr **out, uint32_t cap);

#endif
