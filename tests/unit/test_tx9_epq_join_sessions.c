/* test_tx9_epq_join_sessions.c — (EPQ) READ COMMITTED's re-check of a changed row keeps the
 * rows it was joined with (bind/bind_epq_fixed.h, exec/row_epq.h), between sessions on
 * threads: a session changes the join column of a row that UPDATE ... FROM, DELETE ...
 * USING or SELECT ... FOR UPDATE of a join waits for; as PostgreSQL 15's EvalPlanQual, the new
 * version is tested against the old one's partner rows only and left out when it no longer
 * matches them (it is not joined with the rows it now matches); a change of another column
 * keeps the row. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_util.h"

/* A statement on a thread whose rows are collected as "c1 c2;c1 c2", and its tag. */
typedef struct rows_job {
    sunstone *db;
    const char *sql;
    int rc;
    char sqlstate[6];
    char out[256];
    volatile int done;
} rows_job;

static void *rows_main(void *arg)
{
    rows_job *j = arg;
    sunstone_stmt *st;
    j->out[0] = 0;
    j->rc = sunstone_prepare(j->db, j->sql, -1, &st, NULL);
    if (j->rc == SUNSTONE_OK) {
        int rc;
        while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
            size_t n = strlen(j->out);
            if (n)
                snprintf(j->out + n, sizeof j->out - n, ";");
            for (int c = 0; c < sunstone_column_count(st); c++) {
                const char *t = sunstone_column_text(st, c);
                n = strlen(j->out);
                snprintf(j->out + n, sizeof j->out - n, "%s%s", c ? " " : "", t ? t : "null");
            }
        }
        j->rc = rc == SUNSTONE_DONE ? SUNSTONE_OK : rc;
        sunstone_finalize(st);
    }
    if (j->rc != SUNSTONE_OK)
        snprintf(j->sqlstate, sizeof j->sqlstate, "%s", sunstone_sqlstate(j->db));
    j->done = 1;
    return NULL;
}

/* Session a changes t as change says and commits while session b runs sql, which waits for
 * it; sql's rows must be want, then check's rows (read by a) want_after. */
static void race(const char *change, const char *sql, const char *want, const char *check, const char *want_after)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (id int PRIMARY KEY, k int, v int)");
    run(a, "CREATE TABLE u (k int, w int)");
    run(a, "INSERT INTO t VALUES (1, 1, 0), (2, 2, 0)");
    run(a, "INSERT INTO u VALUES (1, 10), (2, 20)");
    run(a, "BEGIN");
    run(a, change);
    rows_job j = {b, sql, 0, "", "", 0};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, rows_main, &j), 0);
    sleep_ms(200);
    ck_assert_int_eq(j.done, 0); /* waiting for a's row */
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s: %s", sql, j.sqlstate);
    ck_assert_str_eq(j.out, want);
    if (check) {
        rows_job c = {a, check, 0, "", "", 0};
        rows_main(&c);
        ck_assert_msg(c.rc == SUNSTONE_OK, "%s: %s", check, c.sqlstate);
        ck_assert_str_eq(c.out, want_after);
    }
    close_both(a, b);
}

START_TEST(update_from_keeps_old_partner)
{
    /* row 1 now has k = 2: tested against u's row k = 1 only, which it no longer matches */
    race("UPDATE t SET k = 2 WHERE id = 1", "UPDATE t SET v = v + 1 FROM u WHERE t.k = u.k RETURNING t.id, u.w",
         "2 20", "SELECT id, k, v FROM t ORDER BY id", "1 2 0;2 2 1");
}
END_TEST

START_TEST(update_from_other_column_still_updates)
{
    race("UPDATE t SET v = 5 WHERE id = 1", "UPDATE t SET v = v + 1 FROM u WHERE t.k = u.k", "", "SELECT id, k, v FROM t ORDER BY id", "1 1 6;2 2 1");
}
END_TEST

START_TEST(update_from_partner_with_index)
{
    /* the partner found through an index (a nested loop's inner side) is kept too */
    sunstone *a = open_first();
    run(a, "CREATE TABLE t (id int PRIMARY KEY, k int, v int)");
    run(a, "CREATE TABLE u (k int PRIMARY KEY, w int)");
    run(a, "INSERT INTO t VALUES (1, 1, 0), (2, 2, 0)");
    run(a, "INSERT INTO u SELECT g, g * 10 FROM generate_series(1, 2000) g");
    sunstone *b = open_more(a);
    run(a, "BEGIN");
    run(a, "UPDATE t SET k = 2 WHERE id = 1");
    rows_job j = {b, "UPDATE t SET v = v + 1 FROM u WHERE t.k = u.k AND u.k IN (1, 2) RETURNING t.id, u.w", 0, "", "", 0};
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, rows_main, &j), 0);
    sleep_ms(200);
    ck_assert_int_eq(j.done, 0);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.sqlstate);
    ck_assert_str_eq(j.out, "2 20");
    close_both(a, b);
}
END_TEST

START_TEST(delete_using_keeps_old_partner)
{
    race("UPDATE t SET k = 2 WHERE id = 1", "DELETE FROM t USING u WHERE t.k = u.k RETURNING t.id, u.w", "2 20",
         "SELECT id, k FROM t ORDER BY id", "1 2");
}
END_TEST

START_TEST(select_for_update_of_keeps_old_partner)
{
    race("UPDATE t SET k = 2 WHERE id = 1",
         "SELECT t.id, u.w FROM t JOIN u ON t.k = u.k ORDER BY t.id, u.k FOR UPDATE OF t", "2 20", NULL, NULL);
}
END_TEST

START_TEST(select_for_update_both_keeps_old_partner)
{
    /* both locked: the new version of t's row meets u's locked row it was joined with */
    race("UPDATE t SET k = 2 WHERE id = 1", "SELECT t.id, u.w FROM t JOIN u ON t.k = u.k ORDER BY t.id, u.k FOR UPDATE",
         "2 20", NULL, NULL);
}
END_TEST

START_TEST(select_for_update_other_column_kept)
{
    race("UPDATE t SET v = 7 WHERE id = 1",
         "SELECT t.id, t.v, u.w FROM t, u WHERE t.k = u.k ORDER BY t.id FOR UPDATE OF t", "1 7 10;2 0 20", NULL, NULL);
}
END_TEST

/* (tx9) another session's uncommitted ALTER SEQUENCE is not seen: SELECT * FROM seq reads
 * the committed state (PostgreSQL's old relfilenode), then the new one once it commits */
START_TEST(uncommitted_alter_sequence_not_seen)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE SEQUENCE s");
    ck_assert_int_eq(scalar(a, "SELECT nextval('s')"), 1);
    ck_assert_int_eq(scalar(a, "SELECT nextval('s')"), 2);
    run(a, "BEGIN");
    run(a, "ALTER SEQUENCE s RESTART WITH 100 INCREMENT 5");
    ck_assert_int_eq(scalar(a, "SELECT nextval('s')"), 100);
    rows_job j = {b, "SELECT last_value, log_cnt, is_called FROM s", 0, "", "", 0};
    rows_main(&j);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.sqlstate);
    ck_assert_str_eq(j.out, "2 31 t");
    rows_job own = {a, "SELECT last_value, is_called FROM s", 0, "", "", 0};
    rows_main(&own);
    ck_assert_str_eq(own.out, "100 t");
    run(a, "COMMIT");
    rows_job after = {b, "SELECT last_value, is_called FROM s", 0, "", "", 0};
    rows_main(&after);
    ck_assert_str_eq(after.out, "100 t");
    /* a rolled-back one was never seen, and leaves the values as they were */
    run(a, "BEGIN");
    run(a, "ALTER SEQUENCE s RESTART WITH 7");
    rows_job during = {b, "SELECT last_value FROM s", 0, "", "", 0};
    rows_main(&during);
    ck_assert_str_eq(during.out, "100");
    run(a, "ROLLBACK");
    ck_assert_int_eq(scalar(b, "SELECT last_value FROM s"), 100);
    close_both(a, b);
}
END_TEST

/* Which of rows 1..5 of l session a cannot lock with NOWAIT ("1,2"). */
static void locked_rows_are(sunstone *a, const char *want)
{
    char got[64] = "";
    for (int id = 1; id <= 5; id++) {
        char sql[96];
        snprintf(sql, sizeof sql, "SELECT id FROM l WHERE id = %d FOR UPDATE NOWAIT", id);
        if (sunstone_exec(a, sql, NULL, NULL) != SUNSTONE_OK) {
            ck_assert_str_eq(sunstone_sqlstate(a), "55P03");
            size_t n = strlen(got);
            snprintf(got + n, sizeof got - n, "%s%d", n ? "," : "", id);
        }
    }
    ck_assert_str_eq(got, want);
}

/* (tx9) a LIMIT over a nested locking clause locks the rows it reads only (PostgreSQL's
 * LockRows below it: OFFSET's rows too), not the rest of the batch */
START_TEST(nested_limit_locks_rows_read_only)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE l (id int PRIMARY KEY, v int)");
    run(a, "INSERT INTO l SELECT g, g FROM generate_series(1, 5) g");
    static const char *const shapes[][2] = {
        {"SELECT * FROM (SELECT * FROM l ORDER BY id FOR UPDATE) s LIMIT 1", "1"},
        {"SELECT * FROM (SELECT * FROM l ORDER BY id LIMIT 2 FOR UPDATE) s", "1,2"},
        {"SELECT * FROM (SELECT * FROM l ORDER BY id OFFSET 2 LIMIT 1 FOR UPDATE) s", "1,2,3"},
        {"SELECT * FROM l WHERE id = (SELECT id FROM l ORDER BY id LIMIT 1 FOR UPDATE)", "1"},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        run(b, "BEGIN");
        run(b, shapes[i][0]);
        locked_rows_are(a, shapes[i][1]);
        run(b, "ROLLBACK");
    }
    close_both(a, b);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("tx9_epq_join_sessions");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, update_from_keeps_old_partner);
    tcase_add_test(tc, update_from_other_column_still_updates);
    tcase_add_test(tc, update_from_partner_with_index);
    tcase_add_test(tc, delete_using_keeps_old_partner);
    tcase_add_test(tc, select_for_update_of_keeps_old_partner);
    tcase_add_test(tc, select_for_update_both_keeps_old_partner);
    tcase_add_test(tc, select_for_update_other_column_kept);
    tcase_add_test(tc, uncommitted_alter_sequence_not_seen);
    tcase_add_test(tc, nested_limit_locks_rows_read_only);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
