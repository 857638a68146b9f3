/* test_seq_alter_lock.c — ALTER SEQUENCE inside a transaction block holds the sequence's lock
 * until the block ends (catalog/sequences.h, PostgreSQL's ShareRowExclusiveLock): another
 * session's nextval waits for it, then sees the outcome — the old state after ROLLBACK (the
 * values the altering block took are undone with it), the new one after COMMIT. */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

#include "sunstone.h"
#include "unit/check_suite.h"

static sunstone *db;

static void exec_ok(sunstone *s, const char *sql)
{
    int rc = sunstone_exec(s, sql, NULL, NULL);
    ck_assert_msg(rc == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(s));
}

static int64_t scalar(sunstone *s, const char *sql)
{
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(s, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(s));
    ck_assert_msg(sunstone_step(st) == SUNSTONE_ROW, "%s: %s", sql, sunstone_errmsg(s));
    int64_t v = sunstone_column_int64(st, 0);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
    return v;
}

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    exec_ok(db, "CREATE SEQUENCE seq");
}

static void teardown(void)
{
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}

typedef struct waiter {
    sunstone *s;
    atomic_int done;
    int rc;
    int64_t value;
} waiter;

/* nextval('seq') on the waiter's session (no check macros off the main thread) */
static void *take(void *arg)
{
    waiter *w = arg;
    sunstone_stmt *st;
    w->rc = sunstone_prepare(w->s, "SELECT nextval('seq')", -1, &st, NULL);
    if (w->rc == SUNSTONE_OK) {
        w->rc = sunstone_step(st);
        if (w->rc == SUNSTONE_ROW)
            w->value = sunstone_column_int64(st, 0);
        sunstone_finalize(st);
    }
    atomic_store(&w->done, 1);
    return NULL;
}

static void pause_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Runs nextval on a second session while db's block holds the ALTER; ends the block with end. */
static int64_t taken_after(const char *end)
{
    waiter w = {0};
    ck_assert_int_eq(sunstone_open_session(db, &w.s), SUNSTONE_OK);
    exec_ok(db, "BEGIN");
    exec_ok(db, "ALTER SEQUENCE seq RESTART WITH 100");
    ck_assert_int_eq(scalar(db, "SELECT nextval('seq')"), 100);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, take, &w), 0);
    pause_ms(300);
    ck_assert_msg(!atomic_load(&w.done), "nextval did not wait for the ALTER's block");
    exec_ok(db, end);
    pthread_join(t, NULL);
    ck_assert_msg(w.rc == SUNSTONE_ROW, "nextval after the wait: %s", sunstone_errmsg(w.s));
    ck_assert_int_eq(sunstone_close(w.s), SUNSTONE_OK);
    return w.value;
}

START_TEST(nextval_waits_for_rollback)
{
    ck_assert_int_eq(scalar(db, "SELECT nextval('seq')"), 1);
    ck_assert_int_eq(taken_after("ROLLBACK"), 2); /* 100 and 101 undone with the block */
    ck_assert_int_eq(scalar(db, "SELECT nextval('seq')"), 3);
}
END_TEST

START_TEST(nextval_waits_for_commit)
{
    ck_assert_int_eq(taken_after("COMMIT"), 101);
    ck_assert_int_eq(scalar(db, "SELECT nextval('seq')"), 102);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, nextval_waits_for_rollback);
    tcase_add_test(tc, nextval_waits_for_commit);
}

int main(void)
{
    return run_suite("seq_alter_lock", setup, teardown, add_tests);
}
