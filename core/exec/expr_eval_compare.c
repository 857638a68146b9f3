/* expr_eval_compare.c — vectorised comparisons (= <> < <= > >=) on bool, integers, float8
 * (NaN equals NaN and sorts above everything, as in PostgreSQL) and text (bytewise, then by
 * length: the C collation), producing bool. */
#include <math.h>
#include <string.h>

#include "exec/expr_eval_impl.h"
#include "types/typeio.h"

/* One comparison loop for element type T; CMP(x, y) yields the bool result. */
#define DEF_CMP(NAME, T, CMP)                                                              \
    static void NAME(const T *a, const T *b, uint8_t *r, const uint32_t *rows, uint32_t n) \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T x = a[i], y = b[i];                                                          \
            r[i] = (uint8_t)(CMP);                                                         \
        });                                                                                \
    }

#define DEF_CMP_PLAIN(SUFFIX, T)                                                           \
    DEF_CMP(eq_##SUFFIX, T, x == y)                                                        \
    DEF_CMP(ne_##SUFFIX, T, x != y)                                                        \
    DEF_CMP(lt_##SUFFIX, T, x < y)                                                         \
    DEF_CMP(le_##SUFFIX, T, x <= y)                                                        \
    DEF_CMP(gt_##SUFFIX, T, x > y)                                                         \
    DEF_CMP(ge_##SUFFIX, T, x >= y)

DEF_CMP_PLAIN(b, uint8_t)
DEF_CMP_PLAIN(i2, int16_t)
DEF_CMP_PLAIN(i4, int32_t)
DEF_CMP_PLAIN(i8, int64_t)

/* float8 with PostgreSQL's total order: NaN = NaN, NaN > any non-NaN. */
static inline bool f8_eq(double x, double y)
{
    return x == y || (isnan(x) && isnan(y));
}

static inline bool f8_lt(double x, double y)
{
    return !isnan(x) && (isnan(y) || x < y);
}

static inline bool f8_le(double x, double y)
{
    return isnan(y) || (!isnan(x) && x <= y);
}

DEF_CMP(eq_f8, double, f8_eq(x, y))
DEF_CMP(ne_f8, double, !f8_eq(x, y))
DEF_CMP(lt_f8, double, f8_lt(x, y))
DEF_CMP(le_f8, double, f8_le(x, y))
DEF_CMP(gt_f8, double, f8_lt(y, x))
DEF_CMP(ge_f8, double, f8_le(y, x))

static inline int text_cmp(ss_text x, ss_text y)
{
    uint32_t m = x.len < y.len ? x.len : y.len;
    int c = m ? memcmp(x.ptr, y.ptr, m) : 0;
    if (c != 0)
        return c;
    return (x.len > y.len) - (x.len < y.len);
}

static inline bool text_eq(ss_text x, ss_text y)
{
    return x.len == y.len && (x.len == 0 || memcmp(x.ptr, y.ptr, x.len) == 0);
}

DEF_CMP(eq_tx, ss_text, text_eq(x, y))
DEF_CMP(ne_tx, ss_text, !text_eq(x, y))
DEF_CMP(lt_tx, ss_text, text_cmp(x, y) < 0)
DEF_CMP(le_tx, ss_text, text_cmp(x, y) <= 0)
DEF_CMP(gt_tx, ss_text, text_cmp(x, y) > 0)
DEF_CMP(ge_tx, ss_text, text_cmp(x, y) >= 0)

#define CMP_CASE(SUFFIX, T)                                                                \
    do {                                                                                   \
        const T *x = a->data, *y = b->data;                                                \
        switch (op) {                                                                      \
        case OP_EQ: eq_##SUFFIX(x, y, r, rows, n); return true;                            \
        case OP_NE: ne_##SUFFIX(x, y, r, rows, n); return true;                            \
        case OP_LT: lt_##SUFFIX(x, y, r, rows, n); return true;                            \
        case OP_LE: le_##SUFFIX(x, y, r, rows, n); return true;                            \
        case OP_GT: gt_##SUFFIX(x, y, r, rows, n); return true;                            \
        case OP_GE: ge_##SUFFIX(x, y, r, rows, n); return true;                            \
        default: return false;                                                             \
        }                                                                                  \
    } while (0)

/* Dispatches once on (type, op); false when the type has no comparison. */
static bool compare(ss_expr_op op, const ss_vector *a, const ss_vector *b, const uint32_t *rows,
                    uint32_t n, uint8_t *r)
{
    switch (a->type.id) {
    case SS_TYPE_BOOL: CMP_CASE(b, uint8_t);
    case SS_TYPE_INT2: CMP_CASE(i2, int16_t);
    case SS_TYPE_INT4: CMP_CASE(i4, int32_t);
    case SS_TYPE_INT8: CMP_CASE(i8, int64_t);
    case SS_TYPE_FLOAT8: CMP_CASE(f8, double);
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN: CMP_CASE(tx, ss_text);
    default: return false;
    }
}

int ev_compare(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel,
               uint32_t n, ss_vector *out)
{
    const ss_expr *l = e->u.op.left, *rt = e->u.op.right;
    if (!l || !rt)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "comparison without two operands");
    if (!ev_same_layout(l->type.id, rt->type.id))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "comparison operands have different types");
    if (out->type.id != SS_TYPE_BOOL)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "comparison result must be boolean");
    ev_operand a = {0}, b = {0};
    ev_rows rows = {0};
    int rc = ev_operand_eval(ctx, l, in, sel, n, &a);
    if (rc == SS_OK)
        rc = ev_operand_eval(ctx, rt, in, sel, n, &b);
    if (rc == SS_OK) {
        ss_vector *vs[2] = {a.v, b.v};
        rc = ev_nonnull_rows(ctx, sel, n, vs, 2, out, &rows);
    }
    if (rc == SS_OK && !compare(e->u.op.op, a.v, b.v, rows.sel, rows.n, out->data)) {
        char name[64];
        rc = ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "comparison of values of type %s is not supported",
                          ss_type_display_name(l->type, name, sizeof name));
    }
    ev_rows_free(&rows);
    ev_operand_release(&a);
    ev_operand_release(&b);
    return rc;
}
