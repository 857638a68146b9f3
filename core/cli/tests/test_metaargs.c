/* test_metaargs.c — meta-command argument parsing with psql's rules (checked against psql's
 * \echo output): whitespace separation, '...' with escapes, "..." kept verbatim, pieces glued
 * into one word, -n, "\\" separators, the next backslash ending the command, variables. */
#include <check.h>
#include <string.h>

#include "check_main.h"
#include "metaargs.h"

static void expect(const char *text, const char *name, size_t consumed, size_t nargs, ...)
{
    meta_command cmd;
    meta_parse(text, NULL, NULL, &cmd);
    ck_assert_str_eq(cmd.name, name);
    ck_assert_uint_eq(cmd.nargs, nargs);
    va_list ap;
    va_start(ap, nargs);
    for (size_t i = 0; i < nargs; i++)
        ck_assert_str_eq(cmd.args[i], va_arg(ap, const char *));
    va_end(ap);
    ck_assert_uint_eq(cmd.consumed, consumed);
    meta_command_free(&cmd);
}

START_TEST(test_plain)
{
    expect("\\q", "q", 2, 0);
    expect("\\dt+ foo*", "dt+", 9, 1, "foo*");
    expect("\\echo  indented   \"a b\"  'c d'", "echo", 30, 3, "indented", "\"a b\"", "c d");
    expect("\\timing on off ", "timing", 15, 2, "on", "off");
}
END_TEST

START_TEST(test_quoting)
{
    /* psql: \echo x'y\tz'w "q r" 'it''s'  prints  xy<TAB>zw "q r" it's */
    expect("\\echo x'y\\tz'w \"q r\" 'it''s' ", "echo", 29, 3, "xy\tzw", "\"q r\"", "it's");
    expect("\\echo a\"b c\"d  e", "echo", 16, 2, "a\"b c\"d", "e");
    expect("\\echo '\\101\\x41\\n\\q'", "echo", 20, 1, "AA\nq");
    expect("\\echo 'unterminated", "echo", 19, 1, "unterminated");
    expect("\\echo ''", "echo", 8, 1, "");
}
END_TEST

START_TEST(test_command_ends)
{
    expect("\\echo a \\echo b", "echo", 8, 1, "a");
    expect("\\echo c\\\\select 5;", "echo", 9, 1, "c");
    expect("\\echo a\nb", "echo", 7, 1, "a");
    expect("\\\\", "", 1, 0);
}
END_TEST

static const char *lookup(void *arg, const char *name)
{
    (void)arg;
    return strcmp(name, "f") == 0 ? "data file.sql" : NULL;
}

START_TEST(test_variables)
{
    meta_command cmd;
    meta_parse("\\i :f :'f' :\"f\" :g pre:f:f", lookup, NULL, &cmd);
    ck_assert_uint_eq(cmd.nargs, 5);
    ck_assert_str_eq(cmd.args[0], "data file.sql");
    ck_assert_str_eq(cmd.args[1], "'data file.sql'");
    ck_assert_str_eq(cmd.args[2], "\"data file.sql\"");
    ck_assert_str_eq(cmd.args[3], ":g");
    ck_assert_str_eq(cmd.args[4], "predata file.sqldata file.sql");
    meta_command_free(&cmd);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("metaargs");
    TCase *tc = tcase_create("metaargs");
    tcase_add_test(tc, test_plain);
    tcase_add_test(tc, test_quoting);
    tcase_add_test(tc, test_command_ends);
    tcase_add_test(tc, test_variables);
    suite_add_tcase(s, tc);
    return s;
}
