/* bind_conditional.c — the conditional expressions PostgreSQL types apart from functions
 * (its transformAExprDistinct, transformAExprNullIf and transformMinMaxExpr): x IS [NOT]
 * DISTINCT FROM y and NULLIF(x, y) resolve the = operator of their operands (so its errors
 * are theirs: 42883 "operator does not exist: integer = text"), GREATEST / LEAST the common
 * type of their arguments (42804 "GREATEST types integer and text cannot be matched").  Each
 * becomes a call of a non-strict function over the converted operands (func_conditional.c). */
#include "bind/binder_internal.h"
#include "types/record/record.h"
#include "types/functions.h"
#include "types/registry.h"
#include "types/type_def.h"

static ss_expr *no_such_type(binder *b, const ast_expr *a, ss_type t)
{
    char b1[96];
    bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: %s over type %s",
               a->kind == AE_NULLIF ? "NULLIF" : a->negated ? "LEAST" : "GREATEST", tname(t, b1, sizeof b1));
    return NULL;
}

/* The operands of x = y converted as the operator needs them; NULL after an error (the
 * operator's own, raised by binding x = y). */
static bool equality_operands(binder *b, const ast_expr *a, ss_expr **args)
{
    ss_expr *l = bind_expr(b, a->args[0]);
    if (!l)
        return false;
    ss_expr *r = bind_expr(b, a->args[1]);
    if (!r)
        return false;
    ast_expr eq = {0};
    eq.kind = AE_OP;
    eq.location = a->location;
    eq.str = "=";
    eq.left = a->args[0];
    eq.right = a->args[1];
    ss_expr *cl = l, *cr = r;
    ss_type t;
    if ((l->type.id == SS_TYPE_RECORD || r->type.id == SS_TYPE_RECORD) && common_type(b, &cl, &cr, &eq, &t) &&
        t.id == SS_TYPE_RECORD) {
        /* composite values: record = record as they are (record_eq checks the fields) */
        args[0] = cl, args[1] = cr;
        return true;
    }
    if (ss_ctx_error_pending(b->ctx))
        return false;
    cl = l, cr = r;
    bool lcat = !is_unknown_param(b, l) && ss_type_def_get(l->type.id);
    bool rcat = !is_unknown_param(b, r) && ss_type_def_get(r->type.id);
    if (lcat || rcat) {
        /* a catalog type: the = operator the catalog resolves (its operands may differ in
           type, real = double precision, when they share a physical type) */
        ss_type types[2] = {is_unknown_param(b, l) ? type_of(SS_TYPE_UNKNOWN) : l->type,
                            is_unknown_param(b, r) ? type_of(SS_TYPE_UNKNOWN) : r->type};
        const ss_func_def *def;
        ss_type want[2], result;
        if (ss_oper_resolve("=", 2, types, &def, want, &result) == SS_OK) {
            if (want[0].id != want[1].id && ss_type_physical(want[0].id) != ss_type_physical(want[1].id)) {
                char b1[96], b2[96];
                bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: %s over %s and %s",
                           a->kind == AE_NULLIF ? "NULLIF" : "IS DISTINCT FROM", tname(want[0], b1, sizeof b1),
                           tname(want[1], b2, sizeof b2));
                return false;
            }
            if (!(args[0] = coerce_expr(b, l, want[0], CAST_IMPLICIT, a->args[0]->location)) ||
                !(args[1] = coerce_expr(b, r, want[1], CAST_IMPLICIT, a->args[1]->location)))
                return false;
            return true;
        }
    } else if (common_type(b, &cl, &cr, &eq, &t)) {
        args[0] = cl;
        args[1] = cr;
        return true;
    }
    if (ss_ctx_error_pending(b->ctx))
        return false;
    /* no = for these types: binding it reports PostgreSQL's error */
    const ast_expr *saved_ast[2] = {b->preset_ast[0], b->preset_ast[1]};
    ss_expr *saved_expr[2] = {b->preset_expr[0], b->preset_expr[1]};
    b->preset_ast[0] = a->args[0], b->preset_expr[0] = l;
    b->preset_ast[1] = a->args[1], b->preset_expr[1] = r;
    ss_expr *e = bind_expr(b, &eq);
    b->preset_ast[0] = saved_ast[0], b->preset_ast[1] = saved_ast[1];
    b->preset_expr[0] = saved_expr[0], b->preset_expr[1] = saved_expr[1];
    if (e)
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: %s over these types",
                   a->kind == AE_NULLIF ? "NULLIF" : "IS DISTINCT FROM");
    return false;
}

static ss_expr *bind_distinct(binder *b, const ast_expr *a)
{
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * 2);
    if (!args || !equality_operands(b, a, args))
        return NULL;
    const ss_func_def *def = ss_func_conditional(a->negated ? SS_COND_NOT_DISTINCT : SS_COND_DISTINCT, SS_TYPE_BOOL);
    if (args[0]->type.id == SS_TYPE_RECORD)
        def = &rec_distinct_defs[a->negated ? 1 : 0];
    return make_func(b, def, type_of(SS_TYPE_BOOL), args, 2);
}

static ss_expr *bind_nullif(binder *b, const ast_expr *a)
{
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * 2);
    if (!args || !equality_operands(b, a, args))
        return NULL;
    ss_type t = args[0]->type;
    const ss_func_def *def = t.id == SS_TYPE_RECORD ? &rec_distinct_defs[2] : ss_func_conditional(SS_COND_NULLIF, t.id);
    if (!def)
        return no_such_type(b, a, t);
    return make_func(b, def, t, args, 2);
}

static ss_expr *bind_minmax(binder *b, const ast_expr *a)
{
    uint32_t n = a->nargs;
    /* the arguments, then their error locations, in one allocation */
    ss_expr **args = bind_alloc(b, (sizeof(ss_expr *) + sizeof(int)) * n);
    if (!args)
        return NULL;
    int *locs = (int *)(args + n);
    for (uint32_t i = 0; i < n; i++)
        locs[i] = expr_location(a->args[i]);
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = bind_expr(b, a->args[i])))
            return NULL;
    ss_type t;
    if (!unify(b, args, locs, n, a->negated ? "LEAST" : "GREATEST", &t))
        return NULL;
    const ss_func_def *def = ss_func_conditional(a->negated ? SS_COND_LEAST : SS_COND_GREATEST, t.id);
    if (!def)
        return no_such_type(b, a, t);
    return make_func(b, def, t, args, n);
}

ss_expr *bind_conditional(binder *b, const ast_expr *a)
{
    return a->kind == AE_DISTINCT ? bind_distinct(b, a) : a->kind == AE_NULLIF ? bind_nullif(b, a) : bind_minmax(b, a);
}
