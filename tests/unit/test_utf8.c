/* test_utf8.c — ss_utf8_valid_prefix and ss_utf8_verify: PostgreSQL's UTF-8 rules checked
 * against a reference decoder over every one-, two- and three-byte sequence and a sweep of
 * four-byte ones, the ASCII fast path at every alignment, and report_invalid_encoding's message
 * (the bytes of the offending character, as far as the lead byte and the text reach). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "exec/context.h"
#include "types/utf8.h"

/* Reference: is s[0..len) exactly one valid character? */
static bool ref_char(const unsigned char *s, size_t len)
{
    if (len == 1)
        return s[0] != 0 && s[0] < 0x80;
    unsigned char c = s[0];
    size_t l = (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
    if (l != len)
        return false;
    uint32_t cp = c & (0x7f >> l);
    for (size_t k = 1; k < l; k++) {
        if ((s[k] & 0xc0) != 0x80)
            return false;
        cp = (cp << 6) | (s[k] & 0x3f);
    }
    static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    return cp >= min[l] && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
}

START_TEST(every_short_sequence)
{
    unsigned char s[4];
    for (unsigned a = 0; a < 256; a++) {
        s[0] = (unsigned char)a;
        ck_assert_int_eq(ss_utf8_valid_prefix((char *)s, 1) == 1, ref_char(s, 1));
        for (unsigned b = 0; b < 256; b++) {
            s[1] = (unsigned char)b;
            bool two = ref_char(s, 2) || (ref_char(s, 1) && ref_char(s + 1, 1));
            ck_assert_msg((ss_utf8_valid_prefix((char *)s, 2) == 2) == two, "%02x %02x", a, b);
            if (a < 0xe0 || a > 0xef)
                continue;
            for (unsigned c = 0; c < 256; c++) {
                s[2] = (unsigned char)c;
                ck_assert_msg((ss_utf8_valid_prefix((char *)s, 3) == 3) == ref_char(s, 3),
                              "%02x %02x %02x", a, b, c);
            }
        }
    }
    for (unsigned a = 0xf0; a < 0x100; a++)
        for (unsigned b = 0x70; b < 0xd0; b++)
            for (unsigned c = 0x70; c < 0xd0; c += 7)
                for (unsigned d = 0x70; d < 0xd0; d += 5) {
                    unsigned char q[4] = {(unsigned char)a, (unsigned char)b, (unsigned char)c,
                                          (unsigned char)d};
                    ck_assert_msg((ss_utf8_valid_prefix((char *)q, 4) == 4) == ref_char(q, 4),
                                  "%02x %02x %02x %02x", a, b, c, d);
                }
}
END_TEST

START_TEST(fast_path_alignment)
{
    char buf[64];
    for (size_t bad = 0; bad < 40; bad++) {
        memset(buf, 'a', sizeof buf);
        buf[bad] = (char)0xff;
        ck_assert_uint_eq(ss_utf8_valid_prefix(buf, 40), bad);
        buf[bad] = '\0';
        ck_assert_uint_eq(ss_utf8_valid_prefix(buf, 40), bad);
        buf[bad] = (char)0x80;
        ck_assert_uint_eq(ss_utf8_valid_prefix(buf, 40), bad);
        buf[bad] = 'a';
        ck_assert_uint_eq(ss_utf8_valid_prefix(buf, bad), bad);
    }
    /* multi-byte characters between ASCII runs */
    static const char mixed[] = "SELECT 'h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80' FROM t WHERE x";
    ck_assert_uint_eq(ss_utf8_valid_prefix(mixed, sizeof mixed - 1), sizeof mixed - 1);
}
END_TEST

static const char *message(const char *s, size_t len)
{
    static ss_error err;
    ss_error_clear(&err);
    ss_ctx ctx = {.err = &err};
    if (ss_utf8_verify(&ctx, s, len) == SS_OK)
        return NULL;
    ck_assert_str_eq(err.sqlstate, "22021");
    return err.message;
}

START_TEST(messages)
{
    ck_assert_ptr_null(message("abc \xc3\xa9", 6));
    ck_assert_str_eq(message("a\xff", 2), "invalid byte sequence for encoding \"UTF8\": 0xff");
    ck_assert_str_eq(message("a\xc3", 2), "invalid byte sequence for encoding \"UTF8\": 0xc3");
    ck_assert_str_eq(message("'a\xc3'", 4),
                     "invalid byte sequence for encoding \"UTF8\": 0xc3 0x27");
    ck_assert_str_eq(message("\xc3\x28xyz", 5),
                     "invalid byte sequence for encoding \"UTF8\": 0xc3 0x28");
    ck_assert_str_eq(message("\xf4\x90\x80\x80", 4),
                     "invalid byte sequence for encoding \"UTF8\": 0xf4 0x90 0x80 0x80");
    ck_assert_str_eq(message("\xed\xa0\x80", 3),
                     "invalid byte sequence for encoding \"UTF8\": 0xed 0xa0 0x80");
    ck_assert_str_eq(message("\xf0\x9f\x98", 3),
                     "invalid byte sequence for encoding \"UTF8\": 0xf0 0x9f 0x98");
    ck_assert_str_eq(message("\xf8\x88\x80\x80\x80", 5),
                     "invalid byte sequence for encoding \"UTF8\": 0xf8");
    ck_assert_str_eq(message("abcdefgh\0", 9), "invalid byte sequence for encoding \"UTF8\": 0x00");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("utf8");
    TCase *tc = tcase_create("verify");
    tcase_add_test(tc, every_short_sequence);
    tcase_add_test(tc, fast_path_alignment);
    tcase_add_test(tc, messages);
    suite_add_tcase(s, tc);
    return s;
}

#include "check_main.h"
