/* buf.c — growable, always NUL-terminated byte buffer used throughout the shell. */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* An empty buffer points here and allocates on first growth (cap 0 means "not allocated"). */
static char empty_text[1];

static void buf_reserve(buf *b, size_t extra)
{
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    if (b->cap == 0) {
        b->data = xmalloc(cap);
        b->data[0] = '\0';
    } else {
        b->data = xrealloc(b->data, cap);
    }
    b->cap = cap;
}

void buf_init(buf *b)
{
    b->data = empty_text;
    b->len = 0;
    b->cap = 0;
}

void buf_free(buf *b)
{
    if (b->cap > 0)
        free(b->data);
    buf_init(b);
}

void buf_reset(buf *b)
{
    b->len = 0;
    if (b->cap > 0)
        b->data[0] = '\0';
}

void buf_append(buf *b, const char *s, size_t n)
{
    buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void buf_puts(buf *b, const char *s)
{
    buf_append(b, s, strlen(s));
}

void buf_putc(buf *b, char c)
{
    buf_reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

void buf_pad(buf *b, char c, size_t count)
{
    buf_reserve(b, count);
    memset(b->data + b->len, c, count);
    b->len += count;
    b->data[b->len] = '\0';
}

void buf_vprintf(buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n <= 0)
        return;
    buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void buf_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

char *buf_detach(buf *b)
{
    char *s = b->cap > 0 ? b->data : xstrdup("");
    buf_init(b);
    return s;
}
