/* test_exec_params.c — sunstone_exec has no way to bind parameters: like PostgreSQL's simple
 * query protocol it refuses a $n with 42P02 "there is no parameter $n" at its position, while
 * a prepared statement takes the same text and binds it. */
#include <check.h>
#include <string.h>

#include "sunstone.h"

static sunstone *db;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(db);
}

static void expect_no_parameter(const char *sql, const char *message, int position)
{
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42P02");
    ck_assert_str_eq(sunstone_errmsg(db), message);
    ck_assert_int_eq(sunstone_errpos(db), position);
}

START_TEST(exec_refuses_parameters)
{
    expect_no_parameter("SELECT $1", "there is no parameter $1", 8);
    expect_no_parameter("SELECT 1, $2 + $1", "there is no parameter $2", 11);
    /* positions count characters */
    expect_no_parameter("SELECT 'é', $1", "there is no parameter $1", 13);
    /* nothing of a failing string runs from the failing statement on */
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE p (a int); INSERT INTO p VALUES ($1)", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42P02");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT count(*) FROM p", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(st, 0), 0);
    sunstone_finalize(st);
}
END_TEST

START_TEST(prepare_binds_parameters)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT $1::int + 1", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 1, 41), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(st, 0), 42);
    sunstone_finalize(st);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("exec_params");
    TCase *tc = tcase_create("exec_params");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, exec_refuses_parameters);
    tcase_add_test(tc, prepare_binds_parameters);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
