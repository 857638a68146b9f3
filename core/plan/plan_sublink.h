/* plan_sublink.h — planning a subquery of an expression (EXPR_SUBLINK, exec/expr.h): its
 * logical plan becomes a physical plan of its own whose outer columns are exec parameters
 * (PostgreSQL's SubPlan and PARAM_EXEC), planned once per statement; the expression then
 * runs it (core/exec/expr_eval_subplan.c). */
#ifndef SS_PLAN_PLAN_SUBLINK_H
#define SS_PLAN_PLAN_SUBLINK_H

#include "exec/executor.h"
#include "plan/logical.h"

/* What the subqueries of one statement share while it is planned. */
typedef struct ss_sublink_planning {
    uint32_t nparams;   /* exec parameters handed out (SS_EXEC_PARAM_BASE + k) */
    uint32_t nsubplans; /* subqueries planned: their run-time state numbers */
} ss_sublink_planning;

/* An outer column (rel, col) a subquery reads as exec parameter `param` (an EXPR_PARAM
 * index). */
typedef struct ss_outer_param {
    uint32_t rel, col, param;
} ss_outer_param;

/* The EXPR_PARAM standing for column reference e among outer[0..n), or NULL (no error set)
 * when e is none of them. */
ss_expr *ss_outer_param_ref(ss_ctx *ctx, ss_arena *arena, const ss_outer_param *outer, uint32_t n,
                            const ss_expr *e);

/* Fills the physical fields of e (a copy whose arguments are already physical): plans its
 * subquery with its arguments as exec parameters, resolves its test, numbers its state. */
int ss_plan_sublink(ss_ctx *ctx, ss_arena *arena, ss_sublink_planning *sub, ss_expr *e);

/* A LATERAL join's parameters: the columns of its left side its right side reads, each an
 * exec parameter assigned by a setter (EXPR_SET_PARAM over the left side's columns, still
 * as bindings); outer: the map to plan the right side with (the enclosing query's entries
 * outer[0..nouter) and these). n = 0: the right side reads none. */
typedef struct ss_lateral {
    uint32_t n;
    ss_expr **setters;
    ss_param_set assigned;
    ss_outer_param *outer;
    uint32_t nouter;
} ss_lateral;
int ss_lateral_params(ss_ctx *ctx, ss_arena *arena, ss_sublink_planning *sub, const ss_lop *join,
                      const ss_outer_param *outer, uint32_t nouter, ss_lateral *out);

/* planner.c: plans root as a subquery whose references to outer[0..nouter) are those exec
 * parameters; its output is its columns in order. */
int ss_plan_subquery(ss_ctx *ctx, ss_arena *arena, ss_sublink_planning *sub, const ss_outer_param *outer,
                     uint32_t nouter, ss_lop *root, ss_plan **out);

#endif
