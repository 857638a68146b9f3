/* txn_row_wait.c — waiting for the transaction that holds a row (txn_row_wait.h). */
#include "txn/txn_row_wait.h"

#include "catalog/settings.h"
#include "catalog/settings_parse.h"
#include "exec/interrupt.h"
#include "txn/txn_session.h"

int ss_txn_wait_row_holder(ss_ctx *ctx, ss_xid holder)
{
    int timeout_ms = 0;
    const char *v = ctx->settings ? ss_settings_get(ctx->settings, "lock_timeout") : NULL;
    if (v && ss_setting_parse_int(ctx, "lock_timeout", v, true, 0, INT32_MAX, &timeout_ms))
        return SS_ERROR;
    ss_txn_manager *m = ctx->txn->m;
    ss_xid waiter = ctx->txn->top;
    ss_xid cycle = SS_XID_INVALID;
    switch (ss_txn_wait(m, waiter, holder, timeout_ms, ctx->interrupt, &cycle)) {
    case SS_WAIT_DONE:
        return SS_OK;
    case SS_WAIT_DEADLOCK:
        ss_ctx_error(ctx, "40P01", "deadlock detected");
        ss_ctx_error_detail(ctx,
                            "Transaction %llu waits for ShareLock on transaction %llu; blocked by "
                            "transaction %llu, which waits for transaction %llu.",
                            (unsigned long long)waiter, (unsigned long long)ss_txn_top(m, holder),
                            (unsigned long long)ss_txn_top(m, holder), (unsigned long long)waiter);
        return SS_ERROR;
    case SS_WAIT_TIMEOUT:
        return ss_ctx_error(ctx, "55P03", "canceling statement due to lock timeout");
    case SS_WAIT_INTERRUPTED:
        if (ss_check_interrupt(ctx) != SS_OK)
            return SS_ERROR;
        return ss_ctx_error(ctx, "57014", "canceling statement due to user request");
    case SS_WAIT_NO_MEMORY:
        break;
    }
    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}
