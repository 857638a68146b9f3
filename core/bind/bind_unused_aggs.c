/* bind_unused_aggs.c — aggregate calls of a subquery in FROM whose results nothing reads are
 * never computed, as PostgreSQL's remove_unused_subquery_outputs replaces such outputs by
 * NULL: their arguments, FILTER and ORDER BY become NULL constants, so that neither their
 * errors (division by zero, out of range) happen nor their input columns are read.  What
 * must be computed comes from the column pruning pass (prune.h): everything the root, a
 * DISTINCT, a set operation or a CTE scan reads is kept. */
#include "bind/binder_internal.h"
#include "exec/expr_walk.h"
#include "plan/prune.h"

static const ss_expr *null_of(binder *b, const ss_expr *e)
{
    return e ? make_null(b, e->type) : NULL;
}

static int neutralize(binder *b, ss_lop *op, uint32_t k)
{
    ss_agg_call *call = &op->u.aggregate.aggs[k];
    if (call->arg && !(call->arg = null_of(b, call->arg)))
        return SS_ERROR;
    ss_agg_extra *x = op->u.aggregate.extras ? op->u.aggregate.extras[k] : NULL;
    if (!x)
        return SS_OK;
    ss_agg_extra *copy = bind_alloc(b, sizeof *copy);
    if (!copy)
        return SS_ERROR;
    *copy = *x;
    copy->filter = NULL;
    const ss_expr **args = bind_alloc(b, sizeof *args * (x->nargs ? x->nargs : 1));
    const ss_expr **order = bind_alloc(b, sizeof *order * (x->norder ? x->norder : 1));
    if (!args || !order)
        return SS_ERROR;
    for (uint32_t i = 0; i < x->nargs; i++)
        if (x->args[i] && !(args[i] = null_of(b, x->args[i])))
            return SS_ERROR;
    for (uint32_t i = 0; i < x->norder; i++)
        if (x->order[i] && !(order[i] = null_of(b, x->order[i])))
            return SS_ERROR;
    copy->args = args;
    copy->order = order;
    op->u.aggregate.extras[k] = copy;
    return SS_OK;
}

static int visit(binder *b, bool **need, ss_lop *op)
{
    if (ss_ctx_check_stack(b->ctx))
        return SS_ERROR;
    if (op->kind == LOP_AGGREGATE && op->rel <= b->nrels && need[op->rel]) {
        uint32_t ng = op->u.aggregate.ngroups;
        for (uint32_t k = 0; k < op->u.aggregate.naggs; k++) {
            const ss_agg_call *c = &op->u.aggregate.aggs[k];
            const ss_agg_extra *x = op->u.aggregate.extras ? op->u.aggregate.extras[k] : NULL;
            if (!need[op->rel][ng + k] && (c->arg || x) && neutralize(b, op, k))
                return SS_ERROR;
        }
    }
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (visit(b, need, op->children[i]))
            return SS_ERROR;
    return SS_OK;
}

/* The subqueries of expressions (a scalar subquery over a grouped FROM subquery or WITH
   query) get the same treatment over their own plans. */
typedef struct sublink_walk {
    binder *b;
    int rc;
} sublink_walk;

static int sublink_visit(const ss_expr *e, void *arg)
{
    sublink_walk *w = arg;
    if (e->kind != EXPR_SUBLINK || !e->u.sub.lop)
        return SS_WALK_CONTINUE;
    if (drop_unused_subquery_aggregates(w->b, e->u.sub.lop)) {
        w->rc = SS_ERROR;
        return SS_WALK_STOP;
    }
    return SS_WALK_CONTINUE;
}

static int sublinks_of(ss_lop *op, ss_expr **slot, void *arg)
{
    (void)op;
    sublink_walk *w = arg;
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, w->b->arena);
    if (*slot && ss_expr_walk_const(*slot, sublink_visit, w, &seen) == SS_WALK_NOMEM)
        return ss_ctx_error(w->b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return w->rc;
}

int drop_unused_subquery_aggregates(binder *b, ss_lop *plan)
{
    if (!plan)
        return SS_OK;
    bool **need = NULL;
    if (ss_ctx_check_stack(b->ctx) || ss_prune_columns(b->ctx, b->arena, plan, b->nrels, &need) ||
        visit(b, need, plan))
        return SS_ERROR;
    sublink_walk w = {b, SS_OK};
    return lop_each_expr_deep(plan, sublinks_of, &w) ? SS_ERROR : SS_OK;
}
