/* run_matview.h — materialized views in the executor's statements (run_matview.c). */
#ifndef SS_API_RUN_MATVIEW_H
#define SS_API_RUN_MATVIEW_H

#include "api/statement.h"

/* INSERT of the bound query's rows into st->bound->table (run.c); tag "INSERT 0 n". */
int ss_run_insert(sunstone_stmt *st);
/* CREATE MATERIALIZED VIEW after its table was created (and filled unless WITH NO DATA):
 * the table made a materialized view of the statement's text. */
int ss_run_matview_attach(sunstone_stmt *st, ss_table *t);
/* REFRESH MATERIALIZED VIEW: every row deleted and the query's rows inserted by the
 * transaction, so a rollback keeps the old contents and other sessions read them until
 * it commits; tag "REFRESH MATERIALIZED VIEW". */
int ss_run_refresh_matview(sunstone_stmt *st);

#endif
