/* test_sql_reexec.c — prepared statements over the function_scan, unique and WITH TIES limit
 * operators and ordered / filtered aggregates, executed again with new parameter values: each
 * execution restarts them (a parked tree is rescanned, the others rebuilt) and answers as a
 * fresh statement would; a failed execution (step 0) leaves the statement usable. */
#include "check_main.h"

#include <stdint.h>
#include <stdio.h>
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

/* Binds the int64 parameters (INT64_MIN: NULL), runs st and returns its rows, column values
 * joined by ':' and rows by ','; "ERROR <sqlstate>" when the execution fails. */
static const char *run(sunstone_stmt *st, int n, const long long *params)
{
    static char out[8192];
    out[0] = '\0';
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(params[i] == INT64_MIN ? sunstone_bind_null(st, i + 1)
                                                : sunstone_bind_int64(st, i + 1, params[i]),
                         SUNSTONE_OK);
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        size_t used = strlen(out);
        for (int c = 0; c < sunstone_column_count(st); c++) {
            const char *v = sunstone_column_text(st, c);
            used += (size_t)snprintf(out + used, sizeof out - used, "%s%s", c ? ":" : (used ? "," : ""),
                                     v ? v : "null");
        }
    }
    if (rc != SUNSTONE_DONE)
        snprintf(out, sizeof out, "ERROR %s", sunstone_sqlstate(db));
    return out;
}

static sunstone_stmt *prepare(const char *sql)
{
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(db, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
    return st;
}

START_TEST(function_scan_reruns)
{
    sunstone_stmt *st = prepare("SELECT g FROM generate_series($1::int, $2::int, $3::int) g");
    ck_assert_str_eq(run(st, 3, (long long[]){1, 3, 1}), "1,2,3");
    ck_assert_str_eq(run(st, 3, (long long[]){1, 3, 1}), "1,2,3");
    ck_assert_str_eq(run(st, 3, (long long[]){10, 4, -3}), "10,7,4");
    ck_assert_str_eq(run(st, 3, (long long[]){1, 3, 0}), "ERROR 22023");
    ck_assert_str_eq(run(st, 3, (long long[]){1, INT64_MIN, 1}), "");
    ck_assert_str_eq(run(st, 3, (long long[]){2147483646, 2147483647, 5}), "2147483646");
    ck_assert_str_eq(run(st, 3, (long long[]){5, 6, 1}), "5,6");
    sunstone_finalize(st);

    /* 3000 rows: three batches, the ordinality running on across them */
    st = prepare("SELECT count(*), max(n), sum(g) FROM generate_series(1, $1) WITH ORDINALITY AS t(g, n)");
    ck_assert_str_eq(run(st, 1, (long long[]){3000}), "3000:3000:4501500");
    ck_assert_str_eq(run(st, 1, (long long[]){2}), "2:2:3");
    sunstone_finalize(st);
}
END_TEST

START_TEST(distinct_on_and_ties_rerun)
{
    sunstone_stmt *st = prepare("SELECT DISTINCT ON (g % 3) g % 3, g FROM generate_series(1, $1) g ORDER BY g % 3, g DESC");
    ck_assert_str_eq(run(st, 1, (long long[]){7}), "0:6,1:7,2:5");
    ck_assert_str_eq(run(st, 1, (long long[]){2}), "1:1,2:2");
    ck_assert_str_eq(run(st, 1, (long long[]){7}), "0:6,1:7,2:5");
    sunstone_finalize(st);

    st = prepare("SELECT g / 10 FROM generate_series(1, 40) g ORDER BY g / 10 OFFSET $1 ROWS FETCH FIRST $2 ROWS WITH TIES");
    ck_assert_str_eq(run(st, 2, (long long[]){0, 1}), "0,0,0,0,0,0,0,0,0");
    ck_assert_str_eq(run(st, 2, (long long[]){8, 2}), "0,1,1,1,1,1,1,1,1,1,1");
    ck_assert_str_eq(run(st, 2, (long long[]){0, 0}), "");
    ck_assert_str_eq(run(st, 2, (long long[]){38, INT64_MIN}), "3,4");
    ck_assert_str_eq(run(st, 2, (long long[]){0, -1}), "ERROR 2201W");
    ck_assert_str_eq(run(st, 2, (long long[]){35, 1}), "3,3,3,3");
    sunstone_finalize(st);
}
END_TEST

START_TEST(aggregates_rerun)
{
    sunstone_stmt *st = prepare("SELECT count(*) FILTER (WHERE g > $1), string_agg(g::text, '-' ORDER BY g DESC) "
                                "FILTER (WHERE g % 2 = 0), bool_and(g > $1) FROM generate_series(1, 6) g");
    ck_assert_str_eq(run(st, 1, (long long[]){3}), "3:6-4-2:f");
    ck_assert_str_eq(run(st, 1, (long long[]){0}), "6:6-4-2:t");
    sunstone_finalize(st);

    st = prepare("SELECT g % 2, g % 3, count(*), GROUPING(g % 2, g % 3) FROM generate_series(1, $1) g "
                 "GROUP BY CUBE (g % 2, g % 3) ORDER BY 4, 1, 2");
    ck_assert_str_eq(run(st, 1, (long long[]){4}),
                     "0:1:1:0,0:2:1:0,1:0:1:0,1:1:1:0,0:null:2:1,1:null:2:1,null:0:1:2,null:1:2:2,null:2:1:2,"
                     "null:null:4:3");
    ck_assert_str_eq(run(st, 1, (long long[]){1}), "1:1:1:0,1:null:1:1,null:1:1:2,null:null:1:3");
    sunstone_finalize(st);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("sql_reexec");
    TCase *tc = tcase_create("sql_reexec");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, function_scan_reruns);
    tcase_add_test(tc, distinct_on_and_ties_rerun);
    tcase_add_test(tc, aggregates_rerun);
    suite_add_tcase(s, tc);
    return s;
}

