/* test_app.c — the whole program (shell_main) over the fake kernel: --help/--version, option
 * errors, -c/-f actions in order and psql's exit codes (1 for a failed -c, 3 for
 * ON_ERROR_STOP in a script, 2 when the database cannot be opened, otherwise the last
 * action's), output options, -c meta-commands, ~/.sunstonerc and -X, piped standard input
 * and -f -.  Messages and codes are those psql 15 gives in the same situations. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_main.h"
#include "fake_kernel.h"
#include "harness.h"

static void setup(void)
{
    fake_kernel_reset();
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    fake_result x = {0};
    x.sql = "select x";
    x.error = "column \"x\" does not exist";
    x.errpos = 8;
    fake_kernel_add(&x);
    fake_result c = {0};
    c.sql = "create table t(a int)";
    c.tag = "CREATE TABLE";
    fake_kernel_add(&c);
    fake_result three = {0};
    three.sql = "select 1 as a, null as b, 'x' as c";
    three.ncols = 3;
    three.names[0] = "a";
    three.types[0] = 23;
    three.names[1] = "b";
    three.names[2] = "c";
    three.nrows = 2;
    three.rows[0][0] = "1";
    three.rows[0][2] = "x";
    three.rows[1][0] = "2";
    three.rows[1][1] = "q";
    three.rows[1][2] = "r";
    three.tag = "SELECT 2";
    fake_kernel_add(&three);
    /* No ~/.sunstonerc unless a test writes one. */
    char dir[] = "/tmp/sunstone-cli-home-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    setenv("HOME", dir, 1);
}

static void teardown(void)
{
    const char *home = getenv("HOME");
    char path[512];
    snprintf(path, sizeof path, "%s/.sunstonerc", home);
    unlink(path);
    rmdir(home);
}

#define RUN(r, input, ...)                                  \
    do {                                                    \
        const char *const argv_[] = {__VA_ARGS__, NULL};    \
        app_run_shell((r), (input), argv_);                 \
    } while (0)

static const char one_out[] = " ?column? \n"
                              "----------\n"
                              "        1\n"
                              "(1 row)\n"
                              "\n";
static const char x_err[] = "ERROR:  column \"x\" does not exist\n"
                            "LINE 1: select x\n"
                            "               ^\n";

/* One run of the program: its arguments and what psql 15 does with the same ones. */
#define ANY_RC (-1) /* exit code not compared */
typedef struct run_case {
    const char *argv[10]; /* up to the first NULL */
    int rc;               /* or ANY_RC */
    const char *out, *err;  /* NULL: not compared */
} run_case;

static void expect_runs(const run_case *runs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        app_run r;
        app_run_shell(&r, NULL, runs[i].argv);
        if (runs[i].rc != ANY_RC)
            ck_assert_msg(r.rc == runs[i].rc, "run %zu (%s ...): exit code %d, expected %d", i,
                          runs[i].argv[0], r.rc, runs[i].rc);
        if (runs[i].out)
            ck_assert_str_eq(r.out, runs[i].out);
        if (runs[i].err)
            ck_assert_str_eq(r.err, runs[i].err);
        app_run_free(&r);
    }
}

START_TEST(test_version_and_help)
{
    app_run r;
    RUN(&r, NULL, "--version");
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.out, "sunstone (Sunstone) 0.0-fake\n");
    app_run_free(&r);
    RUN(&r, NULL, "--help");
    ck_assert_int_eq(r.rc, 0);
    ck_assert(strncmp(r.out, "sunstone is the interactive terminal", 36) == 0);
    ck_assert_ptr_nonnull(strstr(r.out, "-c, --command=COMMAND"));
    app_run_free(&r);
    ck_assert_int_eq(fake_kernel_open_handles(), 0);
}
END_TEST

START_TEST(test_bad_options)
{
    static const run_case runs[] = {
        {{"-Z"}, 1, NULL,
         "sunstone: invalid option -- 'Z'\n"
         "sunstone: hint: Try \"sunstone --help\" for more information.\n"},
        {{"-c"}, 1, NULL,
         "sunstone: option requires an argument -- 'c'\n"
         "sunstone: hint: Try \"sunstone --help\" for more information.\n"},
        {{"-v", "ON_ERROR_STOP=maybe", "-c", "select 1"}, 1, "",
         "sunstone: error: unrecognized value \"maybe\" for \"ON_ERROR_STOP\": Boolean expected\n"},
        {{"-v", "=x", "-c", "select 1"}, 1, NULL, "sunstone: error: invalid variable name: \"\"\n"},
    };
    expect_runs(runs, sizeof runs / sizeof runs[0]);
}
END_TEST

START_TEST(test_command_exit_codes)
{
    static const run_case runs[] = {
        {{"-X", "-c", "select x"}, 1, NULL, x_err},
        {{"-X", "-c", "select x", "-c", "select 1"}, 0, one_out, NULL},
        {{"-X", "-c", "select 1", "-c", "select x"}, 1, NULL, NULL},
        {{"-X", "-v", "ON_ERROR_STOP=1", "-c", "select x", "-c", "select 1"}, 1, "", NULL},
    };
    expect_runs(runs, sizeof runs / sizeof runs[0]);
    ck_assert_int_eq(fake_kernel_open_handles(), 0);
}
END_TEST

START_TEST(test_file_exit_codes)
{
    char *script = write_temp_file("select 1;\nselect x;\nselect 1;\n");
    app_run r;
    RUN(&r, NULL, "-X", "-f", script);
    ck_assert_int_eq(r.rc, 0);
    char expected[512];
    snprintf(expected, sizeof expected,
             "sunstone:%s:2: ERROR:  column \"x\" does not exist\n"
             "LINE 1: select x;\n"
             "               ^\n",
             script);
    ck_assert_str_eq(r.err, expected);
    app_run_free(&r);

    RUN(&r, NULL, "-X", "-v", "ON_ERROR_STOP=1", "-f", script, "-c", "select 1");
    ck_assert_int_eq(r.rc, 3);
    ck_assert_str_eq(r.out, one_out);
    app_run_free(&r);

    RUN(&r, NULL, "-X", "-f", "/nonexistent.sql");
    ck_assert_int_eq(r.rc, 1);
    ck_assert_str_eq(r.err, "sunstone: error: /nonexistent.sql: No such file or directory\n");
    app_run_free(&r);

    RUN(&r, NULL, "-X", "-f", "/nonexistent.sql", "-c", "select 1");
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.out, one_out);
    app_run_free(&r);

    RUN(&r, NULL, "-X", "-c", "select 1", "-f", "/nonexistent.sql");
    ck_assert_int_eq(r.rc, 1);
    ck_assert_str_eq(r.err, "/nonexistent.sql: No such file or directory\n");
    app_run_free(&r);
    unlink(script);
    free(script);
}
END_TEST

START_TEST(test_output_options)
{
    static const run_case runs[] = {
        {{"-X", "-At", "-c", "select 1 as a, null as b, 'x' as c"}, ANY_RC, "1||x\n2|q|r\n", NULL},
        {{"-XA", "-F", ",", "-c", "select 1 as a, null as b, 'x' as c"}, ANY_RC,
         "a,b,c\n1,,x\n2,q,r\n(2 rows)\n", NULL},
        {{"-X", "-t", "-c", "select 1"}, ANY_RC, "        1\n\n", NULL},
        {{"-X", "-c", "create table t(a int)"}, ANY_RC, "CREATE TABLE\n", NULL},
        {{"-Xq", "-c", "create table t(a int)"}, ANY_RC, "", NULL},
    };
    expect_runs(runs, sizeof runs / sizeof runs[0]);
}
END_TEST

START_TEST(test_meta_in_command)
{
    static const run_case runs[] = {
        {{"-X", "-c", "\\echo a b   c", "-c", "\\q", "-c", "\\echo after"}, 0, "a b c\nafter\n",
         NULL},
        {{"-X", "-c", "\\foo bar"}, 1, NULL, "invalid command \\foo\n"},
        {{"-X", "-c", "\\echo a \\\\ select 1;"}, ANY_RC, "a\n", NULL},
        {{"-X", "-c", "\\timing", "-c", "\\timing off"}, ANY_RC,
         "Timing is on.\nTiming is off.\n", NULL},
        {{"-X", "-c", "\\q x"}, ANY_RC, NULL, "\\q: extra argument \"x\" ignored\n"},
    };
    expect_runs(runs, sizeof runs / sizeof runs[0]);
}
END_TEST

START_TEST(test_open)
{
    app_run r;
    RUN(&r, NULL, "-X", "-c", "select 1");
    ck_assert_ptr_null(fake_kernel_open_path());
    ck_assert_ptr_null(fake_kernel_plugin_dir());
    app_run_free(&r);
    RUN(&r, NULL, "-X", "data.db", "--plugin-dir", "/opt/plugins", "-c", "select 1");
    ck_assert_str_eq(fake_kernel_open_path(), "data.db");
    ck_assert_str_eq(fake_kernel_plugin_dir(), "/opt/plugins");
    ck_assert_int_eq(r.rc, 0);
    app_run_free(&r);
    RUN(&r, NULL, "-X", "a.db", "extra", "-c", "select 1");
    ck_assert_str_eq(r.err, "sunstone: warning: extra command-line argument \"extra\" ignored\n");
    app_run_free(&r);

    fake_kernel_fail_open("could not read file header");
    RUN(&r, NULL, "-X", "bad.db", "-c", "select 1");
    ck_assert_int_eq(r.rc, 2);
    ck_assert_str_eq(r.out, "");
    ck_assert_str_eq(r.err,
                     "sunstone: error: could not open database \"bad.db\": could not read file header\n");
    ck_assert_int_eq(fake_kernel_open_handles(), 0);
    app_run_free(&r);
}
END_TEST

START_TEST(test_rc_file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/.sunstonerc", getenv("HOME"));
    FILE *f = fopen(path, "w");
    fputs("\\set ON_ERROR_STOP on\n\\echo from rc\n", f);
    fclose(f);
    app_run r;
    RUN(&r, NULL, "-c", "select x", "-c", "select 1");
    ck_assert_str_eq(r.out, "from rc\n");
    ck_assert_int_eq(r.rc, 1);
    app_run_free(&r);
    RUN(&r, NULL, "-X", "-c", "select x", "-c", "select 1");
    ck_assert_str_eq(r.out, one_out);
    ck_assert_int_eq(r.rc, 0);
    app_run_free(&r);
    unlink(path);
}
END_TEST

START_TEST(test_piped_stdin)
{
    app_run r;
    RUN(&r, "select 1;\nselect x;\nselect 1", "-X");
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.err, "ERROR:  column \"x\" does not exist\n"
                            "LINE 1: select x;\n"
                            "               ^\n");
    char both[256];
    snprintf(both, sizeof both, "%s%s", one_out, one_out);
    ck_assert_str_eq(r.out, both);
    app_run_free(&r);

    RUN(&r, "select 1;\nselect x;\nselect 1;\n", "-X", "-v", "ON_ERROR_STOP=1");
    ck_assert_int_eq(r.rc, 3);
    ck_assert_str_eq(r.out, one_out);
    app_run_free(&r);

    RUN(&r, "select 1;\n\\foo\n", "-X", "-f", "-");
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.err, "sunstone:<stdin>:2: error: invalid command \\foo\n");
    app_run_free(&r);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("app");
    TCase *tc = tcase_create("app");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_version_and_help);
    tcase_add_test(tc, test_bad_options);
    tcase_add_test(tc, test_command_exit_codes);
    tcase_add_test(tc, test_file_exit_codes);
    tcase_add_test(tc, test_output_options);
    tcase_add_test(tc, test_meta_in_command);
    tcase_add_test(tc, test_open);
    tcase_add_test(tc, test_rc_file);
    tcase_add_test(tc, test_piped_stdin);
    suite_add_tcase(s, tc);
    return s;
}
