/* test_point_lookup.c — the prepared point-lookup path (bench_index_lookup's statement) gives
 * the same answers as the general one: int64 binds into int2 / int4 / int8 parameters
 * (in range: used as they are; out of range: 22003 as PostgreSQL's cast), repeated lookups
 * through a primary key and through a non-unique index with more equal keys than one
 * batch, forward and backward, and the session's TimeZone (never set, SET, RESET) read
 * again at every execution of one prepared statement. */
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

static sunstone_stmt *prepare(const char *sql)
{
    sunstone_stmt *st = NULL;
    ck_assert_msg(sunstone_prepare(db, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
    return st;
}

/* Runs st with $1 = v: the number of rows and the sum of column 0. */
static int64_t run_sum(sunstone_stmt *st, int64_t v, int64_t *sum)
{
    ck_assert_int_eq(sunstone_bind_int64(st, 1, v), SUNSTONE_OK);
    int64_t n = 0;
    *sum = 0;
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        n++;
        *sum += sunstone_column_int64(st, 0);
    }
    ck_assert_msg(rc == SUNSTONE_DONE, "%s", sunstone_errmsg(db));
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    return n;
}

static void out_of_range(sunstone_stmt *st, int64_t v, const char *msg)
{
    ck_assert_int_eq(sunstone_bind_int64(st, 1, v), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "22003");
    ck_assert_str_eq(sunstone_errmsg(db), msg);
    sunstone_reset(st);
}

START_TEST(int_binds)
{
    exec_ok("CREATE TABLE k (a smallint PRIMARY KEY, b int UNIQUE, c bigint UNIQUE)");
    exec_ok("INSERT INTO k SELECT g, g * 100000, g * 10000000000 FROM generate_series(-300, 300) g");
    sunstone_stmt *sa = prepare("SELECT a FROM k WHERE a = $1");
    sunstone_stmt *sb = prepare("SELECT a FROM k WHERE b = $1");
    sunstone_stmt *sc = prepare("SELECT a FROM k WHERE c = $1");
    int64_t sum;
    for (int64_t g = -300; g <= 300; g += 7) {
        ck_assert_int_eq(run_sum(sa, g, &sum), 1);
        ck_assert_int_eq(sum, g);
        ck_assert_int_eq(run_sum(sb, g * 100000, &sum), 1);
        ck_assert_int_eq(sum, g);
        ck_assert_int_eq(run_sum(sc, g * 10000000000, &sum), 1);
        ck_assert_int_eq(sum, g);
    }
    ck_assert_int_eq(run_sum(sa, 301, &sum), 0);
    ck_assert_int_eq(run_sum(sa, -32768, &sum), 0);
    ck_assert_int_eq(run_sum(sb, 2147483647, &sum), 0);
    out_of_range(sa, 32768, "smallint out of range");
    out_of_range(sa, -32769, "smallint out of range");
    out_of_range(sb, 3000000000, "integer out of range");
    out_of_range(sb, -2147483649, "integer out of range");
    /* the statement works again after an error */
    ck_assert_int_eq(run_sum(sb, -200 * 100000, &sum), 1);
    ck_assert_int_eq(sum, -200);
    sunstone_finalize(sa);
    sunstone_finalize(sb);
    sunstone_finalize(sc);
}
END_TEST

START_TEST(many_equal_keys)
{
    exec_ok("CREATE TABLE d (id int PRIMARY KEY, g int)");
    exec_ok("CREATE INDEX d_g ON d (g)");
    exec_ok("INSERT INTO d SELECT i, i % 3 FROM generate_series(1, 6000) i");
    exec_ok("SET enable_seqscan = off");
    sunstone_stmt *fw = prepare("SELECT id FROM d WHERE g = $1");
    sunstone_stmt *bw = prepare("SELECT id FROM d WHERE g = $1 ORDER BY g DESC, id DESC");
    for (int round = 0; round < 3; round++)
        for (int64_t g = 0; g < 4; g++) {
            int64_t want_n = g < 3 ? 2000 : 0, want_sum = 0;
            for (int64_t i = 1; i <= 6000; i++)
                if (i % 3 == g)
                    want_sum += i;
            int64_t sum;
            ck_assert_int_eq(run_sum(fw, g, &sum), want_n);
            ck_assert_int_eq(sum, want_sum);
            ck_assert_int_eq(run_sum(bw, g, &sum), want_n);
            ck_assert_int_eq(sum, want_sum);
        }
    /* backward: the largest id first */
    ck_assert_int_eq(sunstone_bind_int64(bw, 1, 1), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(bw), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(bw, 0), 5998);
    ck_assert_int_eq(sunstone_step(bw), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(bw, 0), 5995);
    sunstone_reset(bw);
    sunstone_finalize(fw);
    sunstone_finalize(bw);
}
END_TEST

static void expect_text(sunstone_stmt *st, const char *want)
{
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_str_eq(sunstone_column_text(st, 0), want);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_reset(st);
}

START_TEST(timezone_per_execution)
{
    exec_ok("SET TimeZone = 'UTC'");
    sunstone_stmt *st = prepare("SELECT '2020-01-01 00:00:00+00'::timestamptz");
    expect_text(st, "2020-01-01 00:00:00+00");
    exec_ok("SET TimeZone = 'Asia/Tokyo'");
    expect_text(st, "2020-01-01 09:00:00+09");
    exec_ok("SET TimeZone = 'America/New_York'");
    expect_text(st, "2019-12-31 19:00:00-05");
    exec_ok("RESET TimeZone");
    sunstone_stmt *show = prepare("SHOW TimeZone");
    ck_assert_int_eq(sunstone_step(show), SUNSTONE_ROW);
    char zone[64];
    strncpy(zone, sunstone_column_text(show, 0), sizeof zone - 1);
    zone[sizeof zone - 1] = '\0';
    sunstone_finalize(show);
    if (strcmp(zone, "UTC") == 0 || strcmp(zone, "Etc/UTC") == 0)
        expect_text(st, "2020-01-01 00:00:00+00");
    sunstone_finalize(st);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("point_lookup");
    TCase *tc = tcase_create("point_lookup");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, int_binds);
    tcase_add_test(tc, many_equal_keys);
    tcase_add_test(tc, timezone_per_execution);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
