/* pull_sublinks.c — WHERE and inner-join ON conjuncts EXISTS / NOT EXISTS / IN (SELECT ...)
 * made SEMI and ANTI joins (pull_sublinks.h). */
#include "plan/pull_sublinks.h"

#include <string.h>

#include "exec/expr_walk.h"

typedef struct puller {
    ss_ctx *ctx;
    ss_arena *arena;
} puller;

static void *pu_alloc(puller *p, size_t n)
{
    void *m = ss_arena_alloc(p->arena, n ? n : 1);
    if (!m)
        ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return m;
}

/* ---- what a subtree reads ----------------------------------------------------------------- */

typedef struct foreign_walk {
    const bool *inner;
    uint32_t max;
    bool found;
    ss_ptrmap seen; /* shared subtrees are walked once */
} foreign_walk;

static int note_foreign(const ss_expr *e, void *arg)
{
    foreign_walk *w = arg;
    if (e->kind == EXPR_COLUMN && (e->u.column.rel > w->max || !w->inner[e->u.column.rel])) {
        w->found = true;
        return SS_WALK_STOP;
    }
    return SS_WALK_CONTINUE;
}

static int foreign_slot(ss_lop *op, ss_expr **slot, void *arg)
{
    (void)op;
    foreign_walk *w = arg;
    int rc = ss_expr_walk_const(*slot, note_foreign, arg, &w->seen);
    if (rc == SS_WALK_NOMEM)
        w->found = true; /* out of memory: treated as correlated, so nothing is pulled up */
    return rc != SS_WALK_CONTINUE ? 1 : SS_OK;
}

/* Whether op's subtree reads a column of a relation made outside it (a correlated FROM). */
static int reads_outside(puller *p, ss_lop *op, bool *out)
{
    uint32_t max = lop_max_rel(op);
    bool *inner = pu_alloc(p, (size_t)max + 1);
    if (!inner)
        return SS_ERROR;
    memset(inner, 0, (size_t)max + 1);
    lop_mark_rels(op, inner);
    foreign_walk w = {inner, max, false, {0}};
    ss_ptrmap_init(&w.seen, p->arena);
    *out = lop_each_expr_deep(op, foreign_slot, &w) != SS_OK || w.found;
    return SS_OK;
}

static int stop_at_sublink(const ss_expr *e, void *arg)
{
    (void)arg;
    return e->kind == EXPR_SUBLINK ? SS_WALK_STOP : SS_WALK_CONTINUE;
}

/* Whether e holds a subquery; each shared subtree is looked at once (a seen set: nested
 * COALESCEs share their arguments, 2^n paths).  Out of memory answers true (the callers then
 * only try harder). */
static bool has_sublink(puller *p, const ss_expr *e)
{
    if (!e)
        return false;
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, p->arena);
    return ss_expr_walk_const(e, stop_at_sublink, NULL, &seen) != SS_WALK_CONTINUE;
}

/* ---- the conversions -------------------------------------------------------------------- */

/* e with the columns of relation rel replaced by with[col] (a copy of the path to them). */
static ss_expr *substitute(puller *p, ss_expr *e, uint32_t rel, ss_expr *const *with)
{
    if (e->kind == EXPR_COLUMN)
        return e->u.column.rel == rel ? with[e->u.column.index] : e;
    uint32_t n = ss_expr_nchildren(e);
    if (!n)
        return e;
    ss_expr *c = ss_expr_copy_node(p->arena, e);
    if (!c) {
        ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++) {
        ss_expr **slot = ss_expr_child(c, i);
        if (*slot && !(*slot = substitute(p, *slot, rel, with)))
            return NULL;
    }
    return c;
}

/* EXISTS (SELECT ... FROM x [WHERE pred]) with outer columns only in pred (and the select
 * list, which EXISTS ignores): the join's right side x and its condition pred. */
static int exists_join(puller *p, const ss_expr *e, ss_lop **right, ss_expr **cond, bool *ok)
{
    *ok = false;
    const ss_lop *top = e->u.sub.lop;
    if (e->u.sub.ncorr == 0 || top->kind != LOP_PROJECT)
        return SS_OK; /* uncorrelated: one run decides it (an InitPlan) */
    ss_lop *below = top->children[0], *from = below;
    ss_expr *pred = NULL;
    if (below->kind == LOP_FILTER) {
        pred = below->u.filter.pred;
        from = below->children[0];
        if (pred->kind == EXPR_CONST)
            return SS_OK;
    }
    if (from->kind != LOP_GET && from->kind != LOP_JOIN)
        return SS_OK; /* aggregates, DISTINCT, LIMIT ...: the subquery stays */
    bool correlated;
    if (reads_outside(p, from, &correlated))
        return SS_ERROR;
    if (correlated)
        return SS_OK;
    *right = from;
    *cond = pred;
    *ok = true;
    return SS_OK;
}

/* x op ANY (uncorrelated subquery): the subquery itself on the right, the comparison with the
 * left operands put back as the condition. */
static int any_join(puller *p, const ss_expr *e, ss_lop **right, ss_expr **cond, bool *ok)
{
    *ok = false;
    if (e->u.sub.ncorr != 0 || !e->u.sub.test)
        return SS_OK;
    for (uint32_t i = 0; i < e->u.sub.nargs; i++)
        if (has_sublink(p, e->u.sub.args[i]))
            return SS_OK;
    if (!(*cond = substitute(p, e->u.sub.test, e->u.sub.left_rel, e->u.sub.args)))
        return SS_ERROR;
    *right = e->u.sub.lop;
    *ok = true;
    return SS_OK;
}

/* A conjunct the filter over *child keeps, or (*taken) one made a join on top of *child. */
static int try_conjunct(puller *p, ss_expr *c, ss_lop **child, bool *taken)
{
    *taken = false;
    bool negated = c->kind == EXPR_NOT && c->u.arg->kind == EXPR_SUBLINK;
    const ss_expr *e = negated ? c->u.arg : c;
    if (e->kind != EXPR_SUBLINK)
        return SS_OK;
    ss_lop *right = NULL;
    ss_expr *cond = NULL;
    bool ok = false;
    if (e->u.sub.kind == SS_SUBLINK_EXISTS) {
        if (exists_join(p, e, &right, &cond, &ok))
            return SS_ERROR;
    } else if (e->u.sub.kind == SS_SUBLINK_ANY && !negated) {
        if (any_join(p, e, &right, &cond, &ok))
            return SS_ERROR;
    }
    if (!ok)
        return SS_OK;
    ss_lop *j = lop_join(p->ctx, p->arena, negated ? SS_JOIN_ANTI : SS_JOIN_SEMI, *child, right, cond);
    if (!j)
        return SS_ERROR;
    *child = j;
    *taken = true;
    return SS_OK;
}

static int split(puller *p, ss_expr *e, ss_expr ***v, uint32_t *n, uint32_t *cap)
{
    if (e->kind == EXPR_AND) {
        for (uint32_t i = 0; i < e->u.list.nargs; i++)
            if (split(p, e->u.list.args[i], v, n, cap))
                return SS_ERROR;
        return SS_OK;
    }
    if (*n == *cap) {
        uint32_t c = *cap ? *cap * 2 : 8;
        ss_expr **g = pu_alloc(p, sizeof *g * c);
        if (!g)
            return SS_ERROR;
        if (*n)
            memcpy(g, *v, sizeof *g * *n);
        *v = g;
        *cap = c;
    }
    (*v)[(*n)++] = e;
    return SS_OK;
}

/* A filter whose conjuncts include subqueries that can be joins: the joins over its input,
 * then a filter of the other conjuncts (none: the joins alone).  *out = op when nothing
 * changes. */
static int pull_filter(puller *p, ss_lop *op, ss_lop **out)
{
    *out = op;
    ss_expr *pred = op->u.filter.pred;
    if (pred->kind == EXPR_CONST || !has_sublink(p, pred))
        return SS_OK;
    ss_expr **conj = NULL;
    uint32_t n = 0, cap = 0;
    if (split(p, pred, &conj, &n, &cap))
        return SS_ERROR;
    ss_lop *child = op->children[0];
    ss_expr **kept = pu_alloc(p, sizeof *kept * n);
    if (!kept)
        return SS_ERROR;
    uint32_t nkept = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool taken;
        if (try_conjunct(p, conj[i], &child, &taken))
            return SS_ERROR;
        if (!taken)
            kept[nkept++] = conj[i];
    }
    if (nkept == n)
        return SS_OK;
    if (nkept == 0) {
        *out = child;
        return SS_OK;
    }
    ss_expr *rest = kept[0];
    if (nkept > 1) {
        if (!(rest = pu_alloc(p, sizeof *rest)))
            return SS_ERROR;
        rest->kind = EXPR_AND;
        rest->type = pred->type;
        rest->u.list.nargs = nkept;
        rest->u.list.args = kept;
    }
    return (*out = lop_filter(p->ctx, p->arena, child, rest)) ? SS_OK : SS_ERROR;
}

static int pull(puller *p, ss_lop **opp)
{
    if (ss_ctx_check_stack(p->ctx))
        return SS_ERROR;
    ss_lop *op = *opp;
    ss_lop **children = NULL;
    for (uint32_t i = 0; i < op->nchildren; i++) {
        ss_lop *c = op->children[i];
        if (pull(p, &c))
            return SS_ERROR;
        if (c == op->children[i])
            continue;
        if (!children) {
            if (!(children = pu_alloc(p, sizeof *children * op->nchildren)))
                return SS_ERROR;
            memcpy(children, op->children, sizeof *children * op->nchildren);
        }
        children[i] = c;
    }
    if (children) {
        ss_lop *copy = pu_alloc(p, sizeof *copy);
        if (!copy)
            return SS_ERROR;
        *copy = *op;
        copy->children = children;
        op = copy;
    }
    if (op->kind == LOP_FILTER && pull_filter(p, op, &op))
        return SS_ERROR;
    if (op->kind == LOP_JOIN && op->u.join.type == SS_JOIN_INNER && !op->u.join.lateral && op->u.join.cond &&
        has_sublink(p, op->u.join.cond)) {
        /* an inner join's ON is a filter over the join (push_down puts what stays back) */
        ss_lop *bare = pu_alloc(p, sizeof *bare), *f, *pulled;
        if (!bare)
            return SS_ERROR;
        *bare = *op;
        bare->u.join.cond = NULL;
        if (!(f = lop_filter(p->ctx, p->arena, bare, op->u.join.cond)) || pull_filter(p, f, &pulled))
            return SS_ERROR;
        if (pulled != f)
            op = pulled;
    }
    *opp = op;
    return SS_OK;
}

int ss_pull_sublinks(ss_ctx *ctx, ss_arena *arena, ss_lop **root)
{
    puller p = {ctx, arena};
    return pull(&p, root);
}
