/* parse_expr.c — transforms PostgreSQL expression nodes (A_Expr, ColumnRef, FuncCall, ...)
 * into Sunstone AST expressions. */
#include "sql/transform.h"

#include <string.h>

static ast_expr *new_expr(transform_state *ts, ast_expr_kind kind, int location)
{
    ast_expr *e = tr_alloc(ts, sizeof *e);
    if (e) {
        e->kind = kind;
        e->location = location;
    }
    return e;
}

static bool names_from_list(transform_state *ts, List *fields, ast_expr *e, bool allow_star)
{
    e->nnames = (uint32_t)list_length(fields);
    e->names = tr_alloc(ts, sizeof(char *) * (e->nnames ? e->nnames : 1));
    if (!e->names)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, fields) {
        Node *f = lfirst(lc);
        if (IsA(f, String)) {
            e->names[i++] = tr_strdup(ts, strVal(f));
        } else if (IsA(f, A_Star) && allow_star && i == e->nnames - 1) {
            e->kind = AE_STAR;
            e->nnames--;
        } else {
            tr_unsupported(ts, e->location, "this column reference");
            return false;
        }
    }
    return true;
}

static ast_expr *tr_const(transform_state *ts, A_Const *c)
{
    if (c->isnull)
        return new_expr(ts, AE_NULL, c->location);
    switch (nodeTag(&c->val)) {
    case T_Integer: {
        ast_expr *e = new_expr(ts, AE_INT, c->location);
        if (e)
            e->ival = intVal(&c->val);
        return e;
    }
    case T_Float: {
        ast_expr *e = new_expr(ts, AE_NUMERIC, c->location);
        if (e)
            e->str = tr_strdup(ts, c->val.fval.fval);
        return e;
    }
    case T_Boolean: {
        ast_expr *e = new_expr(ts, AE_BOOL, c->location);
        if (e)
            e->bval = c->val.boolval.boolval;
        return e;
    }
    case T_String: {
        ast_expr *e = new_expr(ts, AE_STRING, c->location);
        if (e)
            e->str = tr_strdup(ts, strVal(&c->val));
        return e;
    }
    default:
        tr_unsupported(ts, c->location, "this kind of constant");
        return NULL;
    }
}

static bool tr_list(transform_state *ts, List *l, ast_expr ***out, uint32_t *n)
{
    *n = (uint32_t)list_length(l);
    *out = tr_alloc(ts, sizeof(ast_expr *) * (*n ? *n : 1));
    if (!*out)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, l) {
        (*out)[i] = tr_expr(ts, lfirst(lc));
        if (!(*out)[i])
            return false;
        i++;
    }
    return true;
}

static const char *op_name(transform_state *ts, List *name, int location)
{
    if (list_length(name) != 1) {
        /* OPERATOR(pg_catalog.+) */
        Node *last = llast(name);
        if (!IsA(last, String)) {
            tr_unsupported(ts, location, "this operator");
            return NULL;
        }
        return tr_strdup(ts, strVal(last));
    }
    return tr_strdup(ts, strVal(linitial(name)));
}

static ast_expr *tr_a_expr(transform_state *ts, A_Expr *a)
{
    switch (a->kind) {
    case AEXPR_OP: {
        ast_expr *e = new_expr(ts, AE_OP, a->location);
        if (!e)
            return NULL;
        e->str = op_name(ts, a->name, a->location);
        if (!e->str)
            return NULL;
        if (a->lexpr && !(e->left = tr_expr(ts, a->lexpr)))
            return NULL;
        if (!(e->right = tr_expr(ts, a->rexpr)))
            return NULL;
        return e;
    }
    case AEXPR_IN: {
        ast_expr *e = new_expr(ts, AE_IN_LIST, a->location);
        if (!e)
            return NULL;
        e->negated = strcmp(strVal(linitial(a->name)), "<>") == 0;
        if (!IsA(a->rexpr, List)) {
            tr_unsupported(ts, a->location, "IN with a subquery");
            return NULL;
        }
        List *items = (List *)a->rexpr;
        e->nargs = (uint32_t)list_length(items) + 1;
        e->args = tr_alloc(ts, sizeof(ast_expr *) * e->nargs);
        if (!e->args || !(e->args[0] = tr_expr(ts, a->lexpr)))
            return NULL;
        ListCell *lc;
        uint32_t i = 1;
        foreach (lc, items)
            if (!(e->args[i++] = tr_expr(ts, lfirst(lc))))
                return NULL;
        return e;
    }
    case AEXPR_BETWEEN:
    case AEXPR_NOT_BETWEEN: {
        ast_expr *e = new_expr(ts, AE_BETWEEN, a->location);
        if (!e)
            return NULL;
        e->negated = a->kind == AEXPR_NOT_BETWEEN;
        List *bounds = (List *)a->rexpr;
        e->nargs = 3;
        e->args = tr_alloc(ts, sizeof(ast_expr *) * 3);
        if (!e->args || !(e->args[0] = tr_expr(ts, a->lexpr)) ||
            !(e->args[1] = tr_expr(ts, linitial(bounds))) ||
            !(e->args[2] = tr_expr(ts, lsecond(bounds))))
            return NULL;
        return e;
    }
    case AEXPR_LIKE:
    case AEXPR_ILIKE: {
        /* x LIKE p arrives as the operator ~~ (!~~, ~~*, !~~*); ESCAPE wraps p in like_escape() */
        if (IsA(a->rexpr, FuncCall)) {
            tr_unsupported(ts, a->location, "LIKE ... ESCAPE");
            return NULL;
        }
        ast_expr *e = new_expr(ts, AE_OP, a->location);
        if (!e || !(e->str = op_name(ts, a->name, a->location)) || !(e->left = tr_expr(ts, a->lexpr)) ||
            !(e->right = tr_expr(ts, a->rexpr)))
            return NULL;
        return e;
    }
    default:
        tr_unsupported(ts, a->location, "this operator form");
        return NULL;
    }
}

static ast_expr *tr_func(transform_state *ts, FuncCall *f)
{
    if (f->over) {
        tr_unsupported(ts, f->location, "window functions");
        return NULL;
    }
    if (f->agg_filter || f->agg_order || f->agg_within_group || f->func_variadic) {
        tr_unsupported(ts, f->location, "this aggregate syntax");
        return NULL;
    }
    ast_expr *e = new_expr(ts, AE_FUNC, f->location);
    if (!e || !names_from_list(ts, f->funcname, e, false))
        return NULL;
    e->star = f->agg_star;
    e->distinct = f->agg_distinct;
    if (!tr_list(ts, f->args, &e->args, &e->nargs))
        return NULL;
    return e;
}

static ast_expr *tr_case(transform_state *ts, CaseExpr *c)
{
    ast_expr *e = new_expr(ts, AE_CASE, c->location);
    if (!e)
        return NULL;
    if (c->arg && !(e->arg = tr_expr(ts, (Node *)c->arg)))
        return NULL;
    e->nwhens = (uint32_t)list_length(c->args);
    e->whens = tr_alloc(ts, sizeof(ast_expr *) * e->nwhens);
    e->thens = tr_alloc(ts, sizeof(ast_expr *) * e->nwhens);
    e->when_locations = tr_alloc(ts, sizeof(int) * e->nwhens);
    if (!e->whens || !e->thens || !e->when_locations)
        return NULL;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, c->args) {
        CaseWhen *w = lfirst(lc);
        e->when_locations[i] = w->location;
        if (!(e->whens[i] = tr_expr(ts, (Node *)w->expr)) ||
            !(e->thens[i] = tr_expr(ts, (Node *)w->result)))
            return NULL;
        i++;
    }
    if (c->defresult && !(e->els = tr_expr(ts, (Node *)c->defresult)))
        return NULL;
    return e;
}

bool tr_type_name(transform_state *ts, TypeName *tn, ast_type_name *out)
{
    out->location = tn->location;
    out->typmod = -1;
    if (tn->setof || tn->arrayBounds || tn->pct_type) {
        tr_unsupported(ts, tn->location, "array, SETOF and %TYPE types");
        return false;
    }
    Node *last = llast(tn->names);
    out->name = tr_strdup(ts, strVal(last));
    if (list_length(tn->typmods) > 1) {
        tr_unsupported(ts, tn->location, "type modifiers with several values");
        return false;
    }
    if (list_length(tn->typmods) == 1) {
        Node *m = linitial(tn->typmods);
        if (!IsA(m, A_Const) || nodeTag(&((A_Const *)m)->val) != T_Integer) {
            tr_error(ts, "42601", tn->location, "type modifiers must be simple constants or identifiers");
            return false;
        }
        out->typmod = intVal(&((A_Const *)m)->val);
    }
    return out->name != NULL;
}

static ast_expr *tr_expr_node(transform_state *ts, Node *n);

ast_expr *tr_expr(transform_state *ts, Node *n)
{
    if (ts->failed)
        return NULL;
    if (++ts->depth > SS_MAX_EXPR_DEPTH) {
        tr_error(ts, "54001", exprLocation(n), "stack depth limit exceeded");
        ts->err->position = 0;
        return NULL;
    }
    ast_expr *e = tr_expr_node(ts, n);
    ts->depth--;
    return e;
}

static ast_expr *tr_expr_node(transform_state *ts, Node *n)
{
    switch (nodeTag(n)) {
    case T_ColumnRef: {
        ColumnRef *c = (ColumnRef *)n;
        ast_expr *e = new_expr(ts, AE_COLUMN, c->location);
        if (!e || !names_from_list(ts, c->fields, e, true))
            return NULL;
        return e;
    }
    case T_A_Const:
        return tr_const(ts, (A_Const *)n);
    case T_ParamRef: {
        ParamRef *p = (ParamRef *)n;
        ast_expr *e = new_expr(ts, AE_PARAM, p->location);
        if (e)
            e->ival = p->number;
        return e;
    }
    case T_A_Expr:
        return tr_a_expr(ts, (A_Expr *)n);
    case T_BoolExpr: {
        BoolExpr *b = (BoolExpr *)n;
        ast_expr_kind k = b->boolop == AND_EXPR ? AE_AND : b->boolop == OR_EXPR ? AE_OR : AE_NOT;
        ast_expr *e = new_expr(ts, k, b->location);
        if (!e || !tr_list(ts, b->args, &e->args, &e->nargs))
            return NULL;
        return e;
    }
    case T_NullTest: {
        NullTest *t = (NullTest *)n;
        ast_expr *e = new_expr(ts, t->nulltesttype == IS_NULL ? AE_IS_NULL : AE_IS_NOT_NULL, t->location);
        if (!e)
            return NULL;
        e->nargs = 1;
        e->args = tr_alloc(ts, sizeof(ast_expr *));
        if (!e->args || !(e->args[0] = tr_expr(ts, (Node *)t->arg)))
            return NULL;
        return e;
    }
    case T_FuncCall:
        return tr_func(ts, (FuncCall *)n);
    case T_TypeCast: {
        TypeCast *c = (TypeCast *)n;
        ast_expr *e = new_expr(ts, AE_CAST, c->location);
        if (!e)
            return NULL;
        e->nargs = 1;
        e->args = tr_alloc(ts, sizeof(ast_expr *));
        if (!e->args || !(e->args[0] = tr_expr(ts, c->arg)) || !tr_type_name(ts, c->typeName, &e->type))
            return NULL;
        return e;
    }
    case T_CaseExpr:
        return tr_case(ts, (CaseExpr *)n);
    case T_CoalesceExpr: {
        CoalesceExpr *c = (CoalesceExpr *)n;
        ast_expr *e = new_expr(ts, AE_COALESCE, c->location);
        if (!e || !tr_list(ts, c->args, &e->args, &e->nargs))
            return NULL;
        return e;
    }
    case T_SubLink:
        tr_unsupported(ts, ((SubLink *)n)->location, "subqueries");
        return NULL;
    default:
        tr_unsupported(ts, exprLocation(n), "this expression");
        return NULL;
    }
}
