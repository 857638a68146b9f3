/* test_type_catalog.c — Check tests for the type catalog (types/type_def.h): every catalog
 * descriptor is consistent with the registry, its names, its physical type and its tables;
 * and float4, the worked example, answers through the kernel's generic entry points (names,
 * text I/O, cast contexts and conversions, function and operator resolution, categories). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "exec/expr.h"
#include "types/cast.h"
#include "types/functions.h"
#include "types/registry.h"
#include "types/type_def.h"
#include "types/typeio.h"

#include "ctx_fixture.h"

static ss_type T(int32_t id)
{
    return (ss_type){id, -1};
}

/* The error recorded last is state with message msg; clears it. */
static void ck_error(const char *state, const char *msg)
{
    ck_assert_str_eq(err.sqlstate, state);
    ck_assert_str_eq(err.message ? err.message : "", msg);
    ss_error_clear(&err);
}

START_TEST(descriptors_are_consistent)
{
    uint32_t n;
    const ss_type_def *const *defs = ss_type_defs(&n);
    ck_assert_uint_gt(n, 0);
    for (uint32_t k = 0; k < n; k++) {
        const ss_type_def *d = defs[k];
        int32_t id = d->info->id;
        ck_assert_ptr_eq(ss_type_def_get(id), d);
        ck_assert_ptr_eq(ss_type_registry_get(id), d->info);
        ck_assert_int_eq(d->info->struct_size, sizeof(ss_type_info));
        ck_assert_int_eq(d->info->width, ss_type_width(id));
        ck_assert(d->info->layout == (ss_type_is_varlen(id) ? SS_LAYOUT_VARLEN : SS_LAYOUT_FIXED));
        /* a physical type is a primitive one of the same width */
        if (d->info->physical) {
            ck_assert_ptr_null(ss_type_def_get(d->info->physical));
            ck_assert_int_eq(ss_type_width(d->info->physical), d->info->width);
            ck_assert_int_eq(ss_type_physical(id), d->info->physical);
        }
        int32_t got = 0;
        ck_assert(ss_type_lookup_name(d->internal_name, &got) && got == id);
        ck_assert_str_eq(ss_type_internal_name(id), d->internal_name);
        ck_assert_str_eq(ss_type_display_name(T(id), NULL, 0), d->display_name);
        ck_assert_int_eq(ss_type_category(id), d->category);
        ck_assert(d->input && d->output);
        for (const ss_func_def *f = d->operators; f && f->name; f++)
            ck_assert(f->eval && (f->nargs == 1 || f->nargs == 2));
        for (const ss_func_def *f = d->functions; f && f->name; f++)
            ck_assert_ptr_nonnull(f->eval);
        for (const ss_cast_def *c = d->casts; c && c->from; c++) {
            ck_assert(c->from == id || c->to == id);
            ck_assert(c->context >= CAST_IMPLICIT && c->context <= CAST_EXPLICIT && c->fn);
            ck_assert_ptr_eq(ss_type_def_cast(c->from, c->to), c);
        }
    }
    ck_assert_ptr_null(ss_type_def_get(SS_TYPE_INT4)); /* built-in types stay hard-wired */
    ck_assert_int_eq(ss_type_physical(SS_TYPE_INT4), SS_TYPE_INT4);
}
END_TEST

static const char *out_text(ss_type t, const ss_value *v)
{
    static char buf[64];
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_value_format(t, v, &sb);
    snprintf(buf, sizeof buf, "%.*s", (int)sb.len, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return buf;
}

START_TEST(float4_text_io)
{
    static const struct { const char *in, *out; } cases[] = {
        {"1.1", "1.1"},          {"3.4028235e38", "3.4028235e+38"}, {"1e-45", "1e-45"},
        {" -0 ", "-0"},          {"1234567", "1.234567e+06"},       {"123456", "123456"},
        {"0.0001", "0.0001"},    {"0.00001", "1e-05"},               {"nan", "NaN"},
        {"-Infinity", "-Infinity"}, {"0.1", "0.1"},                  {"16777217", "1.6777216e+07"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        ss_value v;
        ck_assert_int_eq(ss_value_parse(&ctx, T(SS_TYPE_FLOAT4), cases[k].in, strlen(cases[k].in), &v), SS_OK);
        ck_assert_str_eq(out_text(T(SS_TYPE_FLOAT4), &v), cases[k].out);
    }
    ss_value v;
    ck_assert_int_eq(ss_value_parse(&ctx, T(SS_TYPE_FLOAT4), "1e39", 4, &v), SS_ERROR);
    ck_error("22003", "\"1e39\" is out of range for type real");
    ck_assert_int_eq(ss_value_parse(&ctx, T(SS_TYPE_FLOAT4), "1.5x", 4, &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type real: \"1.5x\"");
}
END_TEST

START_TEST(float4_casts)
{
    ss_type f4 = T(SS_TYPE_FLOAT4);
    ck_assert(ss_cast_exists(T(SS_TYPE_INT4), f4, CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_NUMERIC), f4, CAST_IMPLICIT));
    ck_assert(ss_cast_exists(f4, T(SS_TYPE_FLOAT8), CAST_IMPLICIT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_FLOAT8), f4, CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_FLOAT8), f4, CAST_ASSIGNMENT));
    ck_assert(!ss_cast_exists(f4, T(SS_TYPE_INT4), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(f4, T(SS_TYPE_TEXT), CAST_ASSIGNMENT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_TEXT), f4, CAST_ASSIGNMENT));
    ck_assert(ss_cast_exists(T(SS_TYPE_TEXT), f4, CAST_EXPLICIT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_BOOL), f4, CAST_EXPLICIT));

    ss_value in = {0}, out;
    in.v.f = 1e300;
    ck_assert_int_eq(ss_cast_value(&ctx, &in, T(SS_TYPE_FLOAT8), f4, CAST_ASSIGNMENT, &out, arena), SS_ERROR);
    ck_error("22003", "value out of range: overflow");
    in.v.f = 2.5;
    ck_assert_int_eq(ss_cast_value(&ctx, &in, f4, T(SS_TYPE_INT4), CAST_ASSIGNMENT, &out, arena), SS_OK);
    ck_assert_int_eq(out.v.i, 2); /* rint: half to even */
    ck_assert_int_eq(ss_cast_value(&ctx, &in, f4, T(SS_TYPE_TEXT), CAST_ASSIGNMENT, &out, arena), SS_OK);
    ck_assert_int_eq(out.v.s.len, 3);
    ck_assert(memcmp(out.v.s.ptr, "2.5", 3) == 0);
    in.v.i = 16777217;
    ck_assert_int_eq(ss_cast_value(&ctx, &in, T(SS_TYPE_INT4), f4, CAST_IMPLICIT, &out, arena), SS_OK);
    ck_assert(out.v.f == 16777216.0); /* rounded to float precision */
}
END_TEST

START_TEST(float4_resolution)
{
    const ss_func_def *def;
    ss_type want[2], result;
    ss_type args[2] = {T(SS_TYPE_FLOAT4), T(SS_TYPE_FLOAT4)};
    ck_assert_int_eq(ss_oper_resolve("+", 2, args, &def, want, &result), SS_OK);
    ck_assert_int_eq(result.id, SS_TYPE_FLOAT4);
    args[1] = T(SS_TYPE_INT4); /* float48pl: the preferred float8 at the converted position */
    ck_assert_int_eq(ss_oper_resolve("+", 2, args, &def, want, &result), SS_OK);
    ck_assert_int_eq(result.id, SS_TYPE_FLOAT8);
    ck_assert_int_eq(want[0].id, SS_TYPE_FLOAT4);
    ck_assert_int_eq(want[1].id, SS_TYPE_FLOAT8);
    args[1] = T(SS_TYPE_UNKNOWN); /* binary_oper_exact: the unknown is taken as real */
    ck_assert_int_eq(ss_oper_resolve("<", 2, args, &def, want, &result), SS_OK);
    ck_assert_int_eq(want[1].id, SS_TYPE_FLOAT4);
    ck_assert_int_eq(result.id, SS_TYPE_BOOL);
    args[1] = T(SS_TYPE_TEXT);
    ck_assert_int_eq(ss_oper_resolve("+", 2, args, &def, want, &result), SS_ERROR);
    ck_assert_int_eq(ss_oper_resolve("@", 1, args, &def, want, &result), SS_OK);
    ck_assert_int_eq(result.id, SS_TYPE_FLOAT4);
    ck_assert_int_eq(ss_func_resolve("abs", 1, args, &def, want, &result), SS_OK);
    ck_assert_int_eq(result.id, SS_TYPE_FLOAT4);
    ck_assert_int_eq(ss_func_resolve("sqrt", 1, args, &def, want, &result), SS_OK);
    ck_assert_int_eq(want[0].id, SS_TYPE_FLOAT8); /* through the implicit cast, as PostgreSQL */
    ck_assert_int_eq(ss_type_category(SS_TYPE_FLOAT4), 'N');
    ck_assert(!ss_type_preferred(SS_TYPE_FLOAT4));
    ck_assert_str_eq(err.sqlstate, "00000"); /* resolution records nothing */
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("type_catalog");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, descriptors_are_consistent);
    tcase_add_test(tc, float4_text_io);
    tcase_add_test(tc, float4_casts);
    tcase_add_test(tc, float4_resolution);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
