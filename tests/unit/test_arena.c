/* test_arena.c — Check tests for core/util/arena.c: requests too large to round up are
 * refused (they used to wrap around to a 16-byte allocation), and every allocation, on
 * either side of the inline-zeroing size, is 16-byte aligned and zeroed even when the arena
 * reuses dirty memory. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "util/arena.h"

START_TEST(sizes_alignment_and_zeroing)
{
    ss_arena *a = ss_arena_create();
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_null(ss_arena_alloc(a, SIZE_MAX));
    ck_assert_ptr_null(ss_arena_alloc(a, SIZE_MAX - 8));
    ck_assert_ptr_null(ss_arena_alloc(a, SIZE_MAX / 2 * 2));
    ck_assert_ptr_nonnull(ss_arena_alloc(a, 0)); /* still a valid, distinct pointer */
    /* aligned and zeroed, whatever the size, also in reused dirty memory */
    for (int round = 0; round < 3; round++) {
        for (size_t n = 0; n <= 300; n++) {
            unsigned char *p = ss_arena_alloc(a, n);
            ck_assert_ptr_nonnull(p);
            ck_assert_uint_eq((uintptr_t)p % 16, 0);
            for (size_t i = 0; i < n; i++)
                ck_assert_msg(p[i] == 0, "round %d size %zu: byte %zu is %u", round, n, i, p[i]);
            memset(p, 0xff, n ? (n + 15) / 16 * 16 : 16); /* the rounded size is usable */
        }
        ss_arena_reset(a); /* the next round reuses the dirtied memory */
    }
    ss_arena_destroy(a);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("arena");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, sizes_alignment_and_zeroing);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
