/* test_interrupt.c — cancelling running statements through the public API: a second thread
 * calls sunstone_interrupt during a long INSERT ... SELECT and a long aggregation (57014
 * "canceling statement due to user request", the measured latency printed and asserted
 * under a generous bound, the table unchanged, the statement resettable, the handle usable),
 * statement_timeout fails a long query with "... due to statement timeout", and an interrupt
 * while nothing runs is ignored. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sunstone.h"

/* Each row of big holds 1000 'a's: matching LIKE '%' || repeat('a', 500) || 'b' costs about
 * 250k steps a row, so every query below runs for many seconds unless cancelled. */
#define SLOW_PREDICATE "b LIKE '%' || repeat('a', 500) || 'b'"

static sunstone *db;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void exec_ok(const char *sql)
{
    int rc = sunstone_exec(db, sql, NULL, NULL);
    ck_assert_msg(rc == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

static int64_t scalar(const char *sql)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, sql, -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    int64_t v = sunstone_column_int64(st, 0);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
    return v;
}

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    exec_ok("CREATE TABLE big (a int, b text); CREATE TABLE dst (a int, b text)");
    exec_ok("INSERT INTO big VALUES (1, repeat('a', 1000))");
    for (int i = 0; i < 14; i++) { /* 16384 rows, a = 1..16384 */
        char sql[96];
        snprintf(sql, sizeof sql, "INSERT INTO big SELECT a + %d, b FROM big", 1 << i);
        exec_ok(sql);
    }
    exec_ok("INSERT INTO dst VALUES (1, 'kept')");
}

static void teardown(void)
{
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}

typedef struct interrupter {
    pthread_t thread;
    int delay_ms;
    double sent_at;
} interrupter;

static void *interrupt_later(void *arg)
{
    interrupter *it = arg;
    usleep((useconds_t)it->delay_ms * 1000);
    it->sent_at = now_ms();
    sunstone_interrupt(db);
    return NULL;
}

/* Steps st to its end with an interrupt sent after delay_ms; returns the latency in ms from
 * the interrupt to the error, which must be 57014 "... due to user request". */
static double step_interrupted(sunstone_stmt *st, int delay_ms)
{
    interrupter it = {.delay_ms = delay_ms};
    ck_assert_int_eq(pthread_create(&it.thread, NULL, interrupt_later, &it), 0);
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW)
        ;
    double failed_at = now_ms();
    pthread_join(it.thread, NULL);
    ck_assert_int_eq(rc, SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "57014");
    ck_assert_str_eq(sunstone_errmsg(db), "canceling statement due to user request");
    ck_assert_msg(failed_at > it.sent_at, "the statement failed before the interrupt was sent");
    return failed_at - it.sent_at;
}

START_TEST(interrupt_insert_select)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "INSERT INTO dst SELECT a, b FROM big WHERE " SLOW_PREDICATE " OR a > 0",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    double latency = step_interrupted(st, 200);
    printf("interrupt_insert_select: interrupt to error %.1f ms\n", latency);
    ck_assert_msg(latency < 1000, "cancel took %.1f ms", latency);
    /* nothing was written, and the statement runs again after reset (cancelled again) */
    ck_assert_int_eq(scalar("SELECT count(*) FROM dst"), 1);
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    latency = step_interrupted(st, 100);
    printf("interrupt_insert_select (after reset): interrupt to error %.1f ms\n", latency);
    ck_assert_msg(latency < 1000, "cancel took %.1f ms", latency);
    ck_assert_int_eq(sunstone_finalize(st), SUNSTONE_OK);
    ck_assert_int_eq(scalar("SELECT count(*) FROM dst"), 1);
    ck_assert_int_eq(scalar("SELECT count(*) FROM big"), 16384);
    exec_ok("INSERT INTO dst SELECT a, b FROM big WHERE a <= 3");
    ck_assert_int_eq(scalar("SELECT count(*) FROM dst"), 4);
}
END_TEST

START_TEST(interrupt_aggregate_and_sort)
{
    const char *queries[] = {
        "SELECT a % 7, count(*) FROM big WHERE NOT " SLOW_PREDICATE " GROUP BY 1",
        "SELECT a FROM big WHERE NOT " SLOW_PREDICATE " ORDER BY b DESC, a",
    };
    for (size_t i = 0; i < sizeof queries / sizeof queries[0]; i++) {
        sunstone_stmt *st;
        ck_assert_int_eq(sunstone_prepare(db, queries[i], -1, &st, NULL), SUNSTONE_OK);
        double latency = step_interrupted(st, 150);
        printf("interrupt_aggregate_and_sort[%zu]: interrupt to error %.1f ms\n", i, latency);
        ck_assert_msg(latency < 1000, "cancel took %.1f ms", latency);
        ck_assert_int_eq(sunstone_finalize(st), SUNSTONE_OK);
    }
    ck_assert_int_eq(scalar("SELECT count(*) FROM big WHERE a < 10"), 9);
}
END_TEST

START_TEST(interrupt_while_fetching_rows)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM big", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_interrupt(db), SUNSTONE_OK);
    int rc, rows = 1;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW)
        rows++;
    ck_assert_int_eq(rc, SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "57014");
    ck_assert_int_lt(rows, 16384); /* stopped at the next batch */
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    rows = 0;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW)
        rows++;
    ck_assert_int_eq(rc, SUNSTONE_DONE);
    ck_assert_int_eq(rows, 16384);
    sunstone_finalize(st);
}
END_TEST

START_TEST(interrupt_while_idle_is_ignored)
{
    ck_assert_int_eq(sunstone_interrupt(db), SUNSTONE_OK);
    ck_assert_int_eq(scalar("SELECT count(*) FROM big"), 16384);
    ck_assert_int_eq(sunstone_interrupt(db), SUNSTONE_OK);
    exec_ok("INSERT INTO dst VALUES (2, 'x')");
    ck_assert_int_eq(scalar("SELECT count(*) FROM dst"), 2);
}
END_TEST

START_TEST(statement_timeout_fires)
{
    exec_ok("SET statement_timeout = 50");
    const char *queries[] = {
        "SELECT count(*) FROM big WHERE " SLOW_PREDICATE,
        "INSERT INTO dst SELECT a, b FROM big WHERE " SLOW_PREDICATE " OR a > 0",
        "SELECT repeat('a', 100000) LIKE '%' || repeat('a', 5000) || 'b'", /* folded at prepare */
    };
    for (size_t i = 0; i < sizeof queries / sizeof queries[0]; i++) {
        double start = now_ms();
        int rc = sunstone_exec(db, queries[i], NULL, NULL);
        double elapsed = now_ms() - start;
        printf("statement_timeout_fires[%zu]: 50 ms timeout fired after %.1f ms\n", i, elapsed);
        ck_assert_int_eq(rc, SUNSTONE_ERROR);
        ck_assert_str_eq(sunstone_sqlstate(db), "57014");
        ck_assert_str_eq(sunstone_errmsg(db), "canceling statement due to statement timeout");
        ck_assert_msg(elapsed >= 50 && elapsed < 1000, "fired after %.1f ms", elapsed);
    }
    /* quick statements still run; the table is unchanged */
    ck_assert_int_eq(scalar("SELECT count(*) FROM dst"), 1);
    exec_ok("SET statement_timeout = 0");
    ck_assert_int_eq(scalar("SELECT count(*) FROM big WHERE a = 5"), 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("interrupt");
    TCase *tc = tcase_create("interrupt");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, interrupt_insert_select);
    tcase_add_test(tc, interrupt_aggregate_and_sort);
    tcase_add_test(tc, interrupt_while_fetching_rows);
    tcase_add_test(tc, interrupt_while_idle_is_ignored);
    tcase_add_test(tc, statement_timeout_fires);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
