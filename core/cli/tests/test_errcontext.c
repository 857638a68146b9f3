/* test_errcontext.c — the "LINE n:" context and caret lines against psql 15's output for the
 * same query and error position: several lines, CR/CRLF line ends, tabs, wide characters,
 * end-of-input errors, and the truncation of lines wider than 60 columns at every boundary,
 * as one table of cases run by one looped test. */
#include <check.h>
#include <stdlib.h>

#include "buf.h"
#include "errcontext.h"

static void check_context(const char *name, const char *query, int pos, const char *expected)
{
    buf out;
    buf_init(&out);
    ck_assert_msg(format_error_context(&out, query, pos), "%s: no context line", name);
    ck_assert_str_eq(out.data, expected);
    buf_free(&out);
}

/* {name, query, error position (1-based, as PostgreSQL reports it), psql 15's context lines} */
static const struct {
    const char *name;
    const char *query;
    int pos;
    const char *expected;
} cases[] = {
    {"simple", "select 1 from nosuch", 15,
     "LINE 1: select 1 from nosuch\n"
     "                      ^\n"},
    {"second_line", "select 1,\n" "  2 frm zzq", 19,
     "LINE 2:   2 frm zzq\n"
     "                ^\n"},
    {"fourth_line", "select 1,\n" "\n" "\n" "  2 frm zzq\n" "  ,3", 21,
     "LINE 4:   2 frm zzq\n"
     "                ^\n"},
    {"crlf", "select 1,\x0d""\n" " 2 frm zzq", 19,
     "LINE 2:  2 frm zzq\n"
     "               ^\n"},
    {"cr", "select 1,\x0d"" 2 frm zzq", 18,
     "LINE 2:  2 frm zzq\n"
     "               ^\n"},
    {"end_of_input", "select 1 +", 11,
     "LINE 1: select 1 +\n"
     "                  ^\n"},
    {"end_of_input_trailing_space", "select 'abc' || 1 ++ ", 22,
     "LINE 1: select 'abc' || 1 ++ \n"
     "                             ^\n"},
    {"end_of_input_after_newline", "select 1 +\n", 12,
     "LINE 2: \n"
     "        ^\n"},
    {"end_of_input_blank_lines", "select 1 +\n" "\n", 13,
     "LINE 3: \n"
     "        ^\n"},
    {"tabs", "\tselect\t1\tfrom\tnosuch", 16,
     "LINE 1:  select 1 from nosuch\n"
     "                       ^\n"},
    {"wide_before", "select '日本語' from nosuch", 19,
     "LINE 1: select '日本語' from nosuch\n"
     "                             ^\n"},
    {"third_statement", "select 1;\n" "select 2;\n" "select zzq", 28,
     "LINE 3: select zzq\n"
     "               ^\n"},
    {"same_line_second_statement", "select 1; select 2 fromm zzq", 26,
     "LINE 1: select 1; select 2 fromm zzq\n"
     "                                 ^\n"},
    {"long_0",
     "select  frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
     9,
     "LINE 1: select  frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb...\n"
     "                ^\n"},
    {"long_30",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
     43,
     "LINE 1: select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbb...\n"
     "                                                  ^\n"},
    {"long_37",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
     50,
     "LINE 1: select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as b...\n"
     "                                                         ^\n"},
    {"long_38",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
     51,
     "LINE 1: select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
     "                                                          ^\n"},
    {"long_39",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
     52,
     "LINE 1: ...elect aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
     "                                                             ^\n"},
    {"long_40",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
     53,
     "LINE 1: ...lect aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
     "                                                             ^\n"},
    {"long_50",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
     63,
     "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
     "                                                             ^\n"},
    {"long_60",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
     73,
     "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
     "                                                             ^\n"},
    {"long_100",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
     113,
     "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq, 3 as ...\n"
     "                                                             ^\n"},
    {"width_58", "select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", 14,
     "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n"
     "                     ^\n"},
    {"width_59", "select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", 14,
     "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n"
     "                     ^\n"},
    {"width_60", "select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", 14,
     "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n"
     "                     ^\n"},
    {"width_61", "select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", 14,
     "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...\n"
     "                     ^\n"},
    {"width_62", "select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", 14,
     "LINE 1: select 1 frm zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...\n"
     "                     ^\n"},
    {"near_end_0",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq",
     83,
     "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzq\n"
     "                                                                    ^\n"},
    {"near_end_1",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqx",
     83,
     "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqx\n"
     "                                                                   ^\n"},
    {"near_end_8",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxxx",
     83,
     "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxx...\n"
     "                                                             ^\n"},
    {"near_end_9",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxxxx",
     83,
     "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxx...\n"
     "                                                             ^\n"},
    {"near_end_10",
     "select aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxxxxx",
     83,
     "LINE 1: ...aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa frm zzqxxxxxxx...\n"
     "                                                             ^\n"},
    {"wide_cut_begin",
     "select '日本語日本語日本語日本語日本語日本語日本語日本語日本語' frm zzq, 3 as bbbbbbbbbbbbbbbbbbbbbb",
     42,
     "LINE 1: ...語日本語日本語日本語日本語日本語日本語日本語' frm zzq, 3 as ...\n"
     "                                                             ^\n"},
    {"wide_cut_begin_odd",
     "select '日本語日本語日本語日本語日本語日本語日本語日本語日本語' frm  zzq, 3 as bbbbbbbbbbbbbbbbbbbbbb",
     43,
     "LINE 1: ...日本語日本語日本語日本語日本語日本語日本語' frm  zzq, 3 as ...\n"
     "                                                            ^\n"},
    {"wide_cut_end",
     "select 1 frm zzq, 'a日本語日本語日本語日本語日本語日本語日本語日本語日本語' as bbbbbbbbbbbbbbbbbbbbbb",
     14,
     "LINE 1: select 1 frm zzq, 'a日本語日本語日本語日本語日本語日本語日本...\n"
     "                     ^\n"},
    {"wide_cut_end_odd",
     "select 1 frm zzq, 'ab日本語日本語日本語日本語日本語日本語日本語日本語日本語' as bbbbbbbbbbbbbbbbbbbbbb",
     14,
     "LINE 1: select 1 frm zzq, 'ab日本語日本語日本語日本語日本語日本語日...\n"
     "                     ^\n"},
    {"long_second_line",
     "select 1,\n" "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx frm zzq yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
     96,
     "LINE 2: ...xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx frm zzq yyyyyy...\n"
     "                                                             ^\n"},
};

START_TEST(test_psql15_context)
{
    check_context(cases[_i].name, cases[_i].query, cases[_i].pos, cases[_i].expected);
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
    tcase_add_loop_test(tc, test_psql15_context, 0, (int)(sizeof cases / sizeof cases[0]));
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
