/* metaargs.c — parses one backslash meta-command into its name and arguments, with psql's
 * quoting rules and variable substitution. */
#include "metaargs.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "xalloc.h"

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_var_char(char c)
{
    unsigned char u = (unsigned char)c;
    return isalnum(u) || c == '_' || u >= 0x80;
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

/* A '...' section starting after the opening quote; returns the position after it. */
static size_t single_quoted(const char *s, size_t i, buf *out)
{
    while (s[i] && s[i] != '\n') {
        char c = s[i];
        if (c == '\'') {
            if (s[i + 1] == '\'') {
                buf_putc(out, '\'');
                i += 2;
                continue;
            }
            return i + 1;
        }
        if (c == '\\' && s[i + 1] && s[i + 1] != '\n') {
            char e = s[i + 1];
            i += 2;
            switch (e) {
            case 'n': buf_putc(out, '\n'); break;
            case 't': buf_putc(out, '\t'); break;
            case 'b': buf_putc(out, '\b'); break;
            case 'r': buf_putc(out, '\r'); break;
            case 'f': buf_putc(out, '\f'); break;
            case 'x': {
                int v = 0, digits = 0;
                while (digits < 2 && hex_value(s[i]) >= 0) {
                    v = v * 16 + hex_value(s[i]);
                    i++;
                    digits++;
                }
                if (digits == 0)
                    buf_putc(out, 'x');
                else
                    buf_putc(out, (char)v);
                break;
            }
            default:
                if (e >= '0' && e <= '7') {
                    int v = e - '0', digits = 1;
                    while (digits < 3 && s[i] >= '0' && s[i] <= '7') {
                        v = v * 8 + (s[i] - '0');
                        i++;
                        digits++;
                    }
                    buf_putc(out, (char)v);
                } else {
                    buf_putc(out, e);
                }
                break;
            }
            continue;
        }
        buf_putc(out, c);
        i++;
    }
    return i;
}

/* A variable reference at s[i] == ':'; returns the position after what it consumed. */
static size_t variable(const char *s, size_t i, buf *out, split_var_lookup lookup, void *arg)
{
    if (lookup && is_var_char(s[i + 1])) {
        size_t e = i + 1;
        while (is_var_char(s[e]))
            e++;
        char *name = xstrndup(s + i + 1, e - i - 1);
        const char *value = lookup(arg, name);
        free(name);
        if (value)
            buf_puts(out, value);
        else
            buf_append(out, s + i, e - i);
        return e;
    }
    if (lookup && (s[i + 1] == '\'' || s[i + 1] == '"')) {
        char q = s[i + 1];
        size_t e = i + 2;
        while (is_var_char(s[e]))
            e++;
        if (e > i + 2 && s[e] == q) {
            char *name = xstrndup(s + i + 2, e - i - 2);
            const char *value = lookup(arg, name);
            free(name);
            if (!value)
                buf_append(out, s + i, e + 1 - i);
            else if (q == '\'')
                quote_literal(out, value);
            else
                quote_identifier(out, value);
            return e + 1;
        }
    }
    buf_putc(out, ':');
    return i + 1;
}

void meta_parse(const char *text, split_var_lookup lookup, void *lookup_arg, meta_command *out)
{
    size_t i = 1; /* past the backslash */
    size_t start = i;
    while (text[i] && !is_blank(text[i]) && text[i] != '\n' && text[i] != '\\')
        i++;
    out->name = xstrndup(text + start, i - start);
    out->args = NULL;
    out->nargs = 0;

    for (;;) {
        while (is_blank(text[i]))
            i++;
        if (!text[i] || text[i] == '\n')
            break;
        if (text[i] == '\\') {
            if (text[i + 1] == '\\')
                i += 2;
            break;
        }
        buf arg;
        buf_init(&arg);
        while (text[i] && !is_blank(text[i]) && text[i] != '\n' && text[i] != '\\') {
            char c = text[i];
            if (c == '\'') {
                i = single_quoted(text, i + 1, &arg);
            } else if (c == '"') {
                size_t e = i + 1;
                while (text[e] && text[e] != '\n' && text[e] != '"')
                    e++;
                if (text[e] == '"')
                    e++;
                buf_append(&arg, text + i, e - i);
                i = e;
            } else if (c == ':') {
                i = variable(text, i, &arg, lookup, lookup_arg);
            } else {
                buf_putc(&arg, c);
                i++;
            }
        }
        out->args = xrealloc(out->args, (out->nargs + 1) * sizeof(char *));
        out->args[out->nargs++] = buf_detach(&arg);
        buf_free(&arg);
    }
    out->consumed = i;
}

void meta_command_free(meta_command *cmd)
{
    free(cmd->name);
    for (size_t i = 0; i < cmd->nargs; i++)
        free(cmd->args[i]);
    free(cmd->args);
    cmd->name = NULL;
    cmd->args = NULL;
    cmd->nargs = 0;
}
