/* name_cast.c — name's rows of pg_cast: to text implicitly, to varchar and character in
 * assignment, from text, varchar and character implicitly (truncated to 63 bytes; character's
 * trailing spaces removed first), and PostgreSQL's I/O conversions between name and the
 * non-string types (to name in assignment, from it explicitly). */
#include "types/name/name.h"

#include <string.h>

#include "exec/expr.h"
#include "types/bpchar/bpchar.h"
#include "types/cast.h"
#include "types/typeio.h"

/* name -> text, varchar, character: the bytes (varchar(n) and char(n) after, by the caller) */
static int to_string(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                     ss_value *out, ss_arena *arena)
{
    (void)ctx, (void)from, (void)to, (void)mode, (void)arena;
    *out = *in;
    return SS_OK;
}

/* text, varchar, character -> name: truncated (character without its trailing spaces) */
static int from_string(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                       ss_value *out, ss_arena *arena)
{
    (void)ctx, (void)to, (void)mode, (void)arena;
    *out = *in;
    if (from.id == SS_TYPE_BPCHAR)
        out->v.s = bpchar_to_text(&in->v.s);
    out->v.s.len = name_clip(out->v.s.ptr, out->v.s.len);
    return SS_OK;
}

/* An I/O conversion to name: the output function's text (boolean's "t", not the text cast's
   "true"), truncated. */
static int from_other(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                      ss_value *out, ss_arena *arena)
{
    (void)to, (void)mode;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_value_format(from, in, &sb);
    memset(out, 0, sizeof *out);
    uint32_t n = sb.oom ? 0 : name_clip(sb.data ? sb.data : "", (uint32_t)sb.len);
    char *p = sb.oom ? NULL : ss_arena_strndup(arena ? arena : ctx->arena, sb.data ? sb.data : "", n);
    out->v.s = (ss_text){p, n, 0};
    ss_strbuf_free(&sb);
    return p ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

#define NM SS_TYPE_NAME
#define IO_CASTS(T)                                                                        \
    {T, NM, CAST_ASSIGNMENT, from_other}, { NM, T, CAST_EXPLICIT, ss_cast_io_from_string }

const ss_cast_def name_casts[] = {
    {NM, SS_TYPE_TEXT, CAST_IMPLICIT, to_string}, {NM, SS_TYPE_VARCHAR, CAST_ASSIGNMENT, to_string},
    {NM, SS_TYPE_BPCHAR, CAST_ASSIGNMENT, to_string},
    {SS_TYPE_TEXT, NM, CAST_IMPLICIT, from_string}, {SS_TYPE_VARCHAR, NM, CAST_IMPLICIT, from_string},
    {SS_TYPE_BPCHAR, NM, CAST_IMPLICIT, from_string},
    /* I/O conversions */
    IO_CASTS(SS_TYPE_BOOL), IO_CASTS(SS_TYPE_INT2), IO_CASTS(SS_TYPE_INT4), IO_CASTS(SS_TYPE_INT8),
    IO_CASTS(SS_TYPE_FLOAT4), IO_CASTS(SS_TYPE_FLOAT8), IO_CASTS(SS_TYPE_NUMERIC),
    IO_CASTS(SS_TYPE_BYTEA), IO_CASTS(SS_TYPE_UUID), IO_CASTS(SS_TYPE_DATE), IO_CASTS(SS_TYPE_TIMESTAMP),
    IO_CASTS(SS_TYPE_TIMESTAMPTZ), IO_CASTS(SS_TYPE_INTERVAL), IO_CASTS(SS_TYPE_TIME),
    IO_CASTS(SS_TYPE_JSON), IO_CASTS(SS_TYPE_JSONB),
    {0},
};
