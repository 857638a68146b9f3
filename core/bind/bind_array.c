/* bind_array.c — array expressions (PostgreSQL's transformArrayExpr, transformContainer-
 * Subscripts, make_scalar_array_op and the anyarray / anycompatiblearray functions and
 * operators): ARRAY[...] with the common element type, subscripts and slices, op ANY / ALL
 * over an array, @> <@ && || and = <> < > on arrays, and the array functions, bound as calls
 * of the definitions of types/array/array_func.h. */
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"
#include "types/array/array_func.h"
#include "types/cast.h"

static bool untyped(binder *b, const ss_expr *e);
static bool compatible(binder *b, ss_type x, ss_type y, ss_type *out);

static ss_expr *int_const(binder *b, int32_t type, int64_t v)
{
    ss_expr *c = new_expr(b, EXPR_CONST, type_of(type));
    if (c)
        c->u.cnst.v.i = v;
    return c;
}

static bool untyped(binder *b, const ss_expr *e)
{
    return is_unknown_const(e) || is_unknown_param(b, e);
}

/* The common type of two types (PostgreSQL's anycompatible resolution), false when none. */
static bool compatible(binder *b, ss_type x, ss_type y, ss_type *out)
{
    ss_expr *pair[2] = {make_null(b, x), make_null(b, y)};
    return pair[0] && pair[1] && in_common_type(b, pair, 2, out);
}

/* The element type of array type t (a row type's array keeps its typmod). */
static ss_type elem_of(ss_type t)
{
    return (ss_type){ss_type_element_of(t.id), t.id == SS_TYPE_RECORD_ARRAY ? t.typmod : -1};
}

/* The array type of element type t (of a row type: its typmod). */
static ss_type array_of(ss_type t)
{
    return (ss_type){ss_type_array_of(t.id), t.id == SS_TYPE_RECORD ? t.typmod : -1};
}

/* "operator does not exist: integer[] @> bigint[]" (42883). */
static ss_expr *no_array_operator(binder *b, const ast_expr *a, const ss_expr *l, const ss_expr *r)
{
    return operator_does_not_exist(b, a->location, &l->type, a->str, r->type);
}

ss_expr *bind_array_ctor(binder *b, const ast_expr *a, const ss_type *target)
{
    uint32_t n = a->nargs;
    if (n == 0) {
        if (target && ss_type_is_array(target->id)) {
            ss_expr **none = bind_alloc(b, sizeof(ss_expr *));
            return none ? make_func(b, &arr_def_construct, type_of(target->id), none, 0) : NULL;
        }
        bind_error(b, a->location, "42P18", "cannot determine type of empty array");
        ss_ctx_error_hint(b->ctx, "Explicitly cast to the desired type, for example ARRAY[]::integer[].");
        return NULL;
    }
    ss_expr **items = bind_alloc(b, sizeof(ss_expr *) * n);
    int *locs = bind_alloc(b, sizeof(int) * n);
    if (!items || !locs)
        return NULL;
    bool typed = target && ss_type_is_array(target->id);
    for (uint32_t i = 0; i < n; i++) {
        /* under a cast to an array type, elements are cast to its element type (inner
           ARRAY[...]s to the array type), each reporting its own errors */
        if (typed && a->args[i]->kind == AE_ARRAY)
            items[i] = bind_array_ctor(b, a->args[i], target);
        else
            items[i] = bind_expr(b, a->args[i]);
        if (!items[i])
            return NULL;
        locs[i] = expr_location(a->args[i]);
        if (typed && a->args[i]->kind != AE_ARRAY &&
            !(items[i] = coerce_expr(b, items[i], (ss_type){ss_type_element_of(target->id), target->typmod},
                                     CAST_EXPLICIT, locs[i])))
            return NULL;
    }
    if (typed)
        return make_func(b, &arr_def_construct, *target, items, n);
    /* sub-arrays (ARRAY[ARRAY[1], ARRAY[2.5]]): the common type of their elements */
    bool subarrays = true;
    ss_type et = type_of(SS_TYPE_UNKNOWN);
    for (uint32_t i = 0; i < n && subarrays; i++) {
        if (untyped(b, items[i]))
            continue;
        subarrays = ss_type_is_array(items[i]->type.id);
        ss_type e = type_of(ss_type_element_of(items[i]->type.id));
        if (subarrays && et.id == SS_TYPE_UNKNOWN)
            et = e;
        else if (subarrays && !compatible(b, et, e, &et))
            subarrays = false;
    }
    if (subarrays && et.id != SS_TYPE_UNKNOWN) {
        ss_type at = type_of(ss_type_array_of(et.id));
        for (uint32_t i = 0; i < n; i++)
            if (!(items[i] = coerce_expr(b, items[i], at, CAST_IMPLICIT, locs[i])))
                return NULL;
    }
    ss_type t;
    if (!unify(b, items, locs, n, "ARRAY", &t))
        return NULL;
    ss_type result = t;
    if (!ss_type_is_array(t.id)) {
        result = (ss_type){ss_type_array_of(t.id), t.typmod};
        if (result.id == SS_TYPE_INVALID) {
            char b1[96];
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "feature not supported: arrays of type %s", tname(t, b1, sizeof b1));
            return NULL;
        }
    }
    return make_func(b, &arr_def_construct, result, items, n);
}

/* A subscript bound of an array: int4 by assignment cast (42804 otherwise). */
static ss_expr *subscript_bound(binder *b, const ast_expr *x)
{
    ss_expr *e = bind_expr(b, x);
    if (!e)
        return NULL;
    if (!untyped(b, e) && !ss_cast_exists(e->type, type_of(SS_TYPE_INT4), CAST_ASSIGNMENT)) {
        bind_error(b, expr_location(x), SS_SQLSTATE_DATATYPE_MISMATCH, "array subscript must have type integer");
        return NULL;
    }
    return coerce_expr(b, e, type_of(SS_TYPE_INT4), CAST_ASSIGNMENT, expr_location(x));
}

ss_expr *bind_subscript(binder *b, const ast_expr *a)
{
    ss_expr *base = bind_expr(b, a->left);
    if (!base)
        return NULL;
    if (base->type.id == SS_TYPE_JSONB)
        return bind_jsonb_subscript(b, a, base);
    if (!ss_type_is_array(base->type.id)) {
        char b1[96];
        bind_error(b, expr_location(a->left), SS_SQLSTATE_DATATYPE_MISMATCH,
                   "cannot subscript type %s because it does not support subscripting",
                   tname(type_of(base->type.id), b1, sizeof b1));
        return NULL;
    }
    uint32_t nsubs = a->nargs / 2;
    bool slice = a->ival != 0;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (2 + 2 * nsubs));
    if (!args)
        return NULL;
    int64_t shape = slice ? ARR_SHAPE_SLICE : 0;
    args[0] = base;
    for (uint32_t k = 0; k < nsubs; k++) {
        const ast_expr *lo = a->args[2 * k], *hi = a->args[2 * k + 1];
        bool is_slice = (a->ival >> k) & 1;
        ss_expr *l = NULL, *h = NULL;
        if (slice && !is_slice)
            l = int_const(b, SS_TYPE_INT4, 1); /* a[1:2][3] is a[1:2][1:3], as PostgreSQL */
        else if (lo && !(l = subscript_bound(b, lo)))
            return NULL;
        if (hi && !(h = subscript_bound(b, hi)))
            return NULL;
        if (!l) {
            shape |= (int64_t)1 << (ARR_SHAPE_NO_LOWER + k);
            l = make_null(b, type_of(SS_TYPE_INT4));
        }
        if (!h) {
            shape |= (int64_t)1 << (ARR_SHAPE_NO_UPPER + k);
            h = make_null(b, type_of(SS_TYPE_INT4));
        }
        if (!l || !h)
            return NULL;
        args[2 + 2 * k] = l;
        args[3 + 2 * k] = h;
    }
    if (!(args[1] = int_const(b, SS_TYPE_INT8, shape)))
        return NULL;
    ss_type result = slice ? base->type : (ss_type){ss_type_element_of(base->type.id), base->type.typmod};
    return make_func(b, &arr_def_subscript, result, args, 2 + 2 * nsubs);
}

static int cmp_code(const char *op)
{
    static const struct { const char *n; int code; } ops[] = {
        {"=", ARR_CMP_EQ}, {"<>", ARR_CMP_NE}, {"!=", ARR_CMP_NE}, {"<", ARR_CMP_LT},
        {"<=", ARR_CMP_LE}, {">", ARR_CMP_GT}, {">=", ARR_CMP_GE}, {"~~", ARR_CMP_LIKE},
        {"~~*", ARR_CMP_ILIKE}, {"!~~", ARR_CMP_NOT_LIKE}, {"!~~*", ARR_CMP_NOT_ILIKE},
        {"~", ARR_CMP_REGEX}, {"~*", ARR_CMP_IREGEX}, {"!~", ARR_CMP_NOT_REGEX}, {"!~*", ARR_CMP_NOT_IREGEX}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ops[i].n, op) == 0)
            return ops[i].code;
    return 0;
}

/* x op ANY / ALL (array): x and the array's elements converted to their common type. */
ss_expr *bind_array_cmp(binder *b, const ast_expr *a)
{
    ss_expr *l = bind_expr(b, a->left);
    ss_expr *r = l ? bind_expr(b, a->right) : NULL;
    if (!r)
        return NULL;
    if (!untyped(b, r) && !ss_type_is_array(r->type.id)) {
        bind_error(b, a->location, "42809", "op ANY/ALL (array) requires array on right side");
        return NULL;
    }
    int code = cmp_code(a->str);
    if (!code) {
        static const char *const arith[] = {"+", "-", "*", "/", "%", "^", "||"};
        for (size_t i = 0; i < sizeof arith / sizeof arith[0]; i++)
            if (strcmp(arith[i], a->str) == 0) {
                bind_error(b, a->location, "42809", "op ANY/ALL (array) requires operator to yield boolean");
                return NULL;
            }
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: operator %s %s (array)",
                   a->str, a->bval ? "ALL" : "ANY");
        return NULL;
    }
    ss_type elem;
    if (untyped(b, r))
        elem = untyped(b, l) ? type_of(SS_TYPE_TEXT) : type_of(l->type.id);
    else
        elem = type_of(ss_type_element_of(r->type.id));
    ss_type t;
    ss_expr *probe[2] = {l, make_null(b, elem)};
    if (!probe[1])
        return NULL;
    bool like = code >= ARR_CMP_LIKE; /* text LIKE / ~ text: both sides strings */
    bool found = in_common_type(b, probe, 2, &t);
    if (elem.id == SS_TYPE_RECORD && (l->type.id == SS_TYPE_RECORD || untyped(b, l)))
        found = true, t = elem; /* record op record over the items as they are (record_eq's checks) */
    if (like && (!ss_type_is_text(t.id) ||
                 (!untyped(b, l) && !ss_type_is_text(l->type.id)) || !ss_type_is_text(elem.id)))
        found = false;
    if (!found)
        return operator_does_not_exist(b, a->location, &l->type, a->str, elem);
    ss_type at = type_of(ss_type_array_of(t.id));
    if (at.id == SS_TYPE_INVALID) {
        char b1[96];
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: arrays of type %s",
                   tname(t, b1, sizeof b1));
        return NULL;
    }
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * 3);
    if (!args || !(args[0] = coerce_expr(b, l, t, CAST_IMPLICIT, expr_location(a->left))) ||
        !(args[1] = coerce_expr(b, r, at, CAST_IMPLICIT, expr_location(a->right))) ||
        !(args[2] = int_const(b, SS_TYPE_INT4, code | (a->bval ? ARR_CMP_ALL : 0))))
        return NULL;
    return make_func(b, &arr_def_any, type_of(SS_TYPE_BOOL), args, 3);
}

/* The arguments of a two-argument array call, converted. */
static ss_expr **pair(binder *b, ss_expr *l, ss_type lt, int lloc, ss_expr *r, ss_type rt, int rloc)
{
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * 2);
    if (!args || !(args[0] = coerce_expr(b, l, lt, CAST_IMPLICIT, lloc)) ||
        !(args[1] = coerce_expr(b, r, rt, CAST_IMPLICIT, rloc)))
        return NULL;
    return args;
}

/* array || array, array || element, element || array with PostgreSQL's anycompatible
 * element type; NULL with *handled false when no operand is an array. */
static ss_expr *bind_concat(binder *b, const ast_expr *a, ss_expr *l, ss_expr *r, bool *handled)
{
    bool la = ss_type_is_array(l->type.id), ra = ss_type_is_array(r->type.id);
    int ll = expr_location(a->left), rl = expr_location(a->right);
    ss_type t;
    if (la && (ra || untyped(b, r))) {
        ss_type re = ra ? elem_of(r->type) : elem_of(l->type);
        if (!compatible(b, elem_of(l->type), re, &t))
            return no_array_operator(b, a, l, r);
        ss_type at = array_of(t);
        ss_expr **args = pair(b, l, at, ll, r, at, rl);
        return args ? make_func(b, &arr_def_cat, at, args, 2) : NULL;
    }
    if (ra && untyped(b, l)) {
        ss_type at = r->type.id == SS_TYPE_RECORD_ARRAY ? r->type : type_of(r->type.id);
        ss_expr **args = pair(b, l, at, ll, r, at, rl);
        return args ? make_func(b, &arr_def_cat, at, args, 2) : NULL;
    }
    if (la || ra) {
        ss_expr *arr = la ? l : r, *el = la ? r : l;
        if (!compatible(b, elem_of(arr->type), el->type, &t))
            return no_array_operator(b, a, l, r);
        ss_type at = array_of(t);
        ss_expr **args = la ? pair(b, l, at, ll, r, t, rl) : pair(b, l, t, ll, r, at, rl);
        return args ? make_func(b, la ? &arr_def_append : &arr_def_prepend, at, args, 2) : NULL;
    }
    *handled = false;
    return NULL;
}

ss_expr *bind_array_op(binder *b, const ast_expr *a, ss_expr *l, ss_expr *r, bool *handled)
{
    *handled = true;
    if (strcmp(a->str, "||") == 0)
        return bind_concat(b, a, l, r, handled);
    bool la = ss_type_is_array(l->type.id), ra = ss_type_is_array(r->type.id);
    const ss_func_def *def = !strcmp(a->str, "@>")   ? &arr_def_contains
                             : !strcmp(a->str, "<@") ? &arr_def_contained
                             : !strcmp(a->str, "&&") ? &arr_def_overlap
                                                     : NULL;
    if (!la && !ra) {
        *handled = false;
        return NULL;
    }
    /* anyarray op anyarray: one array type, an untyped operand taking the other's */
    ss_type at = la ? l->type : r->type;
    if ((la && ra && l->type.id != r->type.id) || (!la && !untyped(b, l)) || (!ra && !untyped(b, r))) {
        if (!def && !cmp_code(a->str)) {
            *handled = false;
            return NULL;
        }
        return no_array_operator(b, a, l, r);
    }
    if (!def) {
        /* = <> < <= > >= over arrays: the ordinary comparison, by the array order */
        *handled = false;
        return NULL;
    }
    at.typmod = -1;
    ss_expr **args = pair(b, l, at, expr_location(a->left), r, at, expr_location(a->right));
    return args ? make_func(b, def, type_of(SS_TYPE_BOOL), args, 2) : NULL;
}

/* "function array_length(integer) does not exist" for the call as written. */
static ss_expr *no_array_function(binder *b, const ast_expr *a, const char *name, ss_expr *const *args, uint32_t n)
{
    char sig[512] = "";
    size_t off = 0;
    for (uint32_t i = 0; i < n && off < sizeof sig; i++) {
        char b1[96];
        ss_type t = untyped(b, args[i]) ? type_of(SS_TYPE_UNKNOWN) : type_of(args[i]->type.id);
        off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "", tname(t, b1, sizeof b1));
    }
    return no_such_function(b, a->location, name, sig);
}

ss_expr *bind_array_func(binder *b, const ast_expr *a, const char *name, ss_expr **args, uint32_t n, bool *handled)
{
    const ss_func_def *def = arr_func_lookup(name, n);
    *handled = def != NULL;
    if (!def)
        return NULL;
    int loc[3];
    for (uint32_t i = 0; i < n && i < 3; i++)
        loc[i] = expr_location(a->args[i]);
    ss_type text = type_of(SS_TYPE_TEXT), int4 = type_of(SS_TYPE_INT4);
    if (strcmp(name, "string_to_array") == 0) {
        for (uint32_t i = 0; i < n; i++) {
            if (!untyped(b, args[i]) && !ss_cast_exists(args[i]->type, text, CAST_IMPLICIT))
                return no_array_function(b, a, name, args, n);
            if (!(args[i] = coerce_expr(b, args[i], text, CAST_IMPLICIT, loc[i])))
                return NULL;
        }
        return make_func(b, def, type_of(SS_TYPE_TEXT_ARRAY), args, n);
    }
    if (strcmp(name, "array_fill") == 0) {
        /* array_fill(anyelement, int[] [, int[]]) */
        if (untyped(b, args[0]) && !is_null_const(args[0])) {
            bind_error(b, -1, SS_SQLSTATE_DATATYPE_MISMATCH, /* PostgreSQL gives no position */
                       "could not determine polymorphic type because input has type unknown");
            return NULL;
        }
        ss_type at = type_of(ss_type_array_of(untyped(b, args[0]) ? SS_TYPE_TEXT : args[0]->type.id));
        if (at.id == SS_TYPE_INVALID)
            return no_array_function(b, a, name, args, n);
        ss_type ints = type_of(SS_TYPE_INT4_ARRAY);
        for (uint32_t i = 1; i < n; i++) {
            if (!untyped(b, args[i]) && !ss_cast_exists(args[i]->type, ints, CAST_IMPLICIT))
                return no_array_function(b, a, name, args, n);
            if (!(args[i] = coerce_expr(b, args[i], ints, CAST_IMPLICIT, loc[i])))
                return NULL;
        }
        if (!(args[0] = coerce_expr(b, args[0], type_of(ss_type_element_of(at.id)), CAST_IMPLICIT, loc[0])))
            return NULL;
        return make_func(b, def, at, args, n);
    }
    /* the first argument is the array, except array_prepend's and width_bucket's second */
    bool bucket = strcmp(name, "width_bucket") == 0;
    uint32_t ai = strcmp(name, "array_prepend") == 0 || bucket ? 1 : 0;
    if (!ss_type_is_array(args[ai]->type.id))
        return no_array_function(b, a, name, args, n);
    ss_type at = type_of(args[ai]->type.id);
    ss_type elem = type_of(ss_type_element_of(at.id));
    bool compat = strcmp(name, "array_position") == 0 || strcmp(name, "array_positions") == 0 ||
                  strcmp(name, "array_remove") == 0 || strcmp(name, "array_replace") == 0 ||
                  strcmp(name, "array_append") == 0 || strcmp(name, "array_prepend") == 0 || bucket;
    ss_type result = int4;
    if (strcmp(name, "array_cat") == 0) {
        ss_type t;
        if (!ss_type_is_array(args[1]->type.id) && !untyped(b, args[1]))
            return no_array_function(b, a, name, args, n);
        ss_type e2 = untyped(b, args[1]) ? elem : type_of(ss_type_element_of(args[1]->type.id));
        if (!compatible(b, elem, e2, &t))
            return no_array_function(b, a, name, args, n);
        at = type_of(ss_type_array_of(t.id));
        if (!(args[0] = coerce_expr(b, args[0], at, CAST_IMPLICIT, loc[0])) ||
            !(args[1] = coerce_expr(b, args[1], at, CAST_IMPLICIT, loc[1])))
            return NULL;
        return make_func(b, def, at, args, n);
    }
    if (compat) {
        /* anycompatiblearray with anycompatible: the common element type */
        ss_type t = elem;
        for (uint32_t i = 0; i < n; i++) {
            if (i == ai || (i == 2 && strcmp(name, "array_position") == 0) || untyped(b, args[i]))
                continue;
            if (!compatible(b, t, args[i]->type, &t))
                return no_array_function(b, a, name, args, n);
        }
        at = type_of(ss_type_array_of(t.id));
        for (uint32_t i = 0; i < n; i++) {
            ss_type want = i == ai ? at : (i == 2 && strcmp(name, "array_position") == 0) ? int4 : t;
            if (!untyped(b, args[i]) && !ss_cast_exists(args[i]->type, want, CAST_IMPLICIT))
                return no_array_function(b, a, name, args, n);
            if (!(args[i] = coerce_expr(b, args[i], want, CAST_IMPLICIT, loc[i])))
                return NULL;
        }
        if (strcmp(name, "array_positions") == 0)
            result = type_of(SS_TYPE_INT4_ARRAY);
        else if (strcmp(name, "array_position") != 0 && !bucket)
            result = at;
        return make_func(b, def, result, args, n);
    }
    /* anyarray with int4 (array_length, ...) or text (array_to_string) arguments */
    bool to_string = strcmp(name, "array_to_string") == 0;
    for (uint32_t i = 1; i < n; i++) {
        ss_type want = to_string ? text : int4;
        if (!untyped(b, args[i]) && !ss_cast_exists(args[i]->type, want, CAST_IMPLICIT))
            return no_array_function(b, a, name, args, n);
        if (!(args[i] = coerce_expr(b, args[i], want, CAST_IMPLICIT, loc[i])))
            return NULL;
    }
    if (to_string)
        result = text;
    else if (strcmp(name, "array_dims") == 0)
        result = text;
    else if (strcmp(name, "trim_array") == 0)
        result = at;
    return make_func(b, def, result, args, n);
}
