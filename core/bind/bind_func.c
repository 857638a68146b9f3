/* bind_func.c — function calls (PostgreSQL's parse_func): Sunstone's built-in scalar
 * functions, with PostgreSQL's catalogue of functions (pg_builtins) for the errors about the
 * ones Sunstone lacks; aggregate calls go to bind_agg.c. */
#include <stdio.h>
#include <string.h>

#include "bind/bind_constraints.h"
#include "bind/binder_internal.h"
#include "types/cast.h"
#include "types/functions.h"
#include "types/json_record.h"
#include "types/pg_builtins.h"
#include "types/type_def.h"
#include "types/typeio.h"

ss_expr *no_such_function(binder *b, int location, const char *name, const char *signature)
{
    bind_error(b, location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function %s(%s) does not exist", name, signature);
    ss_ctx_error_hint(b->ctx, "No function matches the given name and argument types. You might need to add "
                              "explicit type casts.");
    return NULL;
}

/* array_to_json's first parameter is anyarray: an untyped argument cannot fix its type
 * (42804, no position, as PostgreSQL), a value of another type matches no function. */
static bool anyarray_arg(binder *b, const ast_expr *a, ss_expr **args, uint32_t n)
{
    if (is_unknown_const(args[0]) || is_unknown_param(b, args[0])) {
        bind_error(b, -1, SS_SQLSTATE_DATATYPE_MISMATCH,
                   "could not determine polymorphic type because input has type unknown");
        return false;
    }
    if (ss_type_is_array(args[0]->type.id))
        return true;
    no_such_function_of(b, a, args, n);
    return false;
}

ss_expr *no_such_function_of(binder *b, const ast_expr *a, ss_expr *const *args, uint32_t n)
{
    char sig[512] = "";
    size_t off = 0;
    for (uint32_t i = 0; i < n && off < sizeof sig; i++) {
        char b1[96];
        off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                tname(type_of(args[i]->type.id), b1, sizeof b1)); /* no typmod, as PostgreSQL */
    }
    return no_such_function(b, a->location, a->names[a->nnames - 1], sig);
}

/* pg_column_size(x): a varlena value read from a table column is PostgreSQL's packed datum
   (ss_column_size_stored_def); one passed through a subquery, view, function or VALUES list
   may be either there, so Sunstone refuses it. */
static int column_size_packed(binder *b, const ss_expr *arg, const ss_func_def **def, int location)
{
    if (arg->kind != EXPR_COLUMN || !ss_type_is_varlen(arg->type.id))
        return SS_OK;
    for (uint32_t i = 0; i < b->nscope; i++)
        if (b->scope[i].rel == arg->u.column.rel && b->scope[i].ns) { /* a table's column */
            *def = &ss_column_size_stored_def;
            return SS_OK;
        }
    return bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                      "feature not supported: pg_column_size of a column that is not a table's");
}

ss_expr *bind_func(binder *b, const ast_expr *a)
{
    const ast_expr *written = a;
    if (!(a = bind_named_call(b, a)))
        return NULL;
    if (a->over)
        return bind_window_call(b, a);
    if (a->nnames == 1 && !a->within_group && bind_find_plugin_window(a->names[0]) &&
        (!bind_find_plugin_aggregate(a->names[0]) ||
         (bind_agg_is_hypothetical(bind_find_plugin_aggregate(a->names[0])) && !a->nargs))) {
        /* rank(): the window function's signature, not the hypothetical-set aggregate's */
        bind_error(b, a->location, "42809", "window function %s requires an OVER clause", a->names[0]);
        return NULL;
    }
    if (is_aggregate_name(a))
        return bind_aggregate(b, a);
    if (a->within_group)
        return bind_within_group_unregistered(b, a);
    if (a->star || a->distinct || a->filter || a->nagg_order) {
        bind_error(b, a->location, "42809", "%s specified, but %s is not an aggregate function",
                   a->star ? "*" : a->distinct ? "DISTINCT" : a->nagg_order ? "ORDER BY" : "FILTER",
                   a->names[a->nnames - 1]);
        return NULL;
    }
    if (a->nnames > 2 || (a->nnames == 2 && strcmp(a->names[0], "pg_catalog") != 0)) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: functions in schemas other than pg_catalog");
        return NULL;
    }
    const char *name = a->names[a->nnames - 1];
    if (a->nnames == 1 && a->nargs == 3 && strcmp(name, SS_FIELD_STORE_FUNC) == 0)
        return bind_field_store(b, a);
    if (a->nnames == 1 && a->nargs >= 3 && strcmp(name, SS_SUBSCRIPT_STORE_FUNC) == 0)
        return bind_subscript_store(b, a);
    if (a->nnames == 1 && a->nargs >= 5 && strcmp(name, SS_SLICE_STORE_FUNC) == 0)
        return bind_slice_store(b, a);
    if (a->nnames == 1 && a->nargs <= 1 &&
        (strcmp(name, SS_INSERT_BASE_FUNC) == 0 || strcmp(name, SS_INSERT_VALUE_FUNC) == 0))
        return bind_insert_placeholder(b, a);
    ss_expr *remap = a->nnames == 1 ? bind_row_remap(b, a, name) : NULL;
    if (remap || ss_ctx_error_pending(b->ctx))
        return remap;
    if (is_set_returning(name)) {
        if (bind_srf_misplaced(b, a))
            return NULL;
        if (!strcmp(name, "unnest") && a->nargs > 1) /* several arrays: PostgreSQL's ROWS FROM, only in FROM */
            return unnest_outside_from(b, a);
        if (b->srf_ast && !b->agg_mode && ast_equal(written, b->srf_ast))
            return b->srf_col;
        for (uint32_t i = 0; b->srf_ast && !b->agg_mode && i < b->nsrf_more; i++)
            if (ast_equal(written, b->srf_more[i]))
                return b->srf_more_cols[i];
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: set-returning function %s here (only in FROM, or generate_series, "
                   "generate_subscripts, unnest(array), regexp_matches, regexp_split_to_table and one-column json "
                   "functions, not nested, in the select list of a query without aggregates or window functions)",
                   name);
        return NULL;
    }
    uint32_t n = a->nargs;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (n ? n : 1));
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    ss_type *want = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    if (!args || !types || !want)
        return NULL;
    bool row_json = n == 1 && (!strcmp(name, "to_json") || !strcmp(name, "row_to_json") || !strcmp(name, "to_jsonb")) &&
                    bind_is_whole_row(b, a->args[0]);
    if (row_json) /* to_json(t): the row's object (bind_whole_row.c) */
        return bind_whole_row_json(b, a->args[0], name[7] == 'b', bind_expr);
    for (uint32_t i = 0; i < n; i++) {
        if (!(args[i] = bind_expr(b, a->args[i])))
            return NULL;
        types[i] = is_unknown_param(b, args[i]) ? type_of(SS_TYPE_UNKNOWN) : args[i]->type;
    }
    if (a->variadic && bind_is_variadic_function(name))
        return bind_variadic_call(b, a, name, args, types, n);
    if (!strcmp(name, "array_to_json") && (n == 1 || n == 2) && !anyarray_arg(b, a, args, n))
        return NULL;
    if (json_record_function(name, NULL)) /* the base's row type (bind_json_record.c) */
        return bind_json_record_call(b, a, name, args, n);
    bool array_func;
    ss_expr *arr = bind_array_func(b, a, name, args, n, &array_func);
    if (array_func)
        return arr;
    const ss_func_def *def;
    ss_type result;
    /* row_to_json(record) is to_json's object of the fields (types/record/record_json.c) */
    bool record_json = n == 1 && !strcmp(name, "row_to_json") && types[0].id == SS_TYPE_RECORD;
    int resolved = ss_func_resolve(record_json ? "to_json" : name, n, types, &def, want, &result);
    int32_t as_type;
    if (resolved != SS_OK && n == 1 && ss_type_lookup_name(name, &as_type) &&
        strcmp(ss_type_internal_name(as_type), name) == 0 &&
        (is_unknown_const(args[0]) || is_unknown_param(b, args[0]) ||
         ss_cast_exists(args[0]->type, type_of(as_type), CAST_EXPLICIT)))
        /* a type name applied to one value is a cast (PostgreSQL's function-style cast) */
        return coerce_expr(b, args[0], type_of(as_type), CAST_EXPLICIT, a->args[0]->location);
    if (resolved != SS_OK) {
        char sig[512] = "";
        size_t off = 0;
        for (uint32_t i = 0; i < n; i++) {
            char b1[96];
            off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                    tname(type_of(types[i].id), b1, sizeof b1)); /* no typmod, as PostgreSQL */
            if (off >= sizeof sig)
                break;
        }
        if (n == 1 && ss_pg_type_cast_exists(name, types[0])) { /* PostgreSQL's function-style cast */
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: type %s", name);
            return NULL;
        }
        /* the name as written: pg_catalog.overlaps for OVERLAPS, as PostgreSQL's grammar names it */
        char shown[160];
        snprintf(shown, sizeof shown, "%s%s", a->nnames == 2 ? "pg_catalog." : "", name);
        int pg = resolved == SS_FUNC_AMBIGUOUS ? SS_PG_AMBIGUOUS : ss_pg_function_lookup(name, n, types);
        if (pg == SS_PG_AMBIGUOUS) {
            bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function %s(%s) is not unique", shown, sig);
            ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add "
                                      "explicit type casts.");
            return NULL;
        }
        if (pg == SS_PG_EXISTS) { /* PostgreSQL has it, Sunstone not yet */
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: function %s(%s)",
                       shown, sig);
            return NULL;
        }
        return no_such_function(b, a->location, shown, sig);
    }
    /* PostgreSQL may pick a numeric overload for a numeric argument; where Sunstone lacks
       that overload, the float8 one would answer differently, so it refuses (a function
       returning a catalog type, make_time or to_timestamp, is PostgreSQL's only overload) */
    for (uint32_t i = 0; i < n && !ss_type_def_get(def->result); i++)
        if (types[i].id == SS_TYPE_NUMERIC && want[i].id == SS_TYPE_FLOAT8 && ss_pg_function_has_numeric(name, n, i) &&
            !ss_func_has_arg_type(name, n, i, SS_TYPE_NUMERIC))
            return numeric_unsupported(b, name, a->args[i]->location);
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = coerce_expr(b, args[i], want[i], CAST_IMPLICIT, a->args[i]->location)))
            return NULL;
    if (n && bind_sequence_arg(b, def, args, n, a->args[0]->location))
        return NULL;
    if (n == 1 && !strcmp(def->name, "pg_column_size") && column_size_packed(b, args[0], &def, a->args[0]->location))
        return NULL;
    return make_func(b, def, result, args, n);
}
