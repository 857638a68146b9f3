/* peer_sqlite.c — in-process peer benchmark of Sunstone against SQLite 3: builds the same data
 * in both engines, checks that both give the same answers, then times each query
 * (prepare + step to the end + finalize, every column read as text) in alternating runs and
 * prints per-engine medians and the ratio sunstone/sqlite (below 1: Sunstone is faster).
 * Exits non-zero on any engine error or any difference between the engines' answers.
 * Usage: bench_peer_sqlite [rows (default 1048576)] [analytic runs (default 21)]
 *                          [point runs (default 2001)] */
#include <stdio.h>
#include <stdlib.h>

#include "bench_util.h"
#include "peer_engine.h"
#include "peer_fixture.h"
#include "peer_run.h"

#define CUSTOMERS 200
#define PREPARED_ROWS_MAX 131072L
#define ANALYTIC_WARMUPS 2
#define POINT_WARMUPS 200

typedef struct bench_case {
    const char *name;
    const char *sql;
    int id_range;
    bool ordered;
    bool per_row; /* reads the whole table t: also report ns per table row */
    bool point;   /* point-ish: many short runs */
} bench_case;

static const bench_case cases[] = {
    {"seed analytic (filter+3 aggs)",
     "SELECT count(*), sum(b*2+d), sum(c*1.1) FROM t WHERE b % 7 = 3 AND c < 900", 0, true, true, false},
    {"group by d (100 groups)", "SELECT d, count(*), sum(b), min(c), max(c) FROM t GROUP BY d ORDER BY d", 0,
     true, true, false},
    {"order by b desc, a limit 20 off 100", "SELECT a, b FROM t ORDER BY b DESC, a LIMIT 20 OFFSET 100", 0, true,
     true, false},
    {"filter b = 42 (0.1% rows)", "SELECT a, c * 2 FROM t WHERE b = 42", 0, false, true, false},
    {"filter d = 42 (1% rows)", "SELECT a, c * 2 FROM t WHERE d = 42", 0, false, true, false},
    {"point id={id} (PK index)", "SELECT * FROM customers WHERE id = {id}", CUSTOMERS, true, false, true},
    {"point id={id} (no index either)", "SELECT * FROM customers_noix WHERE id = {id}", CUSTOMERS, true, false,
     true},
    {"group by region (200 rows)", "SELECT region, count(*), sum(age) FROM customers GROUP BY region", 0, false,
     false, true},
    /* the workload's window category as ../shared/bench-workload.md writes it (the seed: 74 µs);
       no two customers of one region share an age among ids 1..100, so ROW_NUMBER is the same
       in both engines */
    {"window: row_number/rank/sum over",
     "SELECT name, age, region, ROW_NUMBER() OVER (PARTITION BY region ORDER BY age DESC) AS rn, "
     "RANK() OVER (PARTITION BY region ORDER BY age DESC) AS rnk, SUM(age) OVER (PARTITION BY region) AS "
     "region_total FROM customers WHERE id <= 100",
     0, false, false, true},
};

static void print_load(const char *what, const double ns[2], long rows)
{
    printf("%-40s %12.1f %12.1f %8.2fx %9.1f %9.1f %7ld\n", what, ns[0] / 1e3, ns[1] / 1e3, ns[0] / ns[1],
           ns[0] / (double)rows, ns[1] / (double)rows, rows);
}

int main(int argc, char **argv)
{
    long rows = argc > 1 ? atol(argv[1]) : 1048576;
    int analytic_runs = argc > 2 ? atoi(argv[2]) : 21;
    int point_runs = argc > 3 ? atoi(argv[3]) : 2001;
    if (rows < 1 || analytic_runs < 1 || point_runs < 1) {
        fprintf(stderr, "usage: %s [rows] [analytic runs] [point runs]\n", argv[0]);
        return 2;
    }
    peer_side side[2];
    char date[32];
    if (peer_sides_open(side, &peer_engine_sqlite, date, sizeof date) != 0)
        return 1;
    printf("peer benchmark: sunstone %s vs sqlite %s, in-memory, same process, %s\n",
           side[0].engine->version(), side[1].engine->version(), date);
    printf("t: %ld rows; medians of %d runs (analytic, %d warm-ups) / %d runs (point-ish, %d warm-ups)\n\n", rows,
           analytic_runs, ANALYTIC_WARMUPS, point_runs, POINT_WARMUPS);

    int status = 0;
    /* Loads: each engine builds t by INSERT ... SELECT doubling (its fastest path measured), and a
     * side table row by row through a prepared INSERT, to show per-row insert cost. */
    long prepared_rows = rows < PREPARED_ROWS_MAX ? rows : PREPARED_ROWS_MAX;
    double load_ns[2], prepared_ns[2];
    for (int k = 0; k < 2; k++) {
        load_ns[k] = fixture_build_t_doubling(side[k].engine, side[k].db, "t", rows);
        prepared_ns[k] = fixture_build_t_prepared(side[k].engine, side[k].db, "t_ins", prepared_rows);
        if (load_ns[k] < 0 || prepared_ns[k] < 0 ||
            fixture_build_customers(side[k].engine, side[k].db, "customers", CUSTOMERS,
                                    side[k].engine->has_primary_keys) != 0 ||
            fixture_build_customers(side[k].engine, side[k].db, "customers_noix", CUSTOMERS, false) != 0)
            return 1;
    }
    /* The data must be the same before any timing means anything. */
    const char *data_checks[] = {
        "SELECT count(*), sum(a), sum(b), sum(c), sum(d), min(a), max(a) FROM t",
        "SELECT count(*), sum(a), sum(b), sum(c), sum(d), min(a), max(a) FROM t_ins",
        "SELECT count(*), sum(id), sum(age), min(name), max(region) FROM customers",
        "SELECT count(*), sum(id), sum(age), min(name), max(region) FROM customers_noix",
    };
    for (size_t i = 0; i < sizeof data_checks / sizeof data_checks[0]; i++)
        if (peer_cross_check(side, data_checks[i], true) != 0)
            return 1;
    for (int k = 0; k < 2; k++)
        if (side[k].engine->exec(side[k].db, "DROP TABLE t_ins") != 0)
            return 1;

    printf("%-40s %12s %12s %9s %9s %9s %7s\n", "load (one run each)", "sunstone µs", "sqlite µs", "ratio",
           "ss ns/row", "sl ns/row", "rows");
    print_load("t: INSERT ... SELECT doubling", load_ns, rows);
    print_load("t_ins: prepared INSERT, row by row (1)", prepared_ns, prepared_rows);
    printf("(1) both inside one transaction\n\n");

    printf("%-40s %12s %12s %9s %9s %9s %7s\n", "query", "sunstone µs", "sqlite µs", "ratio", "ss ns/row",
           "sl ns/row", "rows");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bench_case *c = &cases[i];
        peer_query q = {
            .name = c->name,
            .sql = c->sql,
            .id_range = c->id_range,
            .ordered = c->ordered,
            .warmups = c->point ? POINT_WARMUPS : ANALYTIC_WARMUPS,
            .iters = c->point ? point_runs : analytic_runs,
        };
        peer_result r;
        if (peer_run_query(side, &q, &r) != 0) {
            fprintf(stderr, "FAILED: %s\n", c->name);
            status = 1;
            continue;
        }
        printf("%-40s %12.1f %12.1f %8.2fx", c->name, r.median_ns[0] / 1e3, r.median_ns[1] / 1e3,
               r.median_ns[0] / r.median_ns[1]);
        if (c->per_row)
            printf(" %9.2f %9.2f", r.median_ns[0] / (double)rows, r.median_ns[1] / (double)rows);
        else
            printf(" %9s %9s", "-", "-");
        printf(" %7zu\n", r.rows);
        fflush(stdout);
    }
    printf("\nratio = sunstone / sqlite median (below 1: sunstone faster); ns/row = median / rows of t.\n"
           "customers has a PRIMARY KEY in both engines, customers_noix (%d rows) none in either.\n",
           CUSTOMERS);
    for (int k = 0; k < 2; k++)
        side[k].engine->close(side[k].db);
    if (status != 0)
        fprintf(stderr, "bench_peer_sqlite: FAILED (see above)\n");
    return status;
}
