/* table_stats.h — a table's ANALYZE statistics (PostgreSQL's pg_statistic, shown by pg_stats):
 * one entry per analyzed column, published on the table at once (a rolled-back ANALYZE puts
 * the previous ones back), dropped with the table.  Sunstone's
 * planner reads live row counts from the backends and does not use these yet; they are not
 * stored in a database file (a reopened file has none until the next ANALYZE). */
#ifndef SS_STATS_TABLE_STATS_H
#define SS_STATS_TABLE_STATS_H

#include "catalog/catalog.h"
#include "stats/column_stats.h"

typedef struct ss_table_stats {
    double totalrows;          /* live rows when analyzed (pg_class.reltuples) */
    uint32_t ncols;
    ss_column_stats *cols;
} ss_table_stats;

/* Analyzes table t (cols[0..ncols) of its columns; ncols 0: every column) as ctx's statement
 * sees it and publishes the result, merged with the previous statistics of the columns left
 * out (undone if ctx's transaction rolls back).  *live: the live rows read. */
int ss_table_stats_analyze(ss_ctx *ctx, ss_table *t, const uint32_t *cols, uint32_t ncols, double *live);

/* Calls fn for each column statistics entry of t that still names one of its columns (same
 * name and type), under the statistics' lock (fn must not analyze). */
int ss_table_stats_each(ss_ctx *ctx, const ss_table *t,
                        int (*fn)(ss_ctx *ctx, void *arg, const ss_table *t, const ss_column_stats *s), void *arg);

/* The live rows t had when last analyzed, -1 when it never was (pg_class.reltuples). */
double ss_table_stats_reltuples(const ss_table *t);

void ss_table_stats_free(ss_table_stats *s);

#endif
