/* limit_volatile.c — LIMIT moved below a projection with volatile items (limit_volatile.h). */
#include "plan/limit_volatile.h"

#include "bind/bind_alter.h"

static bool has_volatile_item(const ss_lop *proj)
{
    for (uint32_t i = 0; i < proj->u.project.n; i++)
        if (ss_expr_has_volatile(proj->u.project.exprs[i]))
            return true;
    return false;
}

int ss_limit_below_volatile(ss_ctx *ctx, ss_arena *arena, ss_lop **root)
{
    if (ss_ctx_check_stack(ctx))
        return SS_ERROR;
    ss_lop *op = *root;
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (ss_limit_below_volatile(ctx, arena, &op->children[i]))
            return SS_ERROR;
    /* with OFFSET PostgreSQL computes the skipped rows' items too: left as it is */
    if (op->kind != LOP_LIMIT || op->u.limit.nties || op->nchildren != 1 || op->u.limit.offset || !op->u.limit.limit)
        return SS_OK;
    ss_lop *proj = op->children[0];
    if (proj->kind != LOP_PROJECT || proj->nchildren != 1 || !has_volatile_item(proj))
        return SS_OK;
    ss_lop *limit = lop_limit(ctx, arena, proj->children[0], op->u.limit.limit, NULL);
    if (!limit)
        return SS_ERROR;
    proj->children[0] = limit;
    *root = proj;
    return SS_OK;
}
