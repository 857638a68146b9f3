/* test_explain_analyze.c — EXPLAIN ANALYZE through the C API with timing and summary on (the
 * SQL golden tests/sql/sunstone/explain_analyze masks both): every node line ends with
 * " (actual time=S..T rows=R batches=B loops=L)" with S <= T, the plan with the Planning Time
 * and Execution Time lines; a plain query's operator instances carry no counters. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_suite.h"
#include "api/database.h"
#include "api/statement.h"
#include "exec/executor.h"
#include "sunstone.h"

static sunstone *db;

static void setup(void)
{
    const char *d = getenv("SUNSTONE_MODULE_DIR");
    sunstone_config cfg = {sizeof cfg, d ? d : "modules", false, NULL};
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE t (a int, b text); INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')",
                                   NULL, NULL),
                     SUNSTONE_OK);
}

static void teardown(void)
{
    sunstone_close(db);
}

START_TEST(test_timed_lines)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "EXPLAIN ANALYZE SELECT x.b FROM t x JOIN t y ON x.a = y.a WHERE x.a > 1",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    int nodes = 0, planning = 0, execution = 0, n = 0;
    while (sunstone_step(st) == SUNSTONE_ROW) {
        const char *line = sunstone_column_text(st, 0);
        double s, t, ms;
        int rows, batches, loops;
        const char *actual = strstr(line, " (actual time=");
        n++;
        if (actual) {
            ck_assert_int_eq(sscanf(actual, " (actual time=%lf..%lf rows=%d batches=%d loops=%d)", &s, &t, &rows,
                                    &batches, &loops),
                             5);
            ck_assert(s >= 0 && s <= t);
            ck_assert_int_eq(loops, 1);
            ck_assert(line[strlen(line) - 1] == ')');
            nodes++;
        } else if (sscanf(line, "Planning Time: %lf ms", &ms) == 1) {
            ck_assert_int_eq(n, nodes + 1);
            planning++;
        } else if (sscanf(line, "Execution Time: %lf ms", &ms) == 1) {
            ck_assert_int_eq(n, nodes + 2);
            execution++;
        } else {
            ck_abort_msg("unexpected line: %s", line);
        }
    }
    ck_assert_int_eq(nodes, 5); /* project, hash join, scan, filter, scan */
    ck_assert_int_eq(planning, 1);
    ck_assert_int_eq(execution, 1);
    sunstone_finalize(st);
}
END_TEST

START_TEST(test_no_counters_without_analyze)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t WHERE a > 1", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_ptr_nonnull(st->root);
    ck_assert_ptr_null(st->root->instr);
    ck_assert_ptr_null(st->root->children[0]->instr);
    sunstone_finalize(st);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, test_timed_lines);
    tcase_add_test(tc, test_no_counters_without_analyze);
}

int main(void)
{
    return run_suite("explain_analyze", setup, teardown, add_tests);
}
