/* expr_eval_logic.c — SQL three-valued logic: AND / OR (evaluated left to right, each
 * argument only at the rows still undecided, like PostgreSQL's short-circuit), NOT, and
 * IS [NOT] NULL. */
#include "exec/expr_eval_impl.h"

/* AND (is_and) or OR: starts every row at the identity (true / false); an argument equal to
 * the absorbing value (false / true) decides the row, a NULL argument makes it NULL unless a
 * later argument decides it. */
static int and_or(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                  uint32_t n, ss_vector *out, bool is_and)
{
    uint8_t *r = out->data;
    const uint8_t identity = is_and ? 1 : 0, absorbing = is_and ? 0 : 1;
    SS_FOR_ROWS(sel, n, i, { r[i] = identity; });
    if (e->u.list.nargs == 0)
        return SS_OK;
    ev_buf pbuf;
    if (ev_rows_copy(ctx, sel, n, &pbuf) != SS_OK)
        return SS_ERROR;
    uint32_t *pending = pbuf.p;
    ss_vector *tmp = ev_temp(ctx, (ss_type){SS_TYPE_BOOL, -1}, in);
    int rc = tmp ? SS_OK : SS_ERROR;
    uint32_t np = n;
    for (uint32_t k = 0; rc == SS_OK && k < e->u.list.nargs && np > 0; k++) {
        const ss_expr *arg = e->u.list.args[k];
        if (arg->type.id != SS_TYPE_BOOL) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "argument of AND/OR is not boolean");
            break;
        }
        ss_vector_reset(tmp);
        rc = ev_node(ctx, arg, in, pending, np, tmp);
        if (rc != SS_OK)
            break;
        const uint8_t *v = tmp->data;
        uint32_t m = 0;
        for (uint32_t j = 0; j < np; j++) {
            uint32_t i = pending[j];
            if (ss_vector_is_null(tmp, i)) {
                if (!out->validity && (rc = ss_vector_ensure_validity(ctx, out)) != SS_OK)
                    break;
                ss_vector_set_null(out, i);
                pending[m++] = i;
            } else if (v[i] == absorbing) {
                r[i] = absorbing;
                ss_vector_set_valid(out, i);
            } else {
                pending[m++] = i;
            }
        }
        np = m;
    }
    ev_temp_release(tmp);
    ev_buf_release(&pbuf);
    return rc;
}

static int not_or_null_test(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                            uint32_t n, ss_vector *out)
{
    const ss_expr *arg = e->u.arg;
    if (!arg)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "expression node without argument");
    if (e->kind == EXPR_NOT && arg->type.id != SS_TYPE_BOOL)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "argument of NOT is not boolean");
    ev_operand a;
    int rc = ev_operand_eval(ctx, arg, in, sel, n, &a);
    if (rc != SS_OK) {
        ev_operand_release(&a);
        return rc;
    }
    uint8_t *r = out->data;
    const ss_vector *v = a.v;
    if (e->kind == EXPR_NOT) {
        ev_rows rows;
        rc = ev_nonnull_rows(ctx, sel, n, &a.v, 1, out, &rows);
        if (rc == SS_OK) {
            const uint8_t *x = v->data;
            SS_FOR_ROWS(rows.sel, rows.n, i, { r[i] = !x[i]; });
        }
        ev_rows_free(&rows);
    } else {
        const uint8_t want_null = e->kind == EXPR_IS_NULL;
        if (!v->validity)
            SS_FOR_ROWS(sel, n, i, { r[i] = !want_null; });
        else
            SS_FOR_ROWS(sel, n, i, { r[i] = ss_vector_is_null(v, i) == want_null; });
    }
    ev_operand_release(&a);
    return rc;
}

int ev_logic(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
             ss_vector *out)
{
    if (out->type.id != SS_TYPE_BOOL)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "logical expression must be boolean");
    if (e->kind == EXPR_AND || e->kind == EXPR_OR)
        return and_or(ctx, e, in, sel, n, out, e->kind == EXPR_AND);
    return not_or_null_test(ctx, e, in, sel, n, out);
}
