/* system_pg_stats.h — the rows of pg_stats (system_pg_stats.c, served by system_views.c): one
 * per analyzed column of the user tables (ANALYZE, core/stats), PostgreSQL 15's columns, with
 * its anyarray columns (most_common_vals, histogram_bounds, most_common_elems) as their text. */
#ifndef SS_CATALOG_SYSTEM_PG_STATS_H
#define SS_CATALOG_SYSTEM_PG_STATS_H

#include "catalog/catalog.h"
#include "catalog/system_session_views.h"

#define SS_PG_STATS_NCOLS 14
extern const ss_column_def ss_pg_stats_cols[SS_PG_STATS_NCOLS];
int ss_system_pg_stats_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg);

#endif
