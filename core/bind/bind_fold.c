/* bind_fold.c — constant folding at bind time (PostgreSQL's eval_const_expressions in
 * clauses) and its deferred errors: a fold that fails is kept unfolded and its error raised
 * only once the statement is bound and only if the plan still uses it. */
#include <string.h>

#include "exec/expr_volatility.h"
#include "exec/expr_walk.h"
#include "bind/binder_internal.h"
#include "plan/prune.h"
#include "types/func_volatility.h"

static bool is_const(const ss_expr *e)
{
    return e && e->kind == EXPR_CONST && e->type.id != SS_TYPE_UNKNOWN;
}

/* PostgreSQL's planner evaluates every operator and function whose inputs are all constants
 * before running the query (eval_const_expressions): do the same, so such errors surface
 * (without a position) even when no row is read, and in the same order. */
ss_expr *fold_constants(binder *b, ss_expr *e)
{
    bool all_const = true;
    /* eval_const_expressions folds only immutable calls: stable ones (now(), to_char(),
       timestamptz + interval: their value depends on the statement or on settings such as
       TimeZone) and volatile ones (random(), setseed()) are evaluated when the statement runs,
       at each execution of a prepared one, and raise their errors only for rows read */
    if (e->kind == EXPR_FUNC && ss_call_volatility(e) != SS_IMMUTABLE)
        return e;
    switch (e->kind) {
    case EXPR_OP:
    case EXPR_FUNC:
    case EXPR_NOT:
        /* every operand (unary minus has no right one) */
        for (uint32_t i = 0, n = ss_expr_nchildren(e); i < n; i++) {
            const ss_expr *c = ss_expr_child_const(e, i);
            all_const &= !c || is_const(c);
        }
        break;
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
        if (e->u.arg->kind == EXPR_CONST && e->u.arg->type.id == SS_TYPE_UNKNOWN) {
            /* 'text' IS NULL: no type needed */
            ss_expr *c = make_null(b, type_of(SS_TYPE_BOOL));
            if (c) {
                c->u.cnst.is_null = false;
                c->u.cnst.v.b = e->u.arg->u.cnst.is_null == (e->kind == EXPR_IS_NULL);
            }
            return c;
        }
        all_const = is_const(e->u.arg);
        break;
    case EXPR_IN: /* set: its items are constants */
        all_const = e->u.in.set && is_const(e->u.in.arg);
        break;
    case EXPR_CONST:
    case EXPR_COLUMN:
    case EXPR_PARAM:
    case EXPR_AND:
    case EXPR_OR:
    case EXPR_CAST:
    case EXPR_CASE:
    case EXPR_SUBLINK:
    case EXPR_SET_PARAM:
        return e;
    }
    if (!all_const)
        return e;
    ss_expr *c = new_expr(b, EXPR_CONST, e->type);
    if (!c)
        return NULL;
    int rc;
    FOLD_GUARDED(b, rc, ss_expr_eval_scalar(b->ctx, e, &c->u.cnst));
    if (rc == SS_OK)
        return c;
    return b->dead_code || defer_fold(b, e) == SS_OK ? e : NULL;
}

int defer_fold(binder *b, const ss_expr *e)
{
    if (b->ndeferred == b->capdeferred) {
        uint32_t cap = b->capdeferred ? b->capdeferred * 2 : 8;
        const ss_expr **p = bind_alloc(b, cap * sizeof *p);
        if (!p)
            return SS_ERROR;
        if (b->ndeferred)
            memcpy(p, b->deferred, b->ndeferred * sizeof *p);
        b->deferred = p;
        b->capdeferred = cap;
    }
    if (!b->deferred_set.arena)
        ss_ptrmap_init(&b->deferred_set, b->arena);
    if (ss_ptrmap_put(&b->deferred_set, e, NULL) != 0)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    b->deferred[b->ndeferred++] = e;
    return SS_OK;
}

/* Finds a deferred node inside e (depth first, left to right), looking into each shared
 * subtree once. */
typedef struct deferred_search {
    const binder *b;
    const ss_expr *found;
} deferred_search;

static int is_deferred(const ss_expr *e, void *arg)
{
    deferred_search *ds = arg;
    if (!ss_ptrmap_get(&ds->b->deferred_set, e, NULL))
        return SS_WALK_CONTINUE;
    ds->found = e;
    return SS_WALK_STOP;
}

const ss_expr *find_deferred(const binder *b, const ss_expr *e)
{
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, b->arena);
    deferred_search ds = {b, NULL};
    if (ss_expr_walk_const(e, is_deferred, &ds, &seen) == SS_WALK_NOMEM)
        ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return ds.found;
}

static int raise_if_deferred(binder *b, const ss_expr *e)
{
    const ss_expr *d = find_deferred(b, e);
    if (!d)
        return ss_ctx_error_pending(b->ctx) ? SS_ERROR : SS_OK;
    ss_value v;
    if (ss_expr_eval_scalar(b->ctx, d, &v) != SS_OK)
        return SS_ERROR; /* the error PostgreSQL's planner raises */
    return SS_OK;
}

bool has_deferred(const binder *b, const ss_expr *e)
{
    return find_deferred(b, e) != NULL;
}

int raise_deferred_in(binder *b, const ss_expr *e)
{
    return raise_if_deferred(b, e);
}

static int raise_in_slot(ss_lop *op, ss_expr **slot, void *arg);

/* The subqueries of an expression are planned too (PostgreSQL folds their constants as well):
   their plans' deferred folds raise as the outer query's do. */
typedef struct sublink_search {
    binder *b;
    int rc;
} sublink_search;

static int raise_in_sublink(const ss_expr *e, void *arg)
{
    sublink_search *ss = arg;
    if (e->kind != EXPR_SUBLINK || !e->u.sub.lop)
        return SS_WALK_CONTINUE;
    ss_lop *lop = e->u.sub.lop;
    /* EXISTS never computes its select list (PostgreSQL's simplify_EXISTS_query drops it) */
    if (e->u.sub.kind == SS_SUBLINK_EXISTS && lop->kind == LOP_PROJECT && lop->nchildren == 1)
        lop = lop->children[0];
    if ((ss->rc = lop_each_expr_deep(lop, raise_in_slot, ss->b)) != SS_OK)
        return SS_WALK_STOP;
    return SS_WALK_CONTINUE;
}

/* A select-list item of a subquery in FROM that nothing above reads is never computed, and
   PostgreSQL never folds it (pull-up, remove_unused_subquery_outputs). */
static bool unused_item(const binder *b, const ss_lop *op, ss_expr *const *slot)
{
    if (op->kind != LOP_PROJECT || !b->fold_need || op->rel > b->nrels || !b->fold_need[op->rel])
        return false;
    if (slot < op->u.project.exprs || slot >= op->u.project.exprs + op->u.project.n)
        return false;
    return !b->fold_need[op->rel][slot - op->u.project.exprs];
}

static int raise_in_slot(ss_lop *op, ss_expr **slot, void *arg)
{
    binder *b = arg;
    if (op->kind == LOP_LIMIT || unused_item(b, op, slot))
        return SS_OK;
    if (raise_if_deferred(arg, *slot))
        return SS_ERROR;
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, b->arena);
    sublink_search ss = {b, SS_OK};
    if (*slot && ss_expr_walk_const(*slot, raise_in_sublink, &ss, &seen) == SS_WALK_NOMEM)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return ss.rc;
}

/* Whether e is computed from constants only, with nothing volatile (no column, parameter,
   subquery or volatile call). */
static bool is_pseudo_constant(const ss_expr *e)
{
    switch (e->kind) {
    case EXPR_CONST:
        return e->type.id != SS_TYPE_UNKNOWN;
    case EXPR_COLUMN:
    case EXPR_PARAM:
    case EXPR_SUBLINK:
    case EXPR_SET_PARAM:
        return false;
    case EXPR_FUNC:
        if (ss_call_volatility(e) == SS_VOLATILE)
            return false;
        break;
    default:
        break;
    }
    for (uint32_t i = 0, n = ss_expr_nchildren(e); i < n; i++) {
        const ss_expr *c = ss_expr_child_const(e, i);
        if (c && !is_pseudo_constant(c))
            return false;
    }
    return true;
}

/* PostgreSQL's planner estimates a qual's selectivity from the value of its constant
   operands, computing stable calls too (estimate_expression_value), and runs a qual without
   columns once before the scan (a gating Result): a stable call of constants that fails in
   WHERE or JOIN ... ON raises its error even when no row is read. */
static int raise_stable_error(const ss_expr *e, void *arg)
{
    binder *b = arg;
    if (e->kind != EXPR_FUNC && e->kind != EXPR_CAST && e->kind != EXPR_OP)
        return SS_WALK_CONTINUE;
    if (!is_pseudo_constant(e))
        return SS_WALK_CONTINUE;
    if (ss_expr_volatility(e) != SS_STABLE)
        return SS_WALK_SKIP; /* immutable: folded already, or its error deferred */
    ss_value v;
    return ss_expr_eval_scalar(b->ctx, e, &v) == SS_OK ? SS_WALK_SKIP : SS_WALK_STOP;
}

static int raise_stable_in_qual(ss_lop *op, ss_expr **slot, void *arg)
{
    binder *b = arg;
    if ((op->kind != LOP_FILTER && op->kind != LOP_JOIN) || !*slot)
        return SS_OK;
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, b->arena);
    int rc = ss_expr_walk_const(*slot, raise_stable_error, b, &seen);
    if (rc == SS_WALK_NOMEM)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return rc == SS_WALK_STOP ? SS_ERROR : SS_OK;
}

int raise_deferred_folds(binder *b, ss_lop *plan)
{
    if (!plan)
        return SS_OK;
    if (b->ndeferred > 0) {
        bool **saved = b->fold_need;
        if (ss_prune_columns(b->ctx, b->arena, plan, b->nrels, &b->fold_need))
            return SS_ERROR;
        int rc = lop_each_expr_deep(plan, raise_in_slot, b);
        b->fold_need = saved;
        if (rc != SS_OK)
            return rc;
    }
    return lop_each_expr_deep(plan, raise_stable_in_qual, b);
}
