/* json_fn.h — the evaluation callbacks of json's and jsonb's operators, functions and casts
 * (json_ops.c, json_func.c, json_build.c, json_cast.c), the helpers they share, and what
 * json_type.c lists in the catalog descriptors. */
#ifndef SS_TYPES_JSON_FN_H
#define SS_TYPES_JSON_FN_H

#include "exec/vector.h"
#include "types/functions.h"
#include "types/json/json.h"

/* ---- helpers (json_rows.c) ---- */
int jfn_set_null(ss_ctx *ctx, ss_vector *out, uint32_t row);
/* The encoded value at p (NULL: SQL NULL) into row of a jsonb vector. */
int jfn_set_jsonb(ss_ctx *ctx, ss_vector *out, uint32_t row, const char *p);
int jfn_set_tree(ss_ctx *ctx, ss_vector *out, uint32_t row, const jv *v, ss_arena *a);
int jfn_set_buf(ss_ctx *ctx, ss_vector *out, uint32_t row, ss_strbuf *sb);
/* The path (text[]) argument at row of v. */
int jfn_path(ss_ctx *ctx, const ss_vector *v, uint32_t row, ss_arena *a, json_path *out);

/* One row of an evaluation: row i of the arguments into row i of out, with scratch memory
 * (reset before the row) and a string buffer (cleared before the row). */
typedef struct jfn_row {
    ss_ctx *ctx;
    ss_vector *const *args;
    uint32_t nargs;
    uint32_t i;
    ss_vector *out;
    ss_arena *a;
    ss_strbuf *sb;
} jfn_row;
typedef int (*jfn_row_fn)(jfn_row *r, int how);
/* Runs fn(r, how) at rows[0..n) (rows NULL: 0..n-1), stopping at the first error. */
int jfn_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
             ss_vector *out, jfn_row_fn fn, int how);
/* Argument k at the row: its ss_text (jsonb: the encoded bytes at ->ptr), or int4. */
static inline const ss_text *jfn_text(const jfn_row *r, uint32_t k)
{
    return &((const ss_text *)r->args[k]->data)[r->i];
}
static inline int32_t jfn_int(const jfn_row *r, uint32_t k)
{
    return ((const int32_t *)r->args[k]->data)[r->i];
}

/* #> / #>> of one row: the value at path of the jsonb doc (or json text doc) into row of out. */
int jb_path_emit(ss_ctx *ctx, ss_vector *out, uint32_t row, const char *doc, const json_path *path,
                 bool as_text, ss_strbuf *sb);
int js_path_emit(ss_ctx *ctx, ss_vector *out, uint32_t row, const ss_text *doc, const json_path *path,
                 bool as_text, ss_arena *a);
/* Subscript assignment (UPDATE t SET j['a'][1] = v): (base jsonb, value jsonb, subscripts as
 * text...), non-strict; [1] when the first subscript is an integer (a NULL base becomes an
 * array), [0] otherwise (an object). */
extern const ss_func_def jb_def_subscript_assign[2];
/* jsonb ||: objects merged (the right side wins), anything else as array elements. */
int jb_concat_trees(ss_ctx *ctx, jv *x, jv *y, ss_arena *a, jv *out);

#define JFN(name)                                                                          \
    int name(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,    \
             uint32_t n, ss_vector *out)
/* An evaluation callback that runs fn(r, how) per row. */
#define JFN_ROWS(name, fn, how)                                                            \
    JFN(name) { return jfn_rows(ctx, args, nargs, rows, n, out, fn, how); }

/* operators (json_ops.c) */
JFN(jb_op_field);
JFN(jb_fn_set_lax);
JFN(js_fn_object);
JFN(jb_fn_object);
JFN(jb_op_field_text);
JFN(jb_op_elem);
JFN(jb_op_elem_text);
JFN(jb_op_path);
JFN(jb_op_path_text);
JFN(js_op_field);
JFN(js_op_field_text);
JFN(js_op_elem);
JFN(js_op_elem_text);
JFN(js_op_path);
JFN(js_op_path_text);
JFN(jb_op_contains);
JFN(jb_op_contained);
JFN(jb_op_eq);
JFN(jb_op_ne);
JFN(jb_op_lt);
JFN(jb_op_le);
JFN(jb_op_gt);
JFN(jb_op_ge);
JFN(jb_op_exists);
JFN(jb_op_exists_any);
JFN(jb_op_exists_all);
JFN(jb_op_concat);
JFN(jb_op_delete_key);
JFN(jb_op_delete_keys);
JFN(jb_op_delete_index);

/* functions (json_func.c) */
JFN(jb_fn_typeof);
JFN(js_fn_typeof);
JFN(jb_fn_array_length);
JFN(js_fn_array_length);
JFN(jb_fn_pretty);
JFN(jb_fn_strip_nulls);
JFN(js_fn_strip_nulls);
JFN(jb_fn_set);
JFN(jb_fn_insert);
JFN(jb_fn_delete_path);
JFN(jb_fn_extract_path);
JFN(jb_fn_extract_path_text);
JFN(js_fn_extract_path);
JFN(js_fn_extract_path_text);

/* jsonpath (jsonpath_fn.c) */
JFN(jb_fn_path_exists);
JFN(jb_fn_path_match);
JFN(jb_fn_path_query_array);
JFN(jb_fn_path_query_first);
JFN(jb_fn_path_exists_tz);
JFN(jb_fn_path_match_tz);
JFN(jb_fn_path_query_array_tz);
JFN(jb_fn_path_query_first_tz);
JFN(jb_op_path_exists);
JFN(jb_op_path_match);

/* jsonb_in: s[0..len) parsed and encoded into arena (NULL: ctx's execution arena). */
int jsonb_input(ss_ctx *ctx, const char *s, size_t len, ss_value *out, ss_arena *arena);

/* casts (json_cast.c), as type_def.h's ss_cast_fn */
int json_cast_json_jsonb(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                         ss_value *out, ss_arena *arena);
int json_cast_jsonb_json(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                         ss_value *out, ss_arena *arena);
int json_cast_jsonb_scalar(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                           ss_value *out, ss_arena *arena);

/* constructors (json_build.c) */
JFN(jb_fn_build_object);
JFN(js_fn_build_object);
JFN(jb_fn_build_array);
JFN(js_fn_build_array);
JFN(jb_fn_to_jsonb);
JFN(js_fn_to_json);
/* array_to_json(anyarray [, bool]) (json_array.c) */
JFN(js_fn_array_to_json);
/* Appends value (of type t, non-NULL) as datum_to_json writes it (json text); SS_ERROR with
 * 0A000 for a type it cannot convert. */
int json_append_value(ss_ctx *ctx, ss_type t, const ss_value *v, ss_strbuf *out);
/* The jsonb tree of value (of type t; NULL: null) in arena. */
int jsonb_from_value(ss_ctx *ctx, ss_type t, const ss_value *v, ss_arena *a, jv *out);
/* An array value (of an array type of typmod typmod) as JSON text (pretty: array_to_json's
 * line feeds) / as a jsonb tree (json_array.c). */
int json_append_array(ss_ctx *ctx, const ss_text *t, int32_t typmod, bool pretty, ss_strbuf *out);
int jsonb_from_array(ss_ctx *ctx, const ss_text *t, int32_t typmod, ss_arena *a, jv *out);
/* Reads row of v as an ss_value (every layout: fixed widths and ss_text). */
void json_read_value(const ss_vector *v, uint32_t row, ss_value *out);

#endif
