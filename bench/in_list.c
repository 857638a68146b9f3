/* in_list.c — bench_in_list: long IN lists, Sunstone against SQLite 3 in the same process.
 * The query is issue 5's `SELECT a FROM t WHERE a IN (0, 1, ..., n-1)` with n = 100000 and
 * n = 1000, on the peer benchmark's table t (a = 0..rows-1) at 1M rows and on a small copy.
 * Each timed run prepares the statement (parse + plan: timed as "prepare"), steps it to the
 * last row reading every column as text ("run"), and finalizes it; the engines alternate
 * which goes first.  Both answers are compared cell by cell before timing, and every timed
 * run must return the same rows as the first.  Prints medians in microseconds and the ratio
 * sunstone / sqlite (below 1: Sunstone is faster).  Exits non-zero on any error or mismatch.
 * Usage: bench_in_list [rows (default 1048576)] [runs (default 21)] [small rows (default 1024)] */
#include <stdio.h>
#include <stdlib.h>

#include "bench_util.h"
#include "peer_engine.h"
#include "peer_fixture.h"
#include "peer_run.h"

#define WARMUPS 2

typedef struct timing {
    double prepare_ns[2], run_ns[2];
    size_t rows;
} timing;

/* "SELECT a FROM table WHERE a IN (0, 1, ..., n-1)", malloc'd. */
static char *in_sql(const char *table, int n)
{
    size_t cap = (size_t)n * 12 + 64;
    char *sql = malloc(cap);
    if (!sql)
        bench_die("out of memory");
    size_t off = (size_t)snprintf(sql, cap, "SELECT a FROM %s WHERE a IN (", table);
    for (int i = 0; i < n; i++)
        off += (size_t)snprintf(sql + off, cap - off, "%s%d", i ? ", " : "", i);
    snprintf(sql + off, cap - off, ")");
    return sql;
}

static int time_query(const peer_side side[2], const char *name, const char *sql, int iters, timing *out)
{
    if (peer_cross_check(side, sql, false) != 0)
        return -1;
    bench_samples prep[2], run[2];
    for (int k = 0; k < 2; k++) {
        bench_samples_init(&prep[k], (size_t)iters);
        bench_samples_init(&run[k], (size_t)iters);
    }
    peer_consumed first[2] = {{0, 0}, {0, 0}};
    int status = 0;
    for (int i = 0; i < WARMUPS + iters && status == 0; i++) {
        peer_consumed got[2] = {{0, 0}, {0, 0}};
        for (int j = 0; j < 2 && status == 0; j++) {
            int k = (i + j) % 2; /* alternate which engine goes first */
            const peer_engine *e = side[k].engine;
            double t0 = bench_now_ns();
            void *st = e->query_prepare(side[k].db, sql);
            double t1 = bench_now_ns();
            if (!st) {
                status = -1;
                break;
            }
            int rc = e->query_run(st, &got[k]);
            double t2 = bench_now_ns();
            e->query_finish(st);
            if (rc != 0) {
                status = -1;
                break;
            }
            if (i >= WARMUPS) {
                bench_samples_add(&prep[k], t1 - t0);
                bench_samples_add(&run[k], t2 - t1);
            }
        }
        if (status != 0)
            break;
        status = peer_check_run(side, name, i, true, got, first);
        out->rows = got[0].rows;
    }
    for (int k = 0; k < 2; k++) {
        out->prepare_ns[k] = bench_samples_median(&prep[k]);
        out->run_ns[k] = bench_samples_median(&run[k]);
        bench_samples_free(&prep[k]);
        bench_samples_free(&run[k]);
    }
    return status;
}

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 1048576;
    int runs = argc > 2 ? atoi(argv[2]) : 21;
    long small = argc > 3 ? atol(argv[3]) : 1024;
    if (rows < 1 || runs < 1 || small < 1) {
        fprintf(stderr, "usage: %s [rows] [runs] [small rows]\n", argv[0]);
        return 2;
    }
    peer_side side[2];
    char date[32];
    if (peer_sides_open(side, &peer_engine_sqlite, date, sizeof date) != 0)
        return 1;
    printf("IN-list benchmark: sunstone %s vs sqlite %s, in-memory, same process, %s\n",
           side[0].engine->version(), side[1].engine->version(), date);
    printf("SELECT a FROM <table> WHERE a IN (0, 1, ..., n-1); medians of %d runs (%d warm-ups), µs\n\n", runs,
           WARMUPS);
    const char *tables[2] = {"t", "t_small"};
    long sizes[2] = {rows, small};
    for (int k = 0; k < 2; k++)
        for (int t = 0; t < 2; t++)
            if (fixture_build_t_doubling(side[k].engine, side[k].db, tables[t], sizes[t]) < 0)
                return 1;
    for (int t = 0; t < 2; t++) {
        char check[128];
        snprintf(check, sizeof check, "SELECT count(*), sum(a), min(a), max(a) FROM %s", tables[t]);
        if (peer_cross_check(side, check, true) != 0)
            return 1;
    }

    printf("%-8s %8s %7s | %12s %12s %7s | %12s %12s %7s\n", "rows", "n", "result", "ss prepare", "sl prepare",
           "ratio", "ss run", "sl run", "ratio");
    int status = 0;
    const int lists[2] = {100000, 1000};
    for (int t = 0; t < 2; t++)
        for (int l = 0; l < 2; l++) {
            char *sql = in_sql(tables[t], lists[l]);
            char name[64];
            snprintf(name, sizeof name, "%s, %d items", tables[t], lists[l]);
            timing r;
            if (time_query(side, name, sql, runs, &r) != 0) {
                fprintf(stderr, "FAILED: %s\n", name);
                status = 1;
            } else {
                printf("%-8ld %8d %7zu | %12.1f %12.1f %6.2fx | %12.1f %12.1f %6.2fx\n", sizes[t], lists[l], r.rows,
                       r.prepare_ns[0] / 1e3, r.prepare_ns[1] / 1e3, r.prepare_ns[0] / r.prepare_ns[1],
                       r.run_ns[0] / 1e3, r.run_ns[1] / 1e3, r.run_ns[0] / r.run_ns[1]);
                fflush(stdout);
            }
            free(sql);
        }
    printf("\nprepare = parse + plan; run = step to the last row, every column read as text.\n"
           "ratio = sunstone / sqlite (below 1: sunstone faster).\n");
    for (int k = 0; k < 2; k++)
        side[k].engine->close(side[k].db);
    if (status != 0)
        fprintf(stderr, "bench_in_list: FAILED (see above)\n");
    return status;
}
