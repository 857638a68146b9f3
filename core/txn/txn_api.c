/* txn_api.c — ss_api's transaction services over the session's transaction state (ctx->txn)
 * and the database's transaction manager (txn_api.h). */
#include "txn/txn_api.h"

#include "exec/context.h"
#include "txn/txn_session.h"

int ss_api_versions_visible(ss_ctx *ctx, const ss_snapshot *snap, const ss_version_stamp *stamps,
                            const uint32_t *sel, uint32_t n, uint32_t *sel_out, uint32_t *nout)
{
    *nout = 0;
    if (!ctx->txn || !ctx->txn->m || !snap)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "versions_visible called without a transaction");
    *nout = ss_txn_versions_visible(ctx->txn->m, snap, stamps, sel, n, sel_out);
    return SS_OK;
}

int ss_api_txn_current(ss_ctx *ctx, ss_xid *xid, uint32_t *command_id)
{
    if (!ctx->txn || !ctx->txn->active)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "txn_current called without a transaction");
    if (ss_txn_state_current(ctx->txn, xid, command_id) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY,
                            "out of memory (or out of transaction ids)");
    return SS_OK;
}

const ss_snapshot *ss_api_txn_snapshot(ss_ctx *ctx)
{
    return ctx->snapshot;
}

const ss_snapshot *ss_api_txn_scan_snapshot(ss_ctx *ctx, bool rowids)
{
    return ctx->epq_snapshot && !rowids ? ctx->epq_snapshot : ctx->snapshot;
}

int ss_api_txn_horizon(ss_ctx *ctx, ss_snapshot *out)
{
    if (!ctx->txn || !ctx->txn->m)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "txn_horizon called without a transaction");
    ss_xid h = ss_txn_horizon(ctx->txn->m);
    *out = (ss_snapshot){.struct_size = sizeof *out, .command_id = 0, .xmin = h, .xmax = h};
    return SS_OK;
}
