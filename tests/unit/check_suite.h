/* check_suite.h — the main of a Check test program of one suite and one test case. */
#ifndef SS_TESTS_CHECK_SUITE_H
#define SS_TESTS_CHECK_SUITE_H

#include <check.h>

/* Runs the suite `name` of the tests add() adds, each between setup and teardown; the exit
 * status for main. */
static inline int run_suite(const char *name, void (*setup)(void), void (*teardown)(void), void (*add)(TCase *tc))
{
    Suite *s = suite_create(name);
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    add(tc);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

#endif
