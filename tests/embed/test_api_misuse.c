/* test_api_misuse.c — the C API's answers to misuse, through the public header only:
 * sunstone_close refuses (SUNSTONE_BUSY) while statements are open and the handle stays
 * usable; every entry point given NULL, and every column or parameter index out of range,
 * returns SUNSTONE_MISUSE / SUNSTONE_RANGE or its documented neutral value instead of
 * crashing; a RANGE from a bind leaves SQLSTATE 42P02 and a message on the handle. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sunstone.h"

static int count_rows(void *arg, int ncols, const char *const *values, const char *const *names)
{
    (void)ncols;
    (void)values;
    (void)names;
    ++*(int *)arg;
    return 0;
}

START_TEST(close_refuses_open_statements)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE t (a int); INSERT INTO t VALUES (1), (2)", NULL, NULL),
                     SUNSTONE_OK);
    sunstone_stmt *q, *r;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t ORDER BY a", -1, &q, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t", -1, &r, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ROW); /* one mid-run, one merely prepared */

    ck_assert_int_eq(sunstone_close(db), SUNSTONE_BUSY);
    ck_assert_str_eq(sunstone_sqlstate(db), "55006");
    ck_assert_str_eq(sunstone_errmsg(db), "unable to close: 2 statements are not finalized");

    /* the handle and both statements still work */
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(q, 0), 2);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_DONE);
    int n = 0;
    ck_assert_int_eq(sunstone_exec(db, "SELECT a FROM t", count_rows, &n), SUNSTONE_OK);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(sunstone_finalize(q), SUNSTONE_OK);

    ck_assert_int_eq(sunstone_close(db), SUNSTONE_BUSY);
    ck_assert_str_eq(sunstone_errmsg(db), "unable to close: 1 statement is not finalized");
    ck_assert_int_eq(sunstone_step(r), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_finalize(r), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

/* A callback that tries to close the handle while sunstone_exec runs its statement. */
static int close_from_callback(void *arg, int ncols, const char *const *values, const char *const *names)
{
    (void)ncols;
    (void)values;
    (void)names;
    ck_assert_int_eq(sunstone_close(arg), SUNSTONE_BUSY);
    return 0;
}

START_TEST(close_inside_exec_is_busy)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "SELECT 1", close_from_callback, db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

START_TEST(null_database_arguments)
{
    ck_assert_int_eq(sunstone_open(NULL, NULL), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_open(":memory:", NULL), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_open_v2(NULL, NULL, NULL), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_close(NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(NULL, "SELECT 1", NULL, NULL), SUNSTONE_MISUSE);
    sunstone_stmt *st = (sunstone_stmt *)&st; /* garbage that must be overwritten */
    ck_assert_int_eq(sunstone_prepare(NULL, "SELECT 1", -1, &st, NULL), SUNSTONE_MISUSE);
    ck_assert_ptr_null(st);
    ck_assert_int_eq(sunstone_set_notice_handler(NULL, NULL, NULL), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_load_plugin(NULL, "x"), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_interrupt(NULL), SUNSTONE_MISUSE);
    ck_assert_str_eq(sunstone_errmsg(NULL), "not an error");
    ck_assert_str_eq(sunstone_sqlstate(NULL), "00000");
    ck_assert_int_eq(sunstone_errpos(NULL), 0);
    ck_assert_ptr_null(sunstone_errdetail(NULL));
    ck_assert_ptr_null(sunstone_errhint(NULL));
    ck_assert_ptr_nonnull(sunstone_version());
}
END_TEST

static void expect_misuse_message(sunstone *db, int rc, const char *message)
{
    ck_assert_int_eq(rc, SUNSTONE_MISUSE);
    ck_assert_str_eq(sunstone_sqlstate(db), "22004");
    ck_assert_str_eq(sunstone_errmsg(db), message);
}

START_TEST(null_pointer_arguments)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    sunstone_stmt *st = (sunstone_stmt *)&st;
    expect_misuse_message(db, sunstone_prepare(db, NULL, -1, &st, NULL), "sunstone_prepare: sql is NULL");
    ck_assert_ptr_null(st);
    expect_misuse_message(db, sunstone_prepare(db, "SELECT 1", -1, NULL, NULL),
                          "sunstone_prepare: the statement pointer is NULL");
    expect_misuse_message(db, sunstone_exec(db, NULL, NULL, NULL), "sunstone_exec: sql is NULL");
    expect_misuse_message(db, sunstone_load_plugin(db, NULL), "sunstone_load_plugin: path is NULL");
    ck_assert_int_eq(sunstone_set_notice_handler(db, NULL, NULL), SUNSTONE_OK);
    /* the handle still works afterwards */
    ck_assert_int_eq(sunstone_exec(db, "SELECT 1", NULL, NULL), SUNSTONE_OK);
    ck_assert_str_eq(sunstone_sqlstate(db), "00000");
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

START_TEST(null_statement_arguments)
{
    ck_assert_int_eq(sunstone_finalize(NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_reset(NULL), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_step(NULL), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_bind_parameter_count(NULL), 0);
    ck_assert_int_eq(sunstone_bind_null(NULL, 1), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_bind_int64(NULL, 1, 1), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_bind_double(NULL, 1, 1.0), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_bind_bool(NULL, 1, true), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_bind_text(NULL, 1, "x", -1), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_clear_bindings(NULL), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_column_count(NULL), 0);
    ck_assert(!sunstone_stmt_returns_rows(NULL));
    ck_assert_ptr_null(sunstone_column_name(NULL, 0));
    ck_assert_uint_eq(sunstone_column_type(NULL, 0), 0);
    ck_assert(sunstone_column_is_null(NULL, 0));
    ck_assert_int_eq(sunstone_column_int64(NULL, 0), 0);
    ck_assert(sunstone_column_double(NULL, 0) == 0.0);
    ck_assert_ptr_null(sunstone_column_text(NULL, 0));
    ck_assert_int_eq(sunstone_column_bytes(NULL, 0), 0);
    ck_assert_str_eq(sunstone_command_tag(NULL), "");
    ck_assert_int_eq(sunstone_changes(NULL), 0);
    ck_assert_ptr_null(sunstone_sql(NULL));
}
END_TEST

START_TEST(indexes_out_of_range)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT $1::int + 1 AS x, $2::text AS y", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_parameter_count(st), 2);
    int bad[] = {0, -1, 3, 1 << 30};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "there is no parameter $%d", bad[i]);
        ck_assert_int_eq(sunstone_bind_int64(st, bad[i], 1), SUNSTONE_RANGE);
        ck_assert_str_eq(sunstone_sqlstate(db), "42P02");
        ck_assert_str_eq(sunstone_errmsg(db), want);
        ck_assert_str_eq(sunstone_errdetail(db), "The statement has 2 parameters.");
        ck_assert_int_eq(sunstone_bind_null(st, bad[i]), SUNSTONE_RANGE);
        ck_assert_int_eq(sunstone_bind_double(st, bad[i], 1), SUNSTONE_RANGE);
        ck_assert_int_eq(sunstone_bind_bool(st, bad[i], false), SUNSTONE_RANGE);
        ck_assert_int_eq(sunstone_bind_text(st, bad[i], "1", -1), SUNSTONE_RANGE);
        ck_assert_str_eq(sunstone_sqlstate(db), "42P02");
    }
    ck_assert_int_eq(sunstone_bind_int64(st, 1, 41), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_text(st, 2, NULL, -1), SUNSTONE_OK); /* NULL text binds NULL */
    int cols[] = {-1, 2, 1000};
    for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
        ck_assert_ptr_null(sunstone_column_name(st, cols[i]));
        ck_assert_uint_eq(sunstone_column_type(st, cols[i]), 0);
    }
    /* before the first step there is no current row */
    ck_assert(sunstone_column_is_null(st, 0));
    ck_assert_ptr_null(sunstone_column_text(st, 0));
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(st, 0), 42);
    ck_assert(sunstone_column_is_null(st, 1));
    for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
        ck_assert(sunstone_column_is_null(st, cols[i]));
        ck_assert_int_eq(sunstone_column_int64(st, cols[i]), 0);
        ck_assert(sunstone_column_double(st, cols[i]) == 0.0);
        ck_assert_ptr_null(sunstone_column_text(st, cols[i]));
        ck_assert_int_eq(sunstone_column_bytes(st, cols[i]), 0);
    }
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    ck_assert_ptr_null(sunstone_column_text(st, 0)); /* finished: no current row */
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_clear_bindings(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_finalize(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api_misuse");
    TCase *tc = tcase_create("api_misuse");
    tcase_add_test(tc, close_refuses_open_statements);
    tcase_add_test(tc, close_inside_exec_is_busy);
    tcase_add_test(tc, null_database_arguments);
    tcase_add_test(tc, null_pointer_arguments);
    tcase_add_test(tc, null_statement_arguments);
    tcase_add_test(tc, indexes_out_of_range);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
