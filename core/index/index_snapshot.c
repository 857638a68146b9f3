/* index_snapshot.c — the snapshot the index layer reads with.  Until the transaction
 * manager exists every stored row is visible, so this is a snapshot that sees everything
 * (no transaction running, every xid finished); the transaction manager's current
 * snapshot replaces it. */
#include "index/index.h"

const ss_snapshot *ss_index_snapshot(ss_ctx *ctx)
{
    (void)ctx;
    static const ss_snapshot all = {.struct_size = sizeof(ss_snapshot),
                                    .command_id = UINT32_MAX,
                                    .xmin = UINT64_MAX,
                                    .xmax = UINT64_MAX};
    return &all;
}
