/* expr_eval_subplan.h — run-time side of subqueries in expressions (expr_eval_subplan.c):
 * their evaluation, the exec parameters they set, and the life of their operator trees,
 * which belong to the statement's tree (the executor closes them with it). */
#ifndef SS_EXEC_EXPR_EVAL_SUBPLAN_H
#define SS_EXEC_EXPR_EVAL_SUBPLAN_H

#include "exec/expr.h"

/* EXPR_SUBLINK at the rows of in (the evaluator's node signature). */
int ev_sublink(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
               ss_vector *out);
/* EXPR_SET_PARAM: arg at the rows, its value at the last one assigned to the parameter. */
int ev_set_param(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
                 ss_vector *out);
/* The value of exec parameter `index` (SS_EXEC_PARAM_BASE + k), or NULL with an error. */
const ss_value *ev_exec_param_value(ss_ctx *ctx, uint32_t index);
/* Closes every subquery tree of ctx and frees their state (the statement's tree closes). */
void ss_subplans_close(ss_ctx *ctx);
/* The statement's tree runs again: uncorrelated results are computed anew, and each tree's
 * next rescan may see any parameter changed. */
void ss_subplans_new_execution(ss_ctx *ctx);
/* The tree of subquery `id` as it ran in this statement, or NULL when it never opened. */
ss_op *ss_subplan_root(const ss_ctx *ctx, uint32_t id);

#endif
