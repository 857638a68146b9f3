/* test_hash_slots.c — operators/common's slot growth for open-addressing hash tables (the
 * aggregate's group table and DISTINCT sets): every entry is found again by linear probing
 * from its hash after each doubling, the load factor stays at most one half, and growth past
 * 2^31 slots is refused with the caller's message (54000) leaving the table as it was. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "common/hash_slots.h"
#include "exec/context.h"
#include "loader/loader.h"

static uint32_t find(const uint32_t *slots, uint32_t nslots, const uint64_t *hashes, uint32_t e)
{
    uint32_t mask = nslots - 1, s = (uint32_t)hashes[e] & mask;
    while (slots[s] && slots[s] != e + 1)
        s = (s + 1) & mask;
    return slots[s];
}

START_TEST(grow_keeps_every_entry)
{
    const ss_api *api = ss_kernel_api();
    ss_error err;
    memset(&err, 0, sizeof err);
    ss_error_clear(&err);
    ss_ctx ctx = {.err = &err};
    enum { N = 5000 };
    uint64_t *hashes = malloc(N * sizeof *hashes);
    ck_assert_ptr_nonnull(hashes);
    uint32_t *slots = NULL, nslots = 0, count = 0;
    for (uint32_t e = 0; e < N; e++) {
        hashes[e] = (uint64_t)e * 0x9E3779B97F4A7C15u ^ (e % 7 ? 0 : 0xFFFF); /* some collisions */
        if (ops_hash_slots_full(nslots, count)) {
            uint32_t before = nslots;
            ck_assert_int_eq(ops_hash_slots_grow(&ctx, api, &slots, &nslots, hashes, count, "too many"), SS_OK);
            ck_assert_uint_eq(nslots, before ? before * 2 : 1024);
        }
        uint32_t mask = nslots - 1, s = (uint32_t)hashes[e] & mask;
        while (slots[s])
            s = (s + 1) & mask;
        slots[s] = e + 1;
        count++;
        ck_assert((uint64_t)count * 2 <= nslots);
    }
    ck_assert_uint_eq(nslots, 16384);
    for (uint32_t e = 0; e < N; e++)
        ck_assert_uint_eq(find(slots, nslots, hashes, e), e + 1);
    /* past 2^31 slots: refused, nothing changed */
    uint32_t *kept = slots;
    uint32_t huge = UINT32_C(1) << 31;
    ck_assert_int_eq(ops_hash_slots_grow(&ctx, api, &slots, &huge, hashes, count, "too many groups"), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "54000");
    ck_assert_str_eq(err.message, "too many groups");
    ck_assert_ptr_eq(slots, kept);
    ck_assert_uint_eq(huge, UINT32_C(1) << 31);
    ss_error_clear(&err);
    api->free(slots);
    free(hashes);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("hash_slots");
    TCase *tc = tcase_create("hash_slots");
    tcase_add_test(tc, grow_keeps_every_entry);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
