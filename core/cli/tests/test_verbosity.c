/* test_verbosity.c — the VERBOSITY and SHOW_CONTEXT variables: psql's words (any case, \unset
 * back to the default, bad values refused with the list of accepted ones) and the error layout
 * of each verbosity, as psql 15 prints the same errors (without the LOCATION line, which needs
 * a source location the kernel does not report). */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"
#include "report.h"
#include "shell.h"

typedef struct capture {
    shell sh;
    char *out;
    size_t out_len;
    char *err;
    size_t err_len;
} capture;

static void open_capture(capture *c)
{
    shell_init(&c->sh);
    c->out = c->err = NULL;
    c->sh.out = open_memstream(&c->out, &c->out_len);
    c->sh.err = open_memstream(&c->err, &c->err_len);
    c->sh.terse = true;
}

static void close_capture(capture *c, const char *expected_err)
{
    fflush(c->sh.out);
    fflush(c->sh.err);
    ck_assert_str_eq(c->err, expected_err);
    fclose(c->sh.out);
    fclose(c->sh.err);
    free(c->out);
    free(c->err);
    shell_free(&c->sh);
}

static const char hint[] =
    "No function matches the given name and argument types. You might need to add explicit "
    "type casts.";

/* Three errors: with position and hint, with detail and no position, and one with position
 * past a first statement of the same text. */
static void three_errors(capture *c)
{
    report_sql_error(&c->sh, "42883", "function nofunc(integer) does not exist", NULL, hint,
                     "SELECT nofunc(1);", 8);
    report_sql_error(&c->sh, "23502",
                     "null value in column \"a\" of relation \"nn\" violates not-null constraint",
                     "Failing row contains (null).", NULL, "INSERT INTO nn VALUES (NULL);", 0);
    report_sql_error(&c->sh, "42703", "column \"x\" does not exist", NULL, NULL,
                     "select 1; select x", 18);
}

START_TEST(test_default)
{
    capture c;
    open_capture(&c);
    three_errors(&c);
    close_capture(&c, "ERROR:  function nofunc(integer) does not exist\n"
                      "LINE 1: SELECT nofunc(1);\n"
                      "               ^\n"
                      "HINT:  No function matches the given name and argument types. You might "
                      "need to add explicit type casts.\n"
                      "ERROR:  null value in column \"a\" of relation \"nn\" violates not-null "
                      "constraint\n"
                      "DETAIL:  Failing row contains (null).\n"
                      "ERROR:  column \"x\" does not exist\n"
                      "LINE 1: select 1; select x\n"
                      "                         ^\n");
}
END_TEST

START_TEST(test_verbose)
{
    capture c;
    open_capture(&c);
    ck_assert(shell_set_var(&c.sh, "VERBOSITY", "verbose"));
    three_errors(&c);
    close_capture(&c, "ERROR:  42883: function nofunc(integer) does not exist\n"
                      "LINE 1: SELECT nofunc(1);\n"
                      "               ^\n"
                      "HINT:  No function matches the given name and argument types. You might "
                      "need to add explicit type casts.\n"
                      "ERROR:  23502: null value in column \"a\" of relation \"nn\" violates "
                      "not-null constraint\n"
                      "DETAIL:  Failing row contains (null).\n"
                      "ERROR:  42703: column \"x\" does not exist\n"
                      "LINE 1: select 1; select x\n"
                      "                         ^\n");
}
END_TEST

START_TEST(test_terse)
{
    capture c;
    open_capture(&c);
    ck_assert(shell_set_var(&c.sh, "VERBOSITY", "TERSE"));
    c.sh.inputfile = "v.sql";
    c.sh.lineno = 3;
    three_errors(&c);
    close_capture(&c, "sunstone:v.sql:3: ERROR:  function nofunc(integer) does not exist at "
                      "character 8\n"
                      "sunstone:v.sql:3: ERROR:  null value in column \"a\" of relation \"nn\" "
                      "violates not-null constraint\n"
                      "sunstone:v.sql:3: ERROR:  column \"x\" does not exist at character 18\n");
}
END_TEST

START_TEST(test_sqlstate)
{
    capture c;
    open_capture(&c);
    ck_assert(shell_set_var(&c.sh, "VERBOSITY", "sqlstate"));
    three_errors(&c);
    /* Without a SQLSTATE the error is shown as in terse mode. */
    report_sql_error(&c.sh, "", "no code", NULL, NULL, "select 1", 2);
    close_capture(&c, "ERROR:  42883\nERROR:  23502\nERROR:  42703\n"
                      "ERROR:  no code at character 2\n");
}
END_TEST

START_TEST(test_values)
{
    capture c;
    open_capture(&c);
    c.sh.inputfile = "v.sql";
    c.sh.lineno = 18;
    ck_assert(shell_set_var(&c.sh, "VERBOSITY", "verbose"));
    ck_assert(!shell_set_var(&c.sh, "VERBOSITY", "bogus"));
    ck_assert_int_eq(c.sh.verbosity, VERBOSITY_VERBOSE);
    ck_assert_str_eq(shell_lookup_var(&c.sh, "VERBOSITY"), "verbose");
    ck_assert(!shell_set_var(&c.sh, "VERBOSITY", ""));
    ck_assert(shell_set_var(&c.sh, "VERBOSITY", "Sqlstate"));
    ck_assert_int_eq(c.sh.verbosity, VERBOSITY_SQLSTATE);
    ck_assert_str_eq(shell_lookup_var(&c.sh, "VERBOSITY"), "Sqlstate");
    ck_assert(shell_set_var(&c.sh, "VERBOSITY", NULL));
    ck_assert_int_eq(c.sh.verbosity, VERBOSITY_DEFAULT);
    ck_assert_str_eq(shell_lookup_var(&c.sh, "VERBOSITY"), "default");

    ck_assert_int_eq(c.sh.context, SHOW_CONTEXT_ERRORS);
    ck_assert(shell_set_var(&c.sh, "SHOW_CONTEXT", "always"));
    ck_assert_int_eq(c.sh.context, SHOW_CONTEXT_ALWAYS);
    ck_assert(shell_set_var(&c.sh, "SHOW_CONTEXT", "never"));
    ck_assert_int_eq(c.sh.context, SHOW_CONTEXT_NEVER);
    ck_assert(!shell_set_var(&c.sh, "SHOW_CONTEXT", "bogus"));
    ck_assert(shell_set_var(&c.sh, "SHOW_CONTEXT", NULL));
    ck_assert_int_eq(c.sh.context, SHOW_CONTEXT_ERRORS);
    ck_assert_str_eq(shell_lookup_var(&c.sh, "SHOW_CONTEXT"), "errors");
    close_capture(&c, "sunstone:v.sql:18: error: unrecognized value \"bogus\" for \"VERBOSITY\"\n"
                      "Available values are: default, verbose, terse, sqlstate.\n"
                      "sunstone:v.sql:18: error: unrecognized value \"\" for \"VERBOSITY\"\n"
                      "Available values are: default, verbose, terse, sqlstate.\n"
                      "sunstone:v.sql:18: error: unrecognized value \"bogus\" for "
                      "\"SHOW_CONTEXT\"\n"
                      "Available values are: never, errors, always.\n");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("verbosity");
    TCase *tc = tcase_create("verbosity");
    tcase_add_test(tc, test_default);
    tcase_add_test(tc, test_verbose);
    tcase_add_test(tc, test_terse);
    tcase_add_test(tc, test_sqlstate);
    tcase_add_test(tc, test_values);
    suite_add_tcase(s, tc);
    return s;
}
