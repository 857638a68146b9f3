/* test_dur11_backend_sessions.c — the backend suite's visibility checks, which need two
 * sessions on one database (the shell has one): an uncommitted insert / update / delete is
 * invisible to the other session until COMMIT, a REPEATABLE READ block keeps reading its
 * snapshot while the other session commits changes, and its update of a row changed since
 * fails with 40001.  Run once per storage backend, named by SUNSTONE_TEST_BACKEND (memory
 * when unset).  Also: a database file takes a second session, whose DDL persists. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sunstone.h"

static sunstone *s1, *s2;

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
    const char *backend = getenv("SUNSTONE_TEST_BACKEND");
    char sql[200];
    snprintf(sql, sizeof sql, "SET default_table_access_method = %s", backend && backend[0] ? backend : "memory");
    ck_assert_int_eq(sunstone_open(NULL, &s1), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_open_session(s1, &s2), SUNSTONE_OK);
    exec_ok(s1, sql);
    exec_ok(s1, "CREATE TABLE v (k int PRIMARY KEY, n int); INSERT INTO v SELECT g, g * 10 FROM generate_series(1, 3) g");
    /* the table really is on the backend asked for */
    const char *want = backend && backend[0] ? backend : "memory";
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(s2,
                                      "SELECT backend FROM sunstone_tables WHERE name = 'v'",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_str_eq(sunstone_column_text(st, 0), want);
    sunstone_finalize(st);
}

static void teardown(void)
{
    sunstone_close(s2);
    sunstone_close(s1);
}

START_TEST(uncommitted_changes_are_invisible)
{
    exec_ok(s1, "BEGIN; INSERT INTO v VALUES (4, 40); UPDATE v SET n = 11 WHERE k = 1; DELETE FROM v WHERE k = 2");
    ck_assert_int_eq(scalar(s1, "SELECT count(*) FROM v"), 3);
    ck_assert_int_eq(scalar(s1, "SELECT sum(n) FROM v"), 11 + 30 + 40);
    ck_assert_int_eq(scalar(s2, "SELECT count(*) FROM v"), 3);
    ck_assert_int_eq(scalar(s2, "SELECT sum(n) FROM v"), 60);
    ck_assert_int_eq(scalar(s2, "SELECT n FROM v WHERE k = 1"), 10);
    exec_ok(s1, "COMMIT");
    ck_assert_int_eq(scalar(s2, "SELECT sum(n) FROM v"), 81);
    ck_assert_int_eq(scalar(s2, "SELECT n FROM v WHERE k = 1"), 11);
    exec_ok(s1, "BEGIN; INSERT INTO v VALUES (5, 50); ROLLBACK");
    ck_assert_int_eq(scalar(s2, "SELECT count(*) FROM v"), 3);
}
END_TEST

START_TEST(repeatable_read_keeps_its_snapshot)
{
    exec_ok(s2, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    ck_assert_int_eq(scalar(s2, "SELECT sum(n) FROM v"), 60);
    exec_ok(s1, "DELETE FROM v WHERE k = 2; INSERT INTO v VALUES (6, 60); UPDATE v SET n = 31 WHERE k = 3");
    ck_assert_int_eq(scalar(s2, "SELECT sum(n) FROM v"), 60);
    ck_assert_int_eq(scalar(s2, "SELECT n FROM v WHERE k = 3"), 30);
    int rc = sunstone_exec(s2, "UPDATE v SET n = 0 WHERE k = 3", NULL, NULL);
    ck_assert_int_eq(rc, SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(s2), "40001");
    exec_ok(s2, "ROLLBACK");
    ck_assert_int_eq(scalar(s2, "SELECT sum(n) FROM v"), 10 + 31 + 60);
}
END_TEST

/* A database file has several sessions (api/durable.c): the second sees the first's
 * committed table, and what either committed is there after a reopen. */
START_TEST(database_file_has_several_sessions)
{
    char dir[] = "/tmp/sunstone-dur11-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[64], lock[80];
    snprintf(path, sizeof path, "%s/one.db", dir);
    snprintf(lock, sizeof lock, "%s-lock", path);
    sunstone *f, *second = NULL;
    ck_assert_int_eq(sunstone_open(path, &f), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_open_session(f, &second), SUNSTONE_OK);
    exec_ok(f, "CREATE TABLE t (a int); INSERT INTO t VALUES (7)");
    ck_assert_int_eq(scalar(second, "SELECT a FROM t"), 7);
    exec_ok(second, "CREATE TABLE u (b int); INSERT INTO u VALUES (8)");
    sunstone_close(second);
    sunstone_close(f);
    ck_assert_int_eq(sunstone_open(path, &f), SUNSTONE_OK);
    ck_assert_int_eq(scalar(f, "SELECT a FROM t"), 7);
    ck_assert_int_eq(scalar(f, "SELECT b FROM u"), 8);
    sunstone_close(f);
    unlink(path);
    unlink(lock);
    rmdir(dir);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("backend_sessions");
    TCase *tc = tcase_create("backend_sessions");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, uncommitted_changes_are_invisible);
    tcase_add_test(tc, repeatable_read_keeps_its_snapshot);
    suite_add_tcase(s, tc);
    TCase *file = tcase_create("database_file");
    tcase_add_test(file, database_file_has_several_sessions);
    suite_add_tcase(s, file);
    return s;
}

#include "check_main.h"
