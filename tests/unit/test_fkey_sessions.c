/* test_fkey_sessions.c — foreign keys between sessions on threads: a referencing row another
 * transaction is inserting makes the deleter of its referenced row wait (then 23503 if that
 * one commits), and a referenced row another transaction is deleting makes the inserter of a
 * referencing row wait (then 23503 if the delete commits), so that no committed referencing
 * row is left without its referenced row.  Without an index on the referencing column the
 * delete waits for every running writer of the referencing table. */
#include <check.h>

#include "session_util.h"

/* p(id) and c(id, pid) referencing it, with an index on c.pid or (indexed false) without,
   where the delete waits for every running writer of c. */
static sunstone *setup_indexed(bool indexed)
{
    sunstone *a = open_first();
    run(a, "CREATE TABLE p (id int PRIMARY KEY)");
    run(a, "CREATE TABLE c (id int PRIMARY KEY, pid int REFERENCES p)");
    if (indexed)
        run(a, "CREATE INDEX c_pid ON c (pid)");
    run(a, "INSERT INTO p VALUES (1), (2)");
    return a;
}

static sunstone *setup(void)
{
    return setup_indexed(true);
}

static void delete_waits_for_insert_on(bool commit, bool indexed)
{
    sunstone *a = setup_indexed(indexed), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "INSERT INTO c VALUES (10, 1)");
    session_job j = {b, "DELETE FROM p WHERE id = 1", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th); /* for a's referencing row */
    run(a, commit ? "COMMIT" : "ROLLBACK");
    pthread_join(th, NULL);
    if (commit) {
        ck_assert_int_eq(j.rc, SUNSTONE_ERROR);
        ck_assert_str_eq(j.sqlstate, "23503");
        ck_assert_int_eq(scalar(a, "SELECT count(*) FROM p WHERE id = 1"), 1);
    } else {
        ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
        ck_assert_int_eq(scalar(a, "SELECT count(*) FROM p WHERE id = 1"), 0);
    }
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM c WHERE pid NOT IN (SELECT id FROM p)"), 0);
    close_both(a, b);
}

START_TEST(delete_waits_for_referencing_insert_commit)
{
    delete_waits_for_insert_on(true, true);
}
END_TEST

START_TEST(delete_waits_for_referencing_insert_rollback)
{
    delete_waits_for_insert_on(false, true);
}
END_TEST

START_TEST(delete_without_index_waits_commit)
{
    delete_waits_for_insert_on(true, false);
}
END_TEST

START_TEST(delete_without_index_waits_rollback)
{
    delete_waits_for_insert_on(false, false);
}
END_TEST

/* ON DELETE CASCADE without an index on the referencing column: a referencing row another
   session commits while the delete waits for it (for the inserter's KEY SHARE lock on the
   referenced row) is deleted too, as in PostgreSQL: the delete reads again with a fresh
   snapshot once that lock's transaction committed (READ COMMITTED); never an orphan. */
START_TEST(cascade_without_index_meets_new_row)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE p (id int PRIMARY KEY)");
    run(a, "CREATE TABLE c (id int PRIMARY KEY, pid int REFERENCES p ON DELETE CASCADE)");
    run(a, "INSERT INTO p VALUES (1)");
    run(a, "INSERT INTO c VALUES (1, 1)");
    run(a, "BEGIN");
    run(a, "INSERT INTO c VALUES (2, 1)");
    session_job j = {b, "DELETE FROM p WHERE id = 1", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th);
    run(a, "COMMIT");
    pthread_join(th, NULL);
    ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM c"), 0);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM p"), 0);
    close_both(a, b);
}
END_TEST

static void insert_waits_for_delete(bool commit)
{
    sunstone *a = setup(), *b = open_more(a);
    run(a, "BEGIN");
    run(a, "DELETE FROM p WHERE id = 2");
    session_job j = {b, "INSERT INTO c VALUES (20, 2)", 0, "", "", 0};
    pthread_t th;
    start_waiting(&j, &th); /* for a's delete of the referenced row */
    run(a, commit ? "COMMIT" : "ROLLBACK");
    pthread_join(th, NULL);
    if (commit) {
        ck_assert_int_eq(j.rc, SUNSTONE_ERROR);
        ck_assert_str_eq(j.sqlstate, "23503");
        ck_assert_str_eq(j.msg, "insert or update on table \"c\" violates foreign key constraint \"c_pid_fkey\"");
        ck_assert_int_eq(scalar(a, "SELECT count(*) FROM c"), 0);
    } else {
        ck_assert_msg(j.rc == SUNSTONE_OK, "%s", j.msg);
        ck_assert_int_eq(scalar(a, "SELECT count(*) FROM c WHERE pid = 2"), 1);
    }
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM c WHERE pid NOT IN (SELECT id FROM p)"), 0);
    close_both(a, b);
}

START_TEST(insert_waits_for_referenced_delete_commit)
{
    insert_waits_for_delete(true);
}
END_TEST

START_TEST(insert_waits_for_referenced_delete_rollback)
{
    insert_waits_for_delete(false);
}
END_TEST

/* ON DELETE CASCADE over a referencing row committed after the deleter's snapshot, in
   REPEATABLE READ: 40001, never a row left behind. */
START_TEST(cascade_meets_row_committed_after_snapshot)
{
    sunstone *a = open_first(), *b = open_more(a);
    run(a, "CREATE TABLE p (id int PRIMARY KEY)");
    run(a, "CREATE TABLE c (id int PRIMARY KEY, pid int REFERENCES p ON DELETE CASCADE)");
    run(a, "CREATE INDEX c_pid ON c (pid)");
    run(a, "INSERT INTO p VALUES (1)");
    run(b, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM c"), 0);
    run(a, "INSERT INTO c VALUES (1, 1)");
    ck_assert_int_eq(sunstone_exec(b, "DELETE FROM p WHERE id = 1", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_str_eq(sunstone_sqlstate(b), "40001");
    run(b, "ROLLBACK");
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM c WHERE pid NOT IN (SELECT id FROM p)"), 0);
    close_both(a, b);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("fkey_sessions");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, delete_waits_for_referencing_insert_commit);
    tcase_add_test(tc, delete_waits_for_referencing_insert_rollback);
    tcase_add_test(tc, delete_without_index_waits_commit);
    tcase_add_test(tc, delete_without_index_waits_rollback);
    tcase_add_test(tc, cascade_without_index_meets_new_row);
    tcase_add_test(tc, insert_waits_for_referenced_delete_commit);
    tcase_add_test(tc, insert_waits_for_referenced_delete_rollback);
    tcase_add_test(tc, cascade_meets_row_committed_after_snapshot);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
