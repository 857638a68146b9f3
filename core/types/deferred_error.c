/* deferred_error.c — the calling thread's pending error of a registry callback
 * (deferred_error.h). */
#include "types/deferred_error.h"

#include <stdarg.h>
#include <stdio.h>

#include "util/tls.h"

static SS_TLS bool pending;
static SS_TLS char pending_state[6];
static SS_TLS char pending_message[256];

void ss_deferred_error_set(const char *sqlstate, const char *fmt, ...)
{
    if (pending)
        return;
    pending = true;
    snprintf(pending_state, sizeof pending_state, "%s", sqlstate);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pending_message, sizeof pending_message, fmt, ap);
    va_end(ap);
}

int ss_deferred_error_raise(ss_ctx *ctx)
{
    if (!pending)
        return SS_OK;
    pending = false;
    if (!ss_ctx_error_pending(ctx))
        ss_ctx_error(ctx, pending_state, "%s", pending_message);
    return SS_ERROR;
}

void ss_deferred_error_clear(void)
{
    pending = false;
}
