/* float4.h — the float4 (real) type's parts shared by the files of its folder: values are
 * doubles holding float-precision values (vectors share float8's layout, typeinfo.h's
 * physical), input and output as PostgreSQL's float4in / float4out, the operator and cast
 * tables the descriptor (float4_type.c) lists. */
#ifndef SS_TYPES_FLOAT4_H
#define SS_TYPES_FLOAT4_H

#include "types/type_def.h"

/* float4in (typeio.c's ss_float_parse): whitespace, the NaN / Infinity spellings, 22P02 and
 * 22003 as PostgreSQL. */
int float4_parse(ss_ctx *ctx, const char *s, size_t len, float *out);
/* float4out (number_out.c's ss_float_to_text): the shortest text that reads back as x
 * (extra_float_digits > 0), else %.*g with 6 + extra_float_digits digits; returns the length
 * written to buf (SS_NUMBER_BUFLEN). */
size_t float4_to_text(float x, char *buf);
/* Records 22003 "value out of range: overflow" / "underflow" and returns SS_ERROR. */
int float4_overflow(ss_ctx *ctx);
int float4_underflow(ss_ctx *ctx);

/* the descriptor's tables (type_def.h: each ends with an all-zero entry) */
extern const ss_func_def float4_operators[]; /* float4_ops.c */
extern const ss_func_def float4_functions[]; /* float4_ops.c */
extern const ss_cast_def float4_casts[];     /* float4_cast.c */

#endif
