/* test_on_conflict_sessions.c — INSERT ... ON CONFLICT between sessions on threads
 * (PostgreSQL's speculative insertion): a key inserted by a transaction still running makes
 * the inserter wait, then DO NOTHING skips (writer committed) or inserts (writer rolled
 * back), DO UPDATE updates the committed row; REPEATABLE READ gets 40001 for a conflicting
 * row its snapshot does not see; concurrent upserts of a few keys from several threads lose
 * no increment and never duplicate a key; RETURNING's rows are stepped through the C API,
 * with bound parameters, and the command's tag follows them. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "session_util.h"

static sunstone *setup(void)
{
    sunstone *a = open_first();
    run(a, "CREATE TABLE t (id int PRIMARY KEY, v text)");
    run(a, "INSERT INTO t VALUES (1, 'one')");
    return a;
}

/* b runs sql while a holds key 2 uncommitted; a ends with end_sql; then key 2's v and the
 * table's row count are checked. */
static void waits_for(const char *sql, const char *end_sql, const char *expect_v, long long expect_rows)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "INSERT INTO t VALUES (2, 'a')");
    session_job j = {b, sql, 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th); /* for a's row */
    run(a, end_sql);
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(a, "SELECT v FROM t WHERE id = 2", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_str_eq(sunstone_column_text(st, 0), expect_v);
    sunstone_finalize(st);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), expect_rows);
    close_both(a, b);
}

START_TEST(nothing_after_commit)
{
    waits_for("INSERT INTO t VALUES (2, 'b') ON CONFLICT DO NOTHING", "COMMIT", "a", 2);
}
END_TEST

START_TEST(insert_after_rollback)
{
    waits_for("INSERT INTO t VALUES (2, 'b') ON CONFLICT (id) DO UPDATE SET v = 'upd'", "ROLLBACK", "b", 2);
}
END_TEST

START_TEST(update_after_commit)
{
    waits_for("INSERT INTO t VALUES (2, 'b') ON CONFLICT (id) DO UPDATE SET v = t.v || excluded.v", "COMMIT",
              "ab", 2);
}
END_TEST

START_TEST(repeatable_read_conflict)
{
    sunstone *a = setup(), *b = open_more(a);
    run(b, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 1);
    run(a, "INSERT INTO t VALUES (3, 'three')");
    ck_assert_int_eq(sunstone_exec(b, "INSERT INTO t VALUES (3, 'x') ON CONFLICT DO NOTHING", NULL, NULL),
                     SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(b), "40001");
    ck_assert_str_eq(sunstone_errmsg(b), "could not serialize access due to concurrent update");
    run(b, "ROLLBACK");
    /* a row the snapshot sees is fine */
    run(b, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    run(b, "INSERT INTO t VALUES (3, 'x') ON CONFLICT (id) DO UPDATE SET v = 'y'");
    run(b, "COMMIT");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t WHERE v = 'y'"), 1);
    close_both(a, b);
}
END_TEST

enum { THREADS = 4, ROUNDS = 300, KEYS = 5 };

typedef struct upserter {
    sunstone *db;
    int id;
    int failures;
    char msg[160];
} upserter;

static void *upsert_main(void *arg)
{
    upserter *u = arg;
    for (int i = 0; i < ROUNDS; i++) {
        char sql[160];
        snprintf(sql, sizeof sql,
                 "INSERT INTO c VALUES (%d, 1) ON CONFLICT (k) DO UPDATE SET n = c.n + 1", (i * 7 + u->id) % KEYS);
        if (sunstone_exec(u->db, sql, NULL, NULL) != SUNSTONE_OK) {
            u->failures++;
            snprintf(u->msg, sizeof u->msg, "%s: %s", sunstone_sqlstate(u->db), sunstone_errmsg(u->db));
        }
    }
    return NULL;
}

START_TEST(concurrent_upserts)
{
    sunstone *a = open_first();
    run(a, "CREATE TABLE c (k int PRIMARY KEY, n int)");
    upserter us[THREADS];
    pthread_t th[THREADS];
    for (int i = 0; i < THREADS; i++) {
        us[i] = (upserter){open_more(a), i, 0, ""};
        ck_assert_int_eq(pthread_create(&th[i], NULL, upsert_main, &us[i]), 0);
    }
    for (int i = 0; i < THREADS; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < THREADS; i++) {
        ck_assert_msg(us[i].failures == 0, "%s", us[i].msg);
        ck_assert_int_eq(sunstone_close(us[i].db), SUNSTONE_OK);
    }
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM c"), KEYS);
    ck_assert_int_eq(scalar(a, "SELECT sum(n) FROM c"), THREADS * ROUNDS);
    ck_assert_int_eq(sunstone_close(a), SUNSTONE_OK);
}
END_TEST

START_TEST(returning_through_api)
{
    sunstone *a = setup();
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(a,
                                      "INSERT INTO t VALUES ($1, $2), ($1 + 1, $2) ON CONFLICT (id) DO UPDATE "
                                      "SET v = t.v || $2 RETURNING id, v",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    ck_assert(sunstone_stmt_returns_rows(st));
    ck_assert_int_eq(sunstone_column_count(st), 2);
    ck_assert_str_eq(sunstone_column_name(st, 1), "v");
    for (int round = 0; round < 2; round++) {
        ck_assert_int_eq(sunstone_bind_int64(st, 1, 1), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_bind_text(st, 2, "!", -1), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
        ck_assert_str_eq(sunstone_column_text(st, 0), "1");
        ck_assert_str_eq(sunstone_column_text(st, 1), round == 0 ? "one!" : "one!!");
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
        ck_assert_str_eq(sunstone_column_text(st, 0), "2");
        ck_assert_str_eq(sunstone_column_text(st, 1), round == 0 ? "!" : "!!");
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
        ck_assert_str_eq(sunstone_command_tag(st), "INSERT 0 2");
        ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    }
    sunstone_finalize(st);
    ck_assert_int_eq(sunstone_prepare(a, "DELETE FROM t WHERE id > $1 RETURNING v", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 1, 1), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_str_eq(sunstone_column_text(st, 0), "!!");
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    ck_assert_str_eq(sunstone_command_tag(st), "DELETE 1");
    sunstone_finalize(st);
    ck_assert_int_eq(sunstone_close(a), SUNSTONE_OK);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("on_conflict_sessions");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, nothing_after_commit);
    tcase_add_test(tc, insert_after_rollback);
    tcase_add_test(tc, update_after_commit);
    tcase_add_test(tc, repeatable_read_conflict);
    tcase_add_test(tc, concurrent_upserts);
    tcase_add_test(tc, returning_through_api);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
