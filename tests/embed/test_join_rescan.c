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

/* count(*) and sum(w) of sql run with $1 = p. */
static void expect(sunstone_stmt *st, int64_t p, int64_t count, int64_t sum)
{
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 1, p), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(st, 0), count);
    ck_assert_int_eq(sunstone_column_int64(st, 1), sum);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
}

START_TEST(parameter_on_the_build_side)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT count(*), coalesce(sum(w), 0) FROM a JOIN b ON a.k = b.k AND b.w > $1",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    expect(st, 0, 4, 71);
    expect(st, 10, 3, 61);
    expect(st, 25, 1, 30);
    expect(st, 0, 4, 71);
    sunstone_finalize(st);
}
END_TEST

START_TEST(parameter_on_the_probe_side)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT count(*), coalesce(sum(w), 0) FROM a LEFT JOIN b ON a.k = b.k WHERE a.v > $1",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    expect(st, 0, 5, 71);
    expect(st, 1, 3, 50);
    expect(st, 3, 1, 0);
    expect(st, 0, 5, 71);
    sunstone_finalize(st);
}
END_TEST

START_TEST(nested_loop_with_parameters)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT count(*), coalesce(sum(w), 0) FROM a LEFT JOIN b ON a.k < b.k AND b.w > $1",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    /* k=1: 20, 30; k=2: 30; k=3 and NULL: unmatched */
    expect(st, 0, 5, 80);
    expect(st, 25, 4, 60);
    expect(st, 100, 4, 0);
    sunstone_finalize(st);
}
END_TEST

START_TEST(full_join_again)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT count(*), coalesce(sum(w), 0) FROM a FULL JOIN b ON a.k = b.k AND a.v > $1",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    /* each run starts with no right row matched */
    expect(st, 1, 7, 111);
    expect(st, 2, 8, 111);
    expect(st, 0, 6, 111);
    expect(st, 0, 6, 111);
    sunstone_finalize(st);
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
