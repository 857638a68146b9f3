/* passthrough_op.c — a one-child operator that hands its child's batches on unchanged, used by
 * the loader test plugins whenever they need a working operator vtable.  Registered under the
 * limit node kind, it accepts only nodes that limit nothing (LIMIT ALL OFFSET 0). */
#include "passthrough_op.h"

static const ss_api *passthrough_api;

void passthrough_op_bind(const ss_api *api)
{
    passthrough_api = api;
}

int passthrough_op_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    (void)self;
    if (node->nchildren != 1)
        return passthrough_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                      "pass-through test operator needs exactly one child");
    const ss_limit_node *limit = SS_PLAN_NODE_AS(node, SS_NODE_LIMIT, ss_limit_node);
    ss_value v;
    if (limit && limit->limit &&
        (passthrough_api->expr_eval_scalar(ctx, limit->limit, &v) != SS_OK || !v.is_null))
        return passthrough_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                      "pass-through test operator does not apply LIMIT or "
                                      "OFFSET");
    if (limit && limit->offset &&
        (passthrough_api->expr_eval_scalar(ctx, limit->offset, &v) != SS_OK || (!v.is_null && v.v.i != 0)))
        return passthrough_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                      "pass-through test operator does not apply LIMIT or "
                                      "OFFSET");
    *state = NULL;
    return SS_OK;
}

int passthrough_op_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)state;
    return passthrough_api->op_next(ctx, passthrough_api->op_child(self, 0), out);
}

void passthrough_op_close(ss_ctx *ctx, ss_op *self, void *state)
{
    (void)ctx;
    (void)self;
    (void)state;
}

int passthrough_op_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)state;
    return passthrough_api->op_rescan(ctx, passthrough_api->op_child(self, 0), changed);
}
