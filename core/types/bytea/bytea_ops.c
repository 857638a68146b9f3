/* bytea_ops.c — bytea's operators: || and the comparisons in byteacmp's order (memcmp over
 * the common length, then the shorter first: the variable-length layout's own order, so the
 * ss_type_info needs no callbacks). */
#include "types/bytea/bytea.h"

#include <string.h>

#include "exec/vector.h"
#include "types/functions.h"

const ss_type_info ss_bytea_type_info = {
    sizeof(ss_type_info), SS_TYPE_BYTEA, "bytea", SS_LAYOUT_VARLEN, sizeof(ss_text),
    0, NULL, NULL, NULL, NULL, NULL, NULL};

int bytea_compare(const ss_text *a, const ss_text *b)
{
    uint32_t m = a->len < b->len ? a->len : b->len;
    int c = m ? memcmp(a->ptr, b->ptr, m) : 0;
    if (c != 0)
        return c < 0 ? -1 : 1;
    return a->len < b->len ? -1 : a->len > b->len ? 1 : 0;
}

int ss_fn_bytea_concat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                       const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)nargs;
    const ss_text *a = args[0]->data, *b = args[1]->data;
    SS_FOR_ROWS(rows, n, i, {
        size_t len = (size_t)a[i].len + b[i].len;
        if (len > 0x3fffffff)
            return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "invalid memory alloc request size %zu", len + 4);
        char *p = ss_vector_text_alloc(ctx, out, len);
        if (!p)
            return SS_ERROR;
        if (a[i].len)
            memcpy(p, a[i].ptr, a[i].len);
        if (b[i].len)
            memcpy(p + a[i].len, b[i].ptr, b[i].len);
        ((ss_text *)out->data)[i] = (ss_text){p, (uint32_t)len, 0};
        ss_vector_set_valid(out, i);
    });
    return SS_OK;
}

#define BYTEA_CMP_FN(NAME, TEST)                                                            \
    int ss_fn_bytea_##NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,             \
                           const uint32_t *rows, uint32_t n, ss_vector *out)                \
    {                                                                                      \
        (void)ctx;                                                                         \
        (void)nargs;                                                                       \
        const ss_text *a = args[0]->data, *b = args[1]->data;                              \
        uint8_t *r = out->data;                                                            \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            int c = bytea_compare(&a[i], &b[i]);                                           \
            r[i] = (TEST);                                                                 \
        });                                                                                \
        return SS_OK;                                                                      \
    }

BYTEA_CMP_FN(eq, c == 0)
BYTEA_CMP_FN(ne, c != 0)
BYTEA_CMP_FN(lt, c < 0)
BYTEA_CMP_FN(le, c <= 0)
BYTEA_CMP_FN(gt, c > 0)
BYTEA_CMP_FN(ge, c >= 0)
