/* numeric_bench.c — numeric against float8 in the same process and run:
 *   1. the seed query over 1M rows (b, c int, d float8) with its real numeric sum(c * 1.1)
 *      against the float8 variant sum(c * 1.1::float8), alternating runs; the ratio;
 *   2. sum(x) over N numeric(12,2) values and avg(b) over N int rows (default 10M), ns/row,
 *      beside sum(f) over a float8 column of the same table;
 *   3. when built with SQLite 3 (BENCH_HAVE_SQLITE), SQLite's sum() of a REAL column holding
 *      the same N values as x, in an in-memory database of the same process, and the three
 *      ns/row side by side.
 * Prints medians (ns/row) and the answers.
 * Usage: bench_numeric [seed rows (default 1048576)] [agg rows (default 10000000)] [iterations (default 11)] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab_run.h"
#include "bench_util.h"

#ifdef BENCH_HAVE_SQLITE
#include <sqlite3.h>

static void sqlite_must(sqlite3 *db, int rc, const char *what)
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "sqlite: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

/* sqlite3_exec's row callback: keeps the first column of the last row. */
static int keep_first(void *answer, int ncols, char **vals, char **names)
{
    (void)names;
    snprintf(answer, 256, "%s", ncols > 0 && vals[0] ? vals[0] : "NULL");
    return 0;
}

/* Runs a one-row query through sqlite3_exec; returns the elapsed ns (answer: 256 bytes). */
static double sqlite_once(sqlite3 *db, const char *sql, char *answer)
{
    double t0 = bench_now_ns();
    sqlite_must(db, sqlite3_exec(db, sql, keep_first, answer, NULL), sql);
    return bench_now_ns() - t0;
}

/* SQLite's sum(x) over a REAL column of rows values made as numeric_bench's table m makes
   x: its median ns over iters runs after one warm-up. */
static double sqlite_sum_real(long rows, int iters, char *answer)
{
    sqlite3 *db = NULL;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
        fprintf(stderr, "sqlite: cannot open an in-memory database\n");
        exit(1);
    }
    sqlite_must(db, sqlite3_exec(db, "CREATE TABLE m (k INTEGER, x REAL)", NULL, NULL, NULL), "create");
    char sql[512];
    snprintf(sql, sizeof sql,
             "WITH RECURSIVE c(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM c WHERE k + 1 < %ld) "
             "INSERT INTO m SELECT k, (k %% 100000) * 0.01 + k %% 7 FROM c",
             rows);
    sqlite_must(db, sqlite3_exec(db, sql, NULL, NULL, NULL), "fill");
    bench_samples s;
    bench_samples_init(&s, (size_t)iters);
    sqlite_once(db, "SELECT sum(x) FROM m", answer);
    for (int i = 0; i < iters; i++)
        bench_samples_add(&s, sqlite_once(db, "SELECT sum(x) FROM m", answer));
    double med = bench_samples_median(&s);
    bench_samples_free(&s);
    sqlite3_close(db);
    return med;
}
#endif

/* Runs sql (one row) and returns the elapsed ns; its columns joined with '|' to answer. */
static double run_once(sunstone *db, const char *sql, char *answer, size_t n)
{
    double t0 = bench_now_ns();
    sunstone_stmt *st = NULL;
    ab_must(db, sunstone_prepare(db, sql, -1, &st, NULL), sql);
    int rc;
    answer[0] = '\0';
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        size_t off = 0;
        for (int c = 0; c < sunstone_column_count(st); c++) {
            const char *v = sunstone_column_text(st, c);
            off += (size_t)snprintf(answer + off, n - off, "%s%s", c ? "|" : "", v ? v : "NULL");
            if (off >= n)
                break;
        }
    }
    ab_must(db, rc, sql);
    sunstone_finalize(st);
    return bench_now_ns() - t0;
}

/* Median ns of sqls[0..k) run alternately iters times after one warm-up each. */
static void alternate(sunstone *db, const char *const *sqls, int k, int iters, double *median,
                      char answers[][256])
{
    bench_samples s[4];
    for (int q = 0; q < k; q++) {
        bench_samples_init(&s[q], (size_t)iters);
        run_once(db, sqls[q], answers[q], 256);
    }
    for (int i = 0; i < iters; i++)
        for (int q = 0; q < k; q++)
            bench_samples_add(&s[q], run_once(db, sqls[q], answers[q], 256));
    for (int q = 0; q < k; q++) {
        median[q] = bench_samples_median(&s[q]);
        bench_samples_free(&s[q]);
    }
}

/* Creates a table, inserts its first row, then doubles it until it has `rows` rows: grow is
   an INSERT ... SELECT format taking the row count so far five times, then rows. */
static void make_table(sunstone *db, const char *create, const char *seed, const char *grow, long rows)
{
    ab_must(db, sunstone_exec(db, create, NULL, NULL), create);
    ab_must(db, sunstone_exec(db, seed, NULL, NULL), seed);
    for (long have = 1; have < rows; have *= 2) {
        char sql[512];
        snprintf(sql, sizeof sql, grow, have, have, have, have, have, rows);
        ab_must(db, sunstone_exec(db, sql, NULL, NULL), "grow");
    }
}

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 1048576;
    long agg_rows = argc > 2 ? atol(argv[2]) : 10000000;
    int iters = argc > 3 ? atoi(argv[3]) : 11;
    sunstone *db = NULL;
    int rc = sunstone_open(NULL, &db);
    ab_must(db, rc, "open");

    make_table(db, "CREATE TABLE a (k int, b int, c int, d float8)", "INSERT INTO a VALUES (0, 0, 0, 0)",
               "INSERT INTO a SELECT k + %ld, (k + %ld) %% 1000, (k + %ld) %% 1000, ((k + %ld) %% 100)::float8 "
               "FROM a WHERE k + %ld < %ld",
               rows);
    const char *seed[2] = {
        "SELECT count(*), sum(b * 2 + d), sum(c * 1.1) FROM a WHERE b % 7 = 3 AND c < 900",
        "SELECT count(*), sum(b * 2 + d), sum(c * 1.1::float8) FROM a WHERE b % 7 = 3 AND c < 900"};
    double med[4];
    char ans[4][256];
    alternate(db, seed, 2, iters, med, ans);
    printf("seed numeric  %8.2f ms %6.2f ns/row  %s\n", med[0] / 1e6, med[0] / rows, ans[0]);
    printf("seed float8   %8.2f ms %6.2f ns/row  %s\n", med[1] / 1e6, med[1] / rows, ans[1]);
    printf("numeric / float8 = %.2fx  (%ld rows, %d runs)\n", med[0] / med[1], rows, iters);

    make_table(db, "CREATE TABLE m (k int, x numeric(12,2), f float8)", "INSERT INTO m VALUES (0, 0.01, 0.01)",
               "INSERT INTO m SELECT k + %ld, ((k + %ld) %% 100000) * 0.01 + (k + %ld) %% 7, "
               "((k + %ld) %% 100000)::float8 FROM m WHERE k + %ld < %ld",
               agg_rows);
    const char *aggs[3] = {"SELECT sum(x) FROM m", "SELECT avg(k) FROM m", "SELECT sum(f) FROM m"};
    alternate(db, aggs, 3, iters, med, ans);
    printf("sum(numeric(12,2)) %8.2f ms %6.2f ns/row  %s\n", med[0] / 1e6, med[0] / agg_rows, ans[0]);
    printf("avg(int)           %8.2f ms %6.2f ns/row  %s\n", med[1] / 1e6, med[1] / agg_rows, ans[1]);
    printf("sum(float8)        %8.2f ms %6.2f ns/row  %s  (%ld rows)\n", med[2] / 1e6, med[2] / agg_rows,
           ans[2], agg_rows);
    sunstone_close(db);
#ifdef BENCH_HAVE_SQLITE
    char sq[256];
    double lite = sqlite_sum_real(agg_rows, iters, sq);
    printf("sqlite sum(REAL)   %8.2f ms %6.2f ns/row  %s  (SQLite %s, same process)\n", lite / 1e6, lite / agg_rows,
           sq, sqlite3_libversion());
    printf("ns/row side by side: sum(numeric(12,2)) %.2f | avg(int) %.2f | SQLite sum(REAL) %.2f\n",
           med[0] / agg_rows, med[1] / agg_rows, lite / agg_rows);
#endif
    return 0;
}
