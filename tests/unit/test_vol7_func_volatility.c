/* test_vol7_func_volatility.c — Check tests for the volatility classes of built-ins
 * (types/func_volatility.h): functions and operators as ss_func_resolve / ss_oper_resolve
 * find them, casts, and the generated tables' order that the lookups' binary searches need. */
#include <check.h>
#include <string.h>

#include "check_suite.h"
#include "types/func_volatility.h"
#include "types/func_volatility_data.h"

static void setup(void) {}
static void teardown(void) {}

static ss_volatility func_class(const char *name, uint32_t nargs, const int32_t *types, bool oper)
{
    ss_type at[SS_FUNC_MAX_ARGS] = {{0}}, want[SS_FUNC_MAX_ARGS], res;
    for (uint32_t i = 0; i < nargs; i++)
        at[i] = (ss_type){types[i], -1};
    const ss_func_def *def = NULL;
    int rc = oper ? ss_oper_resolve(name, nargs, at, &def, want, &res) : ss_func_resolve(name, nargs, at, &def, want, &res);
    ck_assert_msg(rc == SS_OK && def, "%s does not resolve", name);
    return ss_func_volatility(def);
}

#define FUNC(name, ...) func_class(name, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), (int32_t[]){__VA_ARGS__}, false)
#define OPER(name, ...) func_class(name, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), (int32_t[]){__VA_ARGS__}, true)

START_TEST(functions)
{
    ck_assert_int_eq(FUNC("to_char", SS_TYPE_TIMESTAMPTZ, SS_TYPE_TEXT), SS_STABLE);
    ck_assert_int_eq(FUNC("to_char", SS_TYPE_INT4, SS_TYPE_TEXT), SS_STABLE);
    ck_assert_int_eq(FUNC("date_trunc", SS_TYPE_TEXT, SS_TYPE_TIMESTAMPTZ), SS_STABLE);
    ck_assert_int_eq(FUNC("date_trunc", SS_TYPE_TEXT, SS_TYPE_TIMESTAMP), SS_IMMUTABLE);
    /* PostgreSQL 15 declares timestamptz_age immutable although it reads TimeZone */
    ck_assert_int_eq(FUNC("age", SS_TYPE_TIMESTAMPTZ, SS_TYPE_TIMESTAMPTZ), SS_IMMUTABLE);
    ck_assert_int_eq(FUNC("age", SS_TYPE_TIMESTAMP, SS_TYPE_TIMESTAMP), SS_IMMUTABLE);
    ck_assert_int_eq(FUNC("to_date", SS_TYPE_TEXT, SS_TYPE_TEXT), SS_STABLE);
    ck_assert_int_eq(FUNC("upper", SS_TYPE_TEXT), SS_IMMUTABLE);
    ck_assert_int_eq(FUNC("length", SS_TYPE_TEXT), SS_IMMUTABLE);
    ck_assert_int_eq(FUNC("abs", SS_TYPE_INT4), SS_IMMUTABLE);
    ck_assert_int_eq(FUNC("random"), SS_VOLATILE);
    ck_assert_int_eq(FUNC("now"), SS_STABLE);
    ck_assert_int_eq(FUNC("clock_timestamp"), SS_VOLATILE);
    ck_assert_int_eq(FUNC("age", SS_TYPE_TIMESTAMP), SS_STABLE);
    ck_assert_int_eq(FUNC("nextval", SS_TYPE_TEXT), SS_VOLATILE);
}
END_TEST

START_TEST(operators)
{
    ck_assert_int_eq(OPER("+", SS_TYPE_TIMESTAMPTZ, SS_TYPE_INTERVAL), SS_STABLE);
    ck_assert_int_eq(OPER("+", SS_TYPE_TIMESTAMP, SS_TYPE_INTERVAL), SS_IMMUTABLE);
    ck_assert_int_eq(OPER("-", SS_TYPE_TIMESTAMPTZ, SS_TYPE_TIMESTAMPTZ), SS_IMMUTABLE);
    ck_assert_int_eq(OPER("<", SS_TYPE_TIMESTAMP, SS_TYPE_TIMESTAMPTZ), SS_STABLE);
    ck_assert_int_eq(OPER("<", SS_TYPE_TIMESTAMPTZ, SS_TYPE_TIMESTAMPTZ), SS_IMMUTABLE);
    ck_assert_int_eq(OPER("+", SS_TYPE_INT4, SS_TYPE_INT4), SS_IMMUTABLE);
    ck_assert_int_eq(OPER("||", SS_TYPE_TEXT, SS_TYPE_TEXT), SS_IMMUTABLE);
}
END_TEST

START_TEST(casts)
{
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_TIMESTAMPTZ, SS_TYPE_TEXT), SS_STABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_TEXT, SS_TYPE_DATE), SS_STABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_DATE, SS_TYPE_TEXT), SS_STABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_TIMESTAMPTZ, SS_TYPE_DATE), SS_STABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_DATE, SS_TYPE_TIMESTAMP), SS_IMMUTABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_INT4, SS_TYPE_TEXT), SS_IMMUTABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_TEXT, SS_TYPE_INT4), SS_IMMUTABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_INT4, SS_TYPE_INT8), SS_IMMUTABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_NUMERIC, SS_TYPE_TEXT), SS_IMMUTABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_INTERVAL, SS_TYPE_TEXT), SS_STABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_INT4_ARRAY, SS_TYPE_INT8_ARRAY), SS_IMMUTABLE);
    ck_assert_int_eq(ss_cast_volatility(SS_TYPE_INT4_ARRAY, SS_TYPE_TEXT), SS_STABLE); /* array_out */
}
END_TEST

START_TEST(tables_sorted)
{
    for (size_t i = 1; i < ss_pg_nproc_volatilities; i++)
        ck_assert_int_le(strcmp(ss_pg_proc_volatilities[i - 1].name, ss_pg_proc_volatilities[i].name), 0);
    for (size_t i = 1; i < ss_pg_noper_volatilities; i++)
        ck_assert_int_le(strcmp(ss_pg_oper_volatilities[i - 1].name, ss_pg_oper_volatilities[i].name), 0);
    for (size_t i = 1; i < ss_pg_ncast_volatilities; i++) {
        const ss_pg_cast_volatility *a = &ss_pg_cast_volatilities[i - 1], *b = &ss_pg_cast_volatilities[i];
        ck_assert(a->source < b->source || (a->source == b->source && a->target < b->target));
    }
    for (size_t i = 1; i < ss_pg_ntype_io_volatilities; i++)
        ck_assert_uint_lt(ss_pg_type_io_volatilities[i - 1].oid, ss_pg_type_io_volatilities[i].oid);
}
END_TEST

static void add(TCase *tc)
{
    tcase_add_test(tc, functions);
    tcase_add_test(tc, operators);
    tcase_add_test(tc, casts);
    tcase_add_test(tc, tables_sorted);
}

int main(void)
{
    return run_suite("func_volatility", setup, teardown, add);
}
