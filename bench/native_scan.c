/* native_scan.c — the native backend's scans against the memory backend's, in one process on
 * the same rows: the seed's table t(a, b, c, d) (as bench_scan_ab builds it) in a native
 * database file and in an in-memory database, then
 *   1. the seed's analytic query, once cached (warm-up rounds first), alternating the two
 *      databases: medians and the ratio native / memory (issue 11's bar: within 1.5x);
 *   2. a zone-map-selective query on the clustered column a (a BETWEEN lo AND hi, 0.1% of the
 *      rows) on native with sunstone.zone_map_pushdown on and off, alternating, with the row
 *      groups EXPLAIN ANALYZE reports read and skipped, and on memory for reference.
 * Both sides must answer alike (exit 1 otherwise).
 * Usage: bench_native_scan [rows (default 10000000)] [runs (default 11)] [database file
 *        (default /tmp/bench_native_scan.db, removed first)] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ab_run.h"
#include "bench_util.h"

static const char *const ANALYTIC = "SELECT count(*), sum(b*2+d), sum(c*1.1) FROM t WHERE b % 7 = 3 AND c < 900";

/* The scan line of EXPLAIN ANALYZE of sql (its "Row Groups: ..." part), into out. */
static void scan_line(sunstone *db, const char *sql, char *out, size_t outlen)
{
    char explain[512];
    snprintf(explain, sizeof explain, "EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) %s", sql);
    sunstone_stmt *st;
    ab_must(db, sunstone_prepare(db, explain, -1, &st, NULL), "prepare explain");
    snprintf(out, outlen, "(no row group line)");
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        const char *line = sunstone_column_text(st, 0);
        const char *at = line ? strstr(line, "Row Groups:") : NULL;
        if (at) {
            const char *end = strstr(at, " (actual");
            int len = end ? (int)(end - at) : (int)strlen(at);
            snprintf(out, outlen, "%.*s", len, at);
        }
    }
    ab_must(db, rc, "step explain");
    sunstone_finalize(st);
}

/* runs rounds of sql on db[0] then db[1] (after `set[k]`, when given) with warmups first:
   medians into ns[], exits when the answers differ. */
static void alternate(sunstone *const db[2], const char *const set[2], const char *sql, int warmups, int runs,
                      double ns[2], char *answer, size_t answerlen)
{
    bench_samples s[2];
    char got[2][256];
    for (int k = 0; k < 2; k++)
        bench_samples_init(&s[k], (size_t)runs);
    for (int i = 0; i < warmups + runs; i++) {
        for (int k = 0; k < 2; k++) {
            if (set && set[k])
                ab_exec(db[k], set[k]);
            double t = ab_run_once(db[k], sql, got[k], sizeof got[k]);
            if (i >= warmups)
                bench_samples_add(&s[k], t);
        }
        if (strcmp(got[0], got[1]) != 0) {
            fprintf(stderr, "answers differ for %s: %s against %s\n", sql, got[0], got[1]);
            exit(1);
        }
    }
    for (int k = 0; k < 2; k++) {
        ns[k] = bench_samples_median(&s[k]);
        bench_samples_free(&s[k]);
    }
    snprintf(answer, answerlen, "%s", got[0]);
}

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 10000000;
    int runs = argc > 2 ? atoi(argv[2]) : 11;
    const char *path = argc > 3 ? argv[3] : "/tmp/bench_native_scan.db";
    char wal[4096];
    snprintf(wal, sizeof wal, "%s-wal", path);
    unlink(path);
    unlink(wal);
    sunstone *native = NULL, *memory = NULL;
    int rc = sunstone_open(path, &native);
    ab_must(native, rc, "open the native database");
    rc = sunstone_open(NULL, &memory);
    ab_must(memory, rc, "open the in-memory database");

    double t0 = bench_now_ns();
    ab_seed_table(native, "t", "native", rows);
    ab_exec(native, "CHECKPOINT");
    double t1 = bench_now_ns();
    ab_seed_table(memory, "t", "memory", rows);
    double t2 = bench_now_ns();
    printf("built t with %ld rows: native %.1f s (with CHECKPOINT), memory %.1f s\n", rows, (t1 - t0) / 1e9,
           (t2 - t1) / 1e9);

    sunstone *const both[2] = {native, memory};
    double ns[2];
    char answer[256];
    alternate(both, NULL, ANALYTIC, 2, runs, ns, answer, sizeof answer);
    printf("analytic query: %s\n  result %s\n", ANALYTIC, answer);
    printf("  native median %9.2f ms  %6.2f ns/row\n", ns[0] / 1e6, ns[0] / (double)rows);
    printf("  memory median %9.2f ms  %6.2f ns/row\n", ns[1] / 1e6, ns[1] / (double)rows);
    printf("  native / memory = %.2fx  (%d runs after 2 warm-ups)\n", ns[0] / ns[1], runs);

    long lo = rows / 2, hi = rows / 2 + rows / 1000;
    char selective[256];
    snprintf(selective, sizeof selective, "SELECT count(*), sum(b) FROM t WHERE a BETWEEN %ld AND %ld", lo, hi);
    sunstone *const twice[2] = {native, native};
    const char *const set[2] = {"SET sunstone.zone_map_pushdown = on", "SET sunstone.zone_map_pushdown = off"};
    alternate(twice, set, selective, 2, runs, ns, answer, sizeof answer);
    char on_line[256], off_line[256];
    ab_exec(native, set[0]);
    scan_line(native, selective, on_line, sizeof on_line);
    ab_exec(native, set[1]);
    scan_line(native, selective, off_line, sizeof off_line);
    ab_exec(native, set[0]);
    char mem_answer[256];
    double mem_ns = ab_median(memory, selective, runs, mem_answer, sizeof mem_answer);
    if (strcmp(mem_answer, answer) != 0) {
        fprintf(stderr, "answers differ for %s: native %s, memory %s\n", selective, answer, mem_answer);
        return 1;
    }
    printf("zone-map-selective query: %s\n  result %s\n", selective, answer);
    printf("  native, pushdown on  median %9.3f ms  %s\n", ns[0] / 1e6, on_line);
    printf("  native, pushdown off median %9.3f ms  %s\n", ns[1] / 1e6, off_line);
    printf("  memory               median %9.3f ms\n", mem_ns / 1e6);
    printf("  off / on = %.1fx  (%d runs after 2 warm-ups)\n", ns[1] / ns[0], runs);
    sunstone_close(native);
    sunstone_close(memory);
    unlink(path);
    unlink(wal);
    return 0;
}
