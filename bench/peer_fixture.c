/* peer_fixture.c — creates and loads the peer benchmark's tables in one engine, the same
 * values in every engine (see peer_fixture.h), and times the loads. */
#include "peer_fixture.h"

#include <stdio.h>

#include "bench_util.h"

static int begin(const peer_engine *e, void *db)
{
    return e->has_transactions ? e->exec(db, "BEGIN") : 0;
}

static int commit(const peer_engine *e, void *db)
{
    return e->has_transactions ? e->exec(db, "COMMIT") : 0;
}

static int create_t(const peer_engine *e, void *db, const char *name)
{
    char sql[160];
    snprintf(sql, sizeof sql, "CREATE TABLE %s (a int, b int, c float8, d int)", name);
    return e->exec(db, sql);
}

double fixture_build_t_doubling(const peer_engine *e, void *db, const char *name, long rows)
{
    if (create_t(e, db, name) != 0)
        return -1;
    char sql[512];
    double t0 = bench_now_ns();
    if (begin(e, db) != 0)
        return -1;
    snprintf(sql, sizeof sql, "INSERT INTO %s VALUES (0, 0, 0, 0)", name);
    if (rows > 0 && e->exec(db, sql) != 0)
        return -1;
    /* CAST(... AS float8) is valid in both dialects (float8 has REAL affinity in SQLite). */
    for (long have = 1; have < rows; have *= 2) {
        snprintf(sql, sizeof sql,
                 "INSERT INTO %s SELECT a + %ld, (a + %ld) %% 1000, CAST((a + %ld) %% 1000 AS float8), "
                 "(a + %ld) %% 100 FROM %s WHERE a + %ld < %ld",
                 name, have, have, have, have, name, have, rows);
        if (e->exec(db, sql) != 0)
            return -1;
    }
    if (commit(e, db) != 0)
        return -1;
    return bench_now_ns() - t0;
}

double fixture_build_t_prepared(const peer_engine *e, void *db, const char *name, long rows)
{
    if (create_t(e, db, name) != 0)
        return -1;
    char sql[160];
    snprintf(sql, sizeof sql, "INSERT INTO %s VALUES ($1, $2, $3, $4)", name);
    double t0 = bench_now_ns();
    if (begin(e, db) != 0)
        return -1;
    void *ins = e->insert_prepare(db, sql);
    if (ins == NULL)
        return -1;
    for (long a = 0; a < rows; a++) {
        peer_value v[4] = {
            {.kind = PEER_INT, .i = a},
            {.kind = PEER_INT, .i = a % 1000},
            {.kind = PEER_FLOAT, .f = (double)(a % 1000)},
            {.kind = PEER_INT, .i = a % 100},
        };
        if (e->insert_row(ins, v, 4) != 0) {
            e->insert_finish(ins);
            return -1;
        }
    }
    e->insert_finish(ins);
    if (commit(e, db) != 0)
        return -1;
    return bench_now_ns() - t0;
}

int fixture_build_customers(const peer_engine *e, void *db, const char *name, int rows, bool primary_key)
{
    static const char *const regions[5] = {"East", "West", "North", "South", "Central"};
    char sql[200];
    snprintf(sql, sizeof sql, "CREATE TABLE %s (id int%s, name text, age int, region text)", name,
             primary_key ? " PRIMARY KEY" : "");
    if (e->exec(db, sql) != 0)
        return -1;
    snprintf(sql, sizeof sql, "INSERT INTO %s VALUES ($1, $2, $3, $4)", name);
    if (begin(e, db) != 0)
        return -1;
    void *ins = e->insert_prepare(db, sql);
    if (ins == NULL)
        return -1;
    for (int i = 1; i <= rows; i++) {
        char cname[32];
        snprintf(cname, sizeof cname, "Customer_%d", i);
        peer_value v[4] = {
            {.kind = PEER_INT, .i = i},
            {.kind = PEER_TEXT, .s = cname},
            {.kind = PEER_INT, .i = 18 + i % 62},
            {.kind = PEER_TEXT, .s = regions[i % 5]},
        };
        if (e->insert_row(ins, v, 4) != 0) {
            e->insert_finish(ins);
            return -1;
        }
    }
    e->insert_finish(ins);
    return commit(e, db);
}
