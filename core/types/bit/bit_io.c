/* bit_io.c — bit's and bit varying's catalog descriptors with their input, output and typmod
 * rules as PostgreSQL 15's bit_in / varbit_in / bit_out, bittypmodin / varbittypmodin and the
 * length coercions bit(bit, int4, bool) / varbit(varbit, int4, bool). */
#include "types/bit/bit.h"

#include <stdio.h>
#include <string.h>

#include "exec/expr.h"
#include "types/bytea/bytea.h" /* bytea_hex_value */
#include "types/registry.h"

#define SS_SQLSTATE_STRING_DATA_LENGTH_MISMATCH "22026"

int bit_parse(ss_ctx *ctx, const char *s, size_t len, ss_text *out, ss_arena *arena)
{
    bool hex = false;
    if (len > 0 && (s[0] == 'b' || s[0] == 'B')) {
        s++, len--;
    } else if (len > 0 && (s[0] == 'x' || s[0] == 'X')) {
        hex = true;
        s++, len--;
    }
    size_t bits = hex ? len * 4 : len;
    if (bits > BIT_MAX_LENGTH)
        return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "bit string length exceeds the maximum allowed (%d)",
                            BIT_MAX_LENGTH);
    char *p = ss_arena_alloc(arena ? arena : ctx->arena, bits + 1);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (size_t i = 0; i < len; i++) {
        if (!hex) {
            if (s[i] != '0' && s[i] != '1')
                return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION,
                                    "\"%.*s\" is not a valid binary digit", 1, s + i);
            p[i] = s[i];
            continue;
        }
        int d = bytea_hex_value(s[i]);
        if (d < 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION,
                                "\"%.*s\" is not a valid hexadecimal digit", 1, s + i);
        for (int b = 0; b < 4; b++)
            p[i * 4 + (size_t)b] = (char)('0' + ((d >> (3 - b)) & 1));
    }
    p[bits] = '\0';
    *out = (ss_text){p, (uint32_t)bits, 0};
    return SS_OK;
}

/* anybit_typmodin: one modifier, 1 .. BIT_MAX_LENGTH. */
static int typmod_in_named(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod,
                           const char *name)
{
    if (nmods != 1)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid type modifier");
    if (mods[0] < 1)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "length for type %s must be at least 1", name);
    if (mods[0] > BIT_MAX_LENGTH)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "length for type %s cannot exceed %d", name, BIT_MAX_LENGTH);
    *typmod = mods[0];
    return SS_OK;
}

static int bit_typmod_in(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod)
{
    return typmod_in_named(ctx, mods, nmods, typmod, "bit");
}

static int varbit_typmod_in(ss_ctx *ctx, const int32_t *mods, uint32_t nmods, int32_t *typmod)
{
    return typmod_in_named(ctx, mods, nmods, typmod, "varbit");
}

static bool typmod_out(int32_t typmod, char *buf, size_t n)
{
    if (typmod >= 0)
        snprintf(buf, n, "(%d)", (int)typmod);
    else if (n > 0)
        buf[0] = '\0';
    return false;
}

/* The input function without the typmod: coerce_typmod applies the length rule after it in
 * every context, with the context's mode ('101'::bit(4) pads, as PostgreSQL's cast does). */
static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    memset(out, 0, sizeof *out);
    return bit_parse(ctx, s, len, &out->v.s, arena);
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    ss_strbuf_append(out, v->v.s.ptr ? v->v.s.ptr : "", v->v.s.len);
}

/* bit(bit, int4, bool): exactly n bits; an explicit cast pads with zeros on the right or
 * truncates, anything else is 22026. */
static int bit_coerce(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                      ss_value *out, ss_arena *arena)
{
    (void)from;
    *out = *in;
    if (to.typmod <= 0 || in->v.s.len == (uint32_t)to.typmod)
        return SS_OK;
    if (mode != CAST_EXPLICIT)
        return ss_ctx_error(ctx, SS_SQLSTATE_STRING_DATA_LENGTH_MISMATCH,
                            "bit string length %u does not match type bit(%d)", in->v.s.len, (int)to.typmod);
    uint32_t n = (uint32_t)to.typmod;
    if (in->v.s.len > n) {
        out->v.s.len = n;
        return SS_OK;
    }
    char *p = ss_arena_alloc(arena ? arena : ctx->arena, (size_t)n + 1);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (in->v.s.len)
        memcpy(p, in->v.s.ptr, in->v.s.len);
    memset(p + in->v.s.len, '0', n - in->v.s.len);
    p[n] = '\0';
    out->v.s = (ss_text){p, n, 0};
    return SS_OK;
}

/* varbit(varbit, int4, bool): at most n bits; an explicit cast truncates, else 22001. */
static int varbit_coerce(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                         ss_value *out, ss_arena *arena)
{
    (void)from, (void)arena;
    *out = *in;
    if (to.typmod <= 0 || in->v.s.len <= (uint32_t)to.typmod)
        return SS_OK;
    if (mode != CAST_EXPLICIT)
        return ss_ctx_error(ctx, SS_SQLSTATE_STRING_DATA_RIGHT_TRUNCATION,
                            "bit string too long for type bit varying(%d)", (int)to.typmod);
    out->v.s.len = (uint32_t)to.typmod;
    return SS_OK;
}

static const char *const varbit_names[] = {"bit varying", NULL};

const ss_type_def ss_bit_type_def = {
    .info = &ss_bit_type_info, .internal_name = "bit", .display_name = "bit", .category = 'V',
    .typmod_in = bit_typmod_in, .typmod_out = typmod_out, .input = input, .output = output,
    .coerce_typmod = bit_coerce, .no_minmax = true, /* PostgreSQL has no min / max of it */
    .functions = bit_functions, .operators = bit_operators, .casts = bit_casts,
};

const ss_type_def ss_varbit_type_def = {
    .info = &ss_varbit_type_info, .internal_name = "varbit", .display_name = "bit varying",
    .sql_names = varbit_names, .category = 'V', .preferred = true,
    .typmod_in = varbit_typmod_in, .typmod_out = typmod_out, .input = input, .output = output,
    .coerce_typmod = varbit_coerce, .no_minmax = true,
};
