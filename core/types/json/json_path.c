/* json_path.c — the text[] path argument of #>, #>>, #-, jsonb_set, jsonb_insert, ?| and ?&,
 * read from its array literal ('{a,b}', PostgreSQL's array_in rules for text elements: quotes,
 * backslashes, NULL, nested braces flattened as deconstruct_array does), and the integer rule of
 * a path step through an array. */
#include "types/json/json.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <strings.h>

static int malformed(ss_ctx *ctx, const ss_text *t, const char *detail)
{
    ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, "malformed array literal: \"%.*s\"",
                 (int)t->len, t->ptr);
    ss_ctx_error_detail(ctx, "%s", detail);
    return SS_ERROR;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

int json_path_parse(ss_ctx *ctx, const ss_text *t, ss_arena *arena, json_path *out)
{
    const char *p = t->ptr, *end = p + t->len;
    memset(out, 0, sizeof *out);
    while (p < end && is_space(*p))
        p++;
    if (p >= end || *p != '{')
        return malformed(ctx, t, "Array value must start with \"{\" or dimension information.");
    /* every element is at most the literal's length; there are at most len / 2 + 1 of them */
    uint32_t cap = t->len / 2 + 1;
    out->elem = ss_arena_alloc(arena, cap * sizeof *out->elem);
    char *buf = ss_arena_alloc(arena, t->len + 1);
    if (!out->elem || !buf)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int depth = 0;
    bool expect_elem = true; /* after '{' or ',' */
    bool any_in_level = false;
    while (p < end) {
        char c = *p;
        if (is_space(c)) {
            p++;
            continue;
        }
        if (c == '{') {
            if (!expect_elem)
                return malformed(ctx, t, "Unexpected \"{\" character.");
            depth++;
            p++;
            any_in_level = false;
            continue;
        }
        if (c == '}') {
            if (expect_elem && any_in_level)
                return malformed(ctx, t, "Unexpected \"}\" character.");
            depth--;
            p++;
            expect_elem = false;
            any_in_level = true;
            if (depth == 0) {
                while (p < end && is_space(*p))
                    p++;
                if (p < end)
                    return malformed(ctx, t, "Junk after closing right brace.");
                return SS_OK;
            }
            continue;
        }
        if (c == ',') {
            if (expect_elem)
                return malformed(ctx, t, "Unexpected \",\" character.");
            expect_elem = true;
            p++;
            continue;
        }
        if (!expect_elem)
            return malformed(ctx, t, "Unexpected array element.");
        /* one element, quoted or not */
        uint32_t n = 0, keep = 0; /* keep: characters that were quoted or escaped */
        bool quoted = false, had_quote = false;
        const char *start = p;
        char *o = buf;
        while (p < end) {
            c = *p;
            if (c == '\\') {
                if (++p >= end)
                    return malformed(ctx, t, "Unexpected end of input.");
                o[n++] = *p++;
                keep = n;
                continue;
            }
            if (c == '"') {
                quoted = !quoted;
                had_quote = true;
                p++;
                continue;
            }
            if (!quoted && (c == ',' || c == '}' || c == '{'))
                break;
            o[n++] = c;
            if (quoted)
                keep = n;
            p++;
        }
        if (quoted)
            return malformed(ctx, t, "Unexpected end of input.");
        if (p < end && *p == '{')
            return malformed(ctx, t, "Unexpected \"{\" character.");
        while (n > keep && is_space(o[n - 1]))
            n--;
        json_path_elem *e = &out->elem[out->n++];
        e->isnull = !had_quote && n == 4 && strncasecmp(start, "null", 4) == 0;
        e->s = o;
        e->len = n;
        buf += n;
        expect_elem = false;
        any_in_level = true;
    }
    return malformed(ctx, t, "Unexpected end of input.");
}

bool json_path_index(const json_path_elem *e, int64_t *out)
{
    char tmp[32];
    if (e->len == 0 || e->len >= sizeof tmp)
        return false;
    memcpy(tmp, e->s, e->len);
    tmp[e->len] = '\0';
    char *endp;
    errno = 0;
    long v = strtol(tmp, &endp, 10);
    if (endp == tmp || *endp != '\0' || errno != 0 || v > INT_MAX || v < INT_MIN)
        return false;
    *out = v;
    return true;
}
