/* test_types.c — Check tests for core/types/: value output (float8 strings taken from
 * PostgreSQL 15), input functions and their error messages, type names, cast rules and
 * conversions, and built-in function resolution. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/expr.h"
#include "types/cast.h"
#include "types/functions.h"
#include "types/typeio.h"

#include "ctx_fixture.h"

static ss_type T(int32_t id)
{
    return (ss_type){id, -1};
}

static ss_type VC(int n)
{
    return (ss_type){SS_TYPE_VARCHAR, n + 4};
}

#define ck_error(state, msg)                                                               \
    do {                                                                                   \
        ck_assert_str_eq(err.sqlstate, state);                                             \
        ck_assert_ptr_nonnull(err.message);                                                \
        ck_assert_str_eq(err.message, msg);                                                \
        ss_error_clear(&err);                                                              \
    } while (0)

/* ---- output ---- */

static const char *fmt(ss_type t, ss_value v)
{
    static char out[128];
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_value_format(t, &v, &sb);
    snprintf(out, sizeof out, "%s", sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return out;
}

static const char *fmt_f8(double d)
{
    return fmt(T(SS_TYPE_FLOAT8), (ss_value){.v.f = d});
}

START_TEST(float8_output_matches_postgres)
{
    /* expected strings produced by PostgreSQL 15 (select x::float8) */
    static const struct {
        const char *in;
        const char *out;
    } cases[] = {
        {"0.1", "0.1"},
        {"1e20", "1e+20"},
        {"100000000000000000000", "1e+20"},
        {"1.5e-7", "1.5e-07"},
        {"123456789012345680", "1.2345678901234568e+17"},
        {"1e15", "1e+15"},
        {"1e16", "1e+16"},
        {"123456789012345.6", "123456789012345.6"},
        {"1234567890123456.7", "1.2345678901234568e+15"},
        {"0.0001", "0.0001"},
        {"0.00001", "1e-05"},
        {"12345678901234567", "1.2345678901234568e+16"},
        {"1e-310", "1e-310"},
        {"2.2250738585072014e-308", "2.2250738585072014e-308"},
        {"5e-324", "5e-324"},
        {"1.7976931348623157e308", "1.7976931348623157e+308"},
        {"9223372036854775807", "9.223372036854776e+18"},
        {"1e23", "9.999999999999999e+22"},
        {"5.299064834871378e+16", "5.2990648348713776e+16"},
        {"-2.2564437196609e+17", "-2.2564437196608998e+17"},
        {"1e300", "1e+300"},
        {"-1500", "-1500"},
        {"100000000000000", "100000000000000"},
        {"3.7", "3.7"},
        {"1.5", "1.5"},
        {"0.3", "0.3"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        ck_assert_str_eq(fmt_f8(strtod(cases[k].in, NULL)), cases[k].out);
    ck_assert_str_eq(fmt_f8(0.1 + 0.2), "0.30000000000000004");
    ck_assert_str_eq(fmt_f8(-0.0), "-0");
    ck_assert_str_eq(fmt_f8(0.0), "0");
    ck_assert_str_eq(fmt_f8(INFINITY), "Infinity");
    ck_assert_str_eq(fmt_f8(-INFINITY), "-Infinity");
    ck_assert_str_eq(fmt_f8(NAN), "NaN");
    ck_assert_str_eq(fmt_f8(-NAN), "NaN");
}
END_TEST

/* Significant digits of a float8 output string ("1.25e-07" -> 3). */
static int sig_digits(const char *s)
{
    int n = 0, lead = 1, zeros = 0;
    for (; *s && *s != 'e'; s++) {
        if (*s < '0' || *s > '9')
            continue;
        if (lead && *s == '0')
            continue;
        lead = 0;
        if (*s == '0') {
            zeros++;
        } else {
            n += zeros + 1;
            zeros = 0;
        }
    }
    return n;
}

/* Whether the decimal text d lies exactly halfway between x and a neighbouring double (the
 * midpoint of two doubles is exact in x86 long double). */
static bool is_midpoint(const char *d, double x)
{
    long double v = strtold(d, NULL);
    long double up = ((long double)x + nextafter(x, INFINITY)) / 2;
    long double down = ((long double)x + nextafter(x, -INFINITY)) / 2;
    return v == up || v == down;
}

START_TEST(float8_output_is_shortest)
{
    /* property check over pseudo-random bit patterns: the output reads back exactly, and no
       decimal with one digit less lies strictly inside the rounding interval */
    uint64_t state = 0x9e3779b97f4a7c15u;
    for (int k = 0; k < 200000; k++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        double x;
        uint64_t bits = k % 2 ? state : (state >> 12) | ((uint64_t)(1023 + (int)(state % 60) - 30) << 52);
        memcpy(&x, &bits, sizeof x);
        if (isnan(x) || isinf(x) || x == 0)
            continue;
        char out[SS_NUMBER_BUFLEN];
        ss_float8_to_text(x, out);
        ck_assert_msg(strtod(out, NULL) == x, "%a printed as %s", x, out);
        int n = sig_digits(out);
        if (n <= 1)
            continue;
        char shorter[64];
        snprintf(shorter, sizeof shorter, "%.*e", n - 2, x);
        double back = strtod(shorter, NULL);
        ck_assert_msg(back != x || is_midpoint(shorter, x), "%a printed as %s but %s reads back",
                      x, out, shorter);
    }
}
END_TEST

START_TEST(other_output)
{
    ck_assert_str_eq(fmt(T(SS_TYPE_BOOL), (ss_value){.v.b = true}), "t");
    ck_assert_str_eq(fmt(T(SS_TYPE_BOOL), (ss_value){.v.b = false}), "f");
    ck_assert_str_eq(fmt(T(SS_TYPE_INT8), (ss_value){.v.i = INT64_MIN}), "-9223372036854775808");
    ck_assert_str_eq(fmt(T(SS_TYPE_INT4), (ss_value){.v.i = 0}), "0");
    ck_assert_str_eq(fmt(T(SS_TYPE_INT2), (ss_value){.v.i = -32768}), "-32768");
    ck_assert_str_eq(fmt(T(SS_TYPE_TEXT), (ss_value){.v.s = {"abcdef", 3, 0}}), "abc");
    ck_assert_str_eq(fmt(T(SS_TYPE_INT4), (ss_value){.is_null = true}), "");
}
END_TEST

/* ---- input ---- */

static int parse(int32_t id, const char *s, ss_value *out)
{
    return ss_value_parse(&ctx, T(id), s, strlen(s), out);
}

START_TEST(integer_input)
{
    ss_value v;
    ck_assert_int_eq(parse(SS_TYPE_INT4, " 12 ", &v), SS_OK);
    ck_assert_int_eq(v.v.i, 12);
    ck_assert_int_eq(parse(SS_TYPE_INT4, "+5", &v), SS_OK);
    ck_assert_int_eq(v.v.i, 5);
    ck_assert_int_eq(parse(SS_TYPE_INT4, "-0", &v), SS_OK);
    ck_assert_int_eq(v.v.i, 0);
    ck_assert_int_eq(parse(SS_TYPE_INT4, "-2147483648", &v), SS_OK);
    ck_assert_int_eq(v.v.i, INT32_MIN);
    ck_assert_int_eq(parse(SS_TYPE_INT2, "  42  ", &v), SS_OK);
    ck_assert_int_eq(v.v.i, 42);
    ck_assert_int_eq(parse(SS_TYPE_INT8, "-9223372036854775808", &v), SS_OK);
    ck_assert_int_eq(v.v.i, INT64_MIN);
    /* not NUL-terminated input */
    ck_assert_int_eq(ss_value_parse(&ctx, T(SS_TYPE_INT4), "123456", 3, &v), SS_OK);
    ck_assert_int_eq(v.v.i, 123);

    ck_assert_int_eq(parse(SS_TYPE_INT4, "abc", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"abc\"");
    ck_assert_int_eq(parse(SS_TYPE_INT4, "  abc", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"  abc\"");
    ck_assert_int_eq(parse(SS_TYPE_INT4, "", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"\"");
    ck_assert_int_eq(parse(SS_TYPE_INT4, "   ", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"   \"");
    ck_assert_int_eq(parse(SS_TYPE_INT4, "-", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"-\"");
    ck_assert_int_eq(parse(SS_TYPE_INT4, "12abc", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"12abc\"");
    ck_assert_int_eq(parse(SS_TYPE_INT4, "1_000", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"1_000\"");
    ck_assert_int_eq(parse(SS_TYPE_INT4, "0x10", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"0x10\"");
    ck_assert_int_eq(parse(SS_TYPE_INT2, "x", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type smallint: \"x\"");
    ck_assert_int_eq(parse(SS_TYPE_INT8, "x", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type bigint: \"x\"");

    ck_assert_int_eq(parse(SS_TYPE_INT4, "99999999999", &v), SS_ERROR);
    ck_error("22003", "value \"99999999999\" is out of range for type integer");
    ck_assert_int_eq(parse(SS_TYPE_INT4, "99999999999abc", &v), SS_ERROR);
    ck_error("22003", "value \"99999999999abc\" is out of range for type integer");
    ck_assert_int_eq(parse(SS_TYPE_INT4, "2147483648", &v), SS_ERROR);
    ck_error("22003", "value \"2147483648\" is out of range for type integer");
    ck_assert_int_eq(parse(SS_TYPE_INT2, "99999", &v), SS_ERROR);
    ck_error("22003", "value \"99999\" is out of range for type smallint");
    ck_assert_int_eq(parse(SS_TYPE_INT8, "9223372036854775808", &v), SS_ERROR);
    ck_error("22003", "value \"9223372036854775808\" is out of range for type bigint");
}
END_TEST

START_TEST(float8_input)
{
    ss_value v;
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, " -1.5e3 ", &v), SS_OK);
    ck_assert(v.v.f == -1500);
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "1e-310", &v), SS_OK); /* denormal accepted */
    ck_assert(v.v.f > 0 && v.v.f < 1e-300);
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "0x1p3", &v), SS_OK);
    ck_assert(v.v.f == 8);
    static const char *infs[] = {"Infinity", "infinity", "+inf", "INF", " inf "};
    for (size_t k = 0; k < 5; k++) {
        ck_assert_int_eq(parse(SS_TYPE_FLOAT8, infs[k], &v), SS_OK);
        ck_assert(isinf(v.v.f) && v.v.f > 0);
    }
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, " -INF ", &v), SS_OK);
    ck_assert(isinf(v.v.f) && v.v.f < 0);
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "nAn", &v), SS_OK);
    ck_assert(isnan(v.v.f));

    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "x", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type double precision: \"x\"");
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "infx", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type double precision: \"infx\"");
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "1.5e", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type double precision: \"1.5e\"");
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "", &v), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type double precision: \"\"");
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "1e400", &v), SS_ERROR);
    ck_error("22003", "\"1e400\" is out of range for type double precision");
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "  1e400  ", &v), SS_ERROR);
    ck_error("22003", "\"1e400\" is out of range for type double precision");
    ck_assert_int_eq(parse(SS_TYPE_FLOAT8, "1e-400", &v), SS_ERROR);
    ck_error("22003", "\"1e-400\" is out of range for type double precision");
}
END_TEST

START_TEST(bool_input)
{
    static const struct {
        const char *s;
        bool v;
    } ok[] = {{"t", true},   {"tr", true},   {"tRuE", true}, {" tr ", true}, {"y", true},
              {"yes", true}, {"on", true},   {"1", true},    {"Y", true},    {"f", false},
              {"FALSE", false}, {"n", false}, {"no", false}, {"N", false},  {"of", false},
              {" off ", false}, {"0", false}};
    ss_value v;
    for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++) {
        ck_assert_msg(parse(SS_TYPE_BOOL, ok[k].s, &v) == SS_OK, "%s", ok[k].s);
        ck_assert_msg(v.v.b == ok[k].v, "%s", ok[k].s);
    }
    static const char *bad[] = {"x", "o", "truex", "10", "", "  x ", "onx", "offf", "yess"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        ck_assert_msg(parse(SS_TYPE_BOOL, bad[k], &v) == SS_ERROR, "%s", bad[k]);
        char msg[80];
        snprintf(msg, sizeof msg, "invalid input syntax for type boolean: \"%s\"", bad[k]);
        ck_error("22P02", msg);
    }
}
END_TEST

START_TEST(text_input)
{
    const char *s = "hello";
    ss_value v;
    ck_assert_int_eq(ss_value_parse(&ctx, VC(2), s, 5, &v), SS_OK);
    ck_assert_ptr_eq(v.v.s.ptr, s); /* no copy, no length rule */
    ck_assert_uint_eq(v.v.s.len, 5);
    ck_assert_int_eq(ss_value_parse(&ctx, T(SS_TYPE_TEXT), s, 0, &v), SS_OK);
    ck_assert_uint_eq(v.v.s.len, 0);
}
END_TEST

START_TEST(type_names)
{
    char buf[64];
    ck_assert_str_eq(ss_type_display_name(T(SS_TYPE_INT4), buf, sizeof buf), "integer");
    ck_assert_str_eq(ss_type_display_name(T(SS_TYPE_INT2), buf, sizeof buf), "smallint");
    ck_assert_str_eq(ss_type_display_name(T(SS_TYPE_INT8), buf, sizeof buf), "bigint");
    ck_assert_str_eq(ss_type_display_name(T(SS_TYPE_FLOAT8), buf, sizeof buf), "double precision");
    ck_assert_str_eq(ss_type_display_name(T(SS_TYPE_TEXT), buf, sizeof buf), "text");
    ck_assert_str_eq(ss_type_display_name(T(SS_TYPE_BOOL), buf, sizeof buf), "boolean");
    ck_assert_str_eq(ss_type_display_name(VC(10), buf, sizeof buf), "character varying(10)");
    ck_assert_str_eq(ss_type_display_name(T(SS_TYPE_VARCHAR), buf, sizeof buf), "character varying");
    ck_assert_str_eq(ss_type_display_name(T(SS_TYPE_UNKNOWN), buf, sizeof buf), "unknown");
    ck_assert_str_eq(ss_type_display_name(VC(3), NULL, 0), "character varying");

    ck_assert_str_eq(ss_type_internal_name(SS_TYPE_INT4), "int4");
    ck_assert_str_eq(ss_type_internal_name(SS_TYPE_INT2), "int2");
    ck_assert_str_eq(ss_type_internal_name(SS_TYPE_INT8), "int8");
    ck_assert_str_eq(ss_type_internal_name(SS_TYPE_FLOAT8), "float8");
    ck_assert_str_eq(ss_type_internal_name(SS_TYPE_TEXT), "text");
    ck_assert_str_eq(ss_type_internal_name(SS_TYPE_BOOL), "bool");
    ck_assert_str_eq(ss_type_internal_name(SS_TYPE_VARCHAR), "varchar");
    ck_assert_str_eq(ss_type_internal_name(SS_TYPE_UNKNOWN), "unknown");

    static const struct {
        const char *name;
        int32_t id;
    } names[] = {{"int", SS_TYPE_INT4},       {"integer", SS_TYPE_INT4},  {"int4", SS_TYPE_INT4},
                 {"smallint", SS_TYPE_INT2},  {"int2", SS_TYPE_INT2},     {"bigint", SS_TYPE_INT8},
                 {"int8", SS_TYPE_INT8},      {"float8", SS_TYPE_FLOAT8},
                 {"double precision", SS_TYPE_FLOAT8},                    {"text", SS_TYPE_TEXT},
                 {"varchar", SS_TYPE_VARCHAR}, {"character varying", SS_TYPE_VARCHAR},
                 {"bool", SS_TYPE_BOOL},      {"boolean", SS_TYPE_BOOL},  {"INTEGER", SS_TYPE_INT4}};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        int32_t id = 0;
        ck_assert_msg(ss_type_lookup_name(names[k].name, &id), "%s", names[k].name);
        ck_assert_int_eq(id, names[k].id);
    }
    int32_t id = 0;
    ck_assert(ss_type_lookup_name("numeric", &id) && id == SS_TYPE_NUMERIC);
    ck_assert(ss_type_lookup_name("decimal", &id) && id == SS_TYPE_NUMERIC);
    ck_assert(ss_type_lookup_name("float4", &id) && id == SS_TYPE_FLOAT4); /* the catalog's */
    ck_assert(ss_type_lookup_name("real", &id) && id == SS_TYPE_FLOAT4); /* as in 'real'::regtype */
    ck_assert(!ss_type_lookup_name("float", &id)); /* the grammar maps float(p) itself */
}
END_TEST

/* ---- casts ---- */

START_TEST(cast_contexts)
{
    /* implicit */
    ck_assert(ss_cast_exists(T(SS_TYPE_INT2), T(SS_TYPE_INT4), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_INT4), T(SS_TYPE_INT8), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_INT8), T(SS_TYPE_FLOAT8), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_VARCHAR), T(SS_TYPE_TEXT), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_TEXT), VC(5), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_UNKNOWN), T(SS_TYPE_INT4), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_UNKNOWN), T(SS_TYPE_BOOL), CAST_IMPLICIT));
    /* assignment only */
    ck_assert(!ss_cast_exists(T(SS_TYPE_INT8), T(SS_TYPE_INT4), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_INT8), T(SS_TYPE_INT4), CAST_ASSIGNMENT));
    ck_assert(ss_cast_exists(T(SS_TYPE_INT4), T(SS_TYPE_INT2), CAST_ASSIGNMENT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_FLOAT8), T(SS_TYPE_INT4), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_FLOAT8), T(SS_TYPE_INT8), CAST_ASSIGNMENT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_INT4), T(SS_TYPE_TEXT), CAST_IMPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_INT4), T(SS_TYPE_TEXT), CAST_ASSIGNMENT));
    ck_assert(ss_cast_exists(T(SS_TYPE_BOOL), VC(3), CAST_ASSIGNMENT));
    ck_assert(ss_cast_exists(T(SS_TYPE_FLOAT8), T(SS_TYPE_TEXT), CAST_EXPLICIT));
    /* explicit only */
    ck_assert(!ss_cast_exists(T(SS_TYPE_TEXT), T(SS_TYPE_INT4), CAST_ASSIGNMENT));
    ck_assert(ss_cast_exists(T(SS_TYPE_TEXT), T(SS_TYPE_INT4), CAST_EXPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_VARCHAR), T(SS_TYPE_BOOL), CAST_EXPLICIT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_BOOL), T(SS_TYPE_INT4), CAST_ASSIGNMENT));
    ck_assert(ss_cast_exists(T(SS_TYPE_BOOL), T(SS_TYPE_INT4), CAST_EXPLICIT));
    ck_assert(ss_cast_exists(T(SS_TYPE_INT4), T(SS_TYPE_BOOL), CAST_EXPLICIT));
    /* none: PostgreSQL has no cast between bool and int2/int8/float8 */
    ck_assert(!ss_cast_exists(T(SS_TYPE_INT8), T(SS_TYPE_BOOL), CAST_EXPLICIT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_INT2), T(SS_TYPE_BOOL), CAST_EXPLICIT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_BOOL), T(SS_TYPE_INT8), CAST_EXPLICIT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_FLOAT8), T(SS_TYPE_BOOL), CAST_EXPLICIT));
    ck_assert(!ss_cast_exists(T(SS_TYPE_INT4), T(SS_TYPE_UNKNOWN), CAST_EXPLICIT));
}
END_TEST

static int cast(ss_value in, int32_t from, ss_type to, int mode, ss_value *out)
{
    return ss_cast_value(&ctx, &in, T(from), to, mode, out, arena);
}

static ss_value ival(int64_t i)
{
    return (ss_value){.v.i = i};
}

static ss_value fval(double f)
{
    return (ss_value){.v.f = f};
}

static ss_value sval(const char *s)
{
    return (ss_value){.v.s = {s, (uint32_t)strlen(s), 0}};
}

static bool text_is(ss_value v, const char *s)
{
    return !v.is_null && v.v.s.len == strlen(s) && memcmp(v.v.s.ptr, s, v.v.s.len) == 0;
}

START_TEST(cast_values)
{
    ss_value o;
    /* float8 -> int rounds half to even */
    ck_assert_int_eq(cast(fval(2.5), SS_TYPE_FLOAT8, T(SS_TYPE_INT4), CAST_EXPLICIT, &o), SS_OK);
    ck_assert_int_eq(o.v.i, 2);
    ck_assert_int_eq(cast(fval(3.5), SS_TYPE_FLOAT8, T(SS_TYPE_INT4), CAST_EXPLICIT, &o), SS_OK);
    ck_assert_int_eq(o.v.i, 4);
    ck_assert_int_eq(cast(fval(-2.5), SS_TYPE_FLOAT8, T(SS_TYPE_INT4), CAST_EXPLICIT, &o), SS_OK);
    ck_assert_int_eq(o.v.i, -2);
    ck_assert_int_eq(cast(fval(-1.5), SS_TYPE_FLOAT8, T(SS_TYPE_INT8), CAST_EXPLICIT, &o), SS_OK);
    ck_assert_int_eq(o.v.i, -2);
    ck_assert_int_eq(cast(fval(2147483647.4), SS_TYPE_FLOAT8, T(SS_TYPE_INT4), CAST_ASSIGNMENT, &o), SS_OK);
    ck_assert_int_eq(o.v.i, 2147483647);
    ck_assert_int_eq(cast(fval(2147483647.5), SS_TYPE_FLOAT8, T(SS_TYPE_INT4), CAST_ASSIGNMENT, &o), SS_ERROR);
    ck_error("22003", "integer out of range");
    ck_assert_int_eq(cast(fval(NAN), SS_TYPE_FLOAT8, T(SS_TYPE_INT4), CAST_EXPLICIT, &o), SS_ERROR);
    ck_error("22003", "integer out of range");
    ck_assert_int_eq(cast(fval(32767.5), SS_TYPE_FLOAT8, T(SS_TYPE_INT2), CAST_EXPLICIT, &o), SS_ERROR);
    ck_error("22003", "smallint out of range");
    ck_assert_int_eq(cast(fval(9223372036854775807.0), SS_TYPE_FLOAT8, T(SS_TYPE_INT8), CAST_EXPLICIT, &o), SS_ERROR);
    ck_error("22003", "bigint out of range");
    ck_assert_int_eq(cast(fval(-9223372036854775808.0), SS_TYPE_FLOAT8, T(SS_TYPE_INT8), CAST_EXPLICIT, &o), SS_OK);
    ck_assert_int_eq(o.v.i, INT64_MIN);
    /* integer narrowing */
    ck_assert_int_eq(cast(ival(40000), SS_TYPE_INT4, T(SS_TYPE_INT2), CAST_ASSIGNMENT, &o), SS_ERROR);
    ck_error("22003", "smallint out of range");
    ck_assert_int_eq(cast(ival(INT64_MAX), SS_TYPE_INT8, T(SS_TYPE_INT4), CAST_ASSIGNMENT, &o), SS_ERROR);
    ck_error("22003", "integer out of range");
    ck_assert_int_eq(cast(ival(-32768), SS_TYPE_INT8, T(SS_TYPE_INT2), CAST_ASSIGNMENT, &o), SS_OK);
    ck_assert_int_eq(o.v.i, -32768);
    ck_assert_int_eq(cast(ival(INT64_MAX), SS_TYPE_INT8, T(SS_TYPE_FLOAT8), CAST_IMPLICIT, &o), SS_OK);
    ck_assert(o.v.f == 9223372036854775807.0);
    /* bool <-> int4 */
    ck_assert_int_eq(cast((ss_value){.v.b = true}, SS_TYPE_BOOL, T(SS_TYPE_INT4), CAST_EXPLICIT, &o), SS_OK);
    ck_assert_int_eq(o.v.i, 1);
    ck_assert_int_eq(cast(ival(-7), SS_TYPE_INT4, T(SS_TYPE_BOOL), CAST_EXPLICIT, &o), SS_OK);
    ck_assert(o.v.b);
    /* to text: bool gives true/false; numbers their output text */
    ck_assert_int_eq(cast((ss_value){.v.b = true}, SS_TYPE_BOOL, T(SS_TYPE_TEXT), CAST_EXPLICIT, &o), SS_OK);
    ck_assert(text_is(o, "true"));
    ck_assert_int_eq(cast((ss_value){.v.b = false}, SS_TYPE_BOOL, VC(3), CAST_EXPLICIT, &o), SS_OK);
    ck_assert(text_is(o, "fal"));
    ck_assert_int_eq(cast(fval(3.7), SS_TYPE_FLOAT8, T(SS_TYPE_TEXT), CAST_EXPLICIT, &o), SS_OK);
    ck_assert(text_is(o, "3.7"));
    ck_assert_int_eq(cast(fval(1e20), SS_TYPE_FLOAT8, VC(3), CAST_EXPLICIT, &o), SS_OK);
    ck_assert(text_is(o, "1e+"));
    ck_assert_int_eq(cast(ival(100), SS_TYPE_INT8, VC(2), CAST_EXPLICIT, &o), SS_OK);
    ck_assert(text_is(o, "10"));
    ck_assert_int_eq(cast(ival(12345), SS_TYPE_INT4, VC(3), CAST_ASSIGNMENT, &o), SS_ERROR);
    ck_error("22001", "value too long for type character varying(3)");
    /* varchar(n): explicit truncates by characters, assignment only cuts spaces */
    ck_assert_int_eq(cast(sval("abcd"), SS_TYPE_UNKNOWN, VC(3), CAST_EXPLICIT, &o), SS_OK);
    ck_assert(text_is(o, "abc"));
    ck_assert_int_eq(cast(sval("héllo"), SS_TYPE_TEXT, VC(4), CAST_EXPLICIT, &o), SS_OK);
    ck_assert(text_is(o, "héll"));
    ck_assert_int_eq(cast(sval("héllo"), SS_TYPE_TEXT, VC(2), CAST_EXPLICIT, &o), SS_OK);
    ck_assert(text_is(o, "hé"));
    ck_assert_int_eq(cast(sval("abcd"), SS_TYPE_TEXT, VC(3), CAST_ASSIGNMENT, &o), SS_ERROR);
    ck_error("22001", "value too long for type character varying(3)");
    ck_assert_int_eq(cast(sval("abcd"), SS_TYPE_TEXT, VC(3), CAST_IMPLICIT, &o), SS_ERROR);
    ck_error("22001", "value too long for type character varying(3)");
    ck_assert_int_eq(cast(sval("abc  "), SS_TYPE_TEXT, VC(3), CAST_ASSIGNMENT, &o), SS_OK);
    ck_assert(text_is(o, "abc"));
    ck_assert_int_eq(cast(sval("hé "), SS_TYPE_VARCHAR, VC(3), CAST_ASSIGNMENT, &o), SS_OK);
    ck_assert(text_is(o, "hé "));
    ck_assert_int_eq(cast(sval("hé"), SS_TYPE_TEXT, T(SS_TYPE_VARCHAR), CAST_ASSIGNMENT, &o), SS_OK);
    ck_assert(text_is(o, "hé"));
    /* from text: the input function */
    ck_assert_int_eq(cast(sval(" 42 "), SS_TYPE_TEXT, T(SS_TYPE_INT2), CAST_EXPLICIT, &o), SS_OK);
    ck_assert_int_eq(o.v.i, 42);
    ck_assert_int_eq(cast(sval("abc"), SS_TYPE_VARCHAR, T(SS_TYPE_INT4), CAST_EXPLICIT, &o), SS_ERROR);
    ck_error("22P02", "invalid input syntax for type integer: \"abc\"");
    ck_assert_int_eq(cast(sval("yes"), SS_TYPE_UNKNOWN, T(SS_TYPE_BOOL), CAST_IMPLICIT, &o), SS_OK);
    ck_assert(o.v.b);
    /* NULL stays NULL; a missing cast is 42846 */
    ck_assert_int_eq(cast((ss_value){.is_null = true}, SS_TYPE_INT4, T(SS_TYPE_INT2), CAST_ASSIGNMENT, &o), SS_OK);
    ck_assert(o.is_null);
    ck_assert_int_eq(cast(ival(1), SS_TYPE_INT8, T(SS_TYPE_BOOL), CAST_EXPLICIT, &o), SS_ERROR);
    ck_error("42846", "cannot cast type bigint to boolean");
}
END_TEST

/* ---- function resolution ---- */

static const ss_func_def *resolve(const char *name, uint32_t n, const int32_t *ids, ss_type *params,
                                  ss_type *result)
{
    ss_type args[4];
    for (uint32_t i = 0; i < n; i++)
        args[i] = T(ids[i]);
    const ss_func_def *def = NULL;
    if (ss_func_resolve(name, n, args, &def, params, result) != SS_OK)
        return NULL;
    return def;
}

START_TEST(function_resolution)
{
    ss_type p[4], r;
    const ss_func_def *d;

    d = resolve("abs", 1, (int32_t[]){SS_TYPE_INT4}, p, &r);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(p[0].id, SS_TYPE_INT4);
    ck_assert_int_eq(r.id, SS_TYPE_INT4);
    d = resolve("abs", 1, (int32_t[]){SS_TYPE_INT2}, p, &r);
    ck_assert_int_eq(r.id, SS_TYPE_INT2);
    /* PostgreSQL: abs('5') is double precision (preferred type of the numeric category) */
    d = resolve("abs", 1, (int32_t[]){SS_TYPE_UNKNOWN}, p, &r);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(p[0].id, SS_TYPE_FLOAT8);
    ck_assert_int_eq(r.id, SS_TYPE_FLOAT8);
    /* round(5) without numeric: float8 */
    d = resolve("round", 1, (int32_t[]){SS_TYPE_INT4}, p, &r);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(p[0].id, SS_TYPE_FLOAT8);
    /* mod(int4, int8) -> mod(int8, int8) */
    d = resolve("mod", 2, (int32_t[]){SS_TYPE_INT4, SS_TYPE_INT8}, p, &r);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(p[0].id, SS_TYPE_INT8);
    ck_assert_int_eq(p[1].id, SS_TYPE_INT8);
    ck_assert_int_eq(r.id, SS_TYPE_INT8);
    /* mod(int2, unknown): the unknown takes the known type */
    d = resolve("mod", 2, (int32_t[]){SS_TYPE_INT2, SS_TYPE_UNKNOWN}, p, &r);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(r.id, SS_TYPE_INT2);
    ck_assert_int_eq(p[1].id, SS_TYPE_INT2);
    /* varchar and unknown reach text */
    d = resolve("length", 1, (int32_t[]){SS_TYPE_VARCHAR}, p, &r);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(p[0].id, SS_TYPE_TEXT);
    ck_assert_int_eq(r.id, SS_TYPE_INT4);
    d = resolve("UPPER", 1, (int32_t[]){SS_TYPE_UNKNOWN}, p, &r);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(r.id, SS_TYPE_TEXT);
    d = resolve("substr", 3, (int32_t[]){SS_TYPE_VARCHAR, SS_TYPE_INT2, SS_TYPE_INT4}, p, &r);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(p[1].id, SS_TYPE_INT4);
    ck_assert_uint_eq(d->nargs, 3);
    d = resolve("substring", 2, (int32_t[]){SS_TYPE_TEXT, SS_TYPE_INT4}, p, &r);
    ck_assert_ptr_nonnull(d);
    /* variadic any: arguments keep their types, unknown becomes text */
    d = resolve("concat", 3, (int32_t[]){SS_TYPE_INT4, SS_TYPE_UNKNOWN, SS_TYPE_BOOL}, p, &r);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(p[0].id, SS_TYPE_INT4);
    ck_assert_int_eq(p[1].id, SS_TYPE_TEXT);
    ck_assert_int_eq(p[2].id, SS_TYPE_BOOL);
    ck_assert_int_eq(r.id, SS_TYPE_TEXT);
    /* no match */
    ck_assert_ptr_null(resolve("concat", 0, NULL, p, &r));
    ck_assert_ptr_null(resolve("nosuchfunction", 1, (int32_t[]){SS_TYPE_INT4}, p, &r));
    ck_assert_ptr_null(resolve("substr", 2, (int32_t[]){SS_TYPE_TEXT, SS_TYPE_INT8}, p, &r));
    ck_assert_ptr_null(resolve("length", 1, (int32_t[]){SS_TYPE_INT4}, p, &r));
    ck_assert_ptr_null(resolve("sqrt", 2, (int32_t[]){SS_TYPE_FLOAT8, SS_TYPE_FLOAT8}, p, &r));
    ck_assert_str_eq(err.sqlstate, "00000"); /* resolution records nothing */
    ck_assert(ss_func_name_exists("sqrt"));
    ck_assert(!ss_func_name_exists("coalesce"));
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("types");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, float8_output_matches_postgres);
    tcase_add_test(tc, float8_output_is_shortest);
    tcase_add_test(tc, other_output);
    tcase_add_test(tc, integer_input);
    tcase_add_test(tc, float8_input);
    tcase_add_test(tc, bool_input);
    tcase_add_test(tc, text_input);
    tcase_add_test(tc, type_names);
    tcase_add_test(tc, cast_contexts);
    tcase_add_test(tc, cast_values);
    tcase_add_test(tc, function_resolution);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
