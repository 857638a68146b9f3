/* numeric_intfunc.c — numeric functions of integral character, as PostgreSQL 15 defines
 * them: gcd(numeric, numeric) and lcm(numeric, numeric) (NaN for special inputs, the larger
 * display scale), factorial(int8) (22003 for negatives and beyond 32177), and
 * width_bucket(numeric, numeric, numeric, int4) computed exactly (2201G errors). */
#include <string.h>

#include "types/func_impl.h"
#include "types/numeric/numeric.h"

static bool zero_value(const ss_num *a)
{
    for (int32_t i = 0; i < a->ndig; i++)
        if (a->dig[i])
            return false;
    return true;
}

static int abs_of(ss_ctx *ctx, const ss_text *x, ss_text *out)
{
    uint8_t buf[20];
    ss_num a;
    num_decode(x, &a, buf);
    return num_make(ctx, false, a.dig, a.ndig, a.dscale, out);
}

static int rescale(ss_ctx *ctx, const ss_text *x, int32_t s, ss_text *out)
{
    uint8_t buf[20];
    ss_num a;
    num_decode(x, &a, buf);
    return num_round_scale(ctx, &a, s, false, out);
}

static int32_t dscale_of(const ss_text *x)
{
    uint8_t buf[20];
    ss_num a;
    num_decode(x, &a, buf);
    return a.dscale;
}

static bool is_zero_text(const ss_text *x)
{
    uint8_t buf[20];
    ss_num a;
    num_decode(x, &a, buf);
    return a.kind == NUM_BIG && zero_value(&a);
}

static bool special(const ss_text *x)
{
    uint8_t buf[20];
    ss_num a;
    num_decode(x, &a, buf);
    return a.kind != NUM_BIG;
}

/* gcd(|a|, |b|) by Euclid's algorithm on exact remainders. */
static int gcd_abs(ss_ctx *ctx, const ss_text *a, const ss_text *b, ss_text *out)
{
    ss_text x, y;
    if (abs_of(ctx, a, &x) || abs_of(ctx, b, &y))
        return SS_ERROR;
    while (!is_zero_text(&y)) {
        ss_text r;
        if (num_binop(ctx, NUM_OP_MOD, &x, &y, &r))
            return SS_ERROR;
        x = y;
        y = r;
    }
    *out = x;
    return SS_OK;
}

static int num_gcd(ss_ctx *ctx, const ss_text *a, const ss_text *b, ss_text *out)
{
    if (special(a) || special(b))
        return num_encode_special(ctx, NUM_NAN, out);
    int32_t s = dscale_of(a) > dscale_of(b) ? dscale_of(a) : dscale_of(b);
    ss_text g;
    if (gcd_abs(ctx, a, b, &g))
        return SS_ERROR;
    return rescale(ctx, &g, s, out);
}

static int num_lcm(ss_ctx *ctx, const ss_text *a, const ss_text *b, ss_text *out)
{
    if (special(a) || special(b))
        return num_encode_special(ctx, NUM_NAN, out);
    int32_t s = dscale_of(a) > dscale_of(b) ? dscale_of(a) : dscale_of(b);
    if (is_zero_text(a) || is_zero_text(b))
        return num_make(ctx, false, NULL, 0, s, out);
    ss_text g, q, x, y, r;
    if (gcd_abs(ctx, a, b, &g) || abs_of(ctx, a, &x) || abs_of(ctx, b, &y) ||
        num_binop(ctx, NUM_OP_DIV, &x, &g, &q))
        return SS_ERROR;
    uint8_t buf[20];
    ss_num qn;
    num_decode(&q, &qn, buf);
    ss_text qi;
    if (num_round_scale(ctx, &qn, 0, true, &qi) || num_binop(ctx, NUM_OP_MUL, &qi, &y, &r))
        return SS_ERROR;
    return rescale(ctx, &r, s, out);
}

static int gcd_row(ss_ctx *ctx, const ss_text *const *x, ss_text *out) { return num_gcd(ctx, x[0], x[1], out); }
static int lcm_row(ss_ctx *ctx, const ss_text *const *x, ss_text *out) { return num_lcm(ctx, x[0], x[1], out); }

NUM_EACH_FN(ss_fn_num_gcd, gcd_row)
NUM_EACH_FN(ss_fn_num_lcm, lcm_row)

int ss_fn_factorial(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out)
{
    (void)nargs;
    const int64_t *a = args[0]->data;
    int rc = SS_OK;
    num_scratch_begin();
    SS_FOR_ROWS(rows, n, i, {
        int64_t v = a[i];
        if (v < 0) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "factorial of a negative number is undefined");
            break;
        }
        if (v > 32177) {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value overflows numeric format");
            break;
        }
        ss_text acc;
        if ((rc = num_from_int64(ctx, 1, &acc)) != SS_OK)
            break;
        for (int64_t k = 2; k <= v && rc == SS_OK; k++) {
            ss_text f;
            if ((rc = num_from_int64(ctx, k, &f)) == SS_OK)
                rc = num_binop(ctx, NUM_OP_MUL, &acc, &f, &acc);
        }
        if (rc != SS_OK || (rc = ss_vector_set_text(ctx, out, i, acc.ptr, acc.len)) != SS_OK)
            break;
    });
    num_scratch_end();
    return rc;
}

static int bucket_error(ss_ctx *ctx, const char *msg)
{
    return ss_ctx_error(ctx, "2201G", "%s", msg);
}

/* floor((dist * count) / width) + 1 for 0 <= dist < width, exactly. */
static int compute_bucket(ss_ctx *ctx, const ss_text *dist, const ss_text *width, int32_t count, int32_t *res)
{
    ss_text c, prod, rem, whole, q;
    if (num_from_int64(ctx, count, &c) || num_binop(ctx, NUM_OP_MUL, dist, &c, &prod) ||
        num_binop(ctx, NUM_OP_MOD, &prod, width, &rem) || num_binop(ctx, NUM_OP_SUB, &prod, &rem, &whole) ||
        num_binop(ctx, NUM_OP_DIV, &whole, width, &q))
        return SS_ERROR;
    int64_t v;
    if (num_to_int(ctx, &q, SS_TYPE_INT8, &v))
        return SS_ERROR;
    if (v + 1 > INT32_MAX)
        return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "integer out of range");
    *res = (int32_t)(v + 1);
    return SS_OK;
}

static int num_bucket(ss_ctx *ctx, const ss_text *op, const ss_text *b1, const ss_text *b2, int32_t count,
                      int32_t *res)
{
    if (count <= 0)
        return bucket_error(ctx, "count must be greater than zero");
    uint8_t x1[20], x2[20], x3[20];
    ss_num o, l, h;
    num_decode(op, &o, x1);
    num_decode(b1, &l, x2);
    num_decode(b2, &h, x3);
    if (o.kind == NUM_NAN || l.kind == NUM_NAN || h.kind == NUM_NAN)
        return bucket_error(ctx, "operand, lower bound, and upper bound cannot be NaN");
    if (l.kind != NUM_BIG || h.kind != NUM_BIG)
        return bucket_error(ctx, "lower and upper bounds must be finite");
    int c = num_compare(b1, b2);
    if (c == 0)
        return bucket_error(ctx, "lower bound cannot equal upper bound");
    ss_text dist, width;
    if (c < 0) {
        if (num_compare(op, b1) < 0)
            return *res = 0, SS_OK;
        if (num_compare(op, b2) >= 0)
            goto above;
        if (num_binop(ctx, NUM_OP_SUB, op, b1, &dist) || num_binop(ctx, NUM_OP_SUB, b2, b1, &width))
            return SS_ERROR;
    } else {
        if (num_compare(op, b1) > 0)
            return *res = 0, SS_OK;
        if (num_compare(op, b2) <= 0)
            goto above;
        if (num_binop(ctx, NUM_OP_SUB, b1, op, &dist) || num_binop(ctx, NUM_OP_SUB, b1, b2, &width))
            return SS_ERROR;
    }
    return compute_bucket(ctx, &dist, &width, count, res);
above:
    if (count == INT32_MAX)
        return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "integer out of range");
    *res = count + 1;
    return SS_OK;
}

static int num_bucket_row(ss_ctx *ctx, ss_vector *const *args, uint32_t i, int32_t *res)
{
    const ss_text *op = args[0]->data, *b1 = args[1]->data, *b2 = args[2]->data;
    num_scratch_begin();
    int rc = num_bucket(ctx, &op[i], &b1[i], &b2[i], ((const int32_t *)args[3]->data)[i], res);
    num_scratch_end();
    return rc;
}

SS_FN_DEFINE(ss_fn_num_width_bucket, ss_width_bucket_rows(ctx, args, rows, n, out, num_bucket_row))
