/* bind_lateral_join.c — a join whose right side is itself a join holding an implicitly
 * LATERAL function (or a LATERAL subquery) that reads FROM items left of this join:
 * PostgreSQL lets such an item see every item on the left of a JOIN it is on the right side
 * of, so this join reruns its right side per left row as well (a lateral join).  RIGHT and
 * FULL joins cannot (PostgreSQL's 42P01 with its DETAIL). */
#include <string.h>

#include "bind/binder_internal.h"
#include "exec/expr_walk.h"
#include "util/ptrmap.h"

typedef struct left_refs {
    const bool *left;
    uint32_t max;
    const ss_expr *found;
    ss_ptrmap seen;
} left_refs;

static int visit(const ss_expr *e, void *arg)
{
    left_refs *w = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel <= w->max && w->left[e->u.column.rel]) {
        w->found = e;
        return SS_WALK_STOP;
    }
    return SS_WALK_CONTINUE;
}

static int slot_refs(ss_lop *op, ss_expr **slot, void *arg)
{
    (void)op;
    left_refs *w = arg;
    if (w->found)
        return SS_OK;
    return ss_expr_walk_const(*slot, visit, arg, &w->seen) == SS_WALK_NOMEM ? SS_ERROR : SS_OK;
}

int bind_join_reads_left(binder *b, const ast_from_item *f, ss_lop *left, ss_lop *right, bool *lateral)
{
    *lateral = false;
    if (!f->right->is_join)
        return SS_OK;
    left_refs w = {.max = lop_max_rel(left)};
    bool *rels = bind_alloc(b, (size_t)w.max + 1);
    if (!rels)
        return SS_ERROR;
    memset(rels, 0, (size_t)w.max + 1);
    lop_mark_rels(left, rels);
    w.left = rels;
    ss_ptrmap_init(&w.seen, b->arena);
    if (lop_each_expr_deep(right, slot_refs, &w))
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (!w.found)
        return SS_OK;
    if (f->join_type == AST_JOIN_RIGHT || f->join_type == AST_JOIN_FULL) {
        const char *ref = NULL;
        for (uint32_t r = 0; !ref && r < b->nscope; r++)
            if (b->scope[r].rel == w.found->u.column.rel)
                ref = b->scope[r].ref;
        bind_error(b, -1, SS_SQLSTATE_UNDEFINED_TABLE, "invalid reference to FROM-clause entry for table \"%s\"",
                   ref ? ref : "?");
        ss_ctx_error_detail(b->ctx, "The combining JOIN type must be INNER or LEFT for a LATERAL reference.");
        return SS_ERROR;
    }
    *lateral = true;
    return SS_OK;
}
