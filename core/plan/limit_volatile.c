/* limit_volatile.c — a projection with volatile items moved above SORT and LIMIT
 * (limit_volatile.h). */
#include "plan/limit_volatile.h"

#include <stdint.h>

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

/* SORT over a PROJECT with a volatile item the keys do not use becomes the PROJECT over the
   SORT of its input, the keys computed from the input (PostgreSQL's make_sort_input_target:
   volatile items come after the sort, in its order). */
static int sort_below_volatile(ss_ctx *ctx, ss_arena *arena, ss_lop **root)
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
    if (!ok)
        return ss_ctx_error_pending(ctx) ? SS_ERROR : SS_OK;
    ss_lop *below = lop_sort(ctx, arena, proj->children[0], sort->u.sort.nkeys, keys);
    if (!below)
        return SS_ERROR;
    proj->children[0] = below;
    *root = proj;
    return SS_OK;
}

int ss_limit_below_volatile(ss_ctx *ctx, ss_arena *arena, ss_lop **root)
{
    if (ss_ctx_check_stack(ctx))
        return SS_ERROR;
    ss_lop *op = *root;
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (ss_limit_below_volatile(ctx, arena, &op->children[i]))
            return SS_ERROR;
    if (op->kind == LOP_SORT && op->nchildren == 1)
        return sort_below_volatile(ctx, arena, root);
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
