/* bench_copy.c — COPY as the bulk-load path: loading N rows (default 1M: int, text, float8,
 * numeric, date) with COPY FROM a text file and a CSV file, against INSERT INTO ... SELECT of
 * the same rows from a table, and writing them with COPY TO; each timed into a fresh table
 * (creation not timed), medians over the runs, in rows per second.  The loaded tables are
 * checked against the source (count and a sum) after every run.
 * Usage: bench_copy [rows (default 1000000)] [runs (default 5)] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_util.h"
#include "sunstone.h"

static sunstone *db;

static void exec(const char *sql)
{
    if (sunstone_exec(db, sql, NULL, NULL) != SUNSTONE_OK) {
        fprintf(stderr, "%s: %s (%s)\n", sql, sunstone_errmsg(db), sunstone_sqlstate(db));
        exit(1);
    }
}

static double timed(const char *sql)
{
    double t0 = bench_now_ns();
    exec(sql);
    return bench_now_ns() - t0;
}

static void check_loaded(long rows)
{
    sunstone_stmt *st;
    const char *q = "SELECT (SELECT count(*) FROM dst) = (SELECT count(*) FROM src) AND "
                    "(SELECT sum(a) FROM dst) = (SELECT sum(a) FROM src) AND (SELECT count(*) FROM dst) = ";
    char sql[512];
    snprintf(sql, sizeof sql, "%s%ld", q, rows);
    if (sunstone_prepare(db, sql, -1, &st, NULL) != SUNSTONE_OK || sunstone_step(st) != SUNSTONE_ROW ||
        strcmp(sunstone_column_text(st, 0), "t") != 0) {
        fprintf(stderr, "MISMATCH: loaded table differs from the source (%s)\n", sunstone_errmsg(db));
        exit(1);
    }
    sunstone_finalize(st);
}

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 1000000;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    if (rows <= 0 || runs <= 0) {
        fprintf(stderr, "usage: bench_copy [rows] [runs]\n");
        return 2;
    }
    if (sunstone_open(NULL, &db) != SUNSTONE_OK)
        return 1;
    char sql[512], text_file[128], csv_file[128], out_file[128];
    snprintf(text_file, sizeof text_file, "/tmp/bench_copy_%d.txt", (int)getpid());
    snprintf(csv_file, sizeof csv_file, "/tmp/bench_copy_%d.csv", (int)getpid());
    snprintf(out_file, sizeof out_file, "/tmp/bench_copy_%d.out", (int)getpid());
    const char *cols = "(a int, b text, c float8, d numeric(12,2), e date)";
    snprintf(sql, sizeof sql, "CREATE TABLE src %s", cols);
    exec(sql);
    snprintf(sql, sizeof sql,
             "INSERT INTO src SELECT g, 'row ' || g, g * 0.25, g / 100.0, DATE '2000-01-01' + g %% 9000 "
             "FROM generate_series(1, %ld) g",
             rows);
    exec(sql);
    snprintf(sql, sizeof sql, "COPY src TO '%s'", text_file);
    exec(sql);
    snprintf(sql, sizeof sql, "COPY src TO '%s' (FORMAT csv)", csv_file);
    exec(sql);
    const char *names[4] = {"COPY FROM (text)", "COPY FROM (csv)", "INSERT ... SELECT", "COPY TO (text)"};
    bench_samples s[4];
    for (int k = 0; k < 4; k++)
        bench_samples_init(&s[k], (size_t)runs);
    for (int r = 0; r < runs; r++) {
        for (int k = 0; k < 3; k++) {
            snprintf(sql, sizeof sql, "CREATE TABLE dst %s", cols);
            exec(sql);
            if (k == 0)
                snprintf(sql, sizeof sql, "COPY dst FROM '%s'", text_file);
            else if (k == 1)
                snprintf(sql, sizeof sql, "COPY dst FROM '%s' (FORMAT csv)", csv_file);
            else
                snprintf(sql, sizeof sql, "INSERT INTO dst SELECT * FROM src");
            bench_samples_add(&s[k], timed(sql));
            check_loaded(rows);
            exec("DROP TABLE dst");
        }
        snprintf(sql, sizeof sql, "COPY src TO '%s'", out_file);
        bench_samples_add(&s[3], timed(sql));
    }
    printf("bench_copy: %ld rows (int, text, float8, numeric(12,2), date), median of %d runs\n", rows, runs);
    for (int k = 0; k < 4; k++) {
        double ns = bench_samples_median(&s[k]);
        printf("  %-18s %9.1f ms  %12.0f rows/s\n", names[k], ns / 1e6, rows / (ns / 1e9));
        bench_samples_free(&s[k]);
    }
    unlink(text_file);
    unlink(csv_file);
    unlink(out_file);
    sunstone_close(db);
    return 0;
}
