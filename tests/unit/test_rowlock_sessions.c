/* test_rowlock_sessions.c — SELECT ... FOR UPDATE / NO KEY UPDATE / SHARE / KEY SHARE between
 * sessions on threads (exec/row_lock_take.c, txn/txn_row_locks.c): an UPDATE waits for a
 * FOR UPDATE lock, sharers share and block writers, NOWAIT's 55P03, SKIP LOCKED (a job
 * queue: two workers never take the same row), upgrading one's own lock, 40P01, lock_timeout,
 * ROLLBACK TO releasing a lock, 40001 under REPEATABLE READ, the READ COMMITTED re-check of
 * the WHERE, and the KEY SHARE a foreign-key check takes on the referenced row. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_util.h"

static sunstone *setup(void)
{
    sunstone *a = open_first();
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO t VALUES (1, 1), (2, 2), (3, 3)");
    return a;
}

/* sql's error on db: its SQLSTATE must be state. */
static void fails(sunstone *db, const char *sql, const char *state, const char *msg)
{
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), state);
    if (msg)
        ck_assert_str_eq(sunstone_errmsg(db), msg);
}

START_TEST(for_update_blocks_update)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 1 FOR UPDATE"), 1);
    session_job j = {b, "UPDATE t SET v = v * 10 WHERE id = 1", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 1"), 1);
    run(a, "UPDATE t SET v = v + 1 WHERE id = 1");
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 1"), 20);
    close_both(a, b);
}
END_TEST

START_TEST(readers_and_other_rows_not_blocked)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "SELECT * FROM t WHERE id = 1 FOR UPDATE");
    ck_assert_int_eq(scalar(b, "SELECT sum(v) FROM t"), 6);
    run(b, "UPDATE t SET v = 20 WHERE id = 2");
    run(b, "DELETE FROM t WHERE id = 3");
    ck_assert_int_eq(scalar(b, "SELECT v FROM t WHERE id = 2 FOR UPDATE"), 20);
    run(a, "COMMIT");
    close_both(a, b);
}
END_TEST

START_TEST(sharers_share_and_block_writers)
{
    sunstone *a = setup(), *b = open_more(a), *c = open_more(a);
    run(a, "BEGIN");
    run(b, "BEGIN");
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 1 FOR SHARE"), 1);
    ck_assert_int_eq(scalar(b, "SELECT v FROM t WHERE id = 1 FOR SHARE NOWAIT"), 1);
    ck_assert_int_eq(scalar(b, "SELECT v FROM t WHERE id = 1 FOR KEY SHARE NOWAIT"), 1);
    fails(c, "SELECT v FROM t WHERE id = 1 FOR NO KEY UPDATE NOWAIT", "55P03",
          "could not obtain lock on row in relation \"t\"");
    session_job j = {c, "UPDATE t SET v = 7 WHERE id = 1", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, "COMMIT");
    sleep_ms(100);
    ck_assert_int_eq(j.done, 0); /* b still shares it */
    run(b, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 1"), 7);
    ck_assert_int_eq(sunstone_close(c), SUNSTONE_OK);
    close_both(a, b);
}
END_TEST

START_TEST(conflict_table)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "SELECT * FROM t WHERE id = 1 FOR NO KEY UPDATE");
    run(b, "BEGIN");
    run(b, "SELECT * FROM t WHERE id = 1 FOR KEY SHARE NOWAIT"); /* no conflict */
    fails(b, "SELECT * FROM t WHERE id = 1 FOR SHARE NOWAIT", "55P03", NULL);
    run(b, "ROLLBACK");
    run(a, "ROLLBACK");
    run(a, "BEGIN");
    run(a, "SELECT * FROM t WHERE id = 1 FOR KEY SHARE");
    run(b, "UPDATE t SET v = 5 WHERE id = 1"); /* a non-key UPDATE passes a KEY SHARE lock */
    fails(b, "SELECT * FROM t WHERE id = 1 FOR UPDATE NOWAIT", "55P03", NULL);
    run(b, "SET lock_timeout = '50ms'");
    fails(b, "UPDATE t SET id = 10 WHERE id = 1", "55P03", "canceling statement due to lock timeout");
    fails(b, "DELETE FROM t WHERE id = 1", "55P03", "canceling statement due to lock timeout");
    run(a, "COMMIT");
    run(b, "DELETE FROM t WHERE id = 1");
    close_both(a, b);
}
END_TEST

START_TEST(skip_locked_takes_next_row)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(b, "BEGIN");
    ck_assert_int_eq(scalar(a, "SELECT id FROM t ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED"), 1);
    ck_assert_int_eq(scalar(b, "SELECT id FROM t ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED"), 2);
    ck_assert_int_eq(scalar(a, "SELECT id FROM t ORDER BY id OFFSET 1 LIMIT 1 FOR UPDATE SKIP LOCKED"), 3);
    fails(b, "SELECT id FROM t WHERE id = 3 FOR UPDATE NOWAIT", "55P03", NULL);
    run(a, "COMMIT");
    run(b, "COMMIT");
    close_both(a, b);
}
END_TEST

typedef struct worker {
    sunstone *db;
    int n;
    int failed;
} worker;

/* A job-queue worker: takes the first free job with FOR UPDATE SKIP LOCKED, marks it done and
 * records it (taken's PRIMARY KEY would refuse a job taken twice), until none is left. */
static void *work(void *arg)
{
    worker *w = arg;
    for (;;) {
        if (sunstone_exec(w->db, "BEGIN", NULL, NULL) != SUNSTONE_OK) {
            w->failed = 1;
            return NULL;
        }
        long long id = scalar(w->db, "SELECT id FROM jobs WHERE NOT done ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED");
        if (id < 0) {
            sunstone_exec(w->db, "COMMIT", NULL, NULL);
            return NULL;
        }
        char sql[160];
        snprintf(sql, sizeof sql, "UPDATE jobs SET done = true WHERE id = %lld", id);
        int rc = sunstone_exec(w->db, sql, NULL, NULL);
        snprintf(sql, sizeof sql, "INSERT INTO taken VALUES (%lld)", id);
        if (rc == SUNSTONE_OK)
            rc = sunstone_exec(w->db, sql, NULL, NULL);
        if (rc == SUNSTONE_OK)
            rc = sunstone_exec(w->db, "COMMIT", NULL, NULL);
        if (rc != SUNSTONE_OK) {
            w->failed = 1;
            sunstone_exec(w->db, "ROLLBACK", NULL, NULL);
            return NULL;
        }
        w->n++;
    }
}

START_TEST(job_queue_never_takes_a_row_twice)
{
    sunstone *a = open_first(), *b = open_more(a), *c = open_more(a);
    run(a, "CREATE TABLE jobs (id int PRIMARY KEY, done boolean)");
    run(a, "CREATE TABLE taken (id int PRIMARY KEY)");
    run(a, "INSERT INTO jobs SELECT g, false FROM generate_series(1, 200) g");
    worker w1 = {b, 0, 0}, w2 = {c, 0, 0};
    pthread_t t1, t2;
    ck_assert_int_eq(pthread_create(&t1, NULL, work, &w1), 0);
    ck_assert_int_eq(pthread_create(&t2, NULL, work, &w2), 0);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    ck_assert_int_eq(w1.failed, 0);
    ck_assert_int_eq(w2.failed, 0);
    ck_assert_int_eq(w1.n + w2.n, 200);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM taken"), 200);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM jobs WHERE NOT done"), 0);
    ck_assert_int_eq(sunstone_close(c), SUNSTONE_OK);
    close_both(a, b);
}
END_TEST

START_TEST(upgrade_waits_for_other_sharer)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(b, "BEGIN");
    run(a, "SELECT * FROM t WHERE id = 1 FOR SHARE");
    run(a, "SELECT * FROM t WHERE id = 1 FOR UPDATE"); /* alone: upgraded at once */
    fails(b, "SELECT * FROM t WHERE id = 1 FOR KEY SHARE NOWAIT", "55P03", NULL);
    run(b, "ROLLBACK");
    run(a, "ROLLBACK");
    run(a, "BEGIN");
    run(b, "BEGIN");
    run(a, "SELECT * FROM t WHERE id = 1 FOR SHARE");
    run(b, "SELECT * FROM t WHERE id = 1 FOR SHARE");
    session_job j = {a, "SELECT * FROM t WHERE id = 1 FOR UPDATE", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th); /* for b's share */
    run(b, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    fails(b, "SELECT * FROM t WHERE id = 1 FOR KEY SHARE NOWAIT", "55P03", NULL);
    run(a, "COMMIT");
    close_both(a, b);
}
END_TEST

START_TEST(deadlock_detected)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "SELECT * FROM t WHERE id = 1 FOR UPDATE");
    run(b, "BEGIN");
    run(b, "SELECT * FROM t WHERE id = 2 FOR SHARE");
    session_job j = {b, "SELECT * FROM t WHERE id = 1 FOR SHARE", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    fails(a, "UPDATE t SET v = 0 WHERE id = 2", "40P01", "deadlock detected");
    run(a, "ROLLBACK");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    run(b, "COMMIT");
    close_both(a, b);
}
END_TEST

START_TEST(lock_timeout_and_savepoint_release)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "SAVEPOINT s");
    run(a, "SELECT * FROM t WHERE id = 1 FOR UPDATE");
    run(b, "SET lock_timeout = '50ms'");
    fails(b, "SELECT * FROM t WHERE id = 1 FOR KEY SHARE", "55P03", "canceling statement due to lock timeout");
    run(a, "ROLLBACK TO s"); /* the savepoint's lock goes with it */
    run(b, "UPDATE t SET v = 9 WHERE id = 1");
    run(a, "SELECT * FROM t WHERE id = 2 FOR UPDATE");
    run(a, "RELEASE s");
    fails(b, "DELETE FROM t WHERE id = 2", "55P03", NULL);
    run(a, "COMMIT");
    run(b, "DELETE FROM t WHERE id = 2");
    close_both(a, b);
}
END_TEST

START_TEST(repeatable_read_serialization_failure)
{
    sunstone *a = setup(), *b = open_more(a);
    run(b, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 3);
    run(a, "UPDATE t SET v = 5 WHERE id = 1");
    run(a, "DELETE FROM t WHERE id = 2");
    fails(b, "SELECT * FROM t WHERE id = 1 FOR KEY SHARE", "40001",
          "could not serialize access due to concurrent update");
    run(b, "ROLLBACK");
    run(b, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 2);
    run(a, "DELETE FROM t WHERE id = 3");
    fails(b, "SELECT * FROM t FOR UPDATE", "40001", "could not serialize access due to concurrent delete");
    run(b, "ROLLBACK");
    close_both(a, b);
}
END_TEST

typedef struct count_job {
    sunstone *db;
    const char *sql;
    int rows;
    long long sum;
    volatile int done;
} count_job;

static void *count_rows(void *arg)
{
    count_job *j = arg;
    sunstone_stmt *st;
    j->rows = -1;
    if (sunstone_prepare(j->db, j->sql, -1, &st, NULL) == SUNSTONE_OK) {
        int rc, n = 0;
        while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
            n++;
            j->sum += atoll(sunstone_column_text(st, 0));
        }
        if (rc == SUNSTONE_DONE)
            j->rows = n;
        sunstone_finalize(st);
    }
    j->done = 1;
    return NULL;
}

START_TEST(read_committed_rechecks_where)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = 100 WHERE id = 1");
    run(a, "UPDATE t SET v = 30 WHERE id = 3");
    count_job j = {b, "SELECT v FROM t WHERE v < 50 ORDER BY id FOR UPDATE", 0, 0, 0};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, count_rows, &j), 0);
    sleep_ms(200);
    ck_assert_int_eq(j.done, 0);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    /* row 1 (now 100) no longer qualifies; row 3 is locked in its new version */
    ck_assert_int_eq(j.rows, 2);
    ck_assert_int_eq(j.sum, 32);
    close_both(a, b);
}
END_TEST

START_TEST(foreign_key_takes_key_share)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE parent (id int PRIMARY KEY, v int)");
    run(a, "CREATE TABLE child (pid int REFERENCES parent)");
    run(a, "INSERT INTO parent VALUES (1, 1), (2, 2)");
    run(a, "BEGIN");
    run(a, "INSERT INTO child VALUES (1)");
    run(b, "UPDATE parent SET v = 5 WHERE id = 1"); /* a non-key UPDATE does not wait */
    fails(b, "SELECT * FROM parent WHERE id = 1 FOR UPDATE NOWAIT", "55P03", NULL);
    run(b, "SELECT * FROM parent WHERE id = 1 FOR NO KEY UPDATE NOWAIT");
    session_job j = {b, "DELETE FROM parent WHERE id = 1", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th); /* the KEY SHARE lock went on to the updated version */
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(j.rc, SUNSTONE_ERROR);
    ck_assert_str_eq(j.sqlstate, "23503");
    run(b, "DELETE FROM parent WHERE id = 2");
    close_both(a, b);
}
END_TEST

START_TEST(on_conflict_do_update_and_row_locks)
{
    sunstone *a = setup(), *b = open_more(a);
    /* a false WHERE leaves the conflicting row locked (NO KEY UPDATE), as PostgreSQL's */
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET v = 0 WHERE false");
    fails(b, "SELECT * FROM t WHERE id = 1 FOR SHARE NOWAIT", "55P03", NULL);
    run(b, "SELECT * FROM t WHERE id = 1 FOR KEY SHARE NOWAIT");
    run(a, "COMMIT");
    run(b, "SELECT * FROM t WHERE id = 1 FOR UPDATE NOWAIT");
    /* DO UPDATE waits for a FOR UPDATE lock */
    run(a, "BEGIN");
    run(a, "SELECT * FROM t WHERE id = 2 FOR UPDATE");
    session_job j = {b, "INSERT INTO t VALUES (2, 5) ON CONFLICT (id) DO UPDATE SET v = t.v + excluded.v", 0, "", "",
                     0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, "UPDATE t SET v = 10 WHERE id = 2");
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 2"), 15);
    close_both(a, b);
}
END_TEST

START_TEST(locks_through_subqueries_and_views)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "CREATE VIEW tv AS SELECT * FROM t WHERE id > 2");
    run(a, "BEGIN");
    run(a, "SELECT * FROM (SELECT id FROM t WHERE id = 1) s FOR UPDATE");
    run(a, "SELECT * FROM tv FOR SHARE");
    fails(b, "SELECT * FROM t WHERE id = 1 FOR KEY SHARE NOWAIT", "55P03", NULL);
    fails(b, "SELECT * FROM t WHERE id = 3 FOR UPDATE NOWAIT", "55P03", NULL);
    run(b, "SELECT * FROM t WHERE id = 3 FOR SHARE NOWAIT");
    run(b, "SELECT * FROM t WHERE id = 2 FOR UPDATE NOWAIT");
    run(a, "COMMIT");
    run(b, "SELECT * FROM t FOR UPDATE NOWAIT");
    close_both(a, b);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("rowlock_sessions");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, for_update_blocks_update);
    tcase_add_test(tc, readers_and_other_rows_not_blocked);
    tcase_add_test(tc, sharers_share_and_block_writers);
    tcase_add_test(tc, conflict_table);
    tcase_add_test(tc, skip_locked_takes_next_row);
    tcase_add_test(tc, job_queue_never_takes_a_row_twice);
    tcase_add_test(tc, upgrade_waits_for_other_sharer);
    tcase_add_test(tc, deadlock_detected);
    tcase_add_test(tc, lock_timeout_and_savepoint_release);
    tcase_add_test(tc, repeatable_read_serialization_failure);
    tcase_add_test(tc, read_committed_rechecks_where);
    tcase_add_test(tc, foreign_key_takes_key_share);
    tcase_add_test(tc, on_conflict_do_update_and_row_locks);
    tcase_add_test(tc, locks_through_subqueries_and_views);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
