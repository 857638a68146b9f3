/* test_plugin_messages.c — what a plugin reports through the message slots of ss_api
 * reaches the embedding application: NOTICEs through the notice handler (at init and
 * while a query runs, honouring client_min_messages), an error's DETAIL and HINT through
 * sunstone_errdetail / sunstone_errhint, for sunstone_exec and for a prepared statement, and
 * the detail and hint of a failing sunstone_plugin_init.  Test modules:
 * tests/plugins/test_messages.c (message_filter) and tests/plugins/test_failinit.c. */
#include "notice_log.h"

static void setup(void)
{
    notice_log_open();
    exec_ok("CREATE TABLE t (a int)");
    exec_ok("INSERT INTO t VALUES (1), (2), (3)");
    notices[0] = '\0';
}

static void teardown(void)
{
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}

START_TEST(notices_reach_the_handler)
{
    exec_ok("LOAD '" TEST_PLUGIN_DIR "/test_messages.so'");
    ck_assert_str_eq(notices, "NOTICE: test_messages: initialised for ABI 2.4\n");
    exec_ok("SET sunstone.operator_filter = 'message_filter'");
    notices[0] = '\0';
    exec_ok("SELECT a FROM t WHERE a > 1");
    ck_assert_str_eq(notices, "NOTICE: message_filter: batch 1 passes 2 rows\n");
    /* client_min_messages above notice: not sent */
    exec_ok("SET client_min_messages = warning");
    notices[0] = '\0';
    exec_ok("SELECT a FROM t WHERE a > 1");
    ck_assert_str_eq(notices, "");
    exec_ok("SET client_min_messages = notice");
    exec_ok("SELECT a FROM t WHERE a > 2");
    ck_assert_str_eq(notices, "NOTICE: message_filter: batch 1 passes 1 rows\n");
}
END_TEST

static void expect_unlucky(void)
{
    ck_assert_str_eq(sunstone_sqlstate(db), "P0001");
    ck_assert_str_eq(sunstone_errmsg(db), "message_filter: unlucky row");
    ck_assert_ptr_nonnull(sunstone_errdetail(db));
    ck_assert_str_eq(sunstone_errdetail(db), "Live row 3 of batch 1 holds the value 13.");
    ck_assert_ptr_nonnull(sunstone_errhint(db));
    ck_assert_str_eq(sunstone_errhint(db), "Delete that row, or SET sunstone.operator_filter = 'filter'.");
}

START_TEST(error_carries_detail_and_hint)
{
    exec_ok("LOAD '" TEST_PLUGIN_DIR "/test_messages.so'");
    exec_ok("SET sunstone.operator_filter = 'message_filter'");
    exec_ok("INSERT INTO t VALUES (13)");
    notices[0] = '\0';
    ck_assert_int_eq(sunstone_exec(db, "SELECT a FROM t WHERE a >= 1", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_errmsg(db), "message_filter: unlucky row");
    ck_assert_str_eq(sunstone_errdetail(db), "Live row 4 of batch 1 holds the value 13.");
    ck_assert_str_eq(notices, "");
    /* a prepared statement: the error comes from sunstone_step */
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t WHERE a > $1", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 1, 1), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ERROR);
    expect_unlucky();
    sunstone_finalize(st);
    /* a later error without detail or hint carries none */
    ck_assert_int_eq(sunstone_exec(db, "SELECT nosuch FROM t", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_ptr_null(sunstone_errdetail(db));
}
END_TEST

START_TEST(failing_init_reports_detail_and_hint)
{
    ck_assert_int_eq(sunstone_exec(db, "LOAD '" TEST_PLUGIN_DIR "/test_failinit.so'", NULL, NULL),
                     SUNSTONE_ERROR);
    ck_assert(strstr(sunstone_errmsg(db), "failed to initialise: test_failinit refuses to start") != NULL);
    ck_assert_ptr_nonnull(sunstone_errdetail(db));
    ck_assert_str_eq(sunstone_errdetail(db), "test_failinit always fails.");
    ck_assert_ptr_nonnull(sunstone_errhint(db));
    ck_assert_str_eq(sunstone_errhint(db), "Do not load test_failinit.");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("plugin_messages");
    TCase *tc = tcase_create("plugin_messages");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, notices_reach_the_handler);
    tcase_add_test(tc, error_carries_detail_and_hint);
    tcase_add_test(tc, failing_init_reports_detail_and_hint);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
