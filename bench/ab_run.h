/* ab_run.h — the loop of the operator-swap benchmarks (bench_scan_ab, bench_join_ab): one
 * query run under the two implementations of a node kind in turn, in the same process on the
 * same data, with warm-up rounds, and the answers compared; and the timing of one query that
 * the other Sunstone-only benchmarks (bench_join4, bench_join_prune) share. */
#ifndef SUNSTONE_BENCH_AB_RUN_H
#define SUNSTONE_BENCH_AB_RUN_H

#include "sunstone.h"

/* Exits with status 1 after printing what failed when rc is not OK, DONE or ROW. */
void ab_must(sunstone *db, int rc, const char *what);

/* sunstone_exec(sql), exiting as ab_must on an error. */
void ab_exec(sunstone *db, const char *sql);
/* The seed's table `name` (a int, b int, c float8, d int) [USING using_clause] with `rows`
   rows: a = 0 .. rows - 1 in insertion order, b = a % 1000, c = b as float8, d = a % 100
   (built by doubling INSERT ... SELECT). */
void ab_seed_table(sunstone *db, const char *name, const char *using_clause, long rows);
/* One timed run of sql (prepare, every row, finalize): its ns; out gets the rows' columns as
   text, joined with '|'. */
double ab_run_once(sunstone *db, const char *sql, char *out, size_t outlen);
/* The median ns of runs timed runs of sql (prepare, every row, finalize) after one warm-up;
   out gets the rows' columns as text, joined with '|'. */
double ab_median(sunstone *db, const char *sql, int runs, char *out, size_t outlen);

typedef struct ab_result {
    double median_ns[2]; /* prepare + step to the end + finalize, per implementation */
    char answer[256];    /* the result row's columns as text, joined with '|' */
} ab_result;

/* Runs sql (one result row) warmups + iters rounds; each round sets `SET setting = impl[k]`
 * and runs it for k = 0 then 1.  Exits with status 1 on an engine error or when the two
 * implementations answer differently. */
void ab_run(sunstone *db, const char *setting, const char *const impl[2], const char *sql, int warmups, int iters,
            ab_result *out);

#endif
