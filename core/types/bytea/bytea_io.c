/* bytea_io.c — bytea's catalog descriptor with its text input (byteain: the hex and the
 * escape forms) and output (byteaout under bytea_output = 'hex' or 'escape'), with
 * PostgreSQL 15's errors. */
#include "types/bytea/bytea.h"

#include <ctype.h>
#include <string.h>

#include "types/registry.h"
#include "types/utf8.h"
#include "util/tls.h"

static SS_TLS bool output_hex = true;

void bytea_set_output(bool hex)
{
    output_hex = hex;
}

static const char hexdig[] = "0123456789abcdef";

void bytea_hex_encode(const unsigned char *s, size_t len, char *out)
{
    for (size_t i = 0; i < len; i++) {
        out[2 * i] = hexdig[s[i] >> 4];
        out[2 * i + 1] = hexdig[s[i] & 15];
    }
}

int bytea_hex_value(char c)
{
    const char *d = c ? strchr(hexdig, tolower((unsigned char)c)) : NULL;
    return d ? (int)(d - hexdig) : -1;
}

static int bad_hex_digit(ss_ctx *ctx, const char *p, const char *end)
{
    uint32_t n = ss_utf8_char_len((unsigned char)*p);
    if (n > (size_t)(end - p))
        n = (uint32_t)(end - p);
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid hexadecimal digit: \"%.*s\"",
                        (int)n, p);
}

int bytea_hex_decode(ss_ctx *ctx, const char *s, size_t len, unsigned char *out, size_t *outlen)
{
    const char *p = s, *end = s + len;
    size_t k = 0;
    while (p < end) {
        if (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') {
            p++;
            continue;
        }
        int hi = bytea_hex_value(*p);
        if (hi < 0)
            return bad_hex_digit(ctx, p, end);
        if (++p >= end)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                                "invalid hexadecimal data: odd number of digits");
        int lo = bytea_hex_value(*p);
        if (lo < 0)
            return bad_hex_digit(ctx, p, end);
        p++;
        out[k++] = (unsigned char)(hi << 4 | lo);
    }
    *outlen = k;
    return SS_OK;
}

static bool is_octal(char c, char hi)
{
    return c >= '0' && c <= hi;
}

int bytea_decode_input(ss_ctx *ctx, const char *s, size_t len, unsigned char *buf, size_t *outlen)
{
    size_t k = 0;
    if (len >= 2 && s[0] == '\\' && s[1] == 'x')
        return bytea_hex_decode(ctx, s + 2, len - 2, buf, outlen);
    for (size_t i = 0; i < len;) {
        if (s[i] != '\\') {
            buf[k++] = (unsigned char)s[i++];
        } else if (i + 1 < len && s[i + 1] == '\\') {
            buf[k++] = '\\';
            i += 2;
        } else if (i + 3 < len && is_octal(s[i + 1], '3') && is_octal(s[i + 2], '7') &&
                   is_octal(s[i + 3], '7')) {
            buf[k++] = (unsigned char)((s[i + 1] - '0') << 6 | (s[i + 2] - '0') << 3 |
                                       (s[i + 3] - '0'));
            i += 4;
        } else {
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION,
                                "invalid input syntax for type bytea");
        }
    }
    *outlen = k;
    return SS_OK;
}

int bytea_parse(ss_ctx *ctx, ss_arena *arena, const char *s, size_t len, ss_text *out)
{
    unsigned char *buf = ss_arena_alloc(arena ? arena : ctx->arena, len + 1);
    if (!buf)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    size_t k;
    if (bytea_decode_input(ctx, s, len, buf, &k) != SS_OK)
        return SS_ERROR;
    *out = (ss_text){(const char *)buf, (uint32_t)k, 0};
    return SS_OK;
}

void bytea_format(const ss_text *v, ss_strbuf *out)
{
    const unsigned char *p = (const unsigned char *)v->ptr;
    if (output_hex) {
        char chunk[2 + 2 * 64];
        ss_strbuf_append(out, "\\x", 2);
        for (uint32_t i = 0; i < v->len; i += 64) {
            uint32_t m = v->len - i < 64 ? v->len - i : 64;
            bytea_hex_encode(p + i, m, chunk);
            ss_strbuf_append(out, chunk, 2 * (size_t)m);
        }
        return;
    }
    for (uint32_t i = 0; i < v->len; i++) {
        unsigned char c = p[i];
        if (c == '\\') {
            ss_strbuf_append(out, "\\\\", 2);
        } else if (c < 0x20 || c > 0x7e) {
            char o[4] = {'\\', (char)('0' + (c >> 6)), (char)('0' + ((c >> 3) & 7)),
                         (char)('0' + (c & 7))};
            ss_strbuf_append(out, o, 4);
        } else {
            ss_strbuf_putc(out, (char)c);
        }
    }
}

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    memset(out, 0, sizeof *out);
    return bytea_parse(ctx, arena, s, len, &out->v.s);
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    bytea_format(&v->v.s, out);
}

const ss_type_def ss_bytea_type_def = {
    .info = &ss_bytea_type_info, .internal_name = "bytea", .display_name = "bytea", .category = 'U',
    .input = input, .output = output, .functions = bytea_functions, .operators = bytea_operators,
    .no_minmax = true, /* PostgreSQL has no min / max of it */
};
