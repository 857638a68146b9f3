/* uuid_ops.c — uuid's comparison operators (memcmp of the 16 bytes, PostgreSQL's uuid_cmp)
 * and its ss_type_info (the variable-length layout's own order and hashing). */
#include "types/uuid/uuid.h"

#include <string.h>

#include "types/functions.h"

const ss_type_info ss_uuid_type_info = {
    sizeof(ss_type_info), SS_TYPE_UUID, "uuid", SS_LAYOUT_VARLEN, sizeof(ss_text),
    0, NULL, NULL, NULL, NULL, NULL, NULL};

#define UUID_CMP_FN(NAME, TEST)                                                             \
    UUID_FN(NAME)                                                                          \
    {                                                                                      \
        (void)ctx;                                                                         \
        (void)nargs;                                                                       \
        const ss_text *a = args[0]->data, *b = args[1]->data;                              \
        uint8_t *r = out->data;                                                            \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            int c = memcmp(a[i].ptr, b[i].ptr, UUID_LEN);                                  \
            r[i] = (TEST);                                                                 \
        });                                                                                \
        return SS_OK;                                                                      \
    }

UUID_CMP_FN(eq, c == 0)
UUID_CMP_FN(ne, c != 0)
UUID_CMP_FN(lt, c < 0)
UUID_CMP_FN(le, c <= 0)
UUID_CMP_FN(gt, c > 0)
UUID_CMP_FN(ge, c >= 0)
