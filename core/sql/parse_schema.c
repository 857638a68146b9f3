/* parse_schema.c — CREATE SCHEMA (with its schema elements), DROP SCHEMA's names and ALTER SCHEMA ... RENAME TO into Sunstone
 * AST statements, and the relation names (RangeVar) every statement takes: "t" or "s.t"
 * (catalog/namespace.h), with PostgreSQL's refusal of cross-database references. */
#include "sql/transform.h"

#include <string.h>
#include <strings.h>

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

/* The RangeVar naming element n's relation (an index's: its table), NULL for another kind. */
static RangeVar *element_relation(Node *n, int *bucket)
{
    switch (nodeTag(n)) {
    case T_CreateSeqStmt: *bucket = 0; return ((CreateSeqStmt *)n)->sequence;
    case T_CreateStmt: *bucket = 1; return ((CreateStmt *)n)->relation;
    case T_ViewStmt: *bucket = 2; return ((ViewStmt *)n)->view;
    case T_IndexStmt: *bucket = 3; return ((IndexStmt *)n)->relation;
    default: *bucket = 4; return NULL;
    }
}

static bool word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           (unsigned char)c >= 0x80;
}

/* Where the element whose first name is at location starts: the CREATE before it. */
static int element_start(const char *sql, int location)
{
    for (int i = location - 6; i >= 0; i--)
        if (strncasecmp(sql + i, "create", 6) == 0 && (i == 0 || !word_char(sql[i - 1])) && !word_char(sql[i + 6]))
            return i;
    return location;
}

/* The schema elements of s (created in schema name) into out->schema_elts: each element's
   relation qualified by the schema (42P15 when it names another), its own text, and the
   order PostgreSQL's transformCreateSchemaStmt runs them in. */
static bool tr_schema_elements(transform_state *ts, CreateSchemaStmt *s, const char *name, ast_stmt *out)
{
    uint32_t n = (uint32_t)list_length(s->schemaElts);
    int *starts = tr_alloc(ts, sizeof *starts * (n + 1));
    int *buckets = tr_alloc(ts, sizeof *buckets * (n ? n : 1));
    ast_stmt **elts = tr_alloc(ts, sizeof *elts * (n ? n : 1));
    if (!starts || !buckets || !elts)
        return false;
    int end = ts->stmt_len > 0 ? ts->stmt_location + ts->stmt_len : (int)strlen(ts->sql);
    ListCell *lc;
    uint32_t i = 0;
    foreach (lc, s->schemaElts) {
        RangeVar *rv = element_relation(lfirst(lc), &buckets[i]);
        if (!rv) {
            tr_unsupported(ts, -1, "CREATE SCHEMA elements other than CREATE TABLE, VIEW, INDEX and SEQUENCE");
            return false;
        }
        if (rv->schemaname && strcmp(rv->schemaname, name) != 0) {
            tr_error(ts, "42P15", -1, "CREATE specifies a schema (%s) different from the one being created (%s)",
                     rv->schemaname, name);
            return false;
        }
        rv->schemaname = (char *)name;
        starts[i++] = element_start(ts->sql, rv->location);
    }
    starts[n] = end;
    uint32_t k = 0;
    for (int bucket = 0; bucket < 4; bucket++) {
        i = 0;
        foreach (lc, s->schemaElts) {
            if (buckets[i] == bucket) {
                ast_stmt *e = tr_alloc(ts, sizeof *e);
                if (!e)
                    return false;
                memset(e, 0, sizeof *e);
                if (!tr_statement_at(ts, lfirst(lc), starts[i], starts[i + 1] - starts[i], e))
                    return false;
                elts[k++] = e;
            }
            i++;
        }
    }
    out->schema_elts = elts;
    out->nschema_elts = k;
    return true;
}

bool tr_create_schema(transform_state *ts, CreateSchemaStmt *s, ast_stmt *out)
{
    if (s->authrole) {
        tr_unsupported(ts, s->authrole->location, "CREATE SCHEMA ... AUTHORIZATION (Sunstone has no roles)");
        return false;
    }
    if (!schema_name_ok(ts, s->schemaname))
        return false;
    out->kind = AST_CREATE_SCHEMA;
    out->str = tr_strdup(ts, s->schemaname);
    out->if_not_exists = s->if_not_exists;
    if (out->str && s->schemaElts && !tr_schema_elements(ts, s, out->str, out))
        return false;
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
