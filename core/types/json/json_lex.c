/* json_lex.c — the JSON lexer, PostgreSQL 15's json_lex: tokens, the number grammar with its
 * trailing-garbage rule, strings with their escapes (de-escaped for jsonb, where surrogate
 * pairs and \u0000 are checked), and the errors with their DETAIL and CONTEXT lines. */
#include "types/json/json.h"

#include <stdarg.h>
#include <stdio.h>

#define JSON_ALNUM(c)                                                                      \
    (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z') || ((c) >= '0' && (c) <= '9') || \
     (c) == '_' || ((unsigned char)(c) & 0x80))

static const char *const invalid_json = "invalid input syntax for type json";

void json_lex_init(json_lexer *lx, ss_ctx *ctx, const char *s, size_t len, ss_arena *arena)
{
    memset(lx, 0, sizeof *lx);
    lx->ctx = ctx;
    lx->input = s;
    lx->end = s + len;
    lx->pos = s;
    lx->line = 1;
    lx->line_start = s;
    lx->arena = arena;
}

/* Length of the UTF-8 character at p (1 for a stray byte), bounded by end. */
static size_t mblen_at(const char *p, const char *end)
{
    unsigned char c = (unsigned char)*p;
    size_t n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 1;
    return (size_t)(end - p) < n ? (size_t)(end - p) : n;
}

/* report_json_context: the line of the token up to its end, at most ~50 bytes of it. */
static void add_context(json_lexer *lx)
{
    const char *cend = lx->tok_end, *ls = lx->line_start, *cs = ls;
    while (cend - cs >= 50)
        cs += mblen_at(cs, cend);
    if (cs - ls <= 3)
        cs = ls;
    const char *prefix = cs > ls ? "..." : "";
    const char *suffix =
        lx->tok != JT_END && cend < lx->end && *cend != '\n' && *cend != '\r' ? "..." : "";
    ss_ctx_error_context(lx->ctx, "JSON data, line %d: %s%.*s%s", lx->line, prefix,
                         (int)(cend - cs), cs, suffix);
}

int json_lex_error(json_lexer *lx, const char *sqlstate, const char *message, const char *fmt, ...)
{
    ss_ctx_error(lx->ctx, sqlstate, "%s", message ? message : invalid_json);
    va_list ap;
    va_start(ap, fmt);
    ss_ctx_verror_detail(lx->ctx, fmt, ap);
    va_end(ap);
    add_context(lx);
    return SS_ERROR;
}

static int token_invalid(json_lexer *lx)
{
    lx->tok = JT_INVALID;
    return json_lex_error(lx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION, NULL,
                          "Token \"%.*s\" is invalid.", (int)(lx->tok_end - lx->tok_start),
                          lx->tok_start);
}

/* A string error: the token ends at term. */
static int string_error(json_lexer *lx, const char *term, const char *sqlstate, const char *msg,
                        const char *detail)
{
    lx->tok = JT_INVALID;
    lx->tok_end = term;
    return json_lex_error(lx, sqlstate, msg, "%s", detail);
}

/* The value of a hexadecimal digit (either case), or -1. */
static int hexval(char c)
{
    static const char digits[] = "0123456789abcdef";
    if ((unsigned char)c < '0')
        return -1;
    const char *d = strchr(digits, c | 0x20);
    return d ? (int)(d - digits) : -1;
}

static uint32_t put_utf8(char *o, uint32_t ch)
{
    if (ch < 0x80) {
        o[0] = (char)ch;
        return 1;
    }
    if (ch < 0x800) {
        o[0] = (char)(0xc0 | (ch >> 6));
        o[1] = (char)(0x80 | (ch & 0x3f));
        return 2;
    }
    if (ch < 0x10000) {
        o[0] = (char)(0xe0 | (ch >> 12));
        o[1] = (char)(0x80 | ((ch >> 6) & 0x3f));
        o[2] = (char)(0x80 | (ch & 0x3f));
        return 3;
    }
    o[0] = (char)(0xf0 | (ch >> 18));
    o[1] = (char)(0x80 | ((ch >> 12) & 0x3f));
    o[2] = (char)(0x80 | ((ch >> 6) & 0x3f));
    o[3] = (char)(0x80 | (ch & 0x3f));
    return 4;
}

static const char *const low_surrogate = "Unicode low surrogate must follow a high surrogate.";

static int lex_string(json_lexer *lx)
{
    const char *s = lx->tok_start, *end = lx->end;
    bool de = lx->arena != NULL;
    char *buf = NULL;
    uint32_t n = 0;
    if (de) {
        /* the value is at most as long as its escaped text, up to the closing quote */
        const char *q = s + 1;
        while (q < end && *q != '"')
            q += *q == '\\' && q + 1 < end ? 2 : 1;
        buf = ss_arena_alloc(lx->arena, (size_t)(q - s) + 1);
        if (!buf)
            return ss_ctx_error(lx->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    const char *bad = SS_SQLSTATE_INVALID_TEXT_REPRESENTATION;
    int32_t hi = -1;
    for (;;) {
        s++;
        if (s >= end) {
            lx->tok_end = end;
            return token_invalid(lx);
        }
        if (*s == '"')
            break;
        if ((unsigned char)*s < 32) {
            char detail[64];
            snprintf(detail, sizeof detail, "Character with value 0x%02x must be escaped.",
                     (unsigned char)*s);
            return string_error(lx, s, bad, NULL, detail);
        }
        if (*s != '\\') {
            if (de) {
                if (hi != -1)
                    return string_error(lx, s + mblen_at(s, end), bad, NULL, low_surrogate);
                buf[n++] = *s;
            }
            continue;
        }
        s++;
        if (s >= end) {
            lx->tok_end = end;
            return token_invalid(lx);
        }
        if (*s == 'u') {
            int32_t ch = 0;
            for (int i = 0; i < 4; i++) {
                s++;
                if (s >= end) {
                    lx->tok_end = end;
                    return token_invalid(lx);
                }
                int h = hexval(*s);
                if (h < 0)
                    return string_error(lx, s + mblen_at(s, end), bad, NULL,
                                        "\"\\u\" must be followed by four hexadecimal digits.");
                ch = ch * 16 + h;
            }
            if (!de)
                continue;
            if (ch >= 0xd800 && ch <= 0xdbff) {
                if (hi != -1)
                    return string_error(lx, s + 1, bad, NULL,
                                        "Unicode high surrogate must not follow a high surrogate.");
                hi = ch;
                continue;
            }
            if (ch >= 0xdc00 && ch <= 0xdfff) {
                if (hi == -1)
                    return string_error(lx, s + 1, bad, NULL, low_surrogate);
                ch = 0x10000 + ((hi - 0xd800) << 10) + (ch - 0xdc00);
                hi = -1;
            }
            if (hi != -1)
                return string_error(lx, s + 1, bad, NULL, low_surrogate);
            if (ch == 0)
                return string_error(lx, s + 1, JSON_SQLSTATE_UNTRANSLATABLE,
                                    "unsupported Unicode escape sequence",
                                    "\\u0000 cannot be converted to text.");
            n += put_utf8(buf + n, (uint32_t)ch);
            continue;
        }
        if (de && hi != -1)
            return string_error(lx, s + mblen_at(s, end), bad, NULL, low_surrogate);
        char c;
        switch (*s) {
        case '"': c = '"'; break;
        case '\\': c = '\\'; break;
        case '/': c = '/'; break;
        case 'b': c = '\b'; break;
        case 'f': c = '\f'; break;
        case 'n': c = '\n'; break;
        case 'r': c = '\r'; break;
        case 't': c = '\t'; break;
        default: {
            const char *term = s + mblen_at(s, end);
            char detail[64];
            snprintf(detail, sizeof detail, "Escape sequence \"\\%.*s\" is invalid.",
                     (int)(term - s), s);
            return string_error(lx, term, bad, NULL, detail);
        }
        }
        if (de)
            buf[n++] = c;
    }
    if (de && hi != -1)
        return string_error(lx, s + 1, bad, NULL, low_surrogate);
    lx->tok_end = s + 1;
    lx->tok = JT_STRING;
    if (de) {
        lx->str = buf;
        lx->str_len = n;
    } else {
        lx->str = lx->tok_start + 1;
        lx->str_len = (uint32_t)(s - lx->tok_start - 1);
    }
    return SS_OK;
}

static int lex_number(json_lexer *lx)
{
    const char *s = lx->tok_start, *end = lx->end;
    bool error = false;
    if (s < end && *s == '-')
        s++;
    if (s < end && *s == '0') {
        s++;
    } else if (s < end && *s >= '1' && *s <= '9') {
        while (s < end && *s >= '0' && *s <= '9')
            s++;
    } else {
        error = true;
    }
    if (s < end && *s == '.') {
        s++;
        if (s == end || *s < '0' || *s > '9')
            error = true;
        while (s < end && *s >= '0' && *s <= '9')
            s++;
    }
    if (s < end && (*s == 'e' || *s == 'E')) {
        s++;
        if (s < end && (*s == '+' || *s == '-'))
            s++;
        if (s == end || *s < '0' || *s > '9')
            error = true;
        while (s < end && *s >= '0' && *s <= '9')
            s++;
    }
    for (; s < end && JSON_ALNUM(*s); s++)
        error = true;
    lx->tok_end = s;
    if (error)
        return token_invalid(lx);
    lx->tok = JT_NUMBER;
    return SS_OK;
}

static bool word_is(const char *p, size_t n, const char *w)
{
    return strlen(w) == n && memcmp(p, w, n) == 0;
}

int json_lex_next(json_lexer *lx)
{
    const char *s = lx->pos, *end = lx->end;
    lx->prev_end = lx->tok_end;
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')) {
        if (*s == '\n') {
            lx->line++;
            lx->line_start = s + 1;
        }
        s++;
    }
    lx->tok_start = s;
    int rc = SS_OK;
    if (s >= end) {
        lx->tok = JT_END;
        lx->tok_end = s;
    } else {
        switch (*s) {
        case '{': lx->tok = JT_OBJ_START; lx->tok_end = s + 1; break;
        case '}': lx->tok = JT_OBJ_END; lx->tok_end = s + 1; break;
        case '[': lx->tok = JT_ARR_START; lx->tok_end = s + 1; break;
        case ']': lx->tok = JT_ARR_END; lx->tok_end = s + 1; break;
        case ',': lx->tok = JT_COMMA; lx->tok_end = s + 1; break;
        case ':': lx->tok = JT_COLON; lx->tok_end = s + 1; break;
        case '"': rc = lex_string(lx); break;
        case '-':
        case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9': rc = lex_number(lx); break;
        default: {
            const char *p = s;
            while (p < end && JSON_ALNUM(*p))
                p++;
            if (p == s) {
                lx->tok_end = s + mblen_at(s, end);
                return token_invalid(lx);
            }
            lx->tok_end = p;
            size_t n = (size_t)(p - s);
            if (word_is(s, n, "true"))
                lx->tok = JT_TRUE;
            else if (word_is(s, n, "false"))
                lx->tok = JT_FALSE;
            else if (word_is(s, n, "null"))
                lx->tok = JT_NULL;
            else
                return token_invalid(lx);
        }
        }
    }
    lx->pos = lx->tok_end;
    return rc;
}
