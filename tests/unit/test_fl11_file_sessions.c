/* test_fl11_file_sessions.c — several sessions on one database file (api/durable.c): the
 * catalog image stored by one session's commit never loses another session's committed DDL
 * (a pending CREATE of one while the other commits, a pending ALTER TABLE another commit must
 * describe as it was, and two threads doing DDL concurrently), checked by reopening the file. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "session_util.h"

static char dir[64], path[128];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/fl11_sessions_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/app.db", dir);
}

static void remove_dir(void)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static sunstone *open_file(void)
{
    const char *d = getenv("SUNSTONE_MODULE_DIR");
    sunstone *db;
    sunstone_config cfg = {sizeof cfg, d ? d : "modules", false, NULL};
    int rc = sunstone_open_v2(path, &db, &cfg);
    ck_assert_msg(rc == SUNSTONE_OK, "open: %s", sunstone_errmsg(db));
    return db;
}

static sunstone *second_session(sunstone *db)
{
    sunstone *s;
    ck_assert_msg(sunstone_open_session(db, &s) == SUNSTONE_OK, "session: %s", sunstone_errmsg(db));
    return s;
}

START_TEST(pending_create_survives_other_commit)
{
    make_dir();
    sunstone *a = open_file(), *b = second_session(a);
    run(a, "BEGIN");
    run(a, "CREATE TABLE pa (x int)");
    run(a, "INSERT INTO pa VALUES (1)");
    run(b, "CREATE TABLE pb (y int)"); /* stores an image while pa is pending */
    run(b, "INSERT INTO pb VALUES (2)");
    run(a, "COMMIT");
    sunstone_close(b);
    sunstone_close(a);
    a = open_file();
    ck_assert_int_eq(scalar(a, "SELECT x FROM pa"), 1);
    ck_assert_int_eq(scalar(a, "SELECT y FROM pb"), 2);
    sunstone_close(a);
    remove_dir();
}
END_TEST

/* A pending ALTER TABLE of one session while another commits DDL: the other's image keeps
 * the table as committed; the ALTER's own commit (or rollback) decides. */
static void pending_alter(bool commit)
{
    make_dir();
    sunstone *a = open_file(), *b = second_session(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "INSERT INTO t VALUES (1)");
    run(a, "BEGIN");
    run(a, "ALTER TABLE t ADD COLUMN y int DEFAULT 5");
    run(a, "ALTER TABLE t RENAME TO t2");
    run(b, "CREATE TABLE other (z int)");
    run(a, commit ? "COMMIT" : "ROLLBACK");
    sunstone_close(b);
    sunstone_close(a);
    a = open_file();
    if (commit) {
        ck_assert_int_eq(scalar(a, "SELECT y FROM t2"), 5);
        expect_error(a, "SELECT * FROM t", "42P01");
    } else {
        ck_assert_int_eq(scalar(a, "SELECT count(*) FROM sunstone_columns WHERE table_name = 't'"), 1);
        ck_assert_int_eq(scalar(a, "SELECT x FROM t"), 1);
    }
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM other"), 0);
    sunstone_close(a);
    remove_dir();
}

START_TEST(pending_alter_committed)
{
    pending_alter(true);
}
END_TEST

START_TEST(pending_alter_rolled_back)
{
    pending_alter(false);
}
END_TEST

#define ROUNDS 25

typedef struct ddl_worker {
    sunstone *db;
    char prefix;
    int failures;
} ddl_worker;

static void *ddl_main(void *arg)
{
    ddl_worker *w = arg;
    char sql[160];
    for (int i = 0; i < ROUNDS; i++) {
        snprintf(sql, sizeof sql, "CREATE TABLE %c%d (k int PRIMARY KEY)", w->prefix, i);
        w->failures += sunstone_exec(w->db, sql, NULL, NULL) != SUNSTONE_OK;
        snprintf(sql, sizeof sql,
                 "BEGIN; INSERT INTO %c%d VALUES (%d); ALTER TABLE %c%d ADD COLUMN v text; CREATE INDEX ON %c%d (v); "
                 "COMMIT",
                 w->prefix, i, i, w->prefix, i, w->prefix, i);
        w->failures += sunstone_exec(w->db, sql, NULL, NULL) != SUNSTONE_OK;
        if (i % 5 == 4) {
            snprintf(sql, sizeof sql, "CREATE VIEW %cv%d AS SELECT k FROM %c%d", w->prefix, i, w->prefix, i);
            w->failures += sunstone_exec(w->db, sql, NULL, NULL) != SUNSTONE_OK;
        }
    }
    return NULL;
}

START_TEST(concurrent_ddl_all_kept)
{
    make_dir();
    sunstone *a = open_file(), *b = second_session(a);
    ddl_worker wa = {a, 'a', 0}, wb = {b, 'b', 0};
    pthread_t ta, tb;
    ck_assert_int_eq(pthread_create(&ta, NULL, ddl_main, &wa), 0);
    ck_assert_int_eq(pthread_create(&tb, NULL, ddl_main, &wb), 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    ck_assert_int_eq(wa.failures, 0);
    ck_assert_int_eq(wb.failures, 0);
    sunstone_close(b);
    sunstone_close(a);
    a = open_file();
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM sunstone_tables WHERE name ~ '^[ab][0-9]+$'"), 2 * ROUNDS);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM sunstone_columns WHERE table_name ~ '^[ab][0-9]+$'"),
                     4 * ROUNDS);
    ck_assert_int_eq(scalar(a, "SELECT k FROM a24"), 24);
    ck_assert_int_eq(scalar(a, "SELECT k FROM bv24"), 24);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM b7 WHERE v IS NULL"), 1);
    sunstone_close(a);
    remove_dir();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("file_sessions");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, pending_create_survives_other_commit);
    tcase_add_test(tc, pending_alter_committed);
    tcase_add_test(tc, pending_alter_rolled_back);
    tcase_add_test(tc, concurrent_ddl_all_kept);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
