/* test_row_locks.c — row locks between sessions on threads: a second writer of a row waits
 * for the first and (READ COMMITTED) then changes the row as the first left it; REPEATABLE
 * READ gets 40001 for a row changed (or deleted) by a transaction that committed after its
 * snapshot; lock_timeout ends a wait with 55P03; two sessions locking each other's rows get
 * 40P01 in one of them and the other goes on.  Unique keys: a key another running
 * transaction wrote or is deleting makes the inserter wait for it (PostgreSQL's rule). */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "session_util.h"

static sunstone *setup(void)
{
    sunstone *a = open_first();
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO t VALUES (1, 1), (2, 2)");
    return a;
}

START_TEST(second_writer_waits)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = v + 1 WHERE id = 1");
    session_job j = {b, "UPDATE t SET v = v * 10 WHERE id = 1", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th); /* for a's lock */
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 1"), 20); /* (1 + 1) * 10 */
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 2"), 2);
    close_both(a, b);
}
END_TEST

START_TEST(repeatable_read_conflicts)
{
    sunstone *a = setup(), *b = open_more(a);
    run(b, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 2);
    run(a, "UPDATE t SET v = 5 WHERE id = 1");
    run(a, "DELETE FROM t WHERE id = 2");
    ck_assert_int_eq(sunstone_exec(b, "UPDATE t SET v = 6 WHERE id = 1", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(b), "40001");
    ck_assert_str_eq(sunstone_errmsg(b), "could not serialize access due to concurrent update");
    run(b, "ROLLBACK");
    run(b, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 1);
    run(a, "DELETE FROM t WHERE id = 1");
    ck_assert_int_eq(sunstone_exec(b, "DELETE FROM t", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(b), "40001");
    ck_assert_str_eq(sunstone_errmsg(b), "could not serialize access due to concurrent delete");
    run(b, "ROLLBACK");
    close_both(a, b);
}
END_TEST

START_TEST(lock_timeout_ends_wait)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "DELETE FROM t WHERE id = 2");
    run(b, "SET lock_timeout = '50ms'");
    ck_assert_int_eq(sunstone_exec(b, "UPDATE t SET v = 0", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(b), "55P03");
    ck_assert_str_eq(sunstone_errmsg(b), "canceling statement due to lock timeout");
    run(a, "ROLLBACK");
    /* the failed UPDATE left nothing: its lock on row 1 is gone, its versions invisible */
    run(a, "UPDATE t SET v = v + 100 WHERE id = 1");
    ck_assert_int_eq(scalar(b, "SELECT sum(v) FROM t"), 103);
    close_both(a, b);
}
END_TEST

START_TEST(deadlock_detected)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "UPDATE t SET v = 10 WHERE id = 1");
    run(b, "BEGIN");
    run(b, "UPDATE t SET v = 20 WHERE id = 2");
    session_job j = {b, "UPDATE t SET v = 21 WHERE id = 1", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    ck_assert_int_eq(sunstone_exec(a, "UPDATE t SET v = 11 WHERE id = 2", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(a), "40P01");
    ck_assert_str_eq(sunstone_errmsg(a), "deadlock detected");
    run(a, "ROLLBACK");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    run(b, "COMMIT");
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 1"), 21);
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 2"), 20);
    close_both(a, b);
}
END_TEST

/* Unique keys between sessions (index_unique_live.c): a key another running transaction
   wrote makes the inserter wait, then 23505 if that one commits, success if it rolls back. */
static void check_unique_wait(bool commit)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES (5, 50)");
    session_job j = {b, "INSERT INTO t VALUES (5, 51)", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th); /* for a's version with key 5 */
    run(a, commit ? "COMMIT" : "ROLLBACK");
    pthread_join(th, NULL);
    if (commit) {
        ck_assert_int_eq(j.rc, SUNSTONE_ERROR);
        ck_assert_str_eq(j.sqlstate, "23505");
        ck_assert_str_eq(j.msg, "duplicate key value violates unique constraint \"t_pkey\"");
    } else {
        ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    }
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t WHERE id = 5"), 1);
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 5"), commit ? 50 : 51);
    close_both(a, b);
}

START_TEST(unique_waits_for_writer_commit)
{
    check_unique_wait(true);
}
END_TEST

START_TEST(unique_waits_for_writer_rollback)
{
    check_unique_wait(false);
}
END_TEST

/* A key a running transaction is deleting: the inserter waits; the delete commits, so the
   key is free; a rolled-back delete leaves it taken. */
static void check_unique_delete_wait(bool commit)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "DELETE FROM t WHERE id = 2");
    session_job j = {b, "INSERT INTO t VALUES (2, 22)", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, commit ? "COMMIT" : "ROLLBACK");
    pthread_join(th, NULL);
    if (commit)
        ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    else
        ck_assert_str_eq(j.sqlstate, "23505");
    ck_assert_int_eq(scalar(a, "SELECT v FROM t WHERE id = 2"), commit ? 22 : 2);
    close_both(a, b);
}

START_TEST(unique_waits_for_deleter_commit)
{
    check_unique_delete_wait(true);
}
END_TEST

START_TEST(unique_waits_for_deleter_rollback)
{
    check_unique_delete_wait(false);
}
END_TEST

/* REPEATABLE READ: a key committed after the transaction's snapshot still conflicts (the
   snapshot does not see it, the check does), as in PostgreSQL. */
START_TEST(unique_sees_commit_after_snapshot)
{
    sunstone *a = setup(), *b = open_more(a);
    run(b, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 2);
    run(a, "INSERT INTO t VALUES (7, 70)");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 2);
    ck_assert_int_eq(sunstone_exec(b, "INSERT INTO t VALUES (7, 71)", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(b), "23505");
    run(b, "ROLLBACK");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t WHERE id = 7"), 1);
    close_both(a, b);
}
END_TEST

/* Two sessions each inserting the key the other wrote: one gets 40P01, the other goes on. */
START_TEST(unique_deadlock_detected)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(b, "BEGIN");
    run(a, "INSERT INTO t VALUES (10, 0)");
    run(b, "INSERT INTO t VALUES (11, 0)");
    session_job j = {b, "INSERT INTO t VALUES (10, 1)", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    ck_assert_int_eq(sunstone_exec(a, "INSERT INTO t VALUES (11, 1)", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(a), "40P01");
    run(a, "ROLLBACK");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    run(b, "COMMIT");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t WHERE id IN (10, 11)"), 2);
    close_both(a, b);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("row_locks");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, second_writer_waits);
    tcase_add_test(tc, repeatable_read_conflicts);
    tcase_add_test(tc, lock_timeout_ends_wait);
    tcase_add_test(tc, deadlock_detected);
    tcase_add_test(tc, unique_waits_for_writer_commit);
    tcase_add_test(tc, unique_waits_for_writer_rollback);
    tcase_add_test(tc, unique_waits_for_deleter_commit);
    tcase_add_test(tc, unique_waits_for_deleter_rollback);
    tcase_add_test(tc, unique_sees_commit_after_snapshot);
    tcase_add_test(tc, unique_deadlock_detected);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
