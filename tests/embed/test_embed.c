/* test_embed.c — a host program that embeds libsunstone.so through the public C API only
 * (sunstone.h): open, exec, prepare, bind, step, column accessors, finalize, close, errors
 * with SQLSTATE and position, and the scan A/B switch giving identical results. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sunstone.h"

static sunstone *db;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE t (a int NOT NULL, b text, c float8, d bigint, e bool)", NULL, NULL),
                     SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(db);
}

/* Runs sql expecting failure with the given SQLSTATE. */
static void expect_error(const char *sql, const char *sqlstate, const char *message)
{
    int rc = sunstone_exec(db, sql, NULL, NULL);
    ck_assert_msg(rc == SUNSTONE_ERROR, "expected %s to fail", sql);
    ck_assert_msg(strcmp(sunstone_sqlstate(db), sqlstate) == 0, "%s: SQLSTATE %s (%s), expected %s", sql,
                  sunstone_sqlstate(db), sunstone_errmsg(db), sqlstate);
    if (message)
        ck_assert_str_eq(sunstone_errmsg(db), message);
}

START_TEST(prepare_bind_step_column)
{
    sunstone_stmt *ins;
    ck_assert_int_eq(sunstone_prepare(db, "INSERT INTO t VALUES ($1, $2, $3, $4, $5)", -1, &ins, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_parameter_count(ins), 5);
    for (int i = 1; i <= 100; i++) {
        char buf[32];
        snprintf(buf, sizeof buf, "row %d", i);
        ck_assert_int_eq(sunstone_bind_int64(ins, 1, i), SUNSTONE_OK);
        if (i % 10 == 0)
            sunstone_bind_null(ins, 2);
        else
            sunstone_bind_text(ins, 2, buf, -1);
        sunstone_bind_double(ins, 3, i / 4.0);
        sunstone_bind_int64(ins, 4, (int64_t)i * 10000000000LL);
        sunstone_bind_bool(ins, 5, i % 2 == 0);
        ck_assert_int_eq(sunstone_step(ins), SUNSTONE_DONE);
        ck_assert_str_eq(sunstone_command_tag(ins), "INSERT 0 1");
        sunstone_reset(ins);
    }
    ck_assert_int_eq(sunstone_finalize(ins), SUNSTONE_OK);

    sunstone_stmt *q;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a, b, c, d, e, a * 2 FROM t WHERE a > $1 ORDER BY a DESC LIMIT 3", -1,
                                      &q, NULL),
                     SUNSTONE_OK);
    ck_assert_int_eq(sunstone_column_count(q), 6);
    ck_assert_str_eq(sunstone_column_name(q, 0), "a");
    ck_assert_str_eq(sunstone_column_name(q, 5), "?column?");
    ck_assert_uint_eq(sunstone_column_type(q, 0), 23);
    ck_assert_uint_eq(sunstone_column_type(q, 1), 25);
    ck_assert_uint_eq(sunstone_column_type(q, 2), 701);
    ck_assert_uint_eq(sunstone_column_type(q, 3), 20);
    ck_assert_uint_eq(sunstone_column_type(q, 4), 16);
    sunstone_bind_int64(q, 1, 50);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(q, 0), 100);
    ck_assert(sunstone_column_is_null(q, 1));
    ck_assert_ptr_null(sunstone_column_text(q, 1));
    ck_assert_str_eq(sunstone_column_text(q, 2), "25");
    ck_assert_str_eq(sunstone_column_text(q, 3), "1000000000000");
    ck_assert_str_eq(sunstone_column_text(q, 4), "t");
    ck_assert_int_eq(sunstone_column_int64(q, 5), 200);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ROW);
    ck_assert_str_eq(sunstone_column_text(q, 1), "row 99");
    ck_assert(sunstone_column_double(q, 2) == 24.75);
    ck_assert_str_eq(sunstone_column_text(q, 2), "24.75");
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_DONE);
    ck_assert_str_eq(sunstone_command_tag(q), "SELECT 3");
    /* rerun with another parameter value */
    sunstone_reset(q);
    sunstone_bind_int64(q, 1, 99);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(q, 0), 100);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_DONE);
    sunstone_finalize(q);
}
END_TEST

static int count_cb(void *arg, int ncols, const char *const *vals, const char *const *names)
{
    (void)ncols, (void)names;
    int *n = arg;
    if (vals[0])
        *n = atoi(vals[0]);
    return 0;
}

START_TEST(exec_with_callback_and_count)
{
    ck_assert_int_eq(sunstone_exec(db, "INSERT INTO t (a, b) VALUES (1,'x'),(2,'y'),(3,NULL)", NULL, NULL), SUNSTONE_OK);
    int n = -1;
    ck_assert_int_eq(sunstone_exec(db, "SELECT count(*) FROM t", count_cb, &n), SUNSTONE_OK);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(sunstone_exec(db, "SELECT count(b) FROM t", count_cb, &n), SUNSTONE_OK);
    ck_assert_int_eq(n, 2);
}
END_TEST

START_TEST(errors_carry_sqlstate)
{
    ck_assert_int_eq(sunstone_exec(db, "INSERT INTO t (a, b) VALUES (1,'x')", NULL, NULL), SUNSTONE_OK);
    expect_error("SELECT * FROM nope", "42P01", "relation \"nope\" does not exist");
    ck_assert_int_eq(sunstone_errpos(db), 15);
    expect_error("SELECT nope FROM t", "42703", "column \"nope\" does not exist");
    expect_error("SELECT * FORM t", "42601", "syntax error at or near \"FORM\"");
    ck_assert_int_eq(sunstone_errpos(db), 10);
    expect_error("INSERT INTO t (a) VALUES ('abc')", "22P02", "invalid input syntax for type integer: \"abc\"");
    expect_error("INSERT INTO t (a) VALUES (NULL)", "23502",
                 "null value in column \"a\" of relation \"t\" violates not-null constraint");
    expect_error("SELECT a / 0 FROM t", "22012", "division by zero");
    expect_error("SELECT 2147483647 + a FROM t", "22003", "integer out of range");
    expect_error("SELECT a FROM t WHERE b", "42804", "argument of WHERE must be type boolean, not type text");
    expect_error("SELECT a + b FROM t", "42883", "operator does not exist: integer + text");
    expect_error("INSERT INTO t (a) VALUES (true)", "42804", "column \"a\" is of type integer but expression is of type boolean");
    expect_error("CREATE TABLE t (x int)", "42P07", "relation \"t\" already exists");
    expect_error("SELECT a FROM t LIMIT -1", "2201W", "LIMIT must not be negative");
    /* a failed multi-row INSERT leaves nothing behind */
    expect_error("INSERT INTO t (a) VALUES (7), (NULL)", "23502", NULL);
    int n = -1;
    ck_assert_int_eq(sunstone_exec(db, "SELECT count(*) FROM t", count_cb, &n), SUNSTONE_OK);
    ck_assert_int_eq(n, 1);
    ck_assert_str_eq(sunstone_sqlstate(db), "00000");
}
END_TEST

/* Collects all rows of a query as one string. */
static char *run_all(const char *sql)
{
    sunstone_stmt *q;
    ck_assert_int_eq(sunstone_prepare(db, sql, -1, &q, NULL), SUNSTONE_OK);
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    out[0] = 0;
    int rc;
    while ((rc = sunstone_step(q)) == SUNSTONE_ROW) {
        for (int c = 0; c < sunstone_column_count(q); c++) {
            const char *v = sunstone_column_text(q, c);
            size_t need = (v ? strlen(v) : 4) + 2;
            if (len + need + 1 > cap)
                out = realloc(out, cap *= 2);
            len += (size_t)sprintf(out + len, "%s%c", v ? v : "NULL", c + 1 < sunstone_column_count(q) ? '|' : '\n');
        }
    }
    ck_assert_int_eq(rc, SUNSTONE_DONE);
    sunstone_finalize(q);
    return out;
}

START_TEST(scan_ab_same_results)
{
    sunstone_stmt *ins;
    ck_assert_int_eq(sunstone_prepare(db, "INSERT INTO t (a, b, c) VALUES ($1, $2, $3)", -1, &ins, NULL), SUNSTONE_OK);
    for (int i = 0; i < 5000; i++) {
        char buf[32];
        snprintf(buf, sizeof buf, "v%d", i % 37);
        sunstone_bind_int64(ins, 1, i);
        sunstone_bind_text(ins, 2, buf, -1);
        if (i % 5)
            sunstone_bind_double(ins, 3, i * 0.5);
        else
            sunstone_bind_null(ins, 3);
        ck_assert_int_eq(sunstone_step(ins), SUNSTONE_DONE);
        sunstone_reset(ins);
    }
    sunstone_finalize(ins);
    const char *q = "SELECT b, count(*), sum(a), min(c), max(c) FROM t WHERE a % 3 = 1 GROUP BY b ORDER BY b";
    char *batched = run_all(q);
    ck_assert_int_eq(sunstone_exec(db, "SET sunstone.operator_scan = 'scan_row'", NULL, NULL), SUNSTONE_OK);
    char *rowwise = run_all(q);
    ck_assert_int_eq(sunstone_exec(db, "RESET sunstone.operator_scan", NULL, NULL), SUNSTONE_OK);
    ck_assert(strlen(batched) > 100);
    ck_assert_str_eq(batched, rowwise);
    free(batched);
    free(rowwise);
    expect_error("SET sunstone.operator_scan = 'filter'", "22023", NULL);
}
END_TEST

START_TEST(drop_refused_while_scanning)
{
    ck_assert_int_eq(sunstone_exec(db, "INSERT INTO t (a) VALUES (1), (2)", NULL, NULL), SUNSTONE_OK);
    sunstone_stmt *q;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t", -1, &q, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ROW);
    expect_error("DROP TABLE t", "55006", "cannot DROP TABLE \"t\" because it is being used by active queries in this session");
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(q, 0), 2);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_DONE);
    ck_assert_int_eq(sunstone_exec(db, "DROP TABLE t", NULL, NULL), SUNSTONE_OK);
    /* the prepared statement rebinds and reports the missing table */
    sunstone_reset(q);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42P01");
    sunstone_finalize(q);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE t (a int NOT NULL, b text, c float8, d bigint, e bool)", NULL, NULL),
                     SUNSTONE_OK);
}
END_TEST

/* Steps q to the end and returns the sum of column 0 (and the row count in *rows). */
static int64_t sum_rows(sunstone_stmt *q, int *rows)
{
    int64_t sum = 0;
    int n = 0, rc;
    while ((rc = sunstone_step(q)) == SUNSTONE_ROW) {
        sum += sunstone_column_int64(q, 0);
        n++;
    }
    ck_assert_int_eq(rc, SUNSTONE_DONE);
    sunstone_reset(q);
    *rows = n;
    return sum;
}

/* Re-executed statements reuse their operator tree (parking.c): results must follow new
 * rows, new parameters, new LIMITs, settings changes and DDL exactly as fresh plans would. */
START_TEST(reexecution_follows_changes)
{
    sunstone_stmt *ins, *q, *lim;
    ck_assert_int_eq(sunstone_prepare(db, "INSERT INTO t (a) VALUES ($1)", -1, &ins, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t WHERE a > $1", -1, &q, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t LIMIT $1", -1, &lim, NULL), SUNSTONE_OK);
    int rows;
    for (int i = 1; i <= 3000; i++) {
        sunstone_bind_int64(ins, 1, i);
        ck_assert_int_eq(sunstone_step(ins), SUNSTONE_DONE);
        sunstone_reset(ins);
        if (i % 1000 == 0) {
            sunstone_bind_int64(q, 1, 0);
            ck_assert_int_eq(sum_rows(q, &rows), (int64_t)i * (i + 1) / 2);
            ck_assert_int_eq(rows, i);
        }
    }
    sunstone_bind_int64(q, 1, 2990);
    ck_assert_int_eq(sum_rows(q, &rows), 2991 + 2992 + 2993 + 2994 + 2995 + 2996 + 2997 + 2998 + 2999 + 3000);
    for (int l = 0; l < 5; l++) {
        sunstone_bind_int64(lim, 1, l * 700);
        sum_rows(lim, &rows);
        ck_assert_int_eq(rows, l * 700);
    }
    /* stop mid-run, then run again from the start */
    sunstone_bind_int64(q, 1, 0);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ROW);
    sunstone_reset(q);
    ck_assert_int_eq(sum_rows(q, &rows), 3000LL * 3001 / 2);
    /* settings and DDL release parked trees; statements then rebind or use the new operator */
    ck_assert_int_eq(sunstone_exec(db, "SET sunstone.operator_scan = 'scan_row'", NULL, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sum_rows(q, &rows), 3000LL * 3001 / 2);
    ck_assert_int_eq(sunstone_exec(db, "RESET sunstone.operator_scan", NULL, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "DROP TABLE t", NULL, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(q), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42P01");
    sunstone_reset(q);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE t (a int NOT NULL, b text, c float8, d bigint, e bool)", NULL, NULL),
                     SUNSTONE_OK);
    sunstone_bind_int64(ins, 1, 7);
    ck_assert_int_eq(sunstone_step(ins), SUNSTONE_DONE);
    ck_assert_int_eq(sum_rows(q, &rows), 7);
    sunstone_finalize(ins);
    sunstone_finalize(q);
    sunstone_finalize(lim);
}
END_TEST

START_TEST(plugins_view_lists_modules)
{
    char *rows = run_all("SELECT name, kind FROM sunstone_plugins ORDER BY kind, name");
    const char *want[] = {"aggregate|operator", "filter|operator", "limit|operator", "project|operator",
                          "scan|operator", "scan_row|operator", "sort|operator", "values|operator",
                          "memory|storage"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        ck_assert_msg(strstr(rows, want[i]) != NULL, "sunstone_plugins lacks %s:\n%s", want[i], rows);
    free(rows);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("embed");
    TCase *tc = tcase_create("embed");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, prepare_bind_step_column);
    tcase_add_test(tc, exec_with_callback_and_count);
    tcase_add_test(tc, errors_carry_sqlstate);
    tcase_add_test(tc, scan_ab_same_results);
    tcase_add_test(tc, plugins_view_lists_modules);
    tcase_add_test(tc, drop_refused_while_scanning);
    tcase_add_test(tc, reexecution_follows_changes);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
