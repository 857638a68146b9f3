/* float4_ops.c — float4's operators as pg_operator lists them: + - * / over float4 and the
 * float48 / float84 cross-type forms (float8 results), the six comparisons over the same three
 * pairs, prefix - + @, and abs(real); overflow, underflow and division by zero checked as
 * PostgreSQL's float4 / float8 arithmetic does. */
#include "types/float4/float4.h"

#include <math.h>

#define F4 SS_TYPE_FLOAT4
#define F8 SS_TYPE_FLOAT8
#define BOOL SS_TYPE_BOOL

static int zero_divide(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero");
}

/* a op b in float (narrow) or double, with PostgreSQL's checks for the operator. */
#define ARITH(T, ISINF, a, b, op, out)                                                      \
    do {                                                                                   \
        T r_;                                                                              \
        switch (op) {                                                                      \
        case '+': r_ = a + b; break;                                                       \
        case '-': r_ = a - b; break;                                                       \
        case '*': r_ = a * b; break;                                                       \
        default:                                                                           \
            if (b == 0 && !isnan(a))                                                       \
                return zero_divide(ctx);                                                   \
            r_ = a / b;                                                                    \
            break;                                                                         \
        }                                                                                  \
        if (ISINF(r_) && !ISINF(a) && (op == '/' || !ISINF(b)))                            \
            return float4_overflow(ctx);                                                   \
        if (r_ == 0 && a != 0 && ((op == '*' && b != 0) || (op == '/' && !ISINF(b))))      \
            return float4_underflow(ctx);                                                  \
        out = (double)r_;                                                                  \
    } while (0)

static int arith(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                 ss_vector *out, char op)
{
    const double *x = args[0]->data, *y = args[1]->data;
    double *r = out->data;
    if (out->type.id == F4) { /* float4 op float4: computed in float */
        SS_FOR_ROWS(rows, n, i, {
            float a = (float)x[i], b = (float)y[i];
            ARITH(float, isinf, a, b, op, r[i]);
        });
    } else { /* float48 / float84: the float4 side widened, computed as float8 */
        SS_FOR_ROWS(rows, n, i, {
            double a = x[i], b = y[i];
            ARITH(double, isinf, a, b, op, r[i]);
        });
    }
    return SS_OK;
}

/* Defines the ss_func_eval_fn NAME whose body is BODY (over ctx, args, rows, n, out). */
#define F4_FN(NAME, BODY)                                                                  \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                            \
    {                                                                                      \
        (void)ctx, (void)nargs;                                                            \
        BODY                                                                               \
    }
F4_FN(f4_pl, return arith(ctx, args, rows, n, out, '+');)
F4_FN(f4_mi, return arith(ctx, args, rows, n, out, '-');)
F4_FN(f4_mul, return arith(ctx, args, rows, n, out, '*');)
F4_FN(f4_div, return arith(ctx, args, rows, n, out, '/');)

/* float4 / float8 order: NaN equals NaN and sorts above every other value. */
static int f4_cmp(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    if (isnan(a))
        return isnan(b) ? 0 : 1;
    if (isnan(b))
        return -1;
    return a < b ? -1 : a > b;
}

#define CMP_FN(NAME, OP) F4_FN(NAME, return ss_type_compare_rows(args, rows, n, out, OP, f4_cmp);)
CMP_FN(f4_eq, SS_TYPE_CMP_EQ)
CMP_FN(f4_ne, SS_TYPE_CMP_NE)
CMP_FN(f4_lt, SS_TYPE_CMP_LT)
CMP_FN(f4_le, SS_TYPE_CMP_LE)
CMP_FN(f4_gt, SS_TYPE_CMP_GT)
CMP_FN(f4_ge, SS_TYPE_CMP_GE)

/* A prefix operator or one-argument function over float4: r = EXPR(x), x a float. */
#define UNARY_FN(NAME, EXPR)                                                               \
    F4_FN(NAME, {                                                                          \
        const double *x_ = args[0]->data;                                                  \
        double *r = out->data;                                                             \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            float x = (float)x_[i];                                                        \
            r[i] = (double)(EXPR);                                                         \
        });                                                                                \
        return SS_OK;                                                                      \
    })
UNARY_FN(f4_um, -x)
UNARY_FN(f4_up, x)
UNARY_FN(f4_abs, fabsf(x))

#define OP2(NAME, EVAL, RES, A, B) {NAME, 2, false, true, {A, B}, RES, EVAL, false}
#define OP1(NAME, EVAL, RES, A) {NAME, 1, false, true, {A}, RES, EVAL, false}
#define ARITH_SET(NAME, EVAL)                                                              \
    OP2(NAME, EVAL, F4, F4, F4), OP2(NAME, EVAL, F8, F4, F8), OP2(NAME, EVAL, F8, F8, F4)
#define CMP_SET(NAME, EVAL)                                                                \
    OP2(NAME, EVAL, BOOL, F4, F4), OP2(NAME, EVAL, BOOL, F4, F8), OP2(NAME, EVAL, BOOL, F8, F4)

const ss_func_def float4_operators[] = {
    ARITH_SET("+", f4_pl),   ARITH_SET("-", f4_mi),  ARITH_SET("*", f4_mul), ARITH_SET("/", f4_div),
    CMP_SET("=", f4_eq),     CMP_SET("<>", f4_ne),   CMP_SET("<", f4_lt),    CMP_SET("<=", f4_le),
    CMP_SET(">", f4_gt),     CMP_SET(">=", f4_ge),
    OP1("-", f4_um, F4, F4), OP1("+", f4_up, F4, F4), OP1("@", f4_abs, F4, F4),
    {0},
};

const ss_func_def float4_functions[] = {
    OP1("abs", f4_abs, F4, F4),
    {0},
};
