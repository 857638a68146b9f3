/* planner.c — logical plan → physical plan (planner.h): physical node choice (set operations:
 * append, distinct, setop; joins: hash join or nested loop), scan column pruning,
 * constant-false filters cut off, filters pushed below joins, join conditions split into hash
 * keys and a residual, and column references resolved to positions. */
#include "plan/planner.h"

#include <string.h>

#include "catalog/catalog.h"
#include "exec/expr_walk.h"
#include "plan/empty_plan.h"
#include "plan/estimate.h"
#include "plan/index_path.h"
#include "plan/join_order.h"
#include "plan/limit_volatile.h"
#include "plan/outer_joins.h"
#include "plan/plan_build.h"
#include "plan/plan_sublink.h"
#include "plan/pull_sublinks.h"
#include "plan/prune.h"
#include "plan/qual_order.h"
#include "plan/scan_hints.h"
#include "types/func_volatility.h"
#include "util/arena.h"
#include "util/ptrmap.h"

/* Where each column of a node's output comes from: its (relation, column) binding. */
typedef struct binding {
    uint32_t rel, col;
} binding;

typedef struct layout {
    uint32_t n;
    const binding *cols;
} layout;

typedef struct planner {
    ss_ctx *ctx;
    ss_arena *arena;
    ss_plan_builder pb;
    /* the columns each relation must produce: used[rel][col] (prune.h) */
    uint32_t nrels;
    bool **used;
    /* a subquery's plan: the outer columns it reads as exec parameters (plan_sublink.h) */
    ss_sublink_planning *sub;
    const ss_outer_param *outer;
    uint32_t nouter;
    /* the WITH queries computed once whose plan a CTE scan keeps, by CTE id */
    bool *cte_planned;
    uint32_t cte_cap;
    ss_estimator est; /* the rows of each logical operator (estimate.h) */
    ss_read_counts reads; /* how often the final tree's expressions read each binding */
    /* window keys computed by a projection below a window (logical expression → its
       binding), so a window above sharing the key (the binder shares equal ones) reads it */
    const ss_expr **wkey_exprs;
    binding *wkey_binds;
    uint32_t nwkeys, cap_wkeys;
} planner;

static void *pl_alloc(planner *p, size_t n)
{
    void *m = ss_arena_alloc(p->arena, n ? n : 1);
    if (!m)
        ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return m;
}

/* Room for one more element in an arena array *v of *cap elements, n of them used (doubled,
 * from 8, by copying: arena memory is not freed). */
static int pl_reserve(planner *p, void **v, uint32_t *cap, uint32_t n, size_t elem)
{
    if (n < *cap)
        return SS_OK;
    uint32_t grown = *cap ? *cap * 2 : 8;
    void *m = pl_alloc(p, elem * grown);
    if (!m)
        return SS_ERROR;
    if (n)
        memcpy(m, *v, elem * n);
    *v = m;
    *cap = grown;
    return SS_OK;
}

/* ---- which columns each scan must read ------------------------------------------------ */

/* The columns each relation must produce (prune.c): a GET's scan reads them, a PROJECT
 * computes only those items. */
static int mark_used_columns(planner *p, ss_lop *root)
{
    p->nrels = lop_max_rel(root);
    return ss_prune_columns(p->ctx, p->arena, root, p->nrels, &p->used);
}

/* ---- column references → positions (setrefs) ------------------------------------------ */

static ss_expr *column_at(planner *p, uint32_t pos, ss_type type)
{
    ss_expr *e = pl_alloc(p, sizeof *e);
    if (e) {
        e->kind = EXPR_COLUMN;
        e->type = type;
        e->u.column.index = pos; /* rel 0: a position in the input batch */
    }
    return e;
}

typedef struct fixer {
    planner *p;
    const layout *in;
    ss_ptrmap done; /* logical node -> its physical version (shared subtrees stay shared) */
} fixer;

/* The physical version of e over the input `in`: e itself when nothing below it is a
 * column reference, else a copy of the path down to the references. */
static ss_expr *fix_expr(fixer *f, ss_expr *e)
{
    if (e->kind == EXPR_CONST || e->kind == EXPR_PARAM)
        return e; /* leaves without references (an IN list has thousands) */
    void *known;
    if (ss_ptrmap_get(&f->done, e, &known))
        return known;
    if (ss_ctx_check_stack(f->p->ctx))
        return NULL;
    ss_expr *out = e;
    if (e->kind == EXPR_COLUMN) {
        uint32_t pos = 0;
        while (pos < f->in->n &&
               (f->in->cols[pos].rel != e->u.column.rel || f->in->cols[pos].col != e->u.column.index))
            pos++;
        if (pos < f->in->n)
            out = column_at(f->p, pos, e->type);
        else if (!(out = ss_outer_param_ref(f->p->ctx, f->p->arena, f->p->outer, f->p->nouter, e)))
            ss_ctx_error(f->p->ctx, SS_SQLSTATE_INTERNAL_ERROR, "variable not found in subplan target list");
        if (!out)
            return NULL;
    } else {
        uint32_t n = ss_expr_nchildren(e);
        for (uint32_t i = 0; i < n; i++) {
            ss_expr *child = *ss_expr_child(e, i);
            ss_expr *fixed = child ? fix_expr(f, child) : NULL;
            if (child && !fixed)
                return NULL;
            if (fixed == child)
                continue;
            if (out == e && !(out = ss_expr_copy_node(f->p->arena, e))) {
                ss_ctx_error(f->p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                return NULL;
            }
            *ss_expr_child(out, i) = fixed;
        }
        if (e->kind == EXPR_SUBLINK &&
            ((out == e && !(out = ss_expr_copy_node(f->p->arena, e))) ||
             ss_plan_sublink(f->p->ctx, f->p->arena, f->p->sub, out)))
            return NULL;
    }
    if (ss_ptrmap_put(&f->done, e, out)) {
        ss_ctx_error(f->p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    return out;
}

/* The physical versions of n expressions over `in`, in a new array. */
static ss_expr **fix_exprs(planner *p, ss_expr *const *exprs, uint32_t n, const layout *in)
{
    fixer f = {.p = p, .in = in};
    ss_ptrmap_init(&f.done, p->arena);
    ss_expr **out = pl_alloc(p, sizeof(ss_expr *) * n);
    if (!out)
        return NULL;
    for (uint32_t i = 0; i < n; i++)
        if (exprs[i] && !(out[i] = fix_expr(&f, exprs[i])))
            return NULL;
    return out;
}

/* ---- physical nodes ------------------------------------------------------------------- */

/* The layout of a node making relation rel's columns 0..n-1. */
static int own_layout(planner *p, uint32_t rel, uint32_t n, layout *out)
{
    binding *b = pl_alloc(p, sizeof(binding) * n);
    if (!b)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        b[i] = (binding){rel, i};
    *out = (layout){n, b};
    return SS_OK;
}

static int plan_get(planner *p, const ss_lop *op, ss_plan **out, layout *lay)
{
    const ss_table *t = op->u.get.table;
    const bool *used = p->used[op->rel];
    uint32_t *cols = pl_alloc(p, sizeof(uint32_t) * (t->ncols + 1));
    binding *b = pl_alloc(p, sizeof(binding) * (t->ncols + 1));
    if (!cols || !b)
        return SS_ERROR;
    uint32_t k = 0;
    for (uint32_t c = 0; c < t->ncols; c++)
        if (used[c]) {
            b[k] = (binding){op->rel, c};
            cols[k++] = c;
        }
    if (op->u.get.rowid && used[t->ncols]) { /* the row id column (UPDATE / DELETE) */
        b[k] = (binding){op->rel, t->ncols};
        cols[k++] = SS_SCAN_COLUMN_ROWID;
    }
    *lay = (layout){k, b};
    /* the backend's row count, when it keeps one */
    int64_t rows = t->storage && t->storage->table_row_estimate && t->handle ? t->storage->table_row_estimate(t->handle)
                                                                            : -1;
    if (!(*out = plan_scan(&p->pb, t, k, cols, (double)rows)))
        return SS_ERROR;
    ((ss_scan_node *)*out)->rowids_fixed = op->u.get.rowid_fixed;
    return SS_OK;
}

static int plan_node(planner *p, ss_lop *op, ss_plan **out, layout *lay);

/* ---- joins ---------------------------------------------------------------------------- */

/* The binding ids below each side of a join, as flags indexed by id. */
static int join_sides(planner *p, const ss_lop *join, bool **left, bool **right)
{
    size_t n = (size_t)p->nrels + 1;
    if (!(*left = pl_alloc(p, n)) || !(*right = pl_alloc(p, n)))
        return SS_ERROR;
    memset(*left, 0, n);
    memset(*right, 0, n);
    lop_mark_rels(join->children[0], *left);
    lop_mark_rels(join->children[1], *right);
    return SS_OK;
}

typedef struct side_walk {
    const bool *left, *right; /* the binding ids of each side (max + 1 entries) */
    uint32_t max;
    bool in_left, in_right, other;
} side_walk;

static int note_side(const ss_expr *e, void *arg)
{
    side_walk *w = arg;
    if (e->kind == EXPR_COLUMN) {
        if (e->u.column.rel > w->max)
            w->other = true;
        else if (w->left[e->u.column.rel])
            w->in_left = true;
        else if (w->right[e->u.column.rel])
            w->in_right = true;
        else
            w->other = true;
    }
    return SS_WALK_CONTINUE;
}

/* Which side of a join e reads: 0 none, 1 the left only, 2 the right only, 3 both (or a
 * relation of neither). */
static int side_of(planner *p, const ss_expr *e, const bool *left, const bool *right, int *side)
{
    side_walk w = {.left = left, .right = right, .max = p->nrels};
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, p->arena);
    if (ss_expr_walk_const(e, note_side, &w, &seen) == SS_WALK_NOMEM)
        return ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *side = w.other || (w.in_left && w.in_right) ? 3 : w.in_left ? 1 : w.in_right ? 2 : 0;
    return SS_OK;
}

/* A growable list of conjuncts. */
typedef struct conj_list {
    ss_expr **v;
    uint32_t n, cap;
} conj_list;

static int conj_add(planner *p, conj_list *l, ss_expr *e)
{
    if (pl_reserve(p, (void **)&l->v, &l->cap, l->n, sizeof *l->v))
        return SS_ERROR;
    l->v[l->n++] = e;
    return SS_OK;
}

/* Appends e's conjuncts (nested ANDs flattened) to l. */
static int conj_split(planner *p, ss_expr *e, conj_list *l)
{
    if (e->kind != EXPR_AND)
        return conj_add(p, l, e);
    for (uint32_t i = 0; i < e->u.list.nargs; i++)
        if (conj_split(p, e->u.list.args[i], l))
            return SS_ERROR;
    return SS_OK;
}

/* The AND of l's conjuncts: NULL when there are none, the one when there is one. */
static int conj_and(planner *p, const conj_list *l, ss_expr **out)
{
    if (l->n <= 1) {
        *out = l->n ? l->v[0] : NULL;
        return SS_OK;
    }
    ss_expr *e = pl_alloc(p, sizeof *e);
    if (!e)
        return SS_ERROR;
    e->kind = EXPR_AND;
    e->type = l->v[0]->type;
    e->u.list.nargs = l->n;
    e->u.list.args = l->v;
    *out = e;
    return SS_OK;
}

/* child with a filter of l's conjuncts on top (child itself when l is empty); over a filter,
 * one filter of its conjuncts then l's, which qual_order.c orders together as PostgreSQL
 * orders all the conditions of one relation (a cheap one moved down from HAVING or a WHERE
 * runs before an expensive one already there). */
static int filter_on(planner *p, ss_lop *child, const conj_list *l, ss_lop **out)
{
    ss_expr *pred;
    if (l->n && child->kind == LOP_FILTER) {
        conj_list all = {0};
        if (conj_split(p, child->u.filter.pred, &all))
            return SS_ERROR;
        for (uint32_t i = 0; i < l->n; i++)
            if (conj_add(p, &all, l->v[i]))
                return SS_ERROR;
        if (conj_and(p, &all, &pred))
            return SS_ERROR;
        *out = lop_filter(p->ctx, p->arena, child->children[0], pred);
        return *out ? SS_OK : SS_ERROR;
    }
    if (conj_and(p, l, &pred))
        return SS_ERROR;
    *out = pred ? lop_filter(p->ctx, p->arena, child, pred) : child;
    return *out ? SS_OK : SS_ERROR;
}

static int push_down(planner *p, ss_lop **opp);

/* A filter over a join, or a join's own condition: conjuncts reading one side only go below
 * the join to that side when that keeps the answer (never below the NULL-extended side of a
 * LEFT JOIN for a WHERE, never to the preserved side for an ON); conjuncts of a WHERE over an
 * inner join that read both sides join its condition.  *filter_pred: the WHERE (NULL: only
 * the join's condition), left with what stays above. */
static int push_into_join(planner *p, ss_lop *join, ss_expr **filter_pred)
{
    bool *left, *right;
    if (join_sides(p, join, &left, &right))
        return SS_ERROR;
    bool inner = join->u.join.type == SS_JOIN_INNER, full = join->u.join.type == SS_JOIN_FULL;
    conj_list to_left = {0}, to_right = {0}, cond = {0}, above = {0}, in = {0};
    /* the join's condition first */
    if (join->u.join.cond && conj_split(p, join->u.join.cond, &in))
        return SS_ERROR;
    for (uint32_t i = 0; i < in.n; i++) {
        int side = 0;
        if (side_of(p, in.v[i], left, right, &side))
            return SS_ERROR;
        conj_list *to = full ? &cond : side == 2 ? &to_right : side == 1 && inner ? &to_left : &cond;
        if (conj_add(p, to, in.v[i]))
            return SS_ERROR;
    }
    in.n = 0;
    if (filter_pred && *filter_pred && conj_split(p, *filter_pred, &in))
        return SS_ERROR;
    for (uint32_t i = 0; i < in.n; i++) {
        int side = 0;
        if (side_of(p, in.v[i], left, right, &side))
            return SS_ERROR;
        conj_list *to = full                 ? &above
                        : side == 1          ? &to_left
                        : side == 2 && inner ? &to_right
                        : side == 3 && inner ? &cond
                                             : &above;
        if (conj_add(p, to, in.v[i]))
            return SS_ERROR;
    }
    if (filter_on(p, join->children[0], &to_left, &join->children[0]) ||
        filter_on(p, join->children[1], &to_right, &join->children[1]) || conj_and(p, &cond, &join->u.join.cond))
        return SS_ERROR;
    if (filter_pred && conj_and(p, &above, filter_pred))
        return SS_ERROR;
    return SS_OK;
}

/* A shallow copy of op with its own children array: what push_down rewrites, so that the
 * logical plan itself stays as the binder built it. */
static ss_lop *lop_clone(planner *p, const ss_lop *op)
{
    ss_lop *c = pl_alloc(p, sizeof *c);
    ss_lop **children = c ? pl_alloc(p, sizeof *children * op->nchildren) : NULL;
    if (!children)
        return NULL;
    *c = *op;
    memcpy(children, op->children, sizeof *children * op->nchildren);
    c->children = children;
    return c;
}

/* ---- HAVING conjuncts without aggregates (PostgreSQL's subquery_planner) ---------------- */

typedef struct agg_use_walk {
    uint32_t rel, ngroups;
} agg_use_walk;

static int stop_at_aggregate(const ss_expr *e, void *arg)
{
    const agg_use_walk *w = arg;
    if (e->kind == EXPR_SUBLINK || (e->kind == EXPR_COLUMN && e->u.column.rel == w->rel && e->u.column.index >= w->ngroups))
        return SS_WALK_STOP;
    return SS_WALK_CONTINUE;
}

/* Whether HAVING conjunct c over aggregate agg reads no aggregate result and holds no subquery
 * (Sunstone has no volatile functions, PostgreSQL's third condition). */
static int movable_having(planner *p, const ss_lop *agg, const ss_expr *c, bool *out)
{
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, p->arena);
    agg_use_walk w = {agg->rel, agg->u.aggregate.ngroups};
    int rc = ss_expr_walk_const(c, stop_at_aggregate, &w, &seen);
    if (rc == SS_WALK_NOMEM)
        return ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *out = rc == SS_WALK_CONTINUE;
    return SS_OK;
}

/* e with the columns of relation rel replaced by the expressions that make them (an
 * aggregate's group expressions, a projection's items): a copy of the paths to them, each
 * shared node copied once (memo). */
static ss_expr *columns_substituted(planner *p, uint32_t rel, ss_expr *const *exprs, ss_expr *e, ss_ptrmap *memo)
{
    if (e->kind == EXPR_COLUMN)
        return e->u.column.rel == rel ? exprs[e->u.column.index] : e;
    uint32_t n = ss_expr_nchildren(e);
    if (!n)
        return e;
    void *known;
    if (ss_ptrmap_get(memo, e, &known))
        return known;
    if (ss_ctx_check_stack(p->ctx))
        return NULL;
    ss_expr *c = ss_expr_copy_node(p->arena, e);
    if (!c) {
        ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++) {
        ss_expr **slot = ss_expr_child(c, i);
        if (*slot && !(*slot = columns_substituted(p, rel, exprs, *slot, memo)))
            return NULL;
    }
    if (ss_ptrmap_put(memo, e, c)) {
        ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    return c;
}

/* *opp, a filter over `below`, split: down's conjuncts filter below's input, stay's remain
 * the filter's predicate (*opp becomes below when none remain). */
static int split_filter(planner *p, ss_lop **opp, ss_lop *below, const conj_list *down, const conj_list *stay)
{
    if (!down->n)
        return SS_OK;
    if (filter_on(p, below->children[0], down, &below->children[0]))
        return SS_ERROR;
    if (!stay->n) {
        *opp = below;
        return SS_OK;
    }
    return conj_and(p, stay, &(*opp)->u.filter.pred);
}

/* op: a filter (HAVING) over an aggregate, both already copies.  Each conjunct that reads no
 * aggregate result and holds no subquery filters the aggregate's input instead (WHERE), so
 * the groups it rejects are never aggregated, nor are their aggregates' errors raised, as in
 * PostgreSQL; with GROUP BY it moves, without (one group of all rows) a copy goes below and
 * the conjunct stays.  Grouping sets are appends of aggregates, never seen here (PostgreSQL
 * keeps their HAVING too).  *opp becomes the aggregate when nothing is left above. */
static int having_to_where(planner *p, ss_lop **opp)
{
    ss_lop *op = *opp, *agg = op->children[0];
    conj_list in = {0}, stay = {0}, down = {0};
    if (conj_split(p, op->u.filter.pred, &in))
        return SS_ERROR;
    ss_ptrmap memo;
    ss_ptrmap_init(&memo, p->arena);
    bool grouped = agg->u.aggregate.ngroups > 0;
    for (uint32_t i = 0; i < in.n; i++) {
        bool movable = false;
        if (movable_having(p, agg, in.v[i], &movable))
            return SS_ERROR;
        ss_expr *below = movable ? columns_substituted(p, agg->rel, agg->u.aggregate.groups, in.v[i], &memo) : NULL;
        if (movable && (!below || conj_add(p, &down, below)))
            return SS_ERROR;
        if ((!movable || !grouped) && conj_add(p, &stay, in.v[i]))
            return SS_ERROR;
    }
    return split_filter(p, opp, agg, &down, &stay);
}

/* A node that must run exactly where and as often as written: a volatile call (a row lock's
 * among them) or an exec-parameter assignment. */
static bool once_per_row(const ss_expr *e)
{
    return e->kind == EXPR_SET_PARAM || (e->kind == EXPR_FUNC && ss_func_volatility(e->u.func.def) == SS_VOLATILE);
}

/* ---- WHERE conjuncts over a FROM subquery's projection (PostgreSQL's pulled-up subquery) -- */

typedef struct proj_use_walk {
    const ss_lop *proj;
    ss_arena *arena;
    bool refused, nomem;
} proj_use_walk;

static int unsafe_node(const ss_expr *e, void *arg)
{
    (void)arg;
    return e->kind == EXPR_SUBLINK || once_per_row(e) ? SS_WALK_STOP : SS_WALK_CONTINUE;
}

/* refused when a column the conjunct reads is made by an item that calls something volatile
   or holds a subquery: such an item is evaluated once per row, above the filter */
static int note_project_use(const ss_expr *e, void *arg)
{
    proj_use_walk *w = arg;
    if (once_per_row(e)) {
        w->refused = true; /* a volatile conjunct (a row lock's among them) stays where it is */
        return SS_WALK_STOP;
    }
    if (e->kind == EXPR_COLUMN && e->u.column.rel == w->proj->rel) {
        ss_ptrmap seen;
        ss_ptrmap_init(&seen, w->arena);
        int rc = ss_expr_walk_const(w->proj->u.project.exprs[e->u.column.index], unsafe_node, NULL, &seen);
        w->nomem = rc == SS_WALK_NOMEM;
        w->refused = rc != SS_WALK_CONTINUE;
    }
    return w->refused ? SS_WALK_STOP : SS_WALK_CONTINUE;
}

/* op: a filter over a projection (a WHERE over a FROM subquery or a view), both copies.  Each
 * conjunct without volatile calls whose columns the projection makes without volatile calls or
 * subqueries filters the projection's input instead, over the items' expressions, so that rows it rejects are never
 * projected (nor the projection's errors raised for them), as after PostgreSQL pulls the
 * subquery up.  *opp becomes the projection when nothing is left above. */
static int where_below_project(planner *p, ss_lop **opp)
{
    ss_lop *op = *opp, *proj = op->children[0];
    conj_list in = {0}, stay = {0}, down = {0};
    if (conj_split(p, op->u.filter.pred, &in))
        return SS_ERROR;
    ss_ptrmap memo;
    ss_ptrmap_init(&memo, p->arena);
    for (uint32_t i = 0; i < in.n; i++) {
        proj_use_walk w = {proj, p->arena, false, false};
        ss_ptrmap seen;
        ss_ptrmap_init(&seen, p->arena);
        if (ss_expr_walk_const(in.v[i], note_project_use, &w, &seen) == SS_WALK_NOMEM || w.nomem)
            return ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        ss_expr *below = w.refused ? NULL : columns_substituted(p, proj->rel, proj->u.project.exprs, in.v[i], &memo);
        if (!w.refused && !below)
            return SS_ERROR;
        if (conj_add(p, below ? &down : &stay, below ? below : in.v[i]))
            return SS_ERROR;
    }
    return split_filter(p, opp, proj, &down, &stay);
}

/* Pushes filters down the joins of *opp's tree: *opp becomes a rewritten copy of the path
 * down to each join (the operators without children are shared). */
static int push_down(planner *p, ss_lop **opp)
{
    if (ss_ctx_check_stack(p->ctx))
        return SS_ERROR;
    if (!(*opp)->nchildren)
        return SS_OK;
    ss_lop *op = lop_clone(p, *opp);
    if (!op)
        return SS_ERROR;
    *opp = op;
    while (op->kind == LOP_FILTER && op->children[0]->kind == LOP_PROJECT && !op->children[0]->u.project.barrier &&
           op->u.filter.pred->kind != EXPR_CONST) {
        if (!(op->children[0] = lop_clone(p, op->children[0])) || where_below_project(p, opp))
            return SS_ERROR;
        if (*opp == op)
            break; /* what is left stays above */
        op = *opp; /* the projection (a copy): its input, now filtered, is pushed on below */
    }
    if (op->kind == LOP_FILTER && op->children[0]->kind == LOP_AGGREGATE && op->u.filter.pred->kind != EXPR_CONST) {
        if (!(op->children[0] = lop_clone(p, op->children[0])) || having_to_where(p, opp))
            return SS_ERROR;
        op = *opp;
    }
    if (op->kind == LOP_FILTER && op->children[0]->kind == LOP_JOIN && op->u.filter.pred->kind != EXPR_CONST) {
        ss_expr *pred = op->u.filter.pred;
        if (!(op->children[0] = lop_clone(p, op->children[0])) || push_into_join(p, op->children[0], &pred))
            return SS_ERROR;
        if (!pred)
            *opp = op = op->children[0];
        else
            op->u.filter.pred = pred;
        if (op->kind == LOP_FILTER)
            op = op->children[0];
    } else if (op->kind == LOP_FILTER && op->children[0]->kind == LOP_JOIN) {
        if (!(op->children[0] = lop_clone(p, op->children[0])))
            return SS_ERROR;
        op = op->children[0];
    } else if (op->kind == LOP_JOIN && push_into_join(p, op, NULL)) {
        return SS_ERROR;
    }
    /* a join's condition was pushed once above: its children's turn */
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (push_down(p, &op->children[i]))
            return SS_ERROR;
    return SS_OK;
}

/* A join's input that is itself a join keeps only the columns read outside the input's own
 * tree (by this join or above it), when that drops more columns than it keeps: a project's
 * copy of the kept ones then costs less than carrying the others through this join. */
static int trim_join_input(planner *p, ss_lop *child, ss_plan **plan, layout *lay)
{
    if (child->kind != LOP_JOIN || !lay->n)
        return SS_OK;
    ss_read_counts within;
    if (ss_read_counts_init(p->ctx, p->arena, child, p->nrels, &within) ||
        ss_read_counts_add(p->ctx, p->arena, child, &within))
        return SS_ERROR;
    binding *b = pl_alloc(p, sizeof *b * lay->n);
    ss_expr **cols = pl_alloc(p, sizeof *cols * lay->n);
    const char **names = pl_alloc(p, sizeof *names * lay->n);
    if (!b || !cols || !names)
        return SS_ERROR;
    uint32_t k = 0;
    for (uint32_t i = 0; i < lay->n; i++) {
        binding c = lay->cols[i];
        if (ss_read_count(&p->reads, c.rel, c.col) <= ss_read_count(&within, c.rel, c.col))
            continue;
        if (!(cols[k] = column_at(p, i, (*plan)->col_types[i])))
            return SS_ERROR;
        names[k] = (*plan)->col_names[i];
        b[k++] = c;
    }
    if (lay->n - k <= k)
        return SS_OK;
    *lay = (layout){k, b};
    *plan = plan_project(&p->pb, *plan, k, (const ss_expr *const *)cols, names);
    return *plan ? SS_OK : SS_ERROR;
}

static bool reads_worktable(const ss_lop *op);

static int plan_join(planner *p, ss_lop *op, ss_plan **out, layout *lay)
{
    /* the worktable changes at each round of a recursive union, but a join keeps its right
       input across rescans: the worktable goes to the left of an inner join (not of a
       LATERAL one, whose right side is rescanned for each left row anyway) */
    if (op->u.join.type == SS_JOIN_INNER && !op->u.join.lateral && reads_worktable(op->children[1]) &&
        !reads_worktable(op->children[0])) {
        ss_lop *l = op->children[0];
        op->children[0] = op->children[1];
        op->children[1] = l;
    }
    ss_plan *left, *right;
    layout lin, rin;
    ss_lateral lat = {0};
    if (plan_node(p, op->children[0], &left, &lin) ||
        (op->u.join.lateral && ss_lateral_params(p->ctx, p->arena, p->sub, op, p->outer, p->nouter, &lat)))
        return SS_ERROR;
    /* LATERAL: the right side reads the left side's columns as exec parameters */
    const ss_outer_param *outer = p->outer;
    uint32_t nouter = p->nouter;
    if (lat.n) {
        p->outer = lat.outer;
        p->nouter = lat.nouter;
    }
    int rc = plan_node(p, op->children[1], &right, &rin);
    p->outer = outer;
    p->nouter = nouter;
    if (rc || trim_join_input(p, op->children[0], &left, &lin) || trim_join_input(p, op->children[1], &right, &rin))
        return SS_ERROR;
    /* a join that yields nothing because a side does (PostgreSQL's dummy join) runs neither */
    if (ss_join_yields_nothing(op->u.join.type, ss_plan_yields_nothing(left), ss_plan_yields_nothing(right)) &&
        (!(left = plan_values(&p->pb, left->ncols, left->col_types, left->col_names, 0, NULL)) ||
         !(right = plan_values(&p->pb, right->ncols, right->col_types, right->col_names, 0, NULL))))
        return SS_ERROR;
    binding *b = pl_alloc(p, sizeof(binding) * (lin.n + rin.n));
    if (!b)
        return SS_ERROR;
    if (lin.n)
        memcpy(b, lin.cols, sizeof(binding) * lin.n);
    if (rin.n)
        memcpy(b + lin.n, rin.cols, sizeof(binding) * rin.n);
    *lay = (layout){lin.n + rin.n, b}; /* the condition's input */
    bool *lrels, *rrels;
    if (join_sides(p, op, &lrels, &rrels))
        return SS_ERROR;
    conj_list conds = {0}, lkeys = {0}, rkeys = {0}, rest = {0};
    if (op->u.join.cond && conj_split(p, op->u.join.cond, &conds))
        return SS_ERROR;
    for (uint32_t i = 0; i < conds.n; i++) {
        ss_expr *c = conds.v[i];
        int ls = 0, rs = 0;
        if (c->kind == EXPR_OP && c->u.op.op == OP_EQ && c->u.op.right &&
            ss_join_hashable_pair(c->u.op.left->type, c->u.op.right->type) &&
            (side_of(p, c->u.op.left, lrels, rrels, &ls) || side_of(p, c->u.op.right, lrels, rrels, &rs)))
            return SS_ERROR;
        if (ls == 1 && rs == 2) {
            if (conj_add(p, &lkeys, c->u.op.left) || conj_add(p, &rkeys, c->u.op.right))
                return SS_ERROR;
        } else if (ls == 2 && rs == 1) {
            if (conj_add(p, &lkeys, c->u.op.right) || conj_add(p, &rkeys, c->u.op.left))
                return SS_ERROR;
        } else if (conj_add(p, &rest, c)) {
            return SS_ERROR;
        }
    }
    if (lat.n) { /* every conjunct is evaluated over the pairs of each left row */
        rest = conds;
        lkeys.n = rkeys.n = 0;
    }
    ss_expr *residual;
    if (conj_and(p, &rest, &residual))
        return SS_ERROR;
    ss_expr **fixed_res = NULL;
    if (residual && (!(fixed_res = fix_exprs(p, &residual, 1, lay)) ||
                     !(fixed_res[0] = ss_order_quals(p->ctx, p->arena, fixed_res[0]))))
        return SS_ERROR;
    const ss_expr *res = fixed_res ? fixed_res[0] : NULL;
    if (op->u.join.type == SS_JOIN_SEMI || op->u.join.type == SS_JOIN_ANTI)
        lay->n = lin.n; /* the output: the left columns only */
    /* PostgreSQL's FULL JOIN needs a merge- or hash-joinable condition (or a constant one) */
    if (op->u.join.type == SS_JOIN_FULL && lkeys.n == 0 && res && res->kind != EXPR_CONST)
        return ss_ctx_error(p->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "FULL JOIN is only supported with merge-joinable or hash-joinable join conditions");
    if (lat.n) {
        ss_expr **setters = fix_exprs(p, lat.setters, lat.n, &lin);
        *out = setters ? plan_nested_loop_param(&p->pb, op->u.join.type, left, right, res, lat.n,
                                                (const ss_expr *const *)setters, lat.assigned)
                       : NULL;
        return *out ? SS_OK : SS_ERROR;
    }
    if (lkeys.n == 0) {
        *out = plan_nested_loop(&p->pb, op->u.join.type, left, right, res);
        return *out ? SS_OK : SS_ERROR;
    }
    ss_expr **lk = fix_exprs(p, lkeys.v, lkeys.n, &lin), **rk = lk ? fix_exprs(p, rkeys.v, rkeys.n, &rin) : NULL;
    if (!rk)
        return SS_ERROR;
    *out = plan_hash_join(&p->pb, op->u.join.type, left, right, lkeys.n, (const ss_expr *const *)lk,
                          (const ss_expr *const *)rk, res);
    return *out ? SS_OK : SS_ERROR;
}

/* Copies of the calls' FILTER, ORDER BY, extra and direct arguments with input positions. */
static int fix_agg_extras(planner *p, ss_agg_extra *const *extras, uint32_t na, const layout *in,
                          const ss_agg_extra ***out)
{
    const ss_agg_extra **fixed = pl_alloc(p, sizeof *fixed * (na ? na : 1));
    if (!fixed)
        return SS_ERROR;
    for (uint32_t i = 0; i < na; i++) {
        const ss_agg_extra *x = extras[i];
        fixed[i] = NULL;
        if (!x)
            continue;
        ss_agg_extra *c = pl_alloc(p, sizeof *c);
        if (!c)
            return SS_ERROR;
        *c = *x;
        if ((x->nargs && !(c->args = (const ss_expr *const *)fix_exprs(p, (ss_expr **)x->args, x->nargs, in))) ||
            (x->norder && !(c->order = (const ss_expr *const *)fix_exprs(p, (ss_expr **)x->order, x->norder, in))) ||
            (x->ndirect && !(c->direct = (const ss_expr *const *)fix_exprs(p, (ss_expr **)x->direct, x->ndirect, in))))
            return SS_ERROR;
        if (x->filter) {
            ss_expr *f = (ss_expr *)x->filter;
            ss_expr **ff = fix_exprs(p, &f, 1, in);
            if (!ff)
                return SS_ERROR;
            c->filter = ff[0];
        }
        fixed[i] = c;
    }
    *out = fixed;
    return SS_OK;
}

static int plan_aggregate_op(planner *p, ss_lop *op, ss_plan *child, const layout *in, ss_plan **out,
                             layout *lay)
{
    uint32_t ng = op->u.aggregate.ngroups, na = op->u.aggregate.naggs;
    ss_expr **groups = fix_exprs(p, op->u.aggregate.groups, ng, in);
    ss_agg_call *aggs = pl_alloc(p, sizeof(ss_agg_call) * na);
    ss_expr **args = pl_alloc(p, sizeof(ss_expr *) * na);
    if (!groups || !aggs || !args)
        return SS_ERROR;
    for (uint32_t i = 0; i < na; i++)
        args[i] = (ss_expr *)op->u.aggregate.aggs[i].arg;
    ss_expr **fixed_args = fix_exprs(p, args, na, in);
    if (!fixed_args)
        return SS_ERROR;
    for (uint32_t i = 0; i < na; i++) {
        aggs[i] = op->u.aggregate.aggs[i];
        aggs[i].arg = fixed_args[i];
    }
    const ss_agg_extra **extras = NULL;
    if (op->u.aggregate.extras && fix_agg_extras(p, op->u.aggregate.extras, na, in, &extras))
        return SS_ERROR;
    if (own_layout(p, op->rel, ng + na, lay))
        return SS_ERROR;
    *out = plan_aggregate_ex(&p->pb, child, ng, (const ss_expr *const *)groups, na, aggs,
                             (const ss_agg_extra *const *)extras, op->names);
    return *out ? SS_OK : SS_ERROR;
}

/* A projection of the items some operator above reads (all of them at the root, below a set
 * operation or DISTINCT: prune.c). */
static int plan_project_op(planner *p, const ss_lop *op, ss_plan *child, const layout *in, ss_plan **out,
                           layout *lay)
{
    uint32_t n = op->u.project.n, k = 0;
    const bool *need = op->rel <= p->nrels ? p->used[op->rel] : NULL;
    ss_expr **items = pl_alloc(p, sizeof *items * n);
    const char **names = pl_alloc(p, sizeof *names * n);
    binding *b = pl_alloc(p, sizeof *b * n);
    if (!items || !names || !b)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        if (!need || need[i]) {
            items[k] = op->u.project.exprs[i];
            names[k] = op->names ? op->names[i] : NULL;
            b[k++] = (binding){op->rel, i};
        }
    ss_expr **exprs = fix_exprs(p, items, k, in);
    if (!exprs)
        return SS_ERROR;
    *lay = (layout){k, b};
    *out = plan_project(&p->pb, child, k, (const ss_expr *const *)exprs, op->names ? names : NULL);
    return *out ? SS_OK : SS_ERROR;
}

/* DISTINCT: an aggregate node grouping by every column of its input. */
static int plan_distinct(planner *p, ss_plan *child, ss_plan **out)
{
    uint32_t n = child->ncols;
    ss_expr **cols = pl_alloc(p, sizeof(ss_expr *) * n);
    if (!cols)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        if (!(cols[i] = column_at(p, i, child->col_types[i])))
            return SS_ERROR;
    *out = plan_aggregate(&p->pb, child, n, (const ss_expr *const *)cols, 0, NULL, child->col_names);
    return *out ? SS_OK : SS_ERROR;
}

/* The input positions of sort (or unique) keys: the binder makes them columns of the input. */
static int key_positions(planner *p, const ss_lsort_key *lkeys, uint32_t n, const layout *in, ss_sort_key **out)
{
    ss_sort_key *keys = pl_alloc(p, sizeof(ss_sort_key) * (n ? n : 1));
    if (!keys)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++) {
        const ss_lsort_key *k = &lkeys[i];
        uint32_t pos = 0;
        while (k->expr->kind == EXPR_COLUMN && pos < in->n &&
               (in->cols[pos].rel != k->expr->u.column.rel || in->cols[pos].col != k->expr->u.column.index))
            pos++;
        if (k->expr->kind != EXPR_COLUMN || pos == in->n)
            return ss_ctx_error(p->ctx, SS_SQLSTATE_INTERNAL_ERROR, "sort key is not a column of its input");
        keys[i] = (ss_sort_key){.column = pos, .descending = k->descending, .nulls_first = k->nulls_first};
    }
    *out = keys;
    return SS_OK;
}

/* The columns of n keys. */
static uint32_t *key_columns(planner *p, const ss_sort_key *keys, uint32_t n)
{
    uint32_t *cols = pl_alloc(p, sizeof(uint32_t) * (n ? n : 1));
    for (uint32_t i = 0; cols && i < n; i++)
        cols[i] = keys[i].column;
    return cols;
}

/* LIMIT / OFFSET, and WITH TIES' columns. */
static int plan_limit_op(planner *p, const ss_lop *op, ss_plan *child, const layout *in, ss_plan **out)
{
    ss_sort_key *keys = NULL;
    uint32_t *ties = NULL, n = op->u.limit.nties;
    if (n && (key_positions(p, op->u.limit.ties, n, in, &keys) || !(ties = key_columns(p, keys, n))))
        return SS_ERROR;
    /* the expressions may hold subqueries whose outer columns need positions */
    ss_expr *lim[2] = {op->u.limit.limit, op->u.limit.offset}, **fixed = fix_exprs(p, lim, 2, in);
    if (!fixed)
        return SS_ERROR;
    *out = plan_limit_ties(&p->pb, child, fixed[0], fixed[1], n, ties);
    return *out ? SS_OK : SS_ERROR;
}

static int plan_sort_op(planner *p, const ss_lop *op, ss_plan *child, const layout *in, ss_plan **out)
{
    ss_sort_key *keys = NULL;
    if (key_positions(p, op->u.sort.keys, op->u.sort.nkeys, in, &keys))
        return SS_ERROR;
    if (op->kind == LOP_UNIQUE) {
        uint32_t *cols = key_columns(p, keys, op->u.sort.nkeys);
        if (!cols)
            return SS_ERROR;
        *out = plan_unique(&p->pb, child, op->u.sort.nkeys, cols);
    } else {
        *out = plan_sort(&p->pb, child, op->u.sort.nkeys, keys);
    }
    return *out ? SS_OK : SS_ERROR;
}

/* ---- windows ------------------------------------------------------------------------- */

/* Whether child is a window node whose input sort (partition columns ascending, then its
 * order keys) begins with keys[0..n): then its output is already in that order. */
static bool sorted_by(const ss_plan *child, const ss_sort_key *keys, uint32_t n)
{
    const ss_window_node *w = SS_PLAN_NODE_AS(child, SS_NODE_WINDOW, ss_window_node);
    if (!w || n > w->npartition + w->norder)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        ss_sort_key k = i < w->npartition ? (ss_sort_key){.column = w->partition[i]} : w->order[i - w->npartition];
        if (k.column != keys[i].column || k.descending != keys[i].descending || k.nulls_first != keys[i].nulls_first)
            return false;
    }
    return true;
}

/* A window operator: its keys as input columns (computed by a projection below when they are
 * expressions), a sort on them unless the window below left its rows so, then the node. */
static int plan_window_op(planner *p, const ss_lop *op, ss_plan *child, const layout *in, ss_plan **out, layout *lay)
{
    uint32_t np = op->u.window.npartition, no = op->u.window.norder, nk = np + no, nc = op->u.window.ncalls;
    ss_expr **keys = pl_alloc(p, sizeof(ss_expr *) * (nk ? nk : 1));
    if (!keys)
        return SS_ERROR;
    for (uint32_t i = 0; i < nk; i++)
        keys[i] = i < np ? op->u.window.partition[i] : op->u.window.order[i - np].expr;
    ss_expr **fixed_keys = fix_exprs(p, keys, nk, in);
    if (!fixed_keys)
        return SS_ERROR;
    for (uint32_t i = 0; i < nk; i++) /* a key a window below computed already */
        for (uint32_t w = 0; fixed_keys[i]->kind != EXPR_COLUMN && w < p->nwkeys; w++)
            for (uint32_t c = 0; p->wkey_exprs[w] == keys[i] && c < in->n; c++)
                if (in->cols[c].rel == p->wkey_binds[w].rel && in->cols[c].col == p->wkey_binds[w].col &&
                    !(fixed_keys[i] = column_at(p, c, keys[i]->type)))
                    return SS_ERROR;
    uint32_t extra = 0;
    for (uint32_t i = 0; i < nk; i++)
        extra += fixed_keys[i]->kind != EXPR_COLUMN;
    layout cur = *in;
    uint32_t *pos = pl_alloc(p, sizeof(uint32_t) * (nk ? nk : 1));
    if (!pos)
        return SS_ERROR;
    if (extra) { /* the input's columns and the key expressions */
        uint32_t n = in->n + extra, k = in->n;
        ss_expr **items = pl_alloc(p, sizeof(ss_expr *) * n);
        binding *b = pl_alloc(p, sizeof(binding) * n);
        if (!items || !b)
            return SS_ERROR;
        for (uint32_t i = 0; i < in->n; i++) {
            if (!(items[i] = column_at(p, i, child->col_types[i])))
                return SS_ERROR;
            b[i] = in->cols[i];
        }
        for (uint32_t i = 0; i < nk; i++) {
            if (fixed_keys[i]->kind == EXPR_COLUMN)
                continue;
            items[k] = fixed_keys[i];
            b[k] = (binding){op->rel, nc + (k - in->n)};
            if (pl_reserve(p, (void **)&p->wkey_exprs, &p->cap_wkeys, p->nwkeys, sizeof *p->wkey_exprs))
                return SS_ERROR;
            uint32_t cap = p->nwkeys;
            if (pl_reserve(p, (void **)&p->wkey_binds, &cap, p->nwkeys, sizeof *p->wkey_binds))
                return SS_ERROR;
            p->wkey_exprs[p->nwkeys] = keys[i];
            p->wkey_binds[p->nwkeys++] = b[k];
            if (!(fixed_keys[i] = column_at(p, k, items[k]->type)))
                return SS_ERROR;
            k++;
        }
        if (!(child = plan_project(&p->pb, child, n, (const ss_expr *const *)items, NULL)))
            return SS_ERROR;
        cur = (layout){n, b};
    }
    ss_sort_key *sk = pl_alloc(p, sizeof(ss_sort_key) * (nk ? nk : 1));
    if (!sk)
        return SS_ERROR;
    for (uint32_t i = 0; i < nk; i++) {
        pos[i] = fixed_keys[i]->u.column.index;
        sk[i] = i < np ? (ss_sort_key){.column = pos[i]}
                       : (ss_sort_key){.column = pos[i], .descending = op->u.window.order[i - np].descending,
                                       .nulls_first = op->u.window.order[i - np].nulls_first};
    }
    if (nk && !sorted_by(child, sk, nk) && !(child = plan_sort(&p->pb, child, nk, sk)))
        return SS_ERROR;
    ss_window_node spec;
    memset(&spec, 0, sizeof spec);
    spec.npartition = np;
    spec.norder = no;
    spec.partition = pos;
    spec.order = sk + np;
    spec.frame = op->u.window.frame;
    spec.ncalls = nc;
    ss_expr *offs[4] = {op->u.window.start_offset, op->u.window.end_offset, op->u.window.start_neg,
                        op->u.window.end_neg};
    ss_expr **fo = fix_exprs(p, offs, 4, &cur);
    const ss_window_call **calls = pl_alloc(p, sizeof *calls * (nc ? nc : 1));
    if (!fo || !calls)
        return SS_ERROR;
    spec.start_offset = fo[0], spec.end_offset = fo[1], spec.start_neg = fo[2], spec.end_neg = fo[3];
    for (uint32_t i = 0; i < nc; i++) {
        const ss_window_call *c = op->u.window.calls[i];
        ss_window_call *f = pl_alloc(p, sizeof *f);
        if (!f)
            return SS_ERROR;
        *f = *c;
        if (c->nargs && !(f->args = (const ss_expr *const *)fix_exprs(p, (ss_expr **)c->args, c->nargs, &cur)))
            return SS_ERROR;
        if (c->filter) {
            ss_expr *flt = (ss_expr *)c->filter, **ff = fix_exprs(p, &flt, 1, &cur);
            if (!ff)
                return SS_ERROR;
            f->filter = ff[0];
        }
        calls[i] = f;
    }
    spec.calls = calls;
    binding *b = pl_alloc(p, sizeof(binding) * (cur.n + nc));
    if (!b)
        return SS_ERROR;
    if (cur.n)
        memcpy(b, cur.cols, sizeof(binding) * cur.n);
    for (uint32_t i = 0; i < nc; i++)
        b[cur.n + i] = (binding){op->rel, i};
    *lay = (layout){cur.n + nc, b};
    *out = plan_window(&p->pb, child, &spec);
    return *out ? SS_OK : SS_ERROR;
}

/* ---- set operations ------------------------------------------------------------------ */

/* The columns of a relation of ncols columns that a node computes: those flagged in want (all
 * when want is NULL; column 0 when none is, so that rows keep a column to be counted by). */
static int wanted_columns(planner *p, uint32_t ncols, const bool *want, uint32_t **cols, uint32_t *n)
{
    uint32_t *c = pl_alloc(p, sizeof(uint32_t) * (ncols ? ncols : 1)), k = 0;
    if (!c)
        return SS_ERROR;
    for (uint32_t i = 0; i < ncols; i++)
        if (!want || want[i])
            c[k++] = i;
    if (k == 0 && ncols)
        c[k++] = 0;
    *cols = c;
    *n = k;
    return SS_OK;
}

/* op planned so that its output is exactly its columns cols[0..n), in order. */
static int plan_columns(planner *p, ss_lop *op, const uint32_t *cols, uint32_t n, ss_plan **out)
{
    layout in;
    if (plan_node(p, op, out, &in))
        return SS_ERROR;
    bool identity = in.n == n;
    for (uint32_t i = 0; identity && i < in.n; i++)
        identity = in.cols[i].rel == op->rel && in.cols[i].col == cols[i];
    if (identity)
        return SS_OK;
    ss_expr **refs = pl_alloc(p, sizeof(ss_expr *) * (n ? n : 1));
    const char **names = pl_alloc(p, sizeof(char *) * (n ? n : 1));
    if (!refs || !names)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++) {
        if (!(refs[i] = pl_alloc(p, sizeof *refs[i])))
            return SS_ERROR;
        refs[i]->kind = EXPR_COLUMN;
        refs[i]->type = op->types[cols[i]];
        refs[i]->u.column.rel = op->rel;
        refs[i]->u.column.index = cols[i];
        names[i] = op->names ? op->names[cols[i]] : NULL;
    }
    ss_expr **fixed = fix_exprs(p, refs, n, &in);
    if (!fixed)
        return SS_ERROR;
    *out = plan_project(&p->pb, *out, n, (const ss_expr *const *)fixed, op->names ? names : NULL);
    return *out ? SS_OK : SS_ERROR;
}

/* op planned so that its output is exactly its columns 0..ncols-1, in order. */
static int plan_whole(planner *p, ss_lop *op, ss_plan **out)
{
    uint32_t *cols, n;
    return wanted_columns(p, op->ncols, NULL, &cols, &n) || plan_columns(p, op, cols, n, out) ? SS_ERROR : SS_OK;
}

/* The layout of a node making relation rel's columns cols[0..n), and their types and names. */
static int narrowed_layout(planner *p, const ss_lop *op, const uint32_t *cols, uint32_t n, layout *lay,
                           ss_type **types, const char ***names)
{
    binding *b = pl_alloc(p, sizeof(binding) * (n ? n : 1));
    *types = pl_alloc(p, sizeof(ss_type) * (n ? n : 1));
    *names = pl_alloc(p, sizeof(char *) * (n ? n : 1));
    if (!b || !*types || !*names)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++) {
        b[i] = (binding){op->rel, cols[i]};
        (*types)[i] = op->types[cols[i]];
        (*names)[i] = op->names ? op->names[cols[i]] : NULL;
    }
    *lay = (layout){n, b};
    return SS_OK;
}

typedef struct plan_list {
    ss_plan **v;
    uint32_t n, cap;
} plan_list;

/* The inputs of a UNION's append, each computing columns cols[0..n): a UNION below it that
 * keeps its duplicates (or any UNION below a UNION that drops them) adds its own inputs, as
 * PostgreSQL flattens them. */
static int collect_union(planner *p, const ss_lop *op, const uint32_t *cols, uint32_t n, plan_list *l)
{
    for (uint32_t i = 0; i < op->nchildren; i++) {
        ss_lop *c = op->children[i];
        if (c->kind == LOP_SETOP && c->u.setop.op == LSETOP_UNION && (c->u.setop.all || !op->u.setop.all)) {
            if (ss_ctx_check_stack(p->ctx) || collect_union(p, c, cols, n, l))
                return SS_ERROR;
            continue;
        }
        if (pl_reserve(p, (void **)&l->v, &l->cap, l->n, sizeof *l->v))
            return SS_ERROR;
        if (plan_columns(p, c, cols, n, &l->v[l->n]))
            return SS_ERROR;
        l->n++;
    }
    return SS_OK;
}

/* UNION ALL: an append of the columns read above it (prune.c); UNION: an append then
 * DISTINCT's aggregate; INTERSECT / EXCEPT [ALL]: a setop node. */
static int plan_setop_op(planner *p, ss_lop *op, ss_plan **out, layout *lay)
{
    if (op->u.setop.op == LSETOP_UNION) {
        uint32_t *cols, n;
        ss_type *types;
        const char **names;
        const bool *want = op->u.setop.all && op->rel <= p->nrels ? p->used[op->rel] : NULL;
        if (wanted_columns(p, op->ncols, want, &cols, &n) || narrowed_layout(p, op, cols, n, lay, &types, &names))
            return SS_ERROR;
        plan_list l = {0};
        if (collect_union(p, op, cols, n, &l) || !(*out = plan_append(&p->pb, l.n, l.v, op->names ? names : NULL)))
            return SS_ERROR;
        return op->u.setop.all ? SS_OK : plan_distinct(p, *out, out);
    }
    if (own_layout(p, op->rel, op->ncols, lay))
        return SS_ERROR;
    ss_plan *left, *right;
    if (plan_whole(p, op->children[0], &left) || plan_whole(p, op->children[1], &right))
        return SS_ERROR;
    *out = plan_setop(&p->pb, left, right, op->u.setop.op == LSETOP_INTERSECT ? SS_SETOP_INTERSECT : SS_SETOP_EXCEPT,
                      op->u.setop.all, op->names);
    return *out ? SS_OK : SS_ERROR;
}

/* ---- WITH queries ------------------------------------------------------------------- */

/* A CTE scan, with the query's plan: one_query_per_cte keeps it under one of them. */
static int plan_cte_scan_op(planner *p, ss_lop *op, ss_plan **out, layout *lay)
{
    /* the query computes the columns some reference reads (prune.c): the same ones under
       every reference, since they share its rows */
    ss_lop *q = op->children[0];
    const bool *want = ss_prune_narrowable(p->used, p->nrels, q) ? p->used[q->rel] : NULL;
    uint32_t *cols, n;
    ss_type *types;
    const char **names;
    ss_plan *cte;
    if (wanted_columns(p, op->ncols, want, &cols, &n) || plan_columns(p, q, cols, n, &cte) ||
        narrowed_layout(p, op, cols, n, lay, &types, &names))
        return SS_ERROR;
    *out = plan_cte_scan(&p->pb, op->u.cte.id, op->u.cte.name, cte, n, types, op->names ? names : NULL);
    return *out ? SS_OK : SS_ERROR;
}

/* The first CTE scan of each CTE id in the finished tree (depth first) keeps the query's
 * plan, the others read what it computes: done on the whole tree, since the planner drops
 * subtrees it has planned (an input cut off by a constant-false filter). */
static int one_query_per_cte(planner *p, ss_plan *node)
{
    if (ss_ctx_check_stack(p->ctx))
        return SS_ERROR;
    const ss_cte_scan_node *cs = SS_PLAN_NODE_AS(node, SS_NODE_CTE_SCAN, ss_cte_scan_node);
    if (cs) {
        uint32_t id = cs->cte_id;
        if (id >= p->cte_cap) {
            uint32_t cap = id * 2 + 8;
            bool *v = pl_alloc(p, cap);
            if (!v)
                return SS_ERROR;
            memset(v, 0, cap);
            if (p->cte_cap)
                memcpy(v, p->cte_planned, p->cte_cap);
            p->cte_planned = v;
            p->cte_cap = cap;
        }
        if (p->cte_planned[id]) {
            plan_cte_scan_detach(node);
            return SS_OK;
        }
        p->cte_planned[id] = true;
    }
    for (uint32_t i = 0; i < node->nchildren; i++)
        if (one_query_per_cte(p, (ss_plan *)node->children[i]))
            return SS_ERROR;
    return SS_OK;
}

static int plan_cte_op(planner *p, ss_lop *op, ss_plan **out, layout *lay)
{
    if (op->kind == LOP_CTE_SCAN)
        return plan_cte_scan_op(p, op, out, lay);
    if (own_layout(p, op->rel, op->ncols, lay))
        return SS_ERROR;
    if (op->kind == LOP_WORKTABLE_SCAN) {
        *out = plan_worktable_scan(&p->pb, op->u.cte.id, op->u.cte.name, op->ncols, op->types, op->names);
        return *out ? SS_OK : SS_ERROR;
    }
    ss_plan *nonrec, *rec;
    if (plan_whole(p, op->children[0], &nonrec) || plan_whole(p, op->children[1], &rec))
        return SS_ERROR;
    *out = plan_recursive_union(&p->pb, op->u.cte.id, op->u.cte.name, op->u.cte.all, nonrec, rec, op->names);
    return *out ? SS_OK : SS_ERROR;
}

/* Whether a worktable scan is at or below op. */
static bool reads_worktable(const ss_lop *op)
{
    if (op->kind == LOP_WORKTABLE_SCAN)
        return true;
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (reads_worktable(op->children[i]))
            return true;
    return false;
}


/* ---- index scans (index_path.h) ------------------------------------------------------- */

/* The index scan of get (a LOP_GET) for pred and order when it is the cheaper path: *done,
 * *out and *lay (the GET's layout, so what is above reads it as it would the scan). */
static int plan_index_get(planner *p, const ss_lop *get, ss_expr *pred, const ss_index_order *order, ss_plan **out,
                          layout *lay, bool *done)
{
    *done = false;
    const ss_table *t = get->u.get.table;
    ss_index_path path;
    bool found;
    if (ss_index_path_best(p->ctx, p->arena, &p->est, t, get->rel, pred, order, &path, &found))
        return SS_ERROR;
    if (!found)
        return SS_OK;
    ss_plan *scan;
    if (plan_get(p, get, &scan, lay))
        return SS_ERROR;
    const ss_scan_node *sn = (const ss_scan_node *)scan;
    const ss_index *ix = path.ix;
    uint32_t nb = path.neq + path.nin + 3;
    ss_expr **b = pl_alloc(p, sizeof(ss_expr *) * nb);
    if (!b)
        return SS_ERROR;
    uint32_t k = 0;
    for (uint32_t i = 0; i < path.neq; i++)
        b[k++] = path.eq[i];
    for (uint32_t i = 0; i < path.nin; i++)
        b[k++] = path.in[i];
    b[k++] = path.lower;
    b[k++] = path.upper;
    b[k++] = path.residual;
    /* bounds read no column of the table: outer columns become parameters */
    ss_expr **fixed = fix_exprs(p, b, k, lay);
    if (!fixed)
        return SS_ERROR;
    ss_index_scan_node tmpl = {
        .table = t, .ncols = sn->ncols, .nkeys = ix->nkeys, .columns = sn->columns, .index = ix->vt,
        .index_handle = ix->handle, .index_name = ix->name, .key_types = ix->types, .key_flags = ix->flags,
        .backward = path.backward, .lower_inclusive = path.lower_inclusive, .upper_inclusive = path.upper_inclusive,
        .neq = path.neq, .eq = (const ss_expr *const *)fixed, .nin = path.nin,
        .in = (const ss_expr *const *)fixed + path.neq, .lower = fixed[k - 3], .upper = fixed[k - 2],
        .filter = fixed[k - 1] ? ss_order_quals(p->ctx, p->arena, fixed[k - 1]) : NULL,
        .index_cond = path.cond_text,
        .filter_text = path.residual ? ss_index_path_deparse(p->arena, t, get->rel, path.residual) : NULL,
        .eq_types = path.eq_types, .bound_type = path.bound_type, .rowids_fixed = sn->rowids_fixed};
    if (fixed[k - 1] && !tmpl.filter)
        return SS_ERROR;
    if (!(*out = plan_index_scan(&p->pb, &tmpl, path.rows)))
        return SS_ERROR;
    *done = true;
    return SS_OK;
}

/* LIMIT over ORDER BY over a projection of one table's rows (maybe filtered): the index
 * order replaces the sort when that is cheaper (PostgreSQL's ORDER BY ... LIMIT on an
 * index).  *done when it planned op. */
static int plan_index_order(planner *p, ss_lop *op, ss_plan **out, layout *lay, bool *done)
{
    *done = false;
    ss_lop *sort = op->children[0];
    if (sort->kind != LOP_SORT || sort->children[0]->kind != LOP_PROJECT || op->u.limit.nties || !op->u.limit.limit ||
        op->u.limit.limit->kind != EXPR_CONST || op->u.limit.limit->u.cnst.is_null)
        return SS_OK;
    ss_lop *proj = sort->children[0], *below = proj->children[0];
    ss_expr *pred = NULL;
    if (below->kind == LOP_FILTER) {
        pred = below->u.filter.pred;
        below = below->children[0];
    }
    if (below->kind != LOP_GET)
        return SS_OK;
    uint32_t n = sort->u.sort.nkeys;
    uint32_t *cols = pl_alloc(p, sizeof(uint32_t) * n);
    bool *desc = pl_alloc(p, sizeof(bool) * n), *nf = pl_alloc(p, sizeof(bool) * n);
    const ss_expr **exprs = pl_alloc(p, sizeof(ss_expr *) * n); /* an expression index's keys */
    if (!cols || !desc || !nf || !exprs)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++) {
        const ss_expr *k = sort->u.sort.keys[i].expr;
        if (k->kind != EXPR_COLUMN || k->u.column.rel != proj->rel || k->u.column.index >= proj->u.project.n)
            return SS_OK;
        const ss_expr *c = proj->u.project.exprs[k->u.column.index];
        bool column = c->kind == EXPR_COLUMN && c->u.column.rel == below->rel;
        cols[i] = column ? c->u.column.index : UINT32_MAX;
        exprs[i] = column ? NULL : c;
        desc[i] = sort->u.sort.keys[i].descending;
        nf[i] = sort->u.sort.keys[i].nulls_first;
    }
    double limit = (double)op->u.limit.limit->u.cnst.v.i;
    const ss_expr *off = op->u.limit.offset;
    if (off && off->kind == EXPR_CONST && !off->u.cnst.is_null)
        limit += (double)off->u.cnst.v.i;
    else if (off)
        limit = -1;
    ss_index_order order = {n, cols, desc, nf, limit, exprs};
    ss_plan *scan, *projected;
    layout in, play;
    if (plan_index_get(p, below, pred, &order, &scan, &in, done))
        return SS_ERROR;
    if (!*done)
        return SS_OK;
    if (plan_project_op(p, proj, scan, &in, &projected, &play))
        return SS_ERROR;
    plan_set_estimate(projected, ss_est_rows(&p->est, proj));
    *lay = play;
    return plan_limit_op(p, op, projected, &play, out);
}

static int not_pseudo_constant(const ss_expr *e, void *arg)
{
    (void)arg;
    return e->kind == EXPR_COLUMN || once_per_row(e) ? SS_WALK_STOP : SS_WALK_CONTINUE;
}

/* PostgreSQL's pseudo-constant quals: the conjuncts of *pred that read no column of the
 * input (constants, parameters, uncorrelated subqueries) and call nothing volatile move to
 * *one_time, which the filter checks once before reading its input (a gating Result), so
 * that when one is false the input is never read nor its expressions evaluated.  *pred
 * keeps the rest, or becomes the constant TRUE. */
static int split_one_time(planner *p, ss_expr **pred, ss_expr **one_time)
{
    if ((*pred)->kind == EXPR_CONST)
        return SS_OK;
    conj_list all = {0}, once = {0}, rest = {0};
    if (conj_split(p, *pred, &all))
        return SS_ERROR;
    for (uint32_t i = 0; i < all.n; i++) {
        ss_ptrmap seen;
        ss_ptrmap_init(&seen, p->arena);
        int rc = ss_expr_walk_const(all.v[i], not_pseudo_constant, NULL, &seen);
        if (rc == SS_WALK_NOMEM)
            return ss_ctx_error(p->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (conj_add(p, rc == SS_WALK_CONTINUE ? &once : &rest, all.v[i]))
            return SS_ERROR;
    }
    if (!once.n)
        return SS_OK;
    if (conj_and(p, &once, one_time) || conj_and(p, &rest, pred))
        return SS_ERROR;
    if (!*pred) {
        ss_expr *t = pl_alloc(p, sizeof *t);
        if (!t)
            return SS_ERROR;
        memset(t, 0, sizeof *t);
        t->kind = EXPR_CONST;
        t->type = (*one_time)->type;
        t->u.cnst.v.b = true;
        *pred = t;
    }
    return SS_OK;
}

static int plan_node_kind(planner *p, ss_lop *op, ss_plan **out, layout *lay)
{
    if (ss_ctx_check_stack(p->ctx))
        return SS_ERROR;
    if (op->kind == LOP_CTE_SCAN || op->kind == LOP_RECURSIVE_UNION || op->kind == LOP_WORKTABLE_SCAN)
        return plan_cte_op(p, op, out, lay);
    if (op->kind == LOP_SETOP)
        return plan_setop_op(p, op, out, lay);
    if (op->kind == LOP_GET)
        return plan_get(p, op, out, lay);
    if (op->kind == LOP_VALUES) {
        uint32_t n = op->u.values.nrows * op->ncols;
        layout none = {0, NULL};
        ss_expr **exprs = fix_exprs(p, op->u.values.exprs, n, &none);
        if (!exprs || own_layout(p, op->rel, op->ncols, lay))
            return SS_ERROR;
        *out = plan_values(&p->pb, op->ncols, op->types, op->names, op->u.values.nrows,
                           (const ss_expr *const *)exprs);
        return *out ? SS_OK : SS_ERROR;
    }
    if (op->kind == LOP_JOIN)
        return plan_join(p, op, out, lay);
    if (op->kind == LOP_LIMIT || (op->kind == LOP_FILTER && op->children[0]->kind == LOP_GET)) {
        bool done;
        if (op->kind == LOP_LIMIT ? plan_index_order(p, op, out, lay, &done)
                                  : plan_index_get(p, op->children[0], op->u.filter.pred, NULL, out, lay, &done))
            return SS_ERROR;
        if (done)
            return SS_OK;
    }
    if (op->kind == LOP_FUNCTION) {
        layout none = {0, NULL};
        ss_expr **args = fix_exprs(p, op->u.function.args, op->u.function.nargs, &none);
        if (!args || own_layout(p, op->rel, op->ncols, lay))
            return SS_ERROR;
        *out = plan_function_scan(&p->pb, op->u.function.name, op->u.function.nargs, (const ss_expr *const *)args,
                                  op->u.function.ordinality, op->ncols, op->types, op->names);
        return *out ? SS_OK : SS_ERROR;
    }
    ss_plan *child;
    layout in;
    if (plan_node(p, op->children[0], &child, &in))
        return SS_ERROR;
    switch (op->kind) {
    case LOP_FILTER: {
        ss_expr **pred = fix_exprs(p, &op->u.filter.pred, 1, &in);
        if (!pred || !(pred[0] = ss_order_quals(p->ctx, p->arena, pred[0])))
            return SS_ERROR;
        /* a predicate folded to constant FALSE or NULL reads nothing (PostgreSQL's one-time
           filter): an empty VALUES of the same schema replaces the input */
        const ss_expr *e = pred[0];
        if (e->kind == EXPR_CONST && (e->u.cnst.is_null || !e->u.cnst.v.b) &&
            !(child = plan_values(&p->pb, child->ncols, child->col_types, child->col_names, 0,
                                  NULL)))
            return SS_ERROR;
        ss_expr *rest = pred[0], *one_time = NULL;
        if (split_one_time(p, &rest, &one_time))
            return SS_ERROR;
        /* what a backend may skip of the table by the conjuncts (storage.h scan_hint) */
        if (ss_scan_hints_attach(&p->pb, child, rest))
            return SS_ERROR;
        *lay = in;
        *out = plan_gated_filter(&p->pb, child, rest, one_time);
        return *out ? SS_OK : SS_ERROR;
    }
    case LOP_PROJECT:
        return plan_project_op(p, op, child, &in, out, lay);
    case LOP_AGGREGATE:
        return plan_aggregate_op(p, op, child, &in, out, lay);
    case LOP_DISTINCT:
        *lay = in;
        return plan_distinct(p, child, out);
    case LOP_SORT:
    case LOP_UNIQUE:
        *lay = in;
        return plan_sort_op(p, op, child, &in, out);
    case LOP_LIMIT:
        *lay = in;
        return plan_limit_op(p, op, child, &in, out);
    case LOP_WINDOW:
        return plan_window_op(p, op, child, &in, out, lay);
    case LOP_GET:
    case LOP_VALUES:
    case LOP_SETOP:
    case LOP_JOIN:
    case LOP_FUNCTION:
    case LOP_CTE_SCAN:
    case LOP_RECURSIVE_UNION:
    case LOP_WORKTABLE_SCAN:
        break;
    }
    return ss_ctx_error(p->ctx, SS_SQLSTATE_INTERNAL_ERROR, "unrecognized logical operator %d", (int)op->kind);
}

/* The physical node for op, carrying op's estimated rows. */
static int plan_node(planner *p, ss_lop *op, ss_plan **out, layout *lay)
{
    if (plan_node_kind(p, op, out, lay))
        return SS_ERROR;
    plan_set_estimate(*out, ss_est_rows(&p->est, op));
    return SS_OK;
}

int ss_plan_subquery(ss_ctx *ctx, ss_arena *arena, ss_sublink_planning *sub, const ss_outer_param *outer,
                     uint32_t nouter, ss_lop *root, ss_plan **out)
{
    planner p = {.ctx = ctx, .arena = arena, .pb = {.ctx = ctx, .arena = arena}, .sub = sub, .outer = outer,
                 .nouter = nouter};
    *out = NULL;
    if (ss_pull_sublinks(ctx, arena, &root) || ss_reduce_outer_joins(ctx, arena, &root) ||
        ss_limit_below_volatile(ctx, arena, &root) || mark_used_columns(&p, root) || push_down(&p, &root) ||
        ss_est_init(&p.est, ctx, arena, root, p.nrels) || ss_join_order(ctx, arena, &p.est, &root) ||
        ss_read_counts_init(ctx, arena, root, p.nrels, &p.reads) || ss_read_counts_add(ctx, arena, root, &p.reads))
        return SS_ERROR;
    /* a subquery's output is its columns in order (ANY / ALL read them by position) */
    layout lay;
    if (outer ? plan_whole(&p, root, out) : plan_node(&p, root, out, &lay))
        return SS_ERROR;
    /* a subquery's tree runs apart from its query's: its CTE scans share rows among themselves */
    return one_query_per_cte(&p, *out);
}

int ss_plan_query(ss_ctx *ctx, ss_arena *arena, ss_lop *root, ss_plan **out)
{
    ss_sublink_planning sub = {0};
    return ss_plan_subquery(ctx, arena, &sub, NULL, 0, root, out);
}
