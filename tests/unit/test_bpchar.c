/* test_bpchar.c — Check tests for character(n) (core/types/bpchar): padding and the 22001
 * length rule of assignment vs an explicit cast's truncation, characters counted in UTF-8,
 * typmod limits, trailing-space-blind order / equality / hashing, the casts and the length
 * functions as the type catalog reaches them. */
#include <check.h>
#include <string.h>

#include "exec/expr.h"
#include "exec/vector.h"
#include "types/bpchar/bpchar.h"
#include "types/cast.h"
#include "types/typeio.h"

#include "check_suite.h"
#include "ctx_fixture.h"

static ss_text mk(const char *s, int n, bool explicit_cast)
{
    ss_text t;
    ck_assert_int_eq(bpchar_make(&ctx, arena, s, (uint32_t)strlen(s), n < 0 ? -1 : n + 4,
                                 explicit_cast, &t), SS_OK);
    return t;
}

static ss_text tx(const char *s)
{
    return (ss_text){s, (uint32_t)strlen(s), 0};
}

START_TEST(pads_and_checks_length)
{
    ss_text t = mk("ab", 4, false);
    ck_assert_int_eq(t.len, 4);
    ck_assert_int_eq(memcmp(t.ptr, "ab  ", 4), 0);
    t = mk("abc   ", 3, false); /* excess spaces are cut silently */
    ck_assert_int_eq(t.len, 3);
    t = mk("abcd", 3, true); /* an explicit cast truncates */
    ck_assert_int_eq(t.len, 3);
    ck_assert_int_eq(memcmp(t.ptr, "abc", 3), 0);
    t = mk("h\xc3\xa9", 3, false); /* two bytes for é: one character of padding */
    ck_assert_int_eq(t.len, 4);
    t = mk("\xc3\xa9\xc3\xa9\xc3\xa9", 3, false);
    ck_assert_int_eq(t.len, 6);
    t = mk(" x ", -1, false); /* bpchar without a length keeps the value as it is */
    ck_assert_int_eq(t.len, 3);
    ss_text out;
    ck_assert_int_eq(bpchar_make(&ctx, arena, "abcd", 4, 3 + 4, false, &out), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "22001");
    ck_assert_str_eq(err.message, "value too long for type character(3)");
}
END_TEST

START_TEST(typmod_limits)
{
    int32_t tm;
    ck_assert_int_eq(bpchar_typmod_in(&ctx, 1, &tm), SS_OK);
    ck_assert_int_eq(tm, 5);
    ck_assert_int_eq(bpchar_typmod_in(&ctx, 10485760, &tm), SS_OK);
    ck_assert_int_eq(bpchar_typmod_in(&ctx, 0, &tm), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "22023");
    ck_assert_str_eq(err.message, "length for type char must be at least 1");
    ss_error_clear(&err);
    ck_assert_int_eq(bpchar_typmod_in(&ctx, 10485761, &tm), SS_ERROR);
    ck_assert_str_eq(err.message, "length for type char cannot exceed 10485760");
    char buf[16];
    bpchar_typmod_text(3 + 4, buf, sizeof buf);
    ck_assert_str_eq(buf, "(3)");
    bpchar_typmod_text(-1, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
}
END_TEST

START_TEST(trailing_spaces_do_not_count)
{
    ss_text a = tx("a  "), b = tx("a"), c = tx("a b"), d = tx("b"), e = tx(""), f = tx("   ");
    ck_assert_int_eq(bpchar_compare(&a, &b), 0);
    ck_assert(bpchar_equal(&a, &b));
    ck_assert_uint_eq(bpchar_hash(&a), bpchar_hash(&b));
    ck_assert(bpchar_equal(&e, &f));
    ck_assert_uint_eq(bpchar_hash(&e), bpchar_hash(&f));
    ck_assert_int_lt(bpchar_compare(&a, &c), 0);
    ck_assert_int_lt(bpchar_compare(&c, &d), 0);
    ck_assert_int_gt(bpchar_compare(&d, &a), 0);
    ck_assert(!bpchar_equal(&a, &c));
    const ss_type_info *ti = &ss_bpchar_type_info;
    ck_assert_int_eq(ti->id, SS_TYPE_BPCHAR);
    ck_assert_int_eq(ti->layout, SS_LAYOUT_VARLEN);
    ck_assert(ti->compare && ti->equal && ti->hash && ti->hash_batch);
    ck_assert(ti->equal(&a, &b));
    ck_assert_int_eq(ti->compare(&d, &c), 1);
    ck_assert_str_eq(bpchar_to_text(&a).len == 1 ? "ok" : "bad", "ok");
}
END_TEST

static ss_value sval(const char *s)
{
    ss_value v = {.is_null = false};
    v.v.s = (ss_text){s, (uint32_t)strlen(s), 0};
    return v;
}

START_TEST(casts_through_the_catalog)
{
    ss_type bp5 = {SS_TYPE_BPCHAR, 5 + 4}, txt = {SS_TYPE_TEXT, -1}, vc1 = {SS_TYPE_VARCHAR, 1 + 4};
    ss_value in = sval("ab"), out;
    ck_assert_int_eq(ss_cast_value(&ctx, &in, txt, bp5, CAST_ASSIGNMENT, &out, arena), SS_OK);
    ck_assert_int_eq(out.v.s.len, 5);
    in = sval("abcdefg");
    ck_assert_int_eq(ss_cast_value(&ctx, &in, txt, bp5, CAST_ASSIGNMENT, &out, arena), SS_ERROR);
    ck_assert_str_eq(err.message, "value too long for type character(5)");
    ss_error_clear(&err);
    ck_assert_int_eq(ss_cast_value(&ctx, &in, txt, bp5, CAST_EXPLICIT, &out, arena), SS_OK);
    ck_assert_int_eq(out.v.s.len, 5);
    in = sval("ab   ");
    ck_assert_int_eq(ss_cast_value(&ctx, &in, bp5, txt, CAST_IMPLICIT, &out, arena), SS_OK);
    ck_assert_int_eq(out.v.s.len, 2); /* rtrim1 */
    ck_assert_int_eq(ss_cast_value(&ctx, &in, bp5, vc1, CAST_ASSIGNMENT, &out, arena), SS_ERROR);
    ck_assert_str_eq(err.sqlstate, "22001");
    ss_error_clear(&err);
    ck_assert_int_eq(ss_cast_value(&ctx, &in, bp5, vc1, CAST_EXPLICIT, &out, arena), SS_OK);
    ck_assert_int_eq(out.v.s.len, 1);
    ck_assert(ss_cast_exists(txt, bp5, CAST_IMPLICIT) && ss_cast_exists(bp5, txt, CAST_IMPLICIT));
    ck_assert(ss_cast_exists((ss_type){SS_TYPE_INT4, -1}, bp5, CAST_ASSIGNMENT));
    ck_assert(!ss_cast_exists((ss_type){SS_TYPE_INT4, -1}, bp5, CAST_IMPLICIT));
    in = sval(" 42  ");
    ck_assert_int_eq(ss_cast_value(&ctx, &in, bp5, (ss_type){SS_TYPE_INT4, -1}, CAST_EXPLICIT, &out, arena),
                     SS_OK);
    ck_assert_int_eq(out.v.i, 42);
    char buf[32];
    ck_assert_str_eq(ss_type_display_name(bp5, buf, sizeof buf), "character(5)");
    ck_assert_str_eq(ss_type_internal_name(SS_TYPE_BPCHAR), "bpchar");
}
END_TEST

START_TEST(length_functions)
{
    ss_vector *v = ss_vector_create((ss_type){SS_TYPE_BPCHAR, -1}, 4);
    ck_assert_int_eq(ss_vector_set_text(&ctx, v, 0, "ab   ", 5), SS_OK);
    ck_assert_int_eq(ss_vector_set_text(&ctx, v, 1, "   ", 3), SS_OK);
    ck_assert_int_eq(ss_vector_set_text(&ctx, v, 2, "h\xc3\xa9 ", 4), SS_OK);
    ss_vector *len = ss_vector_create((ss_type){SS_TYPE_INT4, -1}, 4);
    ss_vector *args[] = {v};
    ss_type at = {SS_TYPE_BPCHAR, -1}, want, res;
    const ss_func_def *def;
    ck_assert_int_eq(ss_func_resolve("length", 1, &at, &def, &want, &res), SS_OK);
    ck_assert_int_eq(want.id, SS_TYPE_BPCHAR);
    ck_assert_int_eq(def->eval(&ctx, args, 1, NULL, 3, len), SS_OK);
    const int32_t *l = len->data;
    ck_assert_int_eq(l[0], 2);
    ck_assert_int_eq(l[1], 0);
    ck_assert_int_eq(l[2], 2);
    ck_assert_int_eq(ss_func_resolve("octet_length", 1, &at, &def, &want, &res), SS_OK);
    ck_assert_int_eq(def->eval(&ctx, args, 1, NULL, 3, len), SS_OK);
    ck_assert_int_eq(l[0], 5);
    ck_assert_int_eq(l[2], 4);
    ss_vector_destroy(len);
    ss_vector_destroy(v);
}
END_TEST

static void add_tests(TCase *tc)
{
    tcase_add_test(tc, pads_and_checks_length);
    tcase_add_test(tc, typmod_limits);
    tcase_add_test(tc, trailing_spaces_do_not_count);
    tcase_add_test(tc, casts_through_the_catalog);
    tcase_add_test(tc, length_functions);
}

int main(void)
{
    return run_suite("bpchar", setup, teardown, add_tests);
}
