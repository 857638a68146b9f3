/* interrupt.c — the check behind cancel (sunstone_interrupt) and statement_timeout: an atomic
 * flag of the session (ctx->interrupt) and a CLOCK_MONOTONIC deadline on the statement's context. */
#include "exec/interrupt.h"

#include <time.h>

static int64_t monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void ss_interrupt_begin(ss_ctx *ctx, int64_t timeout_ms)
{
    if (ctx->interrupt)
        atomic_store_explicit(ctx->interrupt, 0, memory_order_relaxed);
    ctx->deadline_ns = timeout_ms > 0 ? monotonic_ns() + timeout_ms * 1000000 : 0;
}

int ss_check_interrupt(ss_ctx *ctx)
{
    if (ctx->interrupt && atomic_load_explicit(ctx->interrupt, memory_order_relaxed))
        return ss_ctx_error(ctx, SS_SQLSTATE_QUERY_CANCELED, "canceling statement due to user request");
    if (ctx->deadline_ns && monotonic_ns() >= ctx->deadline_ns)
        return ss_ctx_error(ctx, SS_SQLSTATE_QUERY_CANCELED, "canceling statement due to statement timeout");
    return SS_OK;
}
