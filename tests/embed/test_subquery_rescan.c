/* test_subquery_rescan.c — prepared statements with subqueries run again with other
 * parameter values: an uncorrelated subquery (computed once per execution) is computed anew
 * when $1 changes, a correlated one is rescanned per row with both its exec parameters and
 * $1, a semi join and a LATERAL join give the new answers; 10 000 outer rows run a
 * correlated subquery by rescanning its plan (planned once), not quadratically. */
#include <check.h>
#include <string.h>
#include <time.h>

#include "sunstone.h"
#include "embed/run_cases.h"

START_TEST(uncorrelated_recomputed)
{
    RUN_CASES("SELECT (SELECT count(*) FROM b WHERE w > $1), (SELECT max(k) FROM a WHERE v <= $1)::int8",
              {0, 5, 0}, {15, 3, 3}, {35, 1, 3}, {1, 5, 1}, {0, 5, 0});
}
END_TEST

START_TEST(correlated_with_parameter)
{
    /* per a row: the b rows of its k with w > $1 */
    RUN_CASES("SELECT count(*), sum(c::int4) FROM (SELECT (SELECT count(*) FROM b WHERE b.k = a.k AND w > $1) AS c FROM a) s",
              {0, 4, 4}, {10, 4, 3}, {25, 4, 1}, {0, 4, 4});
}
END_TEST

START_TEST(nested_correlated)
{
    RUN_CASES("SELECT count(*), coalesce(sum(v), 0) FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.k = a.k AND "
              "w > (SELECT min(w) FROM b b2 WHERE b2.k = a.k) + $1)",
              {0, 1, 1}, {1, 0, 0}, {-1, 3, 6});
}
END_TEST

START_TEST(semi_and_lateral)
{
    RUN_CASES("SELECT count(*), coalesce(sum(v), 0) FROM a WHERE k IN (SELECT k FROM b WHERE w > $1)", {0, 3, 6},
              {15, 2, 5}, {100, 0, 0});
    RUN_CASES("SELECT count(*), coalesce(sum(s.w), 0) FROM a, LATERAL (SELECT w FROM b WHERE b.k = a.k AND w > $1 "
              "ORDER BY w LIMIT 1) s",
              {0, 3, 60}, {10, 3, 61}, {25, 1, 30});
}
END_TEST

START_TEST(ten_thousand_outer_rows)
{
    ck_assert_int_eq(sunstone_exec(db, "CREATE TABLE big (id int)", NULL, NULL), SUNSTONE_OK);
    sunstone_stmt *ins;
    ck_assert_int_eq(sunstone_prepare(db, "INSERT INTO big VALUES ($1)", -1, &ins, NULL), SUNSTONE_OK);
    for (int i = 0; i < 10000; i++) {
        ck_assert_int_eq(sunstone_reset(ins), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_bind_int64(ins, 1, i % 5), SUNSTONE_OK);
        ck_assert_int_eq(sunstone_step(ins), SUNSTONE_DONE);
    }
    sunstone_finalize(ins);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sunstone_stmt *st;
    /* big.id repeats only every 5 rows: each outer row runs the subquery again */
    ck_assert_int_eq(sunstone_prepare(db,
                                      "SELECT count(*), sum(c::int4) FROM (SELECT (SELECT count(*) FROM b WHERE b.k = big.id) "
                                      "AS c FROM big) s",
                                      -1, &st, NULL),
                     SUNSTONE_OK);
    ck_assert_int_eq(sunstone_step(st), SUNSTONE_ROW);
    ck_assert_int_eq(sunstone_column_int64(st, 0), 10000);
    ck_assert_int_eq(sunstone_column_int64(st, 1), 8000); /* ids 1, 1, 2, 3 of b: 2000 each of 1, 2, 3 + 2000 */
    sunstone_finalize(st);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    ck_assert_msg(ms < 5000, "10 000 correlated rows took %.0f ms", ms);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("subquery_rescan");
    TCase *tc = tcase_create("subquery_rescan");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, uncorrelated_recomputed);
    tcase_add_test(tc, correlated_with_parameter);
    tcase_add_test(tc, nested_correlated);
    tcase_add_test(tc, semi_and_lateral);
    tcase_add_test(tc, ten_thousand_outer_rows);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
