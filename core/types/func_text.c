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

static int put_null(ss_ctx *ctx, ss_vector *out, uint32_t i)
{
    if (ss_vector_ensure_validity(ctx, out))
        return SS_ERROR;
    ss_vector_set_null(out, i);
    return SS_OK;
}

static int put_text(ss_ctx *ctx, const ss_strbuf *sb, ss_vector *out, uint32_t i)
{
    if (sb->oom)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return ss_vector_set_text(ctx, out, i, sb->data ? sb->data : "", sb->len);
}

int ss_text_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                 ss_vector *out, ss_text_row_fn fn, void *state)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        bool null = false;
        ss_strbuf_clear(&sb);
        if ((rc = fn(ctx, args, nargs, i, &sb, &null, state)) != SS_OK)
            break;
        if ((rc = null ? put_null(ctx, out, i) : put_text(ctx, &sb, out, i)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    return rc;
}

/* The byte length of the character at s[0..rest). */
static uint32_t char_len(const char *s, uint32_t rest)
{
    uint32_t l = ss_utf8_char_len((unsigned char)s[0]);
    return l <= rest ? l : rest;
}

/* ---- translate(s, from, to) ---- */
static int translate_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                         void *state)
{
    (void)ctx, (void)nargs, (void)null, (void)state;
    const ss_text *s = text_at(args, 0, i), *from = text_at(args, 1, i), *to = text_at(args, 2, i);
    for (uint32_t at = 0; at < s->len;) {
        uint32_t l = char_len(s->ptr + at, s->len - at);
        /* position (in characters) of this character in from */
        uint32_t pos = 0, fat = 0;
        bool found = false;
        while (fat < from->len && !found) {
            uint32_t fl = char_len(from->ptr + fat, from->len - fat);
            found = fl == l && memcmp(from->ptr + fat, s->ptr + at, l) == 0;
            if (!found)
                fat += fl, pos++;
        }
        if (!found) {
            ss_strbuf_append(sb, s->ptr + at, l);
        } else {
            uint32_t tat = ss_utf8_clip(to->ptr, to->len, pos);
            if (tat < to->len) /* no counterpart in to: the character is deleted */
                ss_strbuf_append(sb, to->ptr + tat, char_len(to->ptr + tat, to->len - tat));
        }
        at += l;
    }
    return SS_OK;
}

/* ---- chr, ascii, starts_with ---- */
static int chr_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                   void *state)
{
    (void)nargs, (void)null, (void)state;
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
    ss_strbuf_append(sb, b, ss_utf8_encode((uint32_t)c, b));
    return SS_OK;
}

static int32_t first_code_point(const ss_text *s)
{
    if (!s->len)
        return 0;
    const unsigned char *u = (const unsigned char *)s->ptr;
    uint32_t l = char_len(s->ptr, s->len);
    int32_t cp = l == 1 ? u[0] : u[0] & (0x7f >> l);
    for (uint32_t k = 1; k < l; k++)
        cp = (cp << 6) | (u[k] & 0x3f);
    return cp;
}

static bool has_prefix(const ss_text *s, const ss_text *p)
{
    return p->len <= s->len && memcmp(s->ptr, p->ptr, p->len) == 0;
}

/* A function of text arguments with a fixed-width result T: EXPR at each row i. */
#define TEXT_MAP(NAME, T, EXPR)                                                                    \
    static int NAME##_rows(ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out) \
    {                                                                                              \
        T *r = out->data;                                                                          \
        SS_FOR_ROWS(rows, n, i, { r[i] = (EXPR); });                                               \
        return SS_OK;                                                                              \
    }                                                                                              \
    SS_FN_DEFINE(NAME, NAME##_rows(args, rows, n, out))

TEXT_MAP(ss_fn_ascii, int32_t, first_code_point(text_at(args, 0, i)))
TEXT_MAP(ss_fn_starts_with, uint8_t, has_prefix(text_at(args, 0, i), text_at(args, 1, i)))

/* ---- lpad / rpad (state: non-NULL for lpad) ---- */
static int pad_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                   void *state)
{
    (void)null;
    bool left = state != NULL;
    const ss_text *s = text_at(args, 0, i);
    int32_t len = int4_at(args, 1, i);
    ss_text fill = nargs > 2 ? *text_at(args, 2, i) : (ss_text){" ", 1, 0};
    if (len <= 0)
        return SS_OK;
    if ((uint64_t)len * 4 + 4 > 0x3fffffff) /* PostgreSQL's bound: 4 bytes a character, 1 GB */
        return ss_ctx_error(ctx, "54000", "requested length too large");
    uint32_t have = ss_utf8_count(s->ptr, s->len);
    uint32_t keep = (uint32_t)len < have ? (uint32_t)len : have;
    uint32_t keep_bytes = ss_utf8_clip(s->ptr, s->len, keep);
    uint32_t need = fill.len ? (uint32_t)len - keep : 0;
    if (!left)
        ss_strbuf_append(sb, s->ptr, keep_bytes);
    for (uint32_t k = 0, at = 0; k < need; k++) {
        uint32_t l = char_len(fill.ptr + at, fill.len - at);
        ss_strbuf_append(sb, fill.ptr + at, l);
        at = at + l >= fill.len ? 0 : at + l;
    }
    if (left)
        ss_strbuf_append(sb, s->ptr, keep_bytes);
    return SS_OK;
}

int ss_fn_lpad(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
               ss_vector *out)
{
    return ss_text_rows(ctx, args, nargs, rows, n, out, pad_row, out);
}

SS_TEXT_FN(ss_fn_rpad, pad_row)

/* ---- split_part(s, delimiter, field) ---- */
/* The byte offset after the next delimiter at or after at, or s->len + 1 when there is none. */
static uint32_t after_delimiter(const ss_text *s, const ss_text *d, uint32_t at, uint32_t *found_at)
{
    for (; at + d->len <= s->len; at++)
        if (memcmp(s->ptr + at, d->ptr, d->len) == 0)
            return *found_at = at, at + d->len;
    return *found_at = s->len, s->len + 1;
}

static int split_part_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb,
                          bool *null, void *state)
{
    (void)nargs, (void)null, (void)state;
    const ss_text *s = text_at(args, 0, i), *d = text_at(args, 1, i);
    int32_t field = int4_at(args, 2, i);
    if (field == 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "field position must not be zero");
    if (!s->len)
        return SS_OK;
    if (!d->len) { /* the whole string is the one field */
        if (field == 1 || field == -1)
            ss_strbuf_append(sb, s->ptr, s->len);
        return SS_OK;
    }
    uint32_t nf = 0, end;
    for (uint32_t at = 0; at <= s->len; nf++)
        at = after_delimiter(s, d, at, &end);
    int64_t want = field > 0 ? field : (int64_t)nf + field + 1;
    uint32_t at = 0;
    for (int64_t k = 1; k <= want && want >= 1 && want <= nf; k++) {
        uint32_t next = after_delimiter(s, d, at, &end);
        if (k == want)
            ss_strbuf_append(sb, s->ptr + at, end - at);
        at = next;
    }
    return SS_OK;
}

/* ---- concat_ws(sep, ...): NULL separator -> NULL, NULL values skipped ---- */
static int concat_ws_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                         void *state)
{
    (void)ctx, (void)state;
    if ((*null = ss_vector_is_null(args[0], i)))
        return SS_OK;
    const ss_text *sep = text_at(args, 0, i);
    bool first = true;
    for (uint32_t k = 1; k < nargs; k++) {
        if (ss_vector_is_null(args[k], i))
            continue;
        if (!first)
            ss_strbuf_append(sb, sep->ptr, sep->len);
        first = false;
        ss_value v;
        ss_vector_get_value(args[k], i, &v);
        ss_value_format(args[k]->type, &v, sb);
    }
    return SS_OK;
}

/* ---- to_hex(int4 | int8): the two's-complement bits ---- */
static int to_hex_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                      void *state)
{
    (void)ctx, (void)nargs, (void)null, (void)state;
    if (args[0]->type.id == SS_TYPE_INT8)
        ss_strbuf_printf(sb, "%llx", (unsigned long long)((const int64_t *)args[0]->data)[i]);
    else
        ss_strbuf_printf(sb, "%x", (unsigned)((const int32_t *)args[0]->data)[i]);
    return SS_OK;
}

/* ---- overlay(s placing r from start [for count]) ---- */
static int overlay_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                       void *state)
{
    (void)null, (void)state;
    const ss_text *s = text_at(args, 0, i), *r = text_at(args, 1, i);
    int64_t start = int4_at(args, 2, i);
    int64_t count = nargs > 3 ? (int64_t)int4_at(args, 3, i) : (int64_t)ss_utf8_count(r->ptr, r->len);
    if (start < 1)
        return ss_ctx_error(ctx, "22011", "negative substring length not allowed");
    int64_t rest = start + count; /* the 1-based character where the tail starts */
    uint32_t head = ss_utf8_clip(s->ptr, s->len, (uint64_t)(start - 1));
    uint32_t tail = rest <= 1 ? 0 : ss_utf8_clip(s->ptr, s->len, (uint64_t)(rest - 1));
    ss_strbuf_append(sb, s->ptr, head);
    ss_strbuf_append(sb, r->ptr, r->len);
    ss_strbuf_append(sb, s->ptr + tail, s->len - tail);
    return SS_OK;
}

/* ---- md5(text): lower-case hex of the digest ---- */
static int md5_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb, bool *null,
                   void *state)
{
    (void)nargs, (void)null, (void)state;
    const ss_text *s = text_at(args, 0, i);
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    if (!EVP_Digest(s->ptr, s->len, md, &mdlen, EVP_md5(), NULL))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "could not compute MD5 hash");
    for (unsigned k = 0; k < mdlen; k++)
        ss_strbuf_printf(sb, "%02x", md[k]);
    return SS_OK;
}

/* ---- to_ascii(text): the database encoding is UTF8, which PostgreSQL does not convert ---- */
static int to_ascii_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb,
                        bool *null, void *state)
{
    (void)args, (void)nargs, (void)i, (void)sb, (void)null, (void)state;
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "encoding conversion from UTF8 to ASCII not supported");
}

SS_TEXT_FN(ss_fn_to_ascii, to_ascii_row)
SS_TEXT_FN(ss_fn_translate, translate_row)
SS_TEXT_FN(ss_fn_chr, chr_row)
SS_TEXT_FN(ss_fn_split_part, split_part_row)
SS_TEXT_FN(ss_fn_concat_ws, concat_ws_row)
SS_TEXT_FN(ss_fn_to_hex, to_hex_row)
SS_TEXT_FN(ss_fn_overlay, overlay_row)
SS_TEXT_FN(ss_fn_md5, md5_row)
