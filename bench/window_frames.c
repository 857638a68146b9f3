/* window_frames.c — A/B benchmark of the window operator's frame algorithms for moving
 * aggregates (sunstone.window_frame_algorithm) on one table of `rows` rows (default 1M):
 *   SELECT sum(s) FROM (SELECT sum(x) OVER (ORDER BY t ROWS BETWEEN w PRECEDING AND CURRENT ROW) s FROM f) q
 * with naive against incremental, and the same with min(x) with naive against segment_tree,
 * for frame widths w = 10, 1000, 100000.  naive re-aggregates every frame (time grows with w);
 * incremental and segment_tree do not.  naive is skipped where rows * w exceeds 2e9 (the
 * fast algorithm is then compared with auto, which picks it).  Medians of `iters` runs after one
 * warm-up; the answers of both sides must agree.
 * Usage: bench_window_frames [rows (default 1048576)] [iterations (default 3)] */
#include <stdio.h>
#include <stdlib.h>

#include "ab_run.h"

/* Argument i as a positive number, dflt when absent; 0 when it is not positive. */
static long positive_arg(int argc, char **argv, int i, long dflt)
{
    long v = i < argc ? strtol(argv[i], NULL, 10) : dflt;
    return v > 0 ? v : 0;
}

int main(int argc, char **argv)
{
    long rows = positive_arg(argc, argv, 1, 1048576);
    int iters = (int)positive_arg(argc, argv, 2, 3);
    sunstone *db = NULL;
    if (!rows || !iters) {
        fprintf(stderr, "usage: %s [rows] [iterations]\n", argv[0]);
        return 2;
    }
    ab_must(db, sunstone_open(NULL, &db), "open");
    char sql[512];
    ab_must(db, sunstone_exec(db, "CREATE TABLE f (t int, x int)", NULL, NULL), "create");
    snprintf(sql, sizeof sql,
             "INSERT INTO f SELECT g, (g::int8 * 7919 %% 10007)::int FROM generate_series(1, %ld) g", rows);
    ab_must(db, sunstone_exec(db, sql, NULL, NULL), "fill");
    const long widths[] = {10, 1000, 100000};
    const char *aggs[] = {"sum", "min"};
    const char *fast[] = {"incremental", "segment_tree"};
    printf("%ld rows, %d runs each (median ms)\n", rows, iters);
    printf("%-4s %7s %12s %12s %12s\n", "agg", "width", "naive", "fast", "algorithm");
    for (int a = 0; a < 2; a++)
        for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
            snprintf(sql, sizeof sql,
                     "SELECT sum(s::int8) FROM (SELECT %s(x) OVER (ORDER BY t ROWS BETWEEN %ld PRECEDING AND CURRENT "
                     "ROW) s FROM f) q",
                     aggs[a], widths[w]);
            bool naive = (double)rows * (double)widths[w] <= 2e9;
            const char *const impl[2] = {naive ? "naive" : "auto", fast[a]};
            ab_result r;
            ab_run(db, "sunstone.window_frame_algorithm", impl, sql, 1, iters, &r);
            char nv[32] = "skipped";
            if (naive)
                snprintf(nv, sizeof nv, "%.1f", r.median_ns[0] / 1e6);
            printf("%-4s %7ld %12s %12.1f %12s   (answer %s)\n", aggs[a], widths[w], nv, r.median_ns[1] / 1e6, fast[a],
                   r.answer);
        }
    sunstone_close(db);
    return 0;
}
