/* expr_eval_rows.c — helpers the evaluator's files share: temporaries, operands (an input
 * column used in place or a child evaluated into a temporary) and splitting a row set into
 * its non-NULL rows. */
#include <stdlib.h>
#include <string.h>

#include "exec/expr_eval_impl.h"
#include "types/typeio.h"

ss_vector *ev_temp(ss_ctx *ctx, ss_type t, const ss_batch *in)
{
    ss_vector *v = ss_vector_create(t, in->count ? in->count : 1);
    if (!v) {
        if (ss_type_width(t.id) == 0)
            ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                         "expressions of type %s are not supported", ss_type_internal_name(t.id));
        else
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    return v;
}

uint32_t *ev_rows_copy(ss_ctx *ctx, const uint32_t *sel, uint32_t n)
{
    uint32_t *buf = malloc((n ? n : 1) * sizeof *buf);
    if (!buf) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    if (sel)
        memcpy(buf, sel, n * sizeof *buf);
    else
        for (uint32_t i = 0; i < n; i++)
            buf[i] = i;
    return buf;
}

int ev_nonnull_rows(ss_ctx *ctx, const uint32_t *sel, uint32_t n, ss_vector *const *vs,
                    uint32_t nv, ss_vector *out, ev_rows *rows)
{
    rows->sel = sel;
    rows->n = n;
    rows->buf = NULL;
    bool any = false;
    for (uint32_t k = 0; k < nv; k++)
        any |= vs[k]->validity != NULL;
    if (!any)
        return SS_OK;
    uint32_t *buf = malloc((n ? n : 1) * sizeof *buf);
    if (!buf)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t m = 0;
    int rc = SS_OK;
    SS_FOR_ROWS(sel, n, i, {
        bool null = false;
        for (uint32_t k = 0; k < nv; k++)
            null |= ss_vector_is_null(vs[k], i);
        if (!null) {
            buf[m++] = i;
        } else {
            if (!out->validity && (rc = ss_vector_ensure_validity(ctx, out)) != SS_OK)
                break;
            ss_vector_set_null(out, i);
        }
    });
    if (rc != SS_OK) {
        free(buf);
        return rc;
    }
    rows->sel = buf;
    rows->n = m;
    rows->buf = buf;
    return SS_OK;
}

void ev_rows_free(ev_rows *rows)
{
    free(rows->buf);
    rows->buf = NULL;
}

int ev_operand_eval(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                    uint32_t n, ev_operand *op)
{
    op->v = NULL;
    op->owned = false;
    if (e->kind == EXPR_COLUMN) {
        uint32_t idx = e->u.column.index;
        if (idx >= in->ncols || !in->cols[idx])
            return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "expression references column %u of a batch with %u columns",
                                idx, in->ncols);
        if (!ev_same_layout(in->cols[idx]->type.id, e->type.id))
            return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "column vector type does not match the expression type");
        op->v = in->cols[idx];
        return SS_OK;
    }
    op->v = ev_temp(ctx, e->type, in);
    if (!op->v)
        return SS_ERROR;
    op->owned = true;
    return ev_node(ctx, e, in, sel, n, op->v);
}

void ev_operand_release(ev_operand *op)
{
    if (op->owned)
        ss_vector_destroy(op->v);
    op->v = NULL;
    op->owned = false;
}
