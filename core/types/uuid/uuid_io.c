/* uuid_io.c — uuid's catalog descriptor with its text input and output as PostgreSQL 15's
 * uuid_in / uuid_out. */
#include "types/uuid/uuid.h"

#include <string.h>

#include "types/bytea/bytea.h" /* bytea_hex_value */
#include "types/registry.h"

int uuid_parse(ss_ctx *ctx, const char *s, size_t len, unsigned char out[UUID_LEN])
{
    size_t i = 0;
    bool braces = len > 0 && s[0] == '{';
    if (braces)
        i++;
    for (int k = 0; k < UUID_LEN; k++) {
        if (i + 2 > len)
            goto bad;
        int hi = bytea_hex_value(s[i]), lo = bytea_hex_value(s[i + 1]);
        if (hi < 0 || lo < 0)
            goto bad;
        out[k] = (unsigned char)(hi << 4 | lo);
        i += 2;
        if (i < len && s[i] == '-' && k % 2 == 1 && k < UUID_LEN - 1)
            i++;
    }
    if (braces) {
        if (i >= len || s[i] != '}')
            goto bad;
        i++;
    }
    if (i != len)
        goto bad;
    return SS_OK;
bad:
    return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_TEXT_REPRESENTATION,
                        "invalid input syntax for type uuid: \"%.*s\"", (int)len, s);
}

void uuid_format(const unsigned char in[UUID_LEN], char out[UUID_TEXT_LEN])
{
    static const char hx[] = "0123456789abcdef";
    char *p = out;
    for (int k = 0; k < UUID_LEN; k++) {
        if (k == 4 || k == 6 || k == 8 || k == 10)
            *p++ = '-';
        *p++ = hx[in[k] >> 4];
        *p++ = hx[in[k] & 15];
    }
}

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    memset(out, 0, sizeof *out);
    unsigned char *p = ss_arena_alloc(arena ? arena : ctx->arena, UUID_LEN);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (uuid_parse(ctx, s, len, p) != SS_OK)
        return SS_ERROR;
    out->v.s = (ss_text){(const char *)p, UUID_LEN, 0};
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    char buf[UUID_TEXT_LEN];
    uuid_format((const unsigned char *)v->v.s.ptr, buf);
    ss_strbuf_append(out, buf, UUID_TEXT_LEN);
}

const ss_type_def ss_uuid_type_def = {
    .info = &ss_uuid_type_info, .internal_name = "uuid", .display_name = "uuid", .category = 'U',
    .input = input, .output = output, .functions = uuid_functions, .operators = uuid_operators,
    .no_minmax = true, /* PostgreSQL has no min / max of it */
};
