/* index_snapshot.c — the snapshots the index layer reads with: for building an index and
 * taking a failed statement's entries out, one that sees every committed version (no
 * transaction running, every xid finished); for the uniqueness decision, the statement's
 * own snapshot widened to the statement's own writes (so duplicates within one statement
 * conflict), or the committed-everything one outside a transaction. */
#include "index/index.h"
#include "txn/txn_api.h"
#include "txn/txn_session.h"

const ss_snapshot *ss_index_snapshot(ss_ctx *ctx)
{
    (void)ctx;
    static const ss_snapshot all = {.struct_size = sizeof(ss_snapshot),
                                    .command_id = UINT32_MAX,
                                    .xmin = UINT64_MAX,
                                    .xmax = UINT64_MAX};
    return &all;
}

void ss_index_unique_snapshot(ss_ctx *ctx, ss_snapshot *out)
{
    const ss_snapshot *cur = ss_api_txn_snapshot(ctx);
    *out = cur ? *cur : *ss_index_snapshot(ctx);
    out->command_id = UINT32_MAX; /* the current command's own versions count too */
    if (ctx->txn && ctx->txn->top != SS_XID_INVALID)
        out->self = ctx->txn->top; /* taken before the transaction's first write */
}
