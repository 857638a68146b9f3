/* limit_volatile.c — LIMIT moved below a projection with volatile items (limit_volatile.h). */
#include "plan/limit_volatile.h"

#include <stdint.h>

#include "bind/bind_alter.h"
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

int ss_limit_below_volatile(ss_ctx *ctx, ss_arena *arena, ss_lop **root)
{
    if (ss_ctx_check_stack(ctx))
        return SS_ERROR;
    ss_lop *op = *root;
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (ss_limit_below_volatile(ctx, arena, &op->children[i]))
            return SS_ERROR;
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
