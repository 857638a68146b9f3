/* test_array.c — Check tests for core/types/array/: the encoded array (header, NULL bitmap,
 * fixed and length-prefixed items), text input with PostgreSQL 15's errors and DETAIL lines,
 * output quoting and bounds, and the array order (btarraycmp) and hashing. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/array/array.h"
#include "types/numeric/numeric.h"
#include "types/typeio.h"

#include "check_suite.h"
#include "ctx_fixture.h"

/* The output text of s parsed as an array of elem ("ERR:<state>:<message>|<detail>" on error). */
static const char *roundtrip(int32_t elem, const char *s)
{
    static char res[512];
    ss_text t;
    if (arr_parse(&ctx, elem, -1, s, strlen(s), &t) != SS_OK) {
        snprintf(res, sizeof res, "ERR:%s:%s|%s", err.sqlstate, err.message,
                 err.detail ? err.detail : "");
        ss_error_clear(&err);
        return res;
    }
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    arr_format(&t, &sb);
    snprintf(res, sizeof res, "%s", sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return res;
}

static ss_text parse(int32_t elem, const char *s)
{
    ss_text t;
    ck_assert_int_eq(arr_parse(&ctx, elem, -1, s, strlen(s), &t), SS_OK);
    return t;
}

START_TEST(encoding_layout)
{
    ss_value items[3] = {{.v.i = 7}, {.is_null = true}, {.v.i = -2}};
    int32_t dim = 3, lb = 0;
    ss_text t;
    ck_assert_int_eq(arr_encode(&ctx, SS_TYPE_INT4, 1, &dim, &lb, items, 3, &t), SS_OK);
    /* header 16 + one dimension 8 + bitmap 1 + two int4 items */
    ck_assert_uint_eq(t.len, 16 + 8 + 1 + 8);
    ck_assert_int_eq(arr_elem_type(&t), SS_TYPE_INT4);
    ss_array a;
    arr_decode(&t, &a);
    ck_assert_int_eq(a.ndims, 1);
    ck_assert_int_eq(a.dims[0], 3);
    ck_assert_int_eq(a.lbound[0], 0);
    ck_assert_uint_eq(a.nitems, 3);
    ck_assert_ptr_nonnull(a.nulls);
    ss_value v;
    arr_item(&a, 2, &v);
    ck_assert(!v.is_null);
    ck_assert_int_eq(v.v.i, -2);
    arr_item(&a, 1, &v);
    ck_assert(v.is_null);
    arr_iter it;
    arr_iter_init(&it, &a);
    ck_assert(arr_iter_next(&it, &v) && v.v.i == 7);
    ck_assert(arr_iter_next(&it, &v) && v.is_null);
    ck_assert(arr_iter_next(&it, &v) && v.v.i == -2);
    ck_assert(!arr_iter_next(&it, &v));

    /* no NULLs: no bitmap; text items are length-prefixed */
    ss_value s[2] = {{.v.s = {"ab", 2, 0}}, {.v.s = {"", 0, 0}}};
    ck_assert_int_eq(arr_encode_1d(&ctx, SS_TYPE_TEXT, s, 2, &t), SS_OK);
    ck_assert_uint_eq(t.len, 16 + 8 + 4 + 2 + 4);
    arr_decode(&t, &a);
    ck_assert_ptr_null(a.nulls);
    arr_item(&a, 1, &v);
    ck_assert_uint_eq(v.v.s.len, 0);
    arr_item(&a, 0, &v);
    ck_assert_uint_eq(v.v.s.len, 2);
    ck_assert(memcmp(v.v.s.ptr, "ab", 2) == 0);

    /* the empty array has no dimensions */
    ck_assert_int_eq(arr_encode_1d(&ctx, SS_TYPE_INT8, NULL, 0, &t), SS_OK);
    ck_assert_uint_eq(t.len, 16);
    arr_decode(&t, &a);
    ck_assert_int_eq(a.ndims, 0);
    ck_assert_uint_eq(a.nitems, 0);
}
END_TEST

/* One text input and what comes back: the output text, or "ERR:<state>:<message>|<detail>". */
struct io_case {
    int32_t elem;
    const char *in, *want;
};

static const struct io_case io_cases[] = {
    {SS_TYPE_INT4, "{1,2,3}",
     "{1,2,3}"},
    {SS_TYPE_INT4, " { 1 , 2 } ",
     "{1,2}"},
    {SS_TYPE_INT4, "{{1,2},{3,4}}",
     "{{1,2},{3,4}}"},
    {SS_TYPE_INT4, "{{{1},{2}},{{3},{4}}}",
     "{{{1},{2}},{{3},{4}}}"},
    {SS_TYPE_INT4, "{}",
     "{}"},
    {SS_TYPE_INT4, "{1,NULL,null}",
     "{1,NULL,NULL}"},
    {SS_TYPE_INT4, "[0:1]={1,2}",
     "[0:1]={1,2}"},
    {SS_TYPE_INT4, "[1:2]={1,2}",
     "{1,2}"},
    {SS_TYPE_INT4, "[-1:0][2:3]={{1,2},{3,4}}",
     "[-1:0][2:3]={{1,2},{3,4}}"},
    {SS_TYPE_TEXT, "{ a b , \"c d\" ,NULL,\"NULL\",null, \\\"x\\\\ }",
     "{\"a b\",\"c d\",NULL,\"NULL\",NULL,\"\\\"x\\\\\"}"},
    {SS_TYPE_TEXT, "{\"\",\"{}\",\"a,b\",x}",
     "{\"\",\"{}\",\"a,b\",x}"},
    {SS_TYPE_BOOL, "{t,false,yes}",
     "{t,f,t}"},
    {SS_TYPE_FLOAT8, "{1.5,NaN,-0}",
     "{1.5,NaN,-0}"},
    {SS_TYPE_NUMERIC, "{1.50,-2}",
     "{1.50,-2}"},
};

static const struct io_case error_cases[] = {
    {SS_TYPE_INT4, "[1:2]={1,2",
     "ERR:22P02:malformed array literal: \"{1,2\"|Unexpected end of input."},
    {SS_TYPE_INT4, "{1,2}x",
     "ERR:22P02:malformed array literal: \"{1,2}x\"|Junk after closing right brace."},
    {SS_TYPE_INT4, "{{1,2},{3}}",
     "ERR:22P02:malformed array literal: \"{{1,2},{3}}\"|Multidimensional arrays " "must have sub-arrays with matching dimensions."},
    {SS_TYPE_INT4, "x",
     "ERR:22P02:malformed array literal: \"x\"|Array value must start with \"{\" " "or dimension information."},
    {SS_TYPE_INT4, "[1:2]{1,2}",
     "ERR:22P02:malformed array literal: \"[1:2]{1,2}\"|Missing \"=\" after array " "dimensions."},
    {SS_TYPE_INT4, "[1:2]={1,2,3}",
     "ERR:22P02:malformed array literal: \"[1:2]={1,2,3}\"|Specified array " "dimensions do not match array contents."},
    {SS_TYPE_INT4, "[2:1]={}",
     "ERR:2202E:upper bound cannot be less than lower bound|"},
    {SS_TYPE_INT4, "[a]={1}",
     "ERR:22P02:malformed array literal: \"[a]={1}\"|\"[\" must introduce " "explicitly-specified array dimensions."},
    {SS_TYPE_INT4, "[1:]={1}",
     "ERR:22P02:malformed array literal: \"[1:]={1}\"|Missing array dimension value."},
    {SS_TYPE_INT4, "[1:2={1}",
     "ERR:22P02:malformed array literal: \"[1:2={1}\"|Missing \"]\" after array " "dimensions."},
    {SS_TYPE_INT4, "{1,{2}}",
     "ERR:22P02:malformed array literal: \"{1,{2}}\"|Unexpected \"{\" character."},
    {SS_TYPE_INT4, "{{1},2}",
     "ERR:22P02:malformed array literal: \"{{1},2}\"|Unexpected array element."},
    {SS_TYPE_TEXT, "{\"a\"b}",
     "ERR:22P02:malformed array literal: \"{\"a\"b}\"|Unexpected array element."},
    {SS_TYPE_INT4, "{{}}",
     "ERR:22P02:malformed array literal: \"{{}}\"|Unexpected \"}\" character."},
    {SS_TYPE_INT4, "{1,a}",
     "ERR:22P02:invalid input syntax for type integer: \"a\"|"},
    {SS_TYPE_INT4, "{{{{{{{1}}}}}}}",
     "ERR:54000:number of array dimensions (7) exceeds the maximum allowed (6)|"},
};

START_TEST(text_io)
{
    for (size_t k = 0; k < sizeof io_cases / sizeof io_cases[0]; k++)
        ck_assert_str_eq(roundtrip(io_cases[k].elem, io_cases[k].in), io_cases[k].want);
}
END_TEST

START_TEST(input_errors)
{
    for (size_t k = 0; k < sizeof error_cases / sizeof error_cases[0]; k++)
        ck_assert_str_eq(roundtrip(error_cases[k].elem, error_cases[k].in), error_cases[k].want);
}
END_TEST

START_TEST(order_and_hash)
{
    /* element-wise first, a NULL item above every value, then item count, ndims, dims, bounds */
    ss_text a = parse(SS_TYPE_INT4, "{1,2}"), b = parse(SS_TYPE_INT4, "{1,3}");
    ck_assert_int_eq(arr_compare(&a, &b), -1);
    ck_assert_int_eq(arr_compare(&b, &a), 1);
    ss_text c = parse(SS_TYPE_INT4, "{1,NULL}");
    ck_assert_int_eq(arr_compare(&c, &b), 1);
    ss_text d = parse(SS_TYPE_INT4, "{1,2,0}");
    ck_assert_int_eq(arr_compare(&a, &d), -1);
    ss_text e = parse(SS_TYPE_INT4, "{{1,2}}");
    ck_assert_int_eq(arr_compare(&a, &e), -1);
    ss_text f = parse(SS_TYPE_INT4, "[0:1]={1,2}");
    ck_assert_int_eq(arr_compare(&f, &a), -1);
    ss_text g = parse(SS_TYPE_INT4, "{}");
    ck_assert_int_eq(arr_compare(&g, &a), -1);
    /* equal numeric items of different scales are equal and hash alike */
    ss_text n1 = parse(SS_TYPE_NUMERIC, "{1.0,2}"), n2 = parse(SS_TYPE_NUMERIC, "{1.00,2}");
    ck_assert_int_eq(arr_compare(&n1, &n2), 0);
    ck_assert_uint_eq(arr_hash(&n1), arr_hash(&n2));
    ss_text t1 = parse(SS_TYPE_TEXT, "{ab,b}"), t2 = parse(SS_TYPE_TEXT, "{abc}");
    ck_assert_int_eq(arr_compare(&t1, &t2), -1);
    ck_assert_uint_ne(arr_hash(&a), arr_hash(&b));
}
END_TEST

static void add(TCase *tc)
{
    tcase_add_test(tc, encoding_layout);
    tcase_add_test(tc, text_io);
    tcase_add_test(tc, input_errors);
    tcase_add_test(tc, order_and_hash);
}

int main(void)
{
    return run_suite("array", setup, teardown, add);
}
