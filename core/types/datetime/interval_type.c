/* interval_type.c — the interval descriptor of the type catalog: the 16-byte {time, days,
 * months} encoding ordered and hashed by PostgreSQL's interval_cmp_value ('1 mon' = '30
 * days'), input / output under IntervalStyle, the fields(p) typmod, and interval's operators
 * (+ - between intervals, unary -, * and / by float8, comparisons). */
#include "types/datetime/dt_types.h"
#include "types/datetime/interval_sum.h"

#include <math.h>

static int input(ss_ctx *ctx, ss_type t, const char *s, size_t len, ss_value *out, ss_arena *arena)
{
    dt_interval v;
    if (dt_interval_in(ctx, s, len, t.typmod, &v))
        return SS_ERROR;
    return dt_value_interval(ctx, arena, &v, out);
}

static void output(ss_type t, const ss_value *v, ss_strbuf *out)
{
    (void)t;
    dt_interval iv;
    dt_interval_decode(&v->v.s, &iv);
    dt_interval_out(&iv, dt_session_current()->interval_style, out);
}

static int coerce(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out, ss_arena *arena)
{
    (void)from, (void)mode;
    dt_interval iv;
    dt_interval_decode(&in->v.s, &iv);
    dt_adjust_interval(&iv, to.typmod);
    return dt_value_interval(ctx, arena, &iv, out);
}

static int iv_compare(const void *a, const void *b)
{
    dt_interval x, y;
    dt_interval_decode(a, &x);
    dt_interval_decode(b, &y);
    return dt_interval_cmp(&x, &y);
}

static bool iv_equal(const void *a, const void *b)
{
    return iv_compare(a, b) == 0;
}

static uint64_t iv_hash(const void *a)
{
    dt_interval x;
    dt_interval_decode(a, &x);
    return dt_interval_hash(&x);
}

static void iv_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    const ss_text *t = v->data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = rows ? rows[k] : k;
        if (!ss_vector_is_null(v, r))
            out[k] = iv_hash(&t[r]);
    }
}

/* ss_type_arith: interval addition, and the sign of an interval (its order against zero) */
static int arith_add(ss_ctx *ctx, const void *a, const void *b, ss_vector *out, uint32_t row)
{
    dt_interval x, y, r;
    dt_interval_decode(a, &x);
    dt_interval_decode(b, &y);
    if (!dt_interval_pl(&x, &y, &r))
        return dt_err_interval_range(ctx);
    return dt_set_interval(ctx, out, row, &r);
}

static int arith_classify(const void *a)
{
    dt_interval x, zero = {0, 0, 0};
    dt_interval_decode(a, &x);
    int c = dt_interval_cmp(&x, &zero);
    return c > 0 ? SS_VALUE_POSITIVE : c < 0 ? SS_VALUE_NEGATIVE : SS_VALUE_ZERO;
}

static const ss_type_arith iv_arith = {sizeof(ss_type_arith), arith_add, arith_classify};

static const ss_type_info interval_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_INTERVAL,
    .name = "interval",
    .layout = SS_LAYOUT_VARLEN,
    .width = sizeof(ss_text),
    .compare = iv_compare,
    .equal = iv_equal,
    .hash = iv_hash,
    .hash_batch = iv_hash_batch,
    .sum = &dt_interval_sum_support,
    .arith = &iv_arith,
    .physical = 0,
};

const ss_type_def ss_interval_type_def = {
    .info = &interval_info,
    .internal_name = "interval",
    .display_name = "interval",
    .category = 'T',
    .preferred = true,
    .typmod_in = dt_typmod_in_interval,
    .typmod_out = dt_typmod_out_interval,
    .input = input,
    .output = output,
    .coerce_typmod = coerce,
    .functions = dt_interval_functions,
    .operators = dt_interval_operators,
};

/* a binary interval operation on two intervals */
static int iv_binary(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, bool minus)
{
    SS_FOR_ROWS(rows, n, i, {
        dt_interval a, b, r;
        dt_iv_at(args[0], i, &a);
        dt_iv_at(args[1], i, &b);
        if (!(minus ? dt_interval_mi(&a, &b, &r) : dt_interval_pl(&a, &b, &r)))
            return dt_err_interval_range(ctx);
        if (dt_set_interval(ctx, out, i, &r))
            return SS_ERROR;
    });
    return SS_OK;
}
DT_FN(iv_pl)
{
    (void)nargs;
    return iv_binary(ctx, args, rows, n, out, false);
}
DT_FN(iv_mi)
{
    (void)nargs;
    return iv_binary(ctx, args, rows, n, out, true);
}

DT_FN(iv_um)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        dt_interval a, r;
        dt_iv_at(args[0], i, &a);
        if (!dt_interval_um(&a, &r))
            return dt_err_interval_range(ctx);
        if (dt_set_interval(ctx, out, i, &r))
            return SS_ERROR;
    });
    return SS_OK;
}

DT_FN(iv_up)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        dt_interval a;
        dt_iv_at(args[0], i, &a);
        if (dt_set_interval(ctx, out, i, &a))
            return SS_ERROR;
    });
    return SS_OK;
}

static int iv_scale(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, bool div)
{
    bool iv_first = args[0]->type.id == IVL;
    const ss_vector *iv = args[iv_first ? 0 : 1];
    const double *f = args[iv_first ? 1 : 0]->data;
    SS_FOR_ROWS(rows, n, i, {
        dt_interval a, r;
        dt_iv_at(iv, i, &a);
        if (div && f[i] == 0.0)
            return ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero");
        if (!(div ? dt_interval_div(&a, f[i], &r) : dt_interval_mul(&a, f[i], &r)))
            return dt_err_interval_range(ctx);
        if (dt_set_interval(ctx, out, i, &r))
            return SS_ERROR;
    });
    return SS_OK;
}
DT_FN(iv_mul)
{
    (void)nargs;
    return iv_scale(ctx, args, rows, n, out, false);
}
DT_FN(iv_div)
{
    (void)nargs;
    return iv_scale(ctx, args, rows, n, out, true);
}

#define CMPI(NAME, OP) DT_FN(NAME) { (void)ctx, (void)nargs; return ss_type_compare_rows(args, rows, n, out, OP, iv_compare); }
CMPI(iv_eq, SS_TYPE_CMP_EQ)
CMPI(iv_ne, SS_TYPE_CMP_NE)
CMPI(iv_lt, SS_TYPE_CMP_LT)
CMPI(iv_le, SS_TYPE_CMP_LE)
CMPI(iv_gt, SS_TYPE_CMP_GT)
CMPI(iv_ge, SS_TYPE_CMP_GE)

const ss_func_def dt_interval_operators[] = {
    DT_DEF("+", iv_pl, IVL, IVL, IVL),
    DT_DEF("-", iv_mi, IVL, IVL, IVL),
    DT_DEF("-", iv_um, IVL, IVL),
    DT_DEF("+", iv_up, IVL, IVL),
    DT_DEF("*", iv_mul, IVL, IVL, F8),
    DT_DEF("*", iv_mul, IVL, F8, IVL),
    DT_DEF("/", iv_div, IVL, IVL, F8),
    DT_DEF("=", iv_eq, BOOLT, IVL, IVL), DT_DEF("<>", iv_ne, BOOLT, IVL, IVL), DT_DEF("<", iv_lt, BOOLT, IVL, IVL),
    DT_DEF("<=", iv_le, BOOLT, IVL, IVL), DT_DEF(">", iv_gt, BOOLT, IVL, IVL), DT_DEF(">=", iv_ge, BOOLT, IVL, IVL),
    {0},
};
