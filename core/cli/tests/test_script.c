/* test_script.c — script mode end to end over the fake kernel: statement splitting, results,
 * errors with "sunstone:FILE:LINE:" prefixes and context, notices, meta-commands and their
 * messages, \i nesting and \q, ON_ERROR_STOP, the unterminated statement at end of input, and
 * variable substitution.  The expected stdout/stderr were captured by running the same
 * scripts through psql 15 -f (with "psql:" turned into "sunstone:"). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "check_main.h"
#include "fake_kernel.h"
#include "harness.h"
#include "script.h"

/* s1: exit 0 */
static const char s1_out[] =
    " ?column? \n"
    "----------\n"
    "        1\n"
    "(1 row)\n"
    "\n"
    " q \n"
    "---\n"
    " a+\n"
    " b\n"
    "(1 row)\n"
    "\n"
    "DROP TABLE\n"
    "hi\n"
    "indented \"a b\" c d\n"
    " ?column? \n"
    "----------\n"
    "        2\n"
    "(1 row)\n"
    "\n";
static const char s1_err[] =
    "sunstone:s1.sql:5: ERROR:  column \"x\" does not exist\n"
    "LINE 2:   x;\n"
    "          ^\n"
    "sunstone:s1.sql:8: ERROR:  function nofunc(integer) does not exist\n"
    "LINE 1: select nofunc(\n"
    "               ^\n"
    "HINT:  No function matches the given name and argument types. You might need to add explicit type casts.\n"
    "sunstone:s1.sql:9: NOTICE:  table \"nosuch\" does not exist, skipping\n";
/* stop: exit 3 */
static const char stop_out[] =
    " ?column? \n"
    "----------\n"
    "        1\n"
    "(1 row)\n"
    "\n";
static const char stop_err[] =
    "sunstone:stop.sql:2: ERROR:  column \"x\" does not exist\n"
    "LINE 1: select x;\n"
    "               ^\n";
/* nest: exit 0 */
static const char nest_out[] =
    "1\n"
    "1\n"
    "4\n";
static const char nest_err[] =
"";
/* meta: exit 0 */
static const char meta_out[] =
    "a\n"
    "b\n"
    "c\n"
    " ?column? \n"
    "----------\n"
    "        5\n"
    "(1 row)\n"
    "\n"
    "Output format is unaligned.\n"
    "Tuples only is on.\n"
    "1|x\n"
    "Output format is aligned.\n"
    "Tuples only is off.\n"
    "Field separator is \",\".\n"
    "Output format is unaligned.\n"
    "1,x\n"
    "Output format is aligned.\n"
    " ?column? \n"
    "----------\n"
    "        6\n"
    "(1 row)\n"
    "\n"
    "select 6 \n"
    "select 7\n"
    "Query buffer reset (cleared).\n"
    "select 6 \n"
    "foobar\n"
    "Timing is off.\n"
    "Timing is off.\n";
static const char meta_err[] =
    "sunstone:meta.sql:1: error: invalid command \\foo\n"
    "sunstone:meta.sql:11: warning: \\a: extra argument \"x\" ignored\n"
    "sunstone:meta.sql:13: error: unrecognized value \"x\" for \"tuples_only\": Boolean expected\n"
    "sunstone:meta.sql:16: error: unrecognized value \"maybe\" for \"ON_ERROR_STOP\": Boolean expected\n"
    "sunstone:meta.sql:17: error: \\unset: missing required argument\n"
    "sunstone:meta.sql:18: error: \\i: missing required argument\n"
    "sunstone:meta.sql:27: error: unrecognized value \"x\" for \"\\timing\": Boolean expected\n"
    "sunstone:meta.sql:29: warning: \\q: extra argument \"x\" ignored\n";
/* eof: exit 0 */
static const char eof_out[] =
    " ?column? \n"
    "----------\n"
    "        1\n"
    "(1 row)\n"
    "\n";
static const char eof_err[] =
    "sunstone:eof.sql:5: ERROR:  column \"x\" does not exist\n"
    "LINE 2: select x\n"
    "               ^\n";
/* vars: exit 3 */
static const char vars_out[] =
    "  v   | t  \n"
    "------+----\n"
    " it's | t1\n"
    "(1 row)\n"
    "\n"
    " ?column? \n"
    "----------\n"
    "        1\n"
    "(1 row)\n"
    "\n"
    "t1 'it''s' \"t1\" :nosuch\n";
static const char vars_err[] =
    "sunstone:vars.sql:5: ERROR:  syntax error at or near \"select2\"\n"
    "LINE 1: select2;\n"
    "        ^\n"
    "sunstone:vars.sql:8: ERROR:  column \"x\" does not exist\n"
    "LINE 1: select x;\n"
    "               ^\n";
static const char s1_sql[] =
    "-- comment\n"
    "select 1;\n"
    "\n"
    "select\n"
    "  x;\n"
    "select 'a\n"
    "b' as q; select nofunc(\n"
    "1);\n"
    "drop table if exists nosuch;\n"
    "\\echo hi\n"
    "  \\echo  indented   \"a b\"  'c d'\n"
    "select 2\n";
static const char stop_sql[] =
    "select 1;\n"
    "select x;\n"
    "select 2;\n";
static const char nest_sql[] =
    "select 1;\n"
    "\\i s10.sql\n"
    "select 4;\n";
static const char s10_sql[] =
    "select 1;\n"
    "\\q\n"
    "select 2;\n";
static const char meta_sql[] =
    "\\foo bar\n"
    "\\echo a \\echo b\n"
    "\\echo c\\\\select 5;\n"
    "\\a\n"
    "\\t\n"
    "select 1 as a, 'x' as b;\n"
    "\\a\n"
    "\\t\n"
    "\\f ,\n"
    "\\t on\n"
    "\\a x\n"
    "select 1 as a, 'x' as b;\n"
    "\\t x\n"
    "\\t off\n"
    "\\a\n"
    "\\set ON_ERROR_STOP maybe\n"
    "\\unset\n"
    "\\i\n"
    "select 6 \\g\n"
    "\\p\n"
    "select 7\n"
    "\\p\n"
    "\\r\n"
    "\\p\n"
    "\\echo -n foo\n"
    "\\echo bar\n"
    "\\timing x y\n"
    "\\timing off\n"
    "\\q x\n"
    "select 8;\n";
static const char eof_sql[] =
    "select 1;\n"
    "/* x */\n"
    "select x\n"
    "\n"
    "-- trailing\n";
static const char vars_sql[] =
    "\\set tbl t1\n"
    "\\set v 'it''s'\n"
    "\\set two 1; select 2\n"
    "select :'v' as v, :'tbl' as \"t\";\n"
    "select :two;\n"
    "\\echo :tbl :'v' :\"tbl\" :nosuch\n"
    "\\set ON_ERROR_STOP\n"
    "select x;\n"
    "select 9;\n";

static void failure(const char *sql, const char *msg, int pos, const char *hint)
{
    fake_result r = {0};
    r.sql = sql;
    r.error = msg;
    r.errpos = pos;
    r.hint = hint;
    fake_kernel_add(&r);
}

/* How the session runs a script: as psql -v ON_ERROR_STOP=1, as psql -A -t. */
typedef struct script_opts {
    bool on_error_stop;
    bool unaligned_tuples_only;
} script_opts;

/* Runs script (saved as file name in a fresh directory, next to s10.sql) with opts and
 * compares with psql's output. */
static void run_script_as(script_opts opts, const char *name, const char *script,
                          int expected_rc, const char *expected_out, const char *expected_err)
{
    char dir[] = "/tmp/sunstone-cli-script-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ck_assert_int_eq(chdir(dir), 0);
    FILE *f = fopen(name, "w");
    fputs(script, f);
    fclose(f);
    f = fopen("s10.sql", "w");
    fputs(s10_sql, f);
    fclose(f);

    session s;
    session_open(&s);
    if (opts.on_error_stop)
        ck_assert(shell_set_var(&s.sh, "ON_ERROR_STOP", "1"));
    if (opts.unaligned_tuples_only) {
        s.sh.popt.format = PRINT_UNALIGNED;
        s.sh.popt.tuples_only = true;
    }
    int rc = script_run_file(&s.sh, name);
    session_flush(&s);
    ck_assert_str_eq(s.err_text, expected_err);
    ck_assert_str_eq(s.out_text, expected_out);
    ck_assert_int_eq(rc, expected_rc);
    ck_assert_int_eq(fake_kernel_live_statements(), 0);
    session_close(&s);
    unlink(name);
    unlink("s10.sql");
    ck_assert_int_eq(chdir("/"), 0);
    rmdir(dir);
}

static void run_script(const char *name, const char *script, int expected_rc,
                       const char *expected_out, const char *expected_err)
{
    run_script_as((script_opts){0}, name, script, expected_rc, expected_out, expected_err);
}

static void setup(void)
{
    fake_kernel_reset();
}

START_TEST(test_mixed_script)
{
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    failure("select\n  x", "column \"x\" does not exist", 10, NULL);
    fake_kernel_add_value("select 'a\nb' as q", "q", 25, "a\nb");
    failure("select nofunc(\n1)", "function nofunc(integer) does not exist", 8,
            "No function matches the given name and argument types. You might need to add "
            "explicit type casts.");
    fake_result drop = {0};
    drop.sql = "drop table if exists nosuch";
    drop.tag = "DROP TABLE";
    drop.notice = "table \"nosuch\" does not exist, skipping";
    fake_kernel_add(&drop);
    fake_kernel_add_value("select 2", "?column?", 23, "2");
    run_script("s1.sql", s1_sql, 0, s1_out, s1_err);
    ck_assert_uint_eq(fake_kernel_prepared_count(), 6);
    ck_assert_str_eq(fake_kernel_prepared(5), "select 2");
}
END_TEST

START_TEST(test_on_error_stop)
{
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    failure("select x", "column \"x\" does not exist", 8, NULL);
    fake_kernel_add_value("select 2", "?column?", 23, "2");
    run_script_as((script_opts){.on_error_stop = true}, "stop.sql", stop_sql, 3, stop_out,
                  stop_err);
}
END_TEST

START_TEST(test_nested_quit)
{
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    fake_kernel_add_value("select 4", "?column?", 23, "4");
    run_script_as((script_opts){.unaligned_tuples_only = true}, "nest.sql", nest_sql, 0, nest_out,
                  nest_err);
}
END_TEST

START_TEST(test_meta_commands)
{
    fake_kernel_add_value("select 5", "?column?", 23, "5");
    fake_kernel_add(&(fake_result){.sql = "select 1 as a, 'x' as b", .ncols = 2,
                                   .names = {"a", "b"}, .types = {23, 25}, .nrows = 1,
                                   .rows = {{"1", "x"}}, .tag = "SELECT 1"});
    fake_kernel_add_value("select 6", "?column?", 23, "6");
    run_script("meta.sql", meta_sql, 0, meta_out, meta_err);
    for (size_t i = 0; i < fake_kernel_prepared_count(); i++)
        ck_assert_str_ne(fake_kernel_prepared(i), "select 8");
}
END_TEST

START_TEST(test_unterminated_at_eof)
{
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    /* The fake kernel keys statements without their leading comment; the position still
     * counts from the start of the text the shell passed, comment included. */
    failure("select x\n\n-- trailing", "column \"x\" does not exist", 16, NULL);
    run_script("eof.sql", eof_sql, 0, eof_out, eof_err);
}
END_TEST

START_TEST(test_variables)
{
    fake_result r = {0};
    r.sql = "select 'it''s' as v, 't1' as \"t\"";
    r.ncols = 2;
    r.names[0] = "v";
    r.names[1] = "t";
    r.nrows = 1;
    r.rows[0][0] = "it's";
    r.rows[0][1] = "t1";
    r.tag = "SELECT 1";
    fake_kernel_add(&r);
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    failure("select2", "syntax error at or near \"select2\"", 1, NULL);
    failure("select x", "column \"x\" does not exist", 8, NULL);
    fake_kernel_add_value("select 9", "?column?", 23, "9");
    run_script("vars.sql", vars_sql, 3, vars_out, vars_err);
}
END_TEST

START_TEST(test_missing_file)
{
    session s;
    session_open(&s);
    s.sh.terse = true;
    s.sh.inputfile = "outer.sql";
    s.sh.lineno = 7;
    ck_assert_int_eq(script_run_file(&s.sh, "/nonexistent/x.sql"), 1);
    session_flush(&s);
    ck_assert_str_eq(s.err_text,
                     "sunstone:outer.sql:7: error: /nonexistent/x.sql: No such file or directory\n");
    ck_assert_str_eq(s.sh.inputfile, "outer.sql");
    session_close(&s);
}
END_TEST

START_TEST(test_unreadable_file)
{
    /* psql -f /tmp: "psql:/tmp: error: could not read from input file: Is a directory", exit 1;
     * after \i /tmp the script goes on. */
    session s;
    session_open(&s);
    ck_assert_int_eq(script_run_file(&s.sh, "/tmp"), 1);
    static const char text[] = "\\i /tmp\n\\echo after\n";
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    ck_assert_int_eq(script_run_stream(&s.sh, in, NULL), 0);
    fclose(in);
    session_flush(&s);
    ck_assert_str_eq(s.err_text, "sunstone:/tmp: error: could not read from input file: Is a directory\n"
                                 "sunstone:/tmp: error: could not read from input file: Is a directory\n");
    ck_assert_str_eq(s.out_text, "after\n");
    session_close(&s);
}
END_TEST

START_TEST(test_include_relative)
{
    char dir[] = "/tmp/sunstone-cli-ir-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char sub[256], path[300], inc[300];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    ck_assert_int_eq(mkdir(sub, 0700), 0);
    snprintf(path, sizeof path, "%s/main.sql", sub);
    snprintf(inc, sizeof inc, "%s/inc.sql", sub);
    FILE *f = fopen(path, "w");
    fputs("\\ir inc.sql\n\\echo back\n", f);
    fclose(f);
    f = fopen(inc, "w");
    fputs("\\echo included\n\\foo\n", f);
    fclose(f);
    ck_assert_int_eq(chdir("/"), 0);
    session s;
    session_open(&s);
    ck_assert_int_eq(script_run_file(&s.sh, path), 0);
    session_flush(&s);
    ck_assert_str_eq(s.out_text, "included\nback\n");
    char expected[1024];
    snprintf(expected, sizeof expected, "sunstone:%s:2: error: invalid command \\foo\n", inc);
    ck_assert_str_eq(s.err_text, expected);
    session_close(&s);
    unlink(inc);
    unlink(path);
    rmdir(sub);
    rmdir(dir);
}
END_TEST

START_TEST(test_go_to_file_and_repeat)
{
    fake_kernel_add_value("select 1", "?column?", 23, "1");
    char *target = write_temp_file("");
    buf script;
    buf_init(&script);
    buf_printf(&script, "select 1 \\g %s\n\\g\n\\g |cat >> %s\n", target, target);
    session s;
    session_open(&s);
    s.sh.popt.format = PRINT_UNALIGNED;
    s.sh.popt.tuples_only = true;
    FILE *in = fmemopen(script.data, script.len, "r");
    ck_assert_int_eq(script_run_stream(&s.sh, in, NULL), 0);
    fclose(in);
    session_flush(&s);
    ck_assert_str_eq(s.out_text, "1\n");
    ck_assert_str_eq(s.err_text, "");
    FILE *f = fopen(target, "r");
    char text[64] = {0};
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    ck_assert_uint_eq(n, 4);
    ck_assert_str_eq(text, "1\n1\n");
    session_close(&s);
    unlink(target);
    free(target);
    buf_free(&script);
}
END_TEST

START_TEST(test_set_listing)
{
    session s;
    session_open(&s);
    static const char text[] = "\\set b 2\n\\set a x y 'z w'\n\\set\n\\unset b\n\\set\n";
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    ck_assert_int_eq(script_run_stream(&s.sh, in, NULL), 0);
    fclose(in);
    session_flush(&s);
    ck_assert_str_eq(s.out_text, "a = 'xyz w'\nb = '2'\na = 'xyz w'\n");
    ck_assert_str_eq(s.err_text, "");
    session_close(&s);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("script");
    TCase *tc = tcase_create("script");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_mixed_script);
    tcase_add_test(tc, test_on_error_stop);
    tcase_add_test(tc, test_nested_quit);
    tcase_add_test(tc, test_meta_commands);
    tcase_add_test(tc, test_unterminated_at_eof);
    tcase_add_test(tc, test_variables);
    tcase_add_test(tc, test_missing_file);
    tcase_add_test(tc, test_unreadable_file);
    tcase_add_test(tc, test_include_relative);
    tcase_add_test(tc, test_go_to_file_and_repeat);
    tcase_add_test(tc, test_set_listing);
    suite_add_tcase(s, tc);
    return s;
}
