/* executor.h — instantiates a plan's operators from the registry and drives them. */
#ifndef SS_EXEC_EXECUTOR_H
#define SS_EXEC_EXECUTOR_H

#include "exec/context.h"

/* A plan as the kernel keeps it: its root node (sunstone/operator.h), laid out by
 * core/plan/plan_build.c and read-only once built. */
typedef ss_plan_node ss_plan;

/* Concrete definition of the SDK's opaque ss_op. */
struct ss_op {
    const ss_operator_vtable *vt;
    const ss_plan_node *node;
    struct ss_op **children;
    uint32_t nchildren;
    uint32_t flags;     /* SS_OPEN_* it was opened with */
    void *state;
    bool opened;
    /* the slots every instance of the tree shares (ss_api.shared_slot); the root owns them */
    struct ss_exec_shared *shared;
    bool owns_shared;
    struct ss_instr *instr; /* EXPLAIN ANALYZE's counters (exec/instrument.h), NULL otherwise */
    /* (tx9) the child of a nested locking clause's filter (exec/row_lock_filter.h): its
       batches are handed on one row at a time, so that the filter locks only the rows its
       parent (a LIMIT) asks for, as PostgreSQL's LockRows */
    bool one_row;
    ss_batch *held;         /* the batch being handed on, NULL: none */
    uint32_t held_next;     /* its next live row */
    uint32_t slice_sel;
    ss_batch slice;         /* the batch of that one row */
};

/* Builds the operator tree for plan, choosing implementations by node kind from the registry
 * (setting sunstone.operator_<kind> or the default operator, exec/node_kinds.c), and opens it
 * (children first) with flags (SS_OPEN_*). */
int ss_exec_start(ss_ctx *ctx, const ss_plan_node *plan, uint32_t flags, ss_op **root);
/* The same for the tree of a subquery in an expression: it shares the statement tree's slots
 * (ss_api.shared_slot), so a WITH query the statement and its subqueries read is computed
 * once, as PostgreSQL's CTE is (the statement tree closes its subqueries' trees first). */
int ss_exec_start_subplan(ss_ctx *ctx, const ss_plan_node *plan, uint32_t flags, ss_op **root);
/* Closes (parents first) and frees the operator tree; safe on partial trees and NULL. */
void ss_exec_finish(ss_ctx *ctx, ss_op *root);
/* Pulls the next batch from an operator (NULL at end). */
int ss_exec_next(ss_ctx *ctx, ss_op *op, ss_batch **out);
/* Restarts op's stream; changed = the parameters changed since it last started (NULL: any),
 * passed on only to an operator that declares SS_OPCAP_PARAM_RESCAN. */
int ss_exec_rescan(ss_ctx *ctx, ss_op *op, const ss_param_set *changed);
/* Row bound for op (ss_api.op_set_bound): its set_bound when it declares SS_OPCAP_BOUND. */
int ss_exec_set_bound(ss_ctx *ctx, ss_op *op, int64_t bound);
ss_op *ss_exec_child(ss_op *op, uint32_t i);
/* A worktable a statement publishes to all its operator trees (ss_ctx.stmt_worktables). */
typedef struct ss_stmt_worktable {
    uint32_t id;
    ss_worktable wt;
    struct ss_stmt_worktable *next;
} ss_stmt_worktable;

/* The pointer shared by the instances of op's tree for (kind, id) (ss_api.shared_slot); a
 * new (SS_NODE_RECURSIVE_UNION, id) slot starts as ctx's statement worktable of that id. */
void **ss_exec_shared_slot(ss_ctx *ctx, ss_op *op, int32_t kind, uint32_t id);
/* Whether every operator instance of the tree declares SS_OPCAP_PARKABLE. */
bool ss_exec_parkable(const ss_op *root);
/* EXPLAIN text of the operator tree: one line per node, indented like PostgreSQL. */
int ss_exec_explain(ss_ctx *ctx, ss_op *root, char ***lines, uint32_t *nlines);
/* Gives every instance of the tree EXPLAIN ANALYZE's counters (timing: also the clock), before
 * its first batch. */
int ss_exec_instrument(ss_ctx *ctx, ss_op *root, bool timing);
/* ss_exec_explain, with each node's estimated rows ("  (rows=N)") when estimates, and what an
 * instrumented tree counted (" (actual ...)", instrument.h). */
int ss_exec_explain_with(ss_ctx *ctx, ss_op *root, bool estimates, char ***lines, uint32_t *nlines);

#endif
