/* test_ty8_type_sessions.c — type DDL inside transaction blocks across sessions of one
 * database: another session does not see an uncommitted CREATE TYPE or ADD VALUE (the label
 * is "invalid input value", not 55P04, there), still sees a type whose DROP is uncommitted,
 * and sees each after COMMIT; ROLLBACK leaves the other session's view unchanged. */
#include <check.h>
#include <string.h>

#include "session_util.h"

static void fails(sunstone *db, const char *sql, const char *state)
{
    ck_assert_msg(sunstone_exec(db, sql, NULL, NULL) == SUNSTONE_ERROR, "%s succeeded", sql);
    ck_assert_str_eq(sunstone_sqlstate(db), state);
}

START_TEST(uncommitted_create_invisible)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "CREATE TYPE mood AS ENUM ('sad', 'ok')");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM (SELECT 'ok'::mood) s"), 1);
    fails(b, "SELECT 'ok'::mood", "42704");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM pg_type WHERE typname = 'mood'"), 0);
    fails(b, "CREATE TYPE mood AS ENUM ('x')", "0A000");
    run(a, "ROLLBACK");
    fails(a, "SELECT 'ok'::mood", "42704");
    run(a, "BEGIN");
    run(a, "CREATE TYPE mood AS ENUM ('sad', 'ok')");
    run(a, "COMMIT");
    ck_assert_int_eq(scalar(b, "SELECT array_length(enum_range(NULL::mood), 1)"), 2);
    close_both(a, b);
}
END_TEST

START_TEST(uncommitted_label_invisible)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TYPE mood AS ENUM ('sad', 'ok')");
    run(a, "BEGIN");
    run(a, "ALTER TYPE mood ADD VALUE 'happy'");
    fails(a, "SELECT 'happy'::mood", "55P04");
    run(a, "ROLLBACK");
    run(a, "BEGIN");
    run(a, "ALTER TYPE mood ADD VALUE 'happy' BEFORE 'ok'");
    fails(b, "SELECT 'happy'::mood", "22P02");
    /* PostgreSQL would wait for a's transaction: refused rather than a wrong sort position */
    fails(b, "ALTER TYPE mood ADD VALUE 'glad'", "0A000");
    ck_assert_int_eq(scalar(b, "SELECT array_length(enum_range(NULL::mood), 1)"), 2);
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM pg_enum WHERE enumlabel = 'happy'"), 0);
    run(a, "COMMIT");
    ck_assert_int_eq(scalar(b, "SELECT array_length(enum_range(NULL::mood), 1)"), 3);
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM (SELECT 'happy'::mood) s"), 1);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM (SELECT 'happy'::mood) s"), 1);
    close_both(a, b);
}
END_TEST

START_TEST(uncommitted_drop_visible)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TYPE mood AS ENUM ('sad', 'ok')");
    run(a, "BEGIN");
    run(a, "DROP TYPE mood");
    fails(a, "SELECT 'ok'::mood", "42704");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM (SELECT 'ok'::mood) s"), 1);
    /* PostgreSQL would wait for a's DROP: refused, not a silent success */
    fails(b, "DROP TYPE IF EXISTS mood", "0A000");
    fails(b, "ALTER TYPE mood ADD VALUE 'x'", "0A000");
    run(a, "ROLLBACK");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM (SELECT 'ok'::mood) s"), 1);
    run(a, "BEGIN");
    run(a, "DROP TYPE mood");
    run(a, "COMMIT");
    fails(b, "SELECT 'ok'::mood", "42704");
    close_both(a, b);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ty8_type_sessions");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, uncommitted_create_invisible);
    tcase_add_test(tc, uncommitted_label_invisible);
    tcase_add_test(tc, uncommitted_drop_visible);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
