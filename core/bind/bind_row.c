/* bind_row.c — ROW constructors (PostgreSQL's transformRowExpr, make_row_comparison_op,
 * make_row_distinct_op): ROW(a, b) / (a, b) as a value is an anonymous record
 * (core/types/record/); a comparison of two rows is the comparisons of their fields, as
 * PostgreSQL expands it: = is the AND of the fields' =, <> the OR of their <>, < <= > >= the
 * lexicographic order ((a, b) < (x, y) is a < x OR (a = x AND b < y)), IS [NOT] DISTINCT FROM
 * and IN ((...), (...)) over the fields, ROW(...) IS [NOT] NULL over every field.  A row
 * compared with a subquery is the sublink's (bind_sublink.c, SS_SUBLINK_ROWCOMPARE). */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/record/record.h"
#include "util/strbuf.h"

ss_expr *bind_row_ctor(binder *b, const ast_expr *a)
{
    if (a->nargs > REC_MAX_FIELDS) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: ROW with more than %d fields",
                   REC_MAX_FIELDS);
        return NULL;
    }
    if (a->nargs == 0) { /* ROW(): the record of no fields, a constant */
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        rec_encode_buf(NULL, NULL, 0, &sb);
        ss_expr *e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_RECORD));
        char *bytes = sb.oom ? NULL : bind_alloc(b, sb.len ? sb.len : 1);
        if (e && bytes) {
            memcpy(bytes, sb.data, sb.len);
            e->u.cnst.v.s = (ss_text){.ptr = bytes, .len = (uint32_t)sb.len};
        }
        ss_strbuf_free(&sb);
        return e && bytes ? e : NULL;
    }
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * a->nargs);
    if (!args)
        return NULL;
    for (uint32_t i = 0; i < a->nargs; i++) {
        if (!(args[i] = bind_expr(b, a->args[i])))
            return NULL;
        /* an untyped literal stays unknown, as in PostgreSQL's RowExpr (record comparisons
           then refuse it: "text and unknown"); an untyped parameter is text */
        if (is_unknown_param(b, args[i]))
            if (!(args[i] = coerce_expr(b, args[i], type_of(SS_TYPE_TEXT), CAST_IMPLICIT, a->args[i]->location)))
                return NULL;
    }
    /* an anonymous record whose fields are f1, f2, ... (bind_row_type.c) */
    ss_type t;
    if (bind_anonymous_row_type(b, args, a->nargs, &t))
        return NULL;
    return make_func(b, &rec_row_def, t, args, a->nargs);
}

/* ---- expansions over the fields --------------------------------------------------------- */

static ast_expr *pair_op(binder *b, const ast_expr *a, const char *op, ast_expr *l, ast_expr *r)
{
    ast_expr *e = bind_alloc(b, sizeof *e);
    if (e)
        *e = (ast_expr){.kind = AE_OP, .location = a->location, .str = op, .left = l, .right = r};
    return e;
}

static ast_expr *list_of(binder *b, ast_expr_kind kind, int location, ast_expr **items, uint32_t n)
{
    if (n == 1)
        return items[0];
    ast_expr *e = bind_alloc(b, sizeof *e);
    if (e)
        *e = (ast_expr){.kind = kind, .location = location, .args = items, .nargs = n};
    return e;
}

static const char *const ordering_ops[][2] = {{"<", "<"}, {"<=", "<"}, {">", ">"}, {">=", ">"}};

/* The comparison op of the rows l and r (AE_ROW both) as an AST over their fields. */
static ast_expr *row_compare_ast(binder *b, const ast_expr *a, const char *op, const ast_expr *l, const ast_expr *r)
{
    if (l->nargs != r->nargs) {
        bind_error(b, a->location, SS_SQLSTATE_SYNTAX_ERROR, "unequal number of entries in row expressions");
        return NULL;
    }
    uint32_t n = l->nargs;
    if (n == 0) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot compare rows of zero length");
        return NULL;
    }
    ast_expr **items = bind_alloc(b, sizeof(ast_expr *) * n);
    if (!items)
        return NULL;
    bool eq = !strcmp(op, "="), ne = !strcmp(op, "<>");
    if (eq || ne) {
        for (uint32_t i = 0; i < n; i++)
            if (!(items[i] = pair_op(b, a, op, l->args[i], r->args[i])))
                return NULL;
        return list_of(b, eq ? AE_AND : AE_OR, a->location, items, n);
    }
    const char *strict = NULL;
    for (size_t k = 0; k < sizeof ordering_ops / sizeof ordering_ops[0]; k++)
        if (!strcmp(op, ordering_ops[k][0]))
            strict = ordering_ops[k][1];
    if (!strict) {
        /* PostgreSQL looks the fields' operators up first: a missing one is its error */
        for (uint32_t i = 0; i < n; i++) {
            ast_expr *pair = pair_op(b, a, op, l->args[i], r->args[i]);
            if (!pair || !bind_expr(b, pair))
                return NULL;
        }
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION,
                   "could not determine interpretation of row comparison operator %s", op);
        ss_ctx_error_hint(b->ctx, "Row comparison operators must be associated with btree operator families.");
        return NULL;
    }
    /* OR over k of (the fields before k equal AND field k ordered), the last by op itself */
    for (uint32_t k = 0; k < n; k++) {
        ast_expr **conj = bind_alloc(b, sizeof(ast_expr *) * (k + 1));
        if (!conj)
            return NULL;
        for (uint32_t i = 0; i < k; i++)
            if (!(conj[i] = pair_op(b, a, "=", l->args[i], r->args[i])))
                return NULL;
        if (!(conj[k] = pair_op(b, a, k + 1 == n ? op : strict, l->args[k], r->args[k])) ||
            !(items[k] = list_of(b, AE_AND, a->location, conj, k + 1)))
            return NULL;
    }
    return list_of(b, AE_OR, a->location, items, n);
}

static ss_expr *bind_expansion(binder *b, const ast_expr *e)
{
    return e ? bind_expr(b, e) : NULL;
}

/* Two record values (not ROW constructors, which are compared field by field above) go
   through the record comparison functions, which raise PostgreSQL's errors for records that
   cannot be compared; e is the operator's binding (kept for anything else). */
ss_expr *bind_record_values_compare(binder *b, const ast_expr *a, ss_expr *e)
{
    static const char *const ops[6] = {"=", "<>", "<", "<=", ">", ">="};
    if (!e || !a->str || e->kind != EXPR_OP || !e->u.op.right || e->u.op.left->type.id != SS_TYPE_RECORD ||
        e->u.op.right->type.id != SS_TYPE_RECORD)
        return e;
    for (int i = 0; i < 6; i++)
        if (strcmp(a->str, ops[i]) == 0) {
            ss_expr **pair = bind_alloc(b, sizeof(ss_expr *) * 2);
            if (!pair)
                return NULL;
            pair[0] = e->u.op.left, pair[1] = e->u.op.right;
            return make_func(b, &rec_cmp_defs[i], type_of(SS_TYPE_BOOL), pair, 2);
        }
    return e;
}

ss_expr *bind_row_compare(binder *b, const ast_expr *a)
{
    if (a->left && a->left->kind == AE_ROW && a->right->kind == AE_SUBLINK && a->right->sublink == AST_SUBLINK_EXPR) {
        /* (a, b) op (SELECT x, y ...): the comparison with the subquery's one row */
        ast_expr *sub = bind_alloc(b, sizeof *sub);
        if (!sub)
            return NULL;
        *sub = *a->right;
        sub->sublink = AST_SUBLINK_ROWCOMPARE;
        sub->str = a->str;
        sub->args = a->left->args;
        sub->nargs = a->left->nargs;
        sub->location = a->location;
        if (!(sub->sub_key = ss_arena_printf(b->arena, "%s %s", a->str, a->right->sub_key ? a->right->sub_key : "")))
            return NULL;
        return bind_expr(b, sub);
    }
    if (!a->left || a->left->kind != AE_ROW || a->right->kind != AE_ROW) {
        ss_expr *e = bind_op(b, a); /* a record compared with another value: the operator's rules */
        return e ? bind_record_values_compare(b, a, e) : NULL;
    }
    return bind_expansion(b, row_compare_ast(b, a, a->str, a->left, a->right));
}

ss_expr *bind_row_distinct(binder *b, const ast_expr *a)
{
    const ast_expr *l = a->args[0], *r = a->args[1];
    if (l->kind != AE_ROW || r->kind != AE_ROW)
        return bind_conditional(b, a);
    if (l->nargs != r->nargs) {
        bind_error(b, a->location, SS_SQLSTATE_SYNTAX_ERROR, "unequal number of entries in row expressions");
        return NULL;
    }
    /* IS DISTINCT FROM: any field distinct; IS NOT DISTINCT FROM: none */
    uint32_t n = l->nargs;
    ast_expr **items = bind_alloc(b, sizeof(ast_expr *) * (n ? n : 1));
    if (!items)
        return NULL;
    for (uint32_t i = 0; i < n; i++) {
        ast_expr **pair = bind_alloc(b, sizeof(ast_expr *) * 2);
        if (!pair || !(items[i] = bind_alloc(b, sizeof(ast_expr))))
            return NULL;
        pair[0] = l->args[i];
        pair[1] = r->args[i];
        *items[i] = (ast_expr){.kind = AE_DISTINCT, .location = a->location, .args = pair, .nargs = 2,
                               .negated = a->negated};
    }
    return bind_expansion(b, list_of(b, a->negated ? AE_AND : AE_OR, a->location, items, n));
}

ss_expr *bind_row_in_list(binder *b, const ast_expr *a)
{
    /* x IN (r1, r2, ...) is x = r1 OR x = r2 ...; NOT IN is x <> r1 AND x <> r2 ... */
    uint32_t n = a->nargs - 1;
    for (uint32_t i = 0; i < n; i++)
        if (a->args[i + 1]->kind != AE_ROW)
            return bind_in_list(b, a); /* a record among other values: the IN list's rules */
    ast_expr **items = bind_alloc(b, sizeof(ast_expr *) * (n ? n : 1));
    if (!items)
        return NULL;
    for (uint32_t i = 0; i < n; i++) {
        const ast_expr *r = a->args[i + 1];
        ast_expr op = {.kind = AE_OP, .location = a->location, .str = a->negated ? "<>" : "="};
        if (!(items[i] = row_compare_ast(b, &op, op.str, a->args[0], r)))
            return NULL;
    }
    return bind_expansion(b, list_of(b, a->negated ? AE_AND : AE_OR, a->location, items, n));
}

ss_expr *bind_row_null_test(binder *b, const ast_expr *a)
{
    /* ROW(...) IS NULL: every field is; IS NOT NULL: every field is not */
    const ast_expr *row = a->args[0];
    uint32_t n = row->nargs;
    if (n == 0) {
        ast_expr t = {.kind = AE_BOOL, .location = a->location, .bval = true};
        return bind_expr(b, &t);
    }
    ast_expr **items = bind_alloc(b, sizeof(ast_expr *) * n);
    if (!items)
        return NULL;
    for (uint32_t i = 0; i < n; i++) {
        ast_expr **arg = bind_alloc(b, sizeof(ast_expr *));
        if (!arg || !(items[i] = bind_alloc(b, sizeof(ast_expr))))
            return NULL;
        arg[0] = row->args[i];
        *items[i] = (ast_expr){.kind = a->kind, .location = a->location, .args = arg, .nargs = 1};
    }
    return bind_expansion(b, list_of(b, AE_AND, a->location, items, n));
}
