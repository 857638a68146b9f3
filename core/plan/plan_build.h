/* plan_build.h — constructors of physical plan nodes (the typed nodes of sunstone/operator.h;
 * ss_plan, exec/executor.h, is their common header): the only code that knows how each node
 * kind is laid out.  The binder builds plans with them; nodes are allocated in pb->arena and
 * are read-only once the plan is complete (the few adjusters at the end are for the binder
 * while it still builds the plan). */
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

/* Rows of table t: ncols columns at table positions columns[], in that order. */
ss_plan *plan_scan(ss_plan_builder *pb, const ss_table *t, uint32_t ncols, const uint32_t *columns);
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

/* ---- adjusters, only while the binder is still building the plan ---- */

/* A scan produces ncols columns at table positions columns[] instead (scan pruning). */
int plan_scan_set_columns(ss_plan_builder *pb, ss_plan *scan, uint32_t ncols, const uint32_t *columns);
/* Replaces child i of node (its params stay a superset of what the subtree reads). */
void plan_set_child(ss_plan *node, uint32_t i, ss_plan *child);
/* A node that passes its child's schema through (filter, sort, limit) takes it again after
 * the child changed. */
void plan_refresh_output(ss_plan *node);

#endif
