/* estimate.h — cardinality estimates on the logical plan (logical.h): the rows each operator
 * is expected to produce, from the backend's row counts and, where there are no statistics
 * (Sunstone keeps none), PostgreSQL's default selectivities (its selfuncs header) combined the
 * way its clauselist_selectivity does.  The planner puts them in each physical node's
 * estimated_rows; the join search (join_order.h) costs its orders with them. */
#ifndef SS_PLAN_ESTIMATE_H
#define SS_PLAN_ESTIMATE_H

#include "plan/logical.h"
#include "util/ptrmap.h"

/* PostgreSQL 15's defaults (DEFAULT_EQ_SEL and the others of its selfuncs header) */
#define SS_DEFAULT_EQ_SEL 0.005
#define SS_DEFAULT_INEQ_SEL (1.0 / 3.0)
#define SS_DEFAULT_RANGE_INEQ_SEL 0.005
#define SS_DEFAULT_MATCH_SEL 0.005
#define SS_DEFAULT_NUM_DISTINCT 200.0
#define SS_DEFAULT_UNK_SEL 0.005
#define SS_DEFAULT_NOT_UNK_SEL (1.0 - SS_DEFAULT_UNK_SEL)
/* rows assumed for a relation whose backend keeps no count (only to compare join orders) */
#define SS_DEFAULT_REL_ROWS 1000.0

typedef struct ss_estimator {
    ss_ctx *ctx;
    ss_arena *arena;
    uint32_t nrels;
    const ss_lop **rel_op; /* binding id -> the operator that makes its columns */
    ss_ptrmap memo;        /* operator -> its estimate (double in arena) */
} ss_estimator;

/* Prepares estimates over root's tree (the relations it makes, binding ids up to nrels).
 * SS_ERROR: 53200 on ctx. */
int ss_est_init(ss_estimator *e, ss_ctx *ctx, ss_arena *arena, const ss_lop *root, uint32_t nrels);
/* Rows op is expected to produce (PostgreSQL's clamp_row_est: whole, at least 1 unless the
 * answer is certainly empty); < 0 when a relation below has no row count. */
double ss_est_rows(ss_estimator *e, const ss_lop *op);
/* The fraction of rows for which predicate pred (a bound boolean expression over bindings)
 * is true, in [0, 1]. */
double ss_est_selectivity(ss_estimator *e, const ss_expr *pred);
/* PostgreSQL's clamp_row_est (0 stays 0). */
double ss_est_clamp(double rows);

#endif
