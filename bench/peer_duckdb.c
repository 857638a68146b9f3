/* peer_duckdb.c — the query-engine benchmark: Sunstone against DuckDB (1 thread) and, for the
 * join, SQLite 3, all in memory in the same process, on the four measurements the query-engine
 * issue sets:
 *   - a 1M x 100k equi-join with a selective filter (against DuckDB and SQLite);
 *   - SELECT b, c, d FROM a ORDER BY c DESC, b LIMIT 10 over the 10M-row table a;
 *   - SELECT b % 100000, count(*), sum(d) FROM a GROUP BY 1 (100k groups; also wrapped in an
 *     outer count so the 100k result rows' text conversion is left out);
 *   - an ungrouped aggregate over a.
 * Every answer is cross-checked between the engines before anything is timed; then the
 * engines run alternately and the medians and ratios (sunstone / peer, below 1: Sunstone is
 * faster) are printed.  Exits non-zero on any engine error or difference.
 * Usage: DUCKDB_LIB=path/libduckdb.so bench_peer_duckdb [rows of a (default 10000000)]
 *        [runs (default 11)] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench_util.h"
#include "peer_engine.h"
#include "peer_run.h"

#define FACT_ROWS 1000000L
#define DIM_ROWS 100000L
#define WARMUPS 2

enum { SUNSTONE, DUCKDB, SQLITE, NENGINES };

typedef struct bench_case {
    const char *name;
    const char *sql;
    bool ordered;
    bool with_sqlite; /* SQLite holds only the join's tables */
} bench_case;

static const bench_case cases[] = {
    {"join 1M x 100k, dim.w < 10 (1%)",
     "SELECT count(*), sum(f.v + dim.w) FROM f JOIN dim ON f.k = dim.k WHERE dim.w < 10", true, true},
    {"order by c desc, b limit 10", "SELECT b, c, d FROM a ORDER BY c DESC, b LIMIT 10", true, false},
    {"group by b % 100000 (100k rows out)", "SELECT b % 100000, count(*), sum(d) FROM a GROUP BY 1", false, false},
    {"same, counted (no rows out)",
     "SELECT count(*), sum(g), max(n), min(s), max(s) FROM (SELECT b % 100000 AS g, count(*) AS n, sum(d) AS s FROM a GROUP BY 1) x",
     true, false},
    {"ungrouped count/sum/min/max", "SELECT count(*), sum(d), min(b), max(c) FROM a", true, false},
};

static int exec_all(const peer_engine *e, void *db, const char *const *sql, int n)
{
    for (int i = 0; i < n; i++)
        if (e->exec(db, sql[i]) != 0)
            return -1;
    return 0;
}

/* seq(i int) holding 0..rows-1, by INSERT ... SELECT doubling (the same SQL in every engine). */
static int build_seq(const peer_engine *e, void *db, long rows)
{
    const char *setup[] = {"DROP TABLE IF EXISTS seq", "CREATE TABLE seq (i int)", "INSERT INTO seq VALUES (0)"};
    if (exec_all(e, db, setup, 3) != 0)
        return -1;
    char sql[256];
    for (long have = 1; have < rows; have *= 2) {
        snprintf(sql, sizeof sql, "INSERT INTO seq SELECT i + %ld FROM seq WHERE i + %ld < %ld", have, have, rows);
        if (e->exec(db, sql) != 0)
            return -1;
    }
    return 0;
}

/* f(k, v): 1M rows, k = i % 100k (each dim row matches 10); dim(k, w): 100k rows, w = k % 1000.
 * With big: a(a, b, c, d) of rows rows, b a permutation of 0..rows-1 (7919 is prime, so
 * coprime to rows when rows is a power of ten), c = i*13 % 1000 as float8 (many ties, broken by
 * b), d = i % 100. */
static int build(const peer_engine *e, void *db, long rows, bool big)
{
    char sql[512];
    const char *join_tables[] = {
        "CREATE TABLE f (k int, v int)",
        "CREATE TABLE dim (k int, w int)",
        "INSERT INTO f SELECT i % 100000, i % 7 FROM seq WHERE i < 1000000",
        "INSERT INTO dim SELECT i, i % 1000 FROM seq WHERE i < 100000",
    };
    if (build_seq(e, db, big && rows > FACT_ROWS ? rows : FACT_ROWS) != 0 || exec_all(e, db, join_tables, 4) != 0)
        return -1;
    if (!big)
        return e->exec(db, "DROP TABLE seq");
    snprintf(sql, sizeof sql,
             "INSERT INTO a SELECT i, CAST(CAST(i AS int8) * 7919 %% %ld AS int), CAST(i * 13 %% 1000 AS float8), "
             "i %% 100 FROM seq WHERE i < %ld",
             rows, rows);
    const char *big_table[] = {"CREATE TABLE a (a int, b int, c float8, d int)", sql, "DROP TABLE seq"};
    return exec_all(e, db, big_table, 3);
}

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 10000000;
    int runs = argc > 2 ? atoi(argv[2]) : 11;
    if (rows < 1 || runs < 1) {
        fprintf(stderr, "usage: %s [rows of a] [runs]\n", argv[0]);
        return 2;
    }
    const peer_engine *engines[NENGINES] = {&peer_engine_sunstone, &peer_engine_duckdb, &peer_engine_sqlite};
    void *db[NENGINES];
    for (int k = 0; k < NENGINES; k++) {
        if ((db[k] = engines[k]->open()) == NULL)
            return 1;
        double t0 = bench_now_ns();
        if (build(engines[k], db[k], rows, k != SQLITE) != 0)
            return 1;
        printf("%-8s %s: tables built in %.1f s\n", engines[k]->name, engines[k]->version(),
               (bench_now_ns() - t0) / 1e9);
    }
    time_t now = time(NULL);
    char date[32];
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    printf("in-memory, same process, DuckDB with threads = 1, %s; a: %ld rows, f: %ld, dim: %ld;\n"
           "medians of %d runs after %d warm-ups\n\n",
           date, rows, FACT_ROWS, DIM_ROWS, runs, WARMUPS);
    printf("%-40s %8s %12s %12s %9s\n", "query", "peer", "sunstone ms", "peer ms", "ratio");
    int status = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bench_case *c = &cases[i];
        for (int peer = DUCKDB; peer <= SQLITE; peer++) {
            if (peer == SQLITE && !c->with_sqlite)
                continue;
            peer_side side[2] = {{engines[SUNSTONE], db[SUNSTONE]}, {engines[peer], db[peer]}};
            peer_query q = {
                .name = c->name, .sql = c->sql, .ordered = c->ordered, .warmups = WARMUPS, .iters = runs};
            peer_result r;
            if (peer_run_query(side, &q, &r) != 0) {
                fprintf(stderr, "FAILED: %s against %s\n", c->name, engines[peer]->name);
                status = 1;
                continue;
            }
            printf("%-40s %8s %12.2f %12.2f %8.2fx\n", c->name, engines[peer]->name, r.median_ns[0] / 1e6,
                   r.median_ns[1] / 1e6, r.median_ns[0] / r.median_ns[1]);
            fflush(stdout);
        }
    }
    printf("\nratio = sunstone / peer median (below 1: sunstone faster).\n");
    for (int k = 0; k < NENGINES; k++)
        engines[k]->close(db[k]);
    if (status != 0)
        fprintf(stderr, "bench_peer_duckdb: FAILED (see above)\n");
    return status;
}
