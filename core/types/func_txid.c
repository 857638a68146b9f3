/* func_txid.c — txid_current(): the session's top-level transaction id as bigint, assigned
 * now when the transaction has none yet (PostgreSQL's txid_current, which assigns one too).
 * The ids AS OF TRANSACTION names (txn/txn_history.h). */
#include "txn/txn_session.h"
#include "types/func_impl.h"

int ss_fn_txid_current(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out)
{
    (void)args;
    (void)nargs;
    ss_txn_state *t = ctx->txn;
    ss_xid xid = SS_XID_INVALID;
    if (!t || !t->active)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "txid_current() called without a transaction");
    if (t->top == SS_XID_INVALID && ss_txn_state_lock_xid(t, &xid) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory (or out of transaction ids)");
    SS_FOR_ROWS(rows, n, i, { ((int64_t *)out->data)[i] = (int64_t)t->top; });
    return SS_OK;
}
