/* copy_format.c — COPY's text and CSV field formats, as PostgreSQL writes them
 * (CopyAttributeOutText / CopyAttributeOutCSV) and reads them
 * (CopyReadAttributesText / CopyReadAttributesCSV): backslash escapes (\b \f \n \r \t \v,
 * octal \123, hex \x1f, any other character itself), the null string compared before
 * decoding, CSV quoting with its escape character. */
#include "copy/copy.h"

#include <stdlib.h>
#include <string.h>

/* The control characters with a letter escape: "\\b" is backspace, ... (pairs letter, char). */
static const char letter_escapes[] = "b\bf\fn\nr\rt\tv\v";

/* The letter escaping control character c (0: none), or with to_letter false the character
 * letter c stands for (c itself when none). */
static char escape_map(char c, bool to_letter)
{
    for (const char *p = letter_escapes; *p; p += 2)
        if (to_letter ? p[1] == c : p[0] == c)
            return to_letter ? p[0] : p[1];
    return to_letter ? 0 : c;
}

void ss_copy_out_text(ss_strbuf *out, const char *s, size_t len, char delim)
{
    size_t start = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc = 0;
        if (c < 0x20) {
            esc = escape_map((char)c, true);
            if (!esc && c == (unsigned char)delim)
                esc = (char)c;
        } else if (c == '\\' || c == (unsigned char)delim) {
            esc = (char)c;
        }
        if (!esc)
            continue;
        ss_strbuf_append(out, s + start, i - start);
        ss_strbuf_putc(out, '\\');
        ss_strbuf_putc(out, esc);
        start = i + 1;
    }
    ss_strbuf_append(out, s + start, len - start);
}

void ss_copy_out_csv(ss_strbuf *out, const char *s, size_t len, const ss_copy_opts *o, bool force, bool single)
{
    bool quote = force || (len == o->null_len && memcmp(s, o->null_str, len) == 0);
    if (!quote && single && len == 2 && s[0] == '\\' && s[1] == '.')
        quote = true;
    for (size_t i = 0; !quote && i < len; i++)
        if (s[i] == o->delim || s[i] == o->quote || s[i] == '\n' || s[i] == '\r')
            quote = true;
    if (!quote) {
        ss_strbuf_append(out, s, len);
        return;
    }
    ss_strbuf_putc(out, o->quote);
    size_t start = 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] == o->quote || s[i] == o->escape) {
            ss_strbuf_append(out, s + start, i - start);
            ss_strbuf_putc(out, o->escape);
            start = i;
        }
    ss_strbuf_append(out, s + start, len - start);
    ss_strbuf_putc(out, o->quote);
}

void ss_copy_fields_free(ss_copy_fields *f)
{
    ss_strbuf_free(&f->buf);
    free(f->start);
    free(f->len);
    free(f->is_null);
    free(f->quoted);
    memset(f, 0, sizeof *f);
}

/* Grows *p to cap elements of size elem; false when memory runs out (*p unchanged). */
static bool grow(void *p, size_t elem, uint32_t cap)
{
    void *old;
    memcpy(&old, p, sizeof old); /* p is the address of a typed pointer: read and write it bytewise */
    void *q = realloc(old, elem * cap);
    if (!q)
        return false;
    memcpy(p, &q, sizeof q);
    return true;
}

static int add_field(ss_ctx *ctx, ss_copy_fields *f, size_t start, bool is_null, bool quoted)
{
    if (f->n == f->cap) {
        uint32_t cap = f->cap ? f->cap * 2 : 16;
        if (!grow(&f->start, sizeof *f->start, cap) || !grow(&f->len, sizeof *f->len, cap) ||
            !grow(&f->is_null, sizeof *f->is_null, cap) || !grow(&f->quoted, sizeof *f->quoted, cap))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        f->cap = cap;
    }
    f->start[f->n] = start;
    f->len[f->n] = f->buf.len - start;
    f->is_null[f->n] = is_null;
    f->quoted[f->n] = quoted;
    f->n++;
    return SS_OK;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int split_text(ss_ctx *ctx, const ss_copy_opts *o, const char *line, size_t len, ss_copy_fields *f)
{
    size_t p = 0;
    for (;;) {
        size_t raw = p, start = f->buf.len;
        size_t run = p; /* bytes [run, p) are copied as they are */
        bool at_delim = false;
        while (p < len) {
            char c = line[p];
            if (c == o->delim) {
                at_delim = true;
                break;
            }
            if (c != '\\') {
                p++;
                continue;
            }
            ss_strbuf_append(&f->buf, line + run, p - run);
            p++;
            if (p >= len) {
                run = p;
                break;
            }
            c = line[p++];
            if (c >= '0' && c <= '7') {
                int v = c - '0';
                for (int k = 0; k < 2 && p < len && line[p] >= '0' && line[p] <= '7'; k++)
                    v = v * 8 + (line[p++] - '0');
                c = (char)(v & 0xff);
            } else if (c == 'x' && p < len && hex_value(line[p]) >= 0) {
                int v = hex_value(line[p++]);
                if (p < len && hex_value(line[p]) >= 0)
                    v = v * 16 + hex_value(line[p++]);
                c = (char)v;
            } else {
                c = escape_map(c, false);
            }
            ss_strbuf_putc(&f->buf, c);
            run = p;
        }
        ss_strbuf_append(&f->buf, line + run, p - run);
        bool is_null = p - raw == o->null_len && memcmp(line + raw, o->null_str, o->null_len) == 0;
        if (add_field(ctx, f, start, is_null, false))
            return SS_ERROR;
        if (!at_delim)
            return SS_OK;
        p++;
    }
}

static int split_csv(ss_ctx *ctx, const ss_copy_opts *o, const char *line, size_t len, ss_copy_fields *f)
{
    size_t p = 0;
    for (;;) {
        size_t raw = p, start = f->buf.len;
        bool saw_quote = false, at_delim = false;
        while (p < len) {
            char c = line[p];
            if (c == o->delim) {
                at_delim = true;
                break;
            }
            if (c != o->quote) {
                ss_strbuf_putc(&f->buf, c);
                p++;
                continue;
            }
            saw_quote = true;
            p++;
            for (;;) { /* inside quotes */
                if (p >= len)
                    return ss_ctx_error(ctx, "22P04", "unterminated CSV quoted field");
                c = line[p++];
                if (c == o->escape && p < len && (line[p] == o->quote || line[p] == o->escape)) {
                    ss_strbuf_putc(&f->buf, line[p++]);
                    continue;
                }
                if (c == o->quote)
                    break;
                ss_strbuf_putc(&f->buf, c);
            }
        }
        bool is_null = !saw_quote && p - raw == o->null_len && memcmp(line + raw, o->null_str, o->null_len) == 0;
        if (add_field(ctx, f, start, is_null, saw_quote))
            return SS_ERROR;
        if (!at_delim)
            return SS_OK;
        p++;
    }
}

int ss_copy_split(ss_ctx *ctx, const ss_copy_opts *o, const char *line, size_t len, ss_copy_fields *f)
{
    f->n = 0;
    ss_strbuf_clear(&f->buf);
    int rc = o->csv ? split_csv(ctx, o, line, len, f) : split_text(ctx, o, line, len, f);
    if (rc == SS_OK && f->buf.oom)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return rc;
}
