/* func_parse_ident.c — parse_ident(qualname [, strict]): a qualified SQL name split into its
 * identifiers as text[] (unquoted ones lower-cased, quoted ones with "" undoubled), with
 * PostgreSQL 15's 22023 errors and DETAILs; not strict, text after the last identifier is
 * ignored. */
#include <string.h>

#include "types/array/array.h"
#include "types/func_impl.h"
#include "util/strbuf.h"

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool ident_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}

static bool ident_char(unsigned char c)
{
    return ident_start(c) || (c >= '0' && c <= '9') || c == '$';
}

static int invalid(ss_ctx *ctx, const ss_text *s, const char *detail)
{
    ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "string is not a valid identifier: \"%.*s\"", (int)s->len,
                 s->ptr);
    if (detail)
        ss_ctx_error_detail(ctx, "%s", detail);
    return SS_ERROR;
}

static int parse_ident_row(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, uint32_t i, ss_strbuf *sb,
                           bool *null, void *state)
{
    (void)null, (void)state;
    const ss_text *s = &((const ss_text *)args[0]->data)[i];
    bool strict = nargs < 2 || ((const uint8_t *)args[1]->data)[i];
    const char *p = s->ptr, *end = s->ptr + s->len;
    ss_strbuf names; /* the identifiers, one after another */
    ss_strbuf_init(&names);
    uint32_t count = 0, cap = 8, *offs = ss_ctx_alloc(ctx, sizeof(uint32_t) * 2 * cap);
    bool after_dot = false;
    int rc = SS_OK;
    while (p < end && is_space(*p))
        p++;
    for (;;) {
        uint32_t start = (uint32_t)names.len;
        if (p < end && *p == '"') {
            p++;
            for (;;) {
                const char *q = memchr(p, '"', (size_t)(end - p));
                if (!q) {
                    rc = invalid(ctx, s, "String has unclosed double quotes.");
                    break;
                }
                ss_strbuf_append(&names, p, (size_t)(q - p));
                p = q + 1;
                if (p < end && *p == '"') {
                    ss_strbuf_putc(&names, '"');
                    p++;
                } else {
                    break;
                }
            }
            if (rc == SS_OK && names.len == start)
                rc = invalid(ctx, s, "Quoted identifier must not be empty.");
        } else if (p < end && ident_start((unsigned char)*p)) {
            for (; p < end && ident_char((unsigned char)*p); p++)
                ss_strbuf_putc(&names, *p >= 'A' && *p <= 'Z' ? (char)(*p + 32) : *p);
        } else {
            rc = invalid(ctx, s,
                         p < end && *p == '.' ? "No valid identifier before \".\"."
                         : after_dot          ? "No valid identifier after \".\"."
                                              : NULL);
        }
        if (rc != SS_OK)
            break;
        if (count == cap) {
            uint32_t *more = ss_ctx_alloc(ctx, sizeof(uint32_t) * 4 * cap);
            if (!more) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
            memcpy(more, offs, sizeof(uint32_t) * 2 * cap);
            offs = more, cap *= 2;
        }
        if (!offs) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            break;
        }
        offs[2 * count] = start, offs[2 * count + 1] = (uint32_t)names.len - start, count++;
        while (p < end && is_space(*p))
            p++;
        if (p < end && *p == '.') {
            after_dot = true;
            p++;
            while (p < end && is_space(*p))
                p++;
            continue;
        }
        if (p < end && strict)
            rc = invalid(ctx, s, NULL);
        break;
    }
    if (rc == SS_OK && names.oom)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_value *items = rc == SS_OK ? ss_ctx_alloc(ctx, sizeof(ss_value) * (count ? count : 1)) : NULL;
    if (rc == SS_OK && !items)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK) {
        for (uint32_t k = 0; k < count; k++) {
            memset(&items[k], 0, sizeof items[k]);
            items[k].v.s.ptr = (names.data ? names.data : "") + offs[2 * k];
            items[k].v.s.len = offs[2 * k + 1];
        }
        int32_t dims[1] = {(int32_t)count}, lb[1] = {1};
        arr_encode_buf(SS_TYPE_TEXT, count ? 1 : 0, dims, lb, items, count, sb);
    }
    ss_strbuf_free(&names);
    return rc;
}

SS_TEXT_FN(ss_fn_parse_ident, parse_ident_row)
