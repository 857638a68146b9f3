/* bind_array_store.c — subscripted assignment targets (UPDATE t SET a[i] = v, x.a[i] = v,
 * a[i].f = v): SS_SUBSCRIPT_STORE_FUNC(base, v, i, ...) as the parser writes it (sql/ast.h)
 * bound as PostgreSQL's SubscriptingRef assignment of an array, the value converted to the
 * element type as an assignment, the subscripts to integer (types/array/array_store.c
 * evaluates it).  jsonb subscript assignment is 0A000. */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/array/array_func.h"

const char *store_target_name(const ast_expr *base)
{
    /* PostgreSQL names the innermost field reached, else the column */
    while (base && base->kind != AE_COLUMN && !(base->kind == AE_FIELD && base->str))
        base = base->kind == AE_FUNC && base->nargs ? base->args[0] : base->left;
    return !base ? "?" : base->kind == AE_FIELD ? base->str : base->names[base->nnames - 1];
}

ss_expr *bind_subscript_store(binder *b, const ast_expr *a)
{
    ss_expr *base = bind_expr(b, a->args[0]);
    if (!base)
        return NULL;
    char b1[96], b2[96];
    if (!ss_type_is_array(base->type.id)) {
        if (base->type.id == SS_TYPE_JSONB)
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "feature not supported: jsonb subscript assignment");
        else
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
    ss_expr *v = bind_expr(b, a->args[1]);
    if (!v)
        return NULL;
    if (!(args[1] = coerce_expr(b, v, elem, CAST_ASSIGNMENT, expr_location(a->args[1])))) {
        if (!ss_ctx_error_pending(b->ctx) || strcmp(b->ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH))
            return NULL;
        ss_error_clear(b->ctx->err);
        bind_error(b, a->location, SS_SQLSTATE_DATATYPE_MISMATCH,
                   "subscripted assignment to \"%s\" requires type %s but expression is of type %s",
                   store_target_name(a->args[0]),
                   tname(elem, b1, sizeof b1), tname(v->type, b2, sizeof b2));
        ss_ctx_error_hint(b->ctx, "You will need to rewrite or cast the expression.");
        return NULL;
    }
    for (uint32_t k = 0; k < nsubs; k++) {
        ss_expr *s = bind_expr(b, a->args[2 + k]);
        if (!s)
            return NULL;
        if (!(args[2 + k] = coerce_expr(b, s, type_of(SS_TYPE_INT4), CAST_ASSIGNMENT, expr_location(a->args[2 + k])))) {
            if (!ss_ctx_error_pending(b->ctx) || strcmp(b->ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH))
                return NULL;
            ss_error_clear(b->ctx->err);
            bind_error(b, expr_location(a->args[2 + k]), SS_SQLSTATE_DATATYPE_MISMATCH,
                       "array subscript must have type integer");
            return NULL;
        }
    }
    return make_func(b, &arr_def_store, base->type, args, a->nargs);
}
