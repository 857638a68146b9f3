/* run_cases.h — what the rescan tests share: their two tables a (k, v) and b (k, w), and the
 * loop that runs a query prepared once for each case on the same statement (so a parked tree
 * is rescanned), with $1 bound to the case's parameter and its one row of two bigint columns
 * checked. */
#ifndef TESTS_EMBED_RUN_CASES_H
#define TESTS_EMBED_RUN_CASES_H

#include <check.h>

#include "sunstone.h"

static sunstone *db;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db,
                                   "CREATE TABLE a (k int, v int); CREATE TABLE b (k int, w int);"
                                   "INSERT INTO a VALUES (1, 1), (2, 2), (3, 3), (NULL, 4);"
                                   "INSERT INTO b VALUES (1, 10), (1, 11), (2, 20), (3, 30), (NULL, 40);",
                                   NULL, NULL),
                     SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(db);
}

typedef struct run_case {
    int64_t param, first, second;
} run_case;

static inline void run_cases(const char *sql, const run_case *cases, size_t n)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, sql, -1, &st, NULL), SUNSTONE_OK);
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_bind_int64(st, 1, cases[i].param), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
        ck_assert_int_eq(sunstone_column_int64(st, 0), cases[i].first);
        ck_assert_int_eq(sunstone_column_int64(st, 1), cases[i].second);
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    }
    sunstone_finalize(st);
}

#define RUN_CASES(sql, ...)                                                                  \
    do {                                                                                     \
        const run_case cases_[] = {__VA_ARGS__};                                             \
        run_cases(sql, cases_, sizeof cases_ / sizeof cases_[0]);                      \
    } while (0)

#endif
