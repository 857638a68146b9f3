/* bind_array_store.c — subscripted assignment targets (UPDATE t SET a[i] = v, x.a[i] = v,
 * a[i].f = v): SS_SUBSCRIPT_STORE_FUNC(base, v, i, ...) as the parser writes it (sql/ast.h)
 * bound as PostgreSQL's SubscriptingRef assignment of an array, the value converted to the
 * element type as an assignment, the subscripts to integer (types/array/array_store.c
 * evaluates it); a jsonb base is bind_jsonb_subscript.c's. */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/array/array_func.h"

const char *store_target_name(const ast_expr *base)
{
    /* PostgreSQL names the innermost field reached, else the column (an INSERT target's
       base placeholder carries the column's name) */
    while (base && base->kind != AE_COLUMN && !(base->kind == AE_FIELD && base->str)) {
        if (base->kind == AE_FUNC && base->nargs == 1 && base->args[0]->kind == AE_STRING &&
            strcmp(base->names[base->nnames - 1], SS_INSERT_BASE_FUNC) == 0)
            return base->args[0]->str;
        base = base->kind == AE_FUNC && base->nargs ? base->args[0] : base->left;
    }
    return !base ? "?" : base->kind == AE_FIELD ? base->str : base->names[base->nnames - 1];
}

/* The value v of the store a converted to type t as an assignment: PostgreSQL's 42804
   naming the target otherwise. */
static ss_expr *assigned_value(binder *b, const ast_expr *a, ss_type t)
{
    ss_expr *v = bind_expr(b, a->args[1]);
    if (!v)
        return NULL;
    int loc = expr_location(a->args[1]);
    if (loc < 0 && b->insert_store_active)
        loc = b->insert_store_location; /* the VALUES item an INSERT target's placeholder stands for */
    ss_expr *e = coerce_expr(b, v, t, CAST_ASSIGNMENT, loc);
    if (e || !ss_ctx_error_pending(b->ctx) || strcmp(b->ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH))
        return e;
    char b1[96], b2[96];
    ss_error_clear(b->ctx->err);
    bind_error(b, a->location, SS_SQLSTATE_DATATYPE_MISMATCH,
               "subscripted assignment to \"%s\" requires type %s but expression is of type %s",
               store_target_name(a->args[0]), tname(t, b1, sizeof b1), tname(v->type, b2, sizeof b2));
    ss_ctx_error_hint(b->ctx, "You will need to rewrite or cast the expression.");
    return NULL;
}

/* A subscript of an assignment as int4 (42804 otherwise). */
static ss_expr *store_subscript(binder *b, const ast_expr *x)
{
    ss_expr *s = bind_expr(b, x);
    if (!s)
        return NULL;
    ss_expr *e = coerce_expr(b, s, type_of(SS_TYPE_INT4), CAST_ASSIGNMENT, expr_location(x));
    if (e || !ss_ctx_error_pending(b->ctx) || strcmp(b->ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH))
        return e;
    ss_error_clear(b->ctx->err);
    bind_error(b, expr_location(x), SS_SQLSTATE_DATATYPE_MISMATCH, "array subscript must have type integer");
    return NULL;
}

ss_expr *bind_subscript_store(binder *b, const ast_expr *a)
{
    ss_expr *base = bind_expr(b, a->args[0]);
    if (!base)
        return NULL;
    char b1[96];
    if (base->type.id == SS_TYPE_JSONB)
        return bind_jsonb_subscript_store(b, a, base);
    if (!ss_type_is_array(base->type.id)) {
        bind_error(b, a->args[0]->kind == AE_COLUMN ? a->location : -1, SS_SQLSTATE_DATATYPE_MISMATCH,
                   "cannot subscript type %s because it does not support subscripting",
                   tname(type_of(base->type.id), b1, sizeof b1));
        return NULL;
    }
    uint32_t nsubs = a->nargs - 2;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * a->nargs);
    if (!args)
        return NULL;
    args[0] = base;
    ss_type elem = {ss_type_element_of(base->type.id), base->type.typmod};
    if (!(args[1] = assigned_value(b, a, elem)))
        return NULL;
    for (uint32_t k = 0; k < nsubs; k++)
        if (!(args[2 + k] = store_subscript(b, a->args[2 + k])))
            return NULL;
    return make_func(b, &arr_def_store, base->type, args, a->nargs);
}

_Static_assert(SS_SLICE_NO_LOWER == ARR_SHAPE_NO_LOWER && SS_SLICE_NO_UPPER == ARR_SHAPE_NO_UPPER,
               "the parser's slice shape is the evaluator's");

ss_expr *bind_slice_store(binder *b, const ast_expr *a)
{
    ss_expr *base = bind_expr(b, a->args[0]);
    if (!base)
        return NULL;
    if (base->type.id == SS_TYPE_JSONB) {
        /* PostgreSQL points at the first subscript's upper bound */
        const ast_expr *at = a->args[4]->kind == AE_NULL ? a->args[3] : a->args[4];
        bind_error(b, at->kind == AE_NULL ? -1 : expr_location(at), SS_SQLSTATE_DATATYPE_MISMATCH,
                   "jsonb subscript does not support slices");
        return NULL;
    }
    if (!ss_type_is_array(base->type.id)) {
        char b1[96];
        bind_error(b, a->args[0]->kind == AE_COLUMN ? a->location : -1, SS_SQLSTATE_DATATYPE_MISMATCH,
                   "cannot subscript type %s because it does not support subscripting",
                   tname(type_of(base->type.id), b1, sizeof b1));
        return NULL;
    }
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * a->nargs);
    if (!args)
        return NULL;
    args[0] = base;
    /* the source is an array of the same type */
    if (!(args[1] = assigned_value(b, a, base->type)))
        return NULL;
    ss_expr *shape = bind_expr(b, a->args[2]);
    if (!shape || !(args[2] = coerce_expr(b, shape, type_of(SS_TYPE_INT4), CAST_IMPLICIT, -1)))
        return NULL;
    for (uint32_t k = 3; k < a->nargs; k++)
        if (!(args[k] = store_subscript(b, a->args[k])))
            return NULL;
    return make_func(b, &arr_def_slice_store, base->type, args, a->nargs);
}
