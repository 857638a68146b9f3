/* test_options.c — the command-line parser: psql's option set, clustered short options (-At),
 * attached and separate arguments, long options with = or a separate value, unambiguous
 * prefixes, repeated -c/-f kept in order, positional arguments anywhere, and getopt's error
 * messages. */
#include <check.h>
#include <string.h>

#include "buf.h"
#include "check_main.h"
#include "options.h"

static bool parse(cli_options *o, buf *err, const char *const *args)
{
    int argc = 1;
    while (args[argc - 1])
        argc++;
    char *argv[32];
    argv[0] = "sunstone";
    for (int i = 1; i < argc; i++)
        argv[i] = (char *)args[i - 1];
    argv[argc] = NULL;
    return options_parse(argc, argv, o, err);
}

#define PARSE_OK(o, ...)                                                   \
    do {                                                                   \
        const char *const args_[] = {__VA_ARGS__, NULL};                   \
        buf e_;                                                            \
        buf_init(&e_);                                                     \
        ck_assert_msg(parse((o), &e_, args_), "unexpected error: %s", e_.data); \
        buf_free(&e_);                                                     \
    } while (0)

static void expect_error(const char *message, const char *const *args)
{
    cli_options o;
    buf err;
    buf_init(&err);
    ck_assert(!parse(&o, &err, args));
    ck_assert_str_eq(err.data, message);
    buf_free(&err);
}

START_TEST(test_defaults)
{
    cli_options o;
    const char *const args[] = {NULL};
    buf err;
    buf_init(&err);
    ck_assert(parse(&o, &err, args));
    ck_assert_ptr_null(o.dbpath);
    ck_assert_uint_eq(o.nactions, 0);
    ck_assert(!o.unaligned && !o.tuples_only && !o.no_rc && !o.quiet && !o.help && !o.version);
    ck_assert_ptr_null(o.fieldsep);
    ck_assert_ptr_null(o.plugin_dir);
    options_free(&o);
    buf_free(&err);
}
END_TEST

START_TEST(test_clustered_flags)
{
    cli_options o;
    PARSE_OK(&o, "-AtXq", "db.sun");
    ck_assert(o.unaligned && o.tuples_only && o.no_rc && o.quiet);
    ck_assert_str_eq(o.dbpath, "db.sun");
    options_free(&o);

    PARSE_OK(&o, "-Atc", "select 1");
    ck_assert(o.unaligned && o.tuples_only);
    ck_assert_uint_eq(o.nactions, 1);
    ck_assert_str_eq(o.actions[0].value, "select 1");
    options_free(&o);

    PARSE_OK(&o, "-AF,", "-tF", ";");
    ck_assert_str_eq(o.fieldsep, ";");
    options_free(&o);
}
END_TEST

START_TEST(test_actions_in_order)
{
    cli_options o;
    PARSE_OK(&o, "-c", "select 1", "-f", "a.sql", "-cselect 2", "--command=\\dt", "--file", "-",
             "--command", "-c");
    ck_assert_uint_eq(o.nactions, 6);
    ck_assert_int_eq(o.actions[0].kind, ACTION_SQL);
    ck_assert_str_eq(o.actions[0].value, "select 1");
    ck_assert_int_eq(o.actions[1].kind, ACTION_FILE);
    ck_assert_str_eq(o.actions[1].value, "a.sql");
    ck_assert_int_eq(o.actions[2].kind, ACTION_SQL);
    ck_assert_str_eq(o.actions[2].value, "select 2");
    ck_assert_int_eq(o.actions[3].kind, ACTION_META);
    ck_assert_str_eq(o.actions[3].value, "\\dt");
    ck_assert_int_eq(o.actions[4].kind, ACTION_FILE);
    ck_assert_str_eq(o.actions[4].value, "-");
    ck_assert_int_eq(o.actions[5].kind, ACTION_SQL);
    ck_assert_str_eq(o.actions[5].value, "-c");
    options_free(&o);
}
END_TEST

START_TEST(test_variables)
{
    cli_options o;
    PARSE_OK(&o, "-v", "ON_ERROR_STOP=1", "--set=A=b=c", "--variable", "X", "-vQUIET=on");
    ck_assert_uint_eq(o.nassignments, 4);
    ck_assert_str_eq(o.assignments[0], "ON_ERROR_STOP=1");
    ck_assert_str_eq(o.assignments[1], "A=b=c");
    ck_assert_str_eq(o.assignments[2], "X");
    ck_assert_str_eq(o.assignments[3], "QUIET=on");
    options_free(&o);
}
END_TEST

START_TEST(test_long_options_and_prefixes)
{
    cli_options o;
    PARSE_OK(&o, "--no-align", "--tuples", "--field-sep=::", "--no-psqlrc", "--quiet",
             "--plugin-dir", "/opt/p", "--dbname=x.db");
    ck_assert(o.unaligned && o.tuples_only && o.no_rc && o.quiet);
    ck_assert_str_eq(o.fieldsep, "::");
    ck_assert_str_eq(o.plugin_dir, "/opt/p");
    ck_assert_str_eq(o.dbpath, "x.db");
    options_free(&o);

    PARSE_OK(&o, "--help");
    ck_assert(o.help);
    options_free(&o);
    PARSE_OK(&o, "-?");
    ck_assert(o.help);
    options_free(&o);
    PARSE_OK(&o, "--vers");
    ck_assert(o.version);
    options_free(&o);
    PARSE_OK(&o, "-V");
    ck_assert(o.version);
    options_free(&o);
    PARSE_OK(&o, "--no-sunstonerc");
    ck_assert(o.no_rc);
    options_free(&o);
}
END_TEST

START_TEST(test_positionals_anywhere)
{
    cli_options o;
    PARSE_OK(&o, "my.db", "-c", "select 1", "extra", "-A", "--", "-t");
    ck_assert_str_eq(o.dbpath, "my.db");
    ck_assert(o.unaligned);
    ck_assert(!o.tuples_only);
    ck_assert_uint_eq(o.nextra, 2);
    ck_assert_str_eq(o.extra_args[0], "extra");
    ck_assert_str_eq(o.extra_args[1], "-t");
    options_free(&o);

    PARSE_OK(&o, "-d", "a.db", "b.db");
    ck_assert_str_eq(o.dbpath, "a.db");
    ck_assert_uint_eq(o.nextra, 1);
    options_free(&o);
}
END_TEST

START_TEST(test_errors)
{
    const char *const a1[] = {"-Z", NULL};
    expect_error("invalid option -- 'Z'", a1);
    const char *const a2[] = {"-c", NULL};
    expect_error("option requires an argument -- 'c'", a2);
    const char *const a3[] = {"--foo", NULL};
    expect_error("unrecognized option '--foo'", a3);
    const char *const a4[] = {"--command", NULL};
    expect_error("option '--command' requires an argument", a4);
    const char *const a5[] = {"-At", "-v", NULL};
    expect_error("option requires an argument -- 'v'", a5);
    const char *const a6[] = {"--no-align=yes", NULL};
    expect_error("option '--no-align' doesn't allow an argument", a6);
    const char *const a7[] = {"--no", NULL};
    expect_error("option '--no' is ambiguous; possibilities: '--no-align' '--no-psqlrc' "
                 "'--no-sunstonerc'",
                 a7);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("options");
    TCase *tc = tcase_create("options");
    tcase_add_test(tc, test_defaults);
    tcase_add_test(tc, test_clustered_flags);
    tcase_add_test(tc, test_actions_in_order);
    tcase_add_test(tc, test_variables);
    tcase_add_test(tc, test_long_options_and_prefixes);
    tcase_add_test(tc, test_positionals_anywhere);
    tcase_add_test(tc, test_errors);
    suite_add_tcase(s, tc);
    return s;
}
