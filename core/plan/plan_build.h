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
/* Sets the hints of a scan just built (ss_scan_node.hints: referenced, in pb->arena); the
 * parameters their values read join the scan's params. */
int plan_scan_hints(ss_plan_builder *pb, ss_plan *scan, uint32_t n, const ss_scan_node_hint *hints);
/* nrows constant rows of ncols columns (exprs row-major, nrows * ncols); names may be NULL. */
ss_plan *plan_values(ss_plan_builder *pb, uint32_t ncols, const ss_type *types, const char *const *names,
                     uint32_t nrows, const ss_expr *const *exprs);
/* child's rows where pred is true; child's schema. */
/* The rows of name(args) in FROM (generate_series), WITH ORDINALITY's bigint last. */
ss_plan *plan_function_scan(ss_plan_builder *pb, const char *name, uint32_t nargs, const ss_expr *const *args,
                           bool ordinality, uint32_t ncols, const ss_type *types, const char *const *names);
ss_plan *plan_filter(ss_plan_builder *pb, ss_plan *child, const ss_expr *pred);
/* A filter of pred whose one-time condition (NULL: none) is checked before child is read. */
ss_plan *plan_gated_filter(ss_plan_builder *pb, ss_plan *child, const ss_expr *pred, const ss_expr *one_time);
/* one column per expression over child's output. */
ss_plan *plan_project(ss_plan_builder *pb, ss_plan *child, uint32_t n, const ss_expr *const *exprs,
                      const char *const *names);
/* groups then aggregate results, one row per group (DISTINCT is groups without aggregates);
 * names may be NULL ("?column?"). */
ss_plan *plan_aggregate(ss_plan_builder *pb, ss_plan *child, uint32_t ngroups, const ss_expr *const *groups,
                        uint32_t naggs, const ss_agg_call *aggs, const char *const *names);
/* The same with the calls' FILTER, ORDER BY and extra arguments (NULL, or naggs entries). */
ss_plan *plan_aggregate_ex(ss_plan_builder *pb, ss_plan *child, uint32_t ngroups, const ss_expr *const *groups,
                           uint32_t naggs, const ss_agg_call *aggs, const ss_agg_extra *const *extras,
                           const char *const *names);
/* child's rows ordered by keys (positions in child's output); child's schema. */
ss_plan *plan_sort(ss_plan_builder *pb, ss_plan *child, uint32_t nkeys, const ss_sort_key *keys);
/* A window node over child (sorted by spec's partition and order columns) with spec's
 * fields; output: child's columns then one per call. */
ss_plan *plan_window(ss_plan_builder *pb, ss_plan *child, const ss_window_node *spec);
/* Of each run of child rows with equal key columns (NULLs equal), the first (DISTINCT ON). */
ss_plan *plan_unique(ss_plan_builder *pb, ss_plan *child, uint32_t nkeys, const uint32_t *keys);
/* OFFSET then LIMIT of child's rows; the bigint expressions (NULL = none) are kept in the node
 * and evaluated by the limit operator at each execution (they may hold parameters).  child's
 * schema. */
ss_plan *plan_limit(ss_plan_builder *pb, ss_plan *child, const ss_expr *limit, const ss_expr *offset);
/* The same, WITH TIES on columns ties[0..nties) of child (nties 0: ONLY). */
ss_plan *plan_limit_ties(ss_plan_builder *pb, ss_plan *child, const ss_expr *limit, const ss_expr *offset,
                         uint32_t nties, const uint32_t *ties);
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
/* A nested loop that runs right again for each left row (LATERAL): setters (over left's
 * output) assign the parameters `assigned` right reads; type INNER or LEFT. */
ss_plan *plan_nested_loop_param(ss_plan_builder *pb, ss_join_type type, ss_plan *left, ss_plan *right,
                                const ss_expr *cond, uint32_t nsetters, const ss_expr *const *setters,
                                ss_param_set assigned);

/* A scan of WITH query cte_id (named name) of these columns; cte: the query's plan for the
 * reference that runs it, NULL for the others (sunstone/operator.h). */
ss_plan *plan_cte_scan(ss_plan_builder *pb, uint32_t cte_id, const char *name, ss_plan *cte, uint32_t ncols,
                       const ss_type *types, const char *const *names);
/* Turns a CTE scan built with its query's plan into one that reads what another computes
 * (the planner, before the plan is finished). */
void plan_cte_scan_detach(ss_plan *cte_scan);
/* WITH RECURSIVE: nonrec, then rec over worktable worktable_id until a round adds no rows. */
ss_plan *plan_recursive_union(ss_plan_builder *pb, uint32_t worktable_id, const char *name, bool all,
                              ss_plan *nonrec, ss_plan *rec, const char *const *names);
ss_plan *plan_worktable_scan(ss_plan_builder *pb, uint32_t worktable_id, const char *name, uint32_t ncols,
                             const ss_type *types, const char *const *names);
/* The rows of tmpl->table found through an index (every field of the node but the header
 * comes from tmpl; its output: tmpl->columns of the table), about `rows` of them. */
ss_plan *plan_index_scan(ss_plan_builder *pb, const ss_index_scan_node *tmpl, double rows);

#endif
