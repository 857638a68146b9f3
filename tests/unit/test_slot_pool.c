/* test_slot_pool.c — Check tests for core/util/slot_pool.c (bounded lock-free object cache)
 * and its use by the arena: a block handed back and out again serves zeroed allocations,
 * and threads taking and giving at once neither lose nor duplicate an object. */
#include <check.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "util/arena.h"
#include "util/slot_pool.h"

#define SLOTS 4

START_TEST(take_and_give_are_bounded)
{
    static ss_slot slots[SLOTS];
    static int objs[SLOTS + 1];
    ck_assert_ptr_null(ss_slot_pool_take(slots, SLOTS));
    for (int i = 0; i < SLOTS; i++)
        ck_assert(ss_slot_pool_give(slots, SLOTS, &objs[i]));
    ck_assert(!ss_slot_pool_give(slots, SLOTS, &objs[SLOTS])); /* full: still the caller's */
    bool seen[SLOTS] = {false};
    for (int i = 0; i < SLOTS; i++) {
        int *p = ss_slot_pool_take(slots, SLOTS);
        ck_assert_ptr_nonnull(p);
        ck_assert(p >= objs && p < objs + SLOTS);
        ck_assert(!seen[p - objs]);
        seen[p - objs] = true;
    }
    ck_assert_ptr_null(ss_slot_pool_take(slots, SLOTS));
}
END_TEST

#define THREAD_OBJS 64
#define ROUNDS 20000

static ss_slot shared[SLOTS];
static _Atomic int holders[2 * THREAD_OBJS]; /* how many hands hold each object: 0 or 1 */

/* Each thread starts with its own objects and moves them through the shared pool; an object
   taken is held by nobody else. */
static void *churn(void *arg)
{
    intptr_t base = (intptr_t)arg;
    void *mine[THREAD_OBJS];
    int n = 0;
    for (int i = 0; i < THREAD_OBJS; i++) {
        mine[n++] = (void *)&holders[base + i];
        atomic_fetch_add(&holders[base + i], 1);
    }
    for (int r = 0; r < ROUNDS; r++) {
        if (n > 0 && (r % 3 != 0 || n == THREAD_OBJS)) {
            void *p = mine[n - 1];
            atomic_fetch_sub((_Atomic int *)p, 1);
            if (ss_slot_pool_give(shared, SLOTS, p))
                n--;
            else
                atomic_fetch_add((_Atomic int *)p, 1);
        } else {
            void *p = ss_slot_pool_take(shared, SLOTS);
            if (p) {
                ck_assert_int_eq(atomic_fetch_add((_Atomic int *)p, 1), 0);
                mine[n++] = p;
            }
        }
    }
    return (void *)(intptr_t)n;
}

START_TEST(threads_neither_lose_nor_duplicate)
{
    pthread_t t[2];
    for (intptr_t i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, churn, (void *)(i * THREAD_OBJS)), 0);
    int held = 0;
    for (int i = 0; i < 2; i++) {
        void *n;
        ck_assert_int_eq(pthread_join(t[i], &n), 0);
        held += (int)(intptr_t)n;
    }
    int pooled = 0;
    while (ss_slot_pool_take(shared, SLOTS))
        pooled++;
    ck_assert_int_eq(held + pooled, 2 * THREAD_OBJS);
    for (int i = 0; i < 2 * THREAD_OBJS; i++)
        ck_assert_int_le(atomic_load(&holders[i]), 1);
}
END_TEST

START_TEST(reused_arena_blocks_are_zeroed)
{
    for (int round = 0; round < 20; round++) {
        ss_arena *a = ss_arena_create();
        ck_assert_ptr_nonnull(a);
        for (int k = 0; k < 6; k++) {
            unsigned char *p = ss_arena_alloc(a, 5000);
            ck_assert_ptr_nonnull(p);
            for (size_t i = 0; i < 5000; i++)
                ck_assert_msg(p[i] == 0, "round %d: byte %zu is %u", round, i, p[i]);
            memset(p, 0xff, 5000); /* dirties the block the next round may get back */
        }
        ss_arena_reset(a);
        unsigned char *q = ss_arena_alloc(a, 16000);
        ck_assert_ptr_nonnull(q);
        for (size_t i = 0; i < 16000; i++)
            ck_assert(q[i] == 0);
        memset(q, 0xff, 16000);
        ss_arena_destroy(a);
    }
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("slot_pool");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, take_and_give_are_bounded);
    tcase_add_test(tc, threads_neither_lose_nor_duplicate);
    tcase_add_test(tc, reused_arena_blocks_are_zeroed);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
