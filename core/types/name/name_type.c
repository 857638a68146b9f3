/* name_type.c — the name type's catalog descriptor, its input (namein: truncated to 63 bytes
 * at a character boundary, never an error) and output (the bytes). */
#include "types/name/name.h"

#include <string.h>

uint32_t name_clip(const char *s, uint32_t len)
{
    if (len <= NAME_MAX_BYTES)
        return len;
    uint32_t cut = NAME_MAX_BYTES;
    while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80) /* s[cut] continues a character */
        cut--;
    return cut;
}

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)t;
    memset(out, 0, sizeof *out);
    uint32_t n = name_clip(s, (uint32_t)len);
    char *p = ss_arena_strndup(arena ? arena : ctx->arena, s, n);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    out->v.s = (ss_text){p, n, 0};
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    ss_strbuf_append(out, v->v.s.ptr, v->v.s.len);
}

const ss_type_info ss_name_type_info = {
    .struct_size = sizeof(ss_type_info), .id = SS_TYPE_NAME, .name = "name",
    .layout = SS_LAYOUT_VARLEN, .width = sizeof(ss_text), .physical = SS_TYPE_TEXT,
};

const ss_type_def ss_name_type_def = {
    .info = &ss_name_type_info, .internal_name = "name", .display_name = "name", .category = 'S',
    .input = input, .output = output, .operators = name_operators, .casts = name_casts,
};
