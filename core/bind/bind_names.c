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
    case AE_GROUPING_FUNC:
        *name = "grouping";
        return 2;
    case AE_CAST: {
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
    default:
        return 0;
    }
}

const char *figure_colname(const ast_expr *e)
{
    const char *name = "?column?";
    return colname(e, &name) ? name : "?column?";
}
