/* test_lock_table_sessions.c — (LK) LOCK TABLE in PostgreSQL's eight modes between sessions
 * on threads (catalog/lock_table.c, txn/txn_table_locks.c): the conflict table among LOCKs
 * (NOWAIT's 55P03 for every pair that conflicts, none for the others), a writer waiting for
 * SHARE and SHARE waiting for a writer, EXCLUSIVE against SELECT ... FOR UPDATE, plain reads
 * passing every mode but ACCESS EXCLUSIVE, lock_timeout, ROLLBACK TO releasing a LOCK, and
 * DROP TABLE waiting for a LOCK of a weak mode; a transaction block's reads holding ACCESS
 * SHARE (ACCESS EXCLUSIVE, ALTER and TRUNCATE wait for it, its own reads go on), TRUNCATE
 * taking ACCESS EXCLUSIVE and CREATE INDEX SHARE. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "session_util.h"

static const char *const modes[9] = {NULL, "ACCESS SHARE", "ROW SHARE", "ROW EXCLUSIVE", "SHARE UPDATE EXCLUSIVE",
                                     "SHARE", "SHARE ROW EXCLUSIVE", "EXCLUSIVE", "ACCESS EXCLUSIVE"};

/* PostgreSQL's table (its documentation, "Conflicting Lock Modes"), row by row. */
static const char *const conflicts[9] = {NULL,       "00000001", "00000011", "00001111", "00011111",
                                         "00110111", "00111111", "01111111", "11111111"};

START_TEST(conflict_table_with_nowait)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    for (int held = 1; held <= 8; held++)
        for (int asked = 1; asked <= 8; asked++) {
            char sql[96];
            run(a, "BEGIN");
            snprintf(sql, sizeof sql, "LOCK TABLE t IN %s MODE", modes[held]);
            run(a, sql);
            run(b, "BEGIN");
            snprintf(sql, sizeof sql, "LOCK TABLE t IN %s MODE NOWAIT", modes[asked]);
            int rc = sunstone_exec(b, sql, NULL, NULL);
            bool conflict = conflicts[held][asked - 1] == '1';
            ck_assert_msg(conflict ? rc != SUNSTONE_OK : rc == SUNSTONE_OK, "%s held, %s asked: %s", modes[held],
                          modes[asked], rc == SUNSTONE_OK ? "granted" : sunstone_errmsg(b));
            if (conflict) {
                ck_assert_str_eq(sunstone_sqlstate(b), "55P03");
                ck_assert_str_eq(sunstone_errmsg(b), "could not obtain lock on relation \"t\"");
            }
            run(b, "ROLLBACK");
            run(a, "ROLLBACK");
        }
    close_both(a, b);
}
END_TEST

START_TEST(share_and_writers_wait_for_each_other)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "INSERT INTO t VALUES (1)");
    run(a, "BEGIN");
    run(a, "LOCK TABLE t IN SHARE MODE");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 1); /* readers pass */
    run(b, "SELECT * FROM t FOR UPDATE");                     /* ROW SHARE passes SHARE */
    session_job j = {b, "INSERT INTO t VALUES (2)", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, "INSERT INTO t VALUES (3)"); /* its own lock does not hold it */
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    /* the other way: SHARE waits for a running writer */
    run(b, "BEGIN");
    run(b, "UPDATE t SET x = x + 10 WHERE x = 1");
    run(a, "BEGIN");
    expect_error(a, "LOCK TABLE t IN SHARE MODE NOWAIT", "55P03");
    run(a, "ROLLBACK");
    run(a, "BEGIN");
    session_job k = {a, "LOCK TABLE t IN SHARE ROW EXCLUSIVE MODE", 0, "", "", 0};
    start_waiting(&k, &th);
    run(b, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(k.rc == SUNSTONE_OK, "%s", k.msg);
    run(a, "COMMIT");
    ck_assert_int_eq(scalar(a, "SELECT sum(x) FROM t"), 16);
    close_both(a, b);
}
END_TEST

START_TEST(exclusive_and_row_locks)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "INSERT INTO t VALUES (1)");
    run(a, "BEGIN");
    run(a, "LOCK TABLE t IN EXCLUSIVE MODE");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 1);
    run(b, "SET lock_timeout = '100ms'");
    expect_error(b, "SELECT * FROM t FOR SHARE", "55P03");
    ck_assert_str_eq(sunstone_errmsg(b), "canceling statement due to lock timeout");
    expect_error(b, "DELETE FROM t", "55P03");
    run(a, "COMMIT");
    run(b, "BEGIN");
    run(b, "SELECT * FROM t FOR KEY SHARE");
    run(a, "BEGIN");
    expect_error(a, "LOCK TABLE t IN EXCLUSIVE MODE NOWAIT", "55P03");
    run(a, "ROLLBACK");
    run(a, "BEGIN");
    run(a, "LOCK TABLE t IN SHARE MODE NOWAIT"); /* ROW SHARE does not conflict with SHARE */
    run(a, "ROLLBACK");
    run(b, "COMMIT");
    close_both(a, b);
}
END_TEST

START_TEST(savepoint_release_and_drop_waits)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "BEGIN");
    run(a, "SAVEPOINT s");
    run(a, "LOCK TABLE t IN SHARE UPDATE EXCLUSIVE MODE");
    run(b, "BEGIN");
    expect_error(b, "LOCK TABLE t IN SHARE UPDATE EXCLUSIVE MODE NOWAIT", "55P03");
    run(b, "ROLLBACK");
    run(a, "ROLLBACK TO s"); /* the savepoint's lock ends */
    run(b, "BEGIN");
    run(b, "LOCK TABLE t IN SHARE UPDATE EXCLUSIVE MODE NOWAIT");
    run(b, "ROLLBACK");
    run(a, "LOCK TABLE t IN ROW SHARE MODE");
    session_job j = {b, "DROP TABLE t", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    close_both(a, b);
}
END_TEST

START_TEST(readers_hold_access_share)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "INSERT INTO t VALUES (1)");
    run(a, "BEGIN");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), 1);
    run(b, "BEGIN");
    expect_error(b, "LOCK TABLE t IN ACCESS EXCLUSIVE MODE NOWAIT", "55P03");
    run(b, "ROLLBACK");
    run(b, "BEGIN");
    run(b, "LOCK TABLE t IN EXCLUSIVE MODE NOWAIT"); /* ACCESS SHARE meets ACCESS EXCLUSIVE only */
    run(b, "ROLLBACK");
    run(b, "BEGIN");
    session_job j = {b, "LOCK TABLE t", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    /* the reader holds its lock: it reads on while the LOCK waits for it */
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), 1);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    /* now readers wait for the held ACCESS EXCLUSIVE */
    session_job k = {a, "SELECT count(*) FROM t", 0, "", "", 0};
    start_waiting(&k, &th);
    run(b, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(k.rc == SUNSTONE_OK, "%s", k.msg);
    /* ALTER TABLE waits for a reading transaction too */
    run(a, "BEGIN");
    run(a, "SELECT * FROM t");
    session_job m = {b, "ALTER TABLE t ADD COLUMN y int", 0, "", "", 0};
    start_waiting(&m, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(m.rc == SUNSTONE_OK, "%s", m.msg);
    /* a savepoint's read ends with ROLLBACK TO */
    run(a, "BEGIN");
    run(a, "SAVEPOINT s");
    run(a, "SELECT * FROM t");
    run(a, "ROLLBACK TO s");
    run(b, "BEGIN");
    run(b, "LOCK TABLE t IN ACCESS EXCLUSIVE MODE NOWAIT");
    run(b, "ROLLBACK");
    run(a, "COMMIT");
    close_both(a, b);
}
END_TEST

START_TEST(truncate_and_create_index_locks)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "INSERT INTO t VALUES (1), (2)");
    run(a, "BEGIN");
    run(a, "TRUNCATE t");
    session_job j = {b, "SELECT count(*) FROM t", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 0);
    /* TRUNCATE waits for a reading transaction */
    run(a, "BEGIN");
    run(a, "SELECT * FROM t");
    session_job k = {b, "TRUNCATE t", 0, "", "", 0};
    start_waiting(&k, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(k.rc == SUNSTONE_OK, "%s", k.msg);
    /* CREATE INDEX (SHARE) waits for a writer, and writers for it */
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES (3)");
    session_job m = {b, "CREATE INDEX t_x ON t (x)", 0, "", "", 0};
    start_waiting(&m, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(m.rc == SUNSTONE_OK, "%s", m.msg);
    run(b, "BEGIN");
    run(b, "CREATE INDEX t_x2 ON t (x)");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), 1); /* readers pass SHARE */
    run(a, "SET lock_timeout = '100ms'");
    expect_error(a, "INSERT INTO t VALUES (4)", "55P03");
    run(b, "COMMIT");
    run(a, "INSERT INTO t VALUES (4)");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t WHERE x = 4"), 1);
    close_both(a, b);
}
END_TEST

/* Steps a prepared statement to its end on a thread. */
typedef struct step_job {
    sunstone_stmt *st;
    volatile int done;
    int rc;
} step_job;

static void *step_main(void *arg)
{
    step_job *j = arg;
    int rc;
    while ((rc = sunstone_step(j->st)) == SUNSTONE_ROW)
        ;
    j->rc = rc;
    sunstone_reset(j->st);
    j->done = 1;
    return NULL;
}

START_TEST(prepared_reads_take_their_locks)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "INSERT INTO t VALUES (1)");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(a, "SELECT x FROM t", -1, &st, NULL), SUNSTONE_OK);
    /* a binding kept from before the block: its execution in the block holds ACCESS SHARE */
    run(a, "BEGIN");
    step_job j = {st, 0, 0};
    step_main(&j);
    ck_assert_int_eq(j.rc, SUNSTONE_DONE);
    run(b, "BEGIN");
    expect_error(b, "LOCK TABLE t NOWAIT", "55P03");
    run(b, "ROLLBACK");
    run(a, "COMMIT");
    /* and it waits for another transaction's ACCESS EXCLUSIVE */
    run(b, "BEGIN");
    run(b, "LOCK TABLE t");
    j = (step_job){st, 0, 0};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, step_main, &j), 0);
    sleep_ms(200);
    ck_assert_int_eq(j.done, 0);
    run(b, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(j.rc, SUNSTONE_DONE);
    /* an ALTER while it waited: the binding is made again */
    run(b, "BEGIN");
    run(b, "ALTER TABLE t ADD COLUMN y int");
    j = (step_job){st, 0, 0};
    ck_assert_int_eq(pthread_create(&th, NULL, step_main, &j), 0);
    sleep_ms(200);
    ck_assert_int_eq(j.done, 0);
    run(b, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_int_eq(j.rc, SUNSTONE_DONE);
    ck_assert_int_eq(sunstone_finalize(st), SUNSTONE_OK);
    close_both(a, b);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("lock_table_sessions");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, conflict_table_with_nowait);
    tcase_add_test(tc, share_and_writers_wait_for_each_other);
    tcase_add_test(tc, exclusive_and_row_locks);
    tcase_add_test(tc, savepoint_release_and_drop_waits);
    tcase_add_test(tc, readers_hold_access_share);
    tcase_add_test(tc, truncate_and_create_index_locks);
    tcase_add_test(tc, prepared_reads_take_their_locks);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
