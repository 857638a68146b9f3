/* regex_posix.c — the regular expression flag b (POSIX basic syntax, BRE; PostgreSQL 15's
 * flag e gives the same, its REG_EXTENDED being cleared with REG_ADVANCED): a pattern is
 * rewritten as the ARE that means the same, which func_regex.c then compiles as any other.
 * The rules are those of PostgreSQL's regex library (Spencer's): \( \) \{ \} group and bound,
 * \1..\9 are back-references, \< \> word boundaries, a backslash before another letter or
 * digit is that character, a plain ( ) { } + ? | is itself, * is itself first in the
 * expression or a group, ^ is an anchor only there and $ only last, and a backslash inside
 * brackets is an ordinary member. */
#include <string.h>

#include "types/func_impl.h"
#include "types/regex_posix.h"

static int re_error(ss_ctx *ctx, const char *msg)
{
    return ss_ctx_error(ctx, "2201B", "invalid regular expression: %s", msg);
}

static bool is_alnum(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

size_t ss_regex_class_len(const char *p, size_t len, size_t i)
{
    if (p[i] != '[' || i + 1 >= len || (p[i + 1] != ':' && p[i + 1] != '.' && p[i + 1] != '='))
        return 0;
    for (size_t q = i + 2; q + 1 < len; q++)
        if (p[q] == p[i + 1] && p[q + 1] == ']')
            return q + 2 - i;
    return 0;
}

/* The bracket expression at p[*i] ('['), copied with its backslashes made members; *i past it. */
static int copy_bracket(ss_ctx *ctx, const char *p, size_t len, size_t *i, ss_strbuf *out)
{
    size_t k = *i + 1;
    ss_strbuf_putc(out, '[');
    if (k < len && p[k] == '^')
        ss_strbuf_putc(out, '^'), k++;
    if (k < len && p[k] == ']')
        ss_strbuf_putc(out, ']'), k++;
    for (; k < len; k++) {
        char c = p[k];
        if (c == ']') {
            ss_strbuf_putc(out, ']');
            *i = k + 1;
            return SS_OK;
        }
        size_t l = ss_regex_class_len(p, len, k);
        if (l) {
            ss_strbuf_append(out, p + k, l);
            k += l - 1;
            continue;
        }
        if (c == '\\')
            ss_strbuf_puts(out, "\\\\");
        else
            ss_strbuf_putc(out, c);
    }
    return re_error(ctx, "brackets [] not balanced");
}

/* A character that is itself: escaped when ARE would give it a meaning. */
static void put_literal(ss_strbuf *out, char c)
{
    if (strchr("^$.[]()|*+?{}\\", c))
        ss_strbuf_putc(out, '\\');
    ss_strbuf_putc(out, c);
}

static int bre_to_are(ss_ctx *ctx, const char *p, size_t len, ss_strbuf *out)
{
    bool start = true; /* at the start of the expression or of a group (after a leading ^) */
    for (size_t i = 0; i < len;) {
        char c = p[i];
        bool was_start = start;
        start = false;
        if (c == '[') {
            if (copy_bracket(ctx, p, len, &i, out))
                return SS_ERROR;
            continue;
        }
        if (c == '^' && was_start) {
            ss_strbuf_putc(out, '^');
            start = true;
            i++;
            continue;
        }
        if (c == '$' && (i + 1 == len || (i + 2 < len && p[i + 1] == '\\' && p[i + 2] == ')'))) {
            ss_strbuf_putc(out, '$');
            i++;
            continue;
        }
        if (c == '*' && was_start) {
            ss_strbuf_puts(out, "\\*");
            i++;
            continue;
        }
        if (c == '.' || c == '*') {
            ss_strbuf_putc(out, c);
            i++;
            continue;
        }
        if (c != '\\') {
            put_literal(out, c);
            i++;
            continue;
        }
        if (i + 1 >= len)
            return re_error(ctx, "invalid escape \\ sequence");
        char e = p[i + 1];
        i += 2;
        switch (e) {
        case '(':
            ss_strbuf_putc(out, '(');
            start = true;
            break;
        case ')':
        case '{':
        case '}': ss_strbuf_putc(out, e); break;
        case '<': ss_strbuf_puts(out, "\\m"); break;
        case '>': ss_strbuf_puts(out, "\\M"); break;
        default:
            if (e >= '1' && e <= '9')
                ss_strbuf_putc(out, '\\'), ss_strbuf_putc(out, e);
            else if (is_alnum(e))
                ss_strbuf_putc(out, e);
            else
                put_literal(out, e);
        }
    }
    return SS_OK;
}

int ss_regex_bre_to_are(ss_ctx *ctx, const char *p, size_t len, ss_strbuf *out)
{
    int rc = bre_to_are(ctx, p, len, out);
    if (rc == SS_OK && out->oom)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return rc;
}
