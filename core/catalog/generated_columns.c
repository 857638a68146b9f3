/* generated_columns.c — fills the generated columns of new rows (generated_columns.h). */
#include "catalog/generated_columns.h"

#include <stdlib.h>

#include "exec/vector.h"

int ss_generated_fill(ss_ctx *ctx, const ss_bound_checks *checks, const ss_batch *rows)
{
    uint32_t live = ss_batch_rows(rows);
    int rc = SS_OK;
    for (uint32_t g = 0; rc == SS_OK && g < checks->ngen; g++) {
        ss_vector *dst = rows->cols[checks->gen_cols[g]];
        ss_vector *res = ss_vector_create(checks->gen_exprs[g]->type, rows->count ? rows->count : 1);
        if (!res)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        rc = ss_expr_eval(ctx, checks->gen_exprs[g], rows, res);
        for (uint32_t k = 0; rc == SS_OK && k < live; k++) {
            uint32_t row = ss_batch_row(rows, k);
            ss_value v;
            ss_vector_get_value(res, row, &v);
            rc = ss_vector_set_value(ctx, dst, row, &v);
        }
        ss_vector_destroy(res);
    }
    return rc;
}
