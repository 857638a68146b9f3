/* bind_json_agg.c — json_agg / jsonb_agg (one value) and json_object_agg / jsonb_object_agg
 * (key, value) as calls the aggregate module concatenates: the arguments wrapped in the kernel's
 * JSON text functions (types/json/json_agg.h), the call's result text read back as json or
 * jsonb by the expression around its column.  json values have no equality, so DISTINCT over
 * json is PostgreSQL's 42883; json_agg / jsonb_agg(DISTINCT x) pass x itself too (DISTINCT
 * compares x, not its text, a whole row as its record); json_object_agg(DISTINCT k, v) compares the
 * record (k, v) and passes its "key : value" text. */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/json/json_agg.h"
#include "types/record/record.h"

bool is_json_aggregate(const char *name)
{
    return !strcmp(name, "json_agg") || !strcmp(name, "jsonb_agg") || !strcmp(name, "json_object_agg") ||
           !strcmp(name, "jsonb_object_agg");
}

static ss_expr *wrap(binder *b, const ss_func_def *def, ss_expr *arg)
{
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *));
    ss_expr *e = args ? new_expr(b, EXPR_FUNC, type_of(def->result)) : NULL;
    if (!e)
        return NULL;
    args[0] = arg;
    e->u.func.def = def;
    e->u.func.nargs = 1;
    e->u.func.args = args;
    return e;
}

int bind_json_agg(binder *b, const ast_expr *a, ss_expr **args, ss_expr *row_json, ss_agg_call *call,
                  ss_expr ***more, uint32_t *nmore, const ss_func_def **result_def, ss_expr ***dargs,
                  uint32_t *ndargs)
{
    const char *name = a->names[0];
    bool object = strstr(name, "object") != NULL, jsonb = name[4] == 'b';
    uint32_t want = object ? 2 : 1;
    for (uint32_t i = 0; i < want; i++) {
        if (args[i]->type.id == SS_TYPE_UNKNOWN) {
            if (object) { /* "any": an untyped literal is text */
                args[i] = coerce_expr(b, args[i], type_of(SS_TYPE_TEXT), CAST_IMPLICIT, a->args[i]->location);
                if (!args[i])
                    return SS_ERROR;
                continue;
            }
            /* PostgreSQL reports it without a position */
            return bind_error(b, -1, SS_SQLSTATE_DATATYPE_MISMATCH,
                              "could not determine polymorphic type because input has type unknown");
        }
    }
    const ss_func_def *elem = jsonb ? &jsonb_agg_elem_def : &json_agg_elem_def;
    bool whole_row = row_json || (args[0]->kind == EXPR_FUNC && args[0]->u.func.def == &json_row_def);
    if (a->distinct) {
        for (uint32_t i = 0; i < want; i++)
            if (args[i]->type.id == SS_TYPE_JSON)
                return bind_error(b, expr_location(a->args[i]), SS_SQLSTATE_UNDEFINED_FUNCTION,
                                  "could not identify an equality operator for type json");
        if (!bind_find_plugin_aggregate(name))
            return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "feature not supported: %s(DISTINCT ...) without the aggregate module", name);
        for (uint32_t i = 0; i < want; i++)
            if (bind_check_equality(b, args[i]->type, expr_location(a->args[i])))
                return SS_ERROR;
        ss_expr **m = bind_alloc(b, sizeof(ss_expr *));
        if (!m)
            return SS_ERROR;
        *dargs = args;
        *ndargs = want;
        if (object) {
            /* DISTINCT over the pair: the record (k, v) sorted and compared, its item text
               "key : value" the second argument (operators/aggregate/agg_builtin_json.c) */
            ss_expr **fields = bind_alloc(b, sizeof(ss_expr *) * 2), **pair = bind_alloc(b, sizeof(ss_expr *) * 2);
            ss_type rt;
            if (!fields || !pair || !(fields[1] = resolve_unknown(b, args[1], a->args[1]->location)))
                return SS_ERROR;
            fields[0] = args[0];
            if (bind_anonymous_row_type(b, fields, 2, &rt) || !(pair[0] = wrap(b, &json_agg_key_def, args[0])) ||
                !(pair[1] = wrap(b, elem, fields[1])) || !(call->arg = make_func(b, &rec_row_def, rt, fields, 2)) ||
                !(m[0] = make_func(b, &json_agg_pair_def, type_of(SS_TYPE_TEXT), pair, 2)))
                return SS_ERROR;
        } else {
            /* json_agg(DISTINCT x): x sorted and compared as itself (a row as its record),
               its JSON text the second argument the registered aggregate concatenates */
            if (!(args[0] = resolve_unknown(b, args[0], a->args[0]->location)) ||
                !(m[0] = wrap(b, elem, row_json ? row_json : args[0])))
                return SS_ERROR;
            call->arg = args[0];
        }
        *more = m;
        *nmore = 1;
    } else if (object) {
        ss_expr **m = bind_alloc(b, sizeof(ss_expr *));
        if (!m || !(call->arg = wrap(b, &json_agg_key_def, args[0])) || !(m[0] = wrap(b, elem, args[1])))
            return SS_ERROR;
        *more = m;
        *nmore = 1;
    } else if (!(call->arg = wrap(b, elem, args[0]))) {
        return SS_ERROR;
    }
    call->result_type = type_of(SS_TYPE_TEXT);
    /* json_agg of arrays and rows: PostgreSQL breaks the line between them */
    *result_def = jsonb ? &jsonb_agg_result_def
                  : !object && (ss_type_is_array(args[0]->type.id) || args[0]->type.id == SS_TYPE_RECORD || whole_row)
                      ? &json_agg_array_result_def
                      : &json_agg_result_def;
    return SS_OK;
}

ss_expr *json_agg_result(binder *b, const ss_func_def *result_def, ss_expr *col)
{
    return result_def && col ? wrap(b, result_def, col) : col;
}
