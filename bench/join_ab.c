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

#include "ab_run.h"

/* Fills table `name` (k int, x int) with rows 0..rows-1: k = i * mult % rows, x = i % 100. */
static void fill(sunstone *db, const char *name, long rows, long mult)
{
    char sql[256];
    snprintf(sql, sizeof sql, "CREATE TABLE %s_seq (i int)", name);
    ab_must(db, sunstone_exec(db, sql, NULL, NULL), "create");
    snprintf(sql, sizeof sql, "INSERT INTO %s_seq VALUES (0)", name);
    ab_must(db, sunstone_exec(db, sql, NULL, NULL), "seed");
    for (long have = 1; have < rows; have *= 2) {
        snprintf(sql, sizeof sql, "INSERT INTO %s_seq SELECT i + %ld FROM %s_seq WHERE i + %ld < %ld", name, have,
                 name, have, rows);
        ab_must(db, sunstone_exec(db, sql, NULL, NULL), "grow");
    }
    snprintf(sql, sizeof sql, "CREATE TABLE %s (k int, %s int)", name, name[0] == 'a' ? "v" : "w");
    ab_must(db, sunstone_exec(db, sql, NULL, NULL), "create");
    snprintf(sql, sizeof sql, "INSERT INTO %s SELECT (i::int8 * %ld %% %ld)::int, i %% 100 FROM %s_seq", name, mult,
             rows, name);
    ab_must(db, sunstone_exec(db, sql, NULL, NULL), "fill");
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
    ab_must(db, rc, "open");
    fill(db, "a", rows, 1);
    fill(db, "b", rows, 3); /* a permutation of 0..rows-1 whenever rows is not a multiple of 3 */
    const char *const impl[2] = {"hash_join", "nested_loop_keys"};
    ab_result r;
    /* one warm-up round */
    ab_run(db, "sunstone.operator_hash_join", impl, "SELECT count(*), sum(a.v + b.w) FROM a JOIN b ON a.k = b.k", 1,
           iters, &r);
    for (int k = 0; k < 2; k++)
        printf("%-17s median %10.2f ms  (%d runs)\n", impl[k], r.median_ns[k] / 1e6, iters);
    printf("%ld x %ld rows, result %s\nnested_loop_keys / hash_join = %.1fx\n", rows, rows, r.answer,
           r.median_ns[1] / r.median_ns[0]);
    sunstone_close(db);
    return 0;
}
