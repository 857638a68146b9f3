/* test_sessions.c — several sessions on one database (core/api/database.h): tables, rows and
 * loaded modules are shared; settings, the last error and the notice handler are each
 * session's own; DDL in one session rebinds the prepared statements and releases the parked
 * trees of the others; the database lives until its last session closes. */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/database.h"
#include "api/statement.h"
#include "sunstone.h"

static const char *module_dir(void)
{
    const char *d = getenv("SUNSTONE_MODULE_DIR");
    return d ? d : "modules";
}

static const char *plugin_dir(void)
{
    const char *d = getenv("SUNSTONE_TEST_PLUGIN_DIR");
    return d ? d : "tests/plugins";
}

/* The first session of a new database with the bundled modules. */
static sunstone *open_first(void)
{
    sunstone *db;
    sunstone_config cfg = {sizeof cfg, module_dir(), false, NULL};
    ck_assert_int_eq(sunstone_open_v2(NULL, &db, &cfg), SUNSTONE_OK);
    return db;
}

static sunstone *open_second(sunstone *first)
{
    sunstone *db;
    ck_assert_int_eq(ss_session_open(first->database, &db), SUNSTONE_OK);
    ck_assert_ptr_eq(db->database, first->database);
    return db;
}

/* Every test starts with two sessions on one database; a test that closes one sets it NULL
 * (sunstone_close(NULL) does nothing). */
static sunstone *s1, *s2;

static void open_two(void)
{
    s1 = open_first();
    s2 = open_second(s1);
}

static void close_two(void)
{
    ck_assert_int_eq(sunstone_close(s2), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(s1), SUNSTONE_OK);
}

static void run(sunstone *db, const char *sql)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
}

/* The text of the first column of the only row of sql. */
static const char *value(sunstone *db, const char *sql)
{
    static char out[256];
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(db, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(db));
    ck_assert_msg(sunstone_step(st) == SUNSTONE_ROW, "%s: %s", sql, sunstone_errmsg(db));
    const char *v = sunstone_column_text(st, 0);
    snprintf(out, sizeof out, "%s", v ? v : "(null)");
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
    return out;
}

START_TEST(tables_are_shared)
{
    ck_assert_uint_eq(s1->database->nsessions, 2);
    run(s1, "CREATE TABLE t (a int, b text)");
    run(s1, "INSERT INTO t VALUES (1, 'one')");
    ck_assert_str_eq(value(s2, "SELECT count(*) FROM t"), "1");
    run(s2, "INSERT INTO t VALUES (2, 'two'), (3, 'three')");
    ck_assert_str_eq(value(s1, "SELECT sum(a) FROM t"), "6");
    ck_assert_str_eq(value(s2, "SELECT count(*) FROM sunstone_tables WHERE name = 't'"), "1");
    run(s2, "DROP TABLE t");
    ck_assert_int_eq(sunstone_exec(s1, "SELECT * FROM t", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(s1), "42P01");
}
END_TEST

START_TEST(settings_are_per_session)
{
    run(s1, "SET application_name = 'first'");
    run(s1, "SET extra_float_digits = 0");
    run(s1, "SET sunstone.operator_scan = 'scan_row'");
    ck_assert_str_eq(value(s1, "SHOW application_name"), "first");
    ck_assert_str_eq(value(s2, "SHOW application_name"), "");
    ck_assert_str_eq(value(s2, "SHOW extra_float_digits"), "1");
    ck_assert_str_eq(value(s2, "SHOW sunstone.operator_scan"), "scan");
    /* the typed copy the kernel acts on is the session's too: float8 output differs */
    ck_assert_str_eq(value(s1, "SELECT 0.1::float8 + 0.2::float8"), "0.3");
    ck_assert_str_eq(value(s2, "SELECT 0.1::float8 + 0.2::float8"), "0.30000000000000004");
    run(s2, "SET application_name = 'second'");
    ck_assert_str_eq(value(s1, "SHOW application_name"), "first");
    /* a session opened later starts from the database's defaults, not from another's SETs */
    sunstone *s3 = open_second(s1);
    ck_assert_str_eq(value(s3, "SHOW application_name"), "");
    ck_assert_str_eq(value(s3, "SHOW sunstone.operator_scan"), "scan");
    run(s1, "RESET application_name");
    ck_assert_str_eq(value(s1, "SHOW application_name"), "");
    ck_assert_str_eq(value(s2, "SHOW application_name"), "second");
    sunstone_close(s3);
}
END_TEST

START_TEST(errors_are_per_session)
{
    ck_assert_int_eq(sunstone_exec(s1, "SELECT * FROM missing", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(s1), "42P01");
    ck_assert_str_eq(sunstone_sqlstate(s2), "00000");
    ck_assert_str_eq(sunstone_errmsg(s2), "not an error");
    run(s2, "SELECT 1");
    ck_assert_str_eq(sunstone_sqlstate(s1), "42P01");
    ck_assert_str_eq(sunstone_errmsg(s1), "relation \"missing\" does not exist");
    ck_assert_int_eq(sunstone_exec(s2, "SET no_such_parameter = 1", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(s2), "42704");
    ck_assert_str_eq(sunstone_sqlstate(s1), "42P01");
}
END_TEST

static void count_notice(void *arg, const char *severity, const char *msg)
{
    (void)severity;
    (void)msg;
    ++*(int *)arg;
}

START_TEST(notices_are_per_session)
{
    int n1 = 0;
    ck_assert_int_eq(sunstone_set_notice_handler(s1, count_notice, &n1), SUNSTONE_OK);
    run(s2, "DROP TABLE IF EXISTS nothing");
    ck_assert_int_eq(n1, 0);
    run(s1, "DROP TABLE IF EXISTS nothing");
    ck_assert_int_eq(n1, 1);
    /* client_min_messages is the session's: s2's setting does not silence s1 */
    run(s2, "SET client_min_messages = warning");
    run(s1, "DROP TABLE IF EXISTS nothing");
    ck_assert_int_eq(n1, 2);
}
END_TEST

START_TEST(database_outlives_first_session)
{
    run(s1, "CREATE TABLE t (a int)");
    run(s1, "INSERT INTO t VALUES (10), (20)");
    /* a session with an open statement cannot close; the other is not affected */
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(s1, "SELECT a FROM t", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(s1), SUNSTONE_BUSY);
    ck_assert_str_eq(sunstone_sqlstate(s1), "55006");
    ck_assert_str_eq(sunstone_sqlstate(s2), "00000");
    sunstone_finalize(st);
    ck_assert_int_eq(sunstone_close(s1), SUNSTONE_OK);
    s1 = NULL;
    ck_assert_uint_eq(s2->database->nsessions, 1);
    ck_assert_ptr_eq(s2->database->sessions, s2);
    ck_assert_str_eq(value(s2, "SELECT sum(a) FROM t"), "30");
    run(s2, "INSERT INTO t VALUES (30)");
    ck_assert_str_eq(value(s2, "SELECT count(*) FROM t"), "3");
    /* the last session takes the database with it (ASan's leak check sees the rest) */
    ck_assert_int_eq(sunstone_close(s2), SUNSTONE_OK);
    s2 = NULL;
}
END_TEST

/* Steps a prepared one-column statement to the end; returns the rows as "v,v,...". */
static const char *rows_of(sunstone_stmt *st)
{
    static char out[256];
    out[0] = '\0';
    int rc;
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        size_t n = strlen(out);
        snprintf(out + n, sizeof out - n, "%s%s", n ? "," : "", sunstone_column_text(st, 0));
    }
    ck_assert_int_eq(rc, SUNSTONE_DONE);
    return out;
}

START_TEST(ddl_invalidates_other_sessions)
{
    run(s1, "CREATE TABLE t (a int)");
    run(s1, "INSERT INTO t VALUES (1), (2)");
    /* s2's statement finishes cleanly: its scan tree is parked, still scanning t */
    sunstone_stmt *sel;
    ck_assert_int_eq(sunstone_prepare(s2, "SELECT a FROM t", -1, &sel, NULL), SUNSTONE_OK);
    ck_assert_str_eq(rows_of(sel), "1,2");
    ck_assert(sel->parked);
    /* a prepared INSERT of s2, parked too */
    sunstone_stmt *ins;
    ck_assert_int_eq(sunstone_prepare(s2, "INSERT INTO t VALUES (3)", -1, &ins, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(ins), SUNSTONE_DONE);
    ck_assert(ins->parked);
    /* a SET in s1 leaves s2's parked trees alone */
    run(s1, "SET sunstone.operator_scan = 'scan'");
    ck_assert(sel->parked);
    ck_assert(ins->parked);
    /* s1 drops t (the parked scans are released, not "used by active queries") and creates
       another t: s2's statements rebind and run on the new table */
    run(s1, "DROP TABLE t");
    ck_assert(!sel->parked);
    ck_assert(!ins->parked);
    run(s1, "CREATE TABLE t (a int)");
    run(s1, "INSERT INTO t VALUES (7)");
    ck_assert_str_eq(rows_of(sel), "7");
    ck_assert_int_eq(sunstone_reset(ins), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(ins), SUNSTONE_DONE);
    ck_assert_str_eq(rows_of(sel), "7,3");
    ck_assert_str_eq(value(s1, "SELECT sum(a) FROM t"), "10");
    /* a CREATE in s1 also bumps the version s2's parked tree was built for: rebuilt */
    ck_assert(sel->parked);
    run(s1, "CREATE TABLE u (b int)");
    ck_assert(!sel->parked);
    ck_assert_str_eq(rows_of(sel), "7,3");
    sunstone_finalize(ins);
    sunstone_finalize(sel);
}
END_TEST

START_TEST(load_registers_for_every_session)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/test_good.so", plugin_dir());
    ck_assert_str_eq(value(s2, "SELECT count(*) FROM sunstone_plugins WHERE name = 'test_good_op'"), "0");
    ck_assert_msg(sunstone_load_plugin(s1, path) == SUNSTONE_OK, "%s", sunstone_errmsg(s1));
    ck_assert_str_eq(value(s2, "SELECT count(*) FROM sunstone_plugins WHERE name = 'test_good_op'"), "1");
    ck_assert_ptr_nonnull(ss_registry_find(&s2->database->registry, SS_KIND_OPERATOR, "test_good_op"));
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("sessions");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, open_two, close_two);
    tcase_add_test(tc, tables_are_shared);
    tcase_add_test(tc, settings_are_per_session);
    tcase_add_test(tc, errors_are_per_session);
    tcase_add_test(tc, notices_are_per_session);
    tcase_add_test(tc, database_outlives_first_session);
    tcase_add_test(tc, ddl_invalidates_other_sessions);
    tcase_add_test(tc, load_registers_for_every_session);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
