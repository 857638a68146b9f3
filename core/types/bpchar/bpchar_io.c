/* bpchar_io.c — character(n)'s input and typmod rules as PostgreSQL 15's bpcharin and
 * bpchar(): padding with spaces to n characters, 22001 when non-space characters would be cut
 * (an explicit cast truncates instead), and the declared length's limits. */
#include "types/bpchar/bpchar.h"

#include <stdio.h>
#include <string.h>

#include "exec/vector.h"
#include "types/utf8.h"

int bpchar_fit(ss_ctx *ctx, const char *s, uint32_t len, int32_t typmod, bool explicit_cast,
               uint32_t *keep, uint32_t *pad)
{
    *keep = len;
    *pad = 0;
    if (typmod < 4)
        return SS_OK;
    uint32_t maxlen = (uint32_t)(typmod - 4);
    uint32_t clip = ss_utf8_clip(s, len, maxlen);
    if (clip < len) {
        if (!explicit_cast)
            for (uint32_t i = clip; i < len; i++)
                if (s[i] != ' ')
                    return ss_ctx_error(ctx, SS_SQLSTATE_STRING_DATA_RIGHT_TRUNCATION,
                                        "value too long for type character(%u)", maxlen);
        *keep = clip;
        return SS_OK;
    }
    *pad = maxlen - ss_utf8_count(s, len);
    return SS_OK;
}

int bpchar_make(ss_ctx *ctx, ss_arena *arena, const char *s, uint32_t len, int32_t typmod,
                bool explicit_cast, ss_text *out)
{
    uint32_t keep, pad;
    if (bpchar_fit(ctx, s, len, typmod, explicit_cast, &keep, &pad) != SS_OK)
        return SS_ERROR;
    *out = (ss_text){s, keep, 0};
    if (pad == 0)
        return SS_OK;
    char *p = ss_arena_alloc(arena, (size_t)keep + pad + 1);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (keep)
        memcpy(p, s, keep);
    memset(p + keep, ' ', pad);
    p[keep + pad] = '\0';
    *out = (ss_text){p, keep + pad, 0};
    return SS_OK;
}

int bpchar_set(ss_ctx *ctx, ss_vector *out, uint32_t row, const char *s, uint32_t len,
               int32_t typmod, bool explicit_cast)
{
    uint32_t keep, pad;
    if (bpchar_fit(ctx, s, len, typmod, explicit_cast, &keep, &pad) != SS_OK)
        return SS_ERROR;
    if (pad == 0)
        return ss_vector_set_text(ctx, out, row, s, keep);
    char *p = ss_vector_text_alloc(ctx, out, (size_t)keep + pad);
    if (!p)
        return SS_ERROR;
    if (keep)
        memcpy(p, s, keep);
    memset(p + keep, ' ', pad);
    ss_text *t = (ss_text *)out->data + row;
    *t = (ss_text){p, keep + pad, 0};
    ss_vector_set_valid(out, row);
    return SS_OK;
}

int bpchar_typmod_in(ss_ctx *ctx, int64_t n, int32_t *typmod)
{
    if (n < 1)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "length for type char must be at least 1");
    if (n > BPCHAR_MAX_LENGTH)
        return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                            "length for type char cannot exceed %d", BPCHAR_MAX_LENGTH);
    *typmod = (int32_t)n + 4;
    return SS_OK;
}

void bpchar_typmod_text(int32_t typmod, char *buf, size_t n)
{
    if (typmod >= 4)
        snprintf(buf, n, "(%d)", (int)(typmod - 4));
    else if (n > 0)
        buf[0] = '\0';
}
