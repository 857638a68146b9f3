/* uuid_ops.c — uuid's comparison operators (memcmp of the 16 bytes, PostgreSQL's uuid_cmp)
 * and its ss_type_info, whose physical type is text: equal-length values in text's bytewise
 * order and hashing. */
#include "types/uuid/uuid.h"

#include <string.h>

const ss_type_info ss_uuid_type_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_UUID,
    .name = "uuid",
    .layout = SS_LAYOUT_VARLEN,
    .width = sizeof(ss_text),
    .physical = SS_TYPE_TEXT,
};

static int info_compare(const void *a, const void *b)
{
    return memcmp(((const ss_text *)a)->ptr, ((const ss_text *)b)->ptr, UUID_LEN);
}

#define CMP_FN(NAME, OP)                                                                   \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                            \
    {                                                                                      \
        (void)ctx;                                                                         \
        (void)nargs;                                                                       \
        return ss_type_compare_rows(args, rows, n, out, OP, info_compare);                 \
    }
CMP_FN(uu_eq, SS_TYPE_CMP_EQ)
CMP_FN(uu_ne, SS_TYPE_CMP_NE)
CMP_FN(uu_lt, SS_TYPE_CMP_LT)
CMP_FN(uu_le, SS_TYPE_CMP_LE)
CMP_FN(uu_gt, SS_TYPE_CMP_GT)
CMP_FN(uu_ge, SS_TYPE_CMP_GE)

#define UU SS_TYPE_UUID
#define OP2(NAME, EVAL) {NAME, 2, false, true, {UU, UU}, SS_TYPE_BOOL, EVAL, false}

const ss_func_def uuid_operators[] = {
    OP2("=", uu_eq), OP2("<>", uu_ne), OP2("<", uu_lt), OP2("<=", uu_le), OP2(">", uu_gt),
    OP2(">=", uu_ge), {0},
};
