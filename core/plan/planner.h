/* planner.h — the planner: turns the binder's logical plan (logical.h) into the physical
 * plan the executor runs (ss_plan, exec/executor.h), choosing a node kind for each logical
 * operator, pruning the columns each scan reads, and resolving every column reference from
 * its (relation, column) binding to a position in its input batch (PostgreSQL's setrefs).
 * The logical plan is left as it was: expressions with column references are copied. */
#ifndef SS_PLAN_PLANNER_H
#define SS_PLAN_PLANNER_H

#include "exec/executor.h"
#include "plan/logical.h"

/* Plans root in arena (the statement's bind arena).  Errors (53200, 54001 for expressions
 * too deep, XX000 for a reference the input does not provide) go to ctx. */
int ss_plan_query(ss_ctx *ctx, ss_arena *arena, ss_lop *root, ss_plan **out);

#endif
