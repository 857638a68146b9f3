/* typeio.h — PostgreSQL-compatible text input and output of scalar values, and the names
 * of the built-in types (display names for messages, internal names, SQL name lookup). */
#ifndef SS_TYPES_TYPEIO_H
#define SS_TYPES_TYPEIO_H

#include "exec/context.h"
#include "util/strbuf.h"

/* Appends the output-function text of a non-null value (bool t/f, integers, float8 as
 * PostgreSQL 15 prints it with extra_float_digits = 1, text bytes as they are).  Appends
 * nothing for a NULL value. */
void ss_value_format(ss_type t, const ss_value *v, ss_strbuf *out);

/* Runs the type's input function over s[0..len) (not necessarily NUL-terminated); a catalog
 * type's (type_def.h) puts variable-length results in ctx's execution arena.  Text,
 * varchar and unknown results point at s (varchar(n) length rules belong to casts).
 * Returns SS_OK, or SS_ERROR after recording 22P02 / 22003 on ctx. */
int ss_value_parse(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out);

/* float8in, or float4in when single (the value then has float precision): 22P02 / 22003 as
 * PostgreSQL. */
int ss_float_parse(ss_ctx *ctx, const char *s, size_t len, bool single, double *out);

/* "integer", "character varying(10)", ... as format_type() shows it; written to buf
 * (when buf and n are given) and returned. */
const char *ss_type_display_name(ss_type t, char *buf, size_t n);
/* format_type(type, typmod) as \d shows a column's type: ss_type_display_name, except
 * that character without a length is "bpchar" (not "character", which means character(1)). */
const char *ss_type_column_name(ss_type t, char *buf, size_t n);
/* "int4", "varchar", ... (pg_type.typname); "???" for an id that is not a built-in type. */
const char *ss_type_internal_name(int32_t id);
/* Maps an SQL or PostgreSQL type name (case-insensitive) to its id. */
bool ss_type_lookup_name(const char *name, int32_t *id);

/* Buffer size that always holds ss_float8_to_text / ss_int64_to_text output + NUL. */
#define SS_NUMBER_BUFLEN 32
/* PostgreSQL 15 float8 output (shortest round-trip digits); returns the length. */
size_t ss_float8_to_text(double x, char *buf);
/* extra_float_digits for ss_float8_to_text on the calling thread (the API sets it from the
 * handle's setting on entry: prepare, step, column access): > 0 (default 1) the shortest text
 * that reads back exactly, <= 0 printf's %.*g with 15 + n significant digits, as
 * PostgreSQL's float8out. */
void ss_float8_set_extra_digits(int extra_float_digits);
/* The calling thread's extra_float_digits (float4's output reads it too). */
int ss_float8_extra_digits(void);
/* PostgreSQL 15 float8out, or float4out when single (x then holds a float value); returns the
 * length. */
size_t ss_float_to_text(double x, bool single, char *buf);
/* Decimal integer text; returns the length. */
size_t ss_int64_to_text(int64_t v, char *buf);

#endif
