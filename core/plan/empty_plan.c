/* empty_plan.c — PostgreSQL's dummy relations, on the physical plan: a subtree that yields
 * no rows whatever the data (a WHERE folded to FALSE or NULL, an empty VALUES) makes the
 * inner join above it yield none too, and PostgreSQL then plans that join as a Result that
 * never runs either side.  The planner uses this to replace both sides of such a join with
 * empty VALUES, so that the other side's expressions are never evaluated (and raise no
 * error PostgreSQL would not raise). */
#include "plan/empty_plan.h"

#include "exec/expr.h"

static bool const_false(const ss_expr *e)
{
    return e && e->kind == EXPR_CONST && (e->u.cnst.is_null || !e->u.cnst.v.b);
}

bool ss_join_yields_nothing(int32_t join_type, bool left_empty, bool right_empty)
{
    switch (join_type) {
    case SS_JOIN_INNER:
    case SS_JOIN_SEMI:
        return left_empty || right_empty;
    case SS_JOIN_LEFT:
    case SS_JOIN_ANTI:
        return left_empty;
    case SS_JOIN_FULL:
        return left_empty && right_empty;
    default:
        return false;
    }
}

static bool child_empty(const ss_plan *node, uint32_t i)
{
    return node->nchildren > i && ss_plan_yields_nothing(node->children[i]);
}

bool ss_plan_yields_nothing(const ss_plan *node)
{
    switch (node->kind) {
    case SS_NODE_VALUES: {
        const ss_values_node *v = SS_PLAN_NODE_AS(node, SS_NODE_VALUES, ss_values_node);
        return v && v->nrows == 0;
    }
    case SS_NODE_FILTER: {
        const ss_filter_node *f = SS_PLAN_NODE_AS(node, SS_NODE_FILTER, ss_filter_node);
        return (f && (const_false(f->predicate) || const_false(f->one_time))) || child_empty(node, 0);
    }
    case SS_NODE_PROJECT:
    case SS_NODE_SORT:
    case SS_NODE_LIMIT:
    case SS_NODE_UNIQUE:
    case SS_NODE_WINDOW:
        return child_empty(node, 0);
    case SS_NODE_AGGREGATE: { /* without GROUP BY, one row even over no input */
        const ss_aggregate_node *a = SS_PLAN_NODE_AS(node, SS_NODE_AGGREGATE, ss_aggregate_node);
        return a && a->ngroups > 0 && child_empty(node, 0);
    }
    case SS_NODE_HASH_JOIN: {
        const ss_hash_join_node *j = SS_PLAN_NODE_AS(node, SS_NODE_HASH_JOIN, ss_hash_join_node);
        return j && ss_join_yields_nothing(j->join_type, child_empty(node, 0), child_empty(node, 1));
    }
    case SS_NODE_NESTED_LOOP: {
        const ss_nested_loop_node *j = SS_PLAN_NODE_AS(node, SS_NODE_NESTED_LOOP, ss_nested_loop_node);
        return j && ss_join_yields_nothing(j->join_type, child_empty(node, 0), child_empty(node, 1));
    }
    case SS_NODE_NESTED_LOOP_PARAM: {
        const ss_nested_loop_param_node *j =
            SS_PLAN_NODE_AS(node, SS_NODE_NESTED_LOOP_PARAM, ss_nested_loop_param_node);
        return j && ss_join_yields_nothing(j->join_type, child_empty(node, 0), child_empty(node, 1));
    }
    case SS_NODE_APPEND:
        for (uint32_t i = 0; i < node->nchildren; i++)
            if (!child_empty(node, i))
                return false;
        return true;
    case SS_NODE_SETOP: {
        const ss_setop_node *s = SS_PLAN_NODE_AS(node, SS_NODE_SETOP, ss_setop_node);
        if (!s)
            return false;
        return s->op == SS_SETOP_INTERSECT ? child_empty(node, 0) || child_empty(node, 1) : child_empty(node, 0);
    }
    default:
        return false;
    }
}
