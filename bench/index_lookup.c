/* index_lookup.c — bench_index_lookup: point lookups by primary key (issue 9's bar).  One
 * table t(id int PRIMARY KEY, v int, s text) of `rows` rows in Sunstone and the same in
 * SQLite 3 (id INTEGER PRIMARY KEY), both in memory in this process.  Times, as medians of
 * per-lookup nanoseconds over samples of many lookups with pseudo-random ids:
 *   1. Sunstone's prepared `SELECT id, v, s FROM t WHERE id = $1` (sunstone_prepare / bind /
 *      step / reset), which the planner answers through t_pkey (checked with EXPLAIN);
 *   2. the same statement run under `SET enable_indexscan = off` (a sequential scan);
 *   3. SQLite's prepared lookup of the same statement (sqlite3_prepare_v2 / bind / step /
 *      reset), alternating with 1 sample by sample.
 * Every lookup's row is checked (v = id % 1000, s = 's' || id).  Prints the medians and the
 * ratios seq / index and sunstone / sqlite (below 1: Sunstone is faster).  Exits non-zero on
 * any error or wrong answer.
 * Usage: bench_index_lookup [rows (default 1048576)] [samples (default 51)] [lookups per
 * sample (default 2000)] */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "sunstone.h"

static long g_rows;

static void ss_check(sunstone *db, int rc, const char *what)
{
    if (rc != SUNSTONE_OK) {
        fprintf(stderr, "sunstone: %s: %s\n", what, sunstone_errmsg(db));
        exit(1);
    }
}

static void sq_check(sqlite3 *db, int rc, const char *what)
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "sqlite: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static uint64_t g_seed = 88172645463325252ull;
static long next_id(void)
{
    g_seed ^= g_seed << 13;
    g_seed ^= g_seed >> 7;
    g_seed ^= g_seed << 17;
    return 1 + (long)(g_seed % (uint64_t)g_rows);
}

static void check_row(long id, long v, const char *s)
{
    char want[32];
    snprintf(want, sizeof want, "s%ld", id);
    if (v != id % 1000 || !s || strcmp(s, want) != 0) {
        fprintf(stderr, "wrong row for id %ld: v=%ld s=%s\n", id, v, s ? s : "(null)");
        exit(1);
    }
}

static void ss_lookup(sunstone *db, sunstone_stmt *st, long id)
{
    ss_check(db, sunstone_bind_int64(st, 1, id), "bind");
    if (sunstone_step(st) != SUNSTONE_ROW) {
        fprintf(stderr, "sunstone: no row for id %ld: %s\n", id, sunstone_errmsg(db));
        exit(1);
    }
    check_row(sunstone_column_int64(st, 0), sunstone_column_int64(st, 1), sunstone_column_text(st, 2));
    if (sunstone_step(st) != SUNSTONE_DONE) {
        fprintf(stderr, "sunstone: more than one row for id %ld\n", id);
        exit(1);
    }
    ss_check(db, sunstone_reset(st), "reset");
}

static void sq_lookup(sqlite3 *db, sqlite3_stmt *st, long id)
{
    sq_check(db, sqlite3_bind_int64(st, 1, id), "bind");
    if (sqlite3_step(st) != SQLITE_ROW) {
        fprintf(stderr, "sqlite: no row for id %ld\n", id);
        exit(1);
    }
    check_row(sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1), (const char *)sqlite3_column_text(st, 2));
    sq_check(db, sqlite3_step(st), "step");
    sqlite3_reset(st);
}

static int print_row(void *arg, int ncols, const char *const *values, const char *const *names)
{
    (void)names;
    bool *found = arg;
    for (int i = 0; i < ncols; i++)
        if (values[i] && strstr(values[i], "index_scan"))
            *found = true;
    return 0;
}

int main(int argc, char **argv)
{
    g_rows = argc > 1 ? atol(argv[1]) : 1048576;
    int samples = argc > 2 ? atoi(argv[2]) : 51;
    int per = argc > 3 ? atoi(argv[3]) : 2000;
    if (g_rows < 1 || samples < 1 || per < 1) {
        fprintf(stderr, "usage: %s [rows] [samples] [lookups per sample]\n", argv[0]);
        return 2;
    }
    char sql[256];
    sunstone *sdb = NULL;
    ss_check(sdb, sunstone_open(NULL, &sdb), "open");
    ss_check(sdb, sunstone_exec(sdb, "CREATE TABLE t (id int PRIMARY KEY, v int, s text)", NULL, NULL), "create");
    snprintf(sql, sizeof sql, "INSERT INTO t SELECT g, g %% 1000, 's' || g FROM generate_series(1, %ld) g", g_rows);
    double t0 = bench_now_ns();
    ss_check(sdb, sunstone_exec(sdb, sql, NULL, NULL), "insert");
    double load_ss = bench_now_ns() - t0;

    sqlite3 *qdb = NULL;
    sq_check(qdb, sqlite3_open(":memory:", &qdb), "open");
    sq_check(qdb, sqlite3_exec(qdb, "CREATE TABLE t (id INTEGER PRIMARY KEY, v int, s text)", NULL, NULL, NULL),
             "create");
    snprintf(sql, sizeof sql,
             "WITH RECURSIVE g(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM g WHERE x < %ld) "
             "INSERT INTO t SELECT x, x %% 1000, 's' || x FROM g",
             g_rows);
    t0 = bench_now_ns();
    sq_check(qdb, sqlite3_exec(qdb, sql, NULL, NULL, NULL), "insert");
    double load_sq = bench_now_ns() - t0;

    const char *q = "SELECT id, v, s FROM t WHERE id = $1";
    bool uses_index = false;
    ss_check(sdb, sunstone_exec(sdb, "EXPLAIN SELECT id, v, s FROM t WHERE id = 42", print_row, &uses_index), "explain");
    if (!uses_index) {
        fprintf(stderr, "the point lookup does not use the index\n");
        return 1;
    }
    sunstone_stmt *ss_idx = NULL, *ss_seq = NULL;
    ss_check(sdb, sunstone_prepare(sdb, q, -1, &ss_idx, NULL), "prepare");
    sqlite3_stmt *sq = NULL;
    sq_check(qdb, sqlite3_prepare_v2(qdb, "SELECT id, v, s FROM t WHERE id = ?1", -1, &sq, NULL), "prepare");

    bench_samples s_idx, s_sq, s_seq;
    bench_samples_init(&s_idx, (size_t)samples);
    bench_samples_init(&s_sq, (size_t)samples);
    bench_samples_init(&s_seq, (size_t)samples);
    for (int i = -2; i < samples; i++) { /* two warm-up samples */
        for (int j = 0; j < 2; j++) {
            bool sun = (i + j) % 2 == 0; /* alternate which engine goes first */
            t0 = bench_now_ns();
            for (int k = 0; k < per; k++) {
                if (sun)
                    ss_lookup(sdb, ss_idx, next_id());
                else
                    sq_lookup(qdb, sq, next_id());
            }
            double ns = (bench_now_ns() - t0) / per;
            if (i >= 0)
                bench_samples_add(sun ? &s_idx : &s_sq, ns);
        }
    }
    /* the sequential scan reads every row per lookup: fewer of them */
    int seq_samples = samples < 11 ? samples : 11;
    uses_index = false;
    ss_check(sdb, sunstone_exec(sdb, "SET enable_indexscan = off", NULL, NULL), "set");
    ss_check(sdb, sunstone_exec(sdb, "EXPLAIN SELECT id, v, s FROM t WHERE id = 42", print_row, &uses_index), "explain");
    if (uses_index) {
        fprintf(stderr, "enable_indexscan = off still uses the index\n");
        return 1;
    }
    ss_check(sdb, sunstone_prepare(sdb, q, -1, &ss_seq, NULL), "prepare");
    for (int i = -1; i < seq_samples; i++) {
        t0 = bench_now_ns();
        ss_lookup(sdb, ss_seq, next_id());
        double ns = bench_now_ns() - t0;
        if (i >= 0)
            bench_samples_add(&s_seq, ns);
    }
    double idx = bench_samples_median(&s_idx), sqm = bench_samples_median(&s_sq), seq = bench_samples_median(&s_seq);
    printf("t: %ld rows (load: sunstone %.0f ms, sqlite %.0f ms); medians of %d samples x %d lookups\n", g_rows,
           load_ss / 1e6, load_sq / 1e6, samples, per);
    printf("  sunstone prepared PK lookup (index scan)      %10.0f ns\n", idx);
    printf("  sunstone same, enable_indexscan = off (seq)  %10.0f ns  (median of %d)\n", seq, seq_samples);
    printf("  sqlite   prepared PK lookup                   %10.0f ns\n", sqm);
    printf("  seq / index: %.0fx   sunstone / sqlite: %.2f\n", seq / idx, idx / sqm);
    sunstone_finalize(ss_idx);
    sunstone_finalize(ss_seq);
    sqlite3_finalize(sq);
    sqlite3_close(qdb);
    sunstone_close(sdb);
    bench_samples_free(&s_idx);
    bench_samples_free(&s_sq);
    bench_samples_free(&s_seq);
    return 0;
}
