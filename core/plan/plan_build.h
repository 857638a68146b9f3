/* plan_build.h — constructors of physical plan nodes (the typed nodes of sunstone/operator.h;
 * ss_plan, exec/executor.h, is their common header): the only code that knows how each node
 * kind is laid out.  The planner (planner.c) builds plans with them, children first; nodes
 * are allocated in pb->arena and are read-only once built. */
#ifndef SS_PLAN_PLAN_BUILD_H
#define SS_PLAN_PLAN_BUILD_H

#include "exec/executor.h"

typedef struct ss_plan_builder {
    ss_ctx *ctx;        /* where out-of-memory errors go */
    ss_arena *arena;    /* the plan's memory (the statement's bind arena) */
} ss_plan_builder;

/* Every constructor returns NULL with 53200 recorded on pb->ctx when out of memory.  Arrays
 * passed in are referenced, not copied: they must live in pb->arena (or longer).  Each node's
 * params (the $n its subtree reads) are collected from its expressions and its children. */

/* Estimates (estimated_rows): a scan's is given (< 0 unknown), VALUES' is its row count,
 * project and sort keep their child's, append sums its children's, the others' are unknown
 * (-1) until the planner sets its own (plan_set_estimate, from plan/estimate.h). */

/* Sets the estimate of a node just built (before any other node reads it). */
void plan_set_estimate(ss_plan *node, double rows);

/* Rows of table t (about `rows` of them): ncols columns at table positions columns[], in that
 * order. */
ss_plan *plan_scan(ss_plan_builder *pb, const ss_table *t, uint32_t ncols, const uint32_t *columns, double rows);
/* nrows constant rows of ncols columns (exprs row-major, nrows * ncols); names may be NULL. */
ss_plan *plan_values(ss_plan_builder *pb, uint32_t ncols, const ss_type *types, const char *const *names,
                     uint32_t nrows, const ss_expr *const *exprs);
/* child's rows where pred is true; child's schema. */
ss_plan *plan_filter(ss_plan_builder *pb, ss_plan *child, const ss_expr *pred);
/* one column per expression over child's output. */
ss_plan *plan_project(ss_plan_builder *pb, ss_plan *child, uint32_t n, const ss_expr *const *exprs,
                      const char *const *names);
/* groups then aggregate results, one row per group (DISTINCT is groups without aggregates);
 * names may be NULL ("?column?"). */
ss_plan *plan_aggregate(ss_plan_builder *pb, ss_plan *child, uint32_t ngroups, const ss_expr *const *groups,
                        uint32_t naggs, const ss_agg_call *aggs, const char *const *names);
/* child's rows ordered by keys (positions in child's output); child's schema. */
ss_plan *plan_sort(ss_plan_builder *pb, ss_plan *child, uint32_t nkeys, const ss_sort_key *keys);
/* OFFSET then LIMIT of child's rows; the bigint expressions (NULL = none) are kept in the node
 * and evaluated by the limit operator at each execution (they may hold parameters).  child's
 * schema. */
ss_plan *plan_limit(ss_plan_builder *pb, ss_plan *child, const ss_expr *limit, const ss_expr *offset);
/* the rows of children[0..n) one after the other (n >= 1, all of the first one's types);
 * names may be NULL.  Its estimate is the sum of theirs (unknown if one is). */
ss_plan *plan_append(ss_plan_builder *pb, uint32_t n, ss_plan *const *children, const char *const *names);
/* left INTERSECT / EXCEPT [ALL] right (both of left's types); names may be NULL. */
ss_plan *plan_setop(ss_plan_builder *pb, ss_plan *left, ss_plan *right, ss_setop_kind op, bool all,
                    const char *const *names);
/* Joins of left and right (output: left's columns, then right's).  A hash join matches pairs
 * with left_keys[i] = right_keys[i] (over left's and right's outputs) and then residual
 * (over the joined row, may be NULL); a nested loop matches pairs where cond (over the joined
 * row, NULL = every pair) is true.  Estimates unknown. */
ss_plan *plan_hash_join(ss_plan_builder *pb, ss_join_type type, ss_plan *left, ss_plan *right, uint32_t nkeys,
                        const ss_expr *const *left_keys, const ss_expr *const *right_keys, const ss_expr *residual);
ss_plan *plan_nested_loop(ss_plan_builder *pb, ss_join_type type, ss_plan *left, ss_plan *right,
                          const ss_expr *cond);

#endif
