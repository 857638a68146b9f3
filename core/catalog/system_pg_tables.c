/* system_pg_tables.c — the rows of pg_tables, pg_indexes and pg_namespace
 * (system_information_schema.h): user tables (not views, sequences or materialized views),
 * the indexes of tables and materialized views with indexdef as pg_get_indexdef prints it,
 * and the schemas (pg_namespace: oid, nspname, nspowner). */
#include <stdlib.h>
#include <string.h>

#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/system_information_schema.h"
#include "fkey/fkey.h"
#include "index/index.h"
#include "types/func_impl.h"
#include "util/strbuf.h"

#define T_TEXT {SS_TYPE_TEXT, -1}
#define T_BOOL {SS_TYPE_BOOL, -1}

const ss_column_def ss_pg_tables_cols[SS_PG_TABLES_NCOLS] = {
    {"schemaname", T_TEXT, false, {0}}, {"tablename", T_TEXT, false, {0}},   {"tableowner", T_TEXT, false, {0}},
    {"tablespace", T_TEXT, false, {0}}, {"hasindexes", T_BOOL, false, {0}},  {"hasrules", T_BOOL, false, {0}},
    {"hastriggers", T_BOOL, false, {0}}, {"rowsecurity", T_BOOL, false, {0}}};
const ss_column_def ss_pg_indexes_cols[SS_PG_INDEXES_NCOLS] = {
    {"schemaname", T_TEXT, false, {0}}, {"tablename", T_TEXT, false, {0}}, {"indexname", T_TEXT, false, {0}},
    {"tablespace", T_TEXT, false, {0}}, {"indexdef", T_TEXT, false, {0}}};
const ss_column_def ss_pg_namespace_cols[SS_PG_NAMESPACE_NCOLS] = {
    {"oid", {SS_TYPE_OID, -1}, false, {0}}, {"nspname", {SS_TYPE_NAME, -1}, false, {0}},
    {"nspowner", {SS_TYPE_OID, -1}, false, {0}}};

static const char *schema_of(const ss_table *t)
{
    return t->ns ? ss_ns_name(t->ns) : "public";
}

static bool has_indexes(const ss_table *t)
{
    for (uint32_t i = 0; t->indexes && i < t->indexes->n; i++)
        if (ss_ddl_visible(&t->indexes->list[i]->ddl))
            return true;
    return false;
}

/* PostgreSQL's foreign keys are triggers on the referencing and the referenced table. */
static bool has_triggers(const ss_catalog *c, const ss_table *t)
{
    char *a = ss_fkey_lines(c, t), *b = a ? NULL : ss_fkey_referenced_lines(c, t);
    bool any = a || b;
    free(a);
    free(b);
    return any;
}

int ss_system_pg_tables_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    for (uint32_t i = 0; i < c->ntables; i++) {
        const ss_table *t = c->tables[i];
        if (t->system || ss_is_matview(t) || !ss_ddl_visible(&t->ddl))
            continue;
        ss_value row[SS_PG_TABLES_NCOLS] = {ss_row_text(schema_of(t)), ss_row_text(t->name),
                                            ss_row_text(ss_role_name()), {.is_null = true},
                                            ss_row_bool(has_indexes(t)), ss_row_bool(false),
                                            ss_row_bool(has_triggers(c, t)), ss_row_bool(false)};
        if (add(ctx, arg, row))
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_system_pg_indexes_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    for (uint32_t i = 0; i < c->ntables; i++) {
        ss_table *t = c->tables[i];
        if (t->system || !ss_ddl_visible(&t->ddl) || !t->indexes)
            continue;
        ss_index_lock(t);
        int rc = SS_OK;
        for (uint32_t k = 0; rc == SS_OK && k < t->indexes->n; k++) {
            const ss_index *ix = t->indexes->list[k];
            if (!ss_ddl_visible(&ix->ddl))
                continue;
            char *def = ss_index_def_sql(ix, schema_of(t));
            if (!def) { /* out of memory, or an expression the printer does not know */
                rc = ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                  "feature not supported: the definition of index \"%s\"", ix->name);
                break;
            }
            ss_value row[SS_PG_INDEXES_NCOLS] = {ss_row_text(schema_of(t)), ss_row_text(t->name),
                                                 ss_row_text(ix->name), {.is_null = true}, ss_row_text(def)};
            rc = add(ctx, arg, row);
            free(def);
        }
        ss_index_unlock(t);
        if (rc)
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_system_pg_namespace_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    for (uint32_t i = 0; i < c->nschemas; i++) {
        const ss_schema *ns = c->schemas[i];
        if (!ss_ddl_visible(&ns->ddl))
            continue;
        ss_value oid = {0}, owner = {0};
        oid.v.i = ns->oid;
        owner.v.i = 10; /* the one role (object_oids.h) */
        ss_value row[SS_PG_NAMESPACE_NCOLS] = {oid, ss_row_text(ss_ns_name(ns)), owner};
        if (add(ctx, arg, row))
            return SS_ERROR;
    }
    return SS_OK;
}
