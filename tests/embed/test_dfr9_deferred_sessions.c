/* test_dfr9_deferred_sessions.c — deferred constraint checks between two sessions of one
 * database (the shell has one): a deferred unique key inserted by both is refused at the
 * COMMIT of the second (23505, its transaction rolled back); a deferred foreign key counts the
 * referenced row another session committed before the COMMIT, and not one whose transaction
 * rolled back (23503). */
#include <check.h>
#include <string.h>

#include "sunstone.h"

static sunstone *s1, *s2;

static void exec_ok(sunstone *s, const char *sql)
{
    int rc = sunstone_exec(s, sql, NULL, NULL);
    ck_assert_msg(rc == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(s));
}

static void exec_fails(sunstone *s, const char *sql, const char *sqlstate)
{
    ck_assert_msg(sunstone_exec(s, sql, NULL, NULL) != SUNSTONE_OK, "%s succeeded", sql);
    ck_assert_str_eq(sunstone_sqlstate(s), sqlstate);
}

static int64_t scalar(sunstone *s, const char *sql)
{
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(s, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(s));
    ck_assert_msg(sunstone_step(st) == SUNSTONE_ROW, "%s: %s", sql, sunstone_errmsg(s));
    int64_t v = sunstone_column_int64(st, 0);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    sunstone_finalize(st);
    return v;
}

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &s1), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_open_session(s1, &s2), SUNSTONE_OK);
    exec_ok(s1, "CREATE TABLE u (id int UNIQUE DEFERRABLE INITIALLY DEFERRED, who text)");
    exec_ok(s1, "CREATE TABLE p (a int PRIMARY KEY)");
    exec_ok(s1, "CREATE TABLE c (a int REFERENCES p DEFERRABLE INITIALLY DEFERRED)");
}

static void teardown(void)
{
    sunstone_close(s2);
    sunstone_close(s1);
}

START_TEST(unique_key_of_both_sessions)
{
    exec_ok(s1, "BEGIN");
    exec_ok(s1, "INSERT INTO u VALUES (1, 'first')");
    exec_ok(s2, "BEGIN");
    exec_ok(s2, "INSERT INTO u VALUES (1, 'second')"); /* deferred: no wait, no error yet */
    exec_ok(s1, "COMMIT");
    exec_fails(s2, "COMMIT", "23505");
    ck_assert_int_eq(sunstone_transaction_status(s2), SUNSTONE_TXN_IDLE);
    ck_assert_int_eq(scalar(s2, "SELECT count(*) FROM u"), 1);
    ck_assert_int_eq(scalar(s2, "SELECT count(*) FROM u WHERE who = 'first'"), 1);
}
END_TEST

START_TEST(unique_key_whose_other_writer_rolls_back)
{
    exec_ok(s1, "BEGIN");
    exec_ok(s1, "INSERT INTO u VALUES (2, 'first')");
    exec_ok(s2, "BEGIN");
    exec_ok(s2, "INSERT INTO u VALUES (2, 'second')");
    exec_ok(s1, "ROLLBACK");
    exec_ok(s2, "COMMIT");
    ck_assert_int_eq(scalar(s1, "SELECT count(*) FROM u WHERE id = 2 AND who = 'second'"), 1);
}
END_TEST

START_TEST(referenced_row_committed_by_the_other_session)
{
    exec_ok(s1, "BEGIN");
    exec_ok(s1, "INSERT INTO c VALUES (5)");
    exec_ok(s2, "INSERT INTO p VALUES (5)");
    exec_ok(s1, "COMMIT");
    ck_assert_int_eq(scalar(s2, "SELECT count(*) FROM c WHERE a = 5"), 1);
}
END_TEST

START_TEST(referenced_row_rolled_back_by_the_other_session)
{
    exec_ok(s2, "BEGIN");
    exec_ok(s2, "INSERT INTO p VALUES (7)");
    exec_ok(s1, "BEGIN");
    exec_ok(s1, "INSERT INTO c VALUES (7)");
    exec_ok(s2, "ROLLBACK");
    exec_fails(s1, "COMMIT", "23503");
    ck_assert_int_eq(scalar(s1, "SELECT count(*) FROM c"), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dfr9_deferred_sessions");
    TCase *tc = tcase_create("sessions");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, unique_key_of_both_sessions);
    tcase_add_test(tc, unique_key_whose_other_writer_rolls_back);
    tcase_add_test(tc, referenced_row_committed_by_the_other_session);
    tcase_add_test(tc, referenced_row_rolled_back_by_the_other_session);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
