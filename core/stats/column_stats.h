/* column_stats.h — the statistics ANALYZE computes for one column from a sample of a table's
 * rows, as PostgreSQL 15's ANALYZE computes them (compute_scalar_stats for a type with an
 * order, compute_trivial_stats for one without: json), with default_statistics_target 100:
 * the fraction of NULLs, the average stored width, the number of distinct values (negative:
 * a fraction of the rows), up to 100 most common values with their frequencies, a histogram of
 * up to 101 bounds over the other values, and the correlation between the values' order and
 * the rows' physical order.  Element statistics of arrays (most_common_elems, ...) are not
 * computed. */
#ifndef SS_STATS_COLUMN_STATS_H
#define SS_STATS_COLUMN_STATS_H

#include "exec/context.h"

#define SS_STATS_TARGET 100                  /* default_statistics_target */
#define SS_STATS_SAMPLE_ROWS (300 * SS_STATS_TARGET)

typedef struct ss_column_stats {
    char *attname;            /* the column's name when analyzed */
    ss_type type;             /* and its type: the statistics are shown while both still hold */
    double null_frac;
    int32_t avg_width;
    double n_distinct;
    bool has_mcv, has_hist, has_corr;
    char *mcv_text;           /* most_common_vals as array text ('{a,b}') */
    uint32_t nmcv;
    double *mcv_freqs;        /* nmcv frequencies (float4 precision when shown) */
    char *hist_text;          /* histogram_bounds as array text */
    double correlation;
} ss_column_stats;

/* Computes s for the column of type t from the sample's values (nrows of them, NULLs included,
 * in the rows' physical order; text bytes stay valid during the call) of a table holding
 * totalrows live rows. */
int ss_column_stats_compute(ss_ctx *ctx, ss_type t, const ss_value *values, uint32_t nrows, double totalrows,
                            ss_column_stats *s);

void ss_column_stats_free(ss_column_stats *s);

#endif
