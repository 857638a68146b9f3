/* parse_schema.c — CREATE SCHEMA, DROP SCHEMA's names and ALTER SCHEMA ... RENAME TO into Sunstone
 * AST statements, and the relation names (RangeVar) every statement takes: "t" or "s.t"
 * (catalog/namespace.h), with PostgreSQL's refusal of cross-database references. */
#include "sql/transform.h"

#include <string.h>

const char *tr_relation_ref(transform_state *ts, RangeVar *rv)
{
    if (rv->catalogname) {
        tr_error(ts, "0A000", rv->location, "cross-database references are not implemented: \"%s.%s.%s\"",
                 rv->catalogname, rv->schemaname ? rv->schemaname : "", rv->relname);
        return NULL;
    }
    return tr_qualified_ref(ts, rv->schemaname, rv->relname, rv->location);
}

const char *tr_created_relation_ref(transform_state *ts, RangeVar *rv)
{
    if (rv->relpersistence != 't')
        return tr_relation_ref(ts, rv);
    /* a temporary relation is made in the session's temporary schema, PostgreSQL's pg_temp */
    if (rv->schemaname && strcmp(rv->schemaname, "pg_temp") != 0) {
        tr_error(ts, "42P16", rv->location, "cannot create temporary relation in non-temporary schema");
        return NULL;
    }
    if (rv->catalogname)
        return tr_relation_ref(ts, rv); /* its cross-database error */
    return tr_qualified_ref(ts, "pg_temp", rv->relname, rv->location);
}

const char *tr_qualified_ref(transform_state *ts, const char *schema, const char *rel, int location)
{
    /* a reference splits at its dot: names with one cannot be told from qualified ones */
    if (strchr(rel, '.') || (schema && strchr(schema, '.'))) {
        tr_unsupported(ts, location, "relation and schema names containing \".\"");
        return NULL;
    }
    if (!schema)
        return tr_strdup(ts, rel);
    size_t ls = strlen(schema), lr = strlen(rel);
    char *out = tr_alloc(ts, ls + lr + 2);
    if (!out)
        return NULL;
    memcpy(out, schema, ls);
    out[ls] = '.';
    memcpy(out + ls + 1, rel, lr + 1);
    return out;
}

static bool schema_name_ok(transform_state *ts, const char *name)
{
    if (strchr(name, '.')) {
        tr_unsupported(ts, -1, "relation and schema names containing \".\"");
        return false;
    }
    return true;
}

const char *tr_schema_name(transform_state *ts, const char *name)
{
    return schema_name_ok(ts, name) ? tr_strdup(ts, name) : NULL;
}

bool tr_create_schema(transform_state *ts, CreateSchemaStmt *s, ast_stmt *out)
{
    if (s->authrole) {
        tr_unsupported(ts, s->authrole->location, "CREATE SCHEMA ... AUTHORIZATION (Sunstone has no roles)");
        return false;
    }
    if (s->schemaElts) {
        tr_unsupported(ts, -1, "CREATE SCHEMA with schema elements");
        return false;
    }
    if (!schema_name_ok(ts, s->schemaname))
        return false;
    out->kind = AST_CREATE_SCHEMA;
    out->str = tr_strdup(ts, s->schemaname);
    out->if_not_exists = s->if_not_exists;
    return out->str != NULL;
}

bool tr_rename_schema(transform_state *ts, RenameStmt *s, ast_stmt *out)
{
    const char *old = s->subname; /* the grammar puts the schema there */
    if (!schema_name_ok(ts, old) || !schema_name_ok(ts, s->newname))
        return false;
    out->kind = AST_ALTER_SCHEMA;
    out->str = tr_strdup(ts, old);
    out->value = tr_strdup(ts, s->newname);
    return out->str && out->value;
}
