/* join_prune.c — projection pruning through joins on wide tables: a (rows_a x 20 int columns)
 * joined with b (rows_b x 20 int columns) on a key, reading 2 columns, written four ways:
 *   plain  FROM a JOIN b                                   (the scans read 2 columns each)
 *   subq   FROM (SELECT * FROM a) s JOIN b                 (the subquery computes 2 of 20)
 *   cte    WITH s AS MATERIALIZED (SELECT * FROM a) ...     (the CTE's query computes what
 *                                                            its references read)
 *   union  FROM (SELECT * FROM a UNION ALL SELECT * FROM a) (each branch computes 2 of 20)
 *   full   the plain join reading all 40 columns (sum of each): what carrying every column
 *          through the join costs, the peer in the same run
 * Prints the median of each (after one warm-up run) and fails when plain, subq and cte
 * answer differently.  Before/after a planner change: run it against both libraries.
 * Usage: bench_join_prune [rows_a (default 1000000)] [rows_b (default 100000)] [runs (default 7)] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab_run.h"
#include "bench_util.h"

static void wide_table(sunstone *db, const char *name, long rows, long keys)
{
    char sql[2048];
    int off = snprintf(sql, sizeof sql, "CREATE TABLE %s (k int", name);
    for (int c = 1; c < 20; c++)
        off += snprintf(sql + off, sizeof sql - (size_t)off, ", v%d int", c);
    snprintf(sql + off, sizeof sql - (size_t)off, ")");
    ab_exec(db, sql);
    off = snprintf(sql, sizeof sql, "INSERT INTO %s SELECT i %% %ld", name, keys);
    for (int c = 1; c < 20; c++)
        off += snprintf(sql + off, sizeof sql - (size_t)off, ", i %% %d", 7 + c);
    snprintf(sql + off, sizeof sql - (size_t)off, " FROM generate_series(1, %ld) i", rows);
    ab_exec(db, sql);
}

int main(int argc, char **argv)
{
    const long rows_a = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
    const long rows_b = argc > 2 ? strtol(argv[2], NULL, 10) : 100000;
    const int runs = argc > 3 ? (int)strtol(argv[3], NULL, 10) : 7;
    if (rows_a < 1 || rows_b < 1 || runs < 1)
        return fprintf(stderr, "usage: %s [rows_a] [rows_b] [runs]\n", argv[0]), 2;
    sunstone *db = NULL;
    int opened = sunstone_open(NULL, &db); /* db is set by the call: read it only afterwards */
    ab_must(db, opened, "open");
    wide_table(db, "a", rows_a, rows_b);
    wide_table(db, "b", rows_b, rows_b);

    const char *plain = "SELECT count(*), sum(a.v1), sum(b.v2) FROM a JOIN b ON a.k = b.k";
    const char *subq = "SELECT count(*), sum(s.v1), sum(b.v2) FROM (SELECT * FROM a) s JOIN b ON s.k = b.k";
    const char *cte = "WITH s AS MATERIALIZED (SELECT * FROM a) "
                      "SELECT count(*), sum(s.v1), sum(b.v2) FROM s JOIN b ON s.k = b.k";
    const char *uni = "SELECT count(*), sum(s.v1), sum(b.v2) FROM (SELECT * FROM a UNION ALL SELECT * FROM a) s "
                      "JOIN b ON s.k = b.k";
    char full[2048];
    int off = snprintf(full, sizeof full, "SELECT count(*)");
    for (int c = 1; c < 20; c++)
        off += snprintf(full + off, sizeof full - (size_t)off, ", sum(a.v%d), sum(b.v%d)", c, c);
    snprintf(full + off, sizeof full - (size_t)off, " FROM a JOIN b ON a.k = b.k");

    char r[5][256];
    double t[5];
    const char *names[5] = {"plain", "subq", "cte", "union", "full"};
    const char *sqls[5] = {plain, subq, cte, uni, full};
    for (int i = 0; i < 5; i++)
        t[i] = ab_median(db, sqls[i], runs, r[i], sizeof r[i]);
    printf("a %ld x 20 columns, b %ld x 20 columns, %d runs\n", rows_a, rows_b, runs);
    for (int i = 0; i < 5; i++)
        printf("%-6s median %10.3f ms  result %.60s\n", names[i], t[i] / 1e6, r[i]);
    sunstone_close(db);
    if (strcmp(r[0], r[1]) != 0 || strcmp(r[0], r[2]) != 0) {
        fprintf(stderr, "MISMATCH: plain %s, subq %s, cte %s\n", r[0], r[1], r[2]);
        return 1;
    }
    return 0;
}
