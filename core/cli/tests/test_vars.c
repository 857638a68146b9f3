/* test_vars.c — variables: the sorted table, name validation, psql's boolean syntax, and the
 * special variables ON_ERROR_STOP and QUIET with psql's messages for bad values. */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"
#include "shell.h"
#include "vars.h"

START_TEST(test_table)
{
    var_table v;
    vars_init(&v);
    vars_set(&v, "b", "2");
    vars_set(&v, "a", "1");
    vars_set(&v, "c", "3");
    vars_set(&v, "b", "two");
    ck_assert_uint_eq(v.n, 3);
    ck_assert_str_eq(v.items[0].name, "a");
    ck_assert_str_eq(v.items[1].name, "b");
    ck_assert_str_eq(v.items[2].name, "c");
    ck_assert_str_eq(vars_get(&v, "b"), "two");
    ck_assert_ptr_null(vars_get(&v, "d"));
    vars_unset(&v, "a");
    vars_unset(&v, "zz");
    ck_assert_uint_eq(v.n, 2);
    ck_assert_ptr_null(vars_get(&v, "a"));
    vars_free(&v);
}
END_TEST

START_TEST(test_names)
{
    ck_assert(var_name_valid("ON_ERROR_STOP"));
    ck_assert(var_name_valid("1a"));
    ck_assert(var_name_valid("é"));
    ck_assert(!var_name_valid(""));
    ck_assert(!var_name_valid("a-b"));
    ck_assert(!var_name_valid("a b"));
}
END_TEST

START_TEST(test_booleans)
{
    const char *yes[] = {"1", "on", "ON", "t", "tr", "true", "TRUE", "y", "yes", "Ye"};
    const char *no[] = {"0", "off", "of", "OFF", "f", "false", "n", "no", "NO"};
    const char *bad[] = {"", "o", "maybe", "2", "truee", "onn", "x"};
    bool b;
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        b = false;
        ck_assert_msg(parse_bool(yes[i], &b) && b, "%s", yes[i]);
    }
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
        b = true;
        ck_assert_msg(parse_bool(no[i], &b) && !b, "%s", no[i]);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(!parse_bool(bad[i], &b), "%s", bad[i]);
}
END_TEST

START_TEST(test_special_variables)
{
    shell sh;
    shell_init(&sh);
    char *err_text = NULL;
    size_t err_len = 0;
    sh.err = open_memstream(&err_text, &err_len);
    sh.terse = true;

    ck_assert(shell_set_var(&sh, "ON_ERROR_STOP", "1"));
    ck_assert(sh.on_error_stop);
    ck_assert(!shell_set_var(&sh, "ON_ERROR_STOP", "maybe"));
    ck_assert(sh.on_error_stop);
    ck_assert_str_eq(vars_get(&sh.vars, "ON_ERROR_STOP"), "1");
    ck_assert(shell_set_var(&sh, "ON_ERROR_STOP", NULL));
    ck_assert(!sh.on_error_stop);
    ck_assert_str_eq(vars_get(&sh.vars, "ON_ERROR_STOP"), "off");
    ck_assert(shell_set_var(&sh, "ON_ERROR_STOP", ""));
    ck_assert(sh.on_error_stop);
    ck_assert_str_eq(vars_get(&sh.vars, "ON_ERROR_STOP"), "on");
    ck_assert(shell_set_var(&sh, "QUIET", "true"));
    ck_assert(sh.quiet);
    ck_assert(shell_set_var(&sh, "other", "x"));
    ck_assert(shell_set_var(&sh, "other", NULL));
    ck_assert_ptr_null(vars_get(&sh.vars, "other"));
    ck_assert(!shell_set_var(&sh, "bad-name", "x"));
    fflush(sh.err);
    ck_assert_str_eq(err_text, "unrecognized value \"maybe\" for \"ON_ERROR_STOP\": Boolean expected\n"
                               "invalid variable name: \"bad-name\"\n");
    fclose(sh.err);
    free(err_text);
    shell_free(&sh);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("vars");
    TCase *tc = tcase_create("vars");
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_booleans);
    tcase_add_test(tc, test_special_variables);
    suite_add_tcase(s, tc);
    return s;
}
