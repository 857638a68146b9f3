/* bytea_ops.c — bytea's operators as pg_operator lists them: ||, LIKE / NOT LIKE and the
 * comparisons in byteacmp's order (memcmp over the common length, then the shorter first:
 * text's bytewise order, so the ss_type_info names text as its physical type). */
#include "types/bytea/bytea.h"

#include <string.h>

#include "exec/vector.h"
#include "types/functions.h"

const ss_type_info ss_bytea_type_info = {
    .struct_size = sizeof(ss_type_info), .id = SS_TYPE_BYTEA, .name = "bytea",
    .layout = SS_LAYOUT_VARLEN, .width = sizeof(ss_text),
    .physical = SS_TYPE_TEXT, /* byteacmp is text's bytewise order (memcmp, then length) */
};

int bytea_compare(const void *pa, const void *pb)
{
    const ss_text *a = pa, *b = pb;
    uint32_t m = a->len < b->len ? a->len : b->len;
    int c = m ? memcmp(a->ptr, b->ptr, m) : 0;
    if (c == 0)
        c = (a->len > b->len) - (a->len < b->len);
    return c < 0 ? -1 : c > 0;
}

static int bytea_concat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                        const uint32_t *rows, uint32_t n, ss_vector *out)
{
    (void)nargs;
    const ss_text *a = args[0]->data, *b = args[1]->data;
    SS_FOR_ROWS(rows, n, i, {
        ss_text parts[2] = {a[i], b[i]};
        if (bytea_put_joined(ctx, out, i, parts, 2, -1, 0) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

SS_TYPE_CMP_EVALS(by, bytea_compare)

static int by_nlike(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out)
{
    return ss_type_negated_rows(ss_fn_bytea_like, ctx, args, nargs, rows, n, out);
}

#define OP2(SYM, EVAL, RES)                                                                \
    {.name = SYM, .nargs = 2, .strict = true, .args = {SS_TYPE_BYTEA, SS_TYPE_BYTEA}, .result = RES, .eval = EVAL}

const ss_func_def bytea_operators[] = {
    SS_TYPE_CMP_OPERATORS(by, SS_TYPE_BYTEA),
    OP2("||", bytea_concat, SS_TYPE_BYTEA), OP2("~~", ss_fn_bytea_like, SS_TYPE_BOOL), OP2("!~~", by_nlike, SS_TYPE_BOOL),
    {0},
};
