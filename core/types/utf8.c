/* utf8.c — verification of UTF-8 text arriving from outside the kernel (SQL text, bound text
 * parameters), with PostgreSQL's rules (pg_utf8_islegal) and its report_invalid_encoding
 * message, which lists the bytes of the offending character as far as its lead byte says. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "exec/context.h"
#include "types/utf8.h"

#define HIGH_BITS 0x8080808080808080ULL
#define LOW_BITS 0x0101010101010101ULL

/* Byte length of the valid character at s[0..avail), or 0 when it is not valid. */
static size_t valid_char(const unsigned char *s, size_t avail)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return c != 0;
    size_t l;
    unsigned char lo = 0x80, hi = 0xbf; /* range of the second byte */
    if (c >= 0xc2 && c <= 0xdf) {
        l = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        l = 3;
        if (c == 0xe0)
            lo = 0xa0; /* overlong */
        else if (c == 0xed)
            hi = 0x9f; /* surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
        l = 4;
        if (c == 0xf0)
            lo = 0x90; /* overlong */
        else if (c == 0xf4)
            hi = 0x8f; /* above U+10FFFF */
    } else {
        return 0;
    }
    if (l > avail || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < l; k++)
        if (s[k] < 0x80 || s[k] > 0xbf)
            return 0;
    return l;
}

size_t ss_utf8_valid_prefix(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        /* ASCII fast path: eight bytes with no high bit and no zero byte */
        if (len - i >= 8) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (((w | ((w - LOW_BITS) & ~w)) & HIGH_BITS) == 0) {
                i += 8;
                continue;
            }
        }
        size_t l = valid_char(s + i, len - i);
        if (l == 0)
            return i;
        i += l;
    }
    return len;
}

int ss_utf8_verify(ss_ctx *ctx, const char *s, size_t len)
{
    size_t ok = ss_utf8_valid_prefix(s, len);
    if (ok == len)
        return SS_OK;
    const unsigned char *bad = (const unsigned char *)s + ok;
    size_t n = ss_utf8_char_len(bad[0]);
    if (n > len - ok)
        n = len - ok;
    char bytes[4 * 5 + 1];
    size_t at = 0;
    for (size_t k = 0; k < n; k++)
        at += (size_t)snprintf(bytes + at, sizeof bytes - at, k ? " 0x%02x" : "0x%02x", bad[k]);
    return ss_ctx_error(ctx, SS_SQLSTATE_CHARACTER_NOT_IN_REPERTOIRE,
                        "invalid byte sequence for encoding \"UTF8\": %s", bytes);
}
