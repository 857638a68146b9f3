/* type_compare.c — the comparison kernel that catalog types' comparison operators share
 * (type_def.h): six operators over one compare callback on elements in the vector layout;
 * and the negation of a bool-valued eval (NOT LIKE). */
#include "types/type_def.h"

#include "sunstone/batch.h"

int ss_type_compare_rows(ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                         int op, int (*compare)(const void *a, const void *b))
{
    size_t wa = ss_type_width(args[0]->type.id), wb = ss_type_width(args[1]->type.id);
    const unsigned char *x = args[0]->data, *y = args[1]->data;
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int c = compare(x + (size_t)i * wa, y + (size_t)i * wb);
        bool v;
        switch (op) {
        case SS_TYPE_CMP_EQ: v = c == 0; break;
        case SS_TYPE_CMP_NE: v = c != 0; break;
        case SS_TYPE_CMP_LT: v = c < 0; break;
        case SS_TYPE_CMP_LE: v = c <= 0; break;
        case SS_TYPE_CMP_GT: v = c > 0; break;
        default: v = c >= 0; break;
        }
        r[i] = v;
    });
    return SS_OK;
}

int ss_type_negated_rows(ss_func_eval_fn eval, ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                         const uint32_t *rows, uint32_t n, ss_vector *out)
{
    if (eval(ctx, args, nargs, rows, n, out) != SS_OK)
        return SS_ERROR;
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = !r[i]; });
    return SS_OK;
}
