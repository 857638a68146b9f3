/* expr_eval_arith.c — vectorised arithmetic (+ - * / %, unary minus) on int2/int4/int8 and
 * float8, and text concatenation (||), with PostgreSQL's overflow and division errors.  One
 * dispatch on (op, type) per batch, then a typed loop over the non-NULL rows. */
#include <math.h>
#include <string.h>

#include "exec/expr_eval_impl.h"
#include "types/cast.h"
#include "types/typeio.h"

/* Kernel results. */
enum { K_OK = 0, K_OVERFLOW, K_UNDERFLOW, K_DIV_ZERO };

#define DEF_INT_CHECKED(NAME, T, BUILTIN)                                                  \
    static int NAME(const T *a, const T *b, T *r, const uint32_t *rows, uint32_t n)        \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T t;                                                                           \
            if (__builtin_expect(BUILTIN(a[i], b[i], &t), 0))                              \
                return K_OVERFLOW;                                                         \
            r[i] = t;                                                                      \
        });                                                                                \
        return K_OK;                                                                       \
    }

/* x / -1 is negation (overflows only at the minimum); x % -1 is 0. */
#define DEF_INT_DIVMOD(T, MIN, SUFFIX)                                                     \
    static int div_##SUFFIX(const T *a, const T *b, T *r, const uint32_t *rows, uint32_t n) \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T y = b[i];                                                                    \
            if (__builtin_expect(y == 0, 0))                                               \
                return K_DIV_ZERO;                                                         \
            if (__builtin_expect(y == -1, 0)) {                                            \
                if (a[i] == (MIN))                                                         \
                    return K_OVERFLOW;                                                     \
                r[i] = (T)-a[i];                                                           \
            } else {                                                                       \
                r[i] = (T)(a[i] / y);                                                      \
            }                                                                              \
        });                                                                                \
        return K_OK;                                                                       \
    }                                                                                      \
    static int mod_##SUFFIX(const T *a, const T *b, T *r, const uint32_t *rows, uint32_t n) \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T y = b[i];                                                                    \
            if (__builtin_expect(y == 0, 0))                                               \
                return K_DIV_ZERO;                                                         \
            r[i] = y == -1 ? 0 : (T)(a[i] % y);                                            \
        });                                                                                \
        return K_OK;                                                                       \
    }                                                                                      \
    static int neg_##SUFFIX(const T *a, T *r, const uint32_t *rows, uint32_t n)            \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            if (__builtin_expect(a[i] == (MIN), 0))                                        \
                return K_OVERFLOW;                                                         \
            r[i] = (T)-a[i];                                                               \
        });                                                                                \
        return K_OK;                                                                       \
    }

#define DEF_INT_TYPE(T, MIN, SUFFIX)                                                       \
    DEF_INT_CHECKED(add_##SUFFIX, T, __builtin_add_overflow)                               \
    DEF_INT_CHECKED(sub_##SUFFIX, T, __builtin_sub_overflow)                               \
    DEF_INT_CHECKED(mul_##SUFFIX, T, __builtin_mul_overflow)                               \
    DEF_INT_DIVMOD(T, MIN, SUFFIX)

DEF_INT_TYPE(int16_t, INT16_MIN, i2)
DEF_INT_TYPE(int32_t, INT32_MIN, i4)
DEF_INT_TYPE(int64_t, INT64_MIN, i8)

/* float8: PostgreSQL's float8_pl/mi/mul/div checks (an infinite result from finite inputs
 * overflows, a zero result from non-zero inputs underflows; x / 0 fails unless x is NaN). */
static int add_f8(const double *a, const double *b, double *r, const uint32_t *rows, uint32_t n)
{
    SS_FOR_ROWS(rows, n, i, {
        double x = a[i], y = b[i], t = x + y;
        if (__builtin_expect(isinf(t), 0) && !isinf(x) && !isinf(y))
            return K_OVERFLOW;
        r[i] = t;
    });
    return K_OK;
}

static int sub_f8(const double *a, const double *b, double *r, const uint32_t *rows, uint32_t n)
{
    SS_FOR_ROWS(rows, n, i, {
        double x = a[i], y = b[i], t = x - y;
        if (__builtin_expect(isinf(t), 0) && !isinf(x) && !isinf(y))
            return K_OVERFLOW;
        r[i] = t;
    });
    return K_OK;
}

static int mul_f8(const double *a, const double *b, double *r, const uint32_t *rows, uint32_t n)
{
    SS_FOR_ROWS(rows, n, i, {
        double x = a[i], y = b[i], t = x * y;
        if (__builtin_expect(isinf(t), 0) && !isinf(x) && !isinf(y))
            return K_OVERFLOW;
        if (__builtin_expect(t == 0.0, 0) && x != 0.0 && y != 0.0)
            return K_UNDERFLOW;
        r[i] = t;
    });
    return K_OK;
}

static int div_f8(const double *a, const double *b, double *r, const uint32_t *rows, uint32_t n)
{
    SS_FOR_ROWS(rows, n, i, {
        double x = a[i], y = b[i];
        if (__builtin_expect(y == 0.0, 0) && !isnan(x))
            return K_DIV_ZERO;
        double t = x / y;
        if (__builtin_expect(isinf(t), 0) && !isinf(x))
            return K_OVERFLOW;
        if (__builtin_expect(t == 0.0, 0) && x != 0.0 && !isinf(y))
            return K_UNDERFLOW;
        r[i] = t;
    });
    return K_OK;
}

static int neg_f8(const double *a, double *r, const uint32_t *rows, uint32_t n)
{
    SS_FOR_ROWS(rows, n, i, { r[i] = -a[i]; });
    return K_OK;
}

static const char *op_symbol(ss_expr_op op)
{
    switch (op) {
    case OP_ADD: return "+";
    case OP_SUB: return "-";
    case OP_MUL: return "*";
    case OP_DIV: return "/";
    case OP_MOD: return "%";
    case OP_NEG: return "-";
    case OP_CONCAT: return "||";
    default: return "?";
    }
}

static int unsupported(ss_ctx *ctx, ss_expr_op op, ss_type t)
{
    char name[64];
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                        "operator %s is not supported for type %s", op_symbol(op),
                        ss_type_display_name(t, name, sizeof name));
}

static int report(ss_ctx *ctx, int k, int32_t type)
{
    switch (k) {
    case K_OK: return SS_OK;
    case K_DIV_ZERO: return ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero");
    case K_UNDERFLOW:
        return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: underflow");
    default:
        if (type == SS_TYPE_FLOAT8)
            return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                                "value out of range: overflow");
        return ss_cast_int_overflow(ctx, type);
    }
}

#define BINARY_CASE(SUFFIX, T)                                                             \
    do {                                                                                   \
        const T *x = a->data, *y = b->data;                                                \
        T *r = out->data;                                                                  \
        switch (op) {                                                                      \
        case OP_ADD: return add_##SUFFIX(x, y, r, rows, n);                                \
        case OP_SUB: return sub_##SUFFIX(x, y, r, rows, n);                                \
        case OP_MUL: return mul_##SUFFIX(x, y, r, rows, n);                                \
        case OP_DIV: return div_##SUFFIX(x, y, r, rows, n);                                \
        default: break;                                                                    \
        }                                                                                  \
    } while (0)

/* Runs the numeric kernel; -1 when (op, type) has none. */
static int numeric_binary(ss_expr_op op, const ss_vector *a, const ss_vector *b,
                          const uint32_t *rows, uint32_t n, ss_vector *out)
{
    switch (a->type.id) {
    case SS_TYPE_INT2:
        if (op == OP_MOD)
            return mod_i2(a->data, b->data, out->data, rows, n);
        BINARY_CASE(i2, int16_t);
        break;
    case SS_TYPE_INT4:
        if (op == OP_MOD)
            return mod_i4(a->data, b->data, out->data, rows, n);
        BINARY_CASE(i4, int32_t);
        break;
    case SS_TYPE_INT8:
        if (op == OP_MOD)
            return mod_i8(a->data, b->data, out->data, rows, n);
        BINARY_CASE(i8, int64_t);
        break;
    case SS_TYPE_FLOAT8:
        BINARY_CASE(f8, double);
        break;
    default:
        break;
    }
    return -1;
}

static int concat_rows(ss_ctx *ctx, const ss_vector *a, const ss_vector *b, const uint32_t *rows,
                       uint32_t n, ss_vector *out)
{
    const ss_text *x = a->data, *y = b->data;
    ss_text *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        uint64_t len = (uint64_t)x[i].len + y[i].len;
        if (len > 0x3fffffff - 4)
            return ss_ctx_error(ctx, "54000", "requested length too large");
        char *p = ss_vector_text_alloc(ctx, out, (size_t)len);
        if (!p)
            return SS_ERROR;
        if (x[i].len)
            memcpy(p, x[i].ptr, x[i].len);
        if (y[i].len)
            memcpy(p + x[i].len, y[i].ptr, y[i].len);
        r[i] = (ss_text){p, (uint32_t)len, 0};
    });
    return SS_OK;
}

int ev_arith(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
             ss_vector *out)
{
    ss_expr_op op = e->u.op.op;
    bool unary = op == OP_NEG;
    if (!e->u.op.left || (!unary && !e->u.op.right))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operator node without operands");
    ss_type t = e->u.op.left->type;
    if (!unary && !ev_same_layout(t.id, e->u.op.right->type.id))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operands of %s have different types",
                            op_symbol(op));
    bool text = ss_type_is_text(t.id);
    bool numeric = ss_type_is_integer(t.id) || t.id == SS_TYPE_FLOAT8;
    bool known = op == OP_CONCAT ? text
                                 : numeric && op >= OP_ADD && op <= OP_NEG &&
                                       !(t.id == SS_TYPE_FLOAT8 && op == OP_MOD);
    if (!known)
        return unsupported(ctx, op, t);
    if (!ev_same_layout(out->type.id, text ? SS_TYPE_TEXT : t.id))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operator result type mismatch");

    ev_operand a = {0}, b = {0};
    ev_rows rows = {0};
    int rc = ev_operand_eval(ctx, e->u.op.left, in, sel, n, &a);
    if (rc == SS_OK && !unary)
        rc = ev_operand_eval(ctx, e->u.op.right, in, sel, n, &b);
    if (rc == SS_OK) {
        ss_vector *vs[2] = {a.v, b.v};
        rc = ev_nonnull_rows(ctx, sel, n, vs, unary ? 1 : 2, out, &rows);
    }
    if (rc == SS_OK) {
        if (text) {
            rc = concat_rows(ctx, a.v, b.v, rows.sel, rows.n, out);
        } else {
            int k;
            if (unary) {
                switch (t.id) {
                case SS_TYPE_INT2: k = neg_i2(a.v->data, out->data, rows.sel, rows.n); break;
                case SS_TYPE_INT4: k = neg_i4(a.v->data, out->data, rows.sel, rows.n); break;
                case SS_TYPE_INT8: k = neg_i8(a.v->data, out->data, rows.sel, rows.n); break;
                default: k = neg_f8(a.v->data, out->data, rows.sel, rows.n); break;
                }
            } else {
                k = numeric_binary(op, a.v, b.v, rows.sel, rows.n, out);
            }
            rc = k < 0 ? unsupported(ctx, op, t) : report(ctx, k, t.id);
        }
    }
    ev_rows_free(&rows);
    ev_operand_release(&a);
    ev_operand_release(&b);
    return rc;
}
