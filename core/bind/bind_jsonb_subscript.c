/* bind_jsonb_subscript.c — subscripts of jsonb values, PostgreSQL's jsonb_subscript_transform:
 * j['a'][0] reads as jsonb_extract_path(j, 'a', '0'), and the UPDATE target j['a'][0] = v is
 * the jsonb subscript assignment of types/json/json_func.c.  Each subscript is an integer
 * (anything reaching int4 by an implicit cast) or text (an untyped literal, or anything
 * reaching text implicitly), passed on as text; slices are 42804. */
#include "bind/binder_internal.h"
#include "types/cast.h"
#include "types/json/json_fn.h"

/* Subscript x as text; *is_int when it was an integer.  NULL with PostgreSQL's 42804. */
static ss_expr *subscript_text(binder *b, const ast_expr *x, bool *is_int)
{
    ss_expr *e = bind_expr(b, x);
    if (!e)
        return NULL;
    ss_type text = type_of(SS_TYPE_TEXT), int4 = type_of(SS_TYPE_INT4);
    *is_int = false;
    if (is_unknown_const(e) || is_unknown_param(b, e))
        return coerce_expr(b, e, text, CAST_IMPLICIT, expr_location(x));
    if (ss_cast_exists(e->type, int4, CAST_IMPLICIT)) {
        *is_int = true;
        e = coerce_expr(b, e, int4, CAST_IMPLICIT, expr_location(x));
        return coerce_expr(b, e, text, CAST_EXPLICIT, expr_location(x));
    }
    if (ss_cast_exists(e->type, text, CAST_IMPLICIT))
        return coerce_expr(b, e, text, CAST_IMPLICIT, expr_location(x));
    char b1[96];
    bind_error(b, expr_location(x), SS_SQLSTATE_DATATYPE_MISMATCH, "subscript type %s is not supported",
               tname(e->type, b1, sizeof b1));
    ss_ctx_error_hint(b->ctx, "jsonb subscript must be coercible to either integer or text.");
    return NULL;
}

ss_expr *bind_jsonb_subscript(binder *b, const ast_expr *a, ss_expr *base)
{
    uint32_t nsubs = a->nargs / 2;
    if (a->ival) {
        /* PostgreSQL points at the first subscript, whichever one is the slice */
        const ast_expr *at = a->args[1] ? a->args[1] : a->args[0];
        bind_error(b, at ? expr_location(at) : -1, SS_SQLSTATE_DATATYPE_MISMATCH,
                   "jsonb subscript does not support slices");
        return NULL;
    }
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (nsubs + 1));
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (nsubs + 1));
    if (!args || !types)
        return NULL;
    args[0] = base;
    types[0] = base->type;
    for (uint32_t k = 0; k < nsubs; k++) {
        const ast_expr *x = a->args[2 * k + 1] ? a->args[2 * k + 1] : a->args[2 * k];
        bool is_int;
        if (!(args[k + 1] = subscript_text(b, x, &is_int)))
            return NULL;
        types[k + 1] = args[k + 1]->type;
    }
    const ss_func_def *def;
    ss_type param_types[SS_FUNC_MAX_ARGS], result;
    if (nsubs + 1 > SS_FUNC_MAX_ARGS ||
        ss_func_resolve("jsonb_extract_path", nsubs + 1, types, &def, param_types, &result) != SS_OK) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: jsonb subscripts of this depth");
        return NULL;
    }
    return make_func(b, def, type_of(SS_TYPE_JSONB), args, nsubs + 1);
}

ss_expr *bind_jsonb_subscript_store(binder *b, const ast_expr *a, ss_expr *base)
{
    uint32_t nsubs = a->nargs - 2;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * a->nargs);
    if (!args)
        return NULL;
    args[0] = base;
    bool first_int = false;
    for (uint32_t k = 0; k < nsubs; k++) {
        bool is_int;
        if (!(args[2 + k] = subscript_text(b, a->args[2 + k], &is_int)))
            return NULL;
        if (k == 0)
            first_int = is_int;
    }
    ss_expr *v = bind_expr(b, a->args[1]);
    if (!v)
        return NULL;
    ss_type jsonb = type_of(SS_TYPE_JSONB);
    if (!(args[1] = coerce_expr(b, v, jsonb, CAST_ASSIGNMENT, expr_location(a->args[1])))) {
        if (!ss_ctx_error_pending(b->ctx) || strcmp(b->ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH))
            return NULL;
        char b1[96];
        ss_error_clear(b->ctx->err);
        bind_error(b, a->location, SS_SQLSTATE_DATATYPE_MISMATCH,
                   "subscripted assignment to \"%s\" requires type jsonb but expression is of type %s",
                   store_target_name(a->args[0]), tname(v->type, b1, sizeof b1));
        ss_ctx_error_hint(b->ctx, "You will need to rewrite or cast the expression.");
        return NULL;
    }
    return make_func(b, &jb_def_subscript_assign[first_int], jsonb, args, a->nargs);
}
