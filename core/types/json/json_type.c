/* json_type.c — the json and jsonb descriptors of the type catalog: input (json_in validates,
 * jsonb_in parses and encodes), output (json as written, jsonb normalised), the order, equality
 * and hashing of jsonb, and the tables of their functions, operators and casts. */
#include "types/json/json_fn.h"

#include <stdlib.h>

#include "exec/expr.h"
#include "types/type_def.h"

#define B SS_TYPE_BOOL
#define I4 SS_TYPE_INT4
#define TX SS_TYPE_TEXT
#define JS SS_TYPE_JSON
#define JB SS_TYPE_JSONB
/* the text[] path argument (a literal is read by array input, json_rows.c takes the items) */
#define PATH SS_TYPE_TEXT_ARRAY

static void *out_alloc(ss_ctx *ctx, ss_arena *arena, size_t n)
{
    void *p = arena ? ss_arena_alloc(arena, n ? n : 1) : ss_ctx_alloc(ctx, n ? n : 1);
    if (!p && arena)
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return p;
}

static int json_input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    if (json_validate(ctx, s, len) != SS_OK)
        return SS_ERROR;
    char *p = out_alloc(ctx, arena, len);
    if (!p)
        return SS_ERROR;
    if (len)
        memcpy(p, s, len);
    memset(out, 0, sizeof *out);
    out->v.s = (ss_text){p, (uint32_t)len, 0};
    return SS_OK;
}

static void json_output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    ss_strbuf_append(out, v->v.s.ptr, v->v.s.len);
}

static int jsonb_input_fn(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out,
                          ss_arena *arena)
{
    (void)t;
    return jsonb_input(ctx, s, len, out, arena);
}

static void jsonb_output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    jb_format(v->v.s.ptr, false, out);
}

static int jsonb_cmp_cb(const void *a, const void *b)
{
    return jb_compare(((const ss_text *)a)->ptr, ((const ss_text *)b)->ptr);
}

static bool jsonb_eq_cb(const void *a, const void *b)
{
    return jb_compare(((const ss_text *)a)->ptr, ((const ss_text *)b)->ptr) == 0;
}

static uint64_t jsonb_hash_cb(const void *a)
{
    return jb_hash(((const ss_text *)a)->ptr);
}

static void jsonb_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    const ss_text *t = v->data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = rows ? rows[k] : k;
        if (!ss_vector_is_null(v, r))
            out[k] = jb_hash(t[r].ptr);
    }
}

#define F(NAME, EVAL, RES, ...)                                                            \
    {NAME, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), false, true, {__VA_ARGS__}, RES, EVAL, false}
/* variadic "any" (json_build_object(...)): non-strict, NULL arguments are values */
#define VARIADIC(NAME, EVAL, RES, MIN) {NAME, MIN, true, false, {0}, RES, EVAL, false}

static const ss_func_def json_functions[] = {
    F("json_typeof", js_fn_typeof, TX, JS),
    F("json_array_length", js_fn_array_length, I4, JS),
    F("json_strip_nulls", js_fn_strip_nulls, JS, JS),
    /* non-strict so that an untyped NULL reaches the function's error */
    {"to_json", 1, false, false, {SS_FUNC_ANY}, JS, js_fn_to_json, false},
    /* anyarray: the binder refuses any other type (bind_func.c) */
    {"array_to_json", 1, false, true, {SS_FUNC_ANY}, JS, js_fn_array_to_json, false},
    {"array_to_json", 2, false, true, {SS_FUNC_ANY, B}, JS, js_fn_array_to_json, false},
    VARIADIC("json_build_object", js_fn_build_object, JS, 0),
    VARIADIC("json_build_array", js_fn_build_array, JS, 0),
    F("json_object", js_fn_object, JS, PATH),
    F("json_object", js_fn_object, JS, PATH, PATH),
    {"json_extract_path", 2, true, false, {JS}, JS, js_fn_extract_path, false},
    {"json_extract_path_text", 2, true, false, {JS}, TX, js_fn_extract_path_text, false},
    /* the functions behind the operators, which PostgreSQL lets a query call by name */
    F("json_object_field", js_op_field, JS, JS, TX),
    F("json_array_element", js_op_elem, JS, JS, I4),
    F("json_object_field_text", js_op_field_text, TX, JS, TX),
    F("json_array_element_text", js_op_elem_text, TX, JS, I4),
    {0},
};

static const ss_func_def json_operators[] = {
    F("->", js_op_field, JS, JS, TX),
    F("->", js_op_elem, JS, JS, I4),
    F("->>", js_op_field_text, TX, JS, TX),
    F("->>", js_op_elem_text, TX, JS, I4),
    F("#>", js_op_path, JS, JS, PATH),
    F("#>>", js_op_path_text, TX, JS, PATH),
    {0},
};

static const ss_func_def jsonb_functions[] = {
    F("jsonb_typeof", jb_fn_typeof, TX, JB),
    F("jsonb_array_length", jb_fn_array_length, I4, JB),
    F("jsonb_pretty", jb_fn_pretty, TX, JB),
    F("jsonb_strip_nulls", jb_fn_strip_nulls, JB, JB),
    F("jsonb_set", jb_fn_set, JB, JB, PATH, JB),
    F("jsonb_set", jb_fn_set, JB, JB, PATH, JB, B),
    F("jsonb_object", jb_fn_object, JB, PATH),
    F("jsonb_object", jb_fn_object, JB, PATH, PATH),
    /* non-strict: a NULL new value is handled by its null_value_treatment */
    {"jsonb_set_lax", 3, false, false, {JB, PATH, JB}, JB, jb_fn_set_lax, false},
    {"jsonb_set_lax", 4, false, false, {JB, PATH, JB, B}, JB, jb_fn_set_lax, false},
    {"jsonb_set_lax", 5, false, false, {JB, PATH, JB, B, TX}, JB, jb_fn_set_lax, false},
    F("jsonb_insert", jb_fn_insert, JB, JB, PATH, JB),
    F("jsonb_insert", jb_fn_insert, JB, JB, PATH, JB, B),
    F("jsonb_delete_path", jb_fn_delete_path, JB, JB, PATH),
    F("jsonb_contains", jb_op_contains, B, JB, JB),
    F("jsonb_exists", jb_op_exists, B, JB, TX),
    F("jsonb_concat", jb_op_concat, JB, JB, JB),
    {"to_jsonb", 1, false, false, {SS_FUNC_ANY}, JB, jb_fn_to_jsonb, false},
    VARIADIC("jsonb_build_object", jb_fn_build_object, JB, 0),
    VARIADIC("jsonb_build_array", jb_fn_build_array, JB, 0),
    {"jsonb_extract_path", 2, true, false, {JB}, JB, jb_fn_extract_path, false},
    {"jsonb_extract_path_text", 2, true, false, {JB}, TX, jb_fn_extract_path_text, false},
    /* the functions behind the operators, which PostgreSQL lets a query call by name */
    F("jsonb_object_field", jb_op_field, JB, JB, TX),
    F("jsonb_array_element", jb_op_elem, JB, JB, I4),
    F("jsonb_object_field_text", jb_op_field_text, TX, JB, TX),
    F("jsonb_array_element_text", jb_op_elem_text, TX, JB, I4),
    F("jsonb_contained", jb_op_contained, B, JB, JB),
    F("jsonb_exists_any", jb_op_exists_any, B, JB, PATH),
    F("jsonb_exists_all", jb_op_exists_all, B, JB, PATH),
    F("jsonb_delete", jb_op_delete_key, JB, JB, TX),
    F("jsonb_delete", jb_op_delete_index, JB, JB, I4),
    F("jsonb_eq", jb_op_eq, B, JB, JB),
    F("jsonb_ne", jb_op_ne, B, JB, JB),
    F("jsonb_lt", jb_op_lt, B, JB, JB),
    F("jsonb_le", jb_op_le, B, JB, JB),
    F("jsonb_gt", jb_op_gt, B, JB, JB),
    F("jsonb_ge", jb_op_ge, B, JB, JB),
    /* the jsonpath functions and @? / @@: jsonpath_type.c */
    {0},
};

static const ss_func_def jsonb_operators[] = {
    F("->", jb_op_field, JB, JB, TX),
    F("->", jb_op_elem, JB, JB, I4),
    F("->>", jb_op_field_text, TX, JB, TX),
    F("->>", jb_op_elem_text, TX, JB, I4),
    F("#>", jb_op_path, JB, JB, PATH),
    F("#>>", jb_op_path_text, TX, JB, PATH),
    F("@>", jb_op_contains, B, JB, JB),
    F("<@", jb_op_contained, B, JB, JB),
    F("?", jb_op_exists, B, JB, TX),
    F("?|", jb_op_exists_any, B, JB, PATH),
    F("?&", jb_op_exists_all, B, JB, PATH),
    F("||", jb_op_concat, JB, JB, JB),
    F("-", jb_op_delete_key, JB, JB, TX),
    F("-", jb_op_delete_index, JB, JB, I4),
    F("-", jb_op_delete_keys, JB, JB, PATH),
    F("#-", jb_fn_delete_path, JB, JB, PATH),
    F("=", jb_op_eq, B, JB, JB),
    F("<>", jb_op_ne, B, JB, JB),
    F("<", jb_op_lt, B, JB, JB),
    F("<=", jb_op_le, B, JB, JB),
    F(">", jb_op_gt, B, JB, JB),
    F(">=", jb_op_ge, B, JB, JB),
    {0},
};

static const ss_cast_def json_casts[] = {
    {JS, JB, CAST_ASSIGNMENT, json_cast_json_jsonb},
    {0},
};

static const ss_cast_def jsonb_casts[] = {
    {JB, JS, CAST_ASSIGNMENT, json_cast_jsonb_json},
    {JB, SS_TYPE_BOOL, CAST_EXPLICIT, json_cast_jsonb_scalar},
    {JB, SS_TYPE_NUMERIC, CAST_EXPLICIT, json_cast_jsonb_scalar},
    {JB, SS_TYPE_INT2, CAST_EXPLICIT, json_cast_jsonb_scalar},
    {JB, SS_TYPE_INT4, CAST_EXPLICIT, json_cast_jsonb_scalar},
    {JB, SS_TYPE_INT8, CAST_EXPLICIT, json_cast_jsonb_scalar},
    {JB, SS_TYPE_FLOAT4, CAST_EXPLICIT, json_cast_jsonb_scalar},
    {JB, SS_TYPE_FLOAT8, CAST_EXPLICIT, json_cast_jsonb_scalar},
    {0},
};

/* json's vectors are text's (so operators move them as text); json has no equality, order
 * or hash in PostgreSQL (no btree or hash operator class), which the binder enforces */
static const ss_type_info json_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_JSON,
    .name = "json",
    .layout = SS_LAYOUT_VARLEN,
    .width = sizeof(ss_text),
    .physical = SS_TYPE_TEXT,
};

static const ss_type_info jsonb_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_JSONB,
    .name = "jsonb",
    .layout = SS_LAYOUT_VARLEN,
    .width = sizeof(ss_text),
    .compare = jsonb_cmp_cb,
    .equal = jsonb_eq_cb,
    .hash = jsonb_hash_cb,
    .hash_batch = jsonb_hash_batch,
};

const ss_type_def ss_json_type_def = {
    .info = &json_info,
    .internal_name = "json",
    .display_name = "json",
    .category = 'U',
    .input = json_input,
    .output = json_output,
    .functions = json_functions,
    .operators = json_operators,
    .casts = json_casts,
    .no_ordering = true,
    .no_minmax = true,
};

const ss_type_def ss_jsonb_type_def = {
    .info = &jsonb_info,
    .internal_name = "jsonb",
    .display_name = "jsonb",
    .category = 'U',
    .input = jsonb_input_fn,
    .output = jsonb_output,
    .functions = jsonb_functions,
    .operators = jsonb_operators,
    .casts = jsonb_casts,
    .no_minmax = true,
};
