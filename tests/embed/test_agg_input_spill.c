/* test_agg_input_spill.c — DISTINCT and ordered aggregates (count(DISTINCT), sum(DISTINCT),
 * string_agg(DISTINCT ...), array_agg(x ORDER BY y)) over 1M rows under work_mem = '64kB', in
 * few groups (their sorted input goes to runs on temporary files) and in many groups (the
 * hash aggregate's partitions as well): the answers equal those of a work_mem the input fits
 * in, the growth of the process's peak RSS during the query stays bounded (VmHWM, reset
 * through /proc/self/clear_refs after malloc_trim before it), EXPLAIN ANALYZE shows the runs, and no temporary
 * file is left after the statement, also after one that fails. */
#include <check.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sunstone.h"

static sunstone *db;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db,
                                   "CREATE TABLE t (i int, g int, h int, v int, s text);"
                                   "INSERT INTO t SELECT i, i % 3, i % 100000, ((i::int8 * 7919) % 500000)::int, 'x' || (i % 40000) "
                                   "FROM generate_series(1, 1000000) i",
                                   NULL, NULL),
                     SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(db);
}

/* Every row's columns joined with '|', rows with '\n' (malloc'd). */
static char *answer(const char *sql)
{
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(db, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
    size_t cap = 4096, len = 0;
    char *out = malloc(cap);
    ck_assert_ptr_nonnull(out);
    out[0] = 0;
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW)
        for (int c = 0; c < sunstone_column_count(st); c++) {
            const char *v = (const char *)sunstone_column_text(st, c);
            size_t n = strlen(v ? v : "NULL") + 2;
            if (len + n + 1 > cap) {
                cap = (len + n + 1) * 2;
                out = realloc(out, cap);
                ck_assert_ptr_nonnull(out);
            }
            len += (size_t)snprintf(out + len, cap - len, "%s%s", v ? v : "NULL",
                                    c + 1 < sunstone_column_count(st) ? "|" : "\n");
        }
    ck_assert_msg(rc == SUNSTONE_DONE, "%s: %s", sql, sunstone_errmsg(db));
    sunstone_finalize(st);
    return out;
}

static long status_kb(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    ck_assert_ptr_nonnull(f);
    char line[256];
    long kb = -1;
    size_t n = strlen(field);
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, field, n))
            kb = strtol(line + n + 1, NULL, 10);
    fclose(f);
    ck_assert_int_ge(kb, 0);
    return kb;
}

/* Resets the peak RSS to the current RSS (Linux 4.0 and later). */
static void reset_peak(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_ge(fputs("5", f), 0);
    fclose(f);
}

static bool temp_dir_exists(void)
{
    char dir[256];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/sunstone_tmp/pid_%ld", tmp && *tmp ? tmp : "/tmp", (long)getpid());
    struct stat sb;
    return stat(dir, &sb) == 0;
}

static void set_work_mem(const char *v)
{
    char sql[64];
    snprintf(sql, sizeof sql, "SET work_mem = '%s'", v);
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_OK);
}

/* Under AddressSanitizer freed memory sits in its quarantine and every allocation has shadow
   memory, so the peak RSS says nothing about the engine's own use: only answers and files
   are checked there (the plain builds check the memory). */
#if defined(__SANITIZE_ADDRESS__)
#define RSS_CHECKED 0
#else
#define RSS_CHECKED 1
#endif

/* sql under 64kB: the answer of 2GB, the peak RSS growth under limit_kb, no file left. */
static void check_bounded(const char *sql, long limit_kb)
{
    /* first, with the memory freed so far given back: the peak then shows what it takes */
    set_work_mem("64kB");
    malloc_trim(0);
    reset_peak();
    long before = status_kb("VmRSS:");
    char *got = answer(sql);
    long grown = status_kb("VmHWM:") - before;
    set_work_mem("2GB");
    char *want = answer(sql);
    ck_assert_msg(!strcmp(got, want), "%s:\n64kB: %.300s\n2GB:  %.300s", sql, got, want);
    ck_assert_msg(!RSS_CHECKED || grown < limit_kb, "%s: peak RSS grew by %ld kB (limit %ld)", sql, grown, limit_kb);
    ck_assert_msg(!temp_dir_exists(), "%s left temporary files", sql);
    fprintf(stderr, "%-110.110s peak +%ld kB\n", sql, grown);
    free(want);
    free(got);
}

START_TEST(few_groups_distinct)
{
    check_bounded("SELECT g, count(DISTINCT v), sum(DISTINCT v), count(DISTINCT s) FROM t GROUP BY g ORDER BY g",
                  12 * 1024);
    check_bounded("SELECT count(DISTINCT v), sum(DISTINCT v % 1000) FROM t", 12 * 1024);
}
END_TEST

START_TEST(few_groups_ordered)
{
    check_bounded("SELECT g, length(string_agg(DISTINCT s, ',')), md5(string_agg(DISTINCT s, ',' ORDER BY s DESC)) "
                  "FROM t GROUP BY g ORDER BY g",
                  12 * 1024);
    check_bounded("SELECT g, (array_agg(v ORDER BY v DESC, i))[1:5], (array_agg(i ORDER BY v, i DESC))[1:5] "
                  "FROM t WHERE i % 4 = 0 GROUP BY g ORDER BY g",
                  12 * 1024);
}
END_TEST

START_TEST(many_groups)
{
    check_bounded("SELECT count(*), sum(c), sum(d), sum(l) FROM (SELECT h, count(DISTINCT v) c, count(DISTINCT g) d, "
                  "length(string_agg(DISTINCT s, ',' ORDER BY s)) l FROM t GROUP BY h) x",
                  24 * 1024);
}
END_TEST

START_TEST(runs_shown_and_removed_on_error)
{
    set_work_mem("64kB");
    char *plan = answer("EXPLAIN ANALYZE SELECT count(DISTINCT v), string_agg(s, ',' ORDER BY v) IS NULL FROM t");
    ck_assert_msg(strstr(plan, "sorted input in") != NULL, "%s", plan);
    free(plan);
    /* an error after runs were written: the statement's files go with it */
    ck_assert_int_ne(sunstone_exec(db, "SELECT count(DISTINCT v), min(100 / (i - 999000)) FROM t", NULL, NULL),
                     SUNSTONE_OK);
    ck_assert_str_eq(sunstone_sqlstate(db), "22012");
    ck_assert(!temp_dir_exists());
}
END_TEST

int main(void)
{
    Suite *s = suite_create("agg_input_spill");
    TCase *tc = tcase_create("core");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, few_groups_distinct);
    tcase_add_test(tc, few_groups_ordered);
    tcase_add_test(tc, many_groups);
    tcase_add_test(tc, runs_shown_and_removed_on_error);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
