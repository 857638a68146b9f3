/* test_sessions_threads.c — sessions on several threads through the public API
 * (sunstone_open_session, sunstone.h "Sessions and threads"): six threads, each with its own
 * session on one database, insert (through a PRIMARY KEY index), read their own and everyone's
 * rows, take sequence values, run REPEATABLE READ blocks, SET, SQL PREPARE / EXECUTE and
 * catalog lookups at once; the totals, the sequence's uniqueness and each session's own
 * settings hold afterwards.  A second test runs DDL in one session while others query; a
 * third cancels a session's statement from another thread while its neighbours run; a fourth
 * checks that the database lives until its last session closes; the last two that another
 * session's nextval waits for a block's ALTER SEQUENCE.  Built into every build, so
 * the ASan build runs it too; a ThreadSanitizer build (-DSUNSTONE_TSAN=ON) checks its races. */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sunstone.h"
#include "unit/check_suite.h"

#define THREADS 6
#define ROUNDS 150

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

static void text_is(sunstone *s, const char *sql, const char *want)
{
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(s, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(s));
    ck_assert_msg(sunstone_step(st) == SUNSTONE_ROW, "%s: %s", sql, sunstone_errmsg(s));
    ck_assert_str_eq(sunstone_column_text(st, 0), want);
    sunstone_finalize(st);
}

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    exec_ok(db, "CREATE TABLE log (who int, n int, note text);"
                "CREATE TABLE acct (id int PRIMARY KEY, owner int);"
                "CREATE VIEW mine AS SELECT who, count(*) AS c FROM log GROUP BY who;"
                "CREATE SEQUENCE seq");
}

static void teardown(void)
{
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}

typedef struct worker {
    int id;
    sunstone *s; /* opened on the main thread (a call on db), used and closed on the worker's */
    int64_t seqvals[ROUNDS];
    char failure[512]; /* empty: every check held (check's macros are not used off the main thread) */
} worker;

#define FAIL_IF(cond, ...)                                                                                   \
    do {                                                                                                     \
        if (cond) {                                                                                          \
            snprintf(w->failure, sizeof w->failure, __VA_ARGS__);                                            \
            goto out;                                                                                        \
        }                                                                                                    \
    } while (0)

/* The first column of sql's only row as int64 in *v; non-zero on any error. */
static int get_int(sunstone *s, const char *sql, int64_t *v)
{
    sunstone_stmt *st;
    if (sunstone_prepare(s, sql, -1, &st, NULL) != SUNSTONE_OK)
        return 1;
    int rc = sunstone_step(st) == SUNSTONE_ROW ? 0 : 1;
    *v = sunstone_column_int64(st, 0);
    if (!rc && sunstone_step(st) != SUNSTONE_DONE)
        rc = 1;
    sunstone_finalize(st);
    return rc;
}

static void *work(void *arg)
{
    worker *w = arg;
    sunstone *s = w->s;
    sunstone_stmt *ins = NULL, *own = NULL;
    char sql[256];
    snprintf(sql, sizeof sql, "SET work_mem = '%dkB'", 64 + w->id);
    FAIL_IF(sunstone_exec(s, sql, NULL, NULL), "%s: %s", sql, sunstone_errmsg(s));
    snprintf(sql, sizeof sql, "PREPARE count_mine AS SELECT count(*) FROM log WHERE who = %d", w->id);
    FAIL_IF(sunstone_exec(s, sql, NULL, NULL), "%s: %s", sql, sunstone_errmsg(s));
    FAIL_IF(sunstone_prepare(s, "INSERT INTO log VALUES ($1, $2, 'row ' || $2)", -1, &ins, NULL), "prepare: %s",
            sunstone_errmsg(s));
    FAIL_IF(sunstone_prepare(s, "SELECT count(*) FROM log WHERE who = $1", -1, &own, NULL), "prepare: %s",
            sunstone_errmsg(s));
    for (int i = 0; i < ROUNDS; i++) {
        sunstone_bind_int64(ins, 1, w->id);
        sunstone_bind_int64(ins, 2, i);
        FAIL_IF(sunstone_step(ins) != SUNSTONE_DONE, "insert: %s", sunstone_errmsg(s));
        sunstone_reset(ins);
        snprintf(sql, sizeof sql, "INSERT INTO acct VALUES (%d, %d)", w->id * 100000 + i, w->id);
        FAIL_IF(sunstone_exec(s, sql, NULL, NULL), "%s: %s", sql, sunstone_errmsg(s));
        /* its own committed rows, all of them, at once */
        sunstone_bind_int64(own, 1, w->id);
        FAIL_IF(sunstone_step(own) != SUNSTONE_ROW, "count: %s", sunstone_errmsg(s));
        FAIL_IF(sunstone_column_int64(own, 0) != i + 1, "own rows %lld after %d inserts",
                (long long)sunstone_column_int64(own, 0), i + 1);
        sunstone_reset(own);
        int64_t v = 0;
        FAIL_IF(get_int(s, "EXECUTE count_mine", &v) || v != i + 1, "EXECUTE: %lld (%s)", (long long)v,
                sunstone_errmsg(s));
        FAIL_IF(get_int(s, "SELECT nextval('seq')", &w->seqvals[i]), "nextval: %s", sunstone_errmsg(s));
        snprintf(sql, sizeof sql, "SELECT c FROM mine WHERE who = %d", w->id);
        FAIL_IF(get_int(s, sql, &v) || v != i + 1, "view: %lld (%s)", (long long)v, sunstone_errmsg(s));
        /* a REPEATABLE READ block sees one snapshot while the others keep inserting */
        if (i % 10 == 0) {
            int64_t a, b, k;
            FAIL_IF(sunstone_exec(s, "BEGIN ISOLATION LEVEL REPEATABLE READ", NULL, NULL), "BEGIN: %s",
                    sunstone_errmsg(s));
            FAIL_IF(get_int(s, "SELECT count(*) FROM log", &a), "count: %s", sunstone_errmsg(s));
            FAIL_IF(get_int(s, "SELECT count(*) FROM acct WHERE id >= 0", &k), "count: %s", sunstone_errmsg(s));
            FAIL_IF(get_int(s, "SELECT count(*) FROM log", &b), "count: %s", sunstone_errmsg(s));
            FAIL_IF(a != b, "snapshot moved: %lld then %lld", (long long)a, (long long)b);
            FAIL_IF(sunstone_exec(s, "COMMIT", NULL, NULL), "COMMIT: %s", sunstone_errmsg(s));
        }
        /* catalog lookups: system views and the session's own settings */
        FAIL_IF(get_int(s, "SELECT count(*) FROM sunstone_tables WHERE name IN ('log', 'acct')", &v) || v != 2,
                "sunstone_tables: %lld (%s)", (long long)v, sunstone_errmsg(s));
        FAIL_IF(get_int(s, "SELECT count(*) FROM sunstone_plugins WHERE kind = 'storage'", &v) || v < 1,
                "sunstone_plugins: %lld (%s)", (long long)v, sunstone_errmsg(s));
        sunstone_stmt *show;
        FAIL_IF(sunstone_prepare(s, "SHOW work_mem", -1, &show, NULL), "SHOW: %s", sunstone_errmsg(s));
        FAIL_IF(sunstone_step(show) != SUNSTONE_ROW, "SHOW: %s", sunstone_errmsg(s));
        snprintf(sql, sizeof sql, "%dkB", 64 + w->id);
        FAIL_IF(strcmp(sunstone_column_text(show, 0), sql) != 0, "work_mem %s, set %s",
                sunstone_column_text(show, 0), sql);
        sunstone_finalize(show);
    }
out:
    sunstone_finalize(ins);
    sunstone_finalize(own);
    if (s && sunstone_close(s) != SUNSTONE_OK && !w->failure[0])
        snprintf(w->failure, sizeof w->failure, "close: %s", sunstone_errmsg(s));
    return NULL;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

START_TEST(sessions_on_threads)
{
    static worker w[THREADS];
    pthread_t th[THREADS];
    for (int i = 0; i < THREADS; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].id = i + 1;
        ck_assert_int_eq(sunstone_open_session(db, &w[i].s), SUNSTONE_OK);
    }
    for (int i = 0; i < THREADS; i++) {
        ck_assert_int_eq(pthread_create(&th[i], NULL, work, &w[i]), 0);
    }
    for (int i = 0; i < THREADS; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < THREADS; i++)
        ck_assert_msg(!w[i].failure[0], "thread %d: %s", i + 1, w[i].failure);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM log"), THREADS * ROUNDS);
    ck_assert_int_eq(scalar(db, "SELECT count(DISTINCT who * 100000 + n) FROM log"), THREADS * ROUNDS);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM acct"), THREADS * ROUNDS);
    /* every nextval distinct, and together exactly 1..THREADS*ROUNDS */
    static int64_t all[THREADS * ROUNDS];
    for (int i = 0; i < THREADS; i++)
        memcpy(all + i * ROUNDS, w[i].seqvals, sizeof w[i].seqvals);
    qsort(all, THREADS * ROUNDS, sizeof all[0], cmp64);
    for (int i = 0; i < THREADS * ROUNDS; i++)
        ck_assert_int_eq(all[i], i + 1);
    /* the first session's settings were never touched by the others' SET */
    text_is(db, "SHOW work_mem", "4MB");
    /* the PRIMARY KEY index saw every row: a duplicate is still refused */
    ck_assert_int_eq(sunstone_exec(db, "INSERT INTO acct VALUES (100001, 0)", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "23505");
}
END_TEST

/* A session run by one thread for rounds rounds; failure empty while every round passed. */
typedef struct session_arg {
    sunstone *s;
    int rounds;
    char failure[512];
} session_arg;

/* CREATE / INSERT / DROP of its own table, round after round. */
static void *ddl_work(void *arg)
{
    session_arg *w = (session_arg *)arg;
    sunstone *s = w->s;
    for (int i = 0; i < w->rounds && !w->failure[0]; i++)
        if (sunstone_exec(s, "CREATE TABLE scratch (a int); INSERT INTO scratch SELECT generate_series(1, 50);"
                             "CREATE INDEX scratch_a ON scratch (a); CREATE VIEW scratch_v AS SELECT a FROM scratch;"
                             "DROP VIEW scratch_v; DROP TABLE scratch",
                          NULL, NULL))
            snprintf(w->failure, sizeof w->failure, "round %d: %s", i, sunstone_errmsg(s));
    sunstone_close(s);
    return NULL;
}

static void *read_work(void *arg)
{
    session_arg *w = (session_arg *)arg;
    sunstone *s = w->s;
    for (int i = 0; i < w->rounds && !w->failure[0]; i++) {
        int64_t v = 0;
        if (sunstone_exec(s, "INSERT INTO log VALUES (0, 0, 'reader')", NULL, NULL) ||
            get_int(s, "SELECT count(*) FROM log l JOIN mine m ON m.who = l.who", &v) ||
            get_int(s, "SELECT count(*) FROM sunstone_columns", &v))
            snprintf(w->failure, sizeof w->failure, "round %d: %s", i, sunstone_errmsg(s));
    }
    sunstone_close(s);
    return NULL;
}

START_TEST(ddl_beside_queries)
{
    session_arg d = {NULL, 40, ""};
    session_arg r[3] = {{NULL, 120, ""}, {NULL, 120, ""}, {NULL, 120, ""}};
    pthread_t dt, rt[3];
    ck_assert_int_eq(sunstone_open_session(db, &d.s), SUNSTONE_OK);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(sunstone_open_session(db, &r[i].s), SUNSTONE_OK);
    ck_assert_int_eq(pthread_create(&dt, NULL, ddl_work, &d), 0);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(pthread_create(&rt[i], NULL, read_work, &r[i]), 0);
    pthread_join(dt, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(rt[i], NULL);
    ck_assert_msg(!d.failure[0], "DDL session: %s", d.failure);
    for (int i = 0; i < 3; i++)
        ck_assert_msg(!r[i].failure[0], "reader %d: %s", i, r[i].failure);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM log"), 360);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM sunstone_tables WHERE name = 'scratch'"), 0);
}
END_TEST

typedef struct cancel_arg {
    sunstone *s;
    int rc;
    char sqlstate[6];
    atomic_int done; /* set by the thread when its statement returned */
} cancel_arg;

static void *slow_query(void *arg)
{
    cancel_arg *c = arg;
    c->rc = sunstone_exec(c->s,
                          "SELECT count(*) FROM generate_series(1, 2000000) g, generate_series(1, 100) h "
                          "WHERE g % 7 = h",
                          NULL, NULL);
    snprintf(c->sqlstate, sizeof c->sqlstate, "%s", sunstone_sqlstate(c->s));
    atomic_store(&c->done, 1);
    return NULL;
}

/* sunstone_interrupt from the main thread stops one session's statement; another session
 * running at the same time finishes. */
START_TEST(interrupt_one_session)
{
    cancel_arg slow = {0}, other = {0};
    ck_assert_int_eq(sunstone_open_session(db, &slow.s), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_open_session(db, &other.s), SUNSTONE_OK);
    pthread_t a, b;
    ck_assert_int_eq(pthread_create(&a, NULL, slow_query, &slow), 0);
    /* the interrupt flag is cleared when the statement starts: keep sending until it ends */
    for (int i = 0; i < 2000; i++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
        sunstone_interrupt(slow.s);
        if (i == 20)
            ck_assert_int_eq(pthread_create(&b, NULL, slow_query, &other), 0);
        if (i > 20 && atomic_load(&slow.done))
            break;
    }
    pthread_join(a, NULL);
    ck_assert_int_eq(slow.rc, SUNSTONE_ERROR);
    ck_assert_str_eq(slow.sqlstate, "57014");
    sunstone_interrupt(other.s); /* it may be stopped too now: only the first mattered */
    pthread_join(b, NULL);
    ck_assert_int_eq(sunstone_close(slow.s), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(other.s), SUNSTONE_OK);
}
END_TEST

START_TEST(database_outlives_first_session)
{
    sunstone *second;
    ck_assert_int_eq(sunstone_open_session(NULL, &second), SUNSTONE_MISUSE);
    ck_assert_int_eq(sunstone_open_session(db, NULL), SUNSTONE_MISUSE);
    ck_assert_str_eq(sunstone_sqlstate(db), "22004");
    ck_assert_int_eq(sunstone_open_session(db, &second), SUNSTONE_OK);
    exec_ok(db, "INSERT INTO log VALUES (9, 9, 'first')");
    exec_ok(db, "SET work_mem = '1MB'");
    text_is(second, "SHOW work_mem", "4MB"); /* the database's default, not the first's SET */
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
    db = second; /* teardown closes it, and the database with it */
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM log WHERE note = 'first'"), 1);
    ck_assert_int_eq(scalar(db, "SELECT nextval('seq')"), 1);
}
END_TEST

/* SET TRANSACTION ISOLATION LEVEL REPEATABLE READ after BEGIN: the snapshot is the first
 * query's (SET and SHOW take none), so a row another session commits before it is seen, one
 * committed after it is not; SET SESSION CHARACTERISTICS changes only its own session. */
START_TEST(set_transaction_snapshot)
{
    sunstone *other;
    ck_assert_int_eq(sunstone_open_session(db, &other), SUNSTONE_OK);
    exec_ok(db, "BEGIN; SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    text_is(db, "SHOW transaction_isolation", "repeatable read");
    exec_ok(other, "INSERT INTO log VALUES (1, 1, 'before the first query')");
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM log"), 1);
    exec_ok(other, "INSERT INTO log VALUES (1, 2, 'after it')");
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM log"), 1);
    ck_assert_int_eq(sunstone_exec(db, "SET TRANSACTION ISOLATION LEVEL READ COMMITTED", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "25001");
    exec_ok(db, "ROLLBACK");
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM log"), 2);
    exec_ok(other, "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ ONLY");
    text_is(other, "SHOW transaction_isolation", "serializable");
    text_is(db, "SHOW transaction_isolation", "read committed");
    ck_assert_int_eq(sunstone_exec(other, "INSERT INTO log VALUES (1, 3, 'read only')", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(other), "25006");
    ck_assert_int_eq(sunstone_close(other), SUNSTONE_OK);
}
END_TEST

/* ALTER SEQUENCE inside a transaction block holds the sequence's lock until the block ends
 * (catalog/sequences.h, PostgreSQL's ShareRowExclusiveLock): another session's nextval waits
 * for it, then sees the outcome — the old state after ROLLBACK (the values the altering block
 * took are undone with it), the new one after COMMIT. */
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
    tcase_add_test(tc, sessions_on_threads);
    tcase_add_test(tc, ddl_beside_queries);
    tcase_add_test(tc, interrupt_one_session);
    tcase_add_test(tc, database_outlives_first_session);
    tcase_add_test(tc, set_transaction_snapshot);
    tcase_add_test(tc, nextval_waits_for_rollback);
    tcase_add_test(tc, nextval_waits_for_commit);
}

int main(void)
{
    return run_suite("sessions_threads", setup, teardown, add_tests);
}
