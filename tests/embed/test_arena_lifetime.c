/* test_arena_lifetime.c — operator state kept in arena memory survives every execution of a
 * prepared statement whose operator tree is reused (parked) between executions.  The test
 * plugin tests/plugins/test_arena_state.c replaces the filter with "arena_filter", which puts
 * its state in ss_api.arena_alloc memory at open and fails with XX000 as soon as anything else
 * has written it; a prepared SELECT with parameters (text of changing length) then runs 1000
 * times, its answer checked every time. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check_main.h"
#include "sunstone.h"

#ifndef TEST_ARENA_PLUGIN
#error "TEST_ARENA_PLUGIN (path of test_arena_state.so) must be defined by the build"
#endif

#define TABLE_ROWS 4096 /* four full batches */
#define EXECUTIONS 1000

static sunstone *db;

static void exec_ok(const char *sql)
{
    int rc = sunstone_exec(db, sql, NULL, NULL);
    ck_assert_msg(rc == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

/* Rows of t with a % 7 = m and b <> s: t holds a = 1..TABLE_ROWS, b = 'r' || (a % 10). */
static int64_t expected_rows(int m, const char *s)
{
    int64_t n = 0;
    for (int a = 1; a <= TABLE_ROWS; a++) {
        char b[16];
        snprintf(b, sizeof b, "r%d", a % 10);
        n += a % 7 == m && strcmp(b, s) != 0;
    }
    return n;
}

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    exec_ok("CREATE TABLE t (a int, b text)");
    exec_ok("INSERT INTO t VALUES (1, 'r1')");
    for (int i = 0; i < 12; i++) { /* a = 1..4096 */
        char sql[96];
        snprintf(sql, sizeof sql, "INSERT INTO t SELECT a + %d, 'r' || ((a + %d) %% 10) FROM t", 1 << i,
                 1 << i);
        exec_ok(sql);
    }
    exec_ok("LOAD '" TEST_ARENA_PLUGIN "'");
    exec_ok("SET sunstone.operator_filter = 'arena_filter'");
}

static void teardown(void)
{
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}

/* The text of EXPLAIN's line for the filter. */
static void explain_filter(char *out, size_t outlen)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "EXPLAIN SELECT a FROM t WHERE a % 7 = 1", -1, &st, NULL),
                     SUNSTONE_OK);
    out[0] = '\0';
    while (sunstone_step(st) == SUNSTONE_ROW) {
        const char *line = sunstone_column_text(st, 0);
        if (strstr(line, "arena_filter"))
            snprintf(out, outlen, "%s", line);
    }
    sunstone_finalize(st);
}

START_TEST(state_survives_executions)
{
    char before[256], after[256];
    explain_filter(before, sizeof before);
    ck_assert_msg(strstr(before, "instances opened in this process: 1)"), "EXPLAIN: %s", before);

    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a, b FROM t WHERE a % 7 = $1 AND b <> $2", -1, &st, NULL),
                     SUNSTONE_OK);
    char text[64];
    for (int run = 0; run < EXECUTIONS; run++) {
        int m = run % 7;
        /* a text parameter whose length changes from run to run: the kernel's own
           per-execution allocations change size too */
        snprintf(text, sizeof text, "r%d%.*s", run % 10, run % 40, "----------------------------------------");
        if (run % 40 == 0)
            snprintf(text, sizeof text, "r%d", run % 10);
        ck_assert_int_eq(sunstone_bind_int64(st, 1, m), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_bind_text(st, 2, text, -1), SUNSTONE_OK);
        int64_t rows = 0;
        int rc;
        while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
            int64_t a = sunstone_column_int64(st, 0);
            ck_assert_int_eq(a % 7, m);
            rows++;
        }
        ck_assert_msg(rc == SUNSTONE_DONE, "execution %d: %s (%s)", run + 1, sunstone_errmsg(db),
                      sunstone_sqlstate(db));
        ck_assert_int_eq(rows, expected_rows(m, text));
        ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    }
    ck_assert_int_eq(sunstone_finalize(st), SUNSTONE_OK);

    /* one instance for EXPLAIN above, one for the 1000 executions, one for EXPLAIN below: the
       prepared statement's tree was opened once and reused */
    explain_filter(after, sizeof after);
    ck_assert_msg(strstr(after, "instances opened in this process: 3)"), "EXPLAIN: %s", after);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("arena_lifetime");
    TCase *tc = tcase_create("parked");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, state_survives_executions);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}
