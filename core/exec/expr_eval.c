/* expr_eval.c — entry points of the vectorised evaluator (ss_expr_eval, ss_expr_select,
 * ss_expr_eval_scalar) and the dispatch of a node to its kind's evaluator. */
#include "exec/expr_eval_impl.h"
#include "exec/expr_eval_subplan.h"

#include <stdlib.h>
#include <string.h>

static int internal(ss_ctx *ctx, const char *what)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "%s", what);
}

int ev_node(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
            ss_vector *out)
{
    if (!ev_same_layout(out->type.id, e->type.id))
        return internal(ctx, "result vector type does not match the expression type");
    if (n == 0)
        return SS_OK;
    switch (e->kind) { /* the leaves, which do not recurse */
    case EXPR_CONST:
        return ev_broadcast(ctx, &e->u.cnst, sel, n, out);
    case EXPR_PARAM:
        return ev_param(ctx, e, sel, n, out);
    case EXPR_COLUMN:
        return ev_column(ctx, e, in, sel, n, out);
    default:
        break;
    }
    if (ss_ctx_check_stack(ctx)) /* the other kinds recurse into their arguments */
        return SS_ERROR;
    switch (e->kind) {
    case EXPR_OP:
        switch (e->u.op.op) {
        case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE:
            return ev_compare(ctx, e, in, sel, n, out);
        default:
            return ev_arith(ctx, e, in, sel, n, out);
        }
    case EXPR_AND:
    case EXPR_OR:
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
        return ev_logic(ctx, e, in, sel, n, out);
    case EXPR_CAST:
        return ev_cast(ctx, e, in, sel, n, out);
    case EXPR_FUNC:
        return ev_func(ctx, e, in, sel, n, out);
    case EXPR_CASE:
        return ev_case(ctx, e, in, sel, n, out);
    case EXPR_IN:
        return ev_in(ctx, e, in, sel, n, out);
    case EXPR_SUBLINK:
        return ev_sublink(ctx, e, in, sel, n, out);
    case EXPR_SET_PARAM:
        return ev_set_param(ctx, e, in, sel, n, out);
    default:
        break;
    }
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                        "expression node kind %d is not supported", (int)e->kind);
}

int ss_expr_eval(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, ss_vector *out)
{
    ss_vector_reset(out);
    if (out->capacity < in->count)
        return internal(ctx, "result vector is smaller than the input batch");
    return ev_node(ctx, e, in, in->sel, ss_batch_rows(in), out);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static bool is_comparison(const ss_expr *e)
{
    if (e->kind != EXPR_OP)
        return false;
    switch (e->u.op.op) {
    case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE:
        return true;
    default:
        return false;
    }
}

/* ss_expr_select for one expression.  sorted_in: in->sel is known to be increasing (then
   so is any subsequence of it, and the result needs no check). */
static int select_one(ss_ctx *ctx, const ss_expr *e, ss_batch *in, uint32_t *sel_buf,
                      bool sorted_in)
{
    if (e->type.id != SS_TYPE_BOOL)
        return internal(ctx, "selection expression is not of type boolean");
    if (e->kind == EXPR_AND && e->u.list.nargs > 0) {
        uint32_t k = 0;
        if (!in->sel && in->count > 0) {
            /* leading comparisons of columns and constants cannot fail: over a whole batch
               they are cheaper evaluated at every row and combined before any row list is
               built (skipping rows would only matter to an expression that can fail) */
            uint32_t plain = ev_compare_plain_prefix(e->u.list.args, e->u.list.nargs, in);
            if (plain >= 2) {
                uint32_t m;
                if (ev_compare_select_all(ctx, e->u.list.args, plain, in, sel_buf, &m) != SS_OK)
                    return SS_ERROR;
                in->sel = sel_buf;
                in->sel_count = m;
                k = plain;
                sorted_in = true;
                if (m == 0)
                    return SS_OK;
            }
        }
        /* narrow conjunct by conjunct: later conjuncts only see rows that passed, which is
           also PostgreSQL's left-to-right short-circuit; each result is increasing */
        for (; k < e->u.list.nargs; k++) {
            if (select_one(ctx, e->u.list.args[k], in, sel_buf, sorted_in || k > 0) != SS_OK)
                return SS_ERROR;
            if (in->sel_count == 0)
                break;
        }
        return SS_OK;
    }
    uint32_t n = ss_batch_rows(in);
    const uint32_t *sel = in->sel;
    uint32_t m = 0;
    bool sorted = true;
    sorted_in |= sel == NULL;
    if (n > 0 && is_comparison(e)) {
        /* the comparison writes the passing rows straight into sel_buf, in the order of the
           row set */
        if (ev_compare_select(ctx, e, in, sel, n, sel_buf, &m) != SS_OK)
            return SS_ERROR;
        if (!sorted_in)
            for (uint32_t k = 1; k < m; k++)
                sorted &= sel_buf[k] > sel_buf[k - 1];
    } else if (n > 0) {
        ss_vector *cond = ev_temp(ctx, e->type, in);
        if (!cond)
            return SS_ERROR;
        if (ev_node(ctx, e, in, sel, n, cond) != SS_OK) {
            ev_temp_release(cond);
            return SS_ERROR;
        }
        const uint8_t *c = cond->data;
        uint32_t last = 0;
        /* sel_buf may be in->sel itself: position m is written only after position k >= m
           was read */
        if (!cond->validity && !sel) {
            for (uint32_t i = 0; i < n; i++) {
                sel_buf[m] = i;
                m += c[i] != 0;
            }
        } else {
            SS_FOR_ROWS(sel, n, i, {
                if (!ss_vector_is_null(cond, i) && c[i]) { /* a NULL row's byte is unset */
                    sorted &= m == 0 || i > last;
                    last = i;
                    sel_buf[m++] = i;
                }
            });
        }
        ev_temp_release(cond);
    }
    if (!sorted)
        qsort(sel_buf, m, sizeof *sel_buf, cmp_u32);
    in->sel = sel_buf;
    in->sel_count = m;
    return SS_OK;
}

int ss_expr_select(ss_ctx *ctx, const ss_expr *e, ss_batch *in, uint32_t *sel_buf)
{
    return select_one(ctx, e, in, sel_buf, false);
}

/* A constant's or parameter's value as evaluating it into a one-row vector and reading that
   row back gives it (the value narrowed to the type's storage), without the vector: true
   when e is such a leaf of a built-in scalar type, with *out set (text still pointing at the
   constant or parameter). */
static bool scalar_leaf(ss_ctx *ctx, const ss_expr *e, ss_value *out, int *rc)
{
    const ss_value *val;
    if (e->kind == EXPR_CONST)
        val = &e->u.cnst;
    else if (e->kind == EXPR_PARAM)
        val = NULL;
    else
        return false;
    int32_t id = e->type.id, storage = ss_type_storage(id);
    if (storage == 0 || (storage != SS_TYPE_TEXT && ss_type_physical(id) != storage))
        return false; /* a layout ev_broadcast and ss_vector_get_value do not share */
    if (!val && !(val = ev_param_value(ctx, e))) {
        *rc = SS_ERROR;
        return true;
    }
    *rc = SS_OK;
    memset(out, 0, sizeof *out);
    if (val->is_null) {
        out->is_null = true;
        return true;
    }
    switch (storage) {
    case SS_TYPE_BOOL: out->v.b = val->v.b; break;
    case SS_TYPE_INT2: out->v.i = (int16_t)val->v.i; break;
    case SS_TYPE_INT4: out->v.i = (int32_t)val->v.i; break;
    case SS_TYPE_INT8: out->v.i = val->v.i; break;
    case SS_TYPE_FLOAT8: out->v.f = val->v.f; break;
    default: out->v.s = val->v.s; out->v.s.reserved = 0; break;
    }
    return true;
}

/* Copies a text result *out of e into the execution arena (what ss_expr_eval_scalar
   promises), leaving other values alone. */
static int keep_scalar_text(ss_ctx *ctx, const ss_expr *e, ss_value *out)
{
    if (out->is_null || !ss_type_is_varlen(e->type.id))
        return SS_OK;
    char *p = ss_ctx_alloc(ctx, (size_t)out->v.s.len + 1);
    if (!p)
        return SS_ERROR;
    if (out->v.s.len)
        memcpy(p, out->v.s.ptr, out->v.s.len);
    out->v.s.ptr = p;
    return SS_OK;
}

int ss_expr_eval_scalar(ss_ctx *ctx, const ss_expr *e, ss_value *out)
{
    int rc;
    if (scalar_leaf(ctx, e, out, &rc)) /* a prepared lookup's $1: no vector needed */
        return rc == SS_OK ? keep_scalar_text(ctx, e, out) : rc;
    ss_batch one = {0, 1, NULL, 0, NULL};
    ss_vector *v = ev_temp(ctx, e->type, &one);
    if (!v)
        return SS_ERROR;
    rc = ev_node(ctx, e, &one, NULL, 1, v);
    if (rc == SS_OK) {
        ss_vector_get_value(v, 0, out);
        rc = keep_scalar_text(ctx, e, out);
    }
    ev_temp_release(v);
    return rc;
}
