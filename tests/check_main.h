/* check_main.h — the common main() of the kernel's Check test programs (unit and embed):
 * runs the suite built by the including file's make_suite() and exits non-zero on any
 * failure. */
#ifndef SUNSTONE_TESTS_CHECK_MAIN_H
#define SUNSTONE_TESTS_CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

static Suite *make_suite(void);

int main(void)
{
    SRunner *sr = srunner_create(make_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
