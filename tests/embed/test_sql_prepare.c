/* test_sql_prepare.c — SQL-level PREPARE / EXECUTE through the C API: an EXECUTE statement
 * prepared once and stepped again (its parked tree rescanned with new argument values), an
 * argument that is the outer statement's own $1, and prepared statements being per session
 * (freed when it closes). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check_main.h"
#include "sunstone.h"

static void exec_ok(sunstone *db, const char *sql)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

START_TEST(execute_prepared_twice)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    exec_ok(db, "CREATE TABLE t (a int, b text)");
    exec_ok(db, "INSERT INTO t SELECT g, 'v' || g FROM generate_series(1, 100) g");
    exec_ok(db, "PREPARE q (int) AS SELECT b FROM t WHERE a = $1");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "EXECUTE q($1 + 1)", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_parameter_count(st), 1);
    for (int i = 1; i <= 3; i++) {
        char want[16];
        snprintf(want, sizeof want, "v%d", i * 10 + 1);
        ck_assert_int_eq(sunstone_bind_int64(st, 1, i * 10), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
        ck_assert_str_eq(sunstone_column_text(st, 0), want);
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
        ck_assert_str_eq(sunstone_command_tag(st), "SELECT 1");
        ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    }
    sunstone_finalize(st);
    /* a prepared name belongs to the session: PREPARE again is 42P05 until DEALLOCATE */
    ck_assert_int_eq(sunstone_exec(db, "PREPARE q AS SELECT 1", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42P05");
    exec_ok(db, "DEALLOCATE q");
    exec_ok(db, "PREPARE q AS SELECT 1");
    sunstone_close(db); /* frees q */
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("sql_prepare");
    TCase *tc = tcase_create("sql_prepare");
    tcase_add_test(tc, execute_prepared_twice);
    suite_add_tcase(s, tc);
    return s;
}
