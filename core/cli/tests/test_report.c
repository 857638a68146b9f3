/* test_report.c — message prefixes and layout: "ERROR:  " with context, DETAIL and HINT; the
 * "sunstone:FILE:LINE: " prefix in scripts; "sunstone: error:" before the first command and
 * no prefix afterwards, as psql does with "psql:". */
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

START_TEST(test_sql_error_plain)
{
    capture c;
    open_capture(&c);
    c.sh.terse = true;
    report_sql_error(&c.sh, "42883", "function nofunc(integer) does not exist", NULL,
                     "No function matches the given name and argument types. You might need to "
                     "add explicit type casts.",
                     "select nofunc(1)", 8);
    report_sql_error(&c.sh, "23505", "duplicate key value violates unique constraint \"u_pkey\"",
                     "Key (a)=(1) already exists.", NULL, "insert into u values (1)", 0);
    close_capture(&c, "ERROR:  function nofunc(integer) does not exist\n"
                      "LINE 1: select nofunc(1)\n"
                      "               ^\n"
                      "HINT:  No function matches the given name and argument types. You might "
                      "need to add explicit type casts.\n"
                      "ERROR:  duplicate key value violates unique constraint \"u_pkey\"\n"
                      "DETAIL:  Key (a)=(1) already exists.\n");
}
END_TEST

START_TEST(test_script_prefixes)
{
    capture c;
    open_capture(&c);
    c.sh.terse = true;
    c.sh.inputfile = "s1.sql";
    c.sh.lineno = 5;
    report_sql_error(&c.sh, "42703", "column \"x\" does not exist", NULL, NULL, "select\n  x;", 10);
    c.sh.lineno = 9;
    report_notice(&c.sh, "NOTICE", "table \"nosuch\" does not exist, skipping");
    report_error(&c.sh, "invalid command \\%s", "foo");
    report_warning(&c.sh, "\\q: extra argument \"x\" ignored");
    close_capture(&c, "sunstone:s1.sql:5: ERROR:  column \"x\" does not exist\n"
                      "LINE 2:   x;\n"
                      "          ^\n"
                      "sunstone:s1.sql:9: NOTICE:  table \"nosuch\" does not exist, skipping\n"
                      "sunstone:s1.sql:9: error: invalid command \\foo\n"
                      "sunstone:s1.sql:9: warning: \\q: extra argument \"x\" ignored\n");
}
END_TEST

START_TEST(test_startup_and_terse)
{
    capture c;
    open_capture(&c);
    report_error(&c.sh, "nofile: No such file or directory");
    report_warning(&c.sh, "extra command-line argument \"x\" ignored");
    c.sh.terse = true;
    report_error(&c.sh, "nofile: No such file or directory");
    report_notice(&c.sh, "WARNING", "something");
    close_capture(&c, "sunstone: error: nofile: No such file or directory\n"
                      "sunstone: warning: extra command-line argument \"x\" ignored\n"
                      "nofile: No such file or directory\n"
                      "WARNING:  something\n");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("report");
    TCase *tc = tcase_create("report");
    tcase_add_test(tc, test_sql_error_plain);
    tcase_add_test(tc, test_script_prefixes);
    tcase_add_test(tc, test_startup_and_terse);
    suite_add_tcase(s, tc);
    return s;
}
