/* index_path.h — the planner's choice of an index scan for one table (PostgreSQL's index
 * paths, simplified): which conjuncts of a WHERE an index's leading key columns can answer
 * (equality, IS NULL, IN lists, ranges, with integer widening casts of the column), whether
 * its order gives an ORDER BY (forward or backward), and whether the scan costs less than
 * the sequential scan with a filter (enable_indexscan / enable_seqscan / enable_sort as
 * PostgreSQL: off adds a huge cost, it never forbids). */
#ifndef SS_PLAN_INDEX_PATH_H
#define SS_PLAN_INDEX_PATH_H

#include "index/index.h"
#include "plan/estimate.h"
#include "plan/logical.h"

/* An ORDER BY over the table's columns (the sort the scan could replace). */
typedef struct ss_index_order {
    uint32_t nkeys;
    const uint32_t *cols;         /* table column positions */
    const bool *descending, *nulls_first;
    double limit;                 /* rows the LIMIT above reads (OFFSET included), < 0: all */
    const ss_expr *const *exprs;  /* NULL, or per key an expression over the table (logical,
                                     its relation's columns; cols[i] then UINT32_MAX) that an
                                     expression index's key may give */
} ss_index_order;

typedef struct ss_index_path {
    const ss_index *ix;
    uint32_t neq;
    ss_expr **eq;                 /* neq: the value of key i, NULL = IS NULL (logical exprs) */
    ss_type *eq_types;
    uint32_t nin;
    ss_expr **in;
    ss_expr *lower, *upper;
    bool lower_inclusive, upper_inclusive, backward;
    ss_type bound_type;
    ss_expr *residual;            /* the conjuncts it does not answer, NULL = none */
    const char *cond_text;        /* EXPLAIN's Index Cond, NULL = none */
    double rows;                  /* rows it returns (estimate) */
} ss_index_path;

/* The cheapest index scan of table t (relation rel) for pred (NULL: none) and order (NULL:
 * any order), when it is cheaper than the sequential scan (plus the sort order needs):
 * *found and *out.  Logical expressions; the caller resolves columns. */
int ss_index_path_best(ss_ctx *ctx, ss_arena *arena, ss_estimator *est, const ss_table *t, uint32_t rel,
                       ss_expr *pred, const ss_index_order *order, ss_index_path *out, bool *found);

/* PostgreSQL-style text of a logical expression over t's columns (relation rel), or NULL when it holds a
 * form this printer does not know. */
const char *ss_index_path_deparse(ss_arena *arena, const ss_table *t, uint32_t rel, const ss_expr *e);

#endif
