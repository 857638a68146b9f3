/* test_time_travel_sessions.c — AS OF over transactions of several sessions that commit out
 * of xid order: a snapshot as of commit c sees exactly the transactions committed when c
 * was (a smaller xid committed later is not seen; savepoints rolled back never are), with
 * each snapshot manager module; and a session's history retention ends with the session. */
#include <check.h>
#include <stdio.h>

#include "session_util.h"
#include "txn/txn_manager_private.h"

static long long count_as_of(sunstone *db, const char *where, long long xid)
{
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM t AS OF TRANSACTION %lld WHERE %s", xid, where);
    return scalar(db, sql);
}

static void out_of_order_commits(const char *manager_name)
{
    sunstone *a = open_first(), *b = open_more(a);
    char set[96];
    snprintf(set, sizeof set, "SET sunstone.snapshot_manager = %s", manager_name);
    run(a, set);
    run(a, "CREATE TABLE t (k text)");
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES ('a')");
    long long xa = scalar(a, "SELECT txid_current()");
    run(b, "BEGIN");
    run(b, "INSERT INTO t VALUES ('b')");
    long long xb = scalar(b, "SELECT txid_current()");
    ck_assert_int_lt(xa, xb);
    run(b, "COMMIT"); /* the larger xid commits first */
    run(a, "COMMIT");
    ck_assert_int_eq(count_as_of(a, "k = 'b'", xb), 1);
    ck_assert_int_eq(count_as_of(a, "k = 'a'", xb), 0); /* a was still running */
    ck_assert_int_eq(count_as_of(b, "true", xa), 2);
    /* subtransactions: released ones share their transaction's fate, rolled back ones never
       count, and none is seen before the transaction commits */
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES ('c')");
    run(a, "SAVEPOINT s1");
    run(a, "INSERT INTO t VALUES ('d')");
    run(a, "ROLLBACK TO s1");
    run(a, "SAVEPOINT s2");
    run(a, "INSERT INTO t VALUES ('e')");
    run(a, "RELEASE s2");
    long long xc = scalar(a, "SELECT txid_current()");
    run(b, "BEGIN");
    run(b, "INSERT INTO t VALUES ('f')");
    long long xf = scalar(b, "SELECT txid_current()");
    run(b, "COMMIT");
    ck_assert_int_eq(count_as_of(b, "k IN ('c', 'd', 'e')", xf), 0);
    ck_assert_int_eq(count_as_of(b, "k = 'f'", xf), 1);
    run(a, "COMMIT");
    ck_assert_int_eq(count_as_of(b, "k IN ('c', 'e', 'f')", xc), 3);
    ck_assert_int_eq(count_as_of(b, "k = 'd'", xc), 0);
    ck_assert_int_eq(count_as_of(b, "k IN ('c', 'd', 'e')", xf), 0);
    /* a transaction still running is not a commit to read as of */
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES ('g')");
    long long xg = scalar(a, "SELECT txid_current()");
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT * FROM t AS OF TRANSACTION %lld", xg);
    expect_error(b, sql, "22023");
    run(a, "ROLLBACK");
    expect_error(b, sql, "22023"); /* nor an aborted one */
    close_both(a, b);
}

START_TEST(out_of_order_commits_ordered)
{
    out_of_order_commits("ordered");
}
END_TEST

START_TEST(out_of_order_commits_linear)
{
    out_of_order_commits("linear");
}
END_TEST

/* Session b keeps an hour of history; while it is open, a's deleted rows stay readable as
   of their insert even after a scan let the backend reclaim; once b closes they do not. */
START_TEST(retention_ends_with_its_session)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(b, "SET sunstone.history_retention = '1 hour'");
    run(a, "CREATE TABLE t (k int)");
    run(a, "BEGIN");
    run(a, "INSERT INTO t SELECT g FROM generate_series(1, 3000) g");
    long long x = scalar(a, "SELECT txid_current()");
    run(a, "COMMIT");
    run(a, "DELETE FROM t");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), 0);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), 0);
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM t AS OF TRANSACTION %lld", x);
    ck_assert_int_eq(scalar(a, sql), 3000);
    ck_assert_int_eq(sunstone_close(b), SUNSTONE_OK);
    run(a, "INSERT INTO t VALUES (1)");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), 1);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), 1);
    expect_error(a, sql, "72000");
    ck_assert_int_eq(sunstone_close(a), SUNSTONE_OK);
}
END_TEST

/* Without retention the recorded history stays small however many commits there are: what no
   snapshot can read is forgotten as commits go on; with retention of commits it is kept. */
START_TEST(history_bounded_by_retention)
{
    sunstone *a = open_first();
    ss_txn_manager *m = a->database->txns;
    run(a, "CREATE TABLE t (k int)");
    for (int i = 0; i < 5000; i++)
        run(a, "INSERT INTO t VALUES (1)");
    ck_assert_uint_lt(m->hist_vt->count(m->hist), 1100);
    run(a, "SET sunstone.history_retention_commits = 4000");
    for (int i = 0; i < 5000; i++)
        run(a, "INSERT INTO t VALUES (2)");
    ck_assert_uint_ge(m->hist_vt->count(m->hist), 4000);
    ck_assert_int_eq(sunstone_close(a), SUNSTONE_OK);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("time_travel_sessions");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, out_of_order_commits_ordered);
    tcase_add_test(tc, out_of_order_commits_linear);
    tcase_add_test(tc, retention_ends_with_its_session);
    tcase_add_test(tc, history_bounded_by_retention);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
