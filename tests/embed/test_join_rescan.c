/* test_join_rescan.c — a prepared join run again with other parameter values: the join's
 * build side (the right input) is rebuilt when a parameter it reads changes and kept when
 * only the left side's do, and both answers are right each time (hash join and nested
 * loop, inner, LEFT and FULL). */
#include <check.h>
#include <string.h>

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

/* One run of a prepared query: $1, and the count(*) and sum(w) it must answer. */
typedef struct run_case {
    int64_t param, count, sum;
} run_case;

/* Prepares sql once and runs it for each case in turn, on the same statement. */
static void run_cases(const char *sql, const run_case *cases, size_t n)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, sql, -1, &st, NULL), SUNSTONE_OK);
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_bind_int64(st, 1, cases[i].param), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
        ck_assert_int_eq(sunstone_column_int64(st, 0), cases[i].count);
        ck_assert_int_eq(sunstone_column_int64(st, 1), cases[i].sum);
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    }
    sunstone_finalize(st);
}

#define RUN_CASES(sql, ...)                                                                  \
    do {                                                                                     \
        const run_case cases_[] = {__VA_ARGS__};                                             \
        run_cases(sql, cases_, sizeof cases_ / sizeof cases_[0]);                            \
    } while (0)

START_TEST(parameter_on_the_build_side)
{
    RUN_CASES("SELECT count(*), coalesce(sum(w), 0) FROM a JOIN b ON a.k = b.k AND b.w > $1", {0, 4, 71},
              {10, 3, 61}, {25, 1, 30}, {0, 4, 71});
}
END_TEST

START_TEST(parameter_on_the_probe_side)
{
    RUN_CASES("SELECT count(*), coalesce(sum(w), 0) FROM a LEFT JOIN b ON a.k = b.k WHERE a.v > $1", {0, 5, 71},
              {1, 3, 50}, {3, 1, 0}, {0, 5, 71});
}
END_TEST

START_TEST(nested_loop_with_parameters)
{
    /* k=1: 20, 30; k=2: 30; k=3 and NULL: unmatched */
    RUN_CASES("SELECT count(*), coalesce(sum(w), 0) FROM a LEFT JOIN b ON a.k < b.k AND b.w > $1", {0, 5, 80},
              {25, 4, 60}, {100, 4, 0});
}
END_TEST

START_TEST(full_join_again)
{
    /* each run starts with no right row matched */
    RUN_CASES("SELECT count(*), coalesce(sum(w), 0) FROM a FULL JOIN b ON a.k = b.k AND a.v > $1", {1, 7, 111},
              {2, 8, 111}, {0, 6, 111}, {0, 6, 111});
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("join_rescan");
    TCase *tc = tcase_create("join_rescan");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, parameter_on_the_build_side);
    tcase_add_test(tc, parameter_on_the_probe_side);
    tcase_add_test(tc, nested_loop_with_parameters);
    tcase_add_test(tc, full_join_again);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
