/* regex_srf.c — regexp_matches(s, p [, flags]) and regexp_split_to_table(s, p [, flags]) as
 * set-returning functions: the rows of one call handed to the function scan's emit callback,
 * the matching itself in func_regex.c (regexp_matches' groups per match, regexp_split_to_array's
 * pieces unnested); string_to_table(s, delimiter [, null string]), the text splitter's
 * set-returning form, is string_to_array's pieces unnested the same way. */
#include "types/regex_srf.h"

#include <string.h>

#include "exec/vector.h"
#include "types/array/array.h"
#include "types/array/array_func.h"
#include "types/func_impl.h"

bool regex_srf_describe(const char *name, const char **scalar, ss_type *column)
{
    if (!strcmp(name, "regexp_matches")) {
        *scalar = "regexp_match";
        *column = (ss_type){ss_type_array_of(SS_TYPE_TEXT), -1};
        return true;
    }
    if (!strcmp(name, "regexp_split_to_table") || !strcmp(name, "string_to_table")) {
        /* string_to_table's parameters are (text, text [, text]) as well */
        *scalar = "regexp_split_to_array";
        *column = (ss_type){SS_TYPE_TEXT, -1};
        return true;
    }
    return false;
}

typedef struct match_emit {
    ss_srf_emit_fn emit;
    void *arg;
} match_emit;

static int emit_groups(void *arg, const ss_text *groups)
{
    match_emit *m = arg;
    ss_value col;
    memset(&col, 0, sizeof col);
    col.v.s = *groups;
    return m->emit(m->arg, &col);
}

/* split (regexp_split_to_array, or string_to_array, which takes NULL arguments) over one
 * row, its items emitted one by one (none when its result is NULL) */
static int split_rows(ss_ctx *ctx, const ss_value *args, uint32_t nargs, ss_func_eval_fn split, ss_srf_emit_fn emit,
                      void *arg)
{
    ss_type text = {SS_TYPE_TEXT, -1};
    ss_vector *in[3] = {NULL, NULL, NULL}, *out = ss_vector_create((ss_type){ss_type_array_of(SS_TYPE_TEXT), -1}, 1);
    if (split == ss_fn_regexp_split_to_array &&
        ss_regexp_check_flags(ctx, nargs > 2 ? &args[2].v.s : NULL, "regexp_split_to_table()")) {
        ss_vector_destroy(out);
        return SS_ERROR;
    }
    int rc = out ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; rc == SS_OK && k < nargs; k++) {
        if (!(in[k] = ss_vector_create(text, 1)))
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        else if (args[k].is_null)
            rc = ss_vector_set_value(ctx, in[k], 0, &args[k]);
        else
            ((ss_text *)in[k]->data)[0] = args[k].v.s;
    }
    if (rc == SS_OK)
        rc = split(ctx, in, nargs, NULL, 1, out);
    ss_value result;
    if (rc == SS_OK)
        ss_vector_get_value(out, 0, &result);
    if (rc == SS_OK && !result.is_null) {
        ss_array a;
        arr_decode(&result.v.s, &a);
        arr_iter it;
        arr_iter_init(&it, &a);
        ss_value v;
        while (rc == SS_OK && arr_iter_next(&it, &v))
            rc = emit(arg, &v);
    }
    for (uint32_t k = 0; k < nargs; k++)
        ss_vector_destroy(in[k]);
    ss_vector_destroy(out);
    return rc;
}

int regex_srf_expand(ss_ctx *ctx, const char *function, const ss_value *args, uint32_t nargs,
                     ss_srf_emit_fn emit, void *arg)
{
    if (nargs < 2 || nargs > 3)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: function %s in FROM",
                            function);
    if (!strcmp(function, "string_to_table")) /* not strict, as string_to_array */
        return split_rows(ctx, args, nargs, arr_fn_string_to_array, emit, arg);
    for (uint32_t k = 0; k < nargs; k++)
        if (args[k].is_null)
            return SS_OK; /* strict: no rows */
    if (!strcmp(function, "regexp_split_to_table"))
        return split_rows(ctx, args, nargs, ss_fn_regexp_split_to_array, emit, arg);
    match_emit m = {emit, arg};
    return ss_regexp_matches_each(ctx, &args[0].v.s, &args[1].v.s, nargs > 2 ? &args[2].v.s : NULL, emit_groups,
                                  &m);
}
