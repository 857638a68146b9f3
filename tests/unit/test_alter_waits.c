/* test_alter_waits.c — ALTER TABLE and DROP TABLE wait for the transactions writing to the
 * table, as PostgreSQL's ACCESS EXCLUSIVE lock waits for their ROW EXCLUSIVE one: the writer
 * goes on with its own statements on the table while the ALTER waits, others' statements
 * wait behind the ALTER; lock_timeout gives 55P03, a cycle 40P01; LOCK TABLE takes the same
 * lock (NOWAIT: 55P03 at once). */
#include <check.h>
#include <pthread.h>
#include <string.h>

#include "session_util.h"

static void fails(sunstone *db, const char *sql, const char *state)
{
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), state);
}

static void join(session_job *j, pthread_t th)
{
    ck_assert_int_eq(pthread_join(th, NULL), 0);
    ck_assert_int_eq(j->done, 1);
}

START_TEST(alter_waits_for_writer)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES (1)");
    session_job j = {b, "ALTER TABLE t ADD COLUMN y int DEFAULT 7", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    /* the writer goes on: it holds its lock already */
    run(a, "INSERT INTO t VALUES (2)");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), 2);
    sleep_ms(100);
    ck_assert_int_eq(j.done, 0);
    run(a, "COMMIT");
    join(&j, th);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    ck_assert_int_eq(scalar(a, "SELECT sum(y) FROM t"), 14);
    close_both(a, b);
}
END_TEST

START_TEST(drop_waits_for_deleter)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "INSERT INTO t VALUES (1), (2)");
    run(a, "BEGIN");
    run(a, "DELETE FROM t WHERE x = 1");
    session_job j = {b, "DROP TABLE t", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, "ROLLBACK");
    join(&j, th);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    fails(a, "SELECT * FROM t", "42P01");
    close_both(a, b);
}
END_TEST

START_TEST(others_wait_behind_the_alter)
{
    sunstone *a = open_first(), *b = open_more(a), *c = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "BEGIN");
    run(a, "UPDATE t SET x = 1");
    run(a, "INSERT INTO t VALUES (1)");
    session_job j = {b, "ALTER TABLE t ADD COLUMN y int", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    session_job k = {c, "INSERT INTO t VALUES (3)", 0, "", "", 0};
    pthread_t th2;
    start_waiting(&k, &th2);
    run(a, "COMMIT");
    join(&j, th);
    join(&k, th2);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    ck_assert_int_eq(k.rc, SUNSTONE_OK);
    ck_assert_int_eq(scalar(a, "SELECT count(y) + count(*) FROM t"), 2);
    ck_assert_int_eq(sunstone_close(c), SUNSTONE_OK);
    close_both(a, b);
}
END_TEST

START_TEST(lock_timeout_on_alter)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES (1)");
    run(b, "SET lock_timeout = '100ms'");
    fails(b, "ALTER TABLE t ADD COLUMN y int", "55P03");
    fails(b, "DROP TABLE t", "55P03");
    run(a, "COMMIT");
    run(b, "ALTER TABLE t ADD COLUMN y int");
    close_both(a, b);
}
END_TEST

START_TEST(deadlock_between_alters)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t1 (x int)");
    run(a, "CREATE TABLE t2 (x int)");
    run(a, "BEGIN");
    run(a, "INSERT INTO t1 VALUES (1)");
    run(b, "BEGIN");
    run(b, "INSERT INTO t2 VALUES (1)");
    session_job j = {b, "ALTER TABLE t1 ADD COLUMN y int", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    fails(a, "ALTER TABLE t2 ADD COLUMN y int", "40P01");
    run(a, "ROLLBACK");
    join(&j, th);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    run(b, "COMMIT");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t1"), 0);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t2"), 1);
    close_both(a, b);
}
END_TEST

START_TEST(own_writes_do_not_wait)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES (1)");
    run(a, "ALTER TABLE t ADD COLUMN y int DEFAULT 2");
    run(a, "COMMIT");
    ck_assert_int_eq(scalar(b, "SELECT sum(y) FROM t"), 2);
    close_both(a, b);
}
END_TEST

START_TEST(lock_table_blocks_and_waits)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "BEGIN");
    run(a, "LOCK TABLE t");
    run(b, "BEGIN");
    fails(b, "LOCK TABLE t NOWAIT", "55P03");
    run(b, "ROLLBACK");
    session_job j = {b, "INSERT INTO t VALUES (1)", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, "COMMIT");
    join(&j, th);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    /* a writer makes LOCK TABLE wait, or fail at once with NOWAIT */
    run(a, "BEGIN");
    run(a, "DELETE FROM t");
    run(b, "BEGIN");
    fails(b, "LOCK TABLE t IN ACCESS EXCLUSIVE MODE NOWAIT", "55P03");
    run(b, "ROLLBACK");
    run(b, "BEGIN");
    session_job k = {b, "LOCK TABLE t", 0, "", "", 0};
    start_waiting(&k, &th);
    run(a, "COMMIT");
    join(&k, th);
    ck_assert_int_eq(k.rc, SUNSTONE_OK);
    run(b, "COMMIT");
    close_both(a, b);
}
END_TEST

START_TEST(row_exclusive_lock_holds_off_alter)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "BEGIN");
    run(a, "LOCK TABLE t IN ROW EXCLUSIVE MODE");
    session_job j = {b, "ALTER TABLE t ADD COLUMN y int", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, "LOCK TABLE t IN ACCESS SHARE MODE");
    run(a, "COMMIT");
    join(&j, th);
    ck_assert_int_eq(j.rc, SUNSTONE_OK);
    fails(a, "LOCK TABLE t", "25P01");
    run(a, "BEGIN");
    run(a, "LOCK TABLE t IN SHARE MODE"); /* (LK) every mode runs */
    run(a, "ROLLBACK");
    close_both(a, b);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("alter_waits");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, alter_waits_for_writer);
    tcase_add_test(tc, drop_waits_for_deleter);
    tcase_add_test(tc, others_wait_behind_the_alter);
    tcase_add_test(tc, lock_timeout_on_alter);
    tcase_add_test(tc, deadlock_between_alters);
    tcase_add_test(tc, own_writes_do_not_wait);
    tcase_add_test(tc, lock_table_blocks_and_waits);
    tcase_add_test(tc, row_exclusive_lock_holds_off_alter);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
