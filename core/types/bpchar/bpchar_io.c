/* bpchar_io.c — character(n)'s catalog descriptor with its input, output and typmod rules as
 * PostgreSQL 15's bpcharin / bpcharout / bpchar(): padding with spaces to n characters, 22001
 * when non-space characters would be cut (an explicit cast truncates instead), and the
 * declared length's limits. */
#include "types/bpchar/bpchar.h"

#include <stdio.h>
#include <string.h>

#include "exec/expr.h"
#include "types/registry.h"
#include "types/utf8.h"

int bpchar_fit(ss_ctx *ctx, const char *s, uint32_t len, int32_t typmod, bool explicit_cast,
               uint32_t *keep, uint32_t *pad)
{
    *keep = len;
    *pad = 0;
    if (typmod < 4)
        return SS_OK;
    uint32_t maxlen = (uint32_t)(typmod - 4);
    uint32_t clip = ss_utf8_clip(s, len, maxlen);
    if (clip < len) {
        if (!explicit_cast)
            for (uint32_t i = clip; i < len; i++)
                if (s[i] != ' ')
                    return ss_ctx_error(ctx, SS_SQLSTATE_STRING_DATA_RIGHT_TRUNCATION,
                                        "value too long for type character(%u)", maxlen);
        *keep = clip;
        return SS_OK;
    }
    *pad = maxlen - ss_utf8_count(s, len);
    return SS_OK;
}

int bpchar_make(ss_ctx *ctx, ss_arena *arena, const char *s, uint32_t len, int32_t typmod,
                bool explicit_cast, ss_text *out)
{
    uint32_t keep, pad;
    if (bpchar_fit(ctx, s, len, typmod, explicit_cast, &keep, &pad) != SS_OK)
        return SS_ERROR;
    *out = (ss_text){s, keep, 0};
    if (pad == 0)
        return SS_OK;
    char *p = ss_arena_alloc(arena ? arena : ctx->arena, (size_t)keep + pad + 1);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (keep)
        memcpy(p, s, keep);
    memset(p + keep, ' ', pad);
    p[keep + pad] = '\0';
    *out = (ss_text){p, keep + pad, 0};
    return SS_OK;
}

int bpchar_typmod_in(ss_ctx *ctx, int64_t n, int32_t *typmod)
{
    if (n < 1)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "length for type char must be at least 1");
    if (n > BPCHAR_MAX_LENGTH)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "length for type char cannot exceed %d", BPCHAR_MAX_LENGTH);
    *typmod = (int32_t)n + 4;
    return SS_OK;
}

void bpchar_typmod_text(int32_t typmod, char *buf, size_t n)
{
    if (typmod >= 4)
        snprintf(buf, n, "(%d)", (int)(typmod - 4));
    else if (n > 0)
        buf[0] = '\0';
}

static int typmod_in(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod)
{
    if (nmods != 1)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid type modifier");
    return bpchar_typmod_in(ctx, mods[0], typmod);
}

static bool typmod_out(int32_t typmod, char *buf, size_t n)
{
    bpchar_typmod_text(typmod, buf, n);
    return false;
}

/* bpcharin: the string as it is; the length rule is coerce_typmod's, which runs after the
 * input function in every context with the context's mode (an explicit cast truncates). */
static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    memset(out, 0, sizeof *out);
    char *p = ss_arena_alloc(arena ? arena : ctx->arena, len + 1);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (len)
        memcpy(p, s, len);
    p[len] = '\0';
    out->v.s = (ss_text){p, (uint32_t)len, 0};
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    ss_strbuf_append(out, v->v.s.ptr ? v->v.s.ptr : "", v->v.s.len);
}

/* bpchar(bpchar, int4, bool): the typmod's padding and length rule. */
static int coerce_typmod(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                         ss_value *out, ss_arena *arena)
{
    (void)from;
    memset(out, 0, sizeof *out);
    return bpchar_make(ctx, arena, in->v.s.ptr, in->v.s.len, to.typmod, mode == CAST_EXPLICIT,
                       &out->v.s);
}

const ss_type_def ss_bpchar_type_def = {
    .info = &ss_bpchar_type_info, .internal_name = "bpchar", .display_name = "character",
    .category = 'S', /* sql_names: none, the grammar turns CHARACTER(n) / CHAR(n) into bpchar */
    .typmod_in = typmod_in, .typmod_out = typmod_out, .input = input, .output = output,
    .coerce_typmod = coerce_typmod,
    .functions = bpchar_functions, .operators = bpchar_operators, .casts = bpchar_casts,
};
