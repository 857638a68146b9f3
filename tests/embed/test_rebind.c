/* test_rebind.c — a prepared statement rebinds after DDL, but, as PostgreSQL's plan cache,
 * refuses a rebind that changes its result columns (0A000 "cached plan must not change
 * result type") until the table matches again or the statement is prepared anew; the same
 * over views replaced or dropped, and WITH queries (computed once, recursive) with parameters
 * give the same rows at every execution. */
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

static void exec_ok(const char *sql)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

static void step_refused(sunstone_stmt *st)
{
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "0A000");
    ck_assert_str_eq(sunstone_errmsg(db), "cached plan must not change result type");
    sunstone_reset(st);
}

START_TEST(result_change_refused)
{
    exec_ok("CREATE TABLE ps (a int)");
    exec_ok("INSERT INTO ps VALUES (5)");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT * FROM ps", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(st, 0), 5);
    sunstone_reset(st);

    exec_ok("DROP TABLE ps");
    exec_ok("CREATE TABLE ps (a text, b text)");
    exec_ok("INSERT INTO ps VALUES ('x', 'y')");
    step_refused(st);
    /* it keeps failing, and still describes the result it was prepared for */
    step_refused(st);
    ck_assert_int_eq(sunstone_column_count(st), 1);
    ck_assert_str_eq(sunstone_column_name(st, 0), "a");

    /* same type, another name or typmod: also a different result */
    exec_ok("DROP TABLE ps");
    exec_ok("CREATE TABLE ps (b int)");
    step_refused(st);
    exec_ok("DROP TABLE ps");
    exec_ok("CREATE TABLE ps (a varchar(3))");
    step_refused(st);

    /* the original shape again: the statement works */
    exec_ok("DROP TABLE ps");
    exec_ok("CREATE TABLE ps (a int)");
    exec_ok("INSERT INTO ps VALUES (9)");
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(st, 0), 9);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);

    /* prepared anew, it sees the new columns */
    exec_ok("DROP TABLE ps");
    exec_ok("CREATE TABLE ps (a text, b text)");
    exec_ok("INSERT INTO ps VALUES ('x', 'y')");
    ck_assert_int_eq(sunstone_prepare(db, "SELECT * FROM ps", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_count(st), 2);
    ck_assert_str_eq(sunstone_column_text(st, 1), "y");
    sunstone_finalize(st);
}
END_TEST

START_TEST(same_result_rebinds)
{
    /* a rebind that keeps the result columns is silent, even when the table grew columns */
    exec_ok("CREATE TABLE ps (a int, b text)");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM ps", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_reset(st);
    exec_ok("DROP TABLE ps");
    exec_ok("CREATE TABLE ps (c bool, a int)");
    exec_ok("INSERT INTO ps VALUES (true, 4)");
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(st, 0), 4);
    sunstone_finalize(st);
}
END_TEST

/* The statement's rows: count and the sum of column 0. */
static void expect_rows(sunstone_stmt *st, int64_t count, int64_t sum)
{
    int64_t n = 0, s = 0;
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        n++;
        s += sunstone_column_int64(st, 0);
    }
    ck_assert_msg(rc == SUNSTONE_DONE, "step: %s", sunstone_errmsg(db));
    ck_assert_int_eq(n, count);
    ck_assert_int_eq(s, sum);
    sunstone_reset(st);
}

START_TEST(view_replaced_and_dropped)
{
    exec_ok("CREATE TABLE vr (a int)");
    exec_ok("INSERT INTO vr VALUES (1), (2), (3)");
    exec_ok("CREATE VIEW vv AS SELECT a FROM vr WHERE a > 1");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT * FROM vv", -1, &st, NULL), SUNSTONE_OK);
    expect_rows(st, 2, 5);
    exec_ok("CREATE OR REPLACE VIEW vv AS SELECT a FROM vr WHERE a < 3");
    expect_rows(st, 2, 3);
    exec_ok("CREATE OR REPLACE VIEW vv AS SELECT a, a * 2 AS b FROM vr");
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "0A000");
    ck_assert_str_eq(sunstone_errmsg(db), "cached plan must not change result type");
    sunstone_reset(st);
    sunstone_finalize(st);
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM vv", -1, &st, NULL), SUNSTONE_OK);
    expect_rows(st, 3, 6);
    exec_ok("DROP VIEW vv");
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42P01");
    sunstone_finalize(st);
}
END_TEST

START_TEST(with_queries_run_again)
{
    exec_ok("CREATE TABLE wr (a int)");
    exec_ok("INSERT INTO wr VALUES (1), (2), (3), (4)");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "WITH x AS (SELECT a FROM wr WHERE a >= $1) "
                                          "SELECT l.a FROM x l JOIN x r ON l.a = r.a",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    for (int run = 0; run < 3; run++) {
        ck_assert_int_eq(sunstone_bind_int64(st, 1, 2), SUNSTONE_OK);
        expect_rows(st, 3, 9);
        ck_assert_int_eq(sunstone_bind_int64(st, 1, 4), SUNSTONE_OK);
        expect_rows(st, 1, 4);
    }
    sunstone_finalize(st);
    ck_assert_int_eq(sunstone_prepare(db, "WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t "
                                          "WHERE n < $1) SELECT n FROM t",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    for (int run = 0; run < 3; run++) {
        ck_assert_int_eq(sunstone_bind_int64(st, 1, 100), SUNSTONE_OK);
        expect_rows(st, 100, 5050);
        ck_assert_int_eq(sunstone_bind_int64(st, 1, 3000), SUNSTONE_OK);
        expect_rows(st, 3000, 4501500);
    }
    sunstone_finalize(st);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("rebind");
    TCase *tc = tcase_create("rebind");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, result_change_refused);
    tcase_add_test(tc, same_result_rebinds);
    tcase_add_test(tc, view_replaced_and_dropped);
    tcase_add_test(tc, with_queries_run_again);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
