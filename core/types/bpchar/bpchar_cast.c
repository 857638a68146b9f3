/* bpchar_cast.c — character(n)'s rows of pg_cast: to text and varchar implicitly with the
 * trailing spaces removed (rtrim1), from text and varchar implicitly (the bytes as they are,
 * the typmod's padding after), and PostgreSQL's I/O conversions between character and the
 * non-string types (to character in assignment, from it explicitly). */
#include "types/bpchar/bpchar.h"

#include <string.h>

#include "exec/expr.h"
#include "types/cast.h"
#include "types/typeio.h"

/* rtrim1: the value without its trailing spaces (the varchar(n) rule is the caller's). */
static int to_text(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                   ss_value *out, ss_arena *arena)
{
    (void)ctx, (void)from, (void)to, (void)mode, (void)arena;
    memset(out, 0, sizeof *out);
    out->v.s = bpchar_to_text(&in->v.s);
    return SS_OK;
}

/* text / varchar -> character: binary coercible; coerce_typmod pads after. */
static int from_text(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                     ss_value *out, ss_arena *arena)
{
    (void)ctx, (void)from, (void)to, (void)mode, (void)arena;
    *out = *in;
    return SS_OK;
}

/* An I/O conversion to character: the output function's text. */
static int from_other(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                      ss_value *out, ss_arena *arena)
{
    (void)to, (void)mode;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_cast_text_of(from, in, &sb);
    memset(out, 0, sizeof *out);
    char *p = sb.oom ? NULL : ss_arena_strndup(arena ? arena : ctx->arena, sb.data ? sb.data : "", sb.len);
    out->v.s = (ss_text){p, (uint32_t)sb.len, 0};
    ss_strbuf_free(&sb);
    return p ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

#define BP SS_TYPE_BPCHAR
#define IO_CASTS(T)                                                                        \
    {T, BP, CAST_ASSIGNMENT, from_other}, { BP, T, CAST_EXPLICIT, ss_cast_io_from_string }

const ss_cast_def bpchar_casts[] = {
    /* rtrim1 to the other string types; from them binary coercible, padded by coerce_typmod */
    {BP, SS_TYPE_TEXT, CAST_IMPLICIT, to_text}, {BP, SS_TYPE_VARCHAR, CAST_IMPLICIT, to_text},
    {SS_TYPE_TEXT, BP, CAST_IMPLICIT, from_text}, {SS_TYPE_VARCHAR, BP, CAST_IMPLICIT, from_text},
    /* I/O conversions */
    IO_CASTS(SS_TYPE_BOOL), IO_CASTS(SS_TYPE_INT2), IO_CASTS(SS_TYPE_INT4), IO_CASTS(SS_TYPE_INT8),
    IO_CASTS(SS_TYPE_FLOAT4), IO_CASTS(SS_TYPE_FLOAT8), IO_CASTS(SS_TYPE_NUMERIC),
    IO_CASTS(SS_TYPE_BYTEA), IO_CASTS(SS_TYPE_UUID),
    {0},
};
