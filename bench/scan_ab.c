/* scan_ab.c — A/B benchmark of the two scan implementations (batched "scan" vs the
 * row-at-a-time reference "scan_row") on the seed's analytic query over 1M rows:
 *   SELECT count(*), sum(b*2+d), sum(c*1.1) FROM t WHERE b % 7 = 3 AND c < 900
 * Same process, same data, alternating runs; prints the median ns/row of each and their ratio.
 * Usage: bench_scan_ab [rows (default 1048576)] [iterations (default 21)] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "sunstone.h"

static void must(sunstone *db, int rc, const char *what)
{
    if (rc != SUNSTONE_OK && rc != SUNSTONE_DONE && rc != SUNSTONE_ROW) {
        fprintf(stderr, "%s: %s (%s)\n", what, sunstone_errmsg(db), sunstone_sqlstate(db));
        exit(1);
    }
}

/* One timed run of the query; returns ns and writes the result row text to out. */
static double run_query(sunstone *db, char *out, size_t outlen)
{
    sunstone_stmt *st;
    double t0 = bench_now_ns();
    must(db, sunstone_prepare(db, "SELECT count(*), sum(b*2+d), sum(c*1.1) FROM t WHERE b % 7 = 3 AND c < 900", -1,
                              &st, NULL), "prepare");
    must(db, sunstone_step(st), "step");
    snprintf(out, outlen, "%s|%s|%s", sunstone_column_text(st, 0), sunstone_column_text(st, 1),
             sunstone_column_text(st, 2));
    must(db, sunstone_step(st), "step");
    sunstone_finalize(st);
    return bench_now_ns() - t0;
}

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 1048576;
    int iters = argc > 2 ? atoi(argv[2]) : 21;
    sunstone *db = NULL;
    int rc = sunstone_open(NULL, &db); /* db is set by the call: read it only afterwards */
    must(db, rc, "open");
    must(db, sunstone_exec(db, "CREATE TABLE t (a int, b int, c float8, d int)", NULL, NULL), "create");
    must(db, sunstone_exec(db, "INSERT INTO t VALUES (0, 0, 0, 0)", NULL, NULL), "seed");
    /* double the table until it has `rows` rows: a, b, c, d derived from the row number */
    for (long have = 1; have < rows; have *= 2) {
        char sql[256];
        snprintf(sql, sizeof sql,
                 "INSERT INTO t SELECT a + %ld, (a + %ld) %% 1000, ((a + %ld) %% 1000)::float8, (a + %ld) %% 100 "
                 "FROM t WHERE a + %ld < %ld",
                 have, have, have, have, have, rows);
        must(db, sunstone_exec(db, sql, NULL, NULL), "grow");
    }
    const char *impl[2] = {"scan", "scan_row"};
    bench_samples times[2];
    bench_samples_init(&times[0], (size_t)iters);
    bench_samples_init(&times[1], (size_t)iters);
    char result[2][256];
    for (int i = 0; i < iters + 2; i++) {
        for (int k = 0; k < 2; k++) {
            char set[96];
            snprintf(set, sizeof set, "SET sunstone.operator_scan = '%s'", impl[k]);
            must(db, sunstone_exec(db, set, NULL, NULL), "set");
            double t = run_query(db, result[k], sizeof result[k]);
            if (i >= 2) /* two warm-up rounds */
                bench_samples_add(&times[k], t);
        }
    }
    if (strcmp(result[0], result[1]) != 0) {
        fprintf(stderr, "results differ: %s vs %s\n", result[0], result[1]);
        return 1;
    }
    double med[2];
    for (int k = 0; k < 2; k++) {
        med[k] = bench_samples_median(&times[k]);
        printf("%-9s median %8.2f ms  %6.2f ns/row  (%d runs)\n", impl[k], med[k] / 1e6, med[k] / rows, iters);
    }
    printf("result %s\nscan_row / scan = %.2fx\n", result[0], med[1] / med[0]);
    bench_samples_free(&times[0]);
    bench_samples_free(&times[1]);
    sunstone_close(db);
    return 0;
}
