/* test_errcontext.c — the "LINE n:" context and caret lines against psql 15's output for the
 * same query and error position: several lines, CR/CRLF line ends, tabs, wide characters,
 * end-of-input errors, and the truncation of lines wider than 60 columns at every boundary. */
#include <check.h>
#include <stdlib.h>

#include "buf.h"
#include "errcontext.h"

static void check_context(const char *query, int pos, const char *expected)
{
    buf out;
    buf_init(&out);
    ck_assert(format_error_context(&out, query, pos));
    ck_assert_str_eq(out.data, expected);
    buf_free(&out);
}

START_TEST(test_simple)
{
    check_context("select 1 from nosuch",
                  15,
    "LINE 1: select 1 from nosuch\n"
    "                      ^\n");
}
END_TEST

START_TEST(test_second_line)
{
    check_context("select 1,\n" "  2 frm zzq",
                  19,
    "LINE 2:   2 frm zzq\n"
    "                ^\n");
}
END_TEST

START_TEST(test_fourth_line)
{
    check_context("select 1,\n" "\n" "\n" "  2 frm zzq\n" "  ,3",
                  21,
    "LINE 4:   2 frm zzq\n"
    "                ^\n");
}
END_TEST

START_TEST(test_crlf)
{
    check_context("select 1,\x0d""\n" " 2 frm zzq",
                  19,
    "LINE 2:  2 frm zzq\n"
    "               ^\n");
}
END_TEST

START_TEST(test_cr)
{
    check_context("select 1,\x0d"" 2 frm zzq",
                  18,
    "LINE 2:  2 frm zzq\n"
    "               ^\n");
}
END_TEST

START_TEST(test_end_of_input)
{
    check_context("select 1 +",
                  11,
    "LINE 1: select 1 +\n"
    "                  ^\n");
}
END_TEST

START_TEST(test_end_of_input_trailing_space)
{
    check_context("select 'abc' || 1 ++ ",
                  22,
    "LINE 1: select 'abc' || 1 ++ \n"
    "                             ^\n");
}
END_TEST

START_TEST(test_end_of_input_after_newline)
{
    check_context("select 1 +\n",
                  12,
    "LINE 2: \n"
    "        ^\n");
}
END_TEST

START_TEST(test_end_of_input_blank_lines)
{
    check_context("select 1 +\n" "\n",
                  13,
    "LINE 3: \n"
    "        ^\n");
}
END_TEST

START_TEST(test_tabs)
{
    check_context("\tselect\t1\tfrom\tnosuch",
                  16,
    "LINE 1:  select 1 from nosuch\n"
    "                       ^\n");
}
END_TEST

START_TEST(test_wide_before)
{
    check_context("select '日本語' from nosuch",
                  19,
    "LINE 1: select '日本語' from nosuch\n"
    "                             ^\n");
}
END_TEST

START_TEST(test_third_statement)
{
    check_context("select 1;\n" "select 2;\n" "select zzq",
                  28,
    "LINE 3: select zzq\n"
    "               ^\n");
}
END_TEST

START_TEST(test_same_line_second_statement)
{
    check_context("select 1; select 2 fromm zzq",
                  26,
    "LINE 1: select 1; select 2 fromm zzq\n"
    "                                 ^\n");
}
END_TEST

START_TEST(test_long_0)
{
    check_context("select  frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                  9,
    "LINE 1: select  frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb...\n"
    "                ^\n");
}
END_TEST

START_TEST(test_long_30)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                  43,
    "LINE 1: select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbb...\n"
    "                                                  ^\n");
}
END_TEST

START_TEST(test_long_37)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                  50,
    "LINE 1: select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as b...\n"
    "                                                         ^\n");
}
END_TEST

START_TEST(test_long_38)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                  51,
    "LINE 1: select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
    "                                                          ^\n");
}
END_TEST

START_TEST(test_long_39)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                  52,
    "LINE 1: ...elect aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_long_40)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                  53,
    "LINE 1: ...lect aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_long_50)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                  63,
    "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_long_60)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                  73,
    "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_long_100)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
                  113,
    "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_width_58)
{
    check_context("select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
                  14,
    "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n"
    "                     ^\n");
}
END_TEST

START_TEST(test_width_59)
{
    check_context("select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
                  14,
    "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n"
    "                     ^\n");
}
END_TEST

START_TEST(test_width_60)
{
    check_context("select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
                  14,
    "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n"
    "                     ^\n");
}
END_TEST

START_TEST(test_width_61)
{
    check_context("select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
                  14,
    "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...\n"
    "                     ^\n");
}
END_TEST

START_TEST(test_width_62)
{
    check_context("select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
                  14,
    "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...\n"
    "                     ^\n");
}
END_TEST

START_TEST(test_near_end_0)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq",
                  83,
    "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq\n"
    "                                                                    ^\n");
}
END_TEST

START_TEST(test_near_end_1)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqx",
                  83,
    "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqx\n"
    "                                                                   ^\n");
}
END_TEST

START_TEST(test_near_end_8)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxxx",
                  83,
    "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxx...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_near_end_9)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxxxx",
                  83,
    "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxx...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_near_end_10)
{
    check_context("select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxxxxx",
                  83,
    "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxx...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_wide_cut_begin)
{
    check_context("select '日本語日本語日本語日本語日本語日本語日本語日本語日本語' frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbb",
                  42,
    "LINE 1: ...語日本語日本語日本語日本語日本語日本語日本語' frm zzq, 3 as ...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_wide_cut_begin_odd)
{
    check_context("select '日本語日本語日本語日本語日本語日本語日本語日本語日本語' frm  zzq, 3 as bbbbbbbbbbbbbbbbbbbbbb",
                  43,
    "LINE 1: ...日本語日本語日本語日本語日本語日本語日本語' frm  zzq, 3 as ...\n"
    "                                                            ^\n");
}
END_TEST

START_TEST(test_wide_cut_end)
{
    check_context("select 1 frm zzq, 'a日本語日本語日本語日本語日本語日本語日本語日本語日本語' as bbbbbbbbbbbbbbbbbbbbbb",
                  14,
    "LINE 1: select 1 frm zzq, 'a日本語日本語日本語日本語日本語日本語日本...\n"
    "                     ^\n");
}
END_TEST

START_TEST(test_wide_cut_end_odd)
{
    check_context("select 1 frm zzq, 'ab日本語日本語日本語日本語日本語日本語日本語日本語日本語' as bbbbbbbbbbbbbbbbbbbbbb",
                  14,
    "LINE 1: select 1 frm zzq, 'ab日本語日本語日本語日本語日本語日本語日...\n"
    "                     ^\n");
}
END_TEST

START_TEST(test_long_second_line)
{
    check_context("select 1,\n" "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx frm zzq yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
                  96,
    "LINE 2: ...xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx frm zzq yyyyyy...\n"
    "                                                             ^\n");
}
END_TEST

START_TEST(test_position_outside_query)
{
    buf out;
    buf_init(&out);
    ck_assert(!format_error_context(&out, "select 1", 0));
    ck_assert(!format_error_context(&out, "select 1", 10));
    ck_assert(!format_error_context(&out, NULL, 1));
    ck_assert_uint_eq(out.len, 0);
    ck_assert(format_error_context(&out, "select 1", 9));
    buf_free(&out);
}
END_TEST

static Suite *errcontext_suite(void)
{
    Suite *s = suite_create("errcontext");
    TCase *tc = tcase_create("psql15");
    tcase_add_test(tc, test_simple);
    tcase_add_test(tc, test_second_line);
    tcase_add_test(tc, test_fourth_line);
    tcase_add_test(tc, test_crlf);
    tcase_add_test(tc, test_cr);
    tcase_add_test(tc, test_end_of_input);
    tcase_add_test(tc, test_end_of_input_trailing_space);
    tcase_add_test(tc, test_end_of_input_after_newline);
    tcase_add_test(tc, test_end_of_input_blank_lines);
    tcase_add_test(tc, test_tabs);
    tcase_add_test(tc, test_wide_before);
    tcase_add_test(tc, test_third_statement);
    tcase_add_test(tc, test_same_line_second_statement);
    tcase_add_test(tc, test_long_0);
    tcase_add_test(tc, test_long_30);
    tcase_add_test(tc, test_long_37);
    tcase_add_test(tc, test_long_38);
    tcase_add_test(tc, test_long_39);
    tcase_add_test(tc, test_long_40);
    tcase_add_test(tc, test_long_50);
    tcase_add_test(tc, test_long_60);
    tcase_add_test(tc, test_long_100);
    tcase_add_test(tc, test_width_58);
    tcase_add_test(tc, test_width_59);
    tcase_add_test(tc, test_width_60);
    tcase_add_test(tc, test_width_61);
    tcase_add_test(tc, test_width_62);
    tcase_add_test(tc, test_near_end_0);
    tcase_add_test(tc, test_near_end_1);
    tcase_add_test(tc, test_near_end_8);
    tcase_add_test(tc, test_near_end_9);
    tcase_add_test(tc, test_near_end_10);
    tcase_add_test(tc, test_wide_cut_begin);
    tcase_add_test(tc, test_wide_cut_begin_odd);
    tcase_add_test(tc, test_wide_cut_end);
    tcase_add_test(tc, test_wide_cut_end_odd);
    tcase_add_test(tc, test_long_second_line);
    tcase_add_test(tc, test_position_outside_query);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(errcontext_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
