/* plan_sublinks.c — the subqueries in a plan node's own expressions (plan_sublinks.h), found
 * through the node kinds' expression fields; EXPLAIN lists them under the node. */
#include "exec/plan_sublinks.h"

#include "exec/expr_walk.h"

typedef struct finder {
    const ss_expr **out;
    uint32_t n, cap;
} finder;

static void find_in(finder *f, const ss_expr *e)
{
    if (!e)
        return;
    if (e->kind == EXPR_SUBLINK && f->n < f->cap)
        f->out[f->n++] = e;
    for (uint32_t i = 0, n = ss_expr_nchildren(e); i < n; i++)
        find_in(f, ss_expr_child_const(e, i));
}

static void find_all(finder *f, const ss_expr *const *v, uint32_t n)
{
    for (uint32_t i = 0; v && i < n; i++)
        find_in(f, v[i]);
}

uint32_t ss_plan_node_sublinks(const ss_plan_node *node, const ss_expr **out, uint32_t cap)
{
    finder f = {out, 0, cap};
    const ss_filter_node *filter = SS_PLAN_NODE_AS(node, SS_NODE_FILTER, ss_filter_node);
    const ss_project_node *project = SS_PLAN_NODE_AS(node, SS_NODE_PROJECT, ss_project_node);
    const ss_aggregate_node *agg = SS_PLAN_NODE_AS(node, SS_NODE_AGGREGATE, ss_aggregate_node);
    const ss_values_node *values = SS_PLAN_NODE_AS(node, SS_NODE_VALUES, ss_values_node);
    const ss_limit_node *limit = SS_PLAN_NODE_AS(node, SS_NODE_LIMIT, ss_limit_node);
    const ss_hash_join_node *hj = SS_PLAN_NODE_AS(node, SS_NODE_HASH_JOIN, ss_hash_join_node);
    const ss_nested_loop_node *nl = SS_PLAN_NODE_AS(node, SS_NODE_NESTED_LOOP, ss_nested_loop_node);
    if (filter) {
        find_in(&f, filter->one_time);
        find_in(&f, filter->predicate);
    }
    if (project)
        find_all(&f, project->exprs, project->nexprs);
    if (agg) {
        find_all(&f, agg->groups, agg->ngroups);
        for (uint32_t i = 0; i < agg->naggs; i++)
            find_in(&f, agg->aggs[i].arg);
    }
    if (values)
        find_all(&f, values->exprs, values->nrows * node->ncols);
    if (limit) {
        find_in(&f, limit->limit);
        find_in(&f, limit->offset);
    }
    if (hj) {
        find_all(&f, hj->left_keys, hj->nkeys);
        find_all(&f, hj->right_keys, hj->nkeys);
        find_in(&f, hj->residual);
    }
    if (nl)
        find_in(&f, nl->condition);
    const ss_index_scan_node *is = SS_PLAN_NODE_AS(node, SS_NODE_INDEX_SCAN, ss_index_scan_node);
    if (is)
        find_in(&f, is->filter);
    return f.n;
}
