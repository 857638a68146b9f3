/* test_encoding.c — invalid UTF-8 through the public C API, as raw bytes: SQL text given to
 * sunstone_prepare and sunstone_exec (in literals, identifiers, comments, E'' escapes, with a
 * NUL inside nbytes) and text bound with sunstone_bind_text fail with PostgreSQL's 22021
 * "invalid byte sequence for encoding "UTF8": ..." and store nothing; valid multi-byte text
 * still goes through. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sunstone.h"

static sunstone *db;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE u (a text)", NULL, NULL), SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(db);
}

static const char prefix[] = "invalid byte sequence for encoding \"UTF8\": ";

static void expect_invalid(int rc, const char *bytes)
{
    ck_assert_int_eq(rc, SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "22021");
    char want[128];
    snprintf(want, sizeof want, "%s%s", prefix, bytes);
    ck_assert_str_eq(sunstone_errmsg(db), want);
    ck_assert_int_eq(sunstone_errpos(db), 0);
}

static int prepare_n(const char *sql, int nbytes)
{
    sunstone_stmt *st = NULL;
    int rc = sunstone_prepare(db, sql, nbytes, &st, NULL);
    if (st)
        sunstone_finalize(st);
    return rc;
}

static int prepare(const char *sql)
{
    return prepare_n(sql, -1);
}

static int count_rows(void)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT count(*) FROM u", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    int n = (int)sunstone_column_int64(st, 0);
    sunstone_finalize(st);
    return n;
}

START_TEST(sql_text)
{
    expect_invalid(prepare("SELECT 'a\xff'"), "0xff");
    expect_invalid(prepare("SELECT upper('\xff')"), "0xff");
    expect_invalid(prepare("SELECT lower('a\xc3')"), "0xc3 0x27");
    expect_invalid(prepare("SELECT 1 AS \"x\xc3\x28\""), "0xc3 0x28");
    expect_invalid(prepare("SELECT 1 -- \xfe"), "0xfe");
    expect_invalid(prepare("/* \xed\xa0\x80 */"), "0xed 0xa0 0x80");
    /* the encoding error wins over the syntax error the bytes cause */
    expect_invalid(prepare("SELECT \xff\xfe FROM"), "0xff");
    /* a NUL inside nbytes is invalid, as PostgreSQL checks 0x00 */
    expect_invalid(prepare_n("SELECT 1\0 2", 11), "0x00");
    /* escapes are checked by the scanner with the same message */
    expect_invalid(prepare("SELECT E'\\xc3\\x28'"), "0xc3 0x28");
    expect_invalid(prepare("INSERT INTO u VALUES (E'\\xe2\\x82')"), "0xe2 0x82");
    expect_invalid(prepare("INSERT INTO u VALUES ('\xe2\x82')"), "0xe2 0x82 0x27");
    ck_assert_int_eq(count_rows(), 0);
    ck_assert_int_eq(prepare("SELECT 'h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80'"), SUNSTONE_OK);
}
END_TEST

START_TEST(prepare_verifies_the_statement_it_compiles)
{
    static const char sql[] = "SELECT 1; SELECT '\xff'";
    sunstone_stmt *st = NULL;
    const char *tail = NULL;
    ck_assert_int_eq(sunstone_prepare(db, sql, -1, &st, &tail), SUNSTONE_OK);
    ck_assert_ptr_nonnull(st);
    ck_assert_str_eq(tail, "SELECT '\xff'");
    sunstone_finalize(st);
    st = NULL;
    expect_invalid(sunstone_prepare(db, tail, -1, &st, NULL), "0xff");
    ck_assert_ptr_null(st);
}
END_TEST

START_TEST(exec_verifies_the_whole_string)
{
    /* PostgreSQL verifies a simple query on receipt: nothing of it runs */
    expect_invalid(sunstone_exec(db, "INSERT INTO u VALUES ('ok'); INSERT INTO u VALUES ('\xc0\x80')",
                                 NULL, NULL),
                   "0xc0 0x80");
    ck_assert_int_eq(count_rows(), 0);
}
END_TEST

START_TEST(bound_text)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "INSERT INTO u VALUES ($1)", -1, &st, NULL), SUNSTONE_OK);
    expect_invalid(sunstone_bind_text(st, 1, "a\xff", -1), "0xff");
    expect_invalid(sunstone_bind_text(st, 1, "ab\0c", 4), "0x00");
    expect_invalid(sunstone_bind_text(st, 1, "\xf0\x9f\x98\x80\xf0\x9f", 6), "0xf0 0x9f");
    ck_assert_int_eq(count_rows(), 0);
    ck_assert_int_eq(sunstone_bind_text(st, 1, "\xc3\xa9t\xc3\xa9", -1), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
    ck_assert_int_eq(count_rows(), 1);

    ck_assert_int_eq(sunstone_prepare(db, "SELECT upper($1)", -1, &st, NULL), SUNSTONE_OK);
    expect_invalid(sunstone_bind_text(st, 1, "\xff", -1), "0xff");
    ck_assert_int_eq(sunstone_bind_text(st, 1, "\xc3\xa9t\xc3\xa9", 5), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_str_eq(sunstone_column_text(st, 0), "\xc3\x89T\xc3\x89");
    sunstone_finalize(st);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("encoding");
    TCase *tc = tcase_create("encoding");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, sql_text);
    tcase_add_test(tc, prepare_verifies_the_statement_it_compiles);
    tcase_add_test(tc, exec_verifies_the_whole_string);
    tcase_add_test(tc, bound_text);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
