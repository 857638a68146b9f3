/* test_statement_atomicity.c — a failing or cancelled INSERT leaves its table unchanged even
 * when the backend has already accepted some of its batches (storage.h, statement
 * atomicity).  The test module tests/plugins/test_undo_backend.c runs the memory backend's
 * code behind an insert that fails on its Nth call of a statement ("failing") or sleeps in
 * every call, and through a version-1 vtable without statement undo ("failing_noundo"), to
 * which the kernel refuses writes that would need more than one insert call. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check_main.h"
#include "sunstone.h"

#ifndef TEST_PLUGIN_DIR
#error "TEST_PLUGIN_DIR (the directory of the test plugins) must be defined by the build"
#endif

static sunstone *db;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void exec_ok(const char *sql)
{
    int rc = sunstone_exec(db, sql, NULL, NULL);
    ck_assert_msg(rc == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

/* Runs sql, which must fail with sqlstate and a message containing msg. */
static void exec_fails(const char *sql, const char *sqlstate, const char *msg)
{
    int rc = sunstone_exec(db, sql, NULL, NULL);
    ck_assert_msg(rc == SUNSTONE_ERROR, "%.80s: succeeded", sql);
    ck_assert_str_eq(sunstone_sqlstate(db), sqlstate);
    ck_assert_msg(strstr(sunstone_errmsg(db), msg), "%.80s: %s", sql, sunstone_errmsg(db));
}

/* "count|sum(a)|min(b)|max(b)" of a table: what must not change. */
static void table_summary(const char *table, char *out, size_t outlen)
{
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT count(*), sum(a), min(b), max(b) FROM %s", table);
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, sql, -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    snprintf(out, outlen, "%s|%s|%s|%s", sunstone_column_text(st, 0) ? sunstone_column_text(st, 0) : "",
             sunstone_column_text(st, 1) ? sunstone_column_text(st, 1) : "",
             sunstone_column_text(st, 2) ? sunstone_column_text(st, 2) : "",
             sunstone_column_text(st, 3) ? sunstone_column_text(st, 3) : "");
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
}

static int64_t count_rows(const char *table)
{
    char s[256];
    table_summary(table, s, sizeof s);
    return strtoll(s, NULL, 10);
}

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    exec_ok("CREATE TABLE src (a int, b text)");
    exec_ok("INSERT INTO src VALUES (1, 'v1')");
    for (int i = 0; i < 12; i++) { /* a = 1..4096 */
        char sql[96];
        snprintf(sql, sizeof sql, "INSERT INTO src SELECT a + %d, 'v' || (a + %d) FROM src", 1 << i, 1 << i);
        exec_ok(sql);
    }
    exec_ok("LOAD '" TEST_PLUGIN_DIR "/test_undo_backend.so'");
    exec_ok("CREATE TABLE f (a int, b text) USING failing");
    exec_ok("CREATE TABLE nu (a int, b text) USING failing_noundo");
    /* five rows: the table's last chunk is partly filled when the next INSERT writes */
    exec_ok("INSERT INTO f SELECT a, b FROM src WHERE a <= 5");
}

static void teardown(void)
{
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}

START_TEST(insert_select_second_call_fails)
{
    char before[256], after[256];
    table_summary("f", before, sizeof before);
    ck_assert_str_eq(before, "5|15|v1|v5");
    /* 2000 rows: two insert calls; the second fails after the first wrote 1024 rows */
    for (int i = 0; i < 3; i++) {
        exec_fails("INSERT INTO f SELECT a, b FROM src WHERE a <= 2000", "XX000",
                   "failing backend: insert call 2 refused");
        table_summary("f", after, sizeof after);
        ck_assert_str_eq(after, before);
    }
    /* a later call fails: two calls' rows (a new chunk included) are undone */
    exec_ok("SET test_undo.fail_insert_call = 3");
    exec_fails("INSERT INTO f SELECT a, b FROM src", "XX000", "failing backend: insert call 3 refused");
    table_summary("f", after, sizeof after);
    ck_assert_str_eq(after, before);
    /* the table still takes rows, after its cut-back tail: 1 + 2 + ... + 1000 more */
    exec_ok("INSERT INTO f SELECT a, b FROM src WHERE a <= 1000");
    exec_ok("INSERT INTO f VALUES (NULL, NULL)");
    table_summary("f", after, sizeof after);
    ck_assert_str_eq(after, "1006|500515|v1|v999");
    ck_assert_int_eq(count_rows("f WHERE a IS NULL AND b IS NULL"), 1);
    ck_assert_int_eq(count_rows("f WHERE b = 'v' || a"), 1005);
    /* a multi-call INSERT that succeeds keeps every row */
    exec_ok("RESET test_undo.fail_insert_call");
    exec_ok("SET test_undo.fail_insert_call = 0");
    exec_ok("INSERT INTO f SELECT a, b FROM src");
    ck_assert_int_eq(count_rows("f"), 1006 + 4096);
}
END_TEST

START_TEST(values_2000_rows_fails)
{
    char before[256], after[256];
    table_summary("f", before, sizeof before);
    size_t cap = 2000 * 16 + 64;
    char *sql = malloc(cap);
    size_t len = (size_t)snprintf(sql, cap, "INSERT INTO f VALUES ");
    for (int i = 1; i <= 2000; i++)
        len += (size_t)snprintf(sql + len, cap - len, "%s(%d, 'x%d')", i > 1 ? "," : "", i, i);
    exec_fails(sql, "XX000", "failing backend: insert call 2 refused");
    free(sql);
    table_summary("f", after, sizeof after);
    ck_assert_str_eq(after, before);
}
END_TEST

/* The backend sleeps 1 s in each insert call; statement_timeout (300 ms, far more than
 * staging 2000 rows takes even under sanitizers on a loaded machine) passes during the first,
 * and the kernel's check before the second cancels the statement. */
START_TEST(statement_timeout_between_calls)
{
    char before[256], after[256];
    table_summary("f", before, sizeof before);
    exec_ok("SET test_undo.fail_insert_call = 0");
    exec_ok("SET test_undo.insert_sleep_ms = 1000");
    exec_ok("SET statement_timeout = '300ms'");
    double t0 = now_ms();
    exec_fails("INSERT INTO f SELECT a, b FROM src WHERE a <= 2000", "57014",
               "canceling statement due to statement timeout");
    double took = now_ms() - t0;
    ck_assert_msg(took >= 1000, "cancelled after %.1f ms, before the first insert call ended", took);
    exec_ok("RESET statement_timeout");
    table_summary("f", after, sizeof after);
    ck_assert_str_eq(after, before);
}
END_TEST

static void *interrupt_later(void *arg)
{
    (void)arg;
    usleep(300 * 1000); /* inside the first insert call (1 s) */
    sunstone_interrupt(db);
    return NULL;
}

START_TEST(interrupt_between_calls)
{
    char before[256], after[256];
    table_summary("f", before, sizeof before);
    exec_ok("SET test_undo.fail_insert_call = 0");
    exec_ok("SET test_undo.insert_sleep_ms = 1000");
    pthread_t thread;
    ck_assert_int_eq(pthread_create(&thread, NULL, interrupt_later, NULL), 0);
    exec_fails("INSERT INTO f SELECT a, b FROM src WHERE a <= 2000", "57014",
               "canceling statement due to user request");
    pthread_join(thread, NULL);
    table_summary("f", after, sizeof after);
    ck_assert_str_eq(after, before);
}
END_TEST

START_TEST(backend_without_undo)
{
    /* more than one batch of rows: refused before anything is written */
    exec_fails("INSERT INTO nu SELECT a, b FROM src WHERE a <= 2000", "0A000",
               "feature not supported: writing more than 1024 rows in one statement to storage backend "
               "\"failing_noundo\", which has no statement undo (stmt_abort)");
    ck_assert_int_eq(count_rows("nu"), 0);
    exec_fails("INSERT INTO nu SELECT a, b FROM src WHERE a <= 1025", "0A000", "more than 1024 rows");
    ck_assert_int_eq(count_rows("nu"), 0);
    /* up to one batch is one insert call, even when the rows were staged in several */
    exec_ok("INSERT INTO nu SELECT a, b FROM src WHERE a % 100 = 0");
    ck_assert_int_eq(count_rows("nu"), 40);
    exec_ok("INSERT INTO nu SELECT a, b FROM src WHERE a <= 1024");
    ck_assert_int_eq(count_rows("nu"), 1064);
    ck_assert_int_eq(count_rows("nu WHERE b = 'v' || a"), 1064);
}
END_TEST

START_TEST(half_undo_vtable_refused)
{
    exec_fails("LOAD '" TEST_PLUGIN_DIR "/test_halfundo.so'", "58000", "missing callback stmt_commit");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("statement_atomicity");
    TCase *tc = tcase_create("insert");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, insert_select_second_call_fails);
    tcase_add_test(tc, values_2000_rows_fails);
    tcase_add_test(tc, statement_timeout_between_calls);
    tcase_add_test(tc, interrupt_between_calls);
    tcase_add_test(tc, backend_without_undo);
    tcase_add_test(tc, half_undo_vtable_refused);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
