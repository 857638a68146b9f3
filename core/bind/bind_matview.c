/* bind_matview.c — materialized views in the binder: CREATE MATERIALIZED VIEW's text and
 * dependencies (the rest is CREATE TABLE AS), REFRESH MATERIALIZED VIEW (PostgreSQL's checks,
 * then the stored query bound again as the rows to insert), the 55000 of scanning an
 * unpopulated one and the 42809 of changing one. */
#include <string.h>

#include "bind/binder_internal.h"
#include "catalog/matview.h"
#include "index/index.h"

int bind_matview_def(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    ss_view_def *def = bind_alloc(b, sizeof *def);
    if (!def)
        return SS_ERROR;
    memset(def, 0, sizeof *def);
    if (b->reads_temp)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "materialized views must not use temporary tables or views");
    def->name = st->table;
    def->sql = st->view_sql;
    def->ndeps = b->ndeps;
    def->deps = b->deps;
    out->view_def = def;
    return SS_OK;
}

int bind_matview_scan(binder *b, const ss_table *t)
{
    if (!ss_is_matview(t) || t->matview->populated || b->matview_unpopulated_ok)
        return SS_OK;
    return ss_matview_check_scannable(b->ctx, t);
}

int bind_matview_refuse_change(binder *b, const ss_table *t)
{
    if (!ss_is_matview(t))
        return SS_OK;
    return bind_error(b, -1, "42809", "cannot change materialized view \"%s\"", t->name);
}

/* Whether t has a unique index on columns only (REFRESH ... CONCURRENTLY needs one). */
static bool has_unique_index(const ss_table *t)
{
    for (uint32_t i = 0; t->indexes && i < t->indexes->n; i++)
        if (t->indexes->list[i]->unique && ss_ddl_visible(&t->indexes->list[i]->ddl))
            return true;
    return false;
}

int bind_refresh_matview(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    ss_table *t;
    if (ss_catalog_find_waiting(b->ctx, b->catalog, st->table, &t)) /* an exclusive lock */
        return SS_ERROR;
    if (!t && ss_catalog_find_view(b->catalog, st->table))
        return bind_error(b, -1, "42809", "\"%s\" is not a table or materialized view", st->table);
    if (!t)
        return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", st->table);
    if (!ss_is_matview(t))
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "\"%s\" is not a materialized view", t->name);
    if (st->concurrently && st->with_no_data)
        return bind_error(b, -1, "42601", "CONCURRENTLY and WITH NO DATA options cannot be used together");
    if (st->concurrently && !t->matview->populated)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "CONCURRENTLY cannot be used when the materialized view is not populated");
    if (st->concurrently && !has_unique_index(t)) {
        bind_error(b, -1, "55000", "cannot refresh materialized view \"public.%s\" concurrently", t->name);
        ss_ctx_error_hint(b->ctx, "Create a unique index with no WHERE clause on one or more columns of the "
                                  "materialized view.");
        return SS_ERROR;
    }
    out->table = t;
    out->with_no_data = st->with_no_data;
    if (st->with_no_data)
        return SS_OK;
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    if (ss_parse(b->arena, t->matview->sql, &stmts, &n, &perr) || n != 1 || !stmts[0]->is_matview)
        return bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR,
                          "the query of materialized view \"%s\" cannot be read back", t->name);
    ss_bound_stmt sub;
    memset(&sub, 0, sizeof sub);
    if (bind_select(b, stmts[0]->select, &sub))
        return SS_ERROR;
    if (sub.ncols != t->ncols)
        return bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "materialized view \"%s\" has changed columns", t->name);
    for (uint32_t c = 0; c < t->ncols; c++)
        if (sub.col_types[c].id != t->types[c].id || sub.col_types[c].typmod != t->types[c].typmod)
            return bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR,
                              "column %u of materialized view \"%s\" has changed type", c + 1, t->name);
    out->query = sub.query;
    return SS_OK;
}
