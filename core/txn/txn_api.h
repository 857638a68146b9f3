/* txn_api.h — the transaction services of ss_api (ABI 2.2, plugin.h): the visibility check,
 * the current xid and command id of a write, the running statement's snapshot. */
#ifndef SS_TXN_API_H
#define SS_TXN_API_H

#include "sunstone/plugin.h"

int ss_api_versions_visible(ss_ctx *ctx, const ss_snapshot *snap, const ss_version_stamp *stamps,
                            const uint32_t *sel, uint32_t n, uint32_t *sel_out, uint32_t *nout);
int ss_api_txn_current(ss_ctx *ctx, ss_xid *xid, uint32_t *command_id);
const ss_snapshot *ss_api_txn_snapshot(ss_ctx *ctx);
/* A scan's snapshot: ctx->epq_snapshot while a re-check reads and the scan yields no row ids
 * (exec/row_epq.h), else the statement's. */
const ss_snapshot *ss_api_txn_scan_snapshot(ss_ctx *ctx, bool rowids);
int ss_api_txn_horizon(ss_ctx *ctx, ss_snapshot *out);

#endif
