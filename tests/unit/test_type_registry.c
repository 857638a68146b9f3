/* test_type_registry.c — Check tests for the type registry (types/registry.h, what
 * ss_api.type_info returns) and numeric's element contract: every built-in type is described
 * with its layout and width, numeric's callbacks treat equal values alike whatever their
 * encoding (1.0 and 1.00, a small and a big coefficient), order NaN above Infinity, and its
 * sums add integers and numerics exactly. */
#include <check.h>
#include <string.h>

#include "exec/vector.h"
#include "types/numeric/numeric.h"
#include "types/registry.h"

#include "ctx_fixture.h"

static ss_text num(const char *s)
{
    ss_text t;
    ck_assert_int_eq(num_parse(&ctx, s, strlen(s), &t), SS_OK);
    return t;
}

static const char *text_of(const ss_text *t)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    num_format(t, &sb);
    char *p = ss_arena_strdup(arena, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return p;
}

START_TEST(every_type_is_described)
{
    static const struct {
        int32_t id;
        uint32_t layout, width;
        bool callbacks;
    } want[] = {{SS_TYPE_BOOL, SS_LAYOUT_FIXED, 1, false},
                {SS_TYPE_INT2, SS_LAYOUT_FIXED, 2, false},
                {SS_TYPE_INT4, SS_LAYOUT_FIXED, 4, false},
                {SS_TYPE_INT8, SS_LAYOUT_FIXED, 8, false},
                {SS_TYPE_FLOAT8, SS_LAYOUT_FIXED, 8, false},
                {SS_TYPE_TEXT, SS_LAYOUT_VARLEN, sizeof(ss_text), false},
                {SS_TYPE_VARCHAR, SS_LAYOUT_VARLEN, sizeof(ss_text), false},
                {SS_TYPE_UNKNOWN, SS_LAYOUT_VARLEN, sizeof(ss_text), false},
                {SS_TYPE_NUMERIC, SS_LAYOUT_VARLEN, sizeof(ss_text), true}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        const ss_type_info *ti = ss_type_registry_get(want[k].id);
        ck_assert_ptr_nonnull(ti);
        ck_assert_int_eq(ti->struct_size, sizeof(ss_type_info));
        ck_assert_int_eq(ti->id, want[k].id);
        ck_assert_int_eq(ti->layout, want[k].layout);
        ck_assert_int_eq(ti->width, want[k].width);
        ck_assert_int_eq(ti->width, ss_type_width(want[k].id));
        ck_assert(!!ti->compare == want[k].callbacks && !!ti->equal == want[k].callbacks &&
                  !!ti->hash == want[k].callbacks);
    }
    ck_assert_ptr_null(ss_type_registry_get(SS_TYPE_INVALID));
    ck_assert_ptr_null(ss_type_registry_get(600)); /* point: not a Sunstone type */
    ck_assert_ptr_nonnull(ss_type_registry_get(SS_TYPE_NUMERIC)->sum);
    ck_assert_ptr_null(ss_type_registry_get(SS_TYPE_INT4)->sum);
}
END_TEST

START_TEST(numeric_equal_values_hash_alike)
{
    const ss_type_info *ti = ss_type_registry_get(SS_TYPE_NUMERIC);
    /* pairs of equal values with different encodings: scales, small against big */
    const char *pairs[][2] = {{"1.0", "1.00"}, {"0", "-0.000"}, {"1e18", "1000000000000000000.00"},
                              {"12345678901234567890", "12345678901234567890.0"},
                              {"-2.50", "-2.5"}, {"NaN", "nan"}, {"Infinity", "inf"}};
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        ss_text a = num(pairs[k][0]), b = num(pairs[k][1]);
        ck_assert_msg(ti->equal(&a, &b), "%s = %s", pairs[k][0], pairs[k][1]);
        ck_assert_int_eq(ti->compare(&a, &b), 0);
        ck_assert_msg(ti->hash(&a) == ti->hash(&b), "hash %s / %s", pairs[k][0], pairs[k][1]);
    }
    ss_text one = num("1"), ten = num("10"), tiny = num("1e-40"), nan = num("NaN"), inf = num("Infinity"),
            ninf = num("-Infinity"), big = num("99999999999999999999");
    ck_assert(!ti->equal(&one, &ten));
    ck_assert_int_eq(ti->compare(&tiny, &one), -1);
    ck_assert_int_eq(ti->compare(&big, &ten), 1);
    ck_assert_int_eq(ti->compare(&inf, &big), 1);
    ck_assert_int_eq(ti->compare(&nan, &inf), 1);
    ck_assert_int_eq(ti->compare(&ninf, &tiny), -1);
}
END_TEST

START_TEST(numeric_sums)
{
    const ss_type_sum *sum = ss_type_registry_get(SS_TYPE_NUMERIC)->sum;
    void *states = ss_arena_alloc(arena, 2 * sum->state_size);
    memset(states, 0, 2 * sum->state_size);
    ss_vector *ints = ss_vector_create((ss_type){SS_TYPE_INT8, -1}, 4);
    int64_t *iv = ints->data;
    iv[0] = INT64_MAX;
    iv[1] = INT64_MAX;
    iv[2] = INT64_MAX;
    iv[3] = -5;
    uint32_t gids[4] = {0, 0, 0, 1};
    ck_assert_int_eq(sum->add(&ctx, states, ints, NULL, gids, 4), SS_OK);
    ss_vector *nums = ss_vector_create((ss_type){SS_TYPE_NUMERIC, -1}, 2);
    ((ss_text *)nums->data)[0] = num("0.125");
    ((ss_text *)nums->data)[1] = num("123456789012345678901234567890.5");
    uint32_t g1[2] = {1, 1};
    ck_assert_int_eq(sum->add(&ctx, states, nums, NULL, g1, 2), SS_OK);
    ss_vector *out = ss_vector_create((ss_type){SS_TYPE_NUMERIC, -1}, 2);
    ck_assert_int_eq(sum->result(&ctx, states, 0, out, 0), SS_OK);
    ck_assert_str_eq(text_of(&((ss_text *)out->data)[0]), "27670116110564327421");
    char *s1 = (char *)states + sum->state_size;
    ck_assert_int_eq(sum->result(&ctx, s1, 0, out, 1), SS_OK);
    ck_assert_str_eq(text_of(&((ss_text *)out->data)[1]), "123456789012345678901234567885.625");
    ck_assert_int_eq(sum->result(&ctx, states, 3, out, 0), SS_OK);
    ck_assert_str_eq(text_of(&((ss_text *)out->data)[0]), "9223372036854775807");
    sum->release(states);
    sum->release(s1);
    ss_vector_destroy(ints);
    ss_vector_destroy(nums);
    ss_vector_destroy(out);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("type_registry");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, every_type_is_described);
    tcase_add_test(tc, numeric_equal_values_hash_alike);
    tcase_add_test(tc, numeric_sums);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
