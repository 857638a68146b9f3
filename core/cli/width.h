/* width.h — UTF-8 decoding and terminal display width of characters (East Asian wide
 * characters count 2 columns, combining marks 0), as psql 15 measures them. */
#ifndef SUNSTONE_CLI_WIDTH_H
#define SUNSTONE_CLI_WIDTH_H

#include <stddef.h>
#include <stdint.h>

/* Decodes the character at s (avail bytes readable).  Returns its length in bytes (at least 1)
 * and stores the code point, or -1 for a malformed sequence (which then counts as 1 byte). */
size_t utf8_decode(const char *s, size_t avail, int32_t *cp);

/* Columns a printable code point occupies: 0 for combining marks, 2 for East Asian wide and
 * fullwidth characters, 1 otherwise. */
int codepoint_width(int32_t cp);

/* Number of characters (code points; a malformed byte counts as one) in s[0..n). */
size_t utf8_char_count(const char *s, size_t n);

/* Display width of s[0..n) with no special treatment of control characters (each counts 1). */
size_t utf8_display_width(const char *s, size_t n);

#endif
