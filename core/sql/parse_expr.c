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
            tr_unsupported(ts, e->location, "* inside a qualified name");
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
    case T_BitString: {
        /* B'...' / X'...': a constant of type bit without a length, as PostgreSQL's
           make_const (bit_in reads the lexer's "b..." / "x..." text) */
        ast_expr *e = new_expr(ts, AE_CAST, c->location), *lit = new_expr(ts, AE_STRING, c->location);
        if (!e || !lit || !(lit->str = tr_strdup(ts, c->val.bsval.bsval)))
            return NULL;
        e->nargs = 1;
        if (!(e->args = tr_alloc(ts, sizeof(ast_expr *))))
            return NULL;
        e->args[0] = lit;
        e->type = (ast_type_name){.name = "bit", .typmod = -1, .typmod2 = INT32_MIN, .location = -1};
        return e;
    }
    default:
        tr_unsupported(ts, c->location, "constants of this kind");
        return NULL;
    }
}

bool tr_list(transform_state *ts, List *l, ast_expr ***out, uint32_t *n)
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
        /* OPERATOR(pg_catalog.+); operators of other schemas do not exist */
        if (list_length(name) != 2 || !IsA(linitial(name), String) || !IsA(llast(name), String) ||
            strcmp(strVal(linitial(name)), "pg_catalog") != 0) {
            tr_unsupported(ts, location, "OPERATOR() of schemas other than pg_catalog");
            return NULL;
        }
        return tr_strdup(ts, strVal(llast(name)));
    }
    return tr_strdup(ts, strVal(linitial(name)));
}

/* libpg_query's JSON output of a parse node (its outfuncs; not in its installed headers).
 * The text is allocated in the parser's memory context. */
extern char *pg_query_node_to_json(const void *obj);

/* The parse tree of a subquery as text, without the "location" fields, after the operator
 * of an ANY / ALL (op, or NULL). */
static const char *sublink_key(transform_state *ts, const char *op, const Node *sub)
{
    const char *json = pg_query_node_to_json(sub);
    if (!json)
        return NULL;
    size_t n = strlen(json), k = op ? strlen(op) + 1 : 0;
    char *key = tr_alloc(ts, n + k + 1);
    if (!key)
        return NULL;
    if (op) {
        memcpy(key, op, k - 1);
        key[k - 1] = ' ';
    }
    static const char field[] = "\"location\":";
    for (size_t i = 0; i < n;) {
        if (json[i] == '"' && strncmp(json + i, field, sizeof field - 1) == 0) {
            /* a key is never inside a string value: quotes there are escaped */
            i += sizeof field - 1;
            while (i < n && (json[i] == '-' || (json[i] >= '0' && json[i] <= '9')))
                i++;
            if (i < n && json[i] == ',')
                i++;
            continue;
        }
        key[k++] = json[i++];
    }
    key[k] = '\0';
    return key;
}

/* A subquery in an expression: EXISTS, a scalar subquery, ANY / ALL (IN is = ANY) with the
 * left operand (the items of a row constructor for a row comparison). */
static ast_expr *tr_sublink(transform_state *ts, SubLink *l)
{
    if (l->subLinkType != EXISTS_SUBLINK && l->subLinkType != EXPR_SUBLINK && l->subLinkType != ANY_SUBLINK &&
        l->subLinkType != ALL_SUBLINK && l->subLinkType != ARRAY_SUBLINK) {
        tr_unsupported(ts, l->location, "this kind of subquery");
        return NULL;
    }
    if (!IsA(l->subselect, SelectStmt)) {
        tr_unsupported(ts, l->location, "this kind of subquery");
        return NULL;
    }
    ast_expr *e = new_expr(ts, AE_SUBLINK, l->location);
    if (!e || !(e->subselect = tr_select(ts, (SelectStmt *)l->subselect)))
        return NULL;
    e->sublink = l->subLinkType == EXISTS_SUBLINK ? AST_SUBLINK_EXISTS
                 : l->subLinkType == EXPR_SUBLINK ? AST_SUBLINK_EXPR
                 : l->subLinkType == ANY_SUBLINK  ? AST_SUBLINK_ANY
                 : l->subLinkType == ARRAY_SUBLINK ? AST_SUBLINK_ARRAY
                 : l->subLinkType == ROWCOMPARE_SUBLINK ? AST_SUBLINK_ROWCOMPARE
                                                  : AST_SUBLINK_ALL;
    if (!l->testexpr)
        return (e->sub_key = sublink_key(ts, NULL, l->subselect)) ? e : NULL;
    e->str = l->operName ? op_name(ts, l->operName, l->location) : tr_strdup(ts, "=");
    if (!e->str || !(e->sub_key = sublink_key(ts, e->str, l->subselect)))
        return NULL;
    if (IsA(l->testexpr, RowExpr))
        return tr_list(ts, ((RowExpr *)l->testexpr)->args, &e->args, &e->nargs) ? e : NULL;
    e->nargs = 1;
    e->args = tr_alloc(ts, sizeof(ast_expr *));
    return e->args && (e->args[0] = tr_expr(ts, l->testexpr)) ? e : NULL;
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
    case AEXPR_NOT_BETWEEN:
    case AEXPR_BETWEEN_SYM:
    case AEXPR_NOT_BETWEEN_SYM: {
        ast_expr *e = new_expr(ts, AE_BETWEEN, a->location);
        if (!e)
            return NULL;
        e->negated = a->kind == AEXPR_NOT_BETWEEN || a->kind == AEXPR_NOT_BETWEEN_SYM;
        e->bval = a->kind == AEXPR_BETWEEN_SYM || a->kind == AEXPR_NOT_BETWEEN_SYM;
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
        /* x LIKE p arrives as the operator ~~ (!~~, ~~*, !~~*); ESCAPE wraps p in
           pg_catalog.like_escape(p, e), an ordinary call (func_like.c) */
        ast_expr *e = new_expr(ts, AE_OP, a->location);
        if (!e || !(e->str = op_name(ts, a->name, a->location)) || !(e->left = tr_expr(ts, a->lexpr)) ||
            !(e->right = tr_expr(ts, a->rexpr)))
            return NULL;
        return e;
    }
    case AEXPR_OP_ANY:
    case AEXPR_OP_ALL:
        return tr_array_cmp(ts, a);
    case AEXPR_DISTINCT:
    case AEXPR_NOT_DISTINCT:
    case AEXPR_NULLIF: {
        ast_expr *e = new_expr(ts, a->kind == AEXPR_NULLIF ? AE_NULLIF : AE_DISTINCT, a->location);
        if (!e)
            return NULL;
        e->negated = a->kind == AEXPR_NOT_DISTINCT;
        e->nargs = 2;
        e->args = tr_alloc(ts, sizeof(ast_expr *) * 2);
        if (!e->args || !(e->args[0] = tr_expr(ts, a->lexpr)) || !(e->args[1] = tr_expr(ts, a->rexpr)))
            return NULL;
        return e;
    }
    case AEXPR_SIMILAR: {
        /* x [NOT] SIMILAR TO p [ESCAPE e] arrives as x ~ similar_to_escape(p [, e]) (!~):
           the pattern translated to a regular expression, as in PostgreSQL */
        ast_expr *e = new_expr(ts, AE_OP, a->location);
        if (!e || !(e->str = op_name(ts, a->name, a->location)) || !(e->left = tr_expr(ts, a->lexpr)) ||
            !(e->right = tr_expr(ts, a->rexpr)))
            return NULL;
        return e;
    }
    default:
        tr_unsupported_words(ts, a->location, 3, " (operator form)");
        return NULL;
    }
}

/* The arguments of a call, those in named notation (name => value) with their names;
 * PostgreSQL's parse-analysis errors for a positional argument after a named one and for a
 * name given twice. */
static bool tr_func_args(transform_state *ts, List *l, ast_expr *e)
{
    e->nargs = (uint32_t)list_length(l);
    if (!(e->args = tr_alloc(ts, sizeof(ast_expr *) * (e->nargs ? e->nargs : 1))))
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, l) {
        Node *n = lfirst(lc);
        if (IsA(n, NamedArgExpr)) {
            NamedArgExpr *na = (NamedArgExpr *)n;
            if (!e->arg_names && (!(e->arg_names = tr_alloc(ts, sizeof(char *) * e->nargs)) ||
                                  !(e->arg_name_locations = tr_alloc(ts, sizeof(int) * e->nargs))))
                return false;
            for (uint32_t k = 0; k < i; k++)
                if (e->arg_names[k] && strcmp(e->arg_names[k], na->name) == 0) {
                    tr_error(ts, "42601", na->location, "argument name \"%s\" used more than once", na->name);
                    return false;
                }
            if (!(e->arg_names[i] = tr_strdup(ts, na->name)))
                return false;
            e->arg_name_locations[i] = na->location;
            n = (Node *)na->arg;
        } else if (e->arg_names) {
            tr_error(ts, "42601", tr_location(n), "positional argument cannot follow named argument");
            return false;
        }
        if (!(e->args[i] = tr_expr(ts, n)))
            return false;
        if (e->arg_names && !e->arg_names[i])
            e->arg_name_locations[i] = -1;
        i++;
    }
    return true;
}

static ast_expr *tr_func(transform_state *ts, FuncCall *f)
{
    ast_expr *e = new_expr(ts, AE_FUNC, f->location);
    if (!e || !names_from_list(ts, f->funcname, e, false))
        return NULL;
    e->variadic = f->func_variadic;
    e->star = f->agg_star;
    e->distinct = f->agg_distinct;
    if (!tr_func_args(ts, f->args, e))
        return NULL;
    if (f->agg_filter && !(e->filter = tr_expr(ts, f->agg_filter)))
        return NULL;
    if (!tr_sort_list(ts, f->agg_order, &e->agg_order, &e->nagg_order))
        return NULL;
    e->within_group = f->agg_within_group;
    if (f->over && !(e->over = tr_window_def(ts, f->over)))
        return NULL;
    return e;
}

/* CURRENT_DATE, CURRENT_TIME[(p)], CURRENT_TIMESTAMP[(p)], LOCALTIME[(p)], LOCALTIMESTAMP[(p)]:
 * calls of the functions of those names (types/datetime/dt_sqlfunc.c), the precision as
 * their argument; the result column is named after them as in PostgreSQL.  CURRENT_USER,
 * SESSION_USER, USER, CURRENT_ROLE, CURRENT_CATALOG and CURRENT_SCHEMA likewise
 * (types/func_system.c, func_schema.c). */
static ast_expr *tr_sql_value_function(transform_state *ts, SQLValueFunction *f)
{
    const char *name = NULL;
    bool with_precision = false;
    switch (f->op) {
    case SVFOP_CURRENT_DATE: name = "current_date"; break;
    case SVFOP_CURRENT_TIME_N: with_precision = true; __attribute__((fallthrough));
    case SVFOP_CURRENT_TIME: name = "current_time"; break;
    case SVFOP_CURRENT_TIMESTAMP_N: with_precision = true; __attribute__((fallthrough));
    case SVFOP_CURRENT_TIMESTAMP: name = "current_timestamp"; break;
    case SVFOP_LOCALTIME_N: with_precision = true; __attribute__((fallthrough));
    case SVFOP_LOCALTIME: name = "localtime"; break;
    case SVFOP_LOCALTIMESTAMP_N: with_precision = true; __attribute__((fallthrough));
    case SVFOP_LOCALTIMESTAMP: name = "localtimestamp"; break;
    case SVFOP_CURRENT_USER: name = "current_user"; break;
    case SVFOP_SESSION_USER: name = "session_user"; break;
    case SVFOP_USER: name = "user"; break;
    case SVFOP_CURRENT_ROLE: name = "current_role"; break;
    case SVFOP_CURRENT_CATALOG: name = "current_catalog"; break;
    case SVFOP_CURRENT_SCHEMA: name = "current_schema"; break;
    default:
        tr_unsupported_words(ts, f->location, 1, "");
        return NULL;
    }
    ast_expr *e = new_expr(ts, AE_FUNC, f->location);
    if (!e || !(e->names = tr_alloc(ts, sizeof(char *))) || !(e->names[0] = tr_strdup(ts, name)))
        return NULL;
    e->nnames = 1;
    if (with_precision) {
        ast_expr *p = new_expr(ts, AE_INT, f->location);
        if (!p || !(e->args = tr_alloc(ts, sizeof(ast_expr *))))
            return NULL;
        p->ival = f->typmod;
        e->args[0] = p;
        e->nargs = 1;
    }
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
    out->typmod2 = INT32_MIN;
    if (tn->setof) {
        tr_unsupported(ts, tn->location, "SETOF");
        return false;
    }
    if (tn->pct_type) {
        tr_unsupported(ts, tn->location, "%TYPE");
        return false;
    }
    out->is_array = tn->arrayBounds != NULL;
    /* pg_catalog.int4 is int4; another schema's type is a user-defined one (the binder
       looks it up) */
    out->schema = NULL;
    if (list_length(tn->names) > 2) {
        tr_unsupported(ts, tn->location, "cross-database references");
        return false;
    }
    if (list_length(tn->names) == 2 && strcmp(strVal(linitial(tn->names)), "pg_catalog") != 0 &&
        !(out->schema = tr_strdup(ts, strVal(linitial(tn->names)))))
        return false;
    Node *last = llast(tn->names);
    out->name = tr_strdup(ts, strVal(last));
    if (list_length(tn->typmods) > 2) {
        tr_unsupported(ts, tn->location, "type modifiers with more than two values");
        return false;
    }
    for (int i = 0; i < list_length(tn->typmods); i++) {
        Node *m = list_nth(tn->typmods, i);
        if (!IsA(m, A_Const) || nodeTag(&((A_Const *)m)->val) != T_Integer) {
            tr_error(ts, "42601", tn->location, "type modifiers must be simple constants or identifiers");
            return false;
        }
        if (i == 0)
            out->typmod = intVal(&((A_Const *)m)->val);
        else
            out->typmod2 = intVal(&((A_Const *)m)->val);
    }
    return out->name != NULL;
}

static ast_expr *tr_expr_node(transform_state *ts, Node *n);

/* x COLLATE [pg_catalog.]name: the binder checks the name and the operand (bind_collate.c). */
/* The name of COLLATE [schema.]name: pg_catalog's own as the bare name; another schema's
 * collation does not exist: 42704 now, or, when qualified_ok (a column's, checked after its
 * column is found), "schema.name", which the binder's check refuses with the same 42704.  A
 * database-qualified name is 0A000.  NULL: an error. */
const char *tr_collation_name(transform_state *ts, List *collname, int location, bool qualified_ok)
{
    if (list_length(collname) == 2 && strcmp(strVal(linitial(collname)), "pg_catalog") != 0) {
        if (qualified_ok) {
            char q[2 * NAMEDATALEN + 2];
            snprintf(q, sizeof q, "%s.%s", strVal(linitial(collname)), strVal(llast(collname)));
            return tr_strdup(ts, q);
        }
        tr_error(ts, "42704", location, "collation \"%s.%s\" for encoding \"UTF8\" does not exist",
                 strVal(linitial(collname)), strVal(llast(collname)));
        return NULL;
    }
    if (list_length(collname) > 2) {
        tr_unsupported(ts, location, "cross-database references");
        return NULL;
    }
    return tr_strdup(ts, strVal(llast(collname)));
}

static ast_expr *tr_collate(transform_state *ts, CollateClause *c)
{
    const char *name = tr_collation_name(ts, c->collname, c->location, false);
    if (!name)
        return NULL;
    ast_expr *e = new_expr(ts, AE_COLLATE, c->location);
    if (!e || !(e->args = tr_alloc(ts, sizeof(ast_expr *))) || !(e->args[0] = tr_expr(ts, c->arg)))
        return NULL;
    e->nargs = 1;
    e->str = name;
    return e;
}

ast_expr *tr_expr(transform_state *ts, Node *n)
{
    if (ts->failed)
        return NULL;
    if (tr_check_stack(ts))
        return NULL;
    return tr_expr_node(ts, n);
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
        return tr_sublink(ts, (SubLink *)n);
    case T_BooleanTest: {
        BooleanTest *t = (BooleanTest *)n;
        if ((unsigned)t->booltesttype > AST_IS_NOT_UNKNOWN) {
            tr_unsupported(ts, t->location, "this boolean test");
            return NULL;
        }
        ast_expr *e = new_expr(ts, AE_BOOLTEST, t->location);
        if (!e || !(e->args = tr_alloc(ts, sizeof(ast_expr *))) || !(e->args[0] = tr_expr(ts, (Node *)t->arg)))
            return NULL;
        e->nargs = 1;
        e->ival = (int64_t)t->booltesttype;
        return e;
    }
    case T_MinMaxExpr: { /* GREATEST / LEAST */
        MinMaxExpr *m = (MinMaxExpr *)n;
        ast_expr *e = new_expr(ts, AE_MINMAX, m->location);
        if (!e || !tr_list(ts, m->args, &e->args, &e->nargs))
            return NULL;
        e->negated = m->op == IS_LEAST;
        return e;
    }
    case T_SQLValueFunction: /* CURRENT_DATE, CURRENT_USER, LOCALTIMESTAMP ... */
        return tr_sql_value_function(ts, (SQLValueFunction *)n);
    case T_XmlExpr: /* XMLELEMENT, XMLCONCAT ..., IS DOCUMENT */
        tr_unsupported(ts, ((XmlExpr *)n)->location, "XML functions");
        return NULL;
    case T_XmlSerialize:
        tr_unsupported(ts, ((XmlSerialize *)n)->location, "XMLSERIALIZE");
        return NULL;
    case T_A_ArrayExpr:
        return tr_array_expr(ts, (A_ArrayExpr *)n);
    case T_RowExpr: {
        ast_expr *e = new_expr(ts, AE_ROW, ((RowExpr *)n)->location);
        if (!e || !tr_list(ts, ((RowExpr *)n)->args, &e->args, &e->nargs))
            return NULL;
        return e;
    }
    case T_CollateClause:
        return tr_collate(ts, (CollateClause *)n);
    case T_A_Indirection:
        return tr_indirection(ts, (A_Indirection *)n);
    case T_NamedArgExpr: /* the arguments of a call take them (tr_func_args) */
        tr_unsupported(ts, ((NamedArgExpr *)n)->location, "named function arguments");
        return NULL;
    case T_GroupingFunc: {
        GroupingFunc *g = (GroupingFunc *)n;
        ast_expr *e = new_expr(ts, AE_GROUPING_FUNC, g->location);
        if (!e || !tr_list(ts, g->args, &e->args, &e->nargs))
            return NULL;
        return e;
    }
    case T_SetToDefault: /* the binder refuses it outside INSERT's VALUES */
        return new_expr(ts, AE_DEFAULT, ((SetToDefault *)n)->location);
    case T_MultiAssignRef:
        tr_unsupported(ts, tr_location(((MultiAssignRef *)n)->source), "multiple-column assignment");
        return NULL;
    default:
        tr_unsupported_words(ts, tr_location(n), 2, " (expression)");
        return NULL;
    }
}

const char *tr_op_name(transform_state *ts, List *name, int location)
{
    return op_name(ts, name, location);
}

ast_expr *tr_new_expr(transform_state *ts, ast_expr_kind kind, int location)
{
    return new_expr(ts, kind, location);
}
