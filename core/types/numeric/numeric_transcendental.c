/* numeric_transcendental.c — numeric's sqrt, exp, ln, log(x) / log10, log(b, x) and
 * power(x, y) (the ^ operator), with PostgreSQL 15's result scales (each function's
 * rscale rule: at least 16 significant digits, at least the inputs' display scales, at most
 * 1000 places), its special values (NaN, +-Infinity) and its errors (2201E logarithms of
 * zero or negatives, 2201F square roots of negatives and invalid powers, 22003 overflow,
 * 22012 log base 1).
 *
 * The scales are chosen from PostgreSQL's own estimates, which look at the value in its
 * base-10000 digits (pg_view below).  The values are computed with GNU MPFR at a precision
 * well beyond the digits the result keeps, truncated to a few guard digits and then rounded
 * half away from zero at the scale, as PostgreSQL rounds; integer powers whose exact result
 * is small are computed exactly with numeric multiplication instead. */
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/func_impl.h"
#include "types/numeric/numeric.h"

#define MIN_SIG_DIGITS 16
#define GUARD_DIGITS 12

/* PostgreSQL's view of a finite value in base-10000 digits: the weight of the first digit,
 * the number of digits (trailing zero digits dropped) and the first four of them. */
typedef struct pg_view {
    int weight, ndigits;
    int d[4];
} pg_view;

static int floor_div4(int p)
{
    return p >= 0 ? p / 4 : -((-p + 3) / 4);
}

static int dec_digit(const ss_num *a, int q) /* the digit at 10^q */
{
    int e = a->ndig - a->dscale, j = e - 1 - q;
    return j >= 0 && j < a->ndig ? a->dig[j] : 0;
}

static void view(const ss_num *a, pg_view *v)
{
    memset(v, 0, sizeof *v);
    int last = a->ndig - 1;
    while (last >= 0 && a->dig[last] == 0)
        last--;
    if (a->ndig == 0 || last < 0)
        return;
    int e = a->ndig - a->dscale;
    v->weight = floor_div4(e - 1);
    int ql = e - 1 - last;
    v->ndigits = v->weight - floor_div4(ql) + 1;
    for (int k = 0; k < 4 && k < v->ndigits; k++) {
        int base = 4 * (v->weight - k), g = 0;
        for (int q = base + 3; q >= base; q--)
            g = g * 10 + dec_digit(a, q);
        v->d[k] = g;
    }
}

static bool is_zero(const ss_num *a)
{
    for (int32_t i = 0; i < a->ndig; i++)
        if (a->dig[i])
            return false;
    return true;
}

/* floor(log10(|a|)) of a non-zero finite value: the position of its first digit. */
static int lead_position(const ss_num *a)
{
    int32_t j = 0;
    while (j < a->ndig && a->dig[j] == 0)
        j++;
    return a->ndig - a->dscale - 1 - j;
}

static int parse_const(ss_ctx *ctx, const char *s, ss_text *out)
{
    return num_parse(ctx, s, strlen(s), out);
}

/* PostgreSQL's estimate_ln_dweight: roughly the decimal weight of ln(a). */
static int estimate_ln_dweight(ss_ctx *ctx, const ss_text *x, const ss_num *a, int *out)
{
    *out = 0;
    if (a->neg || is_zero(a))
        return SS_OK;
    ss_text lo, hi, one;
    if (parse_const(ctx, "0.9", &lo) || parse_const(ctx, "1.1", &hi) || parse_const(ctx, "1", &one))
        return SS_ERROR;
    if (num_compare(x, &lo) >= 0 && num_compare(x, &hi) <= 0) {
        ss_text d;
        if (num_binop(ctx, NUM_OP_SUB, x, &one, &d))
            return SS_ERROR;
        uint8_t buf[20];
        ss_num dn;
        num_decode(&d, &dn, buf);
        *out = is_zero(&dn) ? 0 : lead_position(&dn);
        return SS_OK;
    }
    pg_view v;
    view(a, &v);
    double digits = v.d[0];
    int dweight = v.weight * 4;
    if (v.ndigits > 1) {
        digits = digits * 10000 + v.d[1];
        dweight -= 4;
    }
    double ln = log(digits) + dweight * 2.302585092994046;
    *out = (int)log10(fabs(ln));
    return SS_OK;
}

static int clamp_rscale(int r)
{
    return r < 0 ? 0 : r > NUM_MAX_DISPLAY_SCALE ? NUM_MAX_DISPLAY_SCALE : r;
}

static int max_i(int a, int b)
{
    return a > b ? a : b;
}

static mpfr_prec_t bits_for(long digits)
{
    if (digits < 20)
        digits = 20;
    return (mpfr_prec_t)(digits * 3.3219280948873623 + 64);
}

/* a (finite) into x, rounded to x's precision. */
static int to_mpfr(ss_ctx *ctx, const ss_num *a, mpfr_t x)
{
    char *s = malloc((size_t)a->ndig + 32);
    if (!s)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    size_t k = 0;
    if (a->neg)
        s[k++] = '-';
    for (int32_t i = 0; i < a->ndig; i++)
        s[k++] = (char)('0' + a->dig[i]);
    if (a->ndig == 0)
        s[k++] = '0';
    snprintf(s + k, 32, "e%d", -(int)a->dscale);
    mpfr_set_str(x, s, 10, MPFR_RNDN);
    free(s);
    return SS_OK;
}

static int zero_result(ss_ctx *ctx, int rscale, ss_text *out)
{
    return num_make(ctx, false, NULL, 0, rscale, out);
}

/* y rounded half away from zero to rscale places. */
static int from_mpfr(ss_ctx *ctx, mpfr_t y, int rscale, ss_text *out)
{
    if (mpfr_zero_p(y))
        return zero_result(ctx, rscale, out);
    mpfr_exp_t e;
    char *probe = mpfr_get_str(NULL, &e, 10, 2, y, MPFR_RNDZ);
    if (!probe)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    mpfr_free_str(probe);
    long n = (long)e + rscale + GUARD_DIGITS;
    if (n < GUARD_DIGITS / 2) /* below half a unit of the last place */
        return zero_result(ctx, rscale, out);
    char *s = mpfr_get_str(NULL, &e, 10, (size_t)n, y, MPFR_RNDZ);
    if (!s)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    const char *p = s;
    bool neg = *p == '-';
    if (neg)
        p++;
    size_t len = strlen(p);
    uint8_t *dig = num_alloc(ctx, len + 1);
    if (!dig) {
        mpfr_free_str(s);
        return SS_ERROR;
    }
    for (size_t i = 0; i < len; i++)
        dig[i] = (uint8_t)(p[i] - '0');
    ss_num a = {NUM_BIG, neg, (int32_t)((long)len - (long)e), (int32_t)len, dig};
    mpfr_free_str(s);
    if (a.dscale < 0) { /* more integer digits than requested: pad */
        return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value overflows numeric format");
    }
    return num_round_scale(ctx, &a, rscale, false, out);
}

/* op(a) (mpfr_sqrt, mpfr_exp, mpfr_log) at a precision of `digits` decimal digits, rounded
 * to rscale places. */
static int mpfr_apply(ss_ctx *ctx, const ss_num *a, long digits, int (*op)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t),
                      int rscale, ss_text *out)
{
    mpfr_t t;
    mpfr_init2(t, bits_for(digits));
    int rc = to_mpfr(ctx, a, t);
    if (rc == SS_OK) {
        op(t, t, MPFR_RNDN);
        rc = from_mpfr(ctx, t, rscale, out);
    }
    mpfr_clear(t);
    return rc;
}

static int overflows(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value overflows numeric format");
}

static int log_zero(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, "2201E", "cannot take logarithm of zero");
}

static int log_negative(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, "2201E", "cannot take logarithm of a negative number");
}

/* Decodes x into arg->a; for NaN and +Infinity (the result is x) and -Infinity (ninf: the
 * result is 0, or with ninf_error the error) returns true with arg->rc set. */
typedef struct num_arg {
    uint8_t buf[20];
    ss_num a;
    int rc;
} num_arg;

static bool special_arg(ss_ctx *ctx, const ss_text *x, num_arg *arg, ss_text *out, int (*ninf_error)(ss_ctx *))
{
    num_decode(x, &arg->a, arg->buf);
    if (arg->a.kind == NUM_NAN || arg->a.kind == NUM_PINF)
        return *out = *x, arg->rc = SS_OK, true;
    if (arg->a.kind == NUM_NINF)
        return arg->rc = ninf_error ? ninf_error(ctx) : zero_result(ctx, 0, out), true;
    return false;
}

static int sqrt_negative(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, "2201F", "cannot take square root of a negative number");
}

/* ---- sqrt ---- */
/* sqrt() at PostgreSQL's numeric_sqrt scale (specials and negatives: num_sqrt_scaled). */
static int num_sqrt(ss_ctx *ctx, const ss_text *x, ss_text *out)
{
    num_arg arg;
    num_decode(x, &arg.a, arg.buf);
    int rscale = 0;
    if (arg.a.kind != NUM_NAN && arg.a.kind != NUM_PINF && arg.a.kind != NUM_NINF) {
        pg_view v;
        view(&arg.a, &v);
        int sweight = (v.weight + 1) * 4 / 2 - 1;
        rscale = clamp_rscale(max_i(MIN_SIG_DIGITS - sweight, arg.a.dscale));
    }
    return num_sqrt_scaled(ctx, x, rscale, out);
}

int num_sqrt_scaled(ss_ctx *ctx, const ss_text *x, int32_t rscale, ss_text *out)
{
    num_arg arg;
    if (special_arg(ctx, x, &arg, out, sqrt_negative))
        return arg.rc;
    const ss_num a = arg.a;
    if (a.neg && !is_zero(&a))
        return sqrt_negative(ctx);
    if (is_zero(&a))
        return zero_result(ctx, rscale, out);
    return mpfr_apply(ctx, &a, (long)a.ndig + rscale + a.ndig / 2 + GUARD_DIGITS + 20, mpfr_sqrt, rscale, out);
}

/* ---- exp ---- */
static int num_exp(ss_ctx *ctx, const ss_text *x, ss_text *out)
{
    num_arg arg;
    if (special_arg(ctx, x, &arg, out, NULL))
        return arg.rc;
    const ss_num a = arg.a;
    double val = num_to_double(x);
    int rscale = clamp_rscale(max_i(MIN_SIG_DIGITS - (int)(val * 0.434294481903252), a.dscale));
    if (fabs(val) >= 6000) {
        if (val > 0)
            return overflows(ctx);
        return zero_result(ctx, rscale, out);
    }
    long result_digits = (long)fabs(val * 0.434294481903252) + 2;
    return mpfr_apply(ctx, &a, (long)a.ndig + result_digits + rscale + GUARD_DIGITS + 20, mpfr_exp, rscale, out);
}

/* ln(a) of a finite positive value rounded to rscale places (the errors for zero and
 * negatives first). */
static int ln_scaled(ss_ctx *ctx, const ss_num *a, int rscale, ss_text *out)
{
    if (is_zero(a))
        return log_zero(ctx);
    if (a->neg)
        return log_negative(ctx);
    return mpfr_apply(ctx, a, (long)a->ndig + rscale + GUARD_DIGITS + 30, mpfr_log, rscale, out);
}

/* ---- ln ---- */
static int num_ln(ss_ctx *ctx, const ss_text *x, ss_text *out)
{
    num_arg arg;
    if (special_arg(ctx, x, &arg, out, log_negative))
        return arg.rc;
    const ss_num a = arg.a;
    if (is_zero(&a))
        return log_zero(ctx);
    if (a.neg)
        return log_negative(ctx);
    int dw;
    if (estimate_ln_dweight(ctx, x, &a, &dw))
        return SS_ERROR;
    int rscale = clamp_rscale(max_i(MIN_SIG_DIGITS - dw, a.dscale));
    return ln_scaled(ctx, &a, rscale, out);
}

/* ---- log(b, x) ---- */
static int num_sign(const ss_num *a)
{
    if (a->kind == NUM_PINF)
        return 1;
    if (a->kind == NUM_NINF)
        return -1;
    return is_zero(a) ? 0 : a->neg ? -1 : 1;
}

static int num_log(ss_ctx *ctx, const ss_text *bx, const ss_text *xx, ss_text *out)
{
    uint8_t b1[20], b2[20];
    ss_num b, x;
    num_decode(bx, &b, b1);
    num_decode(xx, &x, b2);
    if (b.kind != NUM_BIG || x.kind != NUM_BIG) {
        if (b.kind == NUM_NAN || x.kind == NUM_NAN)
            return num_encode_special(ctx, NUM_NAN, out);
        int s1 = num_sign(&b), s2 = num_sign(&x);
        if (s1 < 0 || s2 < 0)
            return log_negative(ctx);
        if (s1 == 0 || s2 == 0)
            return log_zero(ctx);
        if (b.kind == NUM_PINF)
            return x.kind == NUM_PINF ? num_encode_special(ctx, NUM_NAN, out) : zero_result(ctx, 0, out);
        return num_encode_special(ctx, NUM_PINF, out);
    }
    int bw, xw;
    if (estimate_ln_dweight(ctx, bx, &b, &bw) || estimate_ln_dweight(ctx, xx, &x, &xw))
        return SS_ERROR;
    int rdw = xw - bw;
    int rscale = clamp_rscale(max_i(max_i(MIN_SIG_DIGITS - rdw, b.dscale), x.dscale));
    int brs = max_i(rscale + rdw - bw + 8, 0), xrs = max_i(rscale + rdw - xw + 8, 0);
    ss_text lb, lx;
    if (ln_scaled(ctx, &b, brs, &lb) || ln_scaled(ctx, &x, xrs, &lx))
        return SS_ERROR;
    uint8_t c1[20], c2[20];
    ss_num nb, nx;
    num_decode(&lb, &nb, c1);
    num_decode(&lx, &nx, c2);
    if (is_zero(&nb))
        return ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero");
    mpfr_t p, q;
    mpfr_prec_t prec = bits_for((long)nb.ndig + nx.ndig + rscale + GUARD_DIGITS + 30);
    mpfr_init2(p, prec);
    mpfr_init2(q, prec);
    int rc = to_mpfr(ctx, &nx, p);
    if (rc == SS_OK)
        rc = to_mpfr(ctx, &nb, q);
    if (rc == SS_OK) {
        mpfr_div(p, p, q, MPFR_RNDN);
        rc = from_mpfr(ctx, p, rscale, out);
    }
    mpfr_clear(p);
    mpfr_clear(q);
    return rc;
}

/* ---- power ---- */
static bool integral(const ss_num *a)
{
    for (int32_t j = a->ndig - a->dscale; j < a->ndig; j++)
        if (j >= 0 && a->dig[j])
            return false;
    return true;
}

static bool odd_integer(const ss_num *a)
{
    return integral(a) && (dec_digit(a, 0) & 1);
}

/* |a| as an int64 when it is an integer of at most 18 digits. */
static bool small_int(const ss_num *a, int64_t *v)
{
    if (!integral(a))
        return false;
    int e = a->ndig - a->dscale;
    if (e > 18)
        return false;
    int64_t r = 0;
    for (int q = e - 1; q >= 0; q--)
        r = r * 10 + dec_digit(a, q);
    *v = a->neg ? -r : r;
    return true;
}

/* x^y by MPFR with the result's sign given, rounded to rscale. */
static int pow_mpfr(ss_ctx *ctx, const ss_num *x, const ss_num *y, bool neg_result, long result_digits, int rscale,
                    ss_text *out)
{
    long ydig = y->ndig - y->dscale > 0 ? y->ndig - y->dscale : 0;
    mpfr_t p, q;
    mpfr_prec_t prec = bits_for((long)x->ndig + y->ndig + ydig + result_digits + rscale + GUARD_DIGITS + 30);
    mpfr_init2(p, prec);
    mpfr_init2(q, prec);
    ss_num ax = *x;
    ax.neg = false;
    int rc = to_mpfr(ctx, &ax, p);
    if (rc == SS_OK)
        rc = to_mpfr(ctx, y, q);
    if (rc == SS_OK) {
        mpfr_pow(p, p, q, MPFR_RNDN);
        if (neg_result)
            mpfr_neg(p, p, MPFR_RNDN);
        rc = from_mpfr(ctx, p, rscale, out);
    }
    mpfr_clear(p);
    mpfr_clear(q);
    return rc;
}

/* PostgreSQL 15's power_var_int: an integer exponent that fits int32, the result scale
 * max(16, the base's display scale). */
static int pow_int(ss_ctx *ctx, const ss_text *xt, const ss_num *x, const ss_num *y, int64_t e, ss_text *out)
{
    (void)y;
    int rscale = clamp_rscale(max_i(MIN_SIG_DIGITS, x->dscale));
    pg_view v;
    view(x, &v);
    double f = 0;
    if (e != 0 && e != 1 && e != -1 && e != 2) {
        if (!v.ndigits)
            return zero_result(ctx, rscale, out); /* 0 ^ n, n > 2 (negative n failed earlier) */
        f = v.d[0];
        int p = v.weight * 4;
        for (int i = 1; i < v.ndigits && i * 4 < 16; i++) {
            f = f * 10000 + v.d[i];
            p -= 4;
        }
        f = (double)e * (log10(f) + p);
        if (f > 3.0 * 32767 * 4 || f > NUM_MAX_INT_DIGITS + 1)
            return overflows(ctx);
        if (f + 1 < -rscale || f + 1 < -NUM_MAX_DISPLAY_SCALE)
            return zero_result(ctx, rscale, out);
    }
    if (e == 0) {
        static const uint8_t one_digit[1] = {1};
        ss_num one = {NUM_BIG, false, 0, 1, one_digit};
        return num_round_scale(ctx, &one, rscale, false, out);
    }
    if (e > 0 && (int64_t)(x->ndig ? x->ndig : 1) * e <= 4000) {
        /* exact: square and multiply, then round once */
        ss_text acc = {0}, sq = *xt;
        bool have = false;
        for (int64_t k = e; k > 0; k >>= 1) {
            if (k & 1) {
                if (!have)
                    acc = sq, have = true;
                else if (num_binop(ctx, NUM_OP_MUL, &acc, &sq, &acc))
                    return SS_ERROR;
            }
            if (k > 1 && num_binop(ctx, NUM_OP_MUL, &sq, &sq, &sq))
                return SS_ERROR;
        }
        uint8_t buf[20];
        ss_num r;
        num_decode(&acc, &r, buf);
        return num_round_scale(ctx, &r, rscale, false, out);
    }
    bool neg = x->neg && (e & 1);
    return pow_mpfr(ctx, x, y, neg, (long)fabs(f) + 2, rscale, out);
}

static int num_power(ss_ctx *ctx, const ss_text *xt, const ss_text *yt, ss_text *out)
{
    uint8_t b1[20], b2[20];
    ss_num x, y;
    num_decode(xt, &x, b1);
    num_decode(yt, &y, b2);
    if (x.kind == NUM_NAN) {
        if (y.kind == NUM_BIG && is_zero(&y))
            return parse_const(ctx, "1", out);
        return num_encode_special(ctx, NUM_NAN, out);
    }
    if (y.kind == NUM_NAN) {
        if (x.kind == NUM_BIG && !x.neg && x.ndig - x.dscale == 1 && dec_digit(&x, 0) == 1 && integral(&x))
            return parse_const(ctx, "1", out);
        return num_encode_special(ctx, NUM_NAN, out);
    }
    int s1 = num_sign(&x), s2 = num_sign(&y);
    if (s1 == 0 && s2 < 0)
        return ss_ctx_error(ctx, "2201F", "zero raised to a negative power is undefined");
    if (x.kind != NUM_BIG || y.kind != NUM_BIG) {
        if (s1 < 0 && y.kind == NUM_BIG && !integral(&y))
            return ss_ctx_error(ctx, "2201F", "a negative number raised to a non-integer power yields a complex result");
        if (y.kind != NUM_BIG) { /* x ^ +-Infinity */
            bool gt_one;
            if (x.kind != NUM_BIG) {
                gt_one = true;
            } else {
                ss_text one;
                if (parse_const(ctx, "1", &one))
                    return SS_ERROR;
                ss_num ax = x;
                ax.neg = false;
                ss_text at;
                if (num_make(ctx, false, ax.dig, ax.ndig, ax.dscale, &at))
                    return SS_ERROR;
                int c = num_compare(&at, &one);
                if (c == 0)
                    return parse_const(ctx, "1", out);
                gt_one = c > 0;
            }
            return gt_one == (s2 > 0) ? num_encode_special(ctx, NUM_PINF, out) : zero_result(ctx, 0, out);
        }
        /* +-Infinity ^ finite y */
        if (s2 < 0)
            return zero_result(ctx, 0, out);
        if (s2 == 0)
            return parse_const(ctx, "1", out);
        if (s1 > 0)
            return num_encode_special(ctx, NUM_PINF, out);
        return num_encode_special(ctx, odd_integer(&y) ? NUM_NINF : NUM_PINF, out);
    }
    int64_t e;
    if (small_int(&y, &e) && e >= INT32_MIN && e <= INT32_MAX)
        return pow_int(ctx, xt, &x, &y, e, out);
    if (is_zero(&x))
        return zero_result(ctx, MIN_SIG_DIGITS, out);
    bool neg = false;
    if (x.neg) {
        if (!integral(&y))
            return ss_ctx_error(ctx, "2201F", "a negative number raised to a non-integer power yields a complex result");
        neg = odd_integer(&y);
    }
    ss_num ax = x;
    ax.neg = false;
    ss_text axt;
    if (num_make(ctx, false, ax.dig, ax.ndig, ax.dscale, &axt))
        return SS_ERROR;
    int dw;
    if (estimate_ln_dweight(ctx, &axt, &ax, &dw))
        return SS_ERROR;
    /* the first, low-precision estimate of y * ln|x|, as PostgreSQL makes it: ln|x| and
       the product rounded to 8 - (estimated weight of ln|x|) places */
    int local_rscale = max_i(8 - dw, 0);
    ss_text lnx, prod, prod_r;
    if (ln_scaled(ctx, &ax, local_rscale, &lnx) || num_binop(ctx, NUM_OP_MUL, &lnx, yt, &prod))
        return SS_ERROR;
    uint8_t pbuf[20];
    ss_num pn;
    num_decode(&prod, &pn, pbuf);
    if (num_round_scale(ctx, &pn, local_rscale, false, &prod_r))
        return SS_ERROR;
    double val = num_to_double(&prod_r);
    if (fabs(val) > 2000 * 3.01) {
        if (val > 0)
            return overflows(ctx);
        return zero_result(ctx, NUM_MAX_DISPLAY_SCALE, out);
    }
    double dval = val * 0.434294481903252;
    int rscale = clamp_rscale(max_i(max_i(MIN_SIG_DIGITS - (int)dval, x.dscale), y.dscale));
    if (fabs(val) >= 6000) { /* exp's own limit */
        if (val > 0)
            return overflows(ctx);
        return zero_result(ctx, rscale, out);
    }
    return pow_mpfr(ctx, &x, &y, neg, (long)fabs(dval) + 2, rscale, out);
}

/* ---- the vectorised entry points ---- */
int num_each(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n, ss_vector *out,
             num_row_fn f)
{
    int rc = SS_OK;
    num_scratch_begin();
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *x[2] = {&((const ss_text *)args[0]->data)[i],
                               nargs > 1 ? &((const ss_text *)args[1]->data)[i] : NULL};
        ss_text r;
        if ((rc = f(ctx, x, &r)) != SS_OK || (rc = ss_vector_set_text(ctx, out, i, r.ptr, r.len)) != SS_OK)
            break;
    });
    num_scratch_end();
    return rc;
}

static int sqrt_row(ss_ctx *ctx, const ss_text *const *x, ss_text *out) { return num_sqrt(ctx, x[0], out); }
static int exp_row(ss_ctx *ctx, const ss_text *const *x, ss_text *out) { return num_exp(ctx, x[0], out); }
static int ln_row(ss_ctx *ctx, const ss_text *const *x, ss_text *out) { return num_ln(ctx, x[0], out); }
static int log_row(ss_ctx *ctx, const ss_text *const *x, ss_text *out) { return num_log(ctx, x[0], x[1], out); }
static int power_row(ss_ctx *ctx, const ss_text *const *x, ss_text *out) { return num_power(ctx, x[0], x[1], out); }
static int log10_row(ss_ctx *ctx, const ss_text *const *x, ss_text *out)
{
    ss_text ten;
    if (parse_const(ctx, "10", &ten))
        return SS_ERROR;
    return num_log(ctx, &ten, x[0], out);
}

NUM_EACH_FN(ss_fn_num_sqrt, sqrt_row)
NUM_EACH_FN(ss_fn_num_exp, exp_row)
NUM_EACH_FN(ss_fn_num_ln, ln_row)
NUM_EACH_FN(ss_fn_num_log10, log10_row)
NUM_EACH_FN(ss_fn_num_log, log_row)
NUM_EACH_FN(ss_fn_num_power, power_row)
