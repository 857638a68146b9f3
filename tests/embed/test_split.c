/* test_split.c — statement splitting through the public API: sunstone_prepare compiles the
 * first statement and reads no further (a syntax error later in the text does not matter,
 * *tail points at the next statement), error positions count characters from the text
 * passed in, and sunstone_exec runs many statements in linear time with PostgreSQL's
 * simple-query rule (a syntax error anywhere runs nothing). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* Prepares sql, expects a statement whose single value is want; returns the tail. */
static const char *prepare_value(const char *sql, const char *want)
{
    sunstone_stmt *st = NULL;
    const char *tail = NULL;
    ck_assert_msg(sunstone_prepare(db, sql, -1, &st, &tail) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
    ck_assert_ptr_nonnull(st);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_str_eq(sunstone_column_text(st, 0), want);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
    return tail;
}

static void expect_prepare_error(const char *sql, const char *sqlstate, const char *msg, int pos)
{
    sunstone_stmt *st = NULL;
    ck_assert_int_eq(sunstone_prepare(db, sql, -1, &st, NULL), SUNSTONE_ERROR);
    ck_assert_ptr_null(st);
    ck_assert_str_eq(sunstone_sqlstate(db), sqlstate);
    if (msg)
        ck_assert_str_eq(sunstone_errmsg(db), msg);
    ck_assert_int_eq(sunstone_errpos(db), pos);
}

START_TEST(prepare_reads_one_statement)
{
    const char *sql = "SELECT 1; SELECT 2; garbage";
    const char *tail = prepare_value(sql, "1");
    ck_assert_str_eq(tail, "SELECT 2; garbage");
    tail = prepare_value(tail, "2");
    ck_assert_str_eq(tail, "garbage");
    expect_prepare_error(tail, "42601", "syntax error at or near \"garbage\"", 1);

    /* the statement's own text, up to its ';' */
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT 7 AS x;  SELECT (", -1, &st, &tail), SUNSTONE_OK);
    ck_assert_str_eq(sunstone_sql(st), "SELECT 7 AS x;");
    ck_assert_str_eq(tail, "SELECT (");
    sunstone_finalize(st);

    /* empty statements and comments before and after */
    tail = prepare_value(" ;; -- c\n /* d */ SELECT 3 ; ; -- e\n SELECT 4", "3");
    ck_assert_str_eq(tail, "SELECT 4");
    tail = prepare_value("SELECT 5; -- only a comment\n", "5");
    ck_assert_str_eq(tail, "");
    ck_assert_int_eq(sunstone_prepare(db, " ; -- nothing\n ; /* x */", -1, &st, &tail), SUNSTONE_OK);
    ck_assert_ptr_null(st);
    ck_assert_str_eq(tail, "");

    /* nbytes limits the text */
    const char *text = "SELECT 6 garbage";
    ck_assert_int_eq(sunstone_prepare(db, text, 8, &st, &tail), SUNSTONE_OK);
    ck_assert_ptr_eq(tail, text + 8);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_str_eq(sunstone_column_text(st, 0), "6");
    sunstone_finalize(st);
}
END_TEST

START_TEST(quoted_semicolons_do_not_split)
{
    const char *tail = prepare_value("SELECT 'a;b'; SELECT 2", "a;b");
    ck_assert_str_eq(tail, "SELECT 2");
    tail = prepare_value("SELECT $$x;y$$ -- ; \n; SELECT 2", "x;y");
    ck_assert_str_eq(tail, "SELECT 2");
    tail = prepare_value("SELECT $t$ $$; $t$ /* ; /* ; */ ; */; SELECT 2", " $$; ");
    ck_assert_str_eq(tail, "SELECT 2");
    tail = prepare_value("SELECT E'\\';' AS \"x;\"; SELECT 2", "';");
    ck_assert_str_eq(tail, "SELECT 2");
    tail = prepare_value("SELECT 'it''s;'; SELECT 2", "it's;");
    ck_assert_str_eq(tail, "SELECT 2");
}
END_TEST

START_TEST(errors_in_the_first_statement)
{
    /* the error is where PostgreSQL's parse of the whole text puts it */
    expect_prepare_error("SELECT 1 +; SELECT 2", "42601", "syntax error at or near \";\"", 11);
    expect_prepare_error("SELECT (1; SELECT 2)", "42601", "syntax error at or near \";\"", 10);
    expect_prepare_error("SELECT 'open; SELECT 2", "42601", NULL, 8);
    expect_prepare_error("SELECT 1 /* open; SELECT 2", "42601", NULL, 10);
    /* positions count characters of the text passed in */
    expect_prepare_error("SELECT 'é' +; SELECT 2", "42601", "syntax error at or near \";\"", 13);
    /* a ';' inside BEGIN ATOMIC does not end the statement */
    expect_prepare_error("CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT 2; END; garbage",
                         "0A000", NULL, 0);
}
END_TEST

START_TEST(positions_in_characters_from_the_text_passed)
{
    const char *sql = "SELECT 'é'; SELECT 'ü', nosuch;";
    const char *tail = prepare_value(sql, "é");
    ck_assert_str_eq(tail, "SELECT 'ü', nosuch;");
    sunstone_stmt *st = NULL;
    ck_assert_int_eq(sunstone_prepare(db, tail, -1, &st, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42703");
    ck_assert_int_eq(sunstone_errpos(db), 13);
    /* through exec: counted from the start of the whole string */
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42703");
    ck_assert_int_eq(sunstone_errpos(db), 25);
    ck_assert_int_eq(sunstone_exec(db, "SELECT 'ä'; SELECT 'ö'; SELECT 1 +;", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42601");
    ck_assert_int_eq(sunstone_errpos(db), 35);
}
END_TEST

START_TEST(exec_syntax_error_anywhere_runs_nothing)
{
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE a1 (x int); INSERT INTO a1 VALUES (1); garbage", NULL, NULL),
                     SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42601");
    ck_assert_int_eq(sunstone_errpos(db), 53);
    ck_assert_int_eq(sunstone_exec(db, "SELECT * FROM a1", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42P01");
}
END_TEST

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int count_cb(void *arg, int ncols, const char *const *values, const char *const *names)
{
    (void)ncols;
    (void)names;
    *(long *)arg = atol(values[0]);
    return 0;
}

/* Time of sunstone_exec over n INSERT statements (the table is recreated). */
static double exec_inserts(long n)
{
    ck_assert_int_eq(sunstone_exec(db, "DROP TABLE IF EXISTS ins; CREATE TABLE ins (a int, b text)", NULL, NULL),
                     SUNSTONE_OK);
    char *sql = malloc((size_t)n * 48 + 1);
    ck_assert_ptr_nonnull(sql);
    size_t len = 0;
    for (long i = 0; i < n; i++)
        len += (size_t)sprintf(sql + len, "INSERT INTO ins VALUES (%ld, 'row %ld');\n", i, i);
    double t0 = now_s();
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_OK);
    double t = now_s() - t0;
    free(sql);
    long rows = 0;
    ck_assert_int_eq(sunstone_exec(db, "SELECT count(*) FROM ins", count_cb, &rows), SUNSTONE_OK);
    ck_assert_int_eq(rows, n);
    return t;
}

START_TEST(exec_is_linear)
{
    /* quadratic work would make 4x the statements cost 16x; linear costs 4x */
    double small = exec_inserts(8192), big = exec_inserts(32768);
    ck_assert_msg(big < small * 9 + 0.05, "8k statements %.3f s, 32k %.3f s", small, big);
}
END_TEST

static void keep_notice(void *arg, const char *severity, const char *msg)
{
    char *buf = arg;
    size_t n = strlen(buf);
    snprintf(buf + n, 4096 - n, "%s: %s\n", severity, msg);
}

START_TEST(long_identifiers_notice)
{
    /* PostgreSQL's scanner truncates identifiers to 63 bytes and says so; the notices reach the
       handler once each, through prepare and through exec */
    static char notices[4096];
    notices[0] = '\0';
    sunstone_set_notice_handler(db, keep_notice, notices);
    char upper[71], lower[71], accented[80], sql[512], want[512];
    memset(upper, 'A', 70);
    upper[70] = '\0';
    memset(lower, 'a', 70);
    lower[70] = '\0';
    /* 2 + 62 = 64 bytes: cut at 63 would split no character, at 62 + 1 it would */
    snprintf(accented, sizeof accented, "\xc3\xa9%.62s",
             "23456789012345678901234567890123456789012345678901234567890123456789");
    snprintf(sql, sizeof sql, "SELECT 1 AS %s; SELECT 2 AS \"%s\"", upper, accented);
    const char *tail = prepare_value(sql, "1");
    snprintf(want, sizeof want, "NOTICE: identifier \"%s\" will be truncated to \"%.63s\"\n", lower, lower);
    ck_assert_str_eq(notices, want);
    notices[0] = '\0';
    prepare_value(tail, "2");
    snprintf(want, sizeof want, "NOTICE: identifier \"%s\" will be truncated to \"%.63s\"\n", accented, accented);
    ck_assert_str_eq(notices, want);
    notices[0] = '\0';
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_OK);
    ck_assert_ptr_nonnull(strstr(notices, lower));
    ck_assert_ptr_nonnull(strstr(notices, accented));
    sunstone_set_notice_handler(db, NULL, NULL);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("split");
    TCase *tc = tcase_create("split");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, prepare_reads_one_statement);
    tcase_add_test(tc, quoted_semicolons_do_not_split);
    tcase_add_test(tc, errors_in_the_first_statement);
    tcase_add_test(tc, positions_in_characters_from_the_text_passed);
    tcase_add_test(tc, exec_syntax_error_anywhere_runs_nothing);
    tcase_add_test(tc, exec_is_linear);
    tcase_add_test(tc, long_identifiers_notice);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
