/* float4_type.c — the float4 (real) descriptor of the type catalog, with its input and
 * output functions (PostgreSQL's float4in / float4out). */
#include "types/float4/float4.h"

#include <string.h>

#include "types/typeio.h"

int float4_parse(ss_ctx *ctx, const char *s, size_t len, float *out)
{
    double v;
    if (ss_float_parse(ctx, s, len, true, &v) != SS_OK)
        return SS_ERROR;
    *out = (float)v;
    return SS_OK;
}

size_t float4_to_text(float x, char *buf)
{
    return ss_float_to_text((double)x, true, buf);
}

int float4_overflow(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: overflow");
}

int float4_underflow(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: underflow");
}

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    (void)arena;
    float f;
    if (float4_parse(ctx, s, len, &f) != SS_OK)
        return SS_ERROR;
    memset(out, 0, sizeof *out);
    out->v.f = f;
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    char buf[SS_NUMBER_BUFLEN];
    ss_strbuf_append(out, buf, float4_to_text((float)v->v.f, buf));
}

/* names outside the grammar's type rules: 'real'::regtype */
static const char *const float4_sql_names[] = {"real", NULL};

static const ss_type_info float4_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_FLOAT4,
    .name = "real",
    .layout = SS_LAYOUT_FIXED,
    .width = sizeof(double),
    .flags = SS_TYPEINFO_NUMBER,
    .physical = SS_TYPE_FLOAT8, /* a float value held in a double orders as float8 */
};

const ss_type_def ss_float4_type_def = {
    .info = &float4_info,
    .internal_name = "float4",
    .display_name = "real",
    .sql_names = float4_sql_names, /* the grammar itself turns REAL and FLOAT(1..24) into float4 */
    .category = 'N',
    .preferred = false,
    .input = input,
    .output = output,
    .functions = float4_functions,
    .operators = float4_operators,
    .casts = float4_casts,
};
