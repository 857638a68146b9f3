/* interrupt.c — the check behind cancel (sunstone_interrupt) and statement_timeout: an atomic
 * flag on the database handle and a CLOCK_MONOTONIC deadline on the statement's context. */
#include "exec/interrupt.h"

#include <time.h>

#include "api/database.h"

static int64_t monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void ss_interrupt_begin(ss_ctx *ctx, int64_t timeout_ms)
{
    if (ctx->db)
        atomic_store_explicit(&ctx->db->interrupted, 0, memory_order_relaxed);
    ctx->deadline_ns = timeout_ms > 0 ? monotonic_ns() + timeout_ms * 1000000 : 0;
}

int ss_check_interrupt(ss_ctx *ctx)
{
    if (ctx->db && atomic_load_explicit(&ctx->db->interrupted, memory_order_relaxed))
        return ss_ctx_error(ctx, SS_SQLSTATE_QUERY_CANCELED, "canceling statement due to user request");
    if (ctx->deadline_ns && monotonic_ns() >= ctx->deadline_ns)
        return ss_ctx_error(ctx, SS_SQLSTATE_QUERY_CANCELED, "canceling statement due to statement timeout");
    return SS_OK;
}
