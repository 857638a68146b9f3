/* test_ddl_sessions.c — transactional DDL across sessions of one database: another session
 * does not see an uncommitted CREATE and still sees a table whose DROP is uncommitted; a DROP
 * holds the table's exclusive lock until its transaction ends, so other sessions' statements
 * on the table wait (and then see the outcome), with deadlock detection (40P01) and
 * statement_timeout (57014); a CREATE of a name another transaction is creating waits for it. */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "session_fixture.h"

/* Runs sql expecting an error with SQLSTATE state. */
static void fails(sunstone *db, const char *sql, const char *state)
{
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), state);
}

/* A statement run on a thread: its result, its SQLSTATE, and whether it has finished. */
typedef struct job {
    sunstone *db;
    const char *sql;
    bool query;             /* scalar(): value holds the result */
    long long value;
    char state[6];
    atomic_int done;
    pthread_t thread;
} job;

static void *job_main(void *arg)
{
    job *j = arg;
    if (j->query) {
        j->value = scalar(j->db, j->sql);
    } else {
        j->value = sunstone_exec(j->db, j->sql, NULL, NULL) == SUNSTONE_OK ? 0 : -1;
    }
    snprintf(j->state, sizeof j->state, "%s", j->value < 0 ? sunstone_sqlstate(j->db) : "00000");
    atomic_store(&j->done, 1);
    return NULL;
}

static void job_start(job *j, sunstone *db, const char *sql, bool query)
{
    memset(j, 0, sizeof *j);
    j->db = db;
    j->sql = sql;
    j->query = query;
    ck_assert_int_eq(pthread_create(&j->thread, NULL, job_main, j), 0);
}

/* Asserts that the job is still waiting after a while. */
static void still_waiting(job *j)
{
    usleep(200 * 1000);
    ck_assert_int_eq(atomic_load(&j->done), 0);
}

/* Asserts that j waits, then ends holder's transaction with sql and waits for j. */
static void release(job *j, sunstone *holder, const char *sql)
{
    still_waiting(j);
    run(holder, sql);
    pthread_join(j->thread, NULL);
}

START_TEST(uncommitted_create_invisible)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "CREATE TABLE n (x int)");
    run(a, "INSERT INTO n VALUES (1), (2)");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM n"), 2);
    fails(b, "SELECT count(*) FROM n", "42P01");
    run(a, "CREATE VIEW nv AS SELECT x FROM n");
    run(a, "CREATE SEQUENCE ns");
    fails(b, "SELECT * FROM nv", "42P01");
    fails(b, "SELECT nextval('ns')", "42P01");
    run(a, "COMMIT");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM nv"), 2);
    ck_assert_int_eq(scalar(b, "SELECT nextval('ns')"), 1);
    /* rolled back: never there for anyone */
    run(a, "BEGIN");
    run(a, "CREATE TABLE r (x int)");
    run(a, "ROLLBACK");
    fails(b, "SELECT count(*) FROM r", "42P01");
    fails(a, "SELECT count(*) FROM r", "42P01");
    sunstone_close(b);
    sunstone_close(a);
}
END_TEST

START_TEST(drop_waits_for_the_lock)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "INSERT INTO t VALUES (1), (2), (3)");
    run(a, "BEGIN");
    run(a, "DROP TABLE t");
    fails(a, "SELECT count(*) FROM t", "42P01");
    job j;
    job_start(&j, b, "SELECT count(*) FROM t", true);
    release(&j, a, "ROLLBACK");
    ck_assert_int_eq(j.value, 3); /* the rolled-back DROP brought the rows back */
    /* committed: the waiting statement finds no table */
    run(a, "BEGIN");
    run(a, "DROP TABLE t");
    job_start(&j, b, "INSERT INTO t VALUES (4)", false);
    release(&j, a, "COMMIT");
    ck_assert_str_eq(j.state, "42P01");
    /* statement_timeout ends the wait */
    run(a, "CREATE TABLE t2 (x int)");
    run(a, "BEGIN");
    run(a, "DROP TABLE t2");
    run(b, "SET statement_timeout = 100");
    fails(b, "SELECT count(*) FROM t2", "57014");
    run(b, "RESET statement_timeout");
    run(a, "ROLLBACK");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t2"), 0);
    sunstone_close(b);
    sunstone_close(a);
}
END_TEST

START_TEST(deadlock_detected)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE d1 (x int)");
    run(a, "CREATE TABLE d2 (x int)");
    run(a, "INSERT INTO d2 VALUES (1)");
    run(a, "BEGIN");
    run(a, "DROP TABLE d1");
    run(b, "BEGIN");
    run(b, "DROP TABLE d2");
    job j;
    job_start(&j, a, "SELECT count(*) FROM d2", true); /* a waits for b */
    still_waiting(&j);
    fails(b, "SELECT count(*) FROM d1", "40P01");  /* b would wait for a: a cycle */
    ck_assert_int_eq(sunstone_transaction_status(b), SUNSTONE_TXN_FAILED);
    run(b, "ROLLBACK");
    pthread_join(j.thread, NULL);
    ck_assert_int_eq(j.value, 1);
    run(a, "ROLLBACK");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM d1"), 0);
    sunstone_close(b);
    sunstone_close(a);
}
END_TEST

START_TEST(create_waits_for_pending_name)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "CREATE TABLE c1 (x int)");
    job j;
    job_start(&j, b, "CREATE TABLE c1 (y text)", false);
    release(&j, a, "COMMIT");
    ck_assert_str_eq(j.state, "42P07");
    /* the other way: the creator rolls back, the waiting CREATE succeeds */
    run(a, "BEGIN");
    run(a, "CREATE TABLE c2 (x int)");
    job_start(&j, b, "CREATE TABLE c2 (y text)", false);
    release(&j, a, "ROLLBACK");
    ck_assert_str_eq(j.state, "00000");
    run(a, "INSERT INTO c2 VALUES ('b made it')");
    sunstone_close(b);
    sunstone_close(a);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ddl_sessions");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, uncommitted_create_invisible);
    tcase_add_test(tc, drop_waits_for_the_lock);
    tcase_add_test(tc, deadlock_detected);
    tcase_add_test(tc, create_waits_for_pending_name);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
