/* bind_insert_store.c — INSERT's field and subscript targets (INSERT INTO t (a[2], x.f) ...),
 * PostgreSQL's transformAssignedExpr for INSERT: the column's value is the store chain the
 * parser wrote (sql/ast.h: SS_INSERT_BASE_FUNC, SS_INSERT_VALUE_FUNC) bound with the value
 * given as its value and a NULL of the column's type as its base; several targets of one
 * column are chained, each stored into what the one before it gave. */
#include <string.h>

#include "bind/binder_internal.h"

ss_expr *bind_insert_placeholder(binder *b, const ast_expr *a)
{
    const char *name = a->names[a->nnames - 1];
    if (!b->insert_store_active) {
        /* only the parser writes these calls, inside an INSERT's target */
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function %s() does not exist", name);
        return NULL;
    }
    if (strcmp(name, SS_INSERT_VALUE_FUNC) == 0)
        return b->insert_store_value;
    return b->insert_store_base ? b->insert_store_base : make_null(b, b->insert_store_type);
}

ss_expr *bind_insert_store(binder *b, const ast_expr *chain, ss_type column_type, ss_expr *base, ss_expr *value,
                           int value_location)
{
    bool was = b->insert_store_active;
    ss_expr *old_base = b->insert_store_base, *old_value = b->insert_store_value;
    ss_type old_type = b->insert_store_type;
    int old_location = b->insert_store_location;
    b->insert_store_active = true;
    b->insert_store_location = value_location;
    b->insert_store_base = base;
    b->insert_store_value = value;
    b->insert_store_type = column_type;
    ss_expr *e = bind_expr(b, chain);
    b->insert_store_active = was;
    b->insert_store_base = old_base;
    b->insert_store_value = old_value;
    b->insert_store_type = old_type;
    b->insert_store_location = old_location;
    return e;
}

int insert_store_default_error(binder *b, const ast_expr *chain, int location)
{
    bool field = strcmp(chain->names[chain->nnames - 1], SS_FIELD_STORE_FUNC) == 0;
    return bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                      field ? "cannot set a subfield to DEFAULT" : "cannot set an array element to DEFAULT");
}
