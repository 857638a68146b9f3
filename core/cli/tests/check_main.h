/* check_main.h — the common main() of the shell's Check test programs: runs the suite built by
 * the including file's make_suite() and exits non-zero on any failure. */
#ifndef SUNSTONE_CLI_CHECK_MAIN_H
#define SUNSTONE_CLI_CHECK_MAIN_H

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
