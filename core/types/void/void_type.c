/* void_type.c — the void type's catalog descriptor: input accepts any text (void_in), output
 * is empty (void_out); no equality, ordering, min / max, and no table column (42P16,
 * bind_pseudo_type.c). */
#include "types/void/void.h"

#include <string.h>

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    (void)ctx, (void)t, (void)s, (void)len, (void)arena;
    memset(out, 0, sizeof *out);
    return SS_OK;
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t, (void)v, (void)out;
}

static const ss_type_info void_info = {
    .struct_size = sizeof(ss_type_info), .id = SS_TYPE_VOID, .name = "void",
    .layout = SS_LAYOUT_FIXED, .width = 1, .physical = SS_TYPE_BOOL,
};

const ss_type_def ss_void_type_def = {
    .info = &void_info, .internal_name = "void", .display_name = "void", .category = 'P',
    .input = input, .output = output, .no_ordering = true, .no_minmax = true,
    .functions = void_functions,
};
