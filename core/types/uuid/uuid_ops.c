/* uuid_ops.c — uuid's comparison operators (memcmp of the 16 bytes, PostgreSQL's uuid_cmp)
 * and its ss_type_info, whose physical type is text: equal-length values in text's bytewise
 * order and hashing. */
#include "types/uuid/uuid.h"

#include <string.h>

const ss_type_info ss_uuid_type_info = {
    .struct_size = sizeof(ss_type_info), .id = SS_TYPE_UUID, .name = "uuid",
    .layout = SS_LAYOUT_VARLEN, .width = sizeof(ss_text), .physical = SS_TYPE_TEXT,
};

static int uuid_compare(const void *a, const void *b)
{
    return memcmp(((const ss_text *)a)->ptr, ((const ss_text *)b)->ptr, UUID_LEN);
}

SS_TYPE_CMP_EVALS(uu, uuid_compare)

const ss_func_def uuid_operators[] = {
    SS_TYPE_CMP_OPERATORS(uu, SS_TYPE_UUID),
    {0},
};
