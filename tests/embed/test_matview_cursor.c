/* test_matview_cursor.c — materialized views and cursors through the C API: a REFRESH in one
 * session's open transaction leaves another session reading the old rows until it commits
 * (and a rollback leaves them for good), a second REFRESH waits for the first, and one WITH NO
 * DATA makes readers wait; cursors belong to their session, DECLARE takes
 * parameters, returns no columns, and FETCH / MOVE report their tags; a FETCH statement run
 * again goes on from where the cursor stands; the rows of a FETCH being stepped survive a
 * CLOSE of its cursor. */
#include "check_main.h"

#include <stdio.h>
#include <string.h>

#include "sunstone.h"

static sunstone *a, *b;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &a), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_open_session(a, &b), SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(b);
    sunstone_close(a);
}

static void exec(sunstone *db, const char *sql)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

static sunstone_stmt *prepare(sunstone *db, const char *sql)
{
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(db, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
    return st;
}

/* Appends the current row of st to out: its values joined by ':', after a ',' unless first. */
static void add_row(sunstone_stmt *st, char *out, size_t size)
{
    size_t used = strlen(out);
    if (used)
        out[used++] = ',';
    out[used] = '\0';
    int n = sunstone_column_count(st);
    for (int c = 0; c < n && used < size; c++) {
        const char *v = sunstone_column_text(st, c);
        used += (size_t)snprintf(out + used, size - used, c ? ":%s" : "%s", v ? v : "null");
    }
}

/* The rows of st, which is reset after; "ERROR <sqlstate>" when a step fails. */
static const char *run(sunstone *db, sunstone_stmt *st)
{
    static char out[4096];
    out[0] = '\0';
    int rc = sunstone_step(st);
    for (; rc == SUNSTONE_ROW; rc = sunstone_step(st))
        add_row(st, out, sizeof out);
    if (rc != SUNSTONE_DONE)
        snprintf(out, sizeof out, "ERROR %s", sunstone_sqlstate(db));
    sunstone_reset(st);
    return out;
}

static const char *query(sunstone *db, const char *sql)
{
    sunstone_stmt *st = prepare(db, sql);
    const char *out = run(db, st);
    sunstone_finalize(st);
    return out;
}

START_TEST(refresh_seen_at_commit)
{
    exec(a, "CREATE TABLE t (a int); INSERT INTO t SELECT generate_series(1, 3)");
    exec(a, "CREATE MATERIALIZED VIEW mv AS SELECT count(*) AS n, sum(a) AS s FROM t");
    exec(a, "BEGIN; INSERT INTO t VALUES (10); REFRESH MATERIALIZED VIEW mv");
    ck_assert_str_eq(query(a, "SELECT n, s FROM mv"), "4:16");
    ck_assert_str_eq(query(b, "SELECT n, s FROM mv"), "3:6"); /* not blocked, the old rows */
    exec(a, "COMMIT");
    ck_assert_str_eq(query(b, "SELECT n, s FROM mv"), "4:16");
    exec(a, "BEGIN; DELETE FROM t; REFRESH MATERIALIZED VIEW mv");
    ck_assert_str_eq(query(a, "SELECT n, s FROM mv"), "0:null");
    ck_assert_str_eq(query(b, "SELECT n, s FROM mv"), "4:16");
    exec(a, "ROLLBACK");
    ck_assert_str_eq(query(b, "SELECT n, s FROM mv"), "4:16");
    ck_assert_str_eq(query(b, "SELECT ispopulated FROM pg_matviews WHERE matviewname = 'mv'"), "t");

    /* two refreshes: the second waits for the first's row locks (here: lock_timeout) */
    exec(a, "BEGIN; REFRESH MATERIALIZED VIEW mv");
    exec(b, "SET lock_timeout = '20ms'");
    ck_assert_int_eq(sunstone_exec(b, "REFRESH MATERIALIZED VIEW mv", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(b), "55P03");
    exec(a, "COMMIT");
    exec(b, "REFRESH MATERIALIZED VIEW mv");
    ck_assert_str_eq(query(a, "SELECT n, s FROM mv"), "4:16");

    /* WITH NO DATA takes the exclusive lock: a reader waits instead of failing on the
       uncommitted state */
    exec(a, "BEGIN; REFRESH MATERIALIZED VIEW mv WITH NO DATA");
    ck_assert_int_eq(sunstone_exec(b, "SELECT n FROM mv", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(b), "55P03");
    exec(a, "ROLLBACK");
    ck_assert_str_eq(query(b, "SELECT n FROM mv"), "4");
}
END_TEST

START_TEST(cursors_through_the_api)
{
    exec(a, "BEGIN");
    sunstone_stmt *d = prepare(a, "DECLARE c SCROLL CURSOR FOR SELECT g, g * 10 AS t FROM generate_series(1, $1) g");
    ck_assert_int_eq(sunstone_bind_int64(d, 1, 5), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(d), SUNSTONE_DONE);
    ck_assert_int_eq(sunstone_column_count(d), 0);
    ck_assert_str_eq(sunstone_command_tag(d), "DECLARE CURSOR");
    sunstone_finalize(d);

    /* another session has cursors of its own */
    exec(b, "BEGIN");
    ck_assert_int_eq(sunstone_exec(b, "FETCH c", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(b), "34000");
    exec(b, "ROLLBACK");

    sunstone_stmt *f = prepare(a, "FETCH 2 FROM c");
    ck_assert_int_eq(sunstone_column_count(f), 2);
    ck_assert_str_eq(sunstone_column_name(f, 1), "t");
    ck_assert_str_eq(run(a, f), "1:10,2:20");
    ck_assert_int_eq(sunstone_step(f), SUNSTONE_ROW); /* run again: on from row 2 */
    ck_assert_int_eq(sunstone_column_int64(f, 0), 3);
    ck_assert_int_eq(sunstone_step(f), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_step(f), SUNSTONE_DONE);
    ck_assert_str_eq(sunstone_command_tag(f), "FETCH 2");
    sunstone_reset(f);

    sunstone_stmt *m = prepare(a, "MOVE BACKWARD ALL IN c");
    ck_assert_int_eq(sunstone_step(m), SUNSTONE_DONE);
    ck_assert_str_eq(sunstone_command_tag(m), "MOVE 3"); /* PostgreSQL: rows before the current one */
    ck_assert_int_eq(sunstone_column_count(m), 0);
    sunstone_finalize(m);

    /* a FETCH stepped half-way keeps its rows when the cursor closes */
    sunstone_stmt *all = prepare(a, "FETCH ALL FROM c");
    ck_assert_int_eq(sunstone_step(all), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(all, 0), 1);
    exec(a, "CLOSE c");
    ck_assert_int_eq(sunstone_step(all), SUNSTONE_ROW);
    ck_assert_str_eq(sunstone_column_text(all, 1), "20");
    int n = 2;
    while (sunstone_step(all) == SUNSTONE_ROW)
        n++;
    ck_assert_int_eq(n, 5);
    sunstone_reset(all);
    ck_assert_str_eq(run(a, all), "ERROR 34000");
    sunstone_finalize(all);
    ck_assert_str_eq(run(a, f), "ERROR 25P02");
    sunstone_finalize(f);
    exec(a, "ROLLBACK");

    /* WITH HOLD outside a block; a redeclared cursor with other columns */
    exec(a, "DECLARE h CURSOR WITH HOLD FOR SELECT 1 AS x, 'one' AS y");
    f = prepare(a, "FETCH h");
    ck_assert_str_eq(run(a, f), "1:one");
    exec(a, "CLOSE h; DECLARE h CURSOR WITH HOLD FOR SELECT 'other' AS z");
    ck_assert_str_eq(run(a, f), "ERROR 0A000");
    sunstone_finalize(f);
    ck_assert_str_eq(query(a, "FETCH h"), "other");
    ck_assert_str_eq(query(a, "SELECT name, is_holdable FROM pg_cursors"), "h:t");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("matview_cursor");
    TCase *tc = tcase_create("matview_cursor");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, refresh_seen_at_commit);
    tcase_add_test(tc, cursors_through_the_api);
    suite_add_tcase(s, tc);
    return s;
}

