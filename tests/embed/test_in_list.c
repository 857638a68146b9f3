/* test_in_list.c — long IN lists through the public C API: 100k integers, decimals and
 * strings, and 65535 parameters, prepared and run against a table, checking the answers (not
 * the time: the benchmark bench_in_list measures that).  Before planning became linear, each
 * of these took seconds to minutes to prepare. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sunstone.h"

#define N 100000

static sunstone *db;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    /* a = 0..4095 with a NULL, b = 's' || a, c = a + 0.5 */
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE t (a int, b text, c float8)", NULL, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "INSERT INTO t VALUES (0, 's0', 0.5), (NULL, NULL, NULL)", NULL, NULL),
                     SUNSTONE_OK);
    for (int k = 0; k < 12; k++) {
        char sql[160];
        snprintf(sql, sizeof sql,
                 "INSERT INTO t SELECT a + %d, 's' || (a + %d), c + %d FROM t WHERE a IS NOT NULL", 1 << k,
                 1 << k, 1 << k);
        ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_OK);
    }
}

static void teardown(void)
{
    sunstone_close(db);
}

/* "SELECT count(*) FROM t WHERE <col> [NOT] IN (" + n items from fmt(i * stride) + ")" */
static char *in_query(const char *col, bool negated, const char *fmt, int n, int stride)
{
    size_t cap = (size_t)n * 24 + 128;
    char *sql = malloc(cap);
    ck_assert_ptr_nonnull(sql);
    size_t off = (size_t)snprintf(sql, cap, "SELECT count(*) FROM t WHERE %s %sIN (", col, negated ? "NOT " : "");
    for (int i = 0; i < n; i++) {
        off += (size_t)snprintf(sql + off, cap - off, i ? ", " : "");
        off += (size_t)snprintf(sql + off, cap - off, fmt, i * stride);
    }
    snprintf(sql + off, cap - off, ")");
    return sql;
}

static int64_t count_of(const char *sql)
{
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(db, sql, -1, &st, NULL) == SUNSTONE_OK, "%s", sunstone_errmsg(db));
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    int64_t v = sunstone_column_int64(st, 0);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
    return v;
}

START_TEST(long_integer_lists)
{
    /* multiples of 3 below 300000: 1366 of the 4096 values 0..4095 */
    char *sql = in_query("a", false, "%d", N, 3);
    ck_assert_int_eq(count_of(sql), 1366);
    free(sql);
    /* NOT IN: the other non-NULL rows; the NULL row is NULL */
    sql = in_query("a", true, "%d", N, 3);
    ck_assert_int_eq(count_of(sql), 4096 - 1366);
    free(sql);
}
END_TEST

START_TEST(long_decimal_and_text_lists)
{
    char *sql = in_query("c", false, "%d.5", N, 2); /* even a */
    ck_assert_int_eq(count_of(sql), 2048);
    free(sql);
    sql = in_query("b", false, "'s%d'", N, 5);
    ck_assert_int_eq(count_of(sql), 820);
    free(sql);
}
END_TEST

START_TEST(long_parameter_list)
{
    const int n = 65535;
    size_t cap = (size_t)n * 8 + 64;
    char *sql = malloc(cap);
    ck_assert_ptr_nonnull(sql);
    size_t off = (size_t)snprintf(sql, cap, "SELECT count(*) FROM t WHERE a IN (");
    for (int i = 1; i <= n; i++)
        off += (size_t)snprintf(sql + off, cap - off, "%s$%d", i > 1 ? "," : "", i);
    snprintf(sql + off, cap - off, ")");
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(db, sql, -1, &st, NULL) == SUNSTONE_OK, "%s", sunstone_errmsg(db));
    free(sql);
    ck_assert_int_eq(sunstone_bind_parameter_count(st), n);
    for (int i = 1; i <= n; i++)
        ck_assert_int_eq(sunstone_bind_int64(st, i, (i - 1) * 7), SUNSTONE_OK); /* multiples of 7 */
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(st, 0), 586);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
}
END_TEST

/* count(*) of sql with $1, $2 bound to the texts p1, p2 (NULL: SQL NULL). */
static int64_t count_with(sunstone_stmt *st, const char *p1, const char *p2)
{
    sunstone_reset(st);
    ck_assert_int_eq(p1 ? sunstone_bind_text(st, 1, p1, -1) : sunstone_bind_null(st, 1), SUNSTONE_OK);
    ck_assert_int_eq(p2 ? sunstone_bind_text(st, 2, p2, -1) : sunstone_bind_null(st, 2), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    int64_t v = sunstone_column_int64(st, 0);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    return v;
}

START_TEST(parameter_lists)
{
    /* parameters and constants in one list: its set is built from the values bound, again at
       every execution */
    sunstone_stmt *in, *not_in, *text;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT count(*) FROM t WHERE a IN ($1, $2, 5, 5)", -1, &in, NULL),
                     SUNSTONE_OK);
    ck_assert_int_eq(sunstone_prepare(db, "SELECT count(*) FROM t WHERE a NOT IN ($1, 5, $2)", -1, &not_in, NULL),
                     SUNSTONE_OK);
    ck_assert_int_eq(sunstone_prepare(db, "SELECT count(*) FROM t WHERE b IN ($1, 's7', $2)", -1, &text, NULL),
                     SUNSTONE_OK);
    ck_assert_int_eq(count_with(in, "1", "2"), 3);
    ck_assert_int_eq(count_with(in, "1", NULL), 2);
    ck_assert_int_eq(count_with(in, "5", "4000"), 2);
    ck_assert_int_eq(count_with(in, "-1", "9999"), 1);
    ck_assert_int_eq(count_with(not_in, "1", "2"), 4093);
    ck_assert_int_eq(count_with(not_in, "1", NULL), 0); /* not found, a NULL in the list: NULL */
    ck_assert_int_eq(count_with(text, "s1", "s4095"), 3);
    ck_assert_int_eq(count_with(text, NULL, "s7"), 1);
    sunstone_finalize(in);
    sunstone_finalize(not_in);
    sunstone_finalize(text);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("in_list");
    TCase *tc = tcase_create("long");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, long_integer_lists);
    tcase_add_test(tc, long_decimal_and_text_lists);
    tcase_add_test(tc, long_parameter_list);
    tcase_add_test(tc, parameter_lists);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
