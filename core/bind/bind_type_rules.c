/* bind_type_rules.c — what a catalog type lacks in PostgreSQL (ss_type_def's no_ordering and
 * no_minmax): json has no equality or ordering operator (no btree or hash operator class), so
 * GROUP BY, DISTINCT and ORDER BY over json values are 42883 there, and json, jsonb, bytea and
 * uuid have no min / max. */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/type_def.h"

bool bind_type_unordered(ss_type t)
{
    const ss_type_def *d = ss_type_def_get(t.id);
    return d && d->no_ordering;
}

int bind_check_equality(binder *b, ss_type t, int location)
{
    if (!bind_type_unordered(t))
        return SS_OK;
    char buf[96];
    return bind_error(b, location, SS_SQLSTATE_UNDEFINED_FUNCTION, "could not identify an equality operator for type %s",
                      tname(type_of(t.id), buf, sizeof buf));
}

int bind_check_ordering(binder *b, ss_type t, int location)
{
    if (!bind_type_unordered(t))
        return SS_OK;
    char buf[96];
    bind_error(b, location, SS_SQLSTATE_UNDEFINED_FUNCTION, "could not identify an ordering operator for type %s",
               tname(type_of(t.id), buf, sizeof buf));
    ss_ctx_error_hint(b->ctx, "Use an explicit ordering operator or modify the query.");
    return SS_ERROR;
}

bool bind_type_has_minmax(ss_type t)
{
    const ss_type_def *d = ss_type_def_get(t.id);
    return !(d && d->no_minmax);
}
