/* prune.h — which columns of each relation of a logical plan (logical.h) some operator above
 * it reads: a scan reads only those of its table, and a projection (a subquery in FROM, the
 * select list below a sort) computes only those of its items, so that what a subquery's
 * unused items read is not read either.  Everything the root, DISTINCT's input and the inputs
 * of UNION, INTERSECT and EXCEPT produce is read; the inputs of UNION ALL and a WITH query
 * computed once (under all its CTE scans) compute the columns read above them. */
#ifndef SS_PLAN_PRUNE_H
#define SS_PLAN_PRUNE_H

#include "plan/logical.h"

/* Sets (*need)[rel][col] (an array of nrels + 1 flag arrays in arena, NULL for the ids no
 * GET, VALUES, PROJECT, AGGREGATE, SETOP or CTE_SCAN of root's tree makes) for every column
 * read.  SS_ERROR: 53200 on ctx. */
int ss_prune_columns(ss_ctx *ctx, ss_arena *arena, ss_lop *root, uint32_t nrels, bool ***need);
/* Whether op's output is its relation's columns with flags in need (an input of UNION ALL or a
 * WITH query then computes just the flagged ones); false: all of its columns. */
bool ss_prune_narrowable(bool *const *need, uint32_t nrels, const ss_lop *op);

/* How many column references of the expressions of a tree read each binding (one per
 * reference in each of its operators' expressions): a join's output column whose reads all lie
 * within the join's own tree is read by nothing above it. */
typedef struct ss_read_counts {
    uint32_t nrels;
    uint32_t **count; /* [rel][col], NULL for ids no operator of the tree makes */
    uint32_t *ncols;
} ss_read_counts;

/* Zero counts for the relations of root's tree. */
int ss_read_counts_init(ss_ctx *ctx, ss_arena *arena, const ss_lop *root, uint32_t nrels, ss_read_counts *rc);
/* Adds the reads of op's tree (op and every operator below it). */
int ss_read_counts_add(ss_ctx *ctx, ss_arena *arena, ss_lop *op, ss_read_counts *rc);
/* The count of (rel, col) (0 when unknown). */
uint32_t ss_read_count(const ss_read_counts *rc, uint32_t rel, uint32_t col);

#endif
