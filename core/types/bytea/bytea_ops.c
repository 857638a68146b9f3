/* bytea_ops.c — bytea's operators as pg_operator lists them: ||, LIKE / NOT LIKE and the
 * comparisons in byteacmp's order (memcmp over the common length, then the shorter first:
 * text's bytewise order, so the ss_type_info names text as its physical type). */
#include "types/bytea/bytea.h"

#include <string.h>

#include "exec/vector.h"
#include "types/functions.h"

const ss_type_info ss_bytea_type_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_BYTEA,
    .name = "bytea",
    .layout = SS_LAYOUT_VARLEN,
    .width = sizeof(ss_text),
    .physical = SS_TYPE_TEXT, /* byteacmp is text's bytewise order (memcmp, then length) */
};

int bytea_compare(const ss_text *a, const ss_text *b)
{
    uint32_t m = a->len < b->len ? a->len : b->len;
    int c = m ? memcmp(a->ptr, b->ptr, m) : 0;
    if (c != 0)
        return c < 0 ? -1 : 1;
    return a->len < b->len ? -1 : a->len > b->len ? 1 : 0;
}

static int bytea_concat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
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

static int info_compare(const void *a, const void *b)
{
    return bytea_compare(a, b);
}

#define CMP_FN(NAME, OP)                                                                   \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                            \
    {                                                                                      \
        (void)ctx;                                                                         \
        (void)nargs;                                                                       \
        return ss_type_compare_rows(args, rows, n, out, OP, info_compare);                 \
    }
CMP_FN(by_eq, SS_TYPE_CMP_EQ)
CMP_FN(by_ne, SS_TYPE_CMP_NE)
CMP_FN(by_lt, SS_TYPE_CMP_LT)
CMP_FN(by_le, SS_TYPE_CMP_LE)
CMP_FN(by_gt, SS_TYPE_CMP_GT)
CMP_FN(by_ge, SS_TYPE_CMP_GE)

static int by_nlike(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out)
{
    if (ss_fn_bytea_like(ctx, args, nargs, rows, n, out) != SS_OK)
        return SS_ERROR;
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = !r[i]; });
    return SS_OK;
}

#define BY SS_TYPE_BYTEA
#define OP2(NAME, EVAL, RES) {NAME, 2, false, true, {BY, BY}, RES, EVAL, false}

const ss_func_def bytea_operators[] = {
    OP2("=", by_eq, SS_TYPE_BOOL),  OP2("<>", by_ne, SS_TYPE_BOOL), OP2("<", by_lt, SS_TYPE_BOOL),
    OP2("<=", by_le, SS_TYPE_BOOL), OP2(">", by_gt, SS_TYPE_BOOL),  OP2(">=", by_ge, SS_TYPE_BOOL),
    OP2("||", bytea_concat, BY),
    OP2("~~", ss_fn_bytea_like, SS_TYPE_BOOL), OP2("!~~", by_nlike, SS_TYPE_BOOL),
    {0},
};
