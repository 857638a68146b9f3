/* test_abi2_execution.c — what operators learn from the kernel under ABI 2.0, seen from an
 * embedding application: EXPLAIN opens the operator tree with SS_OPEN_EXPLAIN_ONLY, so no
 * storage scan starts ("noscan", registered by tests/plugins/test_undo_backend.c, is a backend
 * whose scan_begin always fails: EXPLAIN works, SELECT fails); a prepared statement's tree is
 * opened with SS_OPEN_REWIND, kept between executions only when its operators declare
 * SS_OPCAP_PARKABLE, and its rescan receives the parameters whose values changed
 * (tests/plugins/test_param_probe.c reports both with NOTICEs). */
#include "check_main.h"
#include "notice_log.h"

static void setup(void)
{
    notice_log_open();
}

static void teardown(void)
{
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}

/* The first column of every row, one per line. */
static int query(const char *sql, char *out, size_t n)
{
    sunstone_stmt *st;
    out[0] = '\0';
    if (sunstone_prepare(db, sql, -1, &st, NULL) != SUNSTONE_OK)
        return SUNSTONE_ERROR;
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        size_t used = strlen(out);
        snprintf(out + used, n - used, "%s\n", sunstone_column_text(st, 0));
    }
    sunstone_finalize(st);
    return rc == SUNSTONE_DONE ? SUNSTONE_OK : SUNSTONE_ERROR;
}

START_TEST(explain_starts_no_scan)
{
    exec_ok("LOAD '" TEST_PLUGIN_DIR "/test_undo_backend.so'");
    exec_ok("CREATE TABLE n (a int, b text) USING noscan");
    exec_ok("INSERT INTO n VALUES (1, 'x'), (2, 'y')");
    static const char *const scans[] = {"scan", "scan_row"};
    for (int i = 0; i < 2; i++) {
        char sql[128], out[2048];
        snprintf(sql, sizeof sql, "SET sunstone.operator_scan = '%s'", scans[i]);
        exec_ok(sql);
        ck_assert_msg(query("EXPLAIN SELECT b FROM n WHERE a > 1 ORDER BY a LIMIT 1", out, sizeof out) ==
                          SUNSTONE_OK,
                      "EXPLAIN with %s: %s", scans[i], sunstone_errmsg(db));
        snprintf(sql, sizeof sql, "->  scan (%s)  on n (2 columns, storage noscan", scans[i]);
        ck_assert_msg(strstr(out, sql), "EXPLAIN with %s:\n%s", scans[i], out);
        /* the backend refuses every scan: running the query reaches scan_begin */
        ck_assert_int_eq(query("SELECT b FROM n WHERE a > 1 ORDER BY a LIMIT 1", out, sizeof out), SUNSTONE_ERROR);
        ck_assert_str_eq(sunstone_errmsg(db), "noscan backend: scan_begin called");
    }
}
END_TEST

static void run(sunstone_stmt *st, int a, const char *b, const char *want_rows)
{
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_int64(st, 1, a), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_text(st, 2, b, -1), SUNSTONE_OK);
    char rows[256] = "";
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        size_t used = strlen(rows);
        snprintf(rows + used, sizeof rows - used, "%s%s", used ? "," : "", sunstone_column_text(st, 0));
    }
    ck_assert_msg(rc == SUNSTONE_DONE, "%s", sunstone_errmsg(db));
    ck_assert_str_eq(rows, want_rows);
}

#define EXPECT_NOTICES(want)                                                                \
    do {                                                                                    \
        ck_assert_str_eq(notices, want);                                                    \
        notices[0] = '\0';                                                                  \
    } while (0)

START_TEST(rescan_learns_the_changed_parameters)
{
    exec_ok("LOAD '" TEST_PLUGIN_DIR "/test_param_probe.so'");
    exec_ok("SET sunstone.operator_filter = 'param_probe'");
    exec_ok("CREATE TABLE t (a int, b text)");
    exec_ok("INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')");
    notices[0] = '\0';
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t WHERE a > $1 AND b <> $2", -1, &st, NULL),
                     SUNSTONE_OK);
    run(st, 0, "y", "1,3");
    EXPECT_NOTICES("NOTICE: param_probe: open (rewind), node reads: 1,2\n");
    run(st, 0, "y", "1,3"); /* the same values bound again: nothing changed */
    EXPECT_NOTICES("NOTICE: param_probe: rescan, changed: \n");
    run(st, 1, "y", "3");
    EXPECT_NOTICES("NOTICE: param_probe: rescan, changed: 1\n");
    run(st, 1, "z", "2");
    EXPECT_NOTICES("NOTICE: param_probe: rescan, changed: 2\n");
    run(st, 0, "x", "2,3");
    EXPECT_NOTICES("NOTICE: param_probe: rescan, changed: 1,2\n");
    sunstone_finalize(st);

    /* a sort holds its whole input and does not declare SS_OPCAP_PARKABLE: the tree is built
       again at every execution */
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM t WHERE a > $1 AND b <> $2 ORDER BY a DESC", -1, &st, NULL),
                     SUNSTONE_OK);
    run(st, 0, "y", "3,1");
    run(st, 1, "y", "3");
    EXPECT_NOTICES("NOTICE: param_probe: open (rewind), node reads: 1,2\n"
                   "NOTICE: param_probe: open (rewind), node reads: 1,2\n");
    sunstone_finalize(st);

    /* sunstone_exec runs a statement once: no rewind */
    exec_ok("SELECT a FROM t WHERE a > 1");
    EXPECT_NOTICES("NOTICE: param_probe: open, node reads: \n");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("abi2_execution");
    TCase *tc = tcase_create("abi2_execution");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, explain_starts_no_scan);
    tcase_add_test(tc, rescan_learns_the_changed_parameters);
    suite_add_tcase(s, tc);
    return s;
}
