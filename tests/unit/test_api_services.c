/* test_api_services.c — the kernel services of ss_api that modules call instead of keeping
 * their own copy: type_name names every built-in type as PostgreSQL's messages do;
 * vector_set_value writes one value of every layout, NULL included, text copied into the
 * vector, and ss_vector_get_value (batch.h) reads it back; and the table says it is 2.0 and carries the slots. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "exec/context.h"
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

START_TEST(vector_values_round_trip)
{
    const ss_api *api = ss_kernel_api();
    ss_error err;
    memset(&err, 0, sizeof err);
    ss_error_clear(&err);
    ss_ctx ctx = {.err = &err};
    static const int32_t ids[] = {SS_TYPE_BOOL, SS_TYPE_INT2, SS_TYPE_INT4, SS_TYPE_INT8,
                                  SS_TYPE_FLOAT8, SS_TYPE_TEXT, SS_TYPE_VARCHAR};
    char text[] = "sunstone";
    for (size_t t = 0; t < sizeof ids / sizeof ids[0]; t++) {
        ss_vector *v = api->vector_create((ss_type){ids[t], -1}, 4);
        ck_assert_ptr_nonnull(v);
        ss_value in = {0};
        switch (ids[t]) {
        case SS_TYPE_BOOL: in.v.b = true; break;
        case SS_TYPE_INT2: in.v.i = -12345; break;
        case SS_TYPE_INT4: in.v.i = 2000000000; break;
        case SS_TYPE_INT8: in.v.i = INT64_MIN; break;
        case SS_TYPE_FLOAT8: in.v.f = 2.5; break;
        default: in.v.s = (ss_text){text, 8, 0}; break;
        }
        ck_assert_int_eq(api->vector_set_value(&ctx, v, 1, &in), SS_OK);
        ss_value null = {.is_null = true};
        ck_assert_int_eq(api->vector_set_value(&ctx, v, 2, &null), SS_OK);
        text[0] = 'S'; /* the vector holds its own copy */
        ss_value out;
        ss_vector_get_value(v, 1, &out);
        ck_assert(!out.is_null);
        switch (ids[t]) {
        case SS_TYPE_BOOL: ck_assert(out.v.b); break;
        case SS_TYPE_FLOAT8: ck_assert(out.v.f == 2.5); break;
        case SS_TYPE_TEXT:
        case SS_TYPE_VARCHAR:
            ck_assert_uint_eq(out.v.s.len, 8);
            ck_assert(memcmp(out.v.s.ptr, "sunstone", 8) == 0);
            break;
        default: ck_assert(out.v.i == in.v.i); break;
        }
        text[0] = 's';
        ss_vector_get_value(v, 2, &out);
        ck_assert(out.is_null);
        ss_vector_get_value(v, 1, &out);
        ck_assert(!out.is_null);
        api->vector_destroy(v);
    }
    ck_assert_ptr_null(err.message);
    ss_error_clear(&err);
}
END_TEST

START_TEST(abi_2_0_slots)
{
    const ss_api *api = ss_kernel_api();
    ck_assert_uint_eq(api->abi_major, 2);
    ck_assert_uint_eq(api->abi_minor, 4); /* 2.4: storage vtable version 5 (add / drop column) */
    ck_assert_uint_eq(api->struct_size, sizeof(ss_api));
    ck_assert(SS_API_HAS(api, error_detail) && api->error_detail);
    ck_assert(SS_API_HAS(api, error_hint) && api->error_hint);
    ck_assert(SS_API_HAS(api, notice) && api->notice);
    ck_assert(SS_API_HAS(api, type_name) && api->type_name);
    ck_assert(SS_API_HAS(api, vector_set_value) && api->vector_set_value);
    ck_assert(SS_API_HAS(api, vector_gather) && api->vector_gather);
    ck_assert(SS_API_HAS(api, expr_eval_scalar) && api->expr_eval_scalar);
    ck_assert(SS_API_HAS(api, op_set_bound) && api->op_set_bound);
    /* 2.1: memory budget and temporary files */
    ck_assert(SS_API_HAS(api, work_mem) && api->work_mem);
    ck_assert(SS_API_HAS(api, temp_create) && api->temp_create);
    ck_assert(SS_API_HAS(api, temp_close) && api->temp_close);
    ck_assert(SS_API_HAS(api, shared_slot) && api->shared_slot); /* 2.1 */
    /* 2.2: transactions */
    ck_assert(SS_API_HAS(api, versions_visible) && api->versions_visible);
    ck_assert(SS_API_HAS(api, txn_current) && api->txn_current);
    ck_assert(SS_API_HAS(api, txn_snapshot) && api->txn_snapshot);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("api_services");
    TCase *tc = tcase_create("api_services");
    tcase_add_test(tc, type_names);
    tcase_add_test(tc, vector_values_round_trip);
    tcase_add_test(tc, abi_2_0_slots);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
