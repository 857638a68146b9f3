/* bind_json_rules.c — what json lacks in PostgreSQL: it has no equality or ordering operator
 * (no btree or hash operator class), so GROUP BY, DISTINCT and ORDER BY over json values are
 * 42883 there, and neither json nor jsonb has min / max. */
#include <string.h>

#include "bind/binder_internal.h"

int bind_check_equality(binder *b, ss_type t, int location)
{
    if (t.id != SS_TYPE_JSON)
        return SS_OK;
    return bind_error(b, location, SS_SQLSTATE_UNDEFINED_FUNCTION,
                      "could not identify an equality operator for type json");
}

int bind_check_ordering(binder *b, ss_type t, int location)
{
    if (t.id != SS_TYPE_JSON)
        return SS_OK;
    bind_error(b, location, SS_SQLSTATE_UNDEFINED_FUNCTION, "could not identify an ordering operator for type json");
    ss_ctx_error_hint(b->ctx, "Use an explicit ordering operator or modify the query.");
    return SS_ERROR;
}

bool bind_type_has_minmax(ss_type t)
{
    return t.id != SS_TYPE_JSON && t.id != SS_TYPE_JSONB;
}
