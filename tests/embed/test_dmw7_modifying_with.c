/* test_dmw7_modifying_with.c — a prepared statement with data-modifying WITH queries, run
 * again with new parameters and stopped after its first row: every execution runs each WITH
 * query once and to completion (the rows it returns are its own, never a kept tree's), and a
 * statement reset mid-way has still made all its changes. */
#include "check_main.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sunstone.h"

static sunstone *db;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(db);
}

static void exec(const char *sql)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

/* Runs st with int64 parameters, at most limit rows read (-1: all), rows joined by ','. */
static const char *run(sunstone_stmt *st, int n, const long long *params, int limit)
{
    static char out[4096];
    out[0] = '\0';
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(sunstone_bind_int64(st, i + 1, params[i]), SUNSTONE_OK);
    int rc = SUNSTONE_DONE;
    for (int r = 0; limit < 0 || r < limit; r++) {
        if ((rc = sunstone_step(st)) != SUNSTONE_ROW)
            break;
        size_t used = strlen(out);
        const char *v = sunstone_column_text(st, 0);
        snprintf(out + used, sizeof out - used, "%s%s", used ? "," : "", v ? v : "null");
    }
    if (rc != SUNSTONE_DONE && rc != SUNSTONE_ROW)
        snprintf(out, sizeof out, "ERROR %s", sunstone_sqlstate(db));
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    return out;
}

/* The ids of table name, in order, joined by ','. */
static const char *ids(const char *name)
{
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT id FROM %s ORDER BY id", name);
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, sql, -1, &st, NULL), SUNSTONE_OK);
    static char out[4096];
    strcpy(out, run(st, 0, NULL, -1));
    sunstone_finalize(st);
    return out;
}

START_TEST(prepared_reruns)
{
    exec("CREATE TABLE a (id int PRIMARY KEY); CREATE TABLE b (id int PRIMARY KEY)");
    exec("INSERT INTO a SELECT g FROM generate_series(1, 10) g");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db,
                                      "WITH d AS (DELETE FROM a WHERE id <= $1 RETURNING id), "
                                      "i AS (INSERT INTO b SELECT id FROM d RETURNING id) "
                                      "SELECT id FROM i ORDER BY id",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    ck_assert_str_eq(run(st, 1, (long long[]){2}, -1), "1,2");
    ck_assert_str_eq(run(st, 1, (long long[]){2}, -1), "");
    /* stopped after one row: the WITH queries ran to completion all the same */
    ck_assert_str_eq(run(st, 1, (long long[]){6}, 1), "3");
    ck_assert_str_eq(ids("a"), "7,8,9,10");
    ck_assert_str_eq(ids("b"), "1,2,3,4,5,6");
    ck_assert_str_eq(run(st, 1, (long long[]){100}, -1), "7,8,9,10");
    ck_assert_str_eq(ids("a"), "");
    sunstone_finalize(st);
}
END_TEST

START_TEST(failed_run_undoes_all)
{
    exec("CREATE TABLE a (id int PRIMARY KEY); INSERT INTO a VALUES (1), (2)");
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db,
                                      "WITH d AS (DELETE FROM a RETURNING id) "
                                      "INSERT INTO a SELECT id * $1 FROM d RETURNING id",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    ck_assert_str_eq(run(st, 1, (long long[]){0}, -1), "ERROR 23505");
    ck_assert_str_eq(ids("a"), "1,2");
    ck_assert_str_eq(run(st, 1, (long long[]){10}, -1), "10,20");
    ck_assert_str_eq(ids("a"), "10,20");
    sunstone_finalize(st);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("dmw7_modifying_with");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, prepared_reruns);
    tcase_add_test(tc, failed_run_undoes_all);
    suite_add_tcase(s, tc);
    return s;
}
