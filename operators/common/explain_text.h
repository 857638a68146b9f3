/* explain_text.h — appending formatted text to the buffer an operator's explain callback
 * receives, never writing past its end. */
#ifndef OPS_EXPLAIN_TEXT_H
#define OPS_EXPLAIN_TEXT_H

#include <stddef.h>

/* Appends after whatever NUL-terminated text buf already holds (a buffer without a NUL in
 * its first buflen bytes is treated as empty); truncates silently; returns SS_OK. */
int ops_explain_appendf(char *buf, size_t buflen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
