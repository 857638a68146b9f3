/* strbuf.h — growable NUL-terminated byte buffer. */
#ifndef SS_UTIL_STRBUF_H
#define SS_UTIL_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ss_strbuf {
    char *data; /* always NUL-terminated once anything was appended */
    size_t len, cap;
    bool oom;   /* set when an append failed; contents are then truncated */
} ss_strbuf;

void ss_strbuf_init(ss_strbuf *sb);
void ss_strbuf_free(ss_strbuf *sb);
void ss_strbuf_clear(ss_strbuf *sb);
void ss_strbuf_append(ss_strbuf *sb, const char *s, size_t n);
void ss_strbuf_puts(ss_strbuf *sb, const char *s);
void ss_strbuf_putc(ss_strbuf *sb, char c);
void ss_strbuf_printf(ss_strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns the buffer (caller frees) and leaves sb empty. */
char *ss_strbuf_steal(ss_strbuf *sb);

#endif
