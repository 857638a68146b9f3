/* test_point_lookup_invalidation.c — a prepared point lookup whose tree is kept between
 * executions (parked) stays right when things change under it: DROP INDEX / CREATE INDEX
 * (the plan moves between an index scan and a sequential scan), ALTER TABLE (a column
 * added, renamed, its type changed), and rows another session inserts, updates and deletes,
 * committed or not (MVCC: the lookup sees only what its snapshot does).  Also a select list
 * that passes input columns through (the project's pass-through) beside computed ones. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "sunstone.h"

static sunstone *db, *other;

static void exec_on(sunstone *s, const char *sql)
{
    ck_assert_msg(sunstone_exec(s, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(s));
}

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_open_session(db, &other), SUNSTONE_OK);
    exec_on(db, "CREATE TABLE t (id int, v int, s text)");
    exec_on(db, "INSERT INTO t SELECT g, g % 1000, 's' || g FROM generate_series(1, 5000) g");
    exec_on(db, "CREATE UNIQUE INDEX t_id ON t (id)");
}

static void teardown(void)
{
    sunstone_close(other);
    sunstone_close(db);
}

static sunstone_stmt *prepare(sunstone *s, const char *sql)
{
    sunstone_stmt *st = NULL;
    ck_assert_msg(sunstone_prepare(s, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(s));
    return st;
}

/* Runs the lookup with $1 = id: false when there is no row; else *v and s (copied). */
static bool lookup(sunstone_stmt *st, int64_t id, int64_t *v, char *s, size_t cap)
{
    ck_assert_int_eq(sunstone_bind_int64(st, 1, id), SUNSTONE_OK);
    int rc = sunstone_step(st);
    ck_assert_msg(rc == SUNSTONE_ROW || rc == SUNSTONE_DONE, "%s", sunstone_errmsg(db));
    bool found = rc == SUNSTONE_ROW;
    if (found) {
        ck_assert_int_eq(sunstone_column_int64(st, 0), id);
        *v = sunstone_column_int64(st, 1);
        const char *t = sunstone_column_text(st, 2);
        snprintf(s, cap, "%s", t ? t : "(null)");
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    }
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    return found;
}

static void expect_row(sunstone_stmt *st, int64_t id, int64_t want_v, const char *want_s)
{
    int64_t v = -1;
    char s[64];
    ck_assert_msg(lookup(st, id, &v, s, sizeof s), "no row for id %lld", (long long)id);
    ck_assert_int_eq(v, want_v);
    ck_assert_str_eq(s, want_s);
}

static void expect_none(sunstone_stmt *st, int64_t id)
{
    int64_t v;
    char s[64];
    ck_assert_msg(!lookup(st, id, &v, s, sizeof s), "a row for id %lld", (long long)id);
}

/* Whether EXPLAIN of the lookup's statement shows an index scan. */
static int find_index_scan(void *arg, int ncols, const char *const *values, const char *const *names)
{
    (void)names;
    for (int i = 0; i < ncols; i++)
        if (values[i] && strstr(values[i], "index_scan"))
            *(bool *)arg = true;
    return 0;
}

static bool uses_index(void)
{
    bool found = false;
    ck_assert_int_eq(sunstone_exec(db, "EXPLAIN SELECT id, v, s FROM t WHERE id = 42", find_index_scan, &found),
                     SUNSTONE_OK);
    return found;
}

START_TEST(drop_and_create_index)
{
    sunstone_stmt *st = prepare(db, "SELECT id, v, s FROM t WHERE id = $1");
    ck_assert(uses_index());
    for (int i = 0; i < 3; i++) /* parked after the first */
        expect_row(st, 42 + i, 42 + i, i == 0 ? "s42" : i == 1 ? "s43" : "s44");
    exec_on(db, "DROP INDEX t_id");
    ck_assert(!uses_index());
    expect_row(st, 4321, 321, "s4321");
    expect_none(st, 5001);
    exec_on(db, "CREATE UNIQUE INDEX t_id2 ON t (id)");
    ck_assert(uses_index());
    expect_row(st, 4999, 999, "s4999");
    expect_none(st, 0);
    /* DROP INDEX from the other session releases this session's kept tree too */
    exec_on(other, "DROP INDEX t_id2");
    expect_row(st, 7, 7, "s7");
    sunstone_finalize(st);
}
END_TEST

START_TEST(alter_table)
{
    sunstone_stmt *st = prepare(db, "SELECT id, v, s FROM t WHERE id = $1");
    expect_row(st, 10, 10, "s10");
    exec_on(db, "ALTER TABLE t ADD COLUMN w int DEFAULT 5");
    expect_row(st, 11, 11, "s11");
    /* a renamed column: the statement's text names one that no longer exists */
    exec_on(db, "ALTER TABLE t RENAME COLUMN v TO v2");
    ck_assert_int_eq(sunstone_bind_int64(st, 1, 12), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42703");
    sunstone_reset(st);
    exec_on(db, "ALTER TABLE t RENAME COLUMN v2 TO v");
    expect_row(st, 12, 12, "s12");
    /* a changed result type: PostgreSQL's plan cache refuses it */
    exec_on(db, "ALTER TABLE t ALTER COLUMN v TYPE bigint");
    ck_assert_int_eq(sunstone_bind_int64(st, 1, 13), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "0A000");
    ck_assert_str_eq(sunstone_errmsg(db), "cached plan must not change result type");
    sunstone_reset(st);
    sunstone_finalize(st);
    st = prepare(db, "SELECT id, v, s FROM t WHERE id = $1");
    expect_row(st, 13, 13, "s13");
    sunstone_finalize(st);
}
END_TEST

START_TEST(concurrent_writes)
{
    sunstone_stmt *st = prepare(db, "SELECT id, v, s FROM t WHERE id = $1");
    expect_none(st, 6000);
    exec_on(other, "INSERT INTO t VALUES (6000, 1, 'new')");
    expect_row(st, 6000, 1, "new");
    /* uncommitted work of the other session stays invisible until it commits */
    exec_on(other, "BEGIN");
    exec_on(other, "INSERT INTO t VALUES (6001, 2, 'later')");
    exec_on(other, "UPDATE t SET v = -1, s = 'changed' WHERE id = 100");
    exec_on(other, "DELETE FROM t WHERE id = 200");
    expect_none(st, 6001);
    expect_row(st, 100, 100, "s100");
    expect_row(st, 200, 200, "s200");
    exec_on(other, "COMMIT");
    expect_row(st, 6001, 2, "later");
    expect_row(st, 100, -1, "changed");
    expect_none(st, 200);
    /* a REPEATABLE READ block of this session keeps its snapshot across executions */
    exec_on(db, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    expect_row(st, 300, 300, "s300");
    exec_on(other, "UPDATE t SET s = 'after' WHERE id = 300");
    expect_row(st, 300, 300, "s300");
    exec_on(db, "COMMIT");
    expect_row(st, 300, 300, "after");
    /* the session's own uncommitted writes are seen by its lookup */
    exec_on(db, "BEGIN");
    exec_on(db, "UPDATE t SET s = 'mine' WHERE id = 400");
    expect_row(st, 400, 400, "mine");
    exec_on(db, "ROLLBACK");
    expect_row(st, 400, 400, "s400");
    sunstone_finalize(st);
}
END_TEST

START_TEST(pass_through_columns)
{
    sunstone_stmt *st = prepare(db, "SELECT s, id + 1, s, v FROM t WHERE id = $1");
    for (int64_t id = 1; id <= 3000; id += 997) {
        ck_assert_int_eq(sunstone_bind_int64(st, 1, id), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
        char want[32];
        snprintf(want, sizeof want, "s%lld", (long long)id);
        ck_assert_str_eq(sunstone_column_text(st, 0), want);
        ck_assert_int_eq(sunstone_column_int64(st, 1), id + 1);
        ck_assert_str_eq(sunstone_column_text(st, 2), want);
        ck_assert_int_eq(sunstone_column_int64(st, 3), id % 1000);
        ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
        ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    }
    sunstone_finalize(st);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("point_lookup_invalidation");
    TCase *tc = tcase_create("point_lookup_invalidation");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, drop_and_create_index);
    tcase_add_test(tc, alter_table);
    tcase_add_test(tc, concurrent_writes);
    tcase_add_test(tc, pass_through_columns);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
