/* test_setops.c — set operations in prepared statements: each execution with new parameter
 * values restarts the append and setop operators (rescan, parked trees), and inputs of
 * several batches are counted and emitted whole. */
#include <check.h>
#include <string.h>

#include "sunstone.h"

static sunstone *db;

static void setup(void)
{
    ck_assert_int_eq(sunstone_open(NULL, &db), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE s (a int, b text)", NULL, NULL), SUNSTONE_OK);
    sunstone_stmt *ins;
    ck_assert_int_eq(sunstone_prepare(db, "INSERT INTO s VALUES ($1, $2)", -1, &ins, NULL), SUNSTONE_OK);
    /* 5000 rows: a = 0..4999 % 1000 (each value five times), b = a's parity */
    for (int i = 0; i < 5000; i++) {
        ck_assert_int_eq(sunstone_bind_int64(ins, 1, i % 1000), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_bind_text(ins, 2, i % 2 ? "odd" : "even", -1), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_step(ins), SUNSTONE_DONE);
        ck_assert_int_eq(sunstone_reset(ins), SUNSTONE_OK);
    }
    sunstone_finalize(ins);
}

static void teardown(void)
{
    sunstone_close(db);
}

/* The single bigint of a one-row, one-column result of st (run once, then reset). */
static long long one_value(sunstone_stmt *st)
{
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    long long v = sunstone_column_int64(st, 0);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_DONE);
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    return v;
}

/* Runs st to its end (then resets it): the row count, and the sum of column 0 in *sum. */
static long long run_rows(sunstone_stmt *st, long long *sum)
{
    long long n = 0;
    *sum = 0;
    while (sunstone_step(st) == SUNSTONE_ROW) {
        n++;
        *sum += sunstone_column_int64(st, 0);
    }
    ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    return n;
}

START_TEST(prepared_union_all_reruns)
{
    sunstone_stmt *st;
    ck_assert_int_eq(sunstone_prepare(db, "SELECT $1::int UNION ALL SELECT $2::int UNION ALL SELECT a FROM s WHERE a = $1",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    for (int run = 0; run < 3; run++) {
        ck_assert_int_eq(sunstone_bind_int64(st, 1, run), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_bind_int64(st, 2, 100 + run), SUNSTONE_OK);
        long long got[8];
        int n = 0;
        while (sunstone_step(st) == SUNSTONE_ROW) {
            ck_assert_int_lt(n, 8);
            got[n++] = sunstone_column_int64(st, 0);
        }
        /* $1, $2, then the table's five rows equal to $1 */
        ck_assert_int_eq(n, 7);
        ck_assert_int_eq(got[0], run);
        ck_assert_int_eq(got[1], 100 + run);
        for (int i = 2; i < 7; i++)
            ck_assert_int_eq(got[i], run);
        ck_assert_int_eq(sunstone_reset(st), SUNSTONE_OK);
    }
    sunstone_finalize(st);
}
END_TEST

START_TEST(prepared_setops_rerun)
{
    sunstone_stmt *st;
    /* rows are counted here: a count over a set operation needs a subquery */
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM s WHERE a < $1 INTERSECT ALL SELECT a FROM s WHERE a >= $2", -1,
                                      &st, NULL),
                     SUNSTONE_OK);
    for (int run = 0; run < 3; run++) {
        int lo = 100 * (run + 1), hi = 50 * run;
        ck_assert_int_eq(sunstone_bind_int64(st, 1, lo), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_bind_int64(st, 2, hi), SUNSTONE_OK);
        long long sum, n = run_rows(st, &sum);
        /* values hi .. lo-1, five copies each */
        ck_assert_int_eq(n, 5LL * (lo - hi));
        ck_assert_int_eq(sum, 5LL * ((long long)(lo - 1) * lo / 2 - (long long)(hi - 1) * hi / 2));
    }
    sunstone_finalize(st);
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a, b FROM s EXCEPT SELECT a, b FROM s WHERE a % $1 = 0", -1, &st, NULL),
                     SUNSTONE_OK);
    for (int m = 1; m <= 4; m++) {
        ck_assert_int_eq(sunstone_bind_int64(st, 1, m), SUNSTONE_OK);
        long long sum;
        /* distinct values of 0..999 not divisible by m */
        ck_assert_int_eq(run_rows(st, &sum), 1000 - (999 / m + 1));
    }
    sunstone_finalize(st);
}
END_TEST

START_TEST(untyped_parameter_takes_the_other_branch_type)
{
    sunstone_stmt *st;
    /* $1 is integer, as PostgreSQL infers it from the other branch */
    ck_assert_int_eq(sunstone_prepare(db, "SELECT $1 UNION ALL SELECT 2", -1, &st, NULL), SUNSTONE_OK);
    ck_assert_int_eq(sunstone_bind_text(st, 1, "40", -1), SUNSTONE_OK);
    long long sum;
    ck_assert_int_eq(run_rows(st, &sum), 2);
    ck_assert_int_eq(sum, 42);
    sunstone_finalize(st);
}
END_TEST

START_TEST(big_inputs)
{
    sunstone_stmt *st;
    /* 5000 + 5000 rows through the append, 1000 distinct after the UNION */
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM s UNION SELECT a FROM s ORDER BY 1 DESC LIMIT 1 OFFSET 998", -1,
                                      &st, NULL),
                     SUNSTONE_OK);
    ck_assert_int_eq(one_value(st), 1);
    sunstone_finalize(st);
    /* EXCEPT ALL of 5000 rows minus the 2500 even ones: the odd rows, five copies each */
    ck_assert_int_eq(sunstone_prepare(db, "SELECT a FROM s EXCEPT ALL SELECT a FROM s WHERE b = 'even'", -1, &st, NULL),
                     SUNSTONE_OK);
    long long n = 0;
    while (sunstone_step(st) == SUNSTONE_ROW) {
        ck_assert_int_eq(sunstone_column_int64(st, 0) % 2, 1);
        n++;
    }
    ck_assert_int_eq(n, 2500);
    sunstone_finalize(st);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("setops");
    TCase *tc = tcase_create("setops");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, prepared_union_all_reruns);
    tcase_add_test(tc, prepared_setops_rerun);
    tcase_add_test(tc, untyped_parameter_takes_the_other_branch_type);
    tcase_add_test(tc, big_inputs);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(make_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
