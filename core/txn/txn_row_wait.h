/* txn_row_wait.h — a statement waiting for the transaction that holds a row (a row lock, or
 * a row version with a key it needs) to end: the wait-for graph's deadlock check (40P01),
 * lock_timeout (55P03), cancel (57014), with PostgreSQL's messages.  DELETE / UPDATE's row
 * locks (api/run_modify.c) and the uniqueness check of unique indexes
 * (index/index_unique_live.c) wait through it. */
#ifndef SS_TXN_ROW_WAIT_H
#define SS_TXN_ROW_WAIT_H

#include "exec/context.h"
#include "txn/txn_manager.h"

/* Waits until the top-level transaction of holder ends; the session's own transaction
 * (ctx->txn, which must have a top-level xid) is the waiter.  lock_timeout is read from
 * ctx->settings.  SS_OK when holder ended, else SS_ERROR with the error set. */
int ss_txn_wait_row_holder(ss_ctx *ctx, ss_xid holder);

#endif
