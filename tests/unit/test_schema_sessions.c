/* test_schema_sessions.c — schemas across sessions of one database: an uncommitted ALTER
 * SCHEMA ... RENAME is seen by its own transaction only (others keep resolving, listing
 * and printing the old name until it commits), and a rollback keeps the old name for all. */
#include <check.h>
#include <string.h>

#include "session_util.h"

static void fails(sunstone *db, const char *sql, const char *state)
{
    ck_assert_int_eq(sunstone_exec(db, sql, NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(db), state);
}

START_TEST(rename_invisible_before_commit)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE SCHEMA s");
    run(a, "CREATE TABLE s.t (x int)");
    run(a, "INSERT INTO s.t VALUES (1)");
    run(a, "BEGIN");
    run(a, "ALTER SCHEMA s RENAME TO s2");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM s2.t"), 1);
    /* the other session still sees s */
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM s.t"), 1);
    fails(b, "SELECT count(*) FROM s2.t", "42P01");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM sunstone_schemas WHERE name = 's'"), 1);
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM sunstone_schemas WHERE name = 's2'"), 0);
    run(a, "COMMIT");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM s2.t"), 1);
    fails(b, "SELECT count(*) FROM s.t", "42P01");
    fails(a, "SELECT count(*) FROM s.t", "42P01");
    close_both(a, b);
}
END_TEST

START_TEST(rename_rolled_back)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE SCHEMA s");
    run(a, "CREATE TABLE s.t (x int)");
    run(a, "BEGIN");
    run(a, "ALTER SCHEMA s RENAME TO s2");
    run(a, "ALTER SCHEMA s2 RENAME TO s3");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM s.t"), 0);
    run(a, "ROLLBACK");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM s.t"), 0);
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM s.t"), 0);
    fails(b, "SELECT count(*) FROM s3.t", "42P01");
    close_both(a, b);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("schema_sessions");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, rename_invisible_before_commit);
    tcase_add_test(tc, rename_rolled_back);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
