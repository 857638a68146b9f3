/* func_text.c — more of PostgreSQL 15's string functions, character-aware over UTF-8:
 * translate, chr, ascii, starts_with, lpad / rpad (with fill), split_part (negative fields
 * count from the end), concat_ws, to_hex, overlay and md5 (OpenSSL's EVP digest), with
 * PostgreSQL's errors (54000 / 22023 for chr, 22023 for split_part's field 0, 22011 for
 * overlay's negative lengths). */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/func_impl.h"
#include "types/typeio.h"
#include "types/utf8.h"
#include "util/strbuf.h"

static const ss_text *text_at(ss_vector *const *args, uint32_t k, uint32_t i)
{
    return &((const ss_text *)args[k]->data)[i];
}

static int32_t int4_at(ss_vector *const *args, uint32_t k, uint32_t i)
{
    return ((const int32_t *)args[k]->data)[i];
}

static int emit(ss_ctx *ctx, ss_strbuf *sb, ss_vector *out, uint32_t i)
{
    if (sb->oom)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return ss_vector_set_text(ctx, out, i, sb->data ? sb->data : "", sb->len);
}

/* The byte length of the character at s[0..rest). */
static uint32_t char_len(const char *s, uint32_t rest)
{
    uint32_t l = ss_utf8_char_len((unsigned char)s[0]);
    return l <= rest ? l : rest;
}

/* ---- translate(s, from, to) ---- */
int ss_fn_translate(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out)
{
    (void)nargs;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = text_at(args, 0, i), *from = text_at(args, 1, i), *to = text_at(args, 2, i);
        ss_strbuf_clear(&sb);
        for (uint32_t at = 0; at < s->len;) {
            uint32_t l = char_len(s->ptr + at, s->len - at);
            /* position (in characters) of this character in from */
            uint32_t pos = 0, fat = 0;
            bool found = false;
            while (fat < from->len) {
                uint32_t fl = char_len(from->ptr + fat, from->len - fat);
                if (fl == l && memcmp(from->ptr + fat, s->ptr + at, l) == 0) {
                    found = true;
                    break;
                }
                fat += fl;
                pos++;
            }
            if (!found) {
                ss_strbuf_append(&sb, s->ptr + at, l);
            } else {
                uint32_t tat = ss_utf8_clip(to->ptr, to->len, pos);
                if (tat < to->len) /* no counterpart in to: the character is deleted */
                    ss_strbuf_append(&sb, to->ptr + tat, char_len(to->ptr + tat, to->len - tat));
            }
            at += l;
        }
        if ((rc = emit(ctx, &sb, out, i)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}

/* ---- chr, ascii, starts_with ---- */
int ss_fn_chr(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
              ss_vector *out)
{
    (void)nargs;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        int32_t c = int4_at(args, 0, i);
        if (c < 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "character number must be positive");
        if (c == 0)
            return ss_ctx_error(ctx, "54000", "null character not permitted");
        if (c > 0x10ffff)
            return ss_ctx_error(ctx, "54000", "requested character too large for encoding: %d", c);
        if (c >= 0xd800 && c <= 0xdfff)
            return ss_ctx_error(ctx, "54000", "requested character not valid for encoding: %d", c);
        char b[4];
        uint32_t l;
        uint32_t cp = (uint32_t)c;
        if (cp < 0x80) {
            b[0] = (char)cp, l = 1;
        } else if (cp < 0x800) {
            b[0] = (char)(0xc0 | (cp >> 6)), b[1] = (char)(0x80 | (cp & 0x3f)), l = 2;
        } else if (cp < 0x10000) {
            b[0] = (char)(0xe0 | (cp >> 12)), b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
            b[2] = (char)(0x80 | (cp & 0x3f)), l = 3;
        } else {
            b[0] = (char)(0xf0 | (cp >> 18)), b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
            b[2] = (char)(0x80 | ((cp >> 6) & 0x3f)), b[3] = (char)(0x80 | (cp & 0x3f)), l = 4;
        }
        if ((rc = ss_vector_set_text(ctx, out, i, b, l)) != SS_OK)
            break;
    });
    return rc;
}

int ss_fn_ascii(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                ss_vector *out)
{
    (void)ctx, (void)nargs;
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = text_at(args, 0, i);
        int32_t cp = 0;
        if (s->len) {
            const unsigned char *u = (const unsigned char *)s->ptr;
            uint32_t l = char_len(s->ptr, s->len);
            cp = l == 1 ? u[0] : u[0] & (0x7f >> l);
            for (uint32_t k = 1; k < l; k++)
                cp = (cp << 6) | (u[k] & 0x3f);
        }
        r[i] = cp;
    });
    return SS_OK;
}

int ss_fn_starts_with(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                      ss_vector *out)
{
    (void)ctx, (void)nargs;
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = text_at(args, 0, i), *p = text_at(args, 1, i);
        r[i] = p->len <= s->len && memcmp(s->ptr, p->ptr, p->len) == 0;
    });
    return SS_OK;
}

/* ---- lpad / rpad ---- */
static int pad_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out, bool left)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = text_at(args, 0, i);
        int32_t len = int4_at(args, 1, i);
        ss_text fill = nargs > 2 ? *text_at(args, 2, i) : (ss_text){" ", 1, 0};
        ss_strbuf_clear(&sb);
        if (len > 0) {
            uint32_t have = ss_utf8_count(s->ptr, s->len);
            uint32_t keep = (uint32_t)len < have ? (uint32_t)len : have;
            uint32_t keep_bytes = ss_utf8_clip(s->ptr, s->len, keep);
            uint32_t need = fill.len ? (uint32_t)len - keep : 0;
            if (!left)
                ss_strbuf_append(&sb, s->ptr, keep_bytes);
            for (uint32_t k = 0, at = 0; k < need; k++) {
                uint32_t l = char_len(fill.ptr + at, fill.len - at);
                ss_strbuf_append(&sb, fill.ptr + at, l);
                at += l;
                if (at >= fill.len)
                    at = 0;
            }
            if (left)
                ss_strbuf_append(&sb, s->ptr, keep_bytes);
        }
        if ((rc = emit(ctx, &sb, out, i)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}

int ss_fn_lpad(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
               ss_vector *out)
{
    return pad_rows(ctx, args, nargs, rows, n, out, true);
}

int ss_fn_rpad(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
               ss_vector *out)
{
    return pad_rows(ctx, args, nargs, rows, n, out, false);
}

/* ---- split_part(s, delimiter, field) ---- */
int ss_fn_split_part(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                     ss_vector *out)
{
    (void)nargs;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = text_at(args, 0, i), *d = text_at(args, 1, i);
        int32_t field = int4_at(args, 2, i);
        if (field == 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "field position must not be zero");
        /* the fields' starts and ends, in bytes */
        uint32_t nf = 1;
        if (d->len && s->len) {
            for (uint32_t at = 0; at + d->len <= s->len;) {
                if (memcmp(s->ptr + at, d->ptr, d->len) == 0)
                    nf++, at += d->len;
                else
                    at++;
            }
        }
        const char *res = "";
        uint32_t rlen = 0;
        int64_t want = field > 0 ? field : (int64_t)nf + field + 1;
        if (s->len && want >= 1 && want <= nf) {
            if (!d->len) {
                res = s->ptr, rlen = s->len;
            } else {
                uint32_t k = 1, start = 0, at = 0;
                while (at + d->len <= s->len && k < want) {
                    if (memcmp(s->ptr + at, d->ptr, d->len) == 0) {
                        k++;
                        at += d->len;
                        start = at;
                    } else {
                        at++;
                    }
                }
                uint32_t end = start;
                while (end < s->len && !(end + d->len <= s->len && memcmp(s->ptr + end, d->ptr, d->len) == 0))
                    end++;
                res = s->ptr + start, rlen = end - start;
            }
        }
        if ((rc = ss_vector_set_text(ctx, out, i, res, rlen)) != SS_OK)
            break;
    });
    return rc;
}

/* ---- concat_ws(sep, ...): NULL separator -> NULL, NULL values skipped ---- */
int ss_fn_concat_ws(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_is_null(args[0], i)) {
            if ((rc = ss_vector_ensure_validity(ctx, out)) != SS_OK)
                break;
            ss_vector_set_null(out, i);
            continue;
        }
        const ss_text *sep = text_at(args, 0, i);
        ss_strbuf_clear(&sb);
        bool first = true;
        for (uint32_t k = 1; k < nargs; k++) {
            if (ss_vector_is_null(args[k], i))
                continue;
            if (!first)
                ss_strbuf_append(&sb, sep->ptr, sep->len);
            first = false;
            ss_value v;
            ss_vector_get_value(args[k], i, &v);
            ss_value_format(args[k]->type, &v, &sb);
        }
        if ((rc = emit(ctx, &sb, out, i)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}

/* ---- to_hex(int4 | int8): the two's-complement bits ---- */
int ss_fn_to_hex(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                 ss_vector *out)
{
    (void)nargs;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        char b[24];
        int l = args[0]->type.id == SS_TYPE_INT8
                    ? snprintf(b, sizeof b, "%llx", (unsigned long long)((const int64_t *)args[0]->data)[i])
                    : snprintf(b, sizeof b, "%x", (unsigned)((const int32_t *)args[0]->data)[i]);
        if ((rc = ss_vector_set_text(ctx, out, i, b, (size_t)l)) != SS_OK)
            break;
    });
    return rc;
}

/* ---- overlay(s placing r from start [for count]) ---- */
int ss_fn_overlay(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                  ss_vector *out)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = text_at(args, 0, i), *r = text_at(args, 1, i);
        int64_t start = int4_at(args, 2, i);
        int64_t count = nargs > 3 ? (int64_t)int4_at(args, 3, i) : (int64_t)ss_utf8_count(r->ptr, r->len);
        if (start < 1)
            return ss_ctx_error(ctx, "22011", "negative substring length not allowed");
        int64_t rest = start + count; /* the 1-based character where the tail starts */
        uint32_t head = ss_utf8_clip(s->ptr, s->len, (uint64_t)(start - 1));
        uint32_t tail = rest <= 1 ? 0 : ss_utf8_clip(s->ptr, s->len, (uint64_t)(rest - 1));
        ss_strbuf_clear(&sb);
        ss_strbuf_append(&sb, s->ptr, head);
        ss_strbuf_append(&sb, r->ptr, r->len);
        ss_strbuf_append(&sb, s->ptr + tail, s->len - tail);
        if ((rc = emit(ctx, &sb, out, i)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}

/* ---- md5(text): lower-case hex of the digest ---- */
int ss_fn_md5(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
              ss_vector *out)
{
    (void)nargs;
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *s = text_at(args, 0, i);
        unsigned char md[EVP_MAX_MD_SIZE];
        unsigned int mdlen = 0;
        if (!EVP_Digest(s->ptr, s->len, md, &mdlen, EVP_md5(), NULL))
            return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "could not compute MD5 hash");
        char hex[2 * EVP_MAX_MD_SIZE];
        static const char digits[] = "0123456789abcdef";
        for (unsigned k = 0; k < mdlen; k++) {
            hex[2 * k] = digits[md[k] >> 4];
            hex[2 * k + 1] = digits[md[k] & 15];
        }
        if ((rc = ss_vector_set_text(ctx, out, i, hex, 2 * mdlen)) != SS_OK)
            break;
    });
    return rc;
}
