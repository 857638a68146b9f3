/* join_ab.c — A/B benchmark of two implementations of the hash-join node kind on an equi-join
 * of two tables (100k x 100k rows by default, every row of each side matching one row of the
 * other):
 *   SELECT count(*), sum(a.v + b.w) FROM a JOIN b ON a.k = b.k
 * "hash_join" (operators/hash_join: builds a hash table of b, probes batches of a) against
 * "nested_loop_keys" (operators/nested_loop: compares every pair of keys), switched with
 * SET sunstone.operator_hash_join.  Same process, same data, alternating runs; prints the
 * median of each and their ratio, and fails when the two answers differ.
 * Usage: bench_join_ab [rows per table (default 100000)] [iterations (default 3)] */
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

/* One timed run of the join; returns ns and writes the result row text to out. */
static double run_query(sunstone *db, char *out, size_t outlen)
{
    sunstone_stmt *st;
    double t0 = bench_now_ns();
    must(db, sunstone_prepare(db, "SELECT count(*), sum(a.v + b.w) FROM a JOIN b ON a.k = b.k", -1, &st, NULL),
         "prepare");
    must(db, sunstone_step(st), "step");
    snprintf(out, outlen, "%s|%s", sunstone_column_text(st, 0), sunstone_column_text(st, 1));
    must(db, sunstone_step(st), "step");
    sunstone_finalize(st);
    return bench_now_ns() - t0;
}

/* Fills table `name` (k int, x int) with rows 0..rows-1: k = i * mult % rows, x = i % 100. */
static void fill(sunstone *db, const char *name, long rows, long mult)
{
    char sql[256];
    snprintf(sql, sizeof sql, "CREATE TABLE %s_seq (i int)", name);
    must(db, sunstone_exec(db, sql, NULL, NULL), "create");
    snprintf(sql, sizeof sql, "INSERT INTO %s_seq VALUES (0)", name);
    must(db, sunstone_exec(db, sql, NULL, NULL), "seed");
    for (long have = 1; have < rows; have *= 2) {
        snprintf(sql, sizeof sql, "INSERT INTO %s_seq SELECT i + %ld FROM %s_seq WHERE i + %ld < %ld", name, have,
                 name, have, rows);
        must(db, sunstone_exec(db, sql, NULL, NULL), "grow");
    }
    snprintf(sql, sizeof sql, "CREATE TABLE %s (k int, %s int)", name, name[0] == 'a' ? "v" : "w");
    must(db, sunstone_exec(db, sql, NULL, NULL), "create");
    snprintf(sql, sizeof sql, "INSERT INTO %s SELECT (i::int8 * %ld %% %ld)::int, i %% 100 FROM %s_seq", name, mult,
             rows, name);
    must(db, sunstone_exec(db, sql, NULL, NULL), "fill");
}

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 100000;
    int iters = argc > 2 ? atoi(argv[2]) : 3;
    if (rows < 1 || iters < 1) {
        fprintf(stderr, "usage: %s [rows per table] [iterations]\n", argv[0]);
        return 2;
    }
    sunstone *db = NULL;
    int rc = sunstone_open(NULL, &db); /* db is set by the call: read it only afterwards */
    must(db, rc, "open");
    fill(db, "a", rows, 1);
    fill(db, "b", rows, 3); /* a permutation of 0..rows-1 whenever rows is not a multiple of 3 */
    const char *impl[2] = {"hash_join", "nested_loop_keys"};
    bench_samples times[2];
    bench_samples_init(&times[0], (size_t)iters);
    bench_samples_init(&times[1], (size_t)iters);
    char result[2][256];
    for (int i = 0; i < iters + 1; i++) {
        for (int k = 0; k < 2; k++) {
            char set[96];
            snprintf(set, sizeof set, "SET sunstone.operator_hash_join = '%s'", impl[k]);
            must(db, sunstone_exec(db, set, NULL, NULL), "set");
            double t = run_query(db, result[k], sizeof result[k]);
            if (i >= 1) /* one warm-up round */
                bench_samples_add(&times[k], t);
        }
        if (strcmp(result[0], result[1]) != 0) {
            fprintf(stderr, "results differ: %s vs %s\n", result[0], result[1]);
            return 1;
        }
    }
    double med[2];
    for (int k = 0; k < 2; k++) {
        med[k] = bench_samples_median(&times[k]);
        printf("%-17s median %10.2f ms  (%d runs)\n", impl[k], med[k] / 1e6, iters);
    }
    printf("%ld x %ld rows, result %s\nnested_loop_keys / hash_join = %.1fx\n", rows, rows, result[0],
           med[1] / med[0]);
    bench_samples_free(&times[0]);
    bench_samples_free(&times[1]);
    sunstone_close(db);
    return 0;
}
