/* test_txnstop.c — the shell's guard against refused transaction statements, over the fake
 * kernel: which statements count as transaction control, a script (or -c actions) stopping
 * with exit code 3 at a BEGIN refused with 0A000, ON_TRANSACTION_STOP off letting it go on,
 * other 0A000 errors and other failures of BEGIN leaving the script running, \i'd scripts
 * stopping their callers, and the warning at the interactive prompt. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_main.h"
#include "exec.h"
#include "fake_kernel.h"
#include "harness.h"
#include "script.h"
#include "txncontrol.h"

static const char refused[] = "feature not supported: transaction control statements";

static void refuse(const char *sql, const char *state)
{
    fake_result r = {0};
    r.sql = sql;
    r.error = refused;
    r.sqlstate = state;
    fake_kernel_add(&r);
}

static void setup(void)
{
    fake_kernel_reset();
    refuse("begin", "0A000");
    refuse("rollback", "0A000");
    refuse("start transaction", "0A000");
    refuse("begin isolation level bogus", "42601");
    fake_kernel_add(&(fake_result){.sql = "select * from t join u on true",
                                   .error = "feature not supported: joins", .sqlstate = "0A000"});
    fake_kernel_add_command("insert into t values (1)", "INSERT 0 1");
}

START_TEST(test_recognises_transaction_control)
{
    static const char *const yes[] = {
        "BEGIN", "begin;", "  Begin Work", "START TRANSACTION", "COMMIT", "commit prepared 'x'",
        "END", "ABORT", "ROLLBACK", "rollback to savepoint a", "SAVEPOINT a", "RELEASE a",
        "PREPARE TRANSACTION 'x'", "-- note\nBEGIN", "/* a /* nested */ comment */ COMMIT",
        "\tend\n;"};
    static const char *const no[] = {
        "", "SELECT 1", "BEGINNING", "begin_x", "PREPARE p AS SELECT 1", "PREPARE",
        "-- BEGIN\nSELECT 1", "/* BEGIN */ SELECT 1", "SET TRANSACTION READ ONLY",
        "\"begin\"", "ENDS", "/* unterminated BEGIN"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        ck_assert_msg(is_transaction_control(yes[i]), "%s", yes[i]);
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        ck_assert_msg(!is_transaction_control(no[i]), "%s", no[i]);
}
END_TEST

static const char stop_message[] =
    "stopping: this transaction statement is not supported, so the statements after it would "
    "not run in the transaction it meant (\\set ON_TRANSACTION_STOP off to go on)\n";

static int run_text(session *s, const char *text, const char *name)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    int rc = script_run_stream(&s->sh, in, name);
    fclose(in);
    session_flush(s);
    return rc;
}

START_TEST(test_script_stops_at_refused_begin)
{
    session s;
    session_open(&s);
    int rc = run_text(&s, "begin;\ninsert into t values (1);\nrollback;\n", "t.sql");
    ck_assert_int_eq(rc, 3);
    ck_assert_str_eq(s.out_text, "");
    char want[512];
    snprintf(want, sizeof want, "sunstone:t.sql:1: ERROR:  %s\nsunstone:t.sql:1: error: %s",
             refused, stop_message);
    ck_assert_str_eq(s.err_text, want);
    ck_assert_uint_eq(fake_kernel_prepared_count(), 1);
    session_close(&s);
}
END_TEST

START_TEST(test_piped_input_stops_after_comment)
{
    session s;
    session_open(&s);
    int rc = run_text(&s, "/* c */ start transaction;\ninsert into t values (1);\n", NULL);
    ck_assert_int_eq(rc, 3);
    char want[512];
    snprintf(want, sizeof want, "ERROR:  %s\n%s", refused, stop_message);
    ck_assert_str_eq(s.err_text, want);
    ck_assert_uint_eq(fake_kernel_prepared_count(), 1);
    session_close(&s);
}
END_TEST

START_TEST(test_switched_off)
{
    session s;
    session_open(&s);
    ck_assert(shell_set_var(&s.sh, "ON_TRANSACTION_STOP", "off"));
    int rc = run_text(&s, "begin;\ninsert into t values (1);\nrollback;\n", "t.sql");
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(s.out_text, "INSERT 0 1\n");
    char want[512];
    snprintf(want, sizeof want, "sunstone:t.sql:1: ERROR:  %s\nsunstone:t.sql:3: ERROR:  %s\n",
             refused, refused);
    ck_assert_str_eq(s.err_text, want);
    /* \unset is off too, as for every boolean variable; \set alone is on. */
    ck_assert(shell_set_var(&s.sh, "ON_TRANSACTION_STOP", NULL));
    ck_assert(!s.sh.on_txn_stop);
    ck_assert(shell_set_var(&s.sh, "ON_TRANSACTION_STOP", ""));
    ck_assert(s.sh.on_txn_stop);
    ck_assert(!shell_set_var(&s.sh, "ON_TRANSACTION_STOP", "maybe"));
    session_close(&s);
}
END_TEST

START_TEST(test_other_errors_go_on)
{
    session s;
    session_open(&s);
    int rc = run_text(&s,
                      "begin isolation level bogus;\nselect * from t join u on true;\n"
                      "insert into t values (1);\n",
                      "t.sql");
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(s.out_text, "INSERT 0 1\n");
    ck_assert_uint_eq(fake_kernel_prepared_count(), 3);
    session_close(&s);
}
END_TEST

START_TEST(test_include_stops_caller)
{
    char path[] = "/tmp/sunstone-txnstop-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("begin;\n", f);
    fclose(f);
    char text[256];
    snprintf(text, sizeof text, "\\i %s\ninsert into t values (1);\n", path);
    session s;
    session_open(&s);
    int rc = run_text(&s, text, "outer.sql");
    ck_assert_int_eq(rc, 3);
    ck_assert_str_eq(s.out_text, "");
    ck_assert_uint_eq(fake_kernel_prepared_count(), 1);
    session_close(&s);
    unlink(path);
}
END_TEST

START_TEST(test_on_error_stop_takes_precedence)
{
    session s;
    session_open(&s);
    ck_assert(shell_set_var(&s.sh, "ON_ERROR_STOP", "on"));
    int rc = run_text(&s, "begin;\ninsert into t values (1);\n", "t.sql");
    ck_assert_int_eq(rc, 3);
    char want[512];
    snprintf(want, sizeof want, "sunstone:t.sql:1: ERROR:  %s\n", refused);
    ck_assert_str_eq(s.err_text, want);
    session_close(&s);
}
END_TEST

START_TEST(test_interactive_warning)
{
    session s;
    session_open(&s);
    s.sh.interactive = true;
    s.sh.terse = true;
    ck_assert(!exec_sql(&s.sh, "begin"));
    ck_assert(exec_sql(&s.sh, "insert into t values (1)"));
    session_flush(&s);
    ck_assert_str_eq(s.out_text, "INSERT 0 1\n");
    char want[512];
    snprintf(want, sizeof want,
             "ERROR:  %s\nthis transaction statement is not supported: the following statements "
             "do not run in the transaction it meant\n",
             refused);
    ck_assert_str_eq(s.err_text, want);
    ck_assert(!s.sh.txn_stopped);
    session_close(&s);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("txnstop");
    TCase *tc = tcase_create("txnstop");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_recognises_transaction_control);
    tcase_add_test(tc, test_script_stops_at_refused_begin);
    tcase_add_test(tc, test_piped_input_stops_after_comment);
    tcase_add_test(tc, test_switched_off);
    tcase_add_test(tc, test_other_errors_go_on);
    tcase_add_test(tc, test_include_stops_caller);
    tcase_add_test(tc, test_on_error_stop_takes_precedence);
    tcase_add_test(tc, test_interactive_warning);
    suite_add_tcase(s, tc);
    return s;
}
