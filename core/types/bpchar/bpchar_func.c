/* bpchar_func.c — the built-in functions and comparison operators over character(n):
 * length() without the trailing spaces (bpcharlen), octet_length() with them
 * (bpcharoctetlen), and = <> < <= > >= with bpcharcmp's order. */
#include "types/bpchar/bpchar.h"

#include "exec/vector.h"
#include "types/functions.h"
#include "types/utf8.h"

int ss_fn_bpchar_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                        const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = args[0]->data;
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        r[i] = (int32_t)ss_utf8_count(a[i].ptr, bpchar_true_len(a[i].ptr, a[i].len));
    });
    return SS_OK;
}

int ss_fn_bpchar_octet_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                              const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *a = args[0]->data;
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = (int32_t)a[i].len; });
    return SS_OK;
}

#define BPCHAR_CMP_FN(NAME, TEST)                                                           \
    int ss_fn_bpchar_##NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,            \
                            const uint32_t *rows, uint32_t n, ss_vector *out)               \
    {                                                                                      \
        (void)ctx;                                                                         \
        (void)nargs;                                                                       \
        const ss_text *a = args[0]->data, *b = args[1]->data;                              \
        uint8_t *r = out->data;                                                            \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            int c = bpchar_compare(&a[i], &b[i]);                                          \
            r[i] = (TEST);                                                                 \
        });                                                                                \
        return SS_OK;                                                                      \
    }

BPCHAR_CMP_FN(eq, c == 0)
BPCHAR_CMP_FN(ne, c != 0)
BPCHAR_CMP_FN(lt, c < 0)
BPCHAR_CMP_FN(le, c <= 0)
BPCHAR_CMP_FN(gt, c > 0)
BPCHAR_CMP_FN(ge, c >= 0)
