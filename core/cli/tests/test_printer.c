/* test_printer.c — the printer against output captured from psql 15 for the same data:
 * aligned, tuples-only, unaligned and unaligned tuples-only; NULLs, empty results, zero
 * columns, multi-line values and headers, wide and combining characters, tabs and control
 * characters, numeric right alignment, titles (\dt, \d t) and custom separators. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "printer.h"
#include "table.h"

static void check_render(const result_table *t, bool aligned, bool tuples_only, const char *sep,
                         const char *expected)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    print_opts opt = {aligned, tuples_only, sep};
    print_table(f, t, &opt);
    fclose(f);
    ck_assert_str_eq(text, expected);
    free(text);
}

START_TEST(test_basic_aligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "bbbbbbb", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"1", "hello", "x"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " a | bbbbbbb | c \n"
    "---+---------+---\n"
    " 1 | hello   | x\n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_basic_tuples)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "bbbbbbb", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"1", "hello", "x"};
        table_add_row(&t, row);
    }
    check_render(&t, true, true, "|",
    " 1 | hello   | x\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_basic_unaligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "bbbbbbb", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"1", "hello", "x"};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "a|bbbbbbb|c\n"
    "1|hello|x\n"
    "(1 row)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_basic_unaligned_tuples)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "bbbbbbb", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"1", "hello", "x"};
        table_add_row(&t, row);
    }
    check_render(&t, false, true, "|",
    "1|hello|x\n");
    table_free(&t);
}
END_TEST

START_TEST(test_null_last_column_aligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"12345", "hello world", NULL};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    "   a   |      b      | c \n"
    "-------+-------------+---\n"
    " 12345 | hello world | \n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_null_last_column_tuples)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"12345", "hello world", NULL};
        table_add_row(&t, row);
    }
    check_render(&t, true, true, "|",
    " 12345 | hello world | \n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_null_last_column_unaligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"12345", "hello world", NULL};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "a|b|c\n"
    "12345|hello world|\n"
    "(1 row)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_null_last_column_unaligned_tuples)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"12345", "hello world", NULL};
        table_add_row(&t, row);
    }
    check_render(&t, false, true, "|",
    "12345|hello world|\n");
    table_free(&t);
}
END_TEST

START_TEST(test_two_rows_aligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"1", NULL, "x"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"2", "q", "r"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " a | b | c \n"
    "---+---+---\n"
    " 1 |   | x\n"
    " 2 | q | r\n"
    "(2 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_two_rows_tuples)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"1", NULL, "x"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"2", "q", "r"};
        table_add_row(&t, row);
    }
    check_render(&t, true, true, "|",
    " 1 |   | x\n"
    " 2 | q | r\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_two_rows_unaligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"1", NULL, "x"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"2", "q", "r"};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "a|b|c\n"
    "1||x\n"
    "2|q|r\n"
    "(2 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_two_rows_unaligned_tuples)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    {
        const char *row[] = {"1", NULL, "x"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"2", "q", "r"};
        table_add_row(&t, row);
    }
    check_render(&t, false, true, "|",
    "1||x\n"
    "2|q|r\n");
    table_free(&t);
}
END_TEST

START_TEST(test_empty_result_aligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "x", align_for_type(23));
    table_set_column(&t, 1, "y", align_for_type(25));
    check_render(&t, true, false, "|",
    " x | y \n"
    "---+---\n"
    "(0 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_empty_result_tuples)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "x", align_for_type(23));
    table_set_column(&t, 1, "y", align_for_type(25));
    check_render(&t, true, true, "|",
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_empty_result_unaligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "x", align_for_type(23));
    table_set_column(&t, 1, "y", align_for_type(25));
    check_render(&t, false, false, "|",
    "x|y\n"
    "(0 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_empty_result_unaligned_tuples)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "x", align_for_type(23));
    table_set_column(&t, 1, "y", align_for_type(25));
    check_render(&t, false, true, "|",
"");
    table_free(&t);
}
END_TEST

START_TEST(test_empty_result_sep_unaligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "c", align_for_type(25));
    check_render(&t, false, false, ",",
    "a,c\n"
    "(0 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_sep_unaligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    {
        const char *row[] = {"1", "x"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"22", NULL};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, ";;",
    "a;;b\n"
    "1;;x\n"
    "22;;\n"
    "(2 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_sep_unaligned_tuples)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    {
        const char *row[] = {"1", "x"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"22", NULL};
        table_add_row(&t, row);
    }
    check_render(&t, false, true, ";;",
    "1;;x\n"
    "22;;\n");
    table_free(&t);
}
END_TEST

START_TEST(test_one_column_aligned)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "?column?", align_for_type(23));
    {
        const char *row[] = {"1"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " ?column? \n"
    "----------\n"
    "        1\n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_one_column_tuples)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "?column?", align_for_type(23));
    {
        const char *row[] = {"1"};
        table_add_row(&t, row);
    }
    check_render(&t, true, true, "|",
    "        1\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_one_column_unaligned)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "?column?", align_for_type(23));
    {
        const char *row[] = {"1"};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "?column?\n"
    "1\n"
    "(1 row)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_one_column_unaligned_tuples)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "?column?", align_for_type(23));
    {
        const char *row[] = {"1"};
        table_add_row(&t, row);
    }
    check_render(&t, false, true, "|",
    "1\n");
    table_free(&t);
}
END_TEST

START_TEST(test_one_text_column_aligned)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "name", align_for_type(25));
    {
        const char *row[] = {"a"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"bb"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {""};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " name \n"
    "------\n"
    " a\n"
    " bb\n"
    " \n"
    "(3 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_one_text_column_tuples)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "name", align_for_type(25));
    {
        const char *row[] = {"a"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"bb"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {""};
        table_add_row(&t, row);
    }
    check_render(&t, true, true, "|",
    " a\n"
    " bb\n"
    " \n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_one_text_column_unaligned)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "name", align_for_type(25));
    {
        const char *row[] = {"a"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"bb"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {""};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "name\n"
    "a\n"
    "bb\n"
    "\n"
    "(3 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_one_text_column_unaligned_tuples)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "name", align_for_type(25));
    {
        const char *row[] = {"a"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"bb"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {""};
        table_add_row(&t, row);
    }
    check_render(&t, false, true, "|",
    "a\n"
    "bb\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_one_row_aligned)
{
    result_table t;
    table_init(&t, 0);
    table_add_row(&t, NULL);
    check_render(&t, true, false, "|",
    "--\n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_one_row_tuples)
{
    result_table t;
    table_init(&t, 0);
    table_add_row(&t, NULL);
    check_render(&t, true, true, "|",
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_one_row_unaligned)
{
    result_table t;
    table_init(&t, 0);
    table_add_row(&t, NULL);
    check_render(&t, false, false, "|",
    "\n"
    "(1 row)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_one_row_unaligned_tuples)
{
    result_table t;
    table_init(&t, 0);
    table_add_row(&t, NULL);
    check_render(&t, false, true, "|",
"");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_rows_aligned)
{
    result_table t;
    table_init(&t, 0);
    table_add_row(&t, NULL);
    table_add_row(&t, NULL);
    table_add_row(&t, NULL);
    check_render(&t, true, false, "|",
    "--\n"
    "(3 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_rows_tuples)
{
    result_table t;
    table_init(&t, 0);
    table_add_row(&t, NULL);
    table_add_row(&t, NULL);
    table_add_row(&t, NULL);
    check_render(&t, true, true, "|",
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_rows_unaligned)
{
    result_table t;
    table_init(&t, 0);
    table_add_row(&t, NULL);
    table_add_row(&t, NULL);
    table_add_row(&t, NULL);
    check_render(&t, false, false, "|",
    "\n"
    "(3 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_rows_unaligned_tuples)
{
    result_table t;
    table_init(&t, 0);
    table_add_row(&t, NULL);
    table_add_row(&t, NULL);
    table_add_row(&t, NULL);
    check_render(&t, false, true, "|",
"");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_no_rows_aligned)
{
    result_table t;
    table_init(&t, 0);
    check_render(&t, true, false, "|",
    "--\n"
    "(0 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_no_rows_tuples)
{
    result_table t;
    table_init(&t, 0);
    check_render(&t, true, true, "|",
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_no_rows_unaligned)
{
    result_table t;
    table_init(&t, 0);
    check_render(&t, false, false, "|",
    "\n"
    "(0 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_zero_columns_no_rows_unaligned_tuples)
{
    result_table t;
    table_init(&t, 0);
    check_render(&t, false, true, "|",
"");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_middle_aligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "m", align_for_type(25));
    table_set_column(&t, 1, "n", align_for_type(23));
    table_set_column(&t, 2, "last", align_for_type(25));
    {
        const char *row[] = {"a\n" "bcd", "1", "z"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    "  m  | n | last \n"
    "-----+---+------\n"
    " a  +| 1 | z\n"
    " bcd |   | \n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_middle_tuples)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "m", align_for_type(25));
    table_set_column(&t, 1, "n", align_for_type(23));
    table_set_column(&t, 2, "last", align_for_type(25));
    {
        const char *row[] = {"a\n" "bcd", "1", "z"};
        table_add_row(&t, row);
    }
    check_render(&t, true, true, "|",
    " a  +| 1 | z\n"
    " bcd |   | \n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_middle_unaligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "m", align_for_type(25));
    table_set_column(&t, 1, "n", align_for_type(23));
    table_set_column(&t, 2, "last", align_for_type(25));
    {
        const char *row[] = {"a\n" "bcd", "1", "z"};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "m|n|last\n"
    "a\n"
    "bcd|1|z\n"
    "(1 row)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_middle_unaligned_tuples)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "m", align_for_type(25));
    table_set_column(&t, 1, "n", align_for_type(23));
    table_set_column(&t, 2, "last", align_for_type(25));
    {
        const char *row[] = {"a\n" "bcd", "1", "z"};
        table_add_row(&t, row);
    }
    check_render(&t, false, true, "|",
    "a\n"
    "bcd|1|z\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_last_aligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "n", align_for_type(23));
    table_set_column(&t, 1, "m", align_for_type(25));
    {
        const char *row[] = {"1", "a\n" "bcd"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " n |  m  \n"
    "---+-----\n"
    " 1 | a  +\n"
    "   | bcd\n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_last_tuples)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "n", align_for_type(23));
    table_set_column(&t, 1, "m", align_for_type(25));
    {
        const char *row[] = {"1", "a\n" "bcd"};
        table_add_row(&t, row);
    }
    check_render(&t, true, true, "|",
    " 1 | a  +\n"
    "   | bcd\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_last_unaligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "n", align_for_type(23));
    table_set_column(&t, 1, "m", align_for_type(25));
    {
        const char *row[] = {"1", "a\n" "bcd"};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "n|m\n"
    "1|a\n"
    "bcd\n"
    "(1 row)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_last_unaligned_tuples)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "n", align_for_type(23));
    table_set_column(&t, 1, "m", align_for_type(25));
    {
        const char *row[] = {"1", "a\n" "bcd"};
        table_add_row(&t, row);
    }
    check_render(&t, false, true, "|",
    "1|a\n"
    "bcd\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_many_aligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "m", align_for_type(25));
    table_set_column(&t, 1, "m2", align_for_type(25));
    table_set_column(&t, 2, "last", align_for_type(25));
    {
        const char *row[] = {"a\n" "bcd", "x\n" "y\n" "z", "q"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    "  m  | m2 | last \n"
    "-----+----+------\n"
    " a  +| x +| q\n"
    " bcd | y +| \n"
    "     | z  | \n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_many_tuples)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "m", align_for_type(25));
    table_set_column(&t, 1, "m2", align_for_type(25));
    table_set_column(&t, 2, "last", align_for_type(25));
    {
        const char *row[] = {"a\n" "bcd", "x\n" "y\n" "z", "q"};
        table_add_row(&t, row);
    }
    check_render(&t, true, true, "|",
    " a  +| x +| q\n"
    " bcd | y +| \n"
    "     | z  | \n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_trailing_newline_aligned)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "m", align_for_type(25));
    {
        const char *row[] = {"a\n" "bcd"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"zz\n"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    "  m  \n"
    "-----\n"
    " a  +\n"
    " bcd\n"
    " zz +\n"
    " \n"
    "(2 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_trailing_newline_unaligned)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "m", align_for_type(25));
    {
        const char *row[] = {"a\n" "bcd"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"zz\n"};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "m\n"
    "a\n"
    "bcd\n"
    "zz\n"
    "\n"
    "(2 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_header_aligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "col\n" "hdr", align_for_type(25));
    table_set_column(&t, 1, "q", align_for_type(25));
    {
        const char *row[] = {"ab", "xyz"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " col+|  q  \n"
    " hdr |     \n"
    "-----+-----\n"
    " ab  | xyz\n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_header_unaligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "col\n" "hdr", align_for_type(25));
    table_set_column(&t, 1, "q", align_for_type(25));
    {
        const char *row[] = {"ab", "xyz"};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "col\n"
    "hdr|q\n"
    "ab|xyz\n"
    "(1 row)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_multiline_header_numbers_aligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "a\n" "bbbbbb\n" "cc", align_for_type(25));
    table_set_column(&t, 1, "n\n" "num", align_for_type(23));
    table_set_column(&t, 2, "lastcol", align_for_type(23));
    {
        const char *row[] = {"x", "123", NULL};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    "   a   +|  n +| lastcol \n"
    " bbbbbb+| num |         \n"
    "   cc   |     |         \n"
    "--------+-----+---------\n"
    " x      | 123 |        \n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_tabs_in_multiline_aligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "t", align_for_type(25));
    table_set_column(&t, 1, "n2", align_for_type(23));
    table_set_column(&t, 2, "n3", align_for_type(23));
    {
        const char *row[] = {"ab\tc\n" "d\te", NULL, "5"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    "     t     | n2 | n3 \n"
    "-----------+----+----\n"
    " ab      c+|    |  5\n"
    " d       e |    | \n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_tabs_in_multiline_unaligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "t", align_for_type(25));
    table_set_column(&t, 1, "n2", align_for_type(23));
    table_set_column(&t, 2, "n3", align_for_type(23));
    {
        const char *row[] = {"ab\tc\n" "d\te", NULL, "5"};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "t|n2|n3\n"
    "ab\tc\n"
    "d\te||5\n"
    "(1 row)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_wide_chars_aligned)
{
    result_table t;
    table_init(&t, 3);
    table_set_column(&t, 0, "w", align_for_type(25));
    table_set_column(&t, 1, "e", align_for_type(25));
    table_set_column(&t, 2, "l", align_for_type(25));
    {
        const char *row[] = {"日本語", "é", "x"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    "   w    | e | l \n"
    "--------+---+---\n"
    " 日本語 | é | x\n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_wide_header_aligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "日本", align_for_type(25));
    table_set_column(&t, 1, "数", align_for_type(23));
    {
        const char *row[] = {"ab", "12"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " 日本 | 数 \n"
    "------+----\n"
    " ab   | 12\n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_combining_aligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "comb", align_for_type(25));
    table_set_column(&t, 1, "y", align_for_type(25));
    {
        const char *row[] = {"é", "x"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " comb | y \n"
    "------+---\n"
    " é    | x\n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_control_chars_aligned)
{
    result_table t;
    table_init(&t, 4);
    table_set_column(&t, 0, "t", align_for_type(25));
    table_set_column(&t, 1, "r", align_for_type(25));
    table_set_column(&t, 2, "c", align_for_type(25));
    table_set_column(&t, 3, "del", align_for_type(25));
    {
        const char *row[] = {"a\tb", "c\x0d""d", "e\x01""f", "g\x7f""h"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    "     t     |  r   |   c    |  del   \n"
    "-----------+------+--------+--------\n"
    " a       b | c\\rd | e\\x01f | g\\x7Fh\n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_right_aligned_types_aligned)
{
    result_table t;
    table_init(&t, 8);
    table_set_column(&t, 0, "m", align_for_type(790));
    table_set_column(&t, 1, "x", align_for_type(28));
    table_set_column(&t, 2, "n", align_for_type(1700));
    table_set_column(&t, 3, "f", align_for_type(701));
    table_set_column(&t, 4, "s", align_for_type(21));
    table_set_column(&t, 5, "b", align_for_type(20));
    table_set_column(&t, 6, "bo", align_for_type(16));
    table_set_column(&t, 7, "l", align_for_type(25));
    {
        const char *row[] = {"$100.00", "5", "1.5", "4.5", "2", "3", "t", "long value"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"$1.00", "55555", "-10.25", "1e+100", "-32768", "9223372036854775807", "f", "s"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    "    m    |   x   |   n    |   f    |   s    |          b          | bo |     l      \n"
    "---------+-------+--------+--------+--------+---------------------+----+------------\n"
    " $100.00 |     5 |    1.5 |    4.5 |      2 |                   3 | t  | long value\n"
    "   $1.00 | 55555 | -10.25 | 1e+100 | -32768 | 9223372036854775807 | f  | s\n"
    "(2 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_null_right_last_aligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "a", align_for_type(23));
    table_set_column(&t, 1, "bbbb", align_for_type(23));
    {
        const char *row[] = {"1", NULL};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " a | bbbb \n"
    "---+------\n"
    " 1 |     \n"
    "(1 row)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_long_value_aligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "id", align_for_type(23));
    table_set_column(&t, 1, "doc", align_for_type(25));
    {
        const char *row[] = {"1", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"2", "short"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " id |                                                                          doc                                                                           \n"
    "----+--------------------------------------------------------------------------------------------------------------------------------------------------------\n"
    "  1 | xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
    "  2 | short\n"
    "(2 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_long_value_unaligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "id", align_for_type(23));
    table_set_column(&t, 1, "doc", align_for_type(25));
    {
        const char *row[] = {"1", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"2", "short"};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "id|doc\n"
    "1|xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
    "2|short\n"
    "(2 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_header_wider_aligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "a_rather_long_column_name", align_for_type(23));
    table_set_column(&t, 1, "b", align_for_type(25));
    {
        const char *row[] = {"1", "x"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"100", "yy"};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " a_rather_long_column_name | b  \n"
    "---------------------------+----\n"
    "                         1 | x\n"
    "                       100 | yy\n"
    "(2 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_empty_strings_aligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "a", align_for_type(25));
    table_set_column(&t, 1, "b", align_for_type(25));
    {
        const char *row[] = {"", ""};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {NULL, NULL};
        table_add_row(&t, row);
    }
    check_render(&t, true, false, "|",
    " a | b \n"
    "---+---\n"
    "   | \n"
    "   | \n"
    "(2 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_empty_strings_unaligned)
{
    result_table t;
    table_init(&t, 2);
    table_set_column(&t, 0, "a", align_for_type(25));
    table_set_column(&t, 1, "b", align_for_type(25));
    {
        const char *row[] = {"", ""};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {NULL, NULL};
        table_add_row(&t, row);
    }
    check_render(&t, false, false, "|",
    "a|b\n"
    "|\n"
    "|\n"
    "(2 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_list_of_relations_aligned)
{
    result_table t;
    table_init(&t, 4);
    table_set_column(&t, 0, "Schema", align_for_type(25));
    table_set_column(&t, 1, "Name", align_for_type(25));
    table_set_column(&t, 2, "Type", align_for_type(25));
    table_set_column(&t, 3, "Owner", align_for_type(25));
    {
        const char *row[] = {"public", "Mixed", "table", "root"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"public", "longer_table_name", "table", "root"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"public", "t", "table", "root"};
        table_add_row(&t, row);
    }
    table_set_title(&t, "List of relations");
    check_render(&t, true, false, "|",
    "             List of relations\n"
    " Schema |       Name        | Type  | Owner \n"
    "--------+-------------------+-------+-------\n"
    " public | Mixed             | table | root\n"
    " public | longer_table_name | table | root\n"
    " public | t                 | table | root\n"
    "(3 rows)\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_list_of_relations_tuples)
{
    result_table t;
    table_init(&t, 4);
    table_set_column(&t, 0, "Schema", align_for_type(25));
    table_set_column(&t, 1, "Name", align_for_type(25));
    table_set_column(&t, 2, "Type", align_for_type(25));
    table_set_column(&t, 3, "Owner", align_for_type(25));
    {
        const char *row[] = {"public", "Mixed", "table", "root"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"public", "longer_table_name", "table", "root"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"public", "t", "table", "root"};
        table_add_row(&t, row);
    }
    table_set_title(&t, "List of relations");
    check_render(&t, true, true, "|",
    " public | Mixed             | table | root\n"
    " public | longer_table_name | table | root\n"
    " public | t                 | table | root\n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_list_of_relations_unaligned)
{
    result_table t;
    table_init(&t, 4);
    table_set_column(&t, 0, "Schema", align_for_type(25));
    table_set_column(&t, 1, "Name", align_for_type(25));
    table_set_column(&t, 2, "Type", align_for_type(25));
    table_set_column(&t, 3, "Owner", align_for_type(25));
    {
        const char *row[] = {"public", "Mixed", "table", "root"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"public", "longer_table_name", "table", "root"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"public", "t", "table", "root"};
        table_add_row(&t, row);
    }
    table_set_title(&t, "List of relations");
    check_render(&t, false, false, "|",
    "List of relations\n"
    "Schema|Name|Type|Owner\n"
    "public|Mixed|table|root\n"
    "public|longer_table_name|table|root\n"
    "public|t|table|root\n"
    "(3 rows)\n");
    table_free(&t);
}
END_TEST

START_TEST(test_list_of_relations_unaligned_tuples)
{
    result_table t;
    table_init(&t, 4);
    table_set_column(&t, 0, "Schema", align_for_type(25));
    table_set_column(&t, 1, "Name", align_for_type(25));
    table_set_column(&t, 2, "Type", align_for_type(25));
    table_set_column(&t, 3, "Owner", align_for_type(25));
    {
        const char *row[] = {"public", "Mixed", "table", "root"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"public", "longer_table_name", "table", "root"};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"public", "t", "table", "root"};
        table_add_row(&t, row);
    }
    table_set_title(&t, "List of relations");
    check_render(&t, false, true, "|",
    "public|Mixed|table|root\n"
    "public|longer_table_name|table|root\n"
    "public|t|table|root\n");
    table_free(&t);
}
END_TEST

START_TEST(test_describe_table_aligned)
{
    result_table t;
    table_init(&t, 5);
    table_set_column(&t, 0, "Column", align_for_type(25));
    table_set_column(&t, 1, "Type", align_for_type(25));
    table_set_column(&t, 2, "Collation", align_for_type(25));
    table_set_column(&t, 3, "Nullable", align_for_type(25));
    table_set_column(&t, 4, "Default", align_for_type(25));
    {
        const char *row[] = {"a", "integer", "", "not null", ""};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"b", "character varying(10)", "", "", ""};
        table_add_row(&t, row);
    }
    table_set_title(&t, "Table \"public.t\"");
    t.row_count_footer = false;
    check_render(&t, true, false, "|",
    "                        Table \"public.t\"\n"
    " Column |         Type          | Collation | Nullable | Default \n"
    "--------+-----------------------+-----------+----------+---------\n"
    " a      | integer               |           | not null | \n"
    " b      | character varying(10) |           |          | \n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_describe_table_tuples)
{
    result_table t;
    table_init(&t, 5);
    table_set_column(&t, 0, "Column", align_for_type(25));
    table_set_column(&t, 1, "Type", align_for_type(25));
    table_set_column(&t, 2, "Collation", align_for_type(25));
    table_set_column(&t, 3, "Nullable", align_for_type(25));
    table_set_column(&t, 4, "Default", align_for_type(25));
    {
        const char *row[] = {"a", "integer", "", "not null", ""};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"b", "character varying(10)", "", "", ""};
        table_add_row(&t, row);
    }
    table_set_title(&t, "Table \"public.t\"");
    t.row_count_footer = false;
    check_render(&t, true, true, "|",
    " a      | integer               |           | not null | \n"
    " b      | character varying(10) |           |          | \n"
    "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_describe_table_unaligned)
{
    result_table t;
    table_init(&t, 5);
    table_set_column(&t, 0, "Column", align_for_type(25));
    table_set_column(&t, 1, "Type", align_for_type(25));
    table_set_column(&t, 2, "Collation", align_for_type(25));
    table_set_column(&t, 3, "Nullable", align_for_type(25));
    table_set_column(&t, 4, "Default", align_for_type(25));
    {
        const char *row[] = {"a", "integer", "", "not null", ""};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"b", "character varying(10)", "", "", ""};
        table_add_row(&t, row);
    }
    table_set_title(&t, "Table \"public.t\"");
    t.row_count_footer = false;
    check_render(&t, false, false, "|",
    "Table \"public.t\"\n"
    "Column|Type|Collation|Nullable|Default\n"
    "a|integer||not null|\n"
    "b|character varying(10)|||\n");
    table_free(&t);
}
END_TEST

START_TEST(test_describe_table_unaligned_tuples)
{
    result_table t;
    table_init(&t, 5);
    table_set_column(&t, 0, "Column", align_for_type(25));
    table_set_column(&t, 1, "Type", align_for_type(25));
    table_set_column(&t, 2, "Collation", align_for_type(25));
    table_set_column(&t, 3, "Nullable", align_for_type(25));
    table_set_column(&t, 4, "Default", align_for_type(25));
    {
        const char *row[] = {"a", "integer", "", "not null", ""};
        table_add_row(&t, row);
    }
    {
        const char *row[] = {"b", "character varying(10)", "", "", ""};
        table_add_row(&t, row);
    }
    table_set_title(&t, "Table \"public.t\"");
    t.row_count_footer = false;
    check_render(&t, false, true, "|",
    "a|integer||not null|\n"
    "b|character varying(10)|||\n");
    table_free(&t);
}
END_TEST

START_TEST(test_custom_footer_replaces_row_count)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "a", ALIGN_LEFT);
    const char *row[] = {"x"};
    table_add_row(&t, row);
    table_add_footer(&t, "Access method: memory");
    check_render(&t, true, false, "|",
                 " a \n"
                 "---\n"
                 " x\n"
                 "Access method: memory\n"
                 "\n");
    check_render(&t, false, false, "|",
                 "a\n"
                 "x\n"
                 "Access method: memory\n");
    table_free(&t);
}
END_TEST

START_TEST(test_title_wider_than_table)
{
    result_table t;
    table_init(&t, 1);
    table_set_column(&t, 0, "a", ALIGN_LEFT);
    table_set_title(&t, "A title wider than the table");
    t.row_count_footer = false;
    check_render(&t, true, false, "|",
                 "A title wider than the table\n"
                 " a \n"
                 "---\n"
                 "\n");
    table_free(&t);
}
END_TEST

START_TEST(test_alignment_rule)
{
    const unsigned right[] = {20, 21, 23, 26, 28, 29, 700, 701, 790, 1700, 5069};
    for (size_t i = 0; i < sizeof right / sizeof right[0]; i++)
        ck_assert_int_eq(align_for_type(right[i]), ALIGN_RIGHT);
    const unsigned left[] = {16, 25, 1043, 1082, 1114, 2950, 114, 17, 0};
    for (size_t i = 0; i < sizeof left / sizeof left[0]; i++)
        ck_assert_int_eq(align_for_type(left[i]), ALIGN_LEFT);
}
END_TEST

static Suite *printer_suite(void)
{
    Suite *s = suite_create("printer");
    TCase *tc = tcase_create("psql15");
    tcase_add_test(tc, test_basic_aligned);
    tcase_add_test(tc, test_basic_tuples);
    tcase_add_test(tc, test_basic_unaligned);
    tcase_add_test(tc, test_basic_unaligned_tuples);
    tcase_add_test(tc, test_null_last_column_aligned);
    tcase_add_test(tc, test_null_last_column_tuples);
    tcase_add_test(tc, test_null_last_column_unaligned);
    tcase_add_test(tc, test_null_last_column_unaligned_tuples);
    tcase_add_test(tc, test_two_rows_aligned);
    tcase_add_test(tc, test_two_rows_tuples);
    tcase_add_test(tc, test_two_rows_unaligned);
    tcase_add_test(tc, test_two_rows_unaligned_tuples);
    tcase_add_test(tc, test_empty_result_aligned);
    tcase_add_test(tc, test_empty_result_tuples);
    tcase_add_test(tc, test_empty_result_unaligned);
    tcase_add_test(tc, test_empty_result_unaligned_tuples);
    tcase_add_test(tc, test_empty_result_sep_unaligned);
    tcase_add_test(tc, test_sep_unaligned);
    tcase_add_test(tc, test_sep_unaligned_tuples);
    tcase_add_test(tc, test_one_column_aligned);
    tcase_add_test(tc, test_one_column_tuples);
    tcase_add_test(tc, test_one_column_unaligned);
    tcase_add_test(tc, test_one_column_unaligned_tuples);
    tcase_add_test(tc, test_one_text_column_aligned);
    tcase_add_test(tc, test_one_text_column_tuples);
    tcase_add_test(tc, test_one_text_column_unaligned);
    tcase_add_test(tc, test_one_text_column_unaligned_tuples);
    tcase_add_test(tc, test_zero_columns_one_row_aligned);
    tcase_add_test(tc, test_zero_columns_one_row_tuples);
    tcase_add_test(tc, test_zero_columns_one_row_unaligned);
    tcase_add_test(tc, test_zero_columns_one_row_unaligned_tuples);
    tcase_add_test(tc, test_zero_columns_rows_aligned);
    tcase_add_test(tc, test_zero_columns_rows_tuples);
    tcase_add_test(tc, test_zero_columns_rows_unaligned);
    tcase_add_test(tc, test_zero_columns_rows_unaligned_tuples);
    tcase_add_test(tc, test_zero_columns_no_rows_aligned);
    tcase_add_test(tc, test_zero_columns_no_rows_tuples);
    tcase_add_test(tc, test_zero_columns_no_rows_unaligned);
    tcase_add_test(tc, test_zero_columns_no_rows_unaligned_tuples);
    tcase_add_test(tc, test_multiline_middle_aligned);
    tcase_add_test(tc, test_multiline_middle_tuples);
    tcase_add_test(tc, test_multiline_middle_unaligned);
    tcase_add_test(tc, test_multiline_middle_unaligned_tuples);
    tcase_add_test(tc, test_multiline_last_aligned);
    tcase_add_test(tc, test_multiline_last_tuples);
    tcase_add_test(tc, test_multiline_last_unaligned);
    tcase_add_test(tc, test_multiline_last_unaligned_tuples);
    tcase_add_test(tc, test_multiline_many_aligned);
    tcase_add_test(tc, test_multiline_many_tuples);
    tcase_add_test(tc, test_trailing_newline_aligned);
    tcase_add_test(tc, test_trailing_newline_unaligned);
    tcase_add_test(tc, test_multiline_header_aligned);
    tcase_add_test(tc, test_multiline_header_unaligned);
    tcase_add_test(tc, test_multiline_header_numbers_aligned);
    tcase_add_test(tc, test_tabs_in_multiline_aligned);
    tcase_add_test(tc, test_tabs_in_multiline_unaligned);
    tcase_add_test(tc, test_wide_chars_aligned);
    tcase_add_test(tc, test_wide_header_aligned);
    tcase_add_test(tc, test_combining_aligned);
    tcase_add_test(tc, test_control_chars_aligned);
    tcase_add_test(tc, test_right_aligned_types_aligned);
    tcase_add_test(tc, test_null_right_last_aligned);
    tcase_add_test(tc, test_long_value_aligned);
    tcase_add_test(tc, test_long_value_unaligned);
    tcase_add_test(tc, test_header_wider_aligned);
    tcase_add_test(tc, test_empty_strings_aligned);
    tcase_add_test(tc, test_empty_strings_unaligned);
    tcase_add_test(tc, test_list_of_relations_aligned);
    tcase_add_test(tc, test_list_of_relations_tuples);
    tcase_add_test(tc, test_list_of_relations_unaligned);
    tcase_add_test(tc, test_list_of_relations_unaligned_tuples);
    tcase_add_test(tc, test_describe_table_aligned);
    tcase_add_test(tc, test_describe_table_tuples);
    tcase_add_test(tc, test_describe_table_unaligned);
    tcase_add_test(tc, test_describe_table_unaligned_tuples);
    tcase_add_test(tc, test_custom_footer_replaces_row_count);
    tcase_add_test(tc, test_title_wider_than_table);
    tcase_add_test(tc, test_alignment_rule);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(printer_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
