/* numeric_agg.c — the running sums behind sum(numeric), avg(numeric), sum(bigint) and
 * avg(integer) (ss_type_sum, sunstone/typeinfo.h), as PostgreSQL's numeric accumulators:
 * exact, NaN absorbing, +Infinity and -Infinity together giving NaN, avg = sum / count with
 * division's scale rule.  Values with small coefficients are added into a 128-bit integer
 * at the largest scale seen so far; what does not fit it goes to a general-form partial sum
 * kept in malloc'd memory. */
#include "types/numeric/numeric.h"

#include "exec/vector.h"

#include <stdlib.h>
#include <string.h>

typedef struct num_sum_state {
    __int128 acc;     /* sum of small values, at scale `scale` */
    int32_t scale;
    uint8_t nan, pinf, ninf, pad;
    char *big;        /* encoded general-form partial sum (malloc'd), NULL while none */
    uint32_t big_len;
    uint32_t reserved;
} num_sum_state;

static const __int128 I128_LIMIT = (__int128)INT64_C(1000000000000000000) * INT64_C(1000000000000000000) * 100; /* 10^38 */

int num_from_int128(ss_ctx *ctx, __int128 coef, int32_t dscale, ss_text *out)
{
    if (coef > -NUM_SMALL_LIMIT && coef < NUM_SMALL_LIMIT) {
        char *p = num_alloc(ctx, NUM_SMALL_LEN);
        if (!p)
            return SS_ERROR;
        num_encode_small(p, (int64_t)coef, dscale);
        *out = (ss_text){p, NUM_SMALL_LEN, 0};
        return SS_OK;
    }
    bool neg = coef < 0;
    unsigned __int128 u = neg ? (unsigned __int128)0 - (unsigned __int128)coef : (unsigned __int128)coef;
    uint8_t tmp[40], dig[40];
    int n = 0;
    while (u) {
        tmp[n++] = (uint8_t)(u % 10);
        u /= 10;
    }
    for (int i = 0; i < n; i++)
        dig[i] = tmp[n - 1 - i];
    return num_make(ctx, neg, dig, n, dscale, out);
}

/* state->big += x (general form). */
static int add_big(ss_ctx *ctx, num_sum_state *st, const ss_text *x)
{
    ss_text sum;
    if (st->big) {
        ss_text cur = {st->big, st->big_len, 0};
        if (num_binop(ctx, NUM_OP_ADD, &cur, x, &sum) != SS_OK)
            return SS_ERROR;
    } else {
        sum = *x;
    }
    char *p = malloc(sum.len ? sum.len : 1);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(p, sum.ptr, sum.len);
    free(st->big);
    st->big = p;
    st->big_len = sum.len;
    return SS_OK;
}

/* Moves the 128-bit part into the general-form one. */
static int flush_acc(ss_ctx *ctx, num_sum_state *st)
{
    ss_text t;
    if (num_from_int128(ctx, st->acc, st->scale, &t) != SS_OK || add_big(ctx, st, &t) != SS_OK)
        return SS_ERROR;
    st->acc = 0;
    return SS_OK;
}

static __int128 p10_128(int k)
{
    __int128 r = 1;
    while (k-- > 0)
        r *= 10;
    return r;
}

/* Adds coef * 10^-s. */
static int add_small(ss_ctx *ctx, num_sum_state *st, __int128 c, int s)
{
    if (s > st->scale) {
        __int128 m = s - st->scale <= 38 ? p10_128(s - st->scale) : 0, r;
        if (!m || __builtin_mul_overflow(st->acc, m, &r) || r >= I128_LIMIT || r <= -I128_LIMIT) {
            if (st->acc && flush_acc(ctx, st) != SS_OK)
                return SS_ERROR;
            r = 0;
        }
        st->acc = r;
        st->scale = s;
    } else if (s < st->scale) {
        __int128 m = st->scale - s <= 38 ? p10_128(st->scale - s) : 0, scaled;
        if (!m || __builtin_mul_overflow(c, m, &scaled) || scaled >= I128_LIMIT || scaled <= -I128_LIMIT) {
            /* c at its own scale (the product may have wrapped) */
            ss_text t;
            return num_from_int128(ctx, c, s, &t) == SS_OK ? add_big(ctx, st, &t) : SS_ERROR;
        }
        c = scaled;
    }
    __int128 r = st->acc + c; /* both below 10^38 in magnitude: no wrap */
    if (r >= I128_LIMIT || r <= -I128_LIMIT) {
        if (flush_acc(ctx, st) != SS_OK)
            return SS_ERROR;
        r = c;
    }
    st->acc = r;
    return SS_OK;
}

static int add_value(ss_ctx *ctx, num_sum_state *st, const ss_text *x)
{
    int64_t c;
    int s;
    if (num_small(x, &c, &s))
        return add_small(ctx, st, c, s);
    int kind = x->len ? (unsigned char)x->ptr[0] : NUM_NAN;
    if (kind == NUM_NAN) {
        st->nan = 1;
        return SS_OK;
    }
    if (kind == NUM_PINF || kind == NUM_NINF) {
        if (kind == NUM_PINF)
            st->pinf = 1;
        else
            st->ninf = 1;
        return SS_OK;
    }
    uint16_t ds;
    memcpy(&ds, x->ptr + 1, 2);
    if (ds > st->scale) {
        /* keep the 128-bit part at the largest scale seen, as the result's */
        if (add_small(ctx, st, 0, ds) != SS_OK)
            return SS_ERROR;
    }
    return add_big(ctx, st, x);
}

#define SUM_INT_LOOP(CTYPE)                                                                  \
    do {                                                                                     \
        const CTYPE *x = v->data;                                                            \
        if (!gids && !v->validity && st0->scale == 0) {                                      \
            /* one group, no NULLs: a plain 128-bit sum (below 2^64 values of < 2^63) */      \
            __int128 s = 0;                                                                  \
            for (uint32_t k = 0; k < n; k++)                                                 \
                s += x[pos ? pos[k] : k];                                                    \
            return add_small(ctx, st0, s, 0);                                                \
        }                                                                                    \
        for (uint32_t k = 0; k < n; k++) {                                                   \
            uint32_t r = pos ? pos[k] : k;                                                   \
            if (ss_vector_is_null(v, r))                                                     \
                continue;                                                                    \
            num_sum_state *st = gids ? &states[gids[k]] : st0;                               \
            if (st->scale == 0 && st->acc < I128_LIMIT / 2 && st->acc > -I128_LIMIT / 2)     \
                st->acc += x[r];                                                             \
            else if (add_small(ctx, st, x[r], 0) != SS_OK)                                   \
                return SS_ERROR;                                                             \
        }                                                                                    \
        return SS_OK;                                                                        \
    } while (0)

static int sum_add(ss_ctx *ctx, void *array, const ss_vector *v, const uint32_t *pos,
                   const uint32_t *gids, uint32_t n)
{
    num_sum_state *states = array, *st0 = states;
    switch (v->type.id) {
    case SS_TYPE_INT2: SUM_INT_LOOP(int16_t);
    case SS_TYPE_INT4: SUM_INT_LOOP(int32_t);
    case SS_TYPE_INT8: SUM_INT_LOOP(int64_t);
    default: break;
    }
    const ss_text *x = v->data;
    int rc = SS_OK;
    num_scratch_begin();
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        uint32_t r = pos ? pos[k] : k;
        if (ss_vector_is_null(v, r))
            continue;
        num_sum_state *st = gids ? &states[gids[k]] : st0;
        int64_t c;
        int s;
        if (num_small(&x[r], &c, &s) && s == st->scale) {
            __int128 t = st->acc + c;
            if (t < I128_LIMIT && t > -I128_LIMIT) {
                st->acc = t;
                continue;
            }
        }
        rc = add_value(ctx, st, &x[r]);
    }
    num_scratch_end();
    return rc;
}

static int sum_result(ss_ctx *ctx, const void *state, int64_t count, ss_vector *out, uint32_t row)
{
    const num_sum_state *st = state;
    int rc = SS_OK;
    ss_text r;
    num_scratch_begin();
    if (st->nan || (st->pinf && st->ninf)) {
        rc = num_encode_special(ctx, NUM_NAN, &r);
    } else if (st->pinf || st->ninf) {
        rc = num_encode_special(ctx, st->pinf ? NUM_PINF : NUM_NINF, &r);
    } else {
        rc = num_from_int128(ctx, st->acc, st->scale, &r);
        if (rc == SS_OK && st->big) {
            ss_text big = {st->big, st->big_len, 0};
            rc = num_binop(ctx, NUM_OP_ADD, &r, &big, &r);
        }
    }
    if (rc == SS_OK && count > 0) {
        ss_text c;
        rc = num_from_int64(ctx, count, &c);
        if (rc == SS_OK)
            rc = num_binop(ctx, NUM_OP_DIV, &r, &c, &r);
    }
    if (rc == SS_OK) {
        rc = ss_vector_set_text(ctx, out, row, r.ptr, r.len);
    }
    num_scratch_end();
    return rc;
}

static void sum_release(void *state)
{
    num_sum_state *st = state;
    free(st->big);
    st->big = NULL;
}

const ss_type_sum num_sum_support = {sizeof(ss_type_sum), sizeof(num_sum_state), sum_add,
                                     sum_result, sum_release};
