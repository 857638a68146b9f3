/* ab_run.c — the two-implementation benchmark loop (ab_run.h). */
#include "ab_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

void ab_must(sunstone *db, int rc, const char *what)
{
    if (rc != SUNSTONE_OK && rc != SUNSTONE_DONE && rc != SUNSTONE_ROW) {
        fprintf(stderr, "%s: %s (%s)\n", what, sunstone_errmsg(db), sunstone_sqlstate(db));
        exit(1);
    }
}

void ab_exec(sunstone *db, const char *sql)
{
    ab_must(db, sunstone_exec(db, sql, NULL, NULL), sql);
}

void ab_seed_table(sunstone *db, const char *name, const char *using_clause, long rows)
{
    char sql[512];
    snprintf(sql, sizeof sql, "CREATE TABLE %s (a int, b int, c float8, d int)%s%s", name,
             using_clause ? " USING " : "", using_clause ? using_clause : "");
    ab_exec(db, sql);
    snprintf(sql, sizeof sql, "INSERT INTO %s VALUES (0, 0, 0, 0)", name);
    ab_exec(db, sql);
    /* double the table until it has `rows` rows: a, b, c, d derived from the row number */
    for (long have = 1; have < rows; have *= 2) {
        snprintf(sql, sizeof sql,
                 "INSERT INTO %s SELECT a + %ld, (a + %ld) %% 1000, ((a + %ld) %% 1000)::float8, (a + %ld) %% 100 "
                 "FROM %s WHERE a + %ld < %ld",
                 name, have, have, have, have, name, have, rows);
        ab_exec(db, sql);
    }
}

double ab_run_once(sunstone *db, const char *sql, char *out, size_t outlen)
{
    sunstone_stmt *st;
    double t0 = bench_now_ns();
    ab_must(db, sunstone_prepare(db, sql, -1, &st, NULL), "prepare");
    size_t off = 0;
    out[0] = '\0';
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW)
        for (int c = 0; c < sunstone_column_count(st) && off < outlen; c++) {
            const char *v = sunstone_column_text(st, c);
            off += (size_t)snprintf(out + off, outlen - off, "%s%s", c ? "|" : "", v ? v : "");
        }
    ab_must(db, rc, "step");
    double ns = bench_now_ns() - t0;
    sunstone_finalize(st);
    return ns;
}

double ab_median(sunstone *db, const char *sql, int runs, char *out, size_t outlen)
{
    bench_samples s;
    bench_samples_init(&s, (size_t)runs);
    ab_run_once(db, sql, out, outlen); /* warm-up */
    for (int i = 0; i < runs; i++)
        bench_samples_add(&s, ab_run_once(db, sql, out, outlen));
    double m = bench_samples_median(&s);
    bench_samples_free(&s);
    return m;
}

void ab_run(sunstone *db, const char *setting, const char *const impl[2], const char *sql, int warmups, int iters,
            ab_result *out)
{
    bench_samples times[2];
    char answer[2][sizeof out->answer];
    for (int k = 0; k < 2; k++)
        bench_samples_init(&times[k], (size_t)iters);
    for (int i = 0; i < warmups + iters; i++) {
        for (int k = 0; k < 2; k++) {
            char set[160];
            snprintf(set, sizeof set, "SET %s = '%s'", setting, impl[k]);
            ab_must(db, sunstone_exec(db, set, NULL, NULL), "set");
            double t = ab_run_once(db, sql, answer[k], sizeof answer[k]);
            if (i >= warmups)
                bench_samples_add(&times[k], t);
        }
        if (strcmp(answer[0], answer[1]) != 0) {
            fprintf(stderr, "results differ: %s gives %s, %s gives %s\n", impl[0], answer[0], impl[1], answer[1]);
            exit(1);
        }
    }
    for (int k = 0; k < 2; k++) {
        out->median_ns[k] = bench_samples_median(&times[k]);
        bench_samples_free(&times[k]);
    }
    memcpy(out->answer, answer[0], sizeof out->answer);
}
