/* context.c — error recording, notices and execution-arena allocation on an ss_ctx. */
#include "exec/context.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/settings.h"
#include "util/stack_depth.h"

static char *vformat(const char *fmt, va_list ap)
{
    va_list cp;
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

void ss_error_clear(ss_error *e)
{
    free(e->message);
    free(e->detail);
    free(e->hint);
    free(e->context);
    memset(e, 0, sizeof *e);
    memcpy(e->sqlstate, "00000", 6);
}

int ss_ctx_verror(ss_ctx *ctx, const char *sqlstate, const char *fmt, va_list ap)
{
    ss_error *e = ctx->err;
    if (!e || e->message)
        return SS_ERROR; /* the first error wins: later ones are consequences */
    snprintf(e->sqlstate, sizeof e->sqlstate, "%s", sqlstate ? sqlstate : SS_SQLSTATE_INTERNAL_ERROR);
    e->message = vformat(fmt, ap);
    if (!e->message)
        e->message = strdup("out of memory");
    return SS_ERROR;
}

int ss_ctx_error(ss_ctx *ctx, const char *sqlstate, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_verror(ctx, sqlstate, fmt, ap);
    va_end(ap);
    return SS_ERROR;
}

static void set_field(char **field, const char *fmt, va_list ap)
{
    if (*field)
        return;
    *field = vformat(fmt, ap);
}

void ss_ctx_verror_detail(ss_ctx *ctx, const char *fmt, va_list ap)
{
    if (ctx->err)
        set_field(&ctx->err->detail, fmt, ap);
}

void ss_ctx_verror_hint(ss_ctx *ctx, const char *fmt, va_list ap)
{
    if (ctx->err)
        set_field(&ctx->err->hint, fmt, ap);
}

void ss_ctx_error_detail(ss_ctx *ctx, const char *fmt, ...)
{
    if (!ctx->err)
        return;
    va_list ap;
    va_start(ap, fmt);
    set_field(&ctx->err->detail, fmt, ap);
    va_end(ap);
}

void ss_ctx_error_hint(ss_ctx *ctx, const char *fmt, ...)
{
    if (!ctx->err)
        return;
    va_list ap;
    va_start(ap, fmt);
    set_field(&ctx->err->hint, fmt, ap);
    va_end(ap);
}

void ss_ctx_error_context(ss_ctx *ctx, const char *fmt, ...)
{
    if (!ctx->err)
        return;
    va_list ap;
    va_start(ap, fmt);
    set_field(&ctx->err->context, fmt, ap);
    va_end(ap);
}

void ss_ctx_error_position(ss_ctx *ctx, int position)
{
    if (ctx->err && ctx->err->position == 0)
        ctx->err->position = position;
}

void ss_ctx_vmessage(ss_ctx *ctx, int level, const char *fmt, va_list ap)
{
    const ss_notice_sink *sink = ctx->notices;
    if (!sink || !sink->cb ||
        (level != SS_MSG_INFO && ctx->settings && level < ctx->settings->client_min_messages))
        return;
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    sink->cb(sink->arg, level == SS_MSG_WARNING ? "WARNING" : level == SS_MSG_INFO ? "INFO" : "NOTICE", msg);
}

void ss_ctx_message(ss_ctx *ctx, int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_vmessage(ctx, level, fmt, ap);
    va_end(ap);
}

void *ss_ctx_alloc(ss_ctx *ctx, size_t n)
{
    void *p = ss_arena_alloc(ctx->arena, n);
    if (!p)
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return p;
}

bool ss_ctx_error_pending(const ss_ctx *ctx)
{
    return ctx->err && ctx->err->message;
}

int ss_ctx_check_stack(ss_ctx *ctx)
{
    return ss_ctx_check_stack_charged(ctx, 0);
}

int ss_ctx_check_stack_charged(ss_ctx *ctx, size_t charged)
{
    if (!ss_stack_too_deep_charged(charged))
        return SS_OK;
    ss_ctx_error(ctx, SS_SQLSTATE_STATEMENT_TOO_COMPLEX, SS_STACK_DEPTH_MESSAGE);
    char hint[256];
    ss_stack_hint(hint, sizeof hint);
    ss_ctx_error_hint(ctx, "%s", hint);
    return SS_ERROR;
}
