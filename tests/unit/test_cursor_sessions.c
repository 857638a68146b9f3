/* test_cursor_sessions.c — a cursor's query runs as FETCH asks (api/run_cursor.c), with the
 * DECLARE's snapshot, between statements of its own session and beside other sessions: what
 * another session commits after the DECLARE is never seen, its ALTER or DROP of a table the
 * open cursor's transaction read waits for that transaction (ACCESS SHARE), a
 * session closed with an open cursor stops its query, and a long query is only read as far
 * as FETCH goes. */
#include <pthread.h>
#include <string.h>

#include "check_suite.h"
#include "session_util.h"

/* The values of one column of sql's rows joined with ',' into out. */
static void column_text(sunstone *db, const char *sql, char *out, size_t cap)
{
    sunstone_stmt *st;
    out[0] = '\0';
    ck_assert_msg(sunstone_prepare(db, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        size_t n = strlen(out);
        snprintf(out + n, cap - n, "%s%s", n ? "," : "", sunstone_column_text(st, 0));
    }
    ck_assert_msg(rc == SUNSTONE_DONE, "%s: %s", sql, sunstone_errmsg(db));
    sunstone_finalize(st);
}

START_TEST(other_sessions_changes_unseen)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (k int, v int)");
    run(a, "INSERT INTO t SELECT g, g FROM generate_series(1, 3000) g");
    run(a, "BEGIN");
    run(a, "DECLARE c CURSOR FOR SELECT v FROM t WHERE k <= 3 OR k = 3000");
    run(b, "UPDATE t SET v = v + 1000000");
    run(b, "DELETE FROM t WHERE k = 2");
    run(b, "INSERT INTO t VALUES (1, -1)");
    char got[256];
    column_text(a, "FETCH ALL FROM c", got, sizeof got);
    ck_assert_str_eq(got, "1,2,3,3000");
    /* the session's own later statements see b's work, the cursor does not */
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t WHERE v > 1000000"), 2999);
    run(a, "COMMIT");
    close_both(a, b);
}
END_TEST

START_TEST(drop_while_cursor_open_refused)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (k int, v text)");
    run(a, "INSERT INTO t SELECT g, 'v' || g FROM generate_series(1, 5000) g");
    run(a, "CREATE INDEX t_v ON t (v)");
    run(a, "BEGIN");
    run(a, "DECLARE c CURSOR FOR SELECT k FROM t");
    run(a, "FETCH 10 FROM c");
    /* (LK) the transaction holds ACCESS SHARE on t: another session's ALTER / DROP (of the
       table or of its index) waits for it, as in PostgreSQL */
    run(b, "BEGIN");
    expect_error(b, "LOCK TABLE t NOWAIT", "55P03");
    run(b, "ROLLBACK");
    session_job j = {b, "ALTER TABLE t ADD COLUMN w int", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    char got[64];
    column_text(a, "FETCH 2 FROM c", got, sizeof got);
    ck_assert_str_eq(got, "11,12");
    run(a, "CLOSE c");
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    run(b, "DROP TABLE t");
    close_both(a, b);
}
END_TEST

START_TEST(close_session_with_open_cursor)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (k int)");
    run(a, "INSERT INTO t SELECT g FROM generate_series(1, 5000) g");
    run(b, "BEGIN");
    run(b, "CREATE TABLE mine (k int)");
    run(b, "INSERT INTO mine SELECT g FROM generate_series(1, 5000) g");
    run(b, "DECLARE c1 CURSOR FOR SELECT k FROM t");
    run(b, "DECLARE c2 CURSOR FOR SELECT k FROM mine");
    run(b, "FETCH 3 FROM c1");
    run(b, "FETCH 3 FROM c2");
    ck_assert_int_eq(sunstone_close(b), SUNSTONE_OK); /* rolls back: mine goes, after c2 */
    run(a, "DROP TABLE t");                           /* nothing holds t any more */
    expect_error(a, "SELECT * FROM mine", "42P01");
    ck_assert_int_eq(sunstone_close(a), SUNSTONE_OK);
}
END_TEST

START_TEST(long_query_read_as_far_as_fetch)
{
    sunstone *a = open_first();
    run(a, "BEGIN");
    /* 2^62 rows: run to the end at DECLARE, this would never return */
    run(a, "DECLARE c NO SCROLL CURSOR FOR SELECT g FROM generate_series(1::int8, 4611686018427387904) g");
    char got[64];
    column_text(a, "FETCH 3 FROM c", got, sizeof got);
    ck_assert_str_eq(got, "1,2,3");
    run(a, "MOVE 1000000 IN c");
    column_text(a, "FETCH 1 FROM c", got, sizeof got);
    ck_assert_str_eq(got, "1000004");
    run(a, "COMMIT");
    ck_assert_int_eq(sunstone_close(a), SUNSTONE_OK);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("cursor_sessions");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, other_sessions_changes_unseen);
    tcase_add_test(tc, drop_while_cursor_open_refused);
    tcase_add_test(tc, close_session_with_open_cursor);
    tcase_add_test(tc, long_query_read_as_far_as_fetch);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
