/* test_uuid.c — Check tests for uuid (core/types/uuid): the input forms PostgreSQL accepts
 * (hyphens after groups of four, braces, upper case) and rejects, the canonical output, and
 * gen_random_uuid's version and variant bits. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "exec/vector.h"
#include "types/uuid/uuid.h"

#include "check_suite.h"
#include "ctx_fixture.h"

static const char *round_trip(const char *s)
{
    unsigned char u[UUID_LEN];
    ck_assert_int_eq(uuid_parse(&ctx, s, strlen(s), u), SS_OK);
    char *buf = ss_arena_alloc(arena, UUID_TEXT_LEN + 1);
    uuid_format(u, buf);
    buf[UUID_TEXT_LEN] = '\0';
    return buf;
}

START_TEST(accepted_forms)
{
    const char *want = "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11";
    ck_assert_str_eq(round_trip("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), want);
    ck_assert_str_eq(round_trip("A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11"), want);
    ck_assert_str_eq(round_trip("{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}"), want);
    ck_assert_str_eq(round_trip("a0eebc999c0b4ef8bb6d6bb9bd380a11"), want);
    ck_assert_str_eq(round_trip("a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11"), want);
    ck_assert_str_eq(round_trip("{a0eebc999c0b4ef8bb6d6bb9bd380a11}"), want);
}
END_TEST

START_TEST(rejected_forms)
{
    static const char *bad[] = {"", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1",
                                "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111",
                                "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-",
                                "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}",
                                "a0e-ebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                "a0eebc99--9c0b-4ef8-bb6d-6bb9bd380a11",
                                " a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                "g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        unsigned char u[UUID_LEN];
        ss_error_clear(&err);
        ck_assert_int_eq(uuid_parse(&ctx, bad[k], strlen(bad[k]), u), SS_ERROR);
        ck_assert_str_eq(err.sqlstate, "22P02");
        char want[128];
        snprintf(want, sizeof want, "invalid input syntax for type uuid: \"%s\"", bad[k]);
        ck_assert_str_eq(err.message, want);
    }
    ss_error_clear(&err);
}
END_TEST

START_TEST(random_version_4)
{
    ss_vector *out = ss_vector_create((ss_type){SS_TYPE_UUID, -1}, 64);
    ck_assert_int_eq(ss_fn_uuid_gen_random(&ctx, NULL, 0, NULL, 64, out), SS_OK);
    const ss_text *t = out->data;
    for (int k = 0; k < 64; k++) {
        ck_assert_int_eq(t[k].len, UUID_LEN);
        ck_assert_int_eq((unsigned char)t[k].ptr[6] >> 4, 4);
        ck_assert_int_eq((unsigned char)t[k].ptr[8] >> 6, 2);
        if (k)
            ck_assert(memcmp(t[k].ptr, t[k - 1].ptr, UUID_LEN) != 0);
    }
    ss_vector_destroy(out);
    ck_assert_int_eq(ss_uuid_type_info.id, SS_TYPE_UUID);
    ck_assert_ptr_null(ss_uuid_type_info.compare);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, accepted_forms);
    tcase_add_test(tc, rejected_forms);
    tcase_add_test(tc, random_version_4);
}

int main(void)
{
    return run_suite("uuid", setup, teardown, add_tests);
}
