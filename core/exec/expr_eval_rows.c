/* expr_eval_rows.c — helpers the evaluator's files share: the pool of scratch vectors that
 * temporaries and row lists come from, operands (an input column used in place, a child
 * evaluated into a temporary, or one value for every row) and splitting a row set into its
 * non-NULL rows. */
#include "exec/expr_eval_impl.h"

#include <stdlib.h>
#include <string.h>

#include "types/typeio.h"
#include "util/slot_pool.h"

/* ---- the scratch pool ------------------------------------------------------------------
 * Why a process-wide pool: ss_ctx (one per statement execution) has no slot for evaluator
 * state and its arena only grows until the statement ends, so taking each batch's
 * temporaries from it would cost memory in proportion to the number of batches; malloc and
 * free per batch was the cost being removed.  A pool keeps a bounded set of vectors alive
 * across batches and statements instead.
 * Pooled vectors are created as text vectors of POOL_ROWS elements, the widest layout, so
 * one can serve a temporary of any type (its type is set when it is handed out) or a list
 * of row positions.  They are told apart from exact-size temporaries by their capacity:
 * ev_temp only makes a vector of another capacity when a batch has more than POOL_ROWS
 * rows.  The pool is a util/slot_pool.h pool, shared by statements on every thread; a vector
 * given back when every slot is full is freed, which bounds the memory kept to POOL_SLOTS
 * vectors. */
#define POOL_ROWS SS_BATCH_CAPACITY
#define POOL_SLOTS 32
#define POOL_BYTES ((size_t)POOL_ROWS * sizeof(ss_text))

/* The data of a pooled vector is poisoned under AddressSanitizer while it sits in the pool,
   so a temporary used after its release is still reported. */
#define POOL_POISON(v) ss_slot_pool_poison((v)->data, POOL_BYTES)
#define POOL_UNPOISON(v) ss_slot_pool_unpoison((v)->data, POOL_BYTES)

static ss_slot pool[POOL_SLOTS];

static ss_vector *pool_take(void)
{
    ss_vector *v = ss_slot_pool_take(pool, POOL_SLOTS);
    if (!v)
        return ss_vector_create((ss_type){SS_TYPE_TEXT, -1}, POOL_ROWS);
    POOL_UNPOISON(v);
#ifndef NDEBUG
    /* a reused temporary holds old values: make any read of a row nobody wrote visible */
    memset(v->data, 0xa5, POOL_BYTES);
#endif
    return v;
}

static void pool_give(ss_vector *v)
{
    ss_vector_reset(v);
    POOL_POISON(v);
    if (ss_slot_pool_give(pool, POOL_SLOTS, v))
        return;
    POOL_UNPOISON(v);
    ss_vector_destroy(v);
}

/* Frees the pooled vectors when the library is unloaded. */
__attribute__((destructor)) static void pool_drain(void)
{
    ss_vector *v;
    while ((v = ss_slot_pool_take(pool, POOL_SLOTS))) {
        POOL_UNPOISON(v);
        ss_vector_destroy(v);
    }
}

static void *oom(ss_ctx *ctx)
{
    ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return NULL;
}

ss_vector *ev_temp(ss_ctx *ctx, ss_type t, const ss_batch *in)
{
    if (ss_type_width(t.id) == 0) {
        ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                     "expressions of type %s are not supported", ss_type_internal_name(t.id));
        return NULL;
    }
    ss_vector *v;
    if (in->count <= POOL_ROWS) {
        v = pool_take();
        if (v)
            v->type = t;
    } else {
        v = ss_vector_create(t, in->count);
    }
    return v ? v : oom(ctx);
}

void ev_temp_release(ss_vector *v)
{
    if (!v)
        return;
    if (v->capacity == POOL_ROWS)
        pool_give(v);
    else
        ss_vector_destroy(v);
}

int ev_buf_get(ss_ctx *ctx, uint32_t n, ev_buf *b)
{
    b->holder = NULL;
    b->p = NULL;
    if (n <= POOL_ROWS) {
        b->holder = pool_take();
        if (b->holder)
            b->p = b->holder->data;
    } else {
        b->p = malloc((size_t)n * sizeof *b->p);
    }
    if (!b->p) {
        oom(ctx);
        return SS_ERROR;
    }
    return SS_OK;
}

void ev_buf_release(ev_buf *b)
{
    if (b->holder)
        pool_give(b->holder);
    else
        free(b->p);
    b->holder = NULL;
    b->p = NULL;
}

int ev_rows_copy(ss_ctx *ctx, const uint32_t *sel, uint32_t n, ev_buf *b)
{
    if (ev_buf_get(ctx, n, b) != SS_OK)
        return SS_ERROR;
    if (sel)
        memcpy(b->p, sel, (size_t)n * sizeof *b->p);
    else
        for (uint32_t i = 0; i < n; i++)
            b->p[i] = i;
    return SS_OK;
}

/* ---- NULL handling ---------------------------------------------------------------------- */

int ev_set_all_null(ss_ctx *ctx, const uint32_t *sel, uint32_t n, ss_vector *out)
{
    if (ss_vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    SS_FOR_ROWS(sel, n, i, { ss_vector_set_null(out, i); });
    return SS_OK;
}

int ev_nonnull_rows(ss_ctx *ctx, const uint32_t *sel, uint32_t n, ss_vector *const *vs,
                    uint32_t nv, ss_vector *out, ev_rows *rows)
{
    rows->sel = sel;
    rows->n = n;
    rows->buf = (ev_buf){0};
    /* only the vectors with a bitmap need looking at */
    const ss_vector *check[SS_FUNC_MAX_ARGS + 2];
    uint32_t nc = 0;
    bool all = nv > sizeof check / sizeof *check; /* too many to list: test them all */
    bool any = false;
    for (uint32_t k = 0; k < nv; k++) {
        if (vs[k] && vs[k]->validity) {
            any = true;
            if (!all)
                check[nc++] = vs[k];
        }
    }
    if (!any)
        return SS_OK;
    if (ev_buf_get(ctx, n, &rows->buf) != SS_OK)
        return SS_ERROR;
    uint32_t *buf = rows->buf.p;
    uint32_t m = 0;
    int rc = SS_OK;
    SS_FOR_ROWS(sel, n, i, {
        bool null = false;
        if (all) {
            for (uint32_t k = 0; k < nv; k++)
                null |= vs[k] && ss_vector_is_null(vs[k], i);
        } else {
            for (uint32_t k = 0; k < nc; k++)
                null |= ss_vector_is_null(check[k], i);
        }
        if (!null) {
            buf[m++] = i;
        } else if (out) {
            if (!out->validity && (rc = ss_vector_ensure_validity(ctx, out)) != SS_OK)
                break;
            ss_vector_set_null(out, i);
        }
    });
    rows->sel = buf;
    rows->n = m;
    return rc;
}

void ev_rows_free(ev_rows *rows)
{
    if (rows->buf.p)
        ev_buf_release(&rows->buf);
}

/* ---- operands --------------------------------------------------------------------------- */

/* Depth to which ev_rowless looks: deeper row-independent trees are simply evaluated per
   row, which keeps the test cheap however deep an expression nests. */
#define ROWLESS_DEPTH 4

static bool rowless(const ss_expr *e, int depth)
{
    if (!e || depth > ROWLESS_DEPTH)
        return false;
    switch (e->kind) {
    case EXPR_CONST:
    case EXPR_PARAM:
        return true;
    case EXPR_CAST:
        return rowless(e->u.cast.arg, depth + 1);
    case EXPR_OP:
        return e->u.op.op != OP_CONCAT && rowless(e->u.op.left, depth + 1) &&
               (e->u.op.op == OP_NEG || rowless(e->u.op.right, depth + 1));
    case EXPR_COLUMN:
        return false;
    case EXPR_FUNC: /* functions may be volatile */
    case EXPR_AND:  /* the rest is not worth it */
    case EXPR_OR:
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
    case EXPR_CASE:
    case EXPR_IN:
    case EXPR_SUBLINK:
    case EXPR_SET_PARAM:
        return false;
    }
    return false;
}

bool ev_rowless(const ss_expr *e)
{
    return rowless(e, 0);
}

ss_vector *ev_input_column(ss_ctx *ctx, const ss_expr *e, const ss_batch *in)
{
    uint32_t idx = e->u.column.index;
    if (idx >= in->ncols || !in->cols[idx]) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                     "expression references column %u of a batch with %u columns", idx, in->ncols);
        return NULL;
    }
    ss_vector *c = in->cols[idx];
    if (!ev_same_layout(c->type.id, e->type.id)) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                     "column vector type does not match the expression type");
        return NULL;
    }
    return c;
}

int ev_operand_eval(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                    uint32_t n, ev_operand *op)
{
    return ev_operand_eval_arg(ctx, e, in, sel, n, false, op);
}

int ev_operand_eval_arg(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
                        uint32_t n, bool allow_scalar, ev_operand *op)
{
    op->v = NULL;
    op->owned = false;
    op->scalar = false;
    op->sv = (ss_value){0};
    if (e->kind == EXPR_COLUMN) {
        op->v = ev_input_column(ctx, e, in);
        return op->v ? SS_OK : SS_ERROR;
    }
    if (allow_scalar && n > 0) {
        if (e->kind == EXPR_CONST) {
            op->scalar = true;
            op->sv = e->u.cnst;
            return SS_OK;
        }
        if (e->kind == EXPR_PARAM) {
            const ss_value *val = ev_param_value(ctx, e);
            if (!val)
                return SS_ERROR;
            op->scalar = true;
            op->sv = *val;
            return SS_OK;
        }
        if (ev_rowless(e)) {
            /* the same value at every row: evaluate it at the first row only (errors are
               the same at every row, and n > 0 rows reach it) */
            uint32_t first = sel ? sel[0] : 0;
            op->v = ev_temp(ctx, e->type, in);
            if (!op->v)
                return SS_ERROR;
            op->owned = true;
            if (ev_node(ctx, e, in, &first, 1, op->v) != SS_OK)
                return SS_ERROR;
            ss_vector_get_value(op->v, first, &op->sv);
            op->scalar = true;
            return SS_OK;
        }
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
        ev_temp_release(op->v);
    op->v = NULL;
    op->owned = false;
    op->scalar = false;
}
