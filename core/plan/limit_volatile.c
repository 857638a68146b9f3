/* limit_volatile.c — a projection with volatile items moved above SORT and LIMIT
 * (limit_volatile.h). */
#include "plan/limit_volatile.h"

#include <stdint.h>
#include <string.h>

#include "bind/bind_alter.h"
#include "exec/expr_walk.h"
#include "types/func_volatility.h"
#include "util/arena.h"

static bool has_volatile_item(const ss_lop *proj)
{
    for (uint32_t i = 0; i < proj->u.project.n; i++)
        if (ss_expr_has_volatile(proj->u.project.exprs[i]))
            return true;
    return false;
}

/* A non-negative bigint constant's value, or -1. */
static int64_t const_count(const ss_expr *e)
{
    if (!e || e->kind != EXPR_CONST || e->type.id != SS_TYPE_INT8 || e->u.cnst.is_null || e->u.cnst.v.i < 0)
        return -1;
    return e->u.cnst.v.i;
}

/* Whether e may be computed a second time below the projection: nothing volatile, no
   subquery, no exec-parameter assignment. */
static bool repeatable(const ss_expr *e)
{
    if (e->kind == EXPR_SUBLINK || e->kind == EXPR_SET_PARAM)
        return false;
    if (e->kind == EXPR_FUNC && ss_func_volatility(e->u.func.def) == SS_VOLATILE)
        return false;
    for (uint32_t i = 0, n = ss_expr_nchildren(e); i < n; i++) {
        const ss_expr *c = ss_expr_child_const(e, i);
        if (c && !repeatable(c))
            return false;
    }
    return true;
}

/* e with the columns of proj's relation replaced by the items they name (copies of the
   nodes on the way); *ok false when such an item cannot be computed again. */
static ss_expr *over_input(ss_arena *arena, const ss_lop *proj, ss_expr *e, bool *ok)
{
    if (!*ok)
        return e;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == proj->rel) {
        ss_expr *item = e->u.column.index < proj->u.project.n ? proj->u.project.exprs[e->u.column.index] : NULL;
        *ok = item && repeatable(item);
        return item;
    }
    ss_expr *copy = NULL;
    for (uint32_t i = 0, n = ss_expr_nchildren(e); i < n && *ok; i++) {
        ss_expr *c = *ss_expr_child(e, i);
        ss_expr *r = c ? over_input(arena, proj, c, ok) : NULL;
        if (!*ok || r == c)
            continue;
        if (!copy && !(copy = ss_expr_copy_node(arena, e)))
            return *ok = false, NULL;
        *ss_expr_child(copy, i) = r;
    }
    return copy ? copy : e;
}

/* ---- keys computed by the projection: it is split in two around the sort ---- */

typedef struct splitter {
    ss_ctx *ctx;
    ss_arena *arena;
    const bool *below;   /* the relations made at or below the projection's input */
    uint32_t nbelow;
    uint32_t rel;        /* the lower projection's new relation */
    ss_expr **cols;      /* input columns the volatile items read, in first-use order */
    uint32_t ncols, cap;
    bool refused;        /* a subquery in a volatile item: left as it is */
} splitter;

static ss_expr *new_column(splitter *sp, uint32_t rel, uint32_t index, ss_type type)
{
    ss_expr *c = ss_arena_alloc(sp->arena, sizeof *c);
    if (!c) {
        ss_ctx_error(sp->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    memset(c, 0, sizeof *c);
    c->kind = EXPR_COLUMN;
    c->type = type;
    c->u.column.rel = rel;
    c->u.column.index = index;
    return c;
}

/* The lower projection's column for input column e (added on first use). */
static ss_expr *passed_column(splitter *sp, uint32_t first, const ss_expr *e)
{
    for (uint32_t i = 0; i < sp->ncols; i++)
        if (sp->cols[i]->u.column.rel == e->u.column.rel && sp->cols[i]->u.column.index == e->u.column.index)
            return new_column(sp, sp->rel, first + i, e->type);
    if (sp->ncols == sp->cap) {
        uint32_t cap = sp->cap ? sp->cap * 2 : 8;
        ss_expr **p = ss_arena_alloc(sp->arena, cap * sizeof *p);
        if (!p) {
            ss_ctx_error(sp->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        if (sp->ncols)
            memcpy(p, sp->cols, sp->ncols * sizeof *p);
        sp->cols = p;
        sp->cap = cap;
    }
    sp->cols[sp->ncols++] = (ss_expr *)e;
    return new_column(sp, sp->rel, first + sp->ncols - 1, e->type);
}

/* A volatile item over the lower projection: its input columns replaced by passed ones
   (outer-query columns stay). */
static ss_expr *over_lower(splitter *sp, uint32_t first, ss_expr *e)
{
    if (e->kind == EXPR_SUBLINK) {
        sp->refused = true;
        return e;
    }
    if (e->kind == EXPR_COLUMN)
        return e->u.column.rel <= sp->nbelow && sp->below[e->u.column.rel] ? passed_column(sp, first, e) : e;
    ss_expr *copy = ss_expr_copy_node(sp->arena, e);
    if (!copy) {
        ss_ctx_error(sp->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t i = 0, n = ss_expr_nchildren(e); i < n && !sp->refused; i++) {
        ss_expr **slot = ss_expr_child(copy, i);
        if (*slot && !(*slot = over_lower(sp, first, *slot)))
            return NULL;
    }
    return copy;
}

/* The greatest relation id made under op or named by a column reference there (outer-query
   ones too), subqueries included. */
static void max_rel_under(ss_lop *op, uint32_t *max);
static int max_rel_in(const ss_expr *e, void *arg)
{
    uint32_t *max = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel > *max)
        *max = e->u.column.rel;
    if (e->kind == EXPR_SUBLINK && e->u.sub.lop)
        max_rel_under(e->u.sub.lop, max);
    return SS_WALK_CONTINUE;
}

static int note_rel(ss_lop *op, ss_expr **slot, void *arg)
{
    (void)op;
    if (*slot)
        ss_expr_walk_const(*slot, max_rel_in, arg, NULL);
    return SS_OK;
}

static void max_rel_under(ss_lop *op, uint32_t *max)
{
    uint32_t m = lop_max_rel(op);
    if (m > *max)
        *max = m;
    lop_each_expr(op, note_rel, max);
    for (uint32_t i = 0; i < op->nchildren; i++)
        max_rel_under(op->children[i], max);
}

/* SORT (keys over proj) over proj (volatile items, the keys computing from its other items)
   becomes proj over SORT over a lower projection of a new relation: proj's other items,
   NULL for the volatile ones, then the input columns these read; proj then computes its
   volatile items from those and passes the others through. */
static int split_around_sort(ss_ctx *ctx, ss_arena *arena, ss_lop *top, ss_lop **root)
{
    ss_lop *sort = *root, *proj = sort->children[0], *input = proj->children[0];
    uint32_t n = proj->u.project.n, maxrel = 0;
    max_rel_under(top, &maxrel);
    uint32_t nbelow = lop_max_rel(input);
    bool *below = ss_arena_alloc(arena, (size_t)nbelow + 1);
    ss_expr **high = ss_arena_alloc(arena, (n ? n : 1) * sizeof *high);
    if (!below || !high)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(below, 0, (size_t)nbelow + 1);
    lop_mark_rels(input, below);
    splitter sp = {.ctx = ctx, .arena = arena, .below = below, .nbelow = nbelow, .rel = maxrel + 1};
    for (uint32_t i = 0; i < n && !sp.refused; i++) {
        ss_expr *e = proj->u.project.exprs[i];
        high[i] = ss_expr_has_volatile(e) ? over_lower(&sp, n, e) : new_column(&sp, sp.rel, i, e->type);
        if (!high[i])
            return SS_ERROR;
    }
    if (sp.refused)
        return SS_OK;
    ss_expr **low = ss_arena_alloc(arena, (n + sp.ncols) * sizeof *low);
    ss_lsort_key *keys = ss_arena_alloc(arena, (sort->u.sort.nkeys ? sort->u.sort.nkeys : 1) * sizeof *keys);
    if (!low || !keys)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < n; i++) {
        ss_expr *e = proj->u.project.exprs[i];
        if (!ss_expr_has_volatile(e)) {
            low[i] = e;
            continue;
        }
        if (!(low[i] = ss_arena_alloc(arena, sizeof *low[i])))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memset(low[i], 0, sizeof *low[i]);
        low[i]->kind = EXPR_CONST; /* never read: the volatile item is computed above */
        low[i]->type = e->type;
        low[i]->u.cnst.is_null = true;
    }
    for (uint32_t j = 0; j < sp.ncols; j++)
        low[n + j] = sp.cols[j];
    for (uint32_t i = 0; i < sort->u.sort.nkeys; i++) {
        keys[i] = sort->u.sort.keys[i];
        /* a key is a column of proj (the binder's hidden items included) */
        const ss_expr *k = keys[i].expr;
        if (k->kind != EXPR_COLUMN || k->u.column.rel != proj->rel || k->u.column.index >= n ||
            ss_expr_has_volatile(proj->u.project.exprs[k->u.column.index]))
            return SS_OK;
        if (!(keys[i].expr = new_column(&sp, sp.rel, k->u.column.index, k->type)))
            return SS_ERROR;
    }
    ss_lop *lower = lop_project(ctx, arena, sp.rel, input, n + sp.ncols, low, NULL);
    ss_lop *sorted = lower ? lop_sort(ctx, arena, lower, sort->u.sort.nkeys, keys) : NULL;
    if (!sorted)
        return SS_ERROR;
    proj->children[0] = sorted;
    proj->u.project.exprs = high;
    *root = proj;
    return SS_OK;
}

/* SORT over a PROJECT with a volatile item the keys do not use becomes the PROJECT over the
   SORT of its input, the keys computed from the input (PostgreSQL's make_sort_input_target:
   volatile items come after the sort, in its order). */
static int sort_below_volatile(ss_ctx *ctx, ss_arena *arena, ss_lop *top, ss_lop **root)
{
    ss_lop *sort = *root, *proj = sort->children[0];
    if (proj->kind != LOP_PROJECT || proj->nchildren != 1 || !has_volatile_item(proj))
        return SS_OK;
    ss_lsort_key *keys = ss_arena_alloc(arena, (sort->u.sort.nkeys ? sort->u.sort.nkeys : 1) * sizeof *keys);
    if (!keys)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    bool ok = true;
    for (uint32_t i = 0; i < sort->u.sort.nkeys && ok; i++) {
        keys[i] = sort->u.sort.keys[i];
        keys[i].expr = over_input(arena, proj, keys[i].expr, &ok);
        ok &= keys[i].expr && keys[i].expr->kind == EXPR_COLUMN; /* a sort sorts by columns */
    }
    if (ss_ctx_error_pending(ctx))
        return SS_ERROR;
    if (!ok)
        return split_around_sort(ctx, arena, top, root);
    ss_lop *below = lop_sort(ctx, arena, proj->children[0], sort->u.sort.nkeys, keys);
    if (!below)
        return SS_ERROR;
    proj->children[0] = below;
    *root = proj;
    return SS_OK;
}

static int rewrite(ss_ctx *ctx, ss_arena *arena, ss_lop *top, ss_lop **root)
{
    if (ss_ctx_check_stack(ctx))
        return SS_ERROR;
    ss_lop *op = *root;
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (rewrite(ctx, arena, top, &op->children[i]))
            return SS_ERROR;
    if (op->kind == LOP_SORT && op->nchildren == 1)
        return sort_below_volatile(ctx, arena, top, root);
    if (op->kind != LOP_LIMIT || op->u.limit.nties || op->nchildren != 1 || !op->u.limit.limit)
        return SS_OK;
    ss_lop *proj = op->children[0];
    if (proj->kind != LOP_PROJECT || proj->nchildren != 1 || !has_volatile_item(proj))
        return SS_OK;
    if (!op->u.limit.offset) {
        ss_lop *limit = lop_limit(ctx, arena, proj->children[0], op->u.limit.limit, NULL);
        if (!limit)
            return SS_ERROR;
        proj->children[0] = limit;
        *root = proj;
        return SS_OK;
    }
    /* with OFFSET m PostgreSQL computes the skipped rows' items too: LIMIT n + m below the
       projection, the LIMIT n OFFSET m above it (constants only) */
    int64_t n = const_count(op->u.limit.limit), m = const_count(op->u.limit.offset);
    if (n < 0 || m < 0 || n > INT64_MAX - m)
        return SS_OK;
    ss_expr *sum = ss_arena_alloc(arena, sizeof *sum);
    if (!sum)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *sum = *op->u.limit.limit;
    sum->u.cnst.v.i = n + m;
    ss_lop *limit = lop_limit(ctx, arena, proj->children[0], sum, NULL);
    if (!limit)
        return SS_ERROR;
    proj->children[0] = limit;
    return SS_OK;
}

int ss_limit_below_volatile(ss_ctx *ctx, ss_arena *arena, ss_lop **root)
{
    return rewrite(ctx, arena, *root, root);
}
