/* test_txn_sessions.c — transactions across sessions of one database: a block's rows are
 * invisible to other sessions until COMMIT and gone after ROLLBACK; REPEATABLE READ keeps
 * its snapshot while READ COMMITTED sees each commit; a session's failed block does not
 * disturb another; and, on several threads, writer sessions committing and rolling back
 * blocks of rows while a reader session checks that it only ever sees whole transactions. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "session_fixture.h"

START_TEST(blocks_across_sessions)
{
    sunstone *a = open_first(), *b = open_more(a), *c = open_more(a);
    run(a, "CREATE TABLE t (x int)");
    run(a, "BEGIN");
    run(a, "INSERT INTO t SELECT g FROM generate_series(1, 1500) g");
    ck_assert_int_eq(sunstone_transaction_status(a), SUNSTONE_TXN_INBLOCK);
    ck_assert_int_eq(scalar(a, "SELECT count(*) FROM t"), 1500);
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 0);
    run(b, "BEGIN ISOLATION LEVEL REPEATABLE READ");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 0);
    run(c, "BEGIN"); /* READ COMMITTED */
    ck_assert_int_eq(scalar(c, "SELECT count(*) FROM t"), 0);
    run(a, "COMMIT");
    ck_assert_int_eq(sunstone_transaction_status(a), SUNSTONE_TXN_IDLE);
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 0);
    ck_assert_int_eq(scalar(c, "SELECT count(*) FROM t"), 1500);
    run(b, "COMMIT");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 1500);
    /* c's block fails; a and b go on */
    ck_assert_int_eq(sunstone_exec(c, "INSERT INTO t VALUES (1 / 0)", NULL, NULL), SUNSTONE_ERROR);
    ck_assert_int_eq(sunstone_transaction_status(c), SUNSTONE_TXN_FAILED);
    run(a, "INSERT INTO t VALUES (7)");
    ck_assert_int_eq(scalar(b, "SELECT count(*) FROM t"), 1501);
    run(c, "ROLLBACK");
    run(b, "BEGIN");
    run(b, "INSERT INTO t VALUES (8)");
    run(b, "ROLLBACK");
    ck_assert_int_eq(scalar(c, "SELECT count(*) FROM t"), 1501);
    ck_assert_int_eq(sunstone_close(c), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(b), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(a), SUNSTONE_OK);
}
END_TEST

#define WRITERS 4
#define TXNS 150
#define ROWS 10

typedef struct writer {
    sunstone *db;
    int id;
    long long committed; /* rows this writer committed */
    int errors;
} writer;

static void *write_loop(void *p)
{
    writer *w = p;
    char sql[128];
    for (int i = 0; i < TXNS; i++) {
        snprintf(sql, sizeof sql, "INSERT INTO bank SELECT %d FROM generate_series(1, %d)", w->id,
                 ROWS);
        if (sunstone_exec(w->db, "BEGIN", NULL, NULL) != SUNSTONE_OK ||
            sunstone_exec(w->db, sql, NULL, NULL) != SUNSTONE_OK ||
            sunstone_exec(w->db, i % 3 == 2 ? "ROLLBACK" : "COMMIT", NULL, NULL) != SUNSTONE_OK) {
            w->errors++;
            continue;
        }
        if (i % 3 != 2)
            w->committed += ROWS;
    }
    return NULL;
}

typedef struct reader {
    sunstone *db;
    volatile int stop;
    int reads, torn;
} reader;

static void *read_loop(void *p)
{
    reader *r = p;
    while (!r->stop) {
        long long n = scalar(r->db, "SELECT count(*) FROM bank");
        r->reads++;
        if (n < 0 || n % ROWS != 0)
            r->torn++;
    }
    return NULL;
}

START_TEST(threads_see_whole_transactions)
{
    sunstone *first = open_first();
    run(first, "CREATE TABLE bank (w int)");
    writer w[WRITERS];
    pthread_t wt[WRITERS], rt;
    reader r = {open_more(first), 0, 0, 0};
    for (int i = 0; i < WRITERS; i++)
        w[i] = (writer){open_more(first), i, 0, 0};
    ck_assert_int_eq(pthread_create(&rt, NULL, read_loop, &r), 0);
    for (int i = 0; i < WRITERS; i++)
        ck_assert_int_eq(pthread_create(&wt[i], NULL, write_loop, &w[i]), 0);
    long long total = 0;
    for (int i = 0; i < WRITERS; i++) {
        pthread_join(wt[i], NULL);
        ck_assert_int_eq(w[i].errors, 0);
        total += w[i].committed;
    }
    r.stop = 1;
    pthread_join(rt, NULL);
    ck_assert_int_gt(r.reads, 0);
    ck_assert_int_eq(r.torn, 0);
    ck_assert_int_eq(scalar(first, "SELECT count(*) FROM bank"), total);
    ck_assert_int_eq(total, (long long)WRITERS * (TXNS - TXNS / 3) * ROWS);
    for (int i = 0; i < WRITERS; i++) {
        char sql[64];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM bank WHERE w = %d", i);
        ck_assert_int_eq(scalar(first, sql), w[i].committed);
        ck_assert_int_eq(sunstone_close(w[i].db), SUNSTONE_OK);
    }
    ck_assert_int_eq(sunstone_close(r.db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_close(first), SUNSTONE_OK);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("txn_sessions");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, blocks_across_sessions);
    tcase_add_test(tc, threads_see_whole_transactions);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
