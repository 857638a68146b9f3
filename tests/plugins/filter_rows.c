/* filter_rows.c — the test plugins' shared filter pull loop (filter_rows.h). */
#include "filter_rows.h"

int filter_rows_next(const ss_api *api, ss_ctx *ctx, ss_op *child, const ss_expr *pred, uint32_t *sel,
                     ss_batch **out)
{
    *out = NULL;
    for (;;) {
        ss_batch *b = NULL;
        if (api->op_next(ctx, child, &b) != SS_OK)
            return SS_ERROR;
        if (!b)
            return SS_OK;
        if (ss_batch_rows(b) == 0)
            continue;
        if (api->expr_select(ctx, pred, b, sel) != SS_OK)
            return SS_ERROR;
        if (ss_batch_rows(b) == 0)
            continue;
        *out = b;
        return SS_OK;
    }
}
