/* expr_walk.h — the one enumeration of a bound expression's children (struct ss_expr,
 * exec/expr.h) and the walk built on it.  Every pass over bound expressions that recurses
 * structurally (marking used columns, remapping them, looking for deferred folding errors,
 * equality, cost estimates, ...) gets a node's children from here, so an expression kind
 * added to expr.h is handled by all of them once ss_expr_nchildren / ss_expr_child know it
 * (both switch over every kind without a default: -Wswitch names a missing one). */
#ifndef SS_EXEC_EXPR_WALK_H
#define SS_EXEC_EXPR_WALK_H

#include "exec/expr.h"
#include "util/ptrmap.h"

/* The number of child slots of e.  A slot may hold NULL (unary minus's right operand, a CASE
 * without ELSE).  Slots in evaluation order: OP left, right; AND / OR / FUNC arguments;
 * NOT / IS [NOT] NULL / CAST argument; CASE WHEN 0, THEN 0, WHEN 1, THEN 1, ..., ELSE;
 * IN argument, then its items; a subquery's arguments (not its plan, which is no child). */
uint32_t ss_expr_nchildren(const ss_expr *e);
/* Child slot i (< ss_expr_nchildren(e)) of e: a mutator may store another node there. */
ss_expr **ss_expr_child(ss_expr *e, uint32_t i);
/* The same for read-only passes. */
const ss_expr *ss_expr_child_const(const ss_expr *e, uint32_t i);

/* A copy of node e in arena whose child slots are its own (the arrays that hold them are
 * copied too) but point at e's children: a mutator that must leave e as it was (the planner's
 * setrefs) copies the nodes on the path to what it replaces.  NULL when out of memory. */
ss_expr *ss_expr_copy_node(ss_arena *arena, const ss_expr *e);

/* What a walk callback returns. */
enum {
    SS_WALK_CONTINUE = 0, /* go on */
    SS_WALK_SKIP = 1,     /* (pre-order callback only) do not descend into this node */
    SS_WALK_STOP = 2      /* end the walk: ss_expr_walk returns SS_WALK_STOP */
};
/* Returned by ss_expr_walk when the seen set runs out of memory (no error is set). */
#define SS_WALK_NOMEM (-1)

/* Called with the slot holding a node (never NULL-valued); may replace *slot (the new node is
 * not walked by the pre-order call, its children are). */
typedef int (*ss_expr_visit_fn)(ss_expr **slot, void *arg);

typedef struct ss_expr_walker {
    ss_expr_visit_fn pre;  /* before the node's children, or NULL */
    ss_expr_visit_fn post; /* after them, or NULL */
    void *arg;
    /* When non-NULL: nodes already in it are not visited again, and every node with
       children visited is added (the binder shares subtrees, e.g. COALESCE's argument in its
       WHEN and THEN); a leaf (constant, column, parameter) is visited each time it is reached,
       so callbacks must not depend on seeing a node once. */
    ss_ptrmap *seen;
} ss_expr_walker;

/* Walks the tree in *slot depth first, children left to right, skipping NULL slots.  Returns
 * SS_WALK_CONTINUE when the walk ran to its end, SS_WALK_STOP when a callback stopped it, or
 * SS_WALK_NOMEM. */
int ss_expr_walk(ss_expr **slot, const ss_expr_walker *w);

/* Read-only walk: visit is called pre-order on each node (SS_WALK_SKIP / STOP as above). */
typedef int (*ss_expr_visit_const_fn)(const ss_expr *e, void *arg);
int ss_expr_walk_const(const ss_expr *e, ss_expr_visit_const_fn visit, void *arg, ss_ptrmap *seen);

#endif
