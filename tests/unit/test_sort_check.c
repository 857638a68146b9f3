/* test_sort_check.c — the operators' sort routines poll their cancel check and stop when it
 * says so: the merge sort every OPS_SORT_CHECK_EVERY steps, the radix sort before each pass;
 * without a stop request they still sort correctly. */
#include <check.h>
#include <stdlib.h>

#include "common/index_sort.h"
#include "common/radix_sort.h"

typedef struct counter {
    int calls;
    int stop_at; /* stop when calls reaches it; 0: never */
} counter;

static int count_and_stop(void *arg)
{
    counter *c = arg;
    return ++c->calls == c->stop_at;
}

static int cmp_desc(const void *arg, uint32_t a, uint32_t b)
{
    (void)arg;
    return a < b ? 1 : a > b ? -1 : 0;
}

#define N (4 * OPS_SORT_CHECK_EVERY)

START_TEST(index_sort_polls_and_stops)
{
    uint32_t *idx = malloc(N * sizeof *idx), *scratch = malloc(N * sizeof *scratch);
    for (uint32_t i = 0; i < N; i++)
        idx[i] = i;
    counter c = {0, 0};
    ops_sort_check check = {count_and_stop, &c};
    ck_assert_int_eq(ops_index_sort_checked(idx, scratch, N, cmp_desc, NULL, &check), 0);
    ck_assert_int_gt(c.calls, 4);
    for (uint32_t i = 0; i < N; i++)
        ck_assert_uint_eq(idx[i], N - 1 - i);
    for (uint32_t i = 0; i < N; i++)
        idx[i] = i;
    counter stop = {0, 2};
    ops_sort_check stop_check = {count_and_stop, &stop};
    ck_assert_int_eq(ops_index_sort_checked(idx, scratch, N, cmp_desc, NULL, &stop_check), 1);
    ck_assert_int_eq(stop.calls, 2);
    free(idx);
    free(scratch);
}
END_TEST

START_TEST(radix_sort_polls_and_stops)
{
    uint64_t *keys = malloc(N * sizeof *keys), *tmp = malloc(N * sizeof *tmp);
    uint32_t *vals = malloc(N * sizeof *vals), *tvals = malloc(N * sizeof *tvals);
    for (uint32_t i = 0; i < N; i++) {
        keys[i] = (uint64_t)(N - i) * 0x0101010101ULL;
        vals[i] = i;
    }
    counter c = {0, 0};
    ops_sort_check check = {count_and_stop, &c};
    ck_assert_int_eq(ops_radix_sort_pairs(keys, vals, tmp, tvals, N, &check), 0);
    ck_assert_int_gt(c.calls, 1);
    for (uint32_t i = 1; i < N; i++)
        ck_assert(keys[i - 1] <= keys[i]);
    ck_assert_uint_eq(vals[0], N - 1);
    for (uint32_t i = 0; i < N; i++)
        keys[i] = (uint64_t)(N - i) * 0x0101010101ULL;
    counter stop = {0, 1};
    ops_sort_check stop_check = {count_and_stop, &stop};
    ck_assert_int_eq(ops_radix_sort_pairs(keys, vals, tmp, tvals, N, &stop_check), 1);
    free(keys);
    free(tmp);
    free(vals);
    free(tvals);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sort_check");
    TCase *tc = tcase_create("sort_check");
    tcase_add_test(tc, index_sort_polls_and_stops);
    tcase_add_test(tc, radix_sort_polls_and_stops);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
