/* expr_eval_leaf.c — the evaluator's leaves: constants and parameters (one value broadcast
 * to every row) and input columns (copied at the live rows; text by reference). */
#include "exec/expr_eval_impl.h"
#include "exec/expr_eval_subplan.h"
#include "types/registry.h"

#include <string.h>

/* Writes one value (or NULL) at every row. */
int ev_broadcast(ss_ctx *ctx, const ss_value *val, const uint32_t *sel, uint32_t n,
                 ss_vector *out)
{
    if (val->is_null) {
        if (ss_vector_ensure_validity(ctx, out) != SS_OK)
            return SS_ERROR;
        SS_FOR_ROWS(sel, n, i, { ss_vector_set_null(out, i); });
        return SS_OK;
    }
    switch (ss_type_is_varlen(out->type.id) ? SS_TYPE_TEXT : ss_type_physical(out->type.id)) {
    case SS_TYPE_BOOL: {
        uint8_t *r = out->data, x = val->v.b ? 1 : 0;
        SS_FOR_ROWS(sel, n, i, { r[i] = x; });
        break;
    }
    case SS_TYPE_INT2: {
        int16_t *r = out->data, x = (int16_t)val->v.i;
        SS_FOR_ROWS(sel, n, i, { r[i] = x; });
        break;
    }
    case SS_TYPE_INT4: {
        int32_t *r = out->data, x = (int32_t)val->v.i;
        SS_FOR_ROWS(sel, n, i, { r[i] = x; });
        break;
    }
    case SS_TYPE_INT8: {
        int64_t *r = out->data, x = val->v.i;
        SS_FOR_ROWS(sel, n, i, { r[i] = x; });
        break;
    }
    case SS_TYPE_FLOAT8: {
        double *r = out->data, x = val->v.f;
        SS_FOR_ROWS(sel, n, i, { r[i] = x; });
        break;
    }
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN:
    case SS_TYPE_NUMERIC: {
        ss_text *r = out->data, x = val->v.s;
        x.reserved = 0;
        SS_FOR_ROWS(sel, n, i, { r[i] = x; });
        break;
    }
    default:
        if (ss_type_is_array(out->type.id)) { /* an encoded array */
            ss_text *r = out->data, x = val->v.s;
            x.reserved = 0;
            SS_FOR_ROWS(sel, n, i, { r[i] = x; });
            break;
        }
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "constant of unsupported type");
    }
    return SS_OK;
}

const ss_value *ev_param_value(ss_ctx *ctx, const ss_expr *e)
{
    uint32_t idx = e->u.param.index;
    if (idx >= SS_EXEC_PARAM_BASE)
        return ev_exec_param_value(ctx, idx);
    if (!ctx->params || idx >= ctx->nparams) {
        ss_ctx_error(ctx, "42P02", "there is no parameter $%u", idx + 1);
        return NULL;
    }
    if (ctx->param_types && !ev_same_layout(ctx->param_types[idx].id, e->type.id)) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                     "parameter value type does not match the expression type");
        return NULL;
    }
    return &ctx->params[idx];
}

int ev_param(ss_ctx *ctx, const ss_expr *e, const uint32_t *sel, uint32_t n, ss_vector *out)
{
    const ss_value *val = ev_param_value(ctx, e);
    if (!val)
        return SS_ERROR;
    return ev_broadcast(ctx, val, sel, n, out);
}

/* Copies the values of c at the rows into out (text by reference). */
static void copy_at_rows(const ss_vector *c, const uint32_t *sel, uint32_t n, ss_vector *out)
{
    size_t width = ss_type_width(c->type.id);
    if (!sel) {
        if (c->data != out->data)
            memcpy(out->data, c->data, (size_t)n * width);
        return;
    }
    switch (width) {
    case 1: {
        const uint8_t *a = c->data;
        uint8_t *r = out->data;
        SS_FOR_ROWS(sel, n, i, { r[i] = a[i]; });
        break;
    }
    case 2: {
        const int16_t *a = c->data;
        int16_t *r = out->data;
        SS_FOR_ROWS(sel, n, i, { r[i] = a[i]; });
        break;
    }
    case 4: {
        const int32_t *a = c->data;
        int32_t *r = out->data;
        SS_FOR_ROWS(sel, n, i, { r[i] = a[i]; });
        break;
    }
    case 8: {
        const int64_t *a = c->data;
        int64_t *r = out->data;
        SS_FOR_ROWS(sel, n, i, { r[i] = a[i]; });
        break;
    }
    default: {
        const ss_text *a = c->data;
        ss_text *r = out->data;
        SS_FOR_ROWS(sel, n, i, { r[i] = a[i]; });
        break;
    }
    }
}

/* Copies an input column's values at the rows (text by reference: the bytes outlive the
 * batch's consumers as the batch contract guarantees). */
int ev_column(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
              uint32_t n, ss_vector *out)
{
    const ss_vector *c = ev_input_column(ctx, e, in);
    if (!c)
        return SS_ERROR;
    copy_at_rows(c, sel, n, out);
    if (c->validity) {
        if (ss_vector_ensure_validity(ctx, out) != SS_OK)
            return SS_ERROR;
        SS_FOR_ROWS(sel, n, i, {
            if (ss_vector_is_null(c, i))
                ss_vector_set_null(out, i);
        });
    }
    return SS_OK;
}
