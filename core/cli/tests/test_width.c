/* test_width.c — UTF-8 decoding and display widths; the widths asserted are those psql 15
 * shows for the same characters (ASCII, Latin, combining marks, CJK, Hangul, fullwidth and
 * halfwidth forms, emoji, zero-width space). */
#include <check.h>
#include <string.h>

#include "check_main.h"
#include "width.h"

START_TEST(test_decode)
{
    int32_t cp;
    ck_assert_uint_eq(utf8_decode("A", 1, &cp), 1);
    ck_assert_int_eq(cp, 'A');
    ck_assert_uint_eq(utf8_decode("\xc3\xa9", 2, &cp), 2);
    ck_assert_int_eq(cp, 0xE9);
    ck_assert_uint_eq(utf8_decode("\xe6\x97\xa5", 3, &cp), 3);
    ck_assert_int_eq(cp, 0x65E5);
    ck_assert_uint_eq(utf8_decode("\xf0\x9f\x98\x80", 4, &cp), 4);
    ck_assert_int_eq(cp, 0x1F600);
    /* malformed: lone continuation, truncated sequence, overlong, surrogate */
    ck_assert_uint_eq(utf8_decode("\x80", 1, &cp), 1);
    ck_assert_int_eq(cp, -1);
    ck_assert_uint_eq(utf8_decode("\xe6\x97", 2, &cp), 1);
    ck_assert_int_eq(cp, -1);
    ck_assert_uint_eq(utf8_decode("\xc0\x80", 2, &cp), 1);
    ck_assert_int_eq(cp, -1);
    ck_assert_uint_eq(utf8_decode("\xed\xa0\x80", 3, &cp), 1);
    ck_assert_int_eq(cp, -1);
}
END_TEST

START_TEST(test_psql_widths)
{
    struct {
        int32_t cp;
        int width;
    } cases[] = {
        {'a', 1},     {0xE9, 1},    {0x0301, 0},  {0x0483, 0},  {0x20DD, 0},  {0x3099, 0},
        {0x65E5, 2},  {0xD55C, 2},  {0xFF21, 2},  {0xFF71, 1},  {0x20AC, 1},  {0x200B, 1},
        {0x00AD, 1},  {0x231A, 2},  {0x1F600, 2}, {0x1F3FB, 2}, {0x1F321, 1}, {0x303F, 1},
        {0x4DC0, 1},  {0x1100, 2},  {0x1160, 1},  {0x20000, 2}, {0xE0100, 0}, {0x10FFFF, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_msg(codepoint_width(cases[i].cp) == cases[i].width, "U+%04X", cases[i].cp);
}
END_TEST

START_TEST(test_strings)
{
    const char *s = "x日本語e\xcc\x81";
    ck_assert_uint_eq(utf8_char_count(s, strlen(s)), 6);
    ck_assert_uint_eq(utf8_display_width(s, strlen(s)), 8);
    ck_assert_uint_eq(utf8_char_count("\xff\xfe", 2), 2);
    ck_assert_uint_eq(utf8_display_width("\xff\xfe", 2), 2);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("width");
    TCase *tc = tcase_create("width");
    tcase_add_test(tc, test_decode);
    tcase_add_test(tc, test_psql_widths);
    tcase_add_test(tc, test_strings);
    suite_add_tcase(s, tc);
    return s;
}
