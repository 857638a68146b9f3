/* run_matview.c — CREATE MATERIALIZED VIEW's catalog entry and REFRESH MATERIALIZED VIEW.
 * A refresh is a delete of every version the statement sees (TRUNCATE's, with its row
 * locks) followed by the query's rows written as INSERT writes them: under MVCC a reader in
 * another session keeps the old rows until the refreshing transaction commits, and a
 * rollback keeps them (PostgreSQL's CONCURRENTLY behaviour; its plain REFRESH makes readers
 * wait instead).  A change of the populated state (WITH NO DATA, or the first refresh of an
 * unpopulated view) takes the table's exclusive lock, as ALTER does, so that no other
 * session reads the uncommitted state, and is undone with the transaction. */
#include <stdio.h>

#include "api/run_matview.h"
#include "api/run_modify.h"
#include "catalog/catalog_txn.h"
#include "catalog/matview.h"

int ss_run_matview_attach(sunstone_stmt *st, ss_table *t)
{
    /* a database file's open: a populated one's rows are those stored (durable.c) */
    bool populated = !st->bound->with_no_data || st->ctx.catalog->reattach_populated;
    st->ctx.catalog->reattach_populated = false;
    return ss_matview_attach(&st->ctx, st->ctx.catalog, t, st->bound->view_def, populated);
}

int ss_run_refresh_matview(sunstone_stmt *st)
{
    ss_bound_stmt *bs = st->bound;
    ss_table *t = bs->table;
    bool populate = !bs->with_no_data;
    snprintf(st->tag, sizeof st->tag, "REFRESH MATERIALIZED VIEW");
    if (t->matview->populated != populate) {
        const char *name = t->name;
        if (ss_catalog_lock_table(&st->ctx, st->ctx.catalog, name, &t))
            return SS_ERROR;
        if (!ss_is_matview(t) || t != bs->table)
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", name);
    }
    if (ss_modify_delete_all(st, t) != SS_OK)
        return SS_ERROR;
    if (populate && ss_run_insert(st) != SS_OK)
        return SS_ERROR;
    snprintf(st->tag, sizeof st->tag, "REFRESH MATERIALIZED VIEW");
    return ss_matview_set_populated(&st->ctx, st->ctx.catalog, t, populate);
}
