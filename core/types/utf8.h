/* utf8.h — character counting and clipping over UTF-8 byte strings (the database encoding),
 * shared by varchar length rules and the string functions, and the verification of text
 * received from outside (utf8.c). */
#ifndef SS_TYPES_UTF8_H
#define SS_TYPES_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Byte length of the character starting with lead byte c (1 for stray bytes). */
static inline uint32_t ss_utf8_char_len(unsigned char c)
{
    if (c < 0x80)
        return 1;
    if ((c & 0xe0) == 0xc0)
        return 2;
    if ((c & 0xf0) == 0xe0)
        return 3;
    if ((c & 0xf8) == 0xf0)
        return 4;
    return 1;
}

/* Number of characters in s[0..len). */
static inline uint32_t ss_utf8_count(const char *s, uint32_t len)
{
    uint32_t n = 0, i = 0;
    while (i < len) {
        uint32_t l = ss_utf8_char_len((unsigned char)s[i]);
        i += l <= len - i ? l : len - i;
        n++;
    }
    return n;
}

/* Byte length of the first nchars characters of s[0..len) (all of s when it is shorter). */
static inline uint32_t ss_utf8_clip(const char *s, uint32_t len, uint64_t nchars)
{
    uint32_t i = 0;
    while (i < len && nchars > 0) {
        uint32_t l = ss_utf8_char_len((unsigned char)s[i]);
        i += l <= len - i ? l : len - i;
        nchars--;
    }
    return i;
}

/* Writes code point cp as UTF-8 to out (room for 4 bytes); returns the bytes written. */
static inline uint32_t ss_utf8_encode(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

struct ss_ctx;

/* Length of the longest prefix of s[0..len) that is valid UTF-8 as PostgreSQL verifies it:
 * no NUL byte, no overlong form, no surrogate, nothing above U+10FFFF.  len when all of it is
 * valid.  ASCII runs are checked eight bytes at a time. */
size_t ss_utf8_valid_prefix(const char *s, size_t len);

/* Verifies s[0..len); on invalid input records PostgreSQL's 22021 error
 * (invalid byte sequence for encoding "UTF8": 0xc3 0x28) on ctx and returns SS_ERROR. */
int ss_utf8_verify(struct ss_ctx *ctx, const char *s, size_t len);

#endif
