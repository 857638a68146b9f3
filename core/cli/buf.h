/* buf.h — growable, always NUL-terminated byte buffer used throughout the shell. */
#ifndef SUNSTONE_CLI_BUF_H
#define SUNSTONE_CLI_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct buf {
    char *data; /* NUL-terminated; never NULL after buf_init (allocated on first growth) */
    size_t len;
    size_t cap;
} buf;

void buf_init(buf *b);
void buf_free(buf *b);
void buf_reset(buf *b);
void buf_append(buf *b, const char *s, size_t n);
void buf_puts(buf *b, const char *s);
void buf_putc(buf *b, char c);
void buf_pad(buf *b, char c, size_t count);
void buf_printf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(buf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* Hands the contents to the caller (who frees them) and leaves b empty and reusable;
 * buf_free is then only needed if b is used again. */
char *buf_detach(buf *b);

#endif
