/* expr_eval_numeric.c — the evaluator's numeric loops: + - * / % and unary minus over
 * numeric vectors and constants, and casts to and from numeric.  Rows whose operands are
 * small (a coefficient below 10^18, types/numeric/numeric.h) are computed with machine
 * integers and written straight into the result vector; the others go through the general
 * digit form, whose scratch memory is released after each batch. */
#include "exec/expr_eval_impl.h"

#include "types/cast.h"
#include "types/numeric/numeric.h"
#include "types/typeio.h"

static int put_small(ss_ctx *ctx, ss_vector *out, uint32_t row, int64_t c, int s)
{
    char *p = ss_vector_text_alloc(ctx, out, NUM_SMALL_LEN);
    if (!p)
        return SS_ERROR;
    num_encode_small(p, c, s);
    ((ss_text *)out->data)[row] = (ss_text){p, NUM_SMALL_LEN, 0};
    return SS_OK;
}

/* Room for n small results in out's heap, taken once per batch (NULL after an error). */
static char *small_block(ss_ctx *ctx, ss_vector *out, uint32_t n)
{
    return ss_vector_text_alloc(ctx, out, (size_t)n * NUM_SMALL_LEN);
}

static inline void put_small_at(ss_vector *out, uint32_t row, char **block, int64_t c, int s)
{
    char *p = *block;
    *block += NUM_SMALL_LEN;
    num_encode_small(p, c, s);
    ((ss_text *)out->data)[row] = (ss_text){p, NUM_SMALL_LEN, 0};
}

static int put_copy(ss_ctx *ctx, ss_vector *out, uint32_t row, const ss_text *t)
{
    return ss_vector_set_text(ctx, out, row, t->ptr, t->len);
}

static int num_op_of(ss_expr_op op)
{
    switch (op) {
    case OP_ADD: return NUM_OP_ADD;
    case OP_SUB: return NUM_OP_SUB;
    case OP_MUL: return NUM_OP_MUL;
    case OP_DIV: return NUM_OP_DIV;
    default: return NUM_OP_MOD;
    }
}

int ev_numeric_binary(ss_ctx *ctx, ss_expr_op op, const ev_operand *x, const ev_operand *y,
                      const uint32_t *rows, uint32_t n, ss_vector *out)
{
    const ss_text *a = x->scalar ? NULL : x->v->data, *b = y->scalar ? NULL : y->v->data;
    const ss_text *ca = x->scalar ? &x->sv.v.s : NULL, *cb = y->scalar ? &y->sv.v.s : NULL;
    bool fast = op == OP_ADD || op == OP_SUB || op == OP_MUL;
    int nop = num_op_of(op);
    char *block = fast ? small_block(ctx, out, n) : NULL;
    if (fast && !block)
        return SS_ERROR;
    int rc = SS_OK;
    num_scratch_begin();
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *l = a ? &a[i] : ca, *r = b ? &b[i] : cb;
        int64_t lc, rcf, res;
        int ls, rs, s;
        if (fast && num_small(l, &lc, &ls) && num_small(r, &rcf, &rs) &&
            num_small_op(nop, lc, ls, rcf, rs, &res, &s)) {
            put_small_at(out, i, &block, res, s);
            continue;
        }
        ss_text t;
        if (num_binop(ctx, nop, l, r, &t) != SS_OK || put_copy(ctx, out, i, &t) != SS_OK) {
            rc = SS_ERROR;
            break;
        }
    });
    num_scratch_end();
    return rc;
}

int ev_numeric_negate(ss_ctx *ctx, const ss_vector *a, const uint32_t *rows, uint32_t n,
                      ss_vector *out)
{
    const ss_text *x = a->data;
    int rc = SS_OK;
    num_scratch_begin();
    SS_FOR_ROWS(rows, n, i, {
        int64_t c;
        int s;
        ss_text t;
        if (num_small(&x[i], &c, &s)) {
            rc = put_small(ctx, out, i, -c, s);
        } else if ((rc = num_negate(ctx, &x[i], &t)) == SS_OK) {
            rc = put_copy(ctx, out, i, &t);
        }
        if (rc != SS_OK)
            break;
    });
    num_scratch_end();
    return rc;
}

int ev_numeric_cast(ss_ctx *ctx, const ss_vector *a, const uint32_t *rows, uint32_t n,
                    ss_type from, ss_type to, int mode, ss_vector *out)
{
    int rc = SS_OK;
    num_scratch_begin();
    if (to.id == SS_TYPE_NUMERIC && ss_type_is_integer(from.id) && to.typmod < 4) {
        SS_FOR_ROWS(rows, n, i, {
            int64_t v = ev_int_at(a, i);
            ss_text t;
            if (v > -NUM_SMALL_LIMIT && v < NUM_SMALL_LIMIT)
                rc = put_small(ctx, out, i, v, 0);
            else if ((rc = num_from_int64(ctx, v, &t)) == SS_OK)
                rc = put_copy(ctx, out, i, &t);
            if (rc != SS_OK)
                break;
        });
    } else {
        SS_FOR_ROWS(rows, n, i, {
            ss_value v, r;
            ss_vector_get_value(a, i, &v);
            if ((rc = ss_cast_numeric_value(ctx, &v, from, to, mode, &r)) == SS_OK)
                rc = ss_vector_set_value(ctx, out, i, &r);
            if (rc != SS_OK)
                break;
        });
    }
    num_scratch_end();
    return rc;
}

/* x op k for an integer vector x (already converted to numeric in SQL: CAST(int AS
 * numeric) op constant, as in sum(c * 1.1)) and a small constant k * 10^-ks: the cast's
 * vector is never built.  x_left tells which side x is on. */
static int int_const_rows(ss_ctx *ctx, ss_expr_op op, const ss_vector *x, bool x_left, int64_t k,
                          int ks, const ss_text *kt, const uint32_t *rows, uint32_t n,
                          ss_vector *out)
{
    int rc = SS_OK, nop = num_op_of(op);
    char *block = small_block(ctx, out, n);
    if (!block)
        return SS_ERROR;
    num_scratch_begin();
    SS_FOR_ROWS(rows, n, i, {
        int64_t v = ev_int_at(x, i), res;
        int s;
        bool ok = v > -NUM_SMALL_LIMIT && v < NUM_SMALL_LIMIT &&
                  (x_left ? num_small_op(nop, v, 0, k, ks, &res, &s) : num_small_op(nop, k, ks, v, 0, &res, &s));
        if (ok) {
            put_small_at(out, i, &block, res, s);
        } else {
            ss_text xv, t;
            rc = num_from_int64(ctx, v, &xv);
            if (rc == SS_OK)
                rc = num_binop(ctx, nop, x_left ? &xv : kt, x_left ? kt : &xv, &t);
            if (rc == SS_OK)
                rc = put_copy(ctx, out, i, &t);
        }
        if (rc != SS_OK)
            break;
    });
    num_scratch_end();
    return rc;
}

int ev_numeric_int_const(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                         uint32_t n, ss_vector *out, bool *done)
{
    *done = false;
    ss_expr_op op = e->u.op.op;
    if (op != OP_ADD && op != OP_SUB && op != OP_MUL)
        return SS_OK;
    const ss_expr *l = e->u.op.left, *r = e->u.op.right;
    bool x_left = l->kind == EXPR_CAST;
    const ss_expr *cast = x_left ? l : r, *k = x_left ? r : l;
    if (cast->kind != EXPR_CAST || !cast->u.cast.arg || cast->type.typmod >= 0 ||
        !ss_type_is_integer(cast->u.cast.arg->type.id) || k->kind != EXPR_CONST || k->u.cnst.is_null)
        return SS_OK;
    int64_t kc;
    int ks;
    if (!num_small(&k->u.cnst.v.s, &kc, &ks))
        return SS_OK;
    *done = true;
    ev_operand a;
    ev_rows rows = {0};
    int rc = ev_operand_eval(ctx, cast->u.cast.arg, in, sel, n, &a);
    if (rc == SS_OK)
        rc = ev_nonnull_rows(ctx, sel, n, &a.v, 1, out, &rows);
    if (rc == SS_OK && rows.n > 0)
        rc = int_const_rows(ctx, op, a.v, x_left, kc, ks, &k->u.cnst.v.s, rows.sel, rows.n, out);
    ev_rows_free(&rows);
    ev_operand_release(&a);
    return rc;
}
