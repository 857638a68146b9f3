/* test_join_rescan.c — a prepared join run again with other parameter values: the join's
 * build side (the right input) is rebuilt when a parameter it reads changes and kept when
 * only the left side's do, and both answers are right each time (hash join and nested
 * loop, inner, LEFT and FULL). */
#include <check.h>
#include <string.h>

#include "sunstone.h"
#include "embed/run_cases.h"

START_TEST(parameter_on_the_build_side)
{
    RUN_CASES("SELECT count(*), coalesce(sum(w), 0) FROM a JOIN b ON a.k = b.k AND b.w > $1", {0, 4, 71},
              {10, 3, 61}, {25, 1, 30}, {0, 4, 71});
}
END_TEST

START_TEST(parameter_on_the_probe_side)
{
    RUN_CASES("SELECT count(*), coalesce(sum(w), 0) FROM a LEFT JOIN b ON a.k = b.k WHERE a.v > $1", {0, 5, 71},
              {1, 3, 50}, {3, 1, 0}, {0, 5, 71});
}
END_TEST

START_TEST(nested_loop_with_parameters)
{
    /* k=1: 20, 30; k=2: 30; k=3 and NULL: unmatched */
    RUN_CASES("SELECT count(*), coalesce(sum(w), 0) FROM a LEFT JOIN b ON a.k < b.k AND b.w > $1", {0, 5, 80},
              {25, 4, 60}, {100, 4, 0});
}
END_TEST

START_TEST(full_join_again)
{
    /* each run starts with no right row matched */
    RUN_CASES("SELECT count(*), coalesce(sum(w), 0) FROM a FULL JOIN b ON a.k = b.k AND a.v > $1", {1, 7, 111},
              {2, 8, 111}, {0, 6, 111}, {0, 6, 111});
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("join_rescan");
    TCase *tc = tcase_create("join_rescan");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, parameter_on_the_build_side);
    tcase_add_test(tc, parameter_on_the_probe_side);
    tcase_add_test(tc, nested_loop_with_parameters);
    tcase_add_test(tc, full_join_again);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
