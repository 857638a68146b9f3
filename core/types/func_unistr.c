/* func_unistr.c — unistr(text): PostgreSQL 15's Unicode escapes \XXXX, \+XXXXXX, \uXXXX and
 * \UXXXXXXXX (surrogate pairs joined) and \\ decoded to UTF-8, with its errors (42601 for a
 * malformed escape or an unpaired surrogate, 22023 for a code point outside Unicode or 0). */
#include "types/func_impl.h"
#include "types/utf8.h"
#include "util/strbuf.h"

#define SYNTAX "42601"

static int bad_escape(ss_ctx *ctx)
{
    ss_ctx_error(ctx, SYNTAX, "invalid Unicode escape");
    ss_ctx_error_hint(ctx, "Unicode escapes must be \\XXXX, \\+XXXXXX, \\uXXXX, or \\UXXXXXXXX.");
    return SS_ERROR;
}

static int bad_pair(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SYNTAX, "invalid Unicode surrogate pair");
}

/* ndigits hex digits at s[0..len) into *cp; false when they are not there. */
static bool hex_digits(const char *s, uint32_t len, uint32_t ndigits, uint32_t *cp)
{
    if (len < ndigits)
        return false;
    uint32_t v = 0;
    for (uint32_t k = 0; k < ndigits; k++) {
        char c = s[k];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return false;
        v = v * 16 + (uint32_t)d;
    }
    *cp = v;
    return true;
}

static int unistr_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                      void *state)
{
    (void)nargs, (void)null, (void)state;
    const ss_text *s = &((const ss_text *)args[0]->data)[i];
    uint32_t high = 0; /* a high surrogate waiting for its pair */
    for (uint32_t k = 0; k < s->len;) {
        if (s->ptr[k] != '\\' || (k + 1 < s->len && s->ptr[k + 1] == '\\')) {
            if (high)
                return bad_pair(ctx);
            ss_strbuf_putc(sb, s->ptr[k]);
            k += s->ptr[k] == '\\' ? 2 : 1;
            continue;
        }
        const char *e = s->ptr + k + 1;
        uint32_t left = s->len - k - 1, cp, skip;
        char kind = left ? e[0] : 0;
        if (kind == '+' && hex_digits(e + 1, left - 1, 6, &cp))
            skip = 8;
        else if (kind == 'u' && hex_digits(e + 1, left - 1, 4, &cp))
            skip = 6;
        else if (kind == 'U' && hex_digits(e + 1, left - 1, 8, &cp))
            skip = 10;
        else if (hex_digits(e, left, 4, &cp))
            skip = 5;
        else
            return bad_escape(ctx);
        k += skip;
        if (cp == 0 || cp > 0x10FFFF)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid Unicode code point: %04X", cp);
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (high)
                return bad_pair(ctx);
            high = cp;
            continue;
        }
        if (cp >= 0xDC00 && cp <= 0xDFFF) {
            if (!high)
                return bad_pair(ctx);
            cp = 0x10000 + ((high - 0xD800) << 10) + (cp - 0xDC00);
            high = 0;
        } else if (high) {
            return bad_pair(ctx);
        }
        char buf[4];
        ss_strbuf_append(sb, buf, ss_utf8_encode(cp, buf));
    }
    return high ? bad_pair(ctx) : SS_OK;
}

SS_TEXT_FN(ss_fn_unistr, unistr_row)
