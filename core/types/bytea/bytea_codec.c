/* bytea_codec.c — encode(bytea, format) / decode(text, format) with PostgreSQL 15's hex,
 * base64 (76-character lines on output) and escape formats, and convert_to / convert_from /
 * convert between UTF8 (the database encoding), SQL_ASCII and LATIN1. */
#include "types/bytea/bytea.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "exec/vector.h"
#include "types/functions.h"
#include "catalog/settings_parse.h"
#include "types/utf8.h"

#define SS_SQLSTATE_UNTRANSLATABLE_CHARACTER "22P05"

static inline const ss_text *texts(const ss_vector *v)
{
    return (const ss_text *)v->data;
}

enum { FMT_HEX, FMT_BASE64, FMT_ESCAPE };

static int format_of(ss_ctx *ctx, const ss_text *name, int *fmt)
{
    static const char *names[] = {"hex", "base64", "escape"};
    for (int k = 0; k < 3; k++)
        if (name->len == strlen(names[k]) && strncasecmp(name->ptr, names[k], name->len) == 0) {
            *fmt = k;
            return SS_OK;
        }
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "unrecognized encoding: \"%.*s\"",
                        (int)name->len, name->ptr);
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Upper bound of the encoded length of len bytes. */
static size_t encoded_max(int fmt, size_t len)
{
    if (fmt == FMT_HEX)
        return 2 * len;
    if (fmt == FMT_BASE64)
        return (len + 2) / 3 * 4 + (len + 2) / 3 * 4 / 76 + 1;
    return 4 * len;
}

static size_t base64_encode(const unsigned char *s, size_t len, char *out)
{
    char *p = out, *line = out;
    uint32_t buf = 0;
    int pos = 2;
    for (size_t i = 0; i < len; i++) {
        buf |= (uint32_t)s[i] << (pos << 3);
        if (--pos < 0) {
            *p++ = b64[(buf >> 18) & 0x3f];
            *p++ = b64[(buf >> 12) & 0x3f];
            *p++ = b64[(buf >> 6) & 0x3f];
            *p++ = b64[buf & 0x3f];
            pos = 2;
            buf = 0;
        }
        if (p - line >= 76) {
            *p++ = '\n';
            line = p;
        }
    }
    if (pos != 2) {
        *p++ = b64[(buf >> 18) & 0x3f];
        *p++ = b64[(buf >> 12) & 0x3f];
        *p++ = pos == 0 ? b64[(buf >> 6) & 0x3f] : '=';
        *p++ = '=';
    }
    return (size_t)(p - out);
}

static size_t escape_encode(const unsigned char *s, size_t len, char *out)
{
    char *p = out;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = s[i];
        if (c == '\0' || c >= 0x80) {
            *p++ = '\\';
            *p++ = (char)('0' + (c >> 6));
            *p++ = (char)('0' + ((c >> 3) & 7));
            *p++ = (char)('0' + (c & 7));
        } else if (c == '\\') {
            *p++ = '\\';
            *p++ = '\\';
        } else {
            *p++ = (char)c;
        }
    }
    return (size_t)(p - out);
}

/* The text of s[0..len) in format fmt written to out (room: encoded_max); its length. */
static size_t encode_as(int fmt, const ss_text *in, char *out)
{
    const unsigned char *s = (const unsigned char *)in->ptr;
    if (fmt == FMT_BASE64)
        return base64_encode(s, in->len, out);
    if (fmt == FMT_ESCAPE)
        return escape_encode(s, in->len, out);
    bytea_hex_encode(s, in->len, out);
    return 2 * (size_t)in->len;
}

static int b64_value(unsigned char c)
{
    const char *q = c ? strchr(b64, c) : NULL;
    return q ? (int)(q - b64) : -1;
}

static int base64_decode(ss_ctx *ctx, const char *s, size_t len, unsigned char *out, size_t *outlen)
{
    unsigned char *p = out;
    uint32_t buf = 0;
    int pos = 0, end = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        int b;
        if (c == '=') {
            if (!end) {
                if (pos == 2)
                    end = 1;
                else if (pos == 3)
                    end = 2;
                else
                    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                                        "unexpected \"=\" while decoding base64 sequence");
            }
            b = 0;
        } else {
            b = c < 127 ? b64_value(c) : -1;
            if (b < 0) {
                uint32_t cl = ss_utf8_char_len(c);
                if (cl > len - i)
                    cl = (uint32_t)(len - i);
                return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                                    "invalid symbol \"%.*s\" found while decoding base64 sequence",
                                    (int)cl, s + i);
            }
        }
        buf = (buf << 6) + (uint32_t)b;
        if (++pos == 4) {
            *p++ = (unsigned char)(buf >> 16);
            if (end == 0 || end > 1)
                *p++ = (unsigned char)(buf >> 8);
            if (end == 0 || end > 2)
                *p++ = (unsigned char)buf;
            buf = 0;
            pos = 0;
        }
    }
    if (pos != 0) {
        ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid base64 end sequence");
        ss_ctx_error_hint(ctx, "Input data is missing padding, is truncated, or is otherwise corrupted.");
        return SS_ERROR;
    }
    *outlen = (size_t)(p - out);
    return SS_OK;
}

/* decode(text, 'escape'): byteain's escape form without its hex prefix. */
static int escape_decode(ss_ctx *ctx, const char *s, size_t len, unsigned char *out, size_t *outlen)
{
    if (len >= 2 && s[0] == '\\' && s[1] == 'x') {
        /* "\x" is no escape sequence here: byteain's escape reading applies from byte 0 */
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION,
                            "invalid input syntax for type bytea");
    }
    return bytea_decode_input(ctx, s, len, out, outlen);
}

/* encode(bytea, format) (to_text) or decode(text, format): rows of args[0] in the format
 * args[1] names. */
static int code_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                     ss_vector *out, bool to_text)
{
    const ss_text *a = texts(args[0]), *f = texts(args[1]);
    SS_FOR_ROWS(rows, n, i, {
        int fmt;
        if (format_of(ctx, &f[i], &fmt) != SS_OK)
            return SS_ERROR;
        char *p = ss_vector_text_alloc(ctx, out, to_text ? encoded_max(fmt, a[i].len) : a[i].len);
        if (!p)
            return SS_ERROR;
        size_t len = 0;
        unsigned char *b = (unsigned char *)p;
        int rc = to_text              ? ((len = encode_as(fmt, &a[i], p)), SS_OK)
                 : fmt == FMT_HEX    ? bytea_hex_decode(ctx, a[i].ptr, a[i].len, b, &len)
                 : fmt == FMT_BASE64 ? base64_decode(ctx, a[i].ptr, a[i].len, b, &len)
                                     : escape_decode(ctx, a[i].ptr, a[i].len, b, &len);
        if (rc != SS_OK)
            return SS_ERROR;
        ((ss_text *)out->data)[i] = (ss_text){p, (uint32_t)len, 0};
        ss_vector_set_valid(out, i);
    });
    return SS_OK;
}

BYTEA_FN(encode)
{
    (void)nargs;
    return code_rows(ctx, args, rows, n, out, true);
}

BYTEA_FN(decode)
{
    (void)nargs;
    return code_rows(ctx, args, rows, n, out, false);
}

/* ---- convert_to / convert_from ---- */

enum { ENC_UTF8, ENC_SQL_ASCII, ENC_LATIN1, ENC_OTHER };

/* The encoding a name names: 22023 for a name PostgreSQL does not know, 0A000 for an
 * encoding other than UTF8, SQL_ASCII and LATIN1. */
static int resolve(ss_ctx *ctx, const ss_text *name, const char *role, int *enc)
{
    char clean[64];
    if (!ss_encoding_clean_name(name->ptr, name->len, clean, sizeof clean) || !ss_encoding_name_known(clean))
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "invalid %s%sencoding name \"%.*s\"",
                            role, *role ? " " : "", (int)name->len, name->ptr);
    *enc = !strcmp(clean, "utf8") || !strcmp(clean, "unicode") ? ENC_UTF8
           : !strcmp(clean, "sqlascii")                        ? ENC_SQL_ASCII
           : !strcmp(clean, "latin1") || !strcmp(clean, "iso88591") ? ENC_LATIN1
                                                                : ENC_OTHER;
    if (*enc == ENC_OTHER)
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: conversion between UTF8 and encoding \"%.*s\"",
                            (int)name->len, name->ptr);
    return SS_OK;
}

/* 22P05 for the UTF8 character at s[0..n) that LATIN1 lacks. */
static int untranslatable(ss_ctx *ctx, const unsigned char *s, uint32_t n)
{
    static const char hx[] = "0123456789abcdef";
    char seq[24], *p = seq;
    for (uint32_t k = 0; k < n; k++)
        p += snprintf(p, 6, "%s0x%c%c", k ? " " : "", hx[s[k] >> 4], hx[s[k] & 15]);
    return ss_ctx_error(ctx, SS_SQLSTATE_UNTRANSLATABLE_CHARACTER,
                        "character with byte sequence %s in encoding \"UTF8\" has no equivalent in "
                        "encoding \"LATIN1\"", seq);
}

/* PostgreSQL's pg_convert of in from encoding src to dst, stored at row of out: the input is
 * verified in src (no NUL in LATIN1 or SQL_ASCII), then converted; SQL_ASCII converts to and
 * from anything as the bytes it is, and a result in UTF8 is verified as UTF8. */
static int convert_row(ss_ctx *ctx, ss_vector *out, uint32_t row, const ss_text *in, int src, int dst)
{
    const unsigned char *s = (const unsigned char *)in->ptr;
    if (src != ENC_UTF8 && in->len && memchr(s, 0, in->len))
        return ss_ctx_error(ctx, SS_SQLSTATE_CHARACTER_NOT_IN_REPERTOIRE,
                            "invalid byte sequence for encoding \"%s\": 0x00", src == ENC_LATIN1 ? "LATIN1" : "SQL_ASCII");
    if ((src == ENC_UTF8 || dst == ENC_UTF8) && src != ENC_LATIN1 && ss_utf8_verify(ctx, in->ptr, in->len) != SS_OK)
        return SS_ERROR;
    if (src == dst || src == ENC_SQL_ASCII || dst == ENC_SQL_ASCII)
        return ss_vector_set_text(ctx, out, row, in->ptr, in->len);
    unsigned char *p = (unsigned char *)ss_vector_text_alloc(ctx, out, 2 * (size_t)in->len);
    if (!p)
        return SS_ERROR;
    uint32_t k = 0;
    for (uint32_t j = 0; j < in->len; j++) {
        if (s[j] < 0x80) {
            p[k++] = s[j];
        } else if (src == ENC_LATIN1) { /* to UTF8: two bytes */
            p[k++] = (unsigned char)(0xc0 | s[j] >> 6);
            p[k++] = (unsigned char)(0x80 | (s[j] & 0x3f));
        } else if (s[j] == 0xc2 || s[j] == 0xc3) { /* U+0080 .. U+00FF to LATIN1 */
            p[k++] = (unsigned char)((s[j] & 0x1f) << 6 | (s[j + 1] & 0x3f));
            j++;
        } else {
            return untranslatable(ctx, s + j, ss_utf8_char_len(s[j]));
        }
    }
    ((ss_text *)out->data)[row] = (ss_text){(const char *)p, k, 0};
    ss_vector_set_valid(out, row);
    return SS_OK;
}

/* convert_to(text, dst), convert_from(bytea, src) and convert(bytea, src, dst): the names
 * are the arguments after the string (the database encoding, UTF8, stands for the other). */
static int convert(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out, bool from_named, bool to_named)
{
    const ss_text *a = texts(args[0]), *sn = from_named ? texts(args[1]) : NULL;
    const ss_text *dn = to_named ? texts(args[nargs - 1]) : NULL;
    SS_FOR_ROWS(rows, n, i, {
        int src = ENC_UTF8, dst = ENC_UTF8;
        if ((sn && resolve(ctx, &sn[i], "source", &src) != SS_OK) ||
            (dn && resolve(ctx, &dn[i], "destination", &dst) != SS_OK) ||
            convert_row(ctx, out, i, &a[i], src, dst) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

BYTEA_FN(convert_to)
{
    return convert(ctx, args, nargs, rows, n, out, false, true);
}

BYTEA_FN(convert_from)
{
    return convert(ctx, args, nargs, rows, n, out, true, false);
}

BYTEA_FN(convert)
{
    return convert(ctx, args, nargs, rows, n, out, true, true);
}

/* length(bytea, encoding): the characters of the bytes in that encoding, verified first
   (PostgreSQL's length_in_encoding) */
BYTEA_FN(length_in_encoding)
{
    (void)nargs;
    const ss_text *a = texts(args[0]), *en = texts(args[1]);
    SS_FOR_ROWS(rows, n, i, {
        int enc = ENC_UTF8;
        if (resolve(ctx, &en[i], "", &enc) != SS_OK)
            return SS_ERROR;
        int32_t len = (int32_t)a[i].len;
        if (enc == ENC_UTF8) {
            if (ss_utf8_verify(ctx, a[i].ptr, a[i].len) != SS_OK)
                return SS_ERROR;
            len = (int32_t)ss_utf8_count(a[i].ptr, a[i].len);
        } else if (a[i].len && memchr(a[i].ptr, 0, a[i].len)) {
            return ss_ctx_error(ctx, SS_SQLSTATE_CHARACTER_NOT_IN_REPERTOIRE,
                                "invalid byte sequence for encoding \"%s\": 0x00",
                                enc == ENC_LATIN1 ? "LATIN1" : "SQL_ASCII");
        }
        ((int32_t *)out->data)[i] = len;
        ss_vector_set_valid(out, i);
    });
    return SS_OK;
}
