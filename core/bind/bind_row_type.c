/* bind_row_type.c — the row types of tables and views (PostgreSQL's composite types named like
 * their relation): the type name t (null::t, '(1,x)'::t, CAST(... AS t)), casts of a row
 * constructor to it as PostgreSQL's coerce_record_to_complex (each field cast to the column's
 * type, 42846 with its DETAIL for a wrong count or field), the row type of a whole-row
 * reference to a table, and field selection (x).a of a row-typed value.  A row type is the
 * record type with a descriptor's typmod (types/record/record_desc.c). */
#include <string.h>

#include "bind/binder_internal.h"
#include "catalog/catalog.h"
#include "types/cast.h"
#include "types/functions.h"
#include "types/record/record.h"

static int register_desc(binder *b, const void *scope, const char *name, uint32_t n, const char *const *names, const ss_type *types,
                         int location, ss_type *out)
{
    if (n > REC_MAX_FIELDS)
        return bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: row types of more than %d columns", REC_MAX_FIELDS);
    int32_t typmod = rec_desc_register(scope, name, n, names, types);
    if (typmod < 0)
        return bind_error(b, location, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *out = (ss_type){SS_TYPE_RECORD, typmod};
    return SS_OK;
}

int bind_row_type_name(binder *b, const char *name, int location, ss_type *out, bool *found)
{
    *found = false;
    if (!b->catalog)
        return SS_OK;
    ss_table *t = ss_catalog_find(b->catalog, name);
    if (t) {
        *found = true;
        if (location >= 0 && !t->system && note_dependency(b, t->ns, t->name)) /* a view using the type */
            return SS_ERROR;
        const char **names = bind_alloc(b, sizeof(char *) * (t->ncols ? t->ncols : 1));
        if (!names)
            return SS_ERROR;
        for (uint32_t c = 0; c < t->ncols; c++)
            names[c] = t->cols[c].name;
        return register_desc(b, t->ns, t->name, t->ncols, names, t->types, location, out);
    }
    ss_view *v = ss_catalog_find_view(b->catalog, name);
    if (v) {
        *found = true;
        if (location >= 0 && note_dependency(b, v->ns, v->name))
            return SS_ERROR;
        return register_desc(b, v->ns, v->name, v->ncols, (const char *const *)v->col_names, v->types, location, out);
    }
    return SS_OK;
}

int bind_coldef_type(binder *b, uint32_t n, const char *const *names, const ss_type *types, int location,
                     ss_type *out)
{
    return register_desc(b, NULL, NULL, n, names, types, location, out);
}

int bind_entry_row_type(binder *b, const range_entry *re, ss_type *out)
{
    *out = type_of(SS_TYPE_RECORD);
    if (re->ncols > REC_MAX_FIELDS)
        return SS_OK;
    if (re->row_type.id == SS_TYPE_RECORD) { /* unnest of t[] in FROM */
        *out = re->row_type;
        return SS_OK;
    }
    if (re->table_name && b->catalog) {
        ss_type t;
        bool found;
        if (bind_row_type_name(b, re->table_name, -1, &t, &found) != SS_OK)
            return SS_ERROR;
        const rec_desc *d = found ? rec_desc_get(t.typmod) : NULL;
        bool same = d && d->nfields == re->ncols;
        for (uint32_t c = 0; same && c < re->ncols; c++)
            same = d->types[c].id == re->col_types[c].id; /* renamed columns keep the table's type */
        if (same) {
            *out = t;
            return SS_OK;
        }
    }
    /* a subquery's, a join's or renamed columns': an anonymous record with their names, as
       PostgreSQL blesses one */
    for (uint32_t c = 0; c < re->ncols; c++)
        if (!re->col_names[c])
            return SS_OK;
    return register_desc(b, NULL, NULL, re->ncols, re->col_names, re->col_types, -1, out);
}

int bind_anonymous_row_type(binder *b, ss_expr *const *fields, uint32_t n, ss_type *out)
{
    const char **names = bind_alloc(b, sizeof(char *) * (n ? n : 1));
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    if (!names || !types)
        return SS_ERROR;
    for (uint32_t k = 0; k < n; k++) {
        if (!(names[k] = ss_arena_printf(b->arena, "f%u", k + 1)))
            return bind_error(b, -1, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        types[k] = fields[k]->type;
    }
    return register_desc(b, NULL, NULL, n, names, types, -1, out);
}

static bool is_row_ctor(const ss_expr *e)
{
    return e->kind == EXPR_FUNC && e->u.func.def == &rec_row_def;
}

/* A folded ROW(...) constant as the row constructor of its fields' constants. */
static ss_expr *unfold_row(binder *b, const ss_expr *c)
{
    uint32_t n = rec_nfields(&c->u.cnst.v.s);
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (n ? n : 1));
    if (!args)
        return NULL;
    for (uint32_t k = 0; k < n; k++) {
        ss_value v;
        int32_t ty = SS_TYPE_UNKNOWN;
        rec_field(&c->u.cnst.v.s, k, &v, &ty);
        if (!(args[k] = new_expr(b, EXPR_CONST, type_of(ty))))
            return NULL;
        args[k]->u.cnst = v;
    }
    return make_func(b, &rec_row_def, c->type, args, n);
}

ss_expr *bind_coerce_to_row_type(binder *b, ss_expr *arg, ss_type target, ss_cast_mode mode, int location)
{
    const rec_desc *d = rec_desc_get(target.typmod);
    char b1[96], b2[96];
    if (arg->type.id == SS_TYPE_RECORD && (arg->type.typmod == target.typmod || !d || !d->name))
        return arg; /* the same type, or to an anonymous record (a common type of records) */
    if (d && (arg->type.id == SS_TYPE_UNKNOWN || (ss_type_is_text(arg->type.id) && mode == CAST_EXPLICIT))) {
        /* an untyped column (INSERT ... SELECT '(1,x)') or text: record_in at run time */
        ss_expr *c = new_expr(b, EXPR_CAST, target);
        if (c)
            c->u.cast.arg = arg, c->u.cast.mode = mode;
        return c;
    }
    const rec_desc *ad = rec_desc_get(arg->type.typmod);
    if (d && arg->kind == EXPR_CONST && arg->type.id == SS_TYPE_RECORD && (!ad || !ad->name) && !arg->u.cnst.is_null &&
        !(arg = unfold_row(b, arg)))
        return NULL;
    if (!d || arg->type.id != SS_TYPE_RECORD || !is_row_ctor(arg)) {
        if (arg->type.id != SS_TYPE_RECORD && mode != CAST_EXPLICIT) /* the caller's wording (INSERT's) */
            bind_error(b, location, SS_SQLSTATE_DATATYPE_MISMATCH, "expression is of type %s, expected %s",
                       tname(arg->type, b1, sizeof b1), tname(target, b2, sizeof b2));
        else
            bind_error(b, location, "42846", "cannot cast type %s to %s", tname(arg->type, b1, sizeof b1),
                       tname(target, b2, sizeof b2));
        return NULL;
    }
    uint32_t n = arg->u.func.nargs;
    if (n != d->nfields) {
        bind_error(b, location, "42846", "cannot cast type %s to %s", tname(arg->type, b1, sizeof b1),
                   tname(target, b2, sizeof b2));
        ss_ctx_error_detail(b->ctx, n < d->nfields ? "Input has too few columns." : "Input has too many columns.");
        return NULL;
    }
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (n ? n : 1));
    if (!args)
        return NULL;
    for (uint32_t k = 0; k < n; k++) {
        ss_expr *f = arg->u.func.args[k];
        if (f->kind == EXPR_CONST && f->u.cnst.is_null) { /* ROW(NULL, ...): its type is the field's */
            if (!(args[k] = new_expr(b, EXPR_CONST, d->types[k])))
                return NULL;
            args[k]->u.cnst.is_null = true;
            continue;
        }
        if (!is_unknown_const(f) && !is_unknown_param(b, f) && !(f->type.id == d->types[k].id) &&
            !ss_cast_exists(f->type, d->types[k], mode)) {
            char b3[96], b4[96];
            bind_error(b, location, "42846", "cannot cast type %s to %s", tname(arg->type, b1, sizeof b1),
                       tname(target, b2, sizeof b2));
            ss_ctx_error_detail(b->ctx, "Cannot cast type %s to %s in column %u.", tname(f->type, b3, sizeof b3),
                                tname((ss_type){d->types[k].id, -1}, b4, sizeof b4), k + 1);
            return NULL;
        }
        if (!(args[k] = coerce_expr(b, f, d->types[k], mode, location)))
            return NULL;
    }
    return make_func(b, &rec_row_def, target, args, n);
}

ss_expr *bind_field_select(binder *b, const ast_expr *a)
{
    ss_expr *arg = bind_expr(b, a->left);
    if (!arg)
        return NULL;
    char b1[96];
    int location = a->left->location >= 0 ? a->left->location : a->location; /* PostgreSQL: the value's */
    if (arg->type.id != SS_TYPE_RECORD) {
        bind_error(b, location, "42809", "column notation .%s applied to type %s, which is not a composite type",
                   a->str, tname(arg->type, b1, sizeof b1));
        return NULL;
    }
    const rec_desc *d = rec_desc_get(arg->type.typmod);
    int k = d ? rec_desc_field(d, a->str) : -1;
    if (k < 0 && (!d || !d->name)) {
        bind_error(b, location, SS_SQLSTATE_UNDEFINED_COLUMN, "could not identify column \"%s\" in record data type",
                   a->str);
        return NULL;
    }
    if (k < 0) {
        bind_error(b, location, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" not found in data type %s", a->str,
                   tname(arg->type, b1, sizeof b1));
        return NULL;
    }
    ss_expr *idx = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT4));
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * 2);
    if (!idx || !args)
        return NULL;
    idx->u.cnst.v.i = k;
    args[0] = arg, args[1] = idx;
    return make_func(b, &rec_field_select_def, d->types[k], args, 2);
}

ss_expr *bind_field_store(binder *b, const ast_expr *a)
{
    ss_expr *rec = bind_expr(b, a->args[0]);
    if (!rec)
        return NULL;
    const char *field = a->args[1]->str;
    char b1[96];
    const rec_desc *d = rec->type.id == SS_TYPE_RECORD ? rec_desc_get(rec->type.typmod) : NULL;
    if (!d || !d->name) { /* PostgreSQL's transformAssignmentIndirection */
        bind_error(b, a->location, "42809",
                   "cannot assign to field \"%s\" of column \"%s\" because its type %s is not a composite type",
                   field, store_target_name(a->args[0]),
                   tname(rec->type, b1, sizeof b1));
        return NULL;
    }
    int k = rec_desc_field(d, field);
    if (k < 0) {
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_COLUMN,
                   "cannot assign to field \"%s\" of column \"%s\" because there is no such column in data type %s",
                   field, store_target_name(a->args[0]),
                   tname(rec->type, b1, sizeof b1));
        return NULL;
    }
    ss_expr *v = bind_expr(b, a->args[2]);
    if (!v)
        return NULL;
    ss_expr *cv = coerce_expr(b, v, d->types[k], CAST_ASSIGNMENT, a->args[2]->location);
    if (!cv) {
        char b2[96];
        if (!ss_ctx_error_pending(b->ctx) || strcmp(b->ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH))
            return NULL;
        ss_error_clear(b->ctx->err);
        bind_error(b, a->location, SS_SQLSTATE_DATATYPE_MISMATCH,
                   "subfield \"%s\" is of type %s but expression is of type %s", field,
                   tname(d->types[k], b1, sizeof b1), tname(v->type, b2, sizeof b2));
        ss_ctx_error_hint(b->ctx, "You will need to rewrite or cast the expression.");
        return NULL;
    }
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (d->nfields ? d->nfields : 1));
    if (!args)
        return NULL;
    for (uint32_t f = 0; f < d->nfields; f++) {
        if ((int)f == k) {
            args[f] = cv;
            continue;
        }
        ss_expr *idx = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT4));
        ss_expr **sel = bind_alloc(b, sizeof(ss_expr *) * 2);
        if (!idx || !sel)
            return NULL;
        idx->u.cnst.v.i = f;
        sel[0] = rec, sel[1] = idx;
        if (!(args[f] = make_func(b, &rec_field_select_def, d->types[f], sel, 2)))
            return NULL;
    }
    return make_func(b, &rec_row_def, rec->type, args, d->nfields);
}

ss_expr *bind_row_remap(binder *b, const ast_expr *a, const char *name)
{
    if (strcmp(name, REC_REMAP_FUNC) != 0)
        return NULL;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (a->nargs ? a->nargs : 1));
    if (!args)
        return NULL;
    for (uint32_t k = 0; k < a->nargs; k++)
        if (!(args[k] = bind_expr(b, a->args[k])))
            return NULL;
    const rec_desc *d = a->nargs >= 2 && args[1]->type.id == SS_TYPE_RECORD ? rec_desc_get(args[1]->type.typmod) : NULL;
    bool value_ok = args[0]->type.id == SS_TYPE_RECORD || args[0]->type.id == SS_TYPE_RECORD_ARRAY;
    if (!d || !value_ok || a->nargs != d->nfields + 2) {
        bind_error(b, a->location, SS_SQLSTATE_INTERNAL_ERROR, "%s: wrong arguments", REC_REMAP_FUNC);
        return NULL;
    }
    ss_type t = {args[0]->type.id, args[1]->type.typmod}; /* t or t[] */
    args[1] = args[0]; /* the value, then the map */
    return make_func(b, &rec_remap_def, t, args + 1, a->nargs - 1);
}
