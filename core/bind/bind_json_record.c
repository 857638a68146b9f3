/* bind_json_record.c — json_populate_record(set), json_to_record(set) and their jsonb forms
 * (types/json_record.c): the row type of the call, PostgreSQL's checks on it and on the column
 * definition list, as a function scan in FROM (its columns the row type's fields) or, for
 * json(b)_populate_record, as a value of the base argument's row type.  The row type's typmod
 * goes to the evaluation as a last int4 argument. */
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"
#include "types/json_record.h"
#include "types/record/record.h"

/* Checks and coerces the arguments of a call of kind k; the base's row type in *row (the
 * anonymous record when there is none). */
static int check_args(binder *b, const ast_expr *a, const char *name, json_record_kind k, ss_expr **args,
                      uint32_t n, ss_type *row)
{
    *row = type_of(SS_TYPE_RECORD);
    uint32_t want = k.populate ? 2 : 1;
    int32_t jt = k.jsonb ? SS_TYPE_JSONB : SS_TYPE_JSON;
    bool ok = n == want || (n == 3 && k.populate && !k.jsonb);
    for (uint32_t i = k.populate ? 1 : 0; ok && i < n; i++) {
        int32_t t = i == 2 ? SS_TYPE_BOOL : jt;
        ok = args[i]->type.id == t || is_unknown_const(args[i]) || is_unknown_param(b, args[i]);
    }
    if (ok && k.populate && !is_unknown_const(args[0]) && !is_unknown_param(b, args[0]) &&
        args[0]->type.id != SS_TYPE_RECORD) {
        bind_error(b, -1, "42804", "first argument of %s must be a row type", name);
        return SS_ERROR;
    }
    if (!ok) {
        no_such_function_of(b, a, args, n);
        return SS_ERROR;
    }
    if (k.populate && (is_unknown_const(args[0]) || is_unknown_param(b, args[0]))) {
        bind_error(b, -1, "42804", "could not determine polymorphic type because input has type unknown");
        return SS_ERROR;
    }
    for (uint32_t i = k.populate ? 1 : 0; i < n; i++)
        if (!(args[i] = coerce_expr(b, args[i], type_of(i == 2 ? SS_TYPE_BOOL : jt), CAST_IMPLICIT,
                                    a->args[i]->location)))
            return SS_ERROR;
    if (k.populate)
        *row = args[0]->type;
    return SS_OK;
}

/* args with the typmod appended (room for it: the caller allocates n + 1). */
static ss_expr *typmod_arg(binder *b, int32_t typmod)
{
    ss_expr *e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT4));
    if (e)
        e->u.cnst.v.i = typmod;
    return e;
}

ss_expr *bind_json_record_call(binder *b, const ast_expr *a, const char *name, ss_expr **args, uint32_t n)
{
    json_record_kind k;
    json_record_function(name, &k);
    ss_type row;
    if (check_args(b, a, name, k, args, n, &row))
        return NULL;
    if (!k.populate || !rec_desc_get(row.typmod)) {
        bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "could not determine row type for result of %s",
                   name);
        ss_ctx_error_hint(b->ctx, "Provide a non-null record argument, or call the function in the FROM clause using "
                                  "a column definition list.");
        return NULL;
    }
    if (k.set) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: set-returning function %s in the select list (call it in FROM)", name);
        return NULL;
    }
    ss_expr **all = bind_alloc(b, sizeof(ss_expr *) * (n + 1));
    if (!all)
        return NULL;
    memcpy(all, args, sizeof(ss_expr *) * n);
    if (!(all[n] = typmod_arg(b, row.typmod)))
        return NULL;
    return make_func(b, k.jsonb ? &jsonb_populate_record_def : &json_populate_record_def, row, all, n + 1);
}

ss_lop *json_record_lop(binder *b, const ast_expr *a, const ast_from_item *from, ss_expr **args, uint32_t n,
                        bool ordinality, uint32_t rel, const char *record_col)
{
    const char *name = a->names[a->nnames - 1];
    json_record_kind k;
    json_record_function(name, &k);
    ss_type row;
    if (check_args(b, a, name, k, args, n, &row))
        return NULL;
    const rec_desc *d = rec_desc_get(row.typmod);
    if (d && !d->name) /* an anonymous base record: the columns are the definition list's */
        d = NULL;
    uint32_t ndefs = from ? from->ncoldefs : 0;
    if (ndefs && ordinality && !from->rows_from_member) {
        bind_error(b, from->coldef_location, "42601", "WITH ORDINALITY cannot be used with a column definition list");
        ss_ctx_error_hint(b->ctx, "Put the column definition list inside ROWS FROM().");
        return NULL;
    }
    if (d && ndefs) {
        bind_error(b, from->coldef_location, "42601",
                   "a column definition list is redundant for a function returning a named composite type");
        return NULL;
    }
    if (!d && record_col) { /* PostgreSQL's, when it runs */
        bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "could not determine row type for result of %s", name);
        ss_ctx_error_hint(b->ctx, "Provide a non-null record argument, or call the function in the FROM clause using "
                                  "a column definition list.");
        return NULL;
    }
    if (!d && !ndefs) {
        bind_error(b, a->location, "42601", "a column definition list is required for functions returning \"record\"");
        return NULL;
    }
    if (!d && (bind_coldef_list(b, from, &row) || !(d = rec_desc_get(row.typmod))))
        return NULL;
    ss_expr **all = bind_alloc(b, sizeof(ss_expr *) * (n + 2));
    uint32_t width = record_col ? 1 : d->nfields, total = width + (ordinality ? 1 : 0);
    ss_type *t = bind_alloc(b, sizeof(ss_type) * (total ? total : 1));
    const char **cn = bind_alloc(b, sizeof(char *) * (total ? total : 1));
    if (!all || !t || !cn)
        return NULL;
    memcpy(all, args, sizeof(ss_expr *) * n);
    /* the row type's typmod, then 1 for rows of one record column */
    if (!(all[n] = typmod_arg(b, row.typmod)) || !(all[n + 1] = typmod_arg(b, record_col ? 1 : 0)))
        return NULL;
    for (uint32_t i = 0; i < d->nfields && !record_col; i++)
        t[i] = d->types[i], cn[i] = d->names[i];
    if (record_col)
        t[0] = row, cn[0] = record_col;
    if (ordinality)
        t[width] = type_of(SS_TYPE_INT8), cn[width] = "ordinality";
    return lop_function(b->ctx, b->arena, rel, name, n + 2, all, ordinality, total, t, cn);
}

int bind_coldef_list(binder *b, const ast_from_item *from, ss_type *row)
{
    uint32_t ndefs = from->ncoldefs;
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (ndefs ? ndefs : 1));
    if (!types)
        return SS_ERROR;
    for (uint32_t i = 0; i < ndefs; i++) {
        if (bind_type_name(b, &from->coldef_types[i], &types[i]))
            return SS_ERROR;
        for (uint32_t j = 0; j < i; j++)
            if (!strcmp(from->coldef_names[i], from->coldef_names[j]))
                return bind_error(b, -1, "42701", "column name \"%s\" specified more than once", from->coldef_names[i]);
        if (types[i].id == SS_TYPE_RECORD && types[i].typmod < 0) /* PostgreSQL's, when it runs */
            return bind_error(b, -1, "42809", "record type has not been registered");
    }
    return bind_coldef_type(b, ndefs, from->coldef_names, types, from->coldef_location, row);
}
