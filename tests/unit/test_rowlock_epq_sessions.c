/* test_rowlock_epq_sessions.c — (LK) READ COMMITTED's re-check of rows a concurrent
 * transaction changed and committed (exec/row_epq.c, PostgreSQL's EvalPlanQual) and locking
 * clauses of nested queries (exec/row_lock_filter.c) between sessions on threads: the
 * examples of PostgreSQL's "13.2.1 Read Committed Isolation Level" (two concurrent
 * increments of one balance; the website hits DELETE that does not see the row made newly
 * matching), a row whose new version no longer qualifies, a deleted row, rows inserted
 * meanwhile, SELECT ... FOR UPDATE's order and LIMIT over re-checked rows, the one-statement
 * job queue (UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED) RETURNING id), NOWAIT
 * in a subquery, INSERT ... SELECT ... FOR UPDATE reading again, and a cursor locking its
 * rows at DECLARE. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_util.h"

/* A statement on a thread whose first column's values are collected ("1,2,3"). */
typedef struct list_job {
    sunstone *db;
    const char *sql;
    int rc;
    char sqlstate[6];
    char out[256];
    int64_t changes;
    volatile int done;
} list_job;

static void *list_main(void *arg)
{
    list_job *j = arg;
    sunstone_stmt *st;
    j->out[0] = 0;
    j->rc = sunstone_prepare(j->db, j->sql, -1, &st, NULL);
    if (j->rc == SUNSTONE_OK) {
        int rc;
        while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
            const char *t = sunstone_column_text(st, 0);
            size_t n = strlen(j->out);
            snprintf(j->out + n, sizeof j->out - n, "%s%s", n ? "," : "", t ? t : "null");
        }
        j->rc = rc == SUNSTONE_DONE ? SUNSTONE_OK : rc;
        sunstone_finalize(st);
    }
    if (j->rc != SUNSTONE_OK)
        snprintf(j->sqlstate, sizeof j->sqlstate, "%s", sunstone_sqlstate(j->db));
    j->done = 1;
    return NULL;
}

static void start_list(list_job *j, pthread_t *th)
{
    ck_assert_int_eq(pthread_create(th, NULL, list_main, j), 0);
    sleep_ms(200);
    ck_assert_int_eq(j->done, 0);
}

/* The rows of sql on db, as list_main collects them. */
static void rows_are(sunstone *db, const char *sql, const char *want)
{
    list_job j = {db, sql, 0, "", "", 0, 0};
    list_main(&j);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
    ck_assert_str_eq(j.out, want);
}

START_TEST(concurrent_increments_both_count)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE accounts (acctnum int PRIMARY KEY, balance int)");
    run(a, "INSERT INTO accounts VALUES (12345, 1000), (7534, 500)");
    run(a, "BEGIN");
    run(a, "UPDATE accounts SET balance = balance + 100 WHERE acctnum = 12345");
    run(a, "UPDATE accounts SET balance = balance - 100 WHERE acctnum = 7534");
    list_job j = {b, "UPDATE accounts SET balance = balance + 100 WHERE acctnum = 12345 RETURNING balance", 0, "",
                  "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    ck_assert_str_eq(j.out, "1200"); /* the newest version, re-checked and updated */
    rows_are(a, "SELECT balance FROM accounts ORDER BY acctnum", "400,1200");
    close_both(a, b);
}
END_TEST

START_TEST(website_hits_delete_skips_changed_row)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE website (id int PRIMARY KEY, hits int)");
    run(a, "INSERT INTO website VALUES (1, 9), (2, 10)");
    run(a, "BEGIN");
    run(a, "UPDATE website SET hits = hits + 1");
    list_job j = {b, "DELETE FROM website WHERE hits = 10 RETURNING id", 0, "", "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    /* row 2 is now 11 (re-checked, skipped); row 1, now 10, was 9 in the DELETE's
       snapshot and is not looked at again, as in PostgreSQL */
    ck_assert_str_eq(j.out, "");
    rows_are(a, "SELECT hits FROM website ORDER BY id", "10,11");
    close_both(a, b);
}
END_TEST

START_TEST(update_rechecks_only_changed_rows)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO t VALUES (1, 1), (2, 2), (3, 30), (4, 4)");
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = 100 WHERE id = 1"); /* no longer qualifies */
    run(a, "UPDATE t SET v = 5 WHERE id = 3");   /* newly qualifies: not seen */
    run(a, "UPDATE t SET v = 6 WHERE id = 4");   /* still qualifies: its new version */
    run(a, "DELETE FROM t WHERE id = 2");        /* deleted: skipped */
    run(a, "INSERT INTO t VALUES (5, 1)");       /* inserted meanwhile: not seen */
    list_job j = {b, "UPDATE t SET v = v * 10 WHERE v < 10 RETURNING id", 0, "", "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    ck_assert_str_eq(j.out, "4");
    rows_are(a, "SELECT v FROM t ORDER BY id", "100,5,60,1");
    close_both(a, b);
}
END_TEST

START_TEST(select_for_update_rechecks_in_order)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO t VALUES (1, 1), (2, 2), (3, 30), (4, 4)");
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = 7 WHERE id = 1");  /* still qualifies */
    run(a, "UPDATE t SET v = 3 WHERE id = 3");  /* newly qualifies: not seen */
    run(a, "INSERT INTO t VALUES (0, 0)");      /* not seen */
    list_job j = {b, "SELECT v FROM t WHERE v < 10 ORDER BY id FOR UPDATE", 0, "", "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    ck_assert_str_eq(j.out, "7,2,4"); /* the new version in its place */
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = 8 WHERE id = 1");
    list_job k = {b, "SELECT id FROM t WHERE v < 10 AND id > 0 ORDER BY id LIMIT 2 FOR UPDATE", 0, "", "", 0, 0};
    start_list(&k, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(k.rc, SUNSTONE_OK);
    ck_assert_str_eq(k.out, "1,2"); /* LIMIT counts the re-checked row where it sorts */
    close_both(a, b);
}
END_TEST

/* A worker taking jobs with one statement until none is left. */
typedef struct worker {
    sunstone *db;
    int n, failed;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    for (;;) {
        long long id = scalar(w->db, "UPDATE jobs SET taken = true WHERE id = (SELECT id FROM jobs WHERE NOT taken "
                                     "ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id");
        if (id < 0)
            return NULL;
        char sql[80];
        snprintf(sql, sizeof sql, "INSERT INTO done VALUES (%lld)", id);
        if (sunstone_exec(w->db, sql, NULL, NULL) != SUNSTONE_OK) {
            w->failed = 1;
            return NULL;
        }
        w->n++;
    }
}

START_TEST(one_statement_job_queue)
{
    sunstone *a = open_first(), *b = open_more(a), *c = open_more(a);
    run(a, "CREATE TABLE jobs (id int PRIMARY KEY, taken boolean)");
    run(a, "CREATE TABLE done (id int PRIMARY KEY)");
    run(a, "INSERT INTO jobs SELECT g, false FROM generate_series(1, 200) g");
    worker w1 = {b, 0, 0}, w2 = {c, 0, 0};
    pthread_t t1, t2;
    ck_assert_int_eq(pthread_create(&t1, NULL, work, &w1), 0);
    ck_assert_int_eq(pthread_create(&t2, NULL, work, &w2), 0);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    ck_assert_int_eq(w1.failed + w2.failed, 0);
    ck_assert_int_eq(w1.n + w2.n, 200);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM done"), 200);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM jobs WHERE NOT taken"), 0);
    ck_assert_int_eq(sunstone_close(c), SUNSTONE_OK);
    close_both(a, b);
}
END_TEST

START_TEST(nested_locking_waits_skips_and_fails)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO t VALUES (1, 1), (2, 2), (3, 3)");
    run(a, "BEGIN");
    run(a, "SELECT * FROM t WHERE id = 1 FOR UPDATE");
    expect_error(b, "DELETE FROM t WHERE id IN (SELECT id FROM t WHERE id < 3 FOR UPDATE NOWAIT)", "55P03");
    rows_are(b, "SELECT id FROM (SELECT id FROM t ORDER BY id FOR SHARE SKIP LOCKED) s", "2,3");
    rows_are(b, "WITH c AS (SELECT id FROM t ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) SELECT id FROM c", "2");
    /* a subquery's lock waits; the row changed meanwhile: the statement reads again */
    run(a, "UPDATE t SET v = 10 WHERE id = 1");
    list_job j = {b, "UPDATE t SET v = v + 1 WHERE id = (SELECT id FROM t ORDER BY id LIMIT 1 FOR UPDATE) RETURNING v",
                  0, "", "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    ck_assert_str_eq(j.out, "11");
    /* INSERT ... SELECT ... FOR UPDATE: the same, its staged rows dropped */
    run(a, "CREATE TABLE log (id int, v int)");
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = 20 WHERE id = 1");
    list_job k = {b, "INSERT INTO log SELECT id, v FROM t WHERE id <= 2 ORDER BY id FOR UPDATE RETURNING v", 0, "", "",
                  0, 0};
    start_list(&k, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(k.rc, SUNSTONE_OK);
    ck_assert_str_eq(k.out, "20,2");
    rows_are(a, "SELECT v FROM log ORDER BY id", "20,2");
    /* a cursor locks its rows at DECLARE (PostgreSQL: as FETCH reads them) */
    run(a, "BEGIN");
    run(a, "DECLARE c CURSOR FOR SELECT id FROM t WHERE id >= 2 ORDER BY id FOR UPDATE");
    expect_error(b, "SELECT id FROM t WHERE id = 3 FOR KEY SHARE NOWAIT", "55P03");
    rows_are(a, "FETCH ALL FROM c", "2,3");
    run(a, "COMMIT");
    rows_are(b, "SELECT id FROM t WHERE id = 3 FOR KEY SHARE NOWAIT", "3");
    close_both(a, b);
}
END_TEST

/* (EPQ) The re-check keeps the rows of the relations not locked as the first pass joined
 * them: PostgreSQL re-evaluates the quals with the locked row's newest version and the
 * other relations' original rows (EvalPlanQual), so b's change made meanwhile is not seen. */
START_TEST(recheck_keeps_joined_rows)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE a (id int PRIMARY KEY, v int, bid int)");
    run(a, "CREATE TABLE b (id int, x int)");
    run(a, "INSERT INTO a VALUES (1, 0, 1), (2, 0, 2)");
    run(a, "INSERT INTO b VALUES (1, 1), (2, 1), (3, 1)");
    run(a, "BEGIN");
    run(a, "UPDATE a SET v = v + 1 WHERE id = 1");
    run(a, "UPDATE b SET x = 0 WHERE id = 1");
    list_job j = {b, "UPDATE a SET v = v + 10 FROM b WHERE a.bid = b.id AND b.x > 0 RETURNING a.v * 100 + b.x", 0,
                  "", "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.sqlstate);
    /* row 1's new version with b's row as it was (x 1); the re-checked row comes last */
    ck_assert_str_eq(j.out, "1001,1101");
    rows_are(a, "SELECT v FROM a ORDER BY id", "11,10");
    /* SELECT ... FOR UPDATE OF a: the same, b's row as the first pass joined it */
    run(a, "BEGIN");
    run(a, "UPDATE a SET v = v + 1 WHERE id = 2");
    run(a, "UPDATE b SET x = 5 WHERE id = 2");
    list_job k = {b, "SELECT a.v * 100 + b.x FROM a JOIN b ON a.bid = b.id ORDER BY a.id FOR UPDATE OF a", 0, "",
                  "", 0, 0};
    start_list(&k, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(k.rc == SUNSTONE_OK, "%s", k.sqlstate);
    ck_assert_str_eq(k.out, "1100,1101"); /* b.x of row 2 as it was (1), not 5 */
    /* DELETE ... USING: b's row deleted meanwhile is still the one joined */
    run(a, "BEGIN");
    run(a, "UPDATE a SET v = 0 WHERE id = 1");
    run(a, "DELETE FROM b WHERE id = 1");
    list_job d = {b, "DELETE FROM a USING b WHERE a.bid = b.id AND b.x = 0 RETURNING a.id", 0, "", "", 0, 0};
    start_list(&d, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(d.rc == SUNSTONE_OK, "%s", d.sqlstate);
    ck_assert_str_eq(d.out, "1");
    rows_are(a, "SELECT id FROM a ORDER BY id", "2");
    close_both(a, b);
}
END_TEST

/* (EPQ) SELECT ... FOR UPDATE LIMIT n locks only the rows it returns: a row met changed is
 * re-checked in its place before any later row is locked (PostgreSQL's LockRows below
 * Limit), and a later row changed meanwhile is seen in its newest version. */
START_TEST(limit_locks_only_rows_returned)
{
    sunstone *a = open_first(), *b = open_more(a), *c = open_more(a);
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO t VALUES (1, 1), (2, 20), (3, 3), (4, 4)");
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = v + 1 WHERE id IN (1, 3)");
    run(b, "BEGIN");
    list_job j = {b, "SELECT id, v FROM t WHERE v < 10 ORDER BY id LIMIT 2 FOR UPDATE", 0, "", "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.sqlstate);
    ck_assert_str_eq(j.out, "1,3");
    rows_are(c, "SELECT id FROM t ORDER BY id FOR UPDATE SKIP LOCKED", "2,4");
    expect_error(c, "SELECT id FROM t WHERE id = 3 FOR UPDATE NOWAIT", "55P03");
    run(b, "COMMIT");
    /* LIMIT 1 over a changed first row: the second row stays unlocked */
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = v WHERE id = 1");
    run(b, "BEGIN");
    list_job k = {b, "SELECT id FROM t ORDER BY id LIMIT 1 FOR UPDATE", 0, "", "", 0, 0};
    start_list(&k, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(k.rc == SUNSTONE_OK, "%s", k.sqlstate);
    ck_assert_str_eq(k.out, "1");
    rows_are(c, "SELECT id FROM t WHERE id = 2 FOR UPDATE NOWAIT", "2");
    run(b, "COMMIT");
    ck_assert_int_eq(sunstone_close(c), SUNSTONE_OK);
    close_both(a, b);
}
END_TEST

/* (EPQ) FETCH FIRST ... WITH TIES with a locking clause: the ties are returned and locked,
 * and so is the first row after them (PostgreSQL's Limit reads it from LockRows to compare),
 * nothing later; a tie changed meanwhile is re-checked in its place. */
START_TEST(with_ties_locks_ties_and_next)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO t VALUES (1, 1), (2, 20), (3, 3), (4, 4), (5, 50)");
    run(a, "BEGIN");
    rows_are(a, "SELECT id FROM t ORDER BY v / 10 FETCH FIRST 1 ROWS WITH TIES FOR UPDATE", "1,3,4");
    rows_are(b, "SELECT id FROM t ORDER BY id FOR UPDATE SKIP LOCKED", "5");
    run(a, "UPDATE t SET v = 9 WHERE id = 3");
    list_job j = {b, "SELECT id, v FROM t ORDER BY v / 10 FETCH FIRST 2 ROWS WITH TIES FOR UPDATE", 0, "", "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.sqlstate);
    ck_assert_int_eq(strlen(j.out), 5); /* three of 1, 3, 4 (one order among the ties) */
    expect_error(b, "SELECT id FROM t ORDER BY v FETCH FIRST 1 ROWS WITH TIES FOR UPDATE SKIP LOCKED", "42601");
    close_both(a, b);
}
END_TEST

/* (EPQ) A cursor whose query locks meets a row a committed transaction changed: the row is
 * re-checked (its newest version, if it still qualifies), as PostgreSQL's EvalPlanQual
 * (was 0A000). */
START_TEST(cursor_rechecks_changed_row)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO t VALUES (1, 1), (2, 2), (3, 3)");
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = 10 WHERE id = 1");
    run(a, "UPDATE t SET v = 30 WHERE id = 3"); /* no longer qualifies */
    run(a, "INSERT INTO t VALUES (4, 4)");      /* not seen */
    run(b, "BEGIN");
    list_job j = {b, "DECLARE c CURSOR FOR SELECT id, v FROM t WHERE v < 20 ORDER BY id FOR UPDATE", 0, "", "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.sqlstate);
    rows_are(b, "FETCH ALL FROM c", "1,2");
    expect_error(b, "FETCH BACKWARD 1 FROM c", "55000");
    run(b, "ROLLBACK");
    close_both(a, b);
}
END_TEST

/* (EPQ) A nested query's locking clause in a cursor, and EXPLAIN ANALYZE of a locking
 * SELECT, meeting a row a committed transaction changed: read again (was 0A000). */
START_TEST(cursor_and_explain_analyze_read_again)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO t VALUES (1, 1), (2, 2), (3, 3)");
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = 20 WHERE id = 2");
    run(b, "BEGIN");
    list_job j = {b, "DECLARE d CURSOR FOR SELECT id, v FROM t WHERE id IN (SELECT id FROM t WHERE id <= 2 FOR UPDATE) "
                     "ORDER BY id",
                  0, "", "", 0, 0};
    pthread_t th;
    start_list(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.sqlstate);
    rows_are(b, "FETCH ALL FROM d", "1,2");
    run(b, "ROLLBACK");
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = 30 WHERE id = 3");
    run(b, "BEGIN");
    list_job k = {b, "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT * FROM t WHERE id >= 3 FOR UPDATE", 0,
                  "", "", 0, 0};
    start_list(&k, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(k.rc == SUNSTONE_OK, "%s", k.sqlstate);
    ck_assert_msg(strstr(k.out, "LockRows") != NULL, "%s", k.out);
    expect_error(a, "SELECT id FROM t WHERE id = 3 FOR UPDATE NOWAIT", "55P03");
    run(b, "ROLLBACK");
    close_both(a, b);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("rowlock_epq_sessions");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, concurrent_increments_both_count);
    tcase_add_test(tc, website_hits_delete_skips_changed_row);
    tcase_add_test(tc, update_rechecks_only_changed_rows);
    tcase_add_test(tc, select_for_update_rechecks_in_order);
    tcase_add_test(tc, one_statement_job_queue);
    tcase_add_test(tc, nested_locking_waits_skips_and_fails);
    tcase_add_test(tc, recheck_keeps_joined_rows);
    tcase_add_test(tc, limit_locks_only_rows_returned);
    tcase_add_test(tc, with_ties_locks_ties_and_next);
    tcase_add_test(tc, cursor_rechecks_changed_row);
    tcase_add_test(tc, cursor_and_explain_analyze_read_again);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
