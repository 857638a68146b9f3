/* float4_cast.c — float4's rows of pg_cast: int2 / int4 / int8 / numeric -> float4 and
 * float4 -> float8 implicit, float8 -> float4 and float4 -> int2 / int4 / int8 / numeric
 * assignment, each with PostgreSQL's rounding and 22003 checks.  (text I/O casts are the
 * catalog's generic ones, cast.c.) */
#include "types/float4/float4.h"

#include <math.h>
#include <string.h>

#include "exec/expr.h"
#include "types/cast.h"
#include "types/numeric/numeric.h"

/* i2tof / i4tof / i8tof: the nearest float */
static int from_int(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                    ss_value *out, ss_arena *arena)
{
    (void)ctx, (void)from, (void)to, (void)mode, (void)arena;
    out->v.f = (double)(float)in->v.i;
    return SS_OK;
}

/* numeric_float4: the numeric's text read by float4in, so that it rounds once */
static int from_numeric(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                        ss_value *out, ss_arena *arena)
{
    (void)from, (void)to, (void)mode, (void)arena;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    num_format(&in->v.s, &sb);
    float f = 0;
    int rc = sb.oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory")
                    : float4_parse(ctx, sb.data ? sb.data : "", sb.len, &f);
    ss_strbuf_free(&sb);
    out->v.f = f;
    return rc;
}

/* float4_float8: the same value */
static int to_float8(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                     ss_value *out, ss_arena *arena)
{
    (void)ctx, (void)from, (void)to, (void)mode, (void)arena;
    out->v.f = in->v.f;
    return SS_OK;
}

/* dtof: overflow and underflow are errors */
static int from_float8(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                       ss_value *out, ss_arena *arena)
{
    (void)from, (void)to, (void)mode, (void)arena;
    double d = in->v.f;
    float f = (float)d;
    if (isinf(f) && !isinf(d))
        return float4_overflow(ctx);
    if (f == 0.0f && d != 0.0)
        return float4_underflow(ctx);
    out->v.f = f;
    return SS_OK;
}

/* ftoi2 / ftoi4 / ftoi8: rint, then the range check (NaN fails it) */
static int to_int(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                  ss_value *out, ss_arena *arena)
{
    (void)from, (void)mode, (void)arena;
    float r = rintf((float)in->v.f);
    bool fits;
    if (to.id == SS_TYPE_INT2)
        fits = r >= (float)INT16_MIN && r < -(float)INT16_MIN;
    else if (to.id == SS_TYPE_INT4)
        fits = r >= (float)INT32_MIN && r < -(float)INT32_MIN;
    else
        fits = r >= (float)INT64_MIN && r < -(float)INT64_MIN;
    if (!fits)
        return ss_cast_int_overflow(ctx, to.id);
    out->v.i = (int64_t)r;
    return SS_OK;
}

/* float4_numeric: FLT_DIG (6) significant digits, then the target's typmod */
static int to_numeric(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                      ss_value *out, ss_arena *arena)
{
    (void)from, (void)mode;
    ss_text n;
    if (num_from_double(ctx, in->v.f, 6, &n) != SS_OK || num_apply_typmod(ctx, &n, to.typmod, &n) != SS_OK)
        return SS_ERROR;
    char *p = arena ? ss_arena_alloc(arena, n.len ? n.len : 1) : ss_ctx_alloc(ctx, n.len ? n.len : 1);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(p, n.ptr, n.len);
    out->v.s = (ss_text){p, n.len, 0};
    return SS_OK;
}

const ss_cast_def float4_casts[] = {
    {SS_TYPE_INT2, SS_TYPE_FLOAT4, CAST_IMPLICIT, from_int},
    {SS_TYPE_INT4, SS_TYPE_FLOAT4, CAST_IMPLICIT, from_int},
    {SS_TYPE_INT8, SS_TYPE_FLOAT4, CAST_IMPLICIT, from_int},
    {SS_TYPE_NUMERIC, SS_TYPE_FLOAT4, CAST_IMPLICIT, from_numeric},
    {SS_TYPE_FLOAT4, SS_TYPE_FLOAT8, CAST_IMPLICIT, to_float8},
    {SS_TYPE_FLOAT8, SS_TYPE_FLOAT4, CAST_ASSIGNMENT, from_float8},
    {SS_TYPE_FLOAT4, SS_TYPE_INT2, CAST_ASSIGNMENT, to_int},
    {SS_TYPE_FLOAT4, SS_TYPE_INT4, CAST_ASSIGNMENT, to_int},
    {SS_TYPE_FLOAT4, SS_TYPE_INT8, CAST_ASSIGNMENT, to_int},
    {SS_TYPE_FLOAT4, SS_TYPE_NUMERIC, CAST_ASSIGNMENT, to_numeric},
    {0},
};
