/* json_cast.c — the casts of json and jsonb (PostgreSQL 15's pg_cast rows): json <-> jsonb
 * (assignment), jsonb -> boolean, numeric, smallint, integer, bigint, real, double precision
 * (explicit; 22023 "cannot cast jsonb string to type integer" for a value of another kind). */
#include "types/json/json_fn.h"

#include "types/numeric/numeric.h"
#include "types/typeio.h"

static void *out_alloc(ss_ctx *ctx, ss_arena *arena, size_t n)
{
    void *p = arena ? ss_arena_alloc(arena, n ? n : 1) : ss_ctx_alloc(ctx, n ? n : 1);
    if (!p && arena)
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return p;
}

int json_cast_json_jsonb(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                         ss_value *out, ss_arena *arena)
{
    (void)from;
    (void)to;
    (void)mode;
    return jsonb_input(ctx, in->v.s.ptr, in->v.s.len, out, arena);
}

int json_cast_jsonb_json(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                         ss_value *out, ss_arena *arena)
{
    (void)from;
    (void)to;
    (void)mode;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    jb_format(in->v.s.ptr, false, &sb);
    if (sb.oom) {
        ss_strbuf_free(&sb);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    char *p = out_alloc(ctx, arena, sb.len);
    if (p && sb.len)
        memcpy(p, sb.data, sb.len);
    memset(out, 0, sizeof *out);
    out->v.s = (ss_text){p, (uint32_t)sb.len, 0};
    ss_strbuf_free(&sb);
    return p ? SS_OK : SS_ERROR;
}

static const char *kind_name(char kind)
{
    switch (kind) {
    case JB_OBJECT: return "object";
    case JB_ARRAY: return "array";
    case JB_STRING: return "string";
    case JB_NUMBER: return "numeric";
    case JB_TRUE:
    case JB_FALSE: return "boolean";
    default: return "null";
    }
}

static int cannot_cast(ss_ctx *ctx, char kind, ss_type to)
{
    char name[64];
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "cannot cast jsonb %s to type %s",
                        kind_name(kind), ss_type_display_name(to, name, sizeof name));
}

int json_cast_jsonb_scalar(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                           ss_value *out, ss_arena *arena)
{
    (void)from;
    (void)mode;
    const char *p = in->v.s.ptr;
    memset(out, 0, sizeof *out);
    if (to.id == SS_TYPE_BOOL) {
        if (p[0] != JB_TRUE && p[0] != JB_FALSE)
            return cannot_cast(ctx, p[0], to);
        out->v.b = p[0] == JB_TRUE;
        return SS_OK;
    }
    if (p[0] != JB_NUMBER)
        return cannot_cast(ctx, p[0], to);
    ss_text num = {p + 5, jb_u32(p + 1), 0};
    switch (to.id) {
    case SS_TYPE_NUMERIC: {
        char *c = out_alloc(ctx, arena, num.len);
        if (!c)
            return SS_ERROR;
        memcpy(c, num.ptr, num.len);
        out->v.s = (ss_text){c, num.len, 0};
        return SS_OK;
    }
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8: return num_to_int(ctx, &num, to.id, &out->v.i);
    case SS_TYPE_FLOAT4: {
        /* numeric_float4 reads the numeric's text as float4in does */
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        num_format(&num, &sb);
        ss_value v;
        int rc = ss_value_parse(ctx, to, sb.data ? sb.data : "", sb.len, &v);
        ss_strbuf_free(&sb);
        out->v.f = v.v.f;
        return rc;
    }
    default: out->v.f = num_to_double(&num); return SS_OK;
    }
}
