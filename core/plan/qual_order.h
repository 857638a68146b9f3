/* qual_order.h — PostgreSQL's order_qual_clauses: the planner evaluates a WHERE or HAVING
 * conjunct list cheapest first (cost_qual_eval's estimate, a stable sort), each conjunct only
 * on the rows the earlier ones passed, so which rows reach a conjunct that can fail (and
 * which error is raised) is PostgreSQL's.  When no conjunct can fail, the written order
 * stays. */
#ifndef SS_PLAN_QUAL_ORDER_H
#define SS_PLAN_QUAL_ORDER_H

#include "exec/expr.h"

/* pred itself, or a new AND node over its flattened conjuncts in evaluation order (pred is
 * not changed); NULL with 53200 on ctx when out of memory. */
ss_expr *ss_order_quals(ss_ctx *ctx, ss_arena *arena, ss_expr *pred);

#endif
