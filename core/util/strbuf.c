/* strbuf.c — growable NUL-terminated byte buffer. */
#include "util/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ss_strbuf_init(ss_strbuf *sb)
{
    memset(sb, 0, sizeof *sb);
}

void ss_strbuf_free(ss_strbuf *sb)
{
    free(sb->data);
    ss_strbuf_init(sb);
}

void ss_strbuf_clear(ss_strbuf *sb)
{
    sb->len = 0;
    if (sb->data)
        sb->data[0] = '\0';
}

static bool reserve(ss_strbuf *sb, size_t extra)
{
    if (sb->oom)
        return false;
    if (sb->len + extra + 1 <= sb->cap)
        return true;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < sb->len + extra + 1)
        cap *= 2;
    char *p = realloc(sb->data, cap);
    if (!p) {
        sb->oom = true;
        return false;
    }
    sb->data = p;
    sb->cap = cap;
    return true;
}

void ss_strbuf_append(ss_strbuf *sb, const char *s, size_t n)
{
    if (!reserve(sb, n))
        return;
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void ss_strbuf_puts(ss_strbuf *sb, const char *s)
{
    ss_strbuf_append(sb, s, strlen(s));
}

void ss_strbuf_putc(ss_strbuf *sb, char c)
{
    ss_strbuf_append(sb, &c, 1);
}

void ss_strbuf_printf(ss_strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(sb, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

char *ss_strbuf_steal(ss_strbuf *sb)
{
    char *p = sb->data;
    if (!p)
        p = calloc(1, 1);
    ss_strbuf_init(sb);
    return p;
}
