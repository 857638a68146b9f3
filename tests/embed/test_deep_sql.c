/* test_deep_sql.c — deeply nested SQL through the public API: chains PostgreSQL accepts
 * (3000 terms) work, deeper ones fail with 54001 and PostgreSQL's HINT at any length (400k
 * terms, 25M terms in bounded memory), in the main thread and in a thread with a small
 * stack, and flat lists (IN, AND) of any length still work. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "sunstone.h"

#define HINT_2MB                                                                                   \
    "Increase the configuration parameter \"max_stack_depth\" (currently 2048kB), after ensuring " \
    "the platform's stack depth limit is adequate."

static sunstone *db;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE t (a int)", NULL, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "INSERT INTO t VALUES (1), (2)", NULL, NULL), SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(db);
}

/* head, then n times item, then foot (malloc'd). */
static char *repeat(const char *head, const char *item, long n, const char *foot)
{
    size_t hl = strlen(head), il = strlen(item), fl = strlen(foot);
    char *s = malloc(hl + il * (size_t)n + fl + 1);
    ck_assert_ptr_nonnull(s);
    memcpy(s, head, hl);
    char *p = s + hl;
    for (long i = 0; i < n; i++, p += il)
        memcpy(p, item, il);
    memcpy(p, foot, fl + 1);
    return s;
}

/* Runs sql through prepare + step; returns the first column of the first row (static) or
 * NULL on error. */
static const char *first_value(sunstone *h, const char *sql)
{
    static char buf[64];
    sunstone_stmt *st;
    if (sunstone_prepare(h, sql, -1, &st, NULL) != SUNSTONE_OK)
        return NULL;
    int rc = sunstone_step(st);
    const char *v = rc == SUNSTONE_ROW ? sunstone_column_text(st, 0) : NULL;
    if (v)
        snprintf(buf, sizeof buf, "%s", v);
    sunstone_finalize(st);
    return v ? buf : NULL;
}

static void expect_too_deep(sunstone *h, int rc, const char *hint)
{
    ck_assert_int_eq(rc, SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(h), "54001");
    ck_assert_str_eq(sunstone_errmsg(h), "stack depth limit exceeded");
    ck_assert_int_eq(sunstone_errpos(h), 0);
    if (hint) {
        ck_assert_ptr_nonnull(sunstone_errhint(h));
        ck_assert_str_eq(sunstone_errhint(h), hint);
    }
}

START_TEST(chains_postgres_accepts_work)
{
    char *sql = repeat("SELECT 0", "+1", 3000, "");
    ck_assert_str_eq(first_value(db, sql), "3000");
    free(sql);
    sql = repeat("SELECT length('x'", "||'x'", 3000, ")");
    ck_assert_str_eq(first_value(db, sql), "3001");
    free(sql);
    sql = repeat("SELECT sum(a", "+a", 3000, ") FROM t");
    ck_assert_str_eq(first_value(db, sql), "9003");
    free(sql);
}
END_TEST

START_TEST(chain_400k_refused_through_exec_and_prepare)
{
    char *sql = repeat("SELECT 0", "+1", 400000, ";");
    expect_too_deep(db, sunstone_exec(db, sql, NULL, NULL), HINT_2MB);
    sunstone_stmt *st = NULL;
    expect_too_deep(db, sunstone_prepare(db, sql, -1, &st, NULL), HINT_2MB);
    ck_assert_ptr_null(st);
    free(sql);
    /* deep, but under the pre-scan's certain bound: the stack checks of every stage refuse */
    const char *places[][2] = {
        {"SELECT 0", ""}, {"SELECT a FROM t WHERE 0", " > 0"}, {"INSERT INTO t VALUES (0", ")"},
        {"SELECT a FROM t ORDER BY 0", ""}, {"VALUES (0", ")"}, {"SELECT 1 LIMIT 0", ""},
    };
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++)
        for (long n = 10000; n <= 100000; n *= 10) {
            sql = repeat(places[i][0], "+1", n, places[i][1]);
            expect_too_deep(db, sunstone_exec(db, sql, NULL, NULL), HINT_2MB);
            free(sql);
        }
    /* the database is intact */
    ck_assert_str_eq(first_value(db, "SELECT count(*) FROM t"), "2");
}
END_TEST

START_TEST(chain_25m_bounded_memory)
{
    char *sql = repeat("SELECT 0", "+1", 25000000, ";");
    expect_too_deep(db, sunstone_exec(db, sql, NULL, NULL), HINT_2MB);
    sunstone_stmt *st = NULL;
    expect_too_deep(db, sunstone_prepare(db, sql, -1, &st, NULL), HINT_2MB);
    free(sql);
    sql = repeat("SELECT 1", "::int", 25000000, ";");
    expect_too_deep(db, sunstone_exec(db, sql, NULL, NULL), HINT_2MB);
    free(sql);
    struct rusage ru;
    ck_assert_int_eq(getrusage(RUSAGE_SELF, &ru), 0);
    ck_assert_msg(ru.ru_maxrss < 1024L * 1024, "peak RSS %ld kB", ru.ru_maxrss);
}
END_TEST

START_TEST(flat_lists_are_not_deep)
{
    /* (tests/unit/test_split_scan.c checks that 100k-element lists pass the pre-scan) */
    char *sql = repeat("SELECT count(*) FROM t WHERE a IN (0", ",1", 10000, ")");
    ck_assert_str_eq(first_value(db, sql), "1");
    free(sql);
    sql = repeat("SELECT count(*) FROM t WHERE a > 0", " AND a > 0", 10000, "");
    ck_assert_str_eq(first_value(db, sql), "2");
    free(sql);
    sql = repeat("SELECT count(*) FROM t WHERE a < 0", " OR a = 2", 10000, "");
    ck_assert_str_eq(first_value(db, sql), "1");
    free(sql);
    /* right-nested forms are bounded by the grammar's own stack */
    sql = repeat("SELECT ", "(", 20000, "1");
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), "42601");
    free(sql);
}
END_TEST

typedef struct thread_job {
    const char *sql;
    int rc;
    char sqlstate[6];
    char hint[256];
} thread_job;

static void *run_in_thread(void *arg)
{
    thread_job *job = arg;
    job->rc = sunstone_exec(db, job->sql, NULL, NULL);
    snprintf(job->sqlstate, sizeof job->sqlstate, "%s", sunstone_sqlstate(db));
    snprintf(job->hint, sizeof job->hint, "%s", sunstone_errhint(db) ? sunstone_errhint(db) : "");
    return NULL;
}

START_TEST(small_thread_stack_is_respected)
{
    /* a 256 kB thread: the budget shrinks to what the thread has, the HINT says so */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    ck_assert_int_eq(pthread_attr_setstacksize(&attr, 256 * 1024), 0);
    long sizes[] = {100, 3000, 20000, 400000};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        char *sql = repeat("SELECT 0", "+1", sizes[i], "");
        thread_job job = {sql, -1, "", ""};
        pthread_t th;
        ck_assert_int_eq(pthread_create(&th, &attr, run_in_thread, &job), 0);
        ck_assert_int_eq(pthread_join(th, NULL), 0);
        if (sizes[i] == 100) {
            ck_assert_int_eq(job.rc, SUNSTONE_OK);
        } else if (job.rc != SUNSTONE_OK) {
            ck_assert_str_eq(job.sqlstate, "54001");
            ck_assert_msg(strstr(job.hint, "max_stack_depth") && !strstr(job.hint, "2048kB"), "hint: %s",
                          job.hint);
        }
        ck_assert_msg(sizes[i] < 20000 || job.rc == SUNSTONE_ERROR, "%ld terms accepted", sizes[i]);
        free(sql);
    }
    pthread_attr_destroy(&attr);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("deep_sql");
    TCase *tc = tcase_create("deep_sql");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, chains_postgres_accepts_work);
    tcase_add_test(tc, chain_400k_refused_through_exec_and_prepare);
    tcase_add_test(tc, chain_25m_bounded_memory);
    tcase_add_test(tc, flat_lists_are_not_deep);
    tcase_add_test(tc, small_thread_stack_is_respected);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
