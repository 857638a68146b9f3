/* bind_schema.c — the schema a CREATE makes its relation in (catalog/namespace.h), checked
 * when the statement is bound so that its 3F000 points at the name as PostgreSQL's does. */
#include "bind/binder_internal.h"
#include "catalog/namespace.h"

int bind_creation_schema(binder *b, const ast_stmt *st)
{
    const char *rel;
    if (ss_ns_creation(b->ctx, b->catalog, st->table, &rel))
        return SS_OK;
    if (st->table_location >= 0)
        ss_ctx_error_position(b->ctx, st->table_location + 1);
    return SS_ERROR;
}
