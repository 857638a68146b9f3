/* test_temp_tables.c — temporary relations belong to their session (catalog/namespace.c's
 * pg_temp_N schemas): another session neither sees nor reaches them (unqualified, through
 * pg_temp, or through the other's pg_temp_N), both may use one name at once, a temporary table
 * hides a permanent one only in its own session, and closing the session drops them (also
 * from inside an open transaction), leaving the permanent tables alone. */
#include <string.h>

#include "check_suite.h"
#include "session_util.h"

START_TEST(private_to_their_session)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "INSERT INTO t VALUES (1), (2), (3)");
    run(a, "CREATE TEMP TABLE t (x int)"); /* hides public.t in a only */
    run(a, "INSERT INTO t VALUES (10)");
    run(b, "CREATE TEMP TABLE t (x int)");
    run(b, "INSERT INTO t VALUES (20), (21)");
    ck_assert_int_eq(scalar(a, "SELECT sum(x) FROM t"), 10);
    ck_assert_int_eq(scalar(b, "SELECT sum(x) FROM t"), 41);
    ck_assert_int_eq(scalar(a, "SELECT sum(x) FROM public.t"), 6);
    ck_assert_int_eq(scalar(a, "SELECT sum(x) FROM pg_temp.t"), 10);
    run(a, "CREATE TEMP TABLE only_a (y int)");
    expect_error(b, "SELECT * FROM only_a", "42P01");
    expect_error(b, "SELECT * FROM pg_temp.only_a", "42P01");
    expect_error(b, "SELECT * FROM pg_temp_3.only_a", "42P01");
    expect_error(b, "DROP TABLE pg_temp_3.only_a", "3F000");
    close_both(a, b);
}
END_TEST

START_TEST(dropped_when_the_session_closes)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(b, "CREATE TEMP TABLE gone (x int PRIMARY KEY, y serial)");
    run(b, "CREATE TEMP VIEW gone_v AS SELECT x FROM gone");
    run(b, "CREATE INDEX ON gone (y)");
    run(b, "BEGIN");
    run(b, "INSERT INTO gone VALUES (1)");
    ck_assert_int_eq(sunstone_close(b), SUNSTONE_OK);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM sunstone_tables WHERE name LIKE 'gone%'"), 0);
    /* a new session starts without any: its pg_temp is empty, the name free */
    sunstone *c = open_more(a);
    expect_error(c, "SELECT * FROM gone", "42P01");
    run(c, "CREATE TEMP TABLE gone (z text)");
    run(c, "INSERT INTO gone VALUES ('new')");
    ck_assert_int_eq(scalar(c, "SELECT count(*) FROM gone"), 1);
    close_both(a, c);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("temp_tables");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, private_to_their_session);
    tcase_add_test(tc, dropped_when_the_session_closes);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
