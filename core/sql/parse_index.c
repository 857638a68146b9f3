/* parse_index.c — transforms PostgreSQL's IndexStmt (CREATE [UNIQUE] INDEX) into the AST:
 * the index name, table, access method, key columns or expressions with their order (and
 * the name PostgreSQL's FigureIndexColname gives an expression), a partial index's WHERE;
 * forms Sunstone does not have (INCLUDE, WITH, CONCURRENTLY, collations, operator classes,
 * NULLS NOT DISTINCT, TABLESPACE) are refused with 0A000. */
#include <string.h>

#include "sql/transform.h"

/* PostgreSQL's FigureColnameInternal, for the forms an index expression takes: the name
 * of a function called, of a cast's argument (else of its type), of a column; NULL: none. */
static const char *figure_name(Node *n)
{
    if (!n)
        return NULL;
    switch (nodeTag(n)) {
    case T_ColumnRef: {
        Node *last = llast(((ColumnRef *)n)->fields);
        return IsA(last, String) ? strVal(last) : NULL;
    }
    case T_FuncCall:
        return strVal(llast(((FuncCall *)n)->funcname));
    case T_TypeCast: {
        TypeCast *c = (TypeCast *)n;
        const char *inner = figure_name(c->arg);
        if (inner)
            return inner;
        return c->typeName && c->typeName->names ? strVal(llast(c->typeName->names)) : NULL;
    }
    case T_CaseExpr: return "case";
    case T_CoalesceExpr: return "coalesce";
    case T_MinMaxExpr: return ((MinMaxExpr *)n)->op == IS_GREATEST ? "greatest" : "least";
    case T_A_Expr: return ((A_Expr *)n)->kind == AEXPR_NULLIF ? "nullif" : NULL;
    case T_A_ArrayExpr: return "array";
    case T_RowExpr: return "row";
    default: return NULL;
    }
}

static bool tr_index_key(transform_state *ts, IndexElem *e, ast_index_key *k)
{
    memset(k, 0, sizeof *k);
    if (!e->name) {
        k->location = tr_location(e->expr);
        const char *name = figure_name(e->expr);
        k->expr_name = tr_strdup(ts, name ? name : "expr");
        k->expr = tr_expr(ts, e->expr);
        if (!k->expr || !k->expr_name)
            return false;
    }
    if (e->collation) {
        tr_unsupported(ts, -1, "COLLATE in CREATE INDEX");
        return false;
    }
    if (e->opclass) {
        tr_unsupported(ts, -1, "operator classes in CREATE INDEX");
        return false;
    }
    if (e->name) {
        k->column = tr_strdup(ts, e->name);
        k->location = -1;
    }
    k->desc = e->ordering == SORTBY_DESC;
    k->nulls_first = e->nulls_ordering == SORTBY_NULLS_DEFAULT ? k->desc
                                                               : e->nulls_ordering == SORTBY_NULLS_FIRST;
    return k->column != NULL || k->expr != NULL;
}

bool tr_index_stmt(transform_state *ts, IndexStmt *s, ast_stmt *out)
{
    const tr_refusal refusals[] = {
        {s->concurrent, "CREATE INDEX CONCURRENTLY"},
        {s->indexIncludingParams != NIL, "INCLUDE in CREATE INDEX"},
        {s->options != NIL, "WITH (storage parameters)"},
        {s->tableSpace != NULL, "TABLESPACE"},
        {s->nulls_not_distinct, "NULLS NOT DISTINCT"},
    };
    if (tr_refuse_first(ts, -1, refusals, sizeof refusals / sizeof refusals[0]))
        return false;
    RangeVar *rv = s->relation;
    out->kind = AST_CREATE_INDEX;
    out->str = s->idxname ? tr_strdup(ts, s->idxname) : NULL;
    out->table = tr_relation_ref(ts, rv);
    out->table_location = rv->location;
    out->access_method = s->accessMethod ? tr_strdup(ts, s->accessMethod) : NULL;
    out->if_not_exists = s->if_not_exists;
    out->index_unique = s->unique;
    if (s->whereClause && !(out->index_where = tr_expr(ts, s->whereClause)))
        return false;
    out->nindex_keys = (uint32_t)list_length(s->indexParams);
    out->index_keys = tr_alloc(ts, sizeof(ast_index_key) * (out->nindex_keys ? out->nindex_keys : 1));
    if (!out->table || !out->index_keys)
        return false;
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->indexParams)
        if (!tr_index_key(ts, lfirst(lc), &out->index_keys[i++]))
            return false;
    return true;
}
