/* test_ptrmap.c — Check tests for core/util/ptrmap.c: put, overwrite and get across the
 * growth steps from the first small table, absent keys, and an empty map. */
#include <check.h>
#include <stdint.h>

#include "util/ptrmap.h"

#define NKEYS 5000

START_TEST(put_get_across_growth)
{
    ss_arena *arena = ss_arena_create();
    ck_assert_ptr_nonnull(arena);
    static char keys[NKEYS];
    ss_ptrmap m;
    ss_ptrmap_init(&m, arena);
    void *val = &m;
    ck_assert(!ss_ptrmap_get(&m, &keys[0], &val));
    ck_assert_ptr_eq(val, &m); /* untouched when absent */
    for (uint32_t i = 0; i < NKEYS; i++) {
        ck_assert_int_eq(ss_ptrmap_put(&m, &keys[i], (void *)(uintptr_t)(i + 1)), 0);
        /* every key put so far is still found, including across each growth */
        if ((i & (i + 1)) == 0 || i == NKEYS - 1)
            for (uint32_t j = 0; j <= i; j++) {
                ck_assert(ss_ptrmap_get(&m, &keys[j], &val));
                ck_assert_uint_eq((uintptr_t)val, j + 1);
            }
    }
    ck_assert_uint_eq(m.n, NKEYS);
    for (uint32_t i = 0; i < NKEYS; i += 2)
        ck_assert_int_eq(ss_ptrmap_put(&m, &keys[i], NULL), 0);
    ck_assert_uint_eq(m.n, NKEYS); /* overwriting adds nothing */
    for (uint32_t i = 0; i < NKEYS; i++) {
        ck_assert(ss_ptrmap_get(&m, &keys[i], &val));
        ck_assert_ptr_eq(val, i % 2 ? (void *)(uintptr_t)(i + 1) : NULL);
    }
    ck_assert(ss_ptrmap_get(&m, &keys[7], NULL));
    ck_assert(!ss_ptrmap_get(&m, &m, NULL));
    ss_arena_destroy(arena);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("ptrmap");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, put_get_across_growth);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
