/* view_checks.c — the WITH CHECK OPTION conditions of the views an INSERT writes through,
 * over its new rows (constraints.h; the binder's half is bind/bind_view_check.c). */
#include <stdlib.h>

#include "catalog/constraints.h"
#include "exec/vector.h"

int ss_view_checks_rows(ss_ctx *ctx, const ss_table *t, const ss_bound_checks *checks, const ss_batch *rows)
{
    uint32_t live = ss_batch_rows(rows);
    if (!checks || !checks->n || !live)
        return SS_OK;
    ss_vector **res = calloc(checks->n, sizeof *res);
    if (!res)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    for (uint32_t k = 0; rc == SS_OK && k < checks->n; k++) {
        if (!(res[k] = ss_vector_create((ss_type){SS_TYPE_BOOL, -1}, rows->count ? rows->count : 1)))
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        else
            rc = ss_expr_eval(ctx, checks->exprs[k], rows, res[k]);
    }
    for (uint32_t r = 0; rc == SS_OK && r < live; r++) {
        uint32_t row = ss_batch_row(rows, r);
        for (uint32_t k = 0; rc == SS_OK && k < checks->n; k++) {
            ss_value v;
            ss_vector_get_value(res[k], row, &v);
            if (v.is_null || !v.v.b) {
                ss_ctx_error(ctx, "44000", "new row violates check option for view \"%s\"", checks->names[k]);
                ss_constraints_failing_row(ctx, t, rows, row);
                rc = SS_ERROR;
            }
        }
    }
    for (uint32_t k = 0; k < checks->n; k++)
        if (res[k])
            ss_vector_destroy(res[k]);
    free(res);
    return rc;
}
