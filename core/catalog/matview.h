/* matview.h — what the catalog keeps of a materialized view (ss_table.matview): the table
 * holds its rows; this holds the statement text that REFRESH binds again, whether it is
 * populated, and the relations its query reads (DROP of one refuses or cascades, views.c). */
#ifndef SS_CATALOG_MATVIEW_H
#define SS_CATALOG_MATVIEW_H

#include "catalog/catalog.h"

typedef struct ss_matview {
    char *sql;          /* CREATE MATERIALIZED VIEW ... */
    bool populated;     /* false after WITH NO DATA: a scan is 55000 */
    uint32_t ndeps;
    char **deps;        /* the relations its query reads */
    uint64_t created;   /* the catalog's version at its creation (PostgreSQL's pg_depend order) */
} ss_matview;

/* Makes t a materialized view of def's text and dependencies (populated or not). */
int ss_matview_attach(ss_ctx *ctx, ss_catalog *c, ss_table *t, const ss_view_def *def, bool populated);
void ss_matview_free(ss_matview *m);
/* Whether relation t is a materialized view. */
static inline bool ss_is_matview(const ss_table *t)
{
    return t && t->matview != NULL;
}
/* Sets t's populated state, logged so a rollback restores it (catalog_txn.c); bumps c's
 * version, so statements bound against the old state bind again. */
int ss_matview_set_populated(ss_ctx *ctx, ss_catalog *c, ss_table *t, bool populated);
/* 55000 "materialized view \"x\" has not been populated" with PostgreSQL's HINT when t is
 * an unpopulated materialized view. */
int ss_matview_check_scannable(ss_ctx *ctx, const ss_table *t);

#endif
