/* bind_variadic.c — calls written f(..., VARIADIC arr) (PostgreSQL's func_variadic): for a
 * function whose trailing parameters are variadic in PostgreSQL the array stands for them,
 * its items becoming the arguments at run time (exec/expr_eval_variadic.c); for any other
 * function VARIADIC changes nothing and the array is an ordinary argument (bind_func.c). */
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"
#include "types/cast.h"
#include "types/functions.h"

/* PostgreSQL 15's variadic functions that Sunstone has (pg_proc.provariadic): the number of
   parameters before the variadic one, and whether it is VARIADIC "any" (any array) or
   VARIADIC text[]. */
typedef struct variadic_fn {
    const char *name;
    uint32_t nfixed;
    bool any;
    uint8_t null_rule; /* SS_FUNC_VARIADIC_*: what a NULL array means */
    const char *array_op; /* the operator that takes the array itself, when Sunstone has no
                             variadic form: jsonb_delete(j, VARIADIC a) is j - a */
} variadic_fn;

static const variadic_fn variadic_fns[] = {
    {"concat", 0, true, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"concat_ws", 1, true, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"format", 1, true, SS_FUNC_VARIADIC_NULL_IS_EMPTY, NULL}, /* text_format: no arguments */
    {"json_build_array", 0, true, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"json_build_object", 0, true, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"jsonb_build_array", 0, true, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"jsonb_build_object", 0, true, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"num_nulls", 0, true, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"num_nonnulls", 0, true, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"json_extract_path", 1, false, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"json_extract_path_text", 1, false, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"jsonb_extract_path", 1, false, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"jsonb_extract_path_text", 1, false, SS_FUNC_VARIADIC_NULL_IS_NULL, NULL},
    {"jsonb_delete", 1, false, SS_FUNC_VARIADIC_NULL_IS_NULL, "-"},
};

bool bind_is_variadic_function(const char *name)
{
    for (size_t k = 0; k < sizeof variadic_fns / sizeof variadic_fns[0]; k++)
        if (!strcmp(variadic_fns[k].name, name))
            return true;
    return false;
}

ss_expr *bind_variadic_call(binder *b, const ast_expr *a, const char *name, ss_expr **args, const ss_type *types,
                            uint32_t n)
{
    const variadic_fn *f = NULL;
    for (size_t k = 0; k < sizeof variadic_fns / sizeof variadic_fns[0]; k++)
        if (!strcmp(variadic_fns[k].name, name))
            f = &variadic_fns[k];
    if (!f || n != f->nfixed + 1) /* the array must be the variadic parameter itself */
        return no_such_function_of(b, a, args, n);
    ss_expr **varr = &args[n - 1];
    if (f->any) {
        if (is_unknown_const(*varr) || is_unknown_param(b, *varr) || !ss_type_is_array((*varr)->type.id)) {
            bind_error(b, expr_location(a->args[n - 1]), SS_SQLSTATE_DATATYPE_MISMATCH,
                       "VARIADIC argument must be an array");
            return NULL;
        }
    } else if (!is_unknown_const(*varr) && !is_unknown_param(b, *varr) &&
               !ss_cast_exists((*varr)->type, type_of(SS_TYPE_TEXT_ARRAY), CAST_IMPLICIT)) {
        return no_such_function_of(b, a, args, n);
    }
    if (f->array_op) { /* jsonb_delete(jsonb, VARIADIC text[]) */
        ss_type otypes[2] = {type_of(SS_TYPE_JSONB), type_of(SS_TYPE_TEXT_ARRAY)}, want[2], result;
        if (!is_unknown_const(args[0]) && !is_unknown_param(b, args[0]) &&
            !ss_cast_exists(types[0], otypes[0], CAST_IMPLICIT))
            return no_such_function_of(b, a, args, n);
        const ss_func_def *def;
        if (ss_oper_resolve(f->array_op, 2, otypes, &def, want, &result) != SS_OK || !def->eval)
            return no_such_function_of(b, a, args, n);
        for (uint32_t i = 0; i < 2; i++)
            if (!(args[i] = coerce_expr(b, args[i], want[i], CAST_IMPLICIT, a->args[i]->location)))
                return NULL;
        return make_func(b, def, result, args, n);
    }
    /* resolved as a call with one argument of the element type */
    ss_type rtypes[SS_FUNC_MAX_ARGS], want[SS_FUNC_MAX_ARGS], result;
    memcpy(rtypes, types, sizeof *types * f->nfixed);
    rtypes[f->nfixed] = type_of(f->any ? ss_type_element_of((*varr)->type.id) : SS_TYPE_TEXT);
    const ss_func_def *def;
    if (ss_func_resolve(name, n, rtypes, &def, want, &result) != SS_OK || !def->variadic_any)
        return no_such_function_of(b, a, args, n);
    for (uint32_t i = 0; i < f->nfixed; i++)
        if (!(args[i] = coerce_expr(b, args[i], want[i], CAST_IMPLICIT, a->args[i]->location)))
            return NULL;
    int32_t arr = ss_type_array_of(want[f->nfixed].id);
    if (want[f->nfixed].id != rtypes[f->nfixed].id &&
        (arr == SS_TYPE_INVALID || !ss_cast_exists((*varr)->type, type_of(arr), CAST_IMPLICIT)))
        return no_such_function_of(b, a, args, n);
    if (!f->any || want[f->nfixed].id != rtypes[f->nfixed].id)
        if (!(*varr = coerce_expr(b, *varr, type_of(arr), CAST_IMPLICIT, a->args[n - 1]->location)))
            return NULL;
    ss_expr *e = make_func(b, def, result, args, n);
    if (e && e->kind == EXPR_FUNC)
        e->u.func.variadic = f->null_rule;
    return e;
}
