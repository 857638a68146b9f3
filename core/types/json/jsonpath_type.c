/* jsonpath_type.c — the jsonpath type's catalog descriptor: jsonpath_in (the path parsed,
 * PostgreSQL's 42601 errors) storing the normalised text jsonpath_out prints, its output, and
 * the tables of the functions and operators taking a jsonpath (jsonpath_fn.c evaluates them).
 * jsonpath has no equality or ordering in PostgreSQL; text casts go through its I/O. */
#include "types/json/json_fn.h"
#include "types/json/jsonpath.h"

#include "types/type_def.h"

static int jsonpath_input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    ss_arena *scratch = ss_arena_create();
    if (!scratch)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    jp_path path;
    int rc = jp_parse(ctx, s, len, scratch, &path);
    if (rc == SS_OK) {
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        jp_print(&path, &sb);
        char *p = arena ? ss_arena_alloc(arena, sb.len + 1) : ss_ctx_alloc(ctx, sb.len + 1);
        if (!p) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        } else {
            memcpy(p, sb.data, sb.len);
            memset(out, 0, sizeof *out);
            out->v.s = (ss_text){p, (uint32_t)sb.len, 0};
        }
        ss_strbuf_free(&sb);
    }
    ss_arena_destroy(scratch);
    return rc;
}

static void jsonpath_output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    ss_strbuf_append(out, v->v.s.ptr, v->v.s.len);
}

#define B SS_TYPE_BOOL
#define JB SS_TYPE_JSONB
#define JP SS_TYPE_JSONPATH
#define F(NAME, EVAL, RES, ...)                                                            \
    {NAME, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), false, true, {__VA_ARGS__}, RES, EVAL, false}
/* a jsonpath function: (target, path), (target, path, vars), (target, path, vars, silent) */
#define JSONPATH_FN(NAME, EVAL, RES) F(NAME, EVAL, RES, JB, JP), F(NAME, EVAL, RES, JB, JP, JB), F(NAME, EVAL, RES, JB, JP, JB, B)

static const ss_func_def jsonpath_functions[] = {
    JSONPATH_FN("jsonb_path_exists", jb_fn_path_exists, B),
    JSONPATH_FN("jsonb_path_match", jb_fn_path_match, B),
    JSONPATH_FN("jsonb_path_query_array", jb_fn_path_query_array, JB),
    JSONPATH_FN("jsonb_path_query_first", jb_fn_path_query_first, JB),
    JSONPATH_FN("jsonb_path_exists_tz", jb_fn_path_exists_tz, B),
    JSONPATH_FN("jsonb_path_match_tz", jb_fn_path_match_tz, B),
    JSONPATH_FN("jsonb_path_query_array_tz", jb_fn_path_query_array_tz, JB),
    JSONPATH_FN("jsonb_path_query_first_tz", jb_fn_path_query_first_tz, JB),
    F("jsonb_path_exists_opr", jb_op_path_exists, B, JB, JP),
    F("jsonb_path_match_opr", jb_op_path_match, B, JB, JP),
    {0},
};

static const ss_func_def jsonpath_operators[] = {
    F("@?", jb_op_path_exists, B, JB, JP),
    F("@@", jb_op_path_match, B, JB, JP),
    {0},
};

static const ss_type_info jsonpath_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_JSONPATH,
    .name = "jsonpath",
    .layout = SS_LAYOUT_VARLEN,
    .width = sizeof(ss_text),
    .physical = SS_TYPE_TEXT,
};

const ss_type_def ss_jsonpath_type_def = {
    .info = &jsonpath_info,
    .internal_name = "jsonpath",
    .display_name = "jsonpath",
    .category = 'U',
    .input = jsonpath_input,
    .output = jsonpath_output,
    .functions = jsonpath_functions,
    .operators = jsonpath_operators,
    .no_ordering = true,
    .no_minmax = true,
};
