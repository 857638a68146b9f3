/* test_api_services.c — the kernel services of ss_api that modules call instead of keeping
 * their own copy: type_name (ABI 1.3) names every built-in type as PostgreSQL's messages do,
 * and the table says it is 1.3 and carries the 1.3 slots. */
#include <check.h>
#include <string.h>

#include "loader/loader.h"

START_TEST(type_names)
{
    const ss_api *api = ss_kernel_api();
    static const struct {
        int32_t id;
        const char *name;
    } want[] = {{SS_TYPE_BOOL, "boolean"},         {SS_TYPE_INT2, "smallint"},
                {SS_TYPE_INT4, "integer"},         {SS_TYPE_INT8, "bigint"},
                {SS_TYPE_FLOAT8, "double precision"}, {SS_TYPE_TEXT, "text"},
                {SS_TYPE_VARCHAR, "character varying"}, {SS_TYPE_UNKNOWN, "unknown"},
                {9999, "???"}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        ck_assert_str_eq(api->type_name((ss_type){want[i].id, -1}), want[i].name);
    /* the modifier is not shown */
    ck_assert_str_eq(api->type_name((ss_type){SS_TYPE_VARCHAR, 14}), "character varying");
}
END_TEST

START_TEST(abi_1_3_slots)
{
    const ss_api *api = ss_kernel_api();
    ck_assert_uint_eq(api->abi_major, 1);
    ck_assert_uint_eq(api->abi_minor, 3);
    ck_assert_uint_eq(api->struct_size, sizeof(ss_api));
    ck_assert(SS_API_HAS(api, error_detail) && api->error_detail);
    ck_assert(SS_API_HAS(api, error_hint) && api->error_hint);
    ck_assert(SS_API_HAS(api, notice) && api->notice);
    ck_assert(SS_API_HAS(api, type_name) && api->type_name);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("api_services");
    TCase *tc = tcase_create("api_services");
    tcase_add_test(tc, type_names);
    tcase_add_test(tc, abi_1_3_slots);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
