/* numeric_func.c — numeric's built-in functions: abs, sign, round, trunc, ceil / ceiling,
 * floor, mod, div, scale, min_scale, trim_scale, as PostgreSQL 15 defines them (NaN and the
 * infinities included).  One loop per function over the rows; results go to out's heap. */
#include "types/numeric/numeric.h"

#include "types/func_impl.h"

/* The value of one row of an int4 argument vector. */
static inline int32_t int4_arg(ss_vector *const *args, uint32_t k, uint32_t i)
{
    return ((const int32_t *)args[k]->data)[i];
}

static inline const ss_text *num_arg(ss_vector *const *args, uint32_t k, uint32_t i)
{
    return &((const ss_text *)args[k]->data)[i];
}

static int put(ss_ctx *ctx, ss_vector *out, uint32_t i, int rc, const ss_text *t)
{
    return rc == SS_OK ? ss_vector_set_text(ctx, out, i, t->ptr, t->len) : SS_ERROR;
}

static bool is_special(const ss_num *a)
{
    return a->kind != NUM_BIG;
}

/* f(x) for a function of one numeric argument returning numeric. */
typedef int (*unary_fn)(ss_ctx *ctx, const ss_text *x, const ss_num *a, int32_t arg,
                        ss_text *out);

static int each_unary(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                      uint32_t n, ss_vector *out, unary_fn f)
{
    int rc = SS_OK;
    num_scratch_begin();
    SS_FOR_ROWS(rows, n, i, {
        uint8_t buf[20];
        ss_num a;
        const ss_text *x = num_arg(args, 0, i);
        num_decode(x, &a, buf);
        ss_text r;
        int32_t arg = nargs > 1 ? int4_arg(args, 1, i) : 0;
        if ((rc = put(ctx, out, i, f(ctx, x, &a, arg, &r), &r)) != SS_OK)
            break;
    });
    num_scratch_end();
    return rc;
}

static int f_abs(ss_ctx *ctx, const ss_text *x, const ss_num *a, int32_t arg, ss_text *out)
{
    (void)arg;
    if (a->kind == NUM_NINF)
        return num_encode_special(ctx, NUM_PINF, out);
    if (is_special(a)) {
        *out = *x;
        return SS_OK;
    }
    return num_make(ctx, false, a->dig, a->ndig, a->dscale, out);
}

static int f_sign(ss_ctx *ctx, const ss_text *x, const ss_num *a, int32_t arg, ss_text *out)
{
    (void)arg;
    if (a->kind == NUM_NAN) {
        *out = *x;
        return SS_OK;
    }
    int64_t s = a->kind == NUM_PINF ? 1 : a->kind == NUM_NINF ? -1 : a->ndig == 0 ? 0 : a->neg ? -1 : 1;
    return num_from_int64(ctx, s, out);
}

/* PostgreSQL clamps the scale of round / trunc to +-NUMERIC_MAX_RESULT_SCALE (2000). */
static int32_t clamp_scale(int32_t s)
{
    return s < -2000 ? -2000 : s > 2000 ? 2000 : s;
}

static int f_round(ss_ctx *ctx, const ss_text *x, const ss_num *a, int32_t arg, ss_text *out)
{
    if (is_special(a)) {
        *out = *x;
        return SS_OK;
    }
    return num_round_scale(ctx, a, clamp_scale(arg), false, out);
}

static int f_trunc(ss_ctx *ctx, const ss_text *x, const ss_num *a, int32_t arg, ss_text *out)
{
    if (is_special(a)) {
        *out = *x;
        return SS_OK;
    }
    return num_round_scale(ctx, a, clamp_scale(arg), true, out);
}

/* ceil (up true) or floor: the integer toward +Infinity or -Infinity. */
static int ceil_floor(ss_ctx *ctx, const ss_text *x, const ss_num *a, bool up, ss_text *out)
{
    if (is_special(a)) {
        *out = *x;
        return SS_OK;
    }
    ss_text t;
    if (num_round_scale(ctx, a, 0, true, &t) != SS_OK)
        return SS_ERROR;
    bool exact = num_compare(&t, x) == 0;
    bool away = up ? !a->neg : a->neg; /* truncation went the wrong way */
    if (exact || !away || a->ndig == 0) {
        *out = t;
        return SS_OK;
    }
    ss_text one;
    if (num_from_int64(ctx, 1, &one) != SS_OK)
        return SS_ERROR;
    return num_binop(ctx, up ? NUM_OP_ADD : NUM_OP_SUB, &t, &one, out);
}

static int f_ceil(ss_ctx *ctx, const ss_text *x, const ss_num *a, int32_t arg, ss_text *out)
{
    (void)arg;
    return ceil_floor(ctx, x, a, true, out);
}

static int f_floor(ss_ctx *ctx, const ss_text *x, const ss_num *a, int32_t arg, ss_text *out)
{
    (void)arg;
    return ceil_floor(ctx, x, a, false, out);
}

/* The smallest scale that shows the value exactly. */
static int32_t min_scale_of(const ss_num *a)
{
    int32_t s = a->dscale, k = a->ndig - 1;
    while (s > 0 && k >= 0 && a->dig[k] == 0) {
        s--;
        k--;
    }
    return k < 0 ? 0 : s;
}

static int f_trim_scale(ss_ctx *ctx, const ss_text *x, const ss_num *a, int32_t arg, ss_text *out)
{
    (void)arg;
    if (is_special(a)) {
        *out = *x;
        return SS_OK;
    }
    return num_round_scale(ctx, a, min_scale_of(a), true, out);
}

/* The table's entry points of the one-argument functions (round and trunc also take the
   optional int4 scale). */
#define NUM_UNARY_ENTRY(NAME, F)                                                           \
    int ss_fn_num_##NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,               \
                         const uint32_t *rows, uint32_t n, ss_vector *out)                  \
    {                                                                                      \
        return each_unary(ctx, args, nargs, rows, n, out, F);                              \
    }
NUM_UNARY_ENTRY(abs, f_abs)
NUM_UNARY_ENTRY(sign, f_sign)
NUM_UNARY_ENTRY(round, f_round)
NUM_UNARY_ENTRY(trunc, f_trunc)
NUM_UNARY_ENTRY(ceil, f_ceil)
NUM_UNARY_ENTRY(floor, f_floor)
NUM_UNARY_ENTRY(trim_scale, f_trim_scale)

/* numeric_inc(x): x + 1 (the infinities and NaN as addition gives them) */
static int f_inc(ss_ctx *ctx, const ss_text *x, const ss_num *a, int32_t arg, ss_text *out)
{
    (void)a, (void)arg;
    ss_text one;
    if (num_from_int64(ctx, 1, &one) != SS_OK)
        return SS_ERROR;
    return num_binop(ctx, NUM_OP_ADD, x, &one, out);
}
NUM_UNARY_ENTRY(inc, f_inc)

/* mod (op NUM_OP_MOD) or div (NUM_OP_DIV, then truncated to an integer). */
static int each_binary(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                       ss_vector *out, int op)
{
    int rc = SS_OK;
    num_scratch_begin();
    SS_FOR_ROWS(rows, n, i, {
        ss_text r;
        rc = num_binop(ctx, op, num_arg(args, 0, i), num_arg(args, 1, i), &r);
        if (rc == SS_OK && op == NUM_OP_DIV) {
            /* div: the quotient truncated toward zero, scale 0 */
            uint8_t buf[20];
            ss_num a, b;
            num_decode(num_arg(args, 0, i), &a, buf);
            uint8_t buf2[20];
            num_decode(num_arg(args, 1, i), &b, buf2);
            if (!is_special(&a) && !is_special(&b)) {
                ss_text q;
                rc = num_binop(ctx, NUM_OP_MOD, num_arg(args, 0, i), num_arg(args, 1, i), &q);
                if (rc == SS_OK)
                    rc = num_binop(ctx, NUM_OP_SUB, num_arg(args, 0, i), &q, &q);
                if (rc == SS_OK)
                    rc = num_binop(ctx, NUM_OP_DIV, &q, num_arg(args, 1, i), &q);
                uint8_t buf3[20];
                ss_num qn;
                if (rc == SS_OK) {
                    num_decode(&q, &qn, buf3);
                    rc = num_round_scale(ctx, &qn, 0, true, &r);
                }
            }
        }
        if ((rc = put(ctx, out, i, rc, &r)) != SS_OK)
            break;
    });
    num_scratch_end();
    return rc;
}

#define NUM_ENTRY(NAME, CALL)                                                              \
    int ss_fn_num_##NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,               \
                         const uint32_t *rows, uint32_t n, ss_vector *out)                  \
    {                                                                                      \
        (void)nargs;                                                                       \
        return CALL;                                                                       \
    }
NUM_ENTRY(mod, each_binary(ctx, args, rows, n, out, NUM_OP_MOD))
NUM_ENTRY(div, each_binary(ctx, args, rows, n, out, NUM_OP_DIV))

/* scale (min false) or min_scale (true): an int4, NULL for NaN and the infinities. */
static int scales(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                  ss_vector *out, bool min)
{
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        uint8_t buf[20];
        ss_num a;
        num_decode(num_arg(args, 0, i), &a, buf);
        if (is_special(&a)) {
            if (ss_vector_ensure_validity(ctx, out) != SS_OK)
                return SS_ERROR;
            ss_vector_set_null(out, i);
        } else {
            r[i] = min ? min_scale_of(&a) : a.dscale;
        }
    });
    return SS_OK;
}

NUM_ENTRY(scale, scales(ctx, args, rows, n, out, false))
NUM_ENTRY(min_scale, scales(ctx, args, rows, n, out, true))
