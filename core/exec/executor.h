/* executor.h — instantiates a plan's operators from the registry and drives them. */
#ifndef SS_EXEC_EXECUTOR_H
#define SS_EXEC_EXECUTOR_H

#include "exec/context.h"

/* A plan node as the kernel keeps it: the public node plus its children. */
typedef struct ss_plan {
    ss_plan_node node;
    struct ss_plan **children;
    /* SS_ROLE_LIMIT: the LIMIT and OFFSET expressions (bigint, NULL = none), evaluated when
       an execution starts */
    const ss_expr *limit_expr, *offset_expr;
} ss_plan;

/* Concrete definition of the SDK's opaque ss_op. */
struct ss_op {
    const ss_operator_vtable *vt;
    const ss_plan_node *node;
    struct ss_op **children;
    uint32_t nchildren;
    void *state;
    bool opened;
};

/* Builds the operator tree for plan, choosing implementations by role from the registry
 * (setting sunstone.operator_<role> or the default name), and opens it (children first). */
int ss_exec_start(ss_ctx *ctx, const ss_plan *plan, ss_op **root);
/* Closes (parents first) and frees the operator tree; safe on partial trees and NULL. */
void ss_exec_finish(ss_ctx *ctx, ss_op *root);
/* Pulls the next batch from an operator (NULL at end). */
int ss_exec_next(ss_ctx *ctx, ss_op *op, ss_batch **out);
int ss_exec_rescan(ss_ctx *ctx, ss_op *op);
ss_op *ss_exec_child(ss_op *op, uint32_t i);
const char *ss_role_name(int role);
/* EXPLAIN text of the operator tree: one line per node, indented like PostgreSQL. */
int ss_exec_explain(ss_ctx *ctx, ss_op *root, char ***lines, uint32_t *nlines);

#endif
