/* expr_eval_case.c — searched CASE: each WHEN is evaluated only at the rows no earlier WHEN
 * took, and each THEN / ELSE only at the rows that reach it, so an error in a branch that is
 * not taken (division by zero, bad cast) is never raised — PostgreSQL's behaviour.
 * COALESCE's form, WHEN x IS NOT NULL THEN x (the binder shares x), evaluates x once: a
 * nested COALESCE would otherwise evaluate its innermost argument 2^depth times. */
#include "exec/expr_eval_impl.h"

int ev_case(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out)
{
    ev_buf pbuf = {0}, tbuf = {0};
    ss_vector *cond = NULL;
    int rc = ev_rows_copy(ctx, sel, n, &pbuf);
    if (rc == SS_OK)
        rc = ev_buf_get(ctx, n, &tbuf);
    if (rc == SS_OK && !(cond = ev_temp(ctx, (ss_type){SS_TYPE_BOOL, -1}, in)))
        rc = SS_ERROR;
    uint32_t *pending = pbuf.p, *taken = tbuf.p;
    uint32_t np = n;
    for (uint32_t w = 0; rc == SS_OK && w < e->u.kase.nwhen && np > 0; w++) {
        if (e->u.kase.whens[w]->type.id != SS_TYPE_BOOL) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "CASE condition is not boolean");
            break;
        }
        const ss_expr *when = e->u.kase.whens[w];
        if (when->kind == EXPR_IS_NOT_NULL && when->u.arg == e->u.kase.thens[w]) {
            /* x straight into out at every pending row: the non-NULL ones are taken, the
               NULL ones stay pending with their validity restored for the later branches */
            if ((rc = ev_node(ctx, when->u.arg, in, pending, np, out)) != SS_OK)
                break;
            uint32_t nr = 0;
            for (uint32_t j = 0; j < np; j++) {
                uint32_t i = pending[j];
                if (ss_vector_is_null(out, i)) {
                    ss_vector_set_valid(out, i);
                    pending[nr++] = i;
                }
            }
            np = nr;
            continue;
        }
        ss_vector_reset(cond);
        rc = ev_node(ctx, when, in, pending, np, cond);
        if (rc != SS_OK)
            break;
        /* split pending into taken (condition true) and the rest (false or NULL), both in
           increasing order; the rest is compacted in place */
        const uint8_t *c = cond->data;
        uint32_t nt = 0, nr = 0;
        for (uint32_t j = 0; j < np; j++) {
            uint32_t i = pending[j];
            if (c[i] && !ss_vector_is_null(cond, i))
                taken[nt++] = i;
            else
                pending[nr++] = i;
        }
        np = nr;
        if (nt > 0)
            rc = ev_node(ctx, e->u.kase.thens[w], in, taken, nt, out);
    }
    if (rc == SS_OK && np > 0) {
        if (e->u.kase.els) {
            rc = ev_node(ctx, e->u.kase.els, in, pending, np, out);
        } else if ((rc = ss_vector_ensure_validity(ctx, out)) == SS_OK) {
            for (uint32_t j = 0; j < np; j++)
                ss_vector_set_null(out, pending[j]);
        }
    }
    ev_temp_release(cond);
    if (pbuf.p)
        ev_buf_release(&pbuf);
    if (tbuf.p)
        ev_buf_release(&tbuf);
    return rc;
}
