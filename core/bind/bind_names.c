/* bind_names.c — PostgreSQL's output column names for expressions (FigureColname). */
#include <string.h>

#include "bind/binder_internal.h"

/* PostgreSQL's FigureColnameInternal: a name and its strength (2: a column or function
 * name, 1: a type or "case", 0: nothing).  Casts and CASE keep a strong inner name. */
static int colname(const ast_expr *e, const char **name)
{
    switch (e->kind) {
    case AE_COLUMN:
    case AE_FUNC:
        *name = e->names[e->nnames - 1];
        return 2;
    case AE_COALESCE:
        *name = "coalesce";
        return 2;
    case AE_ARRAY:
        *name = "array";
        return 2;
    case AE_ROW:
        *name = "row";
        return 2;
    case AE_SUBSCRIPT:
        return colname(e->left, name);
    case AE_COLLATE:
        return colname(e->args[0], name);
    case AE_FIELD:
        if (e->star)
            return 0;
        *name = e->str;
        return 2;
    case AE_STAR: /* (t.*)::text */
        if (e->nnames != 1)
            return 0;
        *name = e->names[0];
        return 2;
    case AE_NULLIF:
        *name = "nullif";
        return 2;
    case AE_MINMAX:
        *name = e->negated ? "least" : "greatest";
        return 2;
    case AE_GROUPING_FUNC:
        *name = "grouping";
        return 2;
    case AE_CAST: {
        if (e->type.location < 0 && e->args[0]->kind == AE_STRING)
            return 0; /* B'...' / X'...': the parser's constant of type bit (parse_expr.c) */
        int strength = colname(e->args[0], name);
        if (strength <= 1) {
            *name = e->type.name; /* the grammar's name: int4, float8, varchar ... */
            return 1;
        }
        return strength;
    }
    case AE_CASE: {
        int strength = e->els ? colname(e->els, name) : 0;
        if (strength <= 1) {
            *name = "case";
            return 1;
        }
        return strength;
    }
    case AE_SUBLINK: {
        if (e->sublink == AST_SUBLINK_EXISTS || e->sublink == AST_SUBLINK_ARRAY) {
            *name = e->sublink == AST_SUBLINK_EXISTS ? "exists" : "array";
            return 2;
        }
        if (e->sublink != AST_SUBLINK_EXPR)
            return 0;
        /* the subquery's output column name (a set operation's is its first branch's) */
        const ast_select *s = e->subselect;
        while (s->setop && s->larg)
            s = s->larg;
        if (!s->ntargets || s->targets[0].expr->kind == AE_STAR)
            return 0;
        *name = s->targets[0].alias ? s->targets[0].alias : figure_colname(s->targets[0].expr);
        return 2;
    }
    default:
        return 0;
    }
}

const char *figure_colname(const ast_expr *e)
{
    const char *name = "?column?";
    return colname(e, &name) ? name : "?column?";
}
