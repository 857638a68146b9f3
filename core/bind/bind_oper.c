/* bind_oper.c — SQL operators (PostgreSQL's parse_oper): arithmetic, comparison and
 * concatenation resolved to typed ss_expr operators, unary minus, operators that are
 * functions (^), LIKE, BETWEEN, and IN lists (a hashed EXPR_IN or a chain of comparisons). */
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"
#include "types/cast.h"
#include "types/functions.h"
#include "types/pg_builtins.h"
#include "types/registry.h"
#include "types/type_def.h"

static ss_expr_op op_code(const char *name)
{
    static const struct { const char *n; ss_expr_op op; } ops[] = {
        {"+", OP_ADD}, {"-", OP_SUB}, {"*", OP_MUL}, {"/", OP_DIV}, {"%", OP_MOD},
        {"=", OP_EQ}, {"<>", OP_NE}, {"!=", OP_NE}, {"<", OP_LT}, {"<=", OP_LE},
        {">", OP_GT}, {">=", OP_GE}, {"||", OP_CONCAT}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ops[i].n, name) == 0)
            return ops[i].op;
    return 0;
}

static bool is_comparison(ss_expr_op op)
{
    return op >= OP_EQ && op <= OP_GE;
}

static ss_expr *no_operator(binder *b, const ast_expr *a, const ss_expr *l, const ss_expr *r)
{
    char b1[96], b2[96], sig[256];
    ss_type lt = l ? (is_unknown_param(b, l) ? type_of(SS_TYPE_UNKNOWN) : l->type) : type_of(SS_TYPE_INVALID);
    ss_type rt = is_unknown_param(b, r) ? type_of(SS_TYPE_UNKNOWN) : r->type;
    int pg = ss_pg_operator_lookup(a->str, l ? &lt : NULL, rt);
    /* PostgreSQL's op_signature_string: "left op right", or "op right" for a prefix one */
    snprintf(sig, sizeof sig, "%s%s%s %s", l ? tname(type_of(l->type.id), b1, sizeof b1) : "", l ? " " : "", a->str,
             tname(type_of(r->type.id), b2, sizeof b2));
    if (pg == SS_PG_AMBIGUOUS) {
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "operator is not unique: %s", sig);
        ss_ctx_error_hint(b->ctx, "Could not choose a best candidate operator. You might need to add explicit "
                                  "type casts.");
        return NULL;
    }
    if (pg == SS_PG_EXISTS) { /* PostgreSQL has it, Sunstone not yet */
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: operator %s", sig);
        return NULL;
    }
    return operator_does_not_exist(b, a->location, l ? &l->type : NULL, a->str, r->type);
}

ss_expr *operator_does_not_exist(binder *b, int location, const ss_type *left, const char *op, ss_type right)
{
    char b1[96], b2[96];
    bind_error(b, location, SS_SQLSTATE_UNDEFINED_FUNCTION, "operator does not exist: %s%s%s %s",
               left ? tname(type_of(left->id), b1, sizeof b1) : "", left ? " " : "", op,
               tname(type_of(right.id), b2, sizeof b2));
    ss_ctx_error_hint(b->ctx, left ? "No operator matches the given name and argument types. You might need to add "
                                     "explicit type casts."
                                   : "No operator matches the given name and argument type. You might need to add an "
                                     "explicit type cast.");
    return NULL;
}

/* A strict operator or function over args folds to NULL when one is a NULL constant, as in
 * PostgreSQL's planner, which first folds the other arguments: one whose folding failed
 * keeps the call, so that error is still raised. */
bool strict_folds_to_null(const binder *b, ss_expr *const *args, uint32_t n)
{
    bool has_null = false;
    for (uint32_t i = 0; i < n; i++)
        has_null |= is_null_const(args[i]);
    if (!has_null)
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (find_deferred(b, args[i]))
            return false;
    return true;
}

static ss_expr *make_op(binder *b, ss_expr_op op, ss_type type, ss_expr *l, ss_expr *r)
{
    /* operators are strict: PostgreSQL folds one with a NULL constant operand to NULL */
    ss_expr *operands[2] = {l, r};
    if (strict_folds_to_null(b, operands, 2))
        return make_null(b, type);
    ss_expr *e = new_expr(b, EXPR_OP, type);
    if (e) {
        e->u.op.op = op;
        e->u.op.left = l;
        e->u.op.right = r;
    }
    return e;
}

ss_expr *make_func(binder *b, const ss_func_def *def, ss_type result, ss_expr **args, uint32_t n)
{
    bool null = def->strict && strict_folds_to_null(b, args, n);
    ss_expr *e = null ? make_null(b, result) : new_expr(b, EXPR_FUNC, result);
    if (e && !null)
        e->u.func.def = def, e->u.func.nargs = n, e->u.func.args = args;
    return e;
}

/* Whether an operand's type is a catalog type (type_def.h). */
static bool catalog_operand(binder *b, const ss_expr *e)
{
    return e && !is_unknown_param(b, e) && ss_type_def_get(e->type.id);
}

/* 42725 "operator is not unique" for a's operator over these operand types, NULL. */
static ss_expr *ambiguous_operator(binder *b, const ast_expr *a, uint32_t nargs, const ss_type *types)
{
    char b1[96], b2[96];
    if (nargs == 2)
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "operator is not unique: %s %s %s",
                   tname(type_of(types[0].id), b1, sizeof b1), a->str, tname(type_of(types[1].id), b2, sizeof b2));
    else
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "operator is not unique: %s %s", a->str,
                   tname(type_of(types[0].id), b1, sizeof b1));
    ss_ctx_error_hint(b->ctx, "Could not choose a best candidate operator. You might need to add explicit "
                              "type casts.");
    return NULL;
}

/* An operator with an operand of a catalog type: resolved over the catalog's operators and
 * the built-in types' (ss_oper_resolve, PostgreSQL's oper_select_candidate), the operands
 * cast to the chosen parameter types.  A catalog operator is an EXPR_FUNC, except a
 * comparison whose parameter types share a primitive physical type, which stays a vectorised
 * EXPR_OP (real < double precision compares the doubles; not timestamp < timestamptz, whose
 * int64s count from different midnights).  A built-in operator (eval NULL)
 * leaves *handled false with *l / *r cast for bind_op's own rules; so does no match at all,
 * whose error is bind_op's (no_operator).  Ambiguity is 42725. */
static ss_expr *bind_catalog_op(binder *b, const ast_expr *a, ss_expr **l, ss_expr **r, bool *handled)
{
    *handled = false;
    if (!catalog_operand(b, *l) && !catalog_operand(b, *r))
        return NULL;
    const char *name = strcmp(a->str, "!=") == 0 ? "<>" : a->str;
    uint32_t nargs = *l ? 2 : 1;
    ss_expr **ops[2] = {*l ? l : r, r};
    ss_type types[2];
    for (uint32_t i = 0; i < nargs; i++)
        types[i] = is_unknown_param(b, *ops[i]) ? type_of(SS_TYPE_UNKNOWN) : (*ops[i])->type;
    const ss_func_def *def;
    ss_type want[2], result;
    int rc = ss_oper_resolve(name, nargs, types, &def, want, &result);
    if (rc == SS_FUNC_AMBIGUOUS) {
        *handled = true;
        return ambiguous_operator(b, a, nargs, types);
    }
    if (rc != SS_OK)
        return NULL;
    const ast_expr *locs[2] = {a->left ? a->left : a->right, a->right};
    ss_expr *args[2];
    for (uint32_t i = 0; i < nargs; i++) {
        if (!(args[i] = coerce_expr(b, *ops[i], want[i], CAST_IMPLICIT, locs[i]->location))) {
            *handled = true;
            return NULL;
        }
        *ops[i] = args[i];
    }
    if (!def->eval)
        return NULL; /* a built-in type's operator: bind_op goes on with the cast operands */
    *handled = true;
    ss_expr_op op = op_code(name);
    int32_t phys = ss_type_physical(want[0].id);
    if (nargs == 2 && is_comparison(op) && phys == ss_type_physical(want[1].id) && !ss_type_def_get(phys) &&
        !(want[0].id != want[1].id && (want[0].id == SS_TYPE_TIMESTAMPTZ || want[1].id == SS_TYPE_TIMESTAMPTZ)))
        return make_op(b, op, type_of(SS_TYPE_BOOL), args[0], args[1]);
    ss_expr **fargs = bind_alloc(b, sizeof(ss_expr *) * nargs);
    if (!fargs)
        return NULL;
    memcpy(fargs, args, sizeof(ss_expr *) * nargs);
    ss_expr *e = make_func(b, def, result, fargs, nargs);
    return e ? fold_constants(b, e) : NULL;
}

static bool is_bitwise(const char *op)
{
    return !strcmp(op, "&") || !strcmp(op, "|") || !strcmp(op, "#") || !strcmp(op, "<<") || !strcmp(op, ">>");
}

/* An operator of the built-in types that is a function call (the integer bitwise ones):
 * resolved over functions.c's built-in operators, PostgreSQL's oper_select_candidate. */
static ss_expr *bind_builtin_oper(binder *b, const ast_expr *a, ss_expr *l, ss_expr *r)
{
    uint32_t nargs = l ? 2 : 1;
    ss_expr *ops[2] = {l ? l : r, r};
    ss_type types[2], want[2], result;
    for (uint32_t i = 0; i < nargs; i++)
        types[i] = is_unknown_param(b, ops[i]) ? type_of(SS_TYPE_UNKNOWN) : ops[i]->type;
    const ss_func_def *def;
    int rc = ss_oper_resolve(a->str, nargs, types, &def, want, &result);
    if (rc == SS_FUNC_AMBIGUOUS)
        return ambiguous_operator(b, a, nargs, types);
    if (rc != SS_OK || !def->eval)
        return no_operator(b, a, l, r);
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * nargs);
    if (!args)
        return NULL;
    const ast_expr *locs[2] = {l ? a->left : a->right, a->right};
    for (uint32_t i = 0; i < nargs; i++)
        if (!(args[i] = coerce_expr(b, ops[i], want[i], CAST_IMPLICIT, locs[i]->location)))
            return NULL;
    ss_expr *e = make_func(b, def, result, args, nargs);
    return e ? fold_constants(b, e) : NULL;
}

/* A prefix operator implemented by a built-in function (@ -> abs, |/ -> sqrt, ||/ -> cbrt);
 * float8 only for |/ and ||/, as PostgreSQL's. */
static ss_expr *bind_prefix_func(binder *b, const ast_expr *a, const char *fn, ss_expr *r, bool float8_only)
{
    ss_type types[1] = {is_unknown_param(b, r) ? type_of(SS_TYPE_UNKNOWN) : r->type}, want[1], result;
    const ss_func_def *def;
    if (float8_only) { /* the one operand type: what converts to float8 implicitly */
        if (!is_unknown_const(r) && types[0].id != SS_TYPE_UNKNOWN &&
            !ss_cast_exists(types[0], type_of(SS_TYPE_FLOAT8), CAST_IMPLICIT))
            return no_operator(b, a, NULL, r);
        types[0] = type_of(SS_TYPE_FLOAT8);
    }
    if (ss_func_resolve(fn, 1, types, &def, want, &result) != SS_OK)
        return no_operator(b, a, NULL, r);
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *));
    if (!args || !(args[0] = coerce_expr(b, r, want[0], CAST_IMPLICIT, a->right->location)))
        return NULL;
    ss_expr *e = make_func(b, def, result, args, 1);
    return e ? fold_constants(b, e) : NULL;
}

static ss_expr *bind_unary(binder *b, const ast_expr *a, ss_expr *r)
{
    bool handled;
    ss_expr *none = NULL, *c = bind_catalog_op(b, a, &none, &r, &handled);
    if (handled || c)
        return c;
    if (ss_ctx_error_pending(b->ctx))
        return NULL;
    if (strcmp(a->str, "~") == 0)
        return bind_builtin_oper(b, a, NULL, r);
    if (strcmp(a->str, "@") == 0 || strcmp(a->str, "|/") == 0 || strcmp(a->str, "||/") == 0)
        return bind_prefix_func(b, a, a->str[0] == '@' ? "abs" : a->str[1] == '/' ? "sqrt" : "cbrt", r,
                                a->str[0] == '|');
    if (strcmp(a->str, "+") == 0 && numeric_rank(r->type.id))
        return r;
    if (strcmp(a->str, "-") == 0) {
        if (is_unknown_const(r)) {
            bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "operator is not unique: - unknown");
            ss_ctx_error_hint(b->ctx, "Could not choose a best candidate operator. You might need to add "
                                      "explicit type casts.");
            return NULL;
        }
        if (is_unknown_param(b, r))
            r = coerce_expr(b, r, type_of(SS_TYPE_INT4), CAST_IMPLICIT, a->location);
        if (r && numeric_rank(r->type.id)) {
            ss_expr *e = make_op(b, OP_NEG, r->type, r, NULL);
            return e ? fold_constants(b, e) : NULL;
        }
    }
    return r ? no_operator(b, a, NULL, r) : NULL;
}

/* A binary operator implemented by a built-in function (LIKE -> like, ^ -> power):
 * resolves the function for the operand types and casts the operands to its parameters. */
static ss_expr *bind_operator_func(binder *b, const ast_expr *a, const char *fn, ss_expr *l, ss_expr *r)
{
    ss_type types[2] = {is_unknown_param(b, l) ? type_of(SS_TYPE_UNKNOWN) : l->type,
                        is_unknown_param(b, r) ? type_of(SS_TYPE_UNKNOWN) : r->type};
    const ss_func_def *def;
    ss_type want[2], result;
    if (ss_func_resolve(fn, 2, types, &def, want, &result) != SS_OK)
        return no_operator(b, a, l, r);
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * 2);
    if (!args || !(args[0] = coerce_expr(b, l, want[0], CAST_IMPLICIT, a->left->location)) ||
        !(args[1] = coerce_expr(b, r, want[1], CAST_IMPLICIT, a->right->location)))
        return NULL;
    return make_func(b, def, result, args, 2);
}

/* x ^ y: power(float8, float8) or power(numeric, numeric) as PostgreSQL resolves the
 * operator (integers convert implicitly to float8, the preferred type; a numeric operand
 * with a non-float8 other one picks numeric). */
static ss_expr *bind_power(binder *b, const ast_expr *a, ss_expr *l, ss_expr *r)
{
    return bind_operator_func(b, a, "power", l, r);
}

/* x [NOT] LIKE / ILIKE p: the operators ~~, !~~, ~~*, !~~* over text; the regular
 * expression matches ~, !~, ~*, !~* (SIMILAR TO arrives as ~ of similar_to_escape). */
static ss_expr *bind_like(binder *b, const ast_expr *a, ss_expr *l, ss_expr *r)
{
    bool negate = a->str[0] == '!';
    const char *op = a->str + (negate ? 1 : 0);
    const char *fn = strcmp(op, "~~") == 0    ? "like"
                     : strcmp(op, "~~*") == 0 ? "ilike"
                     : strcmp(op, "~") == 0   ? "textregexeq"
                     : strcmp(op, "~*") == 0  ? "texticregexeq"
                                              : NULL;
    if (!fn)
        return no_operator(b, a, l, r);
    ss_expr *e = bind_operator_func(b, a, fn, l, r);
    if (!e || !negate)
        return e;
    if (!(e = fold_constants(b, e))) /* so that NOT of a constant folds too */
        return NULL;
    ss_expr *not = new_expr(b, EXPR_NOT, type_of(SS_TYPE_BOOL));
    if (not)
        not->u.arg = e;
    return not;
}

/* A text operand of || (text || anynonarray): text, varchar, unknown, or a string type that
   becomes text implicitly (character, name). */
static bool string_operand(const ss_expr *e)
{
    return ss_type_is_text(e->type.id) ||
           (ss_type_category(e->type.id) == 'S' && ss_cast_exists(e->type, type_of(SS_TYPE_TEXT), CAST_IMPLICIT));
}

ss_expr *bind_op(binder *b, const ast_expr *a)
{
    ss_expr *l = a->left ? bind_expr(b, a->left) : NULL;
    if (a->left && !l)
        return NULL;
    ss_expr *r = bind_expr(b, a->right);
    if (!r)
        return NULL;
    if (!a->left)
        return bind_unary(b, a, r);
    bool handled;
    ss_expr *c = bind_catalog_op(b, a, &l, &r, &handled);
    if (handled || c)
        return c;
    if (ss_ctx_error_pending(b->ctx))
        return NULL;
    if (a->str[0] == '~' || (a->str[0] == '!' && a->str[1] == '~'))
        return bind_like(b, a, l, r);
    if (strcmp(a->str, "^") == 0)
        return bind_power(b, a, l, r);
    if (strcmp(a->str, "^@") == 0) /* text ^@ text: starts_with */
        return bind_operator_func(b, a, "starts_with", l, r);
    if (is_bitwise(a->str))
        return bind_builtin_oper(b, a, l, r);
    bool array_op;
    ss_expr *arr = bind_array_op(b, a, l, r, &array_op);
    if (array_op || ss_ctx_error_pending(b->ctx))
        return arr;
    ss_expr_op op = op_code(a->str);
    if (!op)
        return no_operator(b, a, l, r);
    if (op == OP_CONCAT) {
        bool lt = string_operand(l), rt = string_operand(r);
        if (!lt && !rt)
            return no_operator(b, a, l, r);
        /* text || anynonarray: the other side is converted to text */
        l = lt ? coerce_expr(b, l, type_of(SS_TYPE_TEXT), CAST_IMPLICIT, a->left->location)
               : coerce_expr(b, l, type_of(SS_TYPE_TEXT), CAST_EXPLICIT, a->left->location);
        r = rt ? coerce_expr(b, r, type_of(SS_TYPE_TEXT), CAST_IMPLICIT, a->right->location)
               : coerce_expr(b, r, type_of(SS_TYPE_TEXT), CAST_EXPLICIT, a->right->location);
        if (!l || !r)
            return NULL;
        return make_op(b, OP_CONCAT, type_of(SS_TYPE_TEXT), l, r);
    }
    if (!is_comparison(op) && is_unknown_const(l) && is_unknown_const(r)) {
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "operator is not unique: unknown %s unknown", a->str);
        ss_ctx_error_hint(b->ctx, "Could not choose a best candidate operator. You might need to add explicit "
                                  "type casts.");
        return NULL;
    }
    ss_type t;
    ss_expr *l0 = l, *r0 = r;
    if (!common_type(b, &l, &r, a, &t)) {
        if (ss_ctx_error_pending(b->ctx))
            return NULL;
        return no_operator(b, a, l, r);
    }
    /* PostgreSQL names the operand types as written, before any coercion */
    if (op == OP_MOD && t.id == SS_TYPE_FLOAT8)
        return no_operator(b, a, l0, r0);
    if (!is_comparison(op) && !numeric_rank(t.id))
        return no_operator(b, a, l, r);
    if (is_comparison(op) && bind_type_unordered(t)) /* json has no comparison operators */
        return operator_does_not_exist(b, a->location, &l0->type, a->str, r0->type);
    t.typmod = -1; /* results of numeric arithmetic have no typmod */
    return make_op(b, op, is_comparison(op) ? type_of(SS_TYPE_BOOL) : t, l, r);
}

ss_expr *bind_between(binder *b, const ast_expr *a)
{
    /* x BETWEEN lo AND hi = x >= lo AND x <= hi; PostgreSQL expands NOT BETWEEN as x < lo OR
       x > hi (its errors name those), and the SYMMETRIC forms as the same test OR-ed (AND-ed
       when negated) with the bounds swapped, x evaluated in both (transformAExprBetween) */
    ast_expr tests[4] = {0}, halves[2] = {0}, both = {0};
    ast_expr *parts[2][2], *halfp[2] = {&halves[0], &halves[1]};
    uint32_t nhalves = a->bval ? 2 : 1;
    for (uint32_t h = 0; h < nhalves; h++) {
        ast_expr *ge = &tests[2 * h], *le = &tests[2 * h + 1];
        ge->kind = le->kind = AE_OP;
        ge->location = le->location = halves[h].location = a->location;
        ge->str = a->negated ? "<" : ">=";
        le->str = a->negated ? ">" : "<=";
        ge->left = le->left = a->args[0];
        ge->right = a->args[h == 0 ? 1 : 2];
        le->right = a->args[h == 0 ? 2 : 1];
        parts[h][0] = ge;
        parts[h][1] = le;
        halves[h].kind = a->negated ? AE_OR : AE_AND;
        halves[h].args = parts[h];
        halves[h].nargs = 2;
    }
    if (!a->bval)
        return bind_expr(b, &halves[0]);
    both.kind = a->negated ? AE_AND : AE_OR;
    both.location = a->location;
    both.args = halfp;
    both.nargs = 2;
    return bind_expr(b, &both);
}

/* Whether an IN-list item refers to a column (PostgreSQL's contain_vars_of_level): such items
 * are compared one by one, the others are the array of x = ANY (...). */
static bool is_column_ref(const ast_expr *e)
{
    return e->kind == AE_COLUMN || e->kind == AE_STAR;
}

static bool ast_has_column(const ast_expr *e)
{
    return ast_any(e, is_column_ref);
}

/* x = ANY (items) / x <> ALL (items) over the items without columns (nonvar[k] = 1 + their
 * index in a->args), as PostgreSQL builds it: the items are converted to the common type of x
 * and all of them, then x; a list of constants and parameters becomes one EXPR_IN probing a
 * hash set (of the constants: built now), other items (unfolded expressions) a chain of
 * comparisons.  *out stays NULL when there is no common type. */
static int bind_in_any(binder *b, const ast_expr *a, ss_expr *l, ss_expr **items, const uint32_t *nonvar,
                       uint32_t n, ss_expr **out)
{
    *out = NULL;
    ss_expr **all = bind_alloc(b, sizeof(ss_expr *) * (n + 1));
    if (!all)
        return SS_ERROR;
    all[0] = l;
    for (uint32_t k = 0; k < n; k++)
        all[k + 1] = items[nonvar[k] - 1];
    ss_type t;
    if (!in_common_type(b, all, n + 1, &t))
        return SS_OK;
    /* The items are converted to the common type; x is not: the operator is resolved for
       (x's type, the common type), as make_scalar_array_op does.  Where that picks another
       type for x over the items' physical representation (numeric = real is float8 = real),
       x is converted to it and compared with each item (one physical type: a vectorised
       comparison, as bind_catalog_op makes it). */
    ss_type cmp_t = t;
    if (l->type.id != t.id && !is_unknown_param(b, l) && (catalog_operand(b, l) || ss_type_def_get(t.id))) {
        ss_type types[2] = {l->type, t}, want[2], result;
        const ss_func_def *def;
        if (ss_oper_resolve("=", 2, types, &def, want, &result) == SS_OK && want[1].id == t.id &&
            want[0].id != t.id && ss_type_physical(want[0].id) == ss_type_physical(t.id))
            cmp_t = want[0];
    }
    bool all_const = true, all_values = true;
    for (uint32_t k = 0; k < n; k++) {
        ss_expr *c = coerce_expr(b, all[k + 1], t, CAST_IMPLICIT, a->args[nonvar[k]]->location);
        if (!c)
            return SS_ERROR;
        all[k + 1] = c;
        all_const &= c->kind == EXPR_CONST;
        all_values &= c->kind == EXPR_CONST || c->kind == EXPR_PARAM;
    }
    if (!(l = coerce_expr(b, l, cmp_t, CAST_IMPLICIT, a->args[0]->location)))
        return SS_ERROR;
    ss_expr_op op = a->negated ? OP_NE : OP_EQ;
    if (cmp_t.id != t.id)
        all_values = false;
    if (t.id == SS_TYPE_NUMERIC || ss_type_is_array(t.id) ||
        (ss_type_def_get(t.id) && !ss_type_def_get(t.id)->info->physical))
        all_values = false; /* equal values may differ in bytes (1.0, 1.00): no hash set */
    if (!all_values) {
        ss_expr **cmps = bind_alloc(b, sizeof(ss_expr *) * n);
        ss_expr *chain = new_expr(b, a->negated ? EXPR_AND : EXPR_OR, type_of(SS_TYPE_BOOL));
        if (!cmps || !chain)
            return SS_ERROR;
        for (uint32_t k = 0; k < n; k++)
            if (!(cmps[k] = make_op(b, op, type_of(SS_TYPE_BOOL), l, all[k + 1])) ||
                !(cmps[k] = fold_constants(b, cmps[k])))
                return SS_ERROR;
        chain->u.list.nargs = n;
        chain->u.list.args = cmps;
        /* a chain of constants is a constant, as the EXPR_IN below folds (CASE then drops an
           arm whose WHEN is false before its THEN is folded): the deciding one, else NULL
           when one is NULL, else the identity */
        *out = chain;
        bool all_cmp_const = true, any_null = false, decided = false;
        for (uint32_t k = 0; k < n; k++) {
            all_cmp_const &= cmps[k]->kind == EXPR_CONST;
            any_null |= cmps[k]->kind == EXPR_CONST && cmps[k]->u.cnst.is_null;
            decided |= cmps[k]->kind == EXPR_CONST && !cmps[k]->u.cnst.is_null &&
                       cmps[k]->u.cnst.v.b == !a->negated;
        }
        if (all_cmp_const) {
            ss_expr *c = make_null(b, type_of(SS_TYPE_BOOL));
            if (!c)
                return SS_ERROR;
            if (decided || !any_null) {
                c->u.cnst.is_null = false;
                c->u.cnst.v.b = decided ? !a->negated : a->negated;
            }
            *out = c;
        }
        return SS_OK;
    }
    ss_expr *e = new_expr(b, EXPR_IN, type_of(SS_TYPE_BOOL));
    if (!e)
        return SS_ERROR;
    e->u.in.arg = l;
    e->u.in.nitems = n;
    e->u.in.items = all + 1;
    e->u.in.negated = a->negated;
    if (all_const && !(e->u.in.set = ss_in_set_build(b->ctx, b->arena, t, all + 1, n)))
        return SS_ERROR;
    *out = fold_constants(b, e);
    return *out ? SS_OK : SS_ERROR;
}

/* x IN (a, b, ...) as PostgreSQL's transformAExprIn: x and every item are bound first; the
 * items without columns, when there are several, form x = ANY (array) (bind_in_any); the
 * others are x = item, ORed after it.  NOT IN is x <> ALL (array) AND x <> item ... */
ss_expr *bind_in_list(binder *b, const ast_expr *a)
{
    uint32_t n = a->nargs - 1;
    ss_expr **items = bind_alloc(b, sizeof(ss_expr *) * n);
    uint32_t *nonvar = bind_alloc(b, sizeof(uint32_t) * n);
    bool *pairwise = bind_alloc(b, sizeof(bool) * n);
    ss_expr **parts = bind_alloc(b, sizeof(ss_expr *) * (n + 1));
    if (!items || !nonvar || !pairwise || !parts)
        return NULL;
    ss_expr *l = bind_expr(b, a->args[0]);
    if (!l)
        return NULL;
    uint32_t nnonvar = 0, nparts = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!(items[i] = bind_expr(b, a->args[i + 1])))
            return NULL;
        pairwise[i] = ast_has_column(a->args[i + 1]);
        if (!pairwise[i])
            nonvar[nnonvar++] = i + 1;
    }
    ss_expr *any = NULL;
    if (nnonvar > 1 && bind_in_any(b, a, l, items, nonvar, nnonvar, &any))
        return NULL;
    if (any)
        parts[nparts++] = any;
    for (uint32_t i = 0; i < n; i++) {
        if (any && !pairwise[i])
            continue;
        /* compared on its own, as x = item (x <> item), bound again from the syntax */
        ast_expr cmp = {0};
        cmp.kind = AE_OP;
        cmp.location = a->location;
        cmp.str = a->negated ? "<>" : "=";
        cmp.left = a->args[0];
        cmp.right = a->args[i + 1];
        if (!(parts[nparts++] = bind_expr(b, &cmp)))
            return NULL;
    }
    if (nparts == 1)
        return parts[0];
    ss_expr_kind kind = a->negated ? EXPR_AND : EXPR_OR;
    /* as for AND / OR: a constant deciding the result is the result */
    for (uint32_t i = 0; i < nparts; i++)
        if (parts[i]->kind == EXPR_CONST && !parts[i]->u.cnst.is_null && parts[i]->u.cnst.v.b == (kind == EXPR_OR))
            return parts[i];
    ss_expr *e = new_expr(b, kind, type_of(SS_TYPE_BOOL));
    if (e) {
        e->u.list.nargs = nparts;
        e->u.list.args = parts;
    }
    return e;
}
