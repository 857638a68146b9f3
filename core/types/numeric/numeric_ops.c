/* numeric_ops.c — numeric's element encoding and its exact arithmetic (+ - * / %), order and
 * hash, following PostgreSQL's numeric code for the result scales (division: select_div_scale).
 * Values whose coefficients fit 10^18 are computed with machine integers; the digit-array
 * general form is taken only when they do not. */
#include "types/numeric/numeric.h"
#include "util/hash_mix.h"
#include "types/registry.h"
#include "exec/vector.h"

#include <string.h>

const int64_t num_pow10[19] = {
    INT64_C(1), INT64_C(10), INT64_C(100), INT64_C(1000), INT64_C(10000), INT64_C(100000),
    INT64_C(1000000), INT64_C(10000000), INT64_C(100000000), INT64_C(1000000000),
    INT64_C(10000000000), INT64_C(100000000000), INT64_C(1000000000000),
    INT64_C(10000000000000), INT64_C(100000000000000), INT64_C(1000000000000000),
    INT64_C(10000000000000000), INT64_C(100000000000000000), INT64_C(1000000000000000000)};

static _Thread_local ss_arena *scratch;
static _Thread_local int scratch_depth;

void *num_alloc(ss_ctx *ctx, size_t n)
{
    if (scratch_depth && scratch) {
        void *p = ss_arena_alloc(scratch, n ? n : 1);
        if (!p)
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return p;
    }
    return ss_ctx_alloc(ctx, n ? n : 1);
}

void num_scratch_begin(void)
{
    if (!scratch)
        scratch = ss_arena_create();
    scratch_depth++;
}

void num_scratch_end(void)
{
    if (--scratch_depth == 0 && scratch)
        ss_arena_reset(scratch);
}

void num_decode(const ss_text *t, ss_num *out, uint8_t *buf)
{
    memset(out, 0, sizeof *out);
    int kind = t->len ? (unsigned char)t->ptr[0] : NUM_NAN;
    if (kind >= NUM_NAN) {
        out->kind = kind;
        return;
    }
    uint16_t s;
    memcpy(&s, t->ptr + 1, 2);
    out->kind = NUM_BIG;
    out->dscale = s;
    if (kind == NUM_SMALL) {
        int64_t c;
        memcpy(&c, t->ptr + NUM_HDR, 8);
        out->neg = c < 0;
        uint64_t u = c < 0 ? (uint64_t)0 - (uint64_t)c : (uint64_t)c;
        int n = 0;
        uint8_t tmp[20];
        while (u) {
            tmp[n++] = (uint8_t)(u % 10);
            u /= 10;
        }
        for (int i = 0; i < n; i++)
            buf[i] = tmp[n - 1 - i];
        out->dig = buf;
        out->ndig = n;
        return;
    }
    out->neg = t->ptr[3] != 0;
    out->dig = (const uint8_t *)t->ptr + NUM_HDR;
    out->ndig = (int32_t)(t->len - NUM_HDR);
}

int num_encode_special(ss_ctx *ctx, int kind, ss_text *out)
{
    char *p = num_alloc(ctx, NUM_SMALL_LEN);
    if (!p)
        return SS_ERROR;
    if (kind == NUM_SMALL) {
        num_encode_small(p, 0, 0);
        *out = (ss_text){p, NUM_SMALL_LEN, 0};
    } else {
        memset(p, 0, NUM_HDR);
        p[0] = (char)kind;
        *out = (ss_text){p, NUM_HDR, 0};
    }
    return SS_OK;
}

int num_make(ss_ctx *ctx, bool neg, const uint8_t *dig, int32_t ndig, int32_t dscale,
             ss_text *out)
{
    while (ndig > 0 && dig[0] == 0) {
        dig++;
        ndig--;
    }
    if (ndig - dscale > NUM_MAX_INT_DIGITS || dscale > NUM_MAX_DSCALE)
        return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE,
                            "value overflows numeric format");
    if (ndig <= 18) {
        int64_t c = 0;
        for (int32_t i = 0; i < ndig; i++)
            c = c * 10 + dig[i];
        char *p = num_alloc(ctx, NUM_SMALL_LEN);
        if (!p)
            return SS_ERROR;
        num_encode_small(p, neg ? -c : c, dscale);
        *out = (ss_text){p, NUM_SMALL_LEN, 0};
        return SS_OK;
    }
    char *p = num_alloc(ctx, NUM_HDR + (size_t)ndig);
    if (!p)
        return SS_ERROR;
    uint16_t s = (uint16_t)dscale;
    p[0] = NUM_BIG;
    memcpy(p + 1, &s, 2);
    p[3] = neg ? 1 : 0;
    memcpy(p + NUM_HDR, dig, (size_t)ndig);
    *out = (ss_text){p, NUM_HDR + (uint32_t)ndig, 0};
    return SS_OK;
}

int num_encode(ss_ctx *ctx, const ss_num *n, ss_text *out)
{
    if (n->kind >= NUM_NAN)
        return num_encode_special(ctx, n->kind, out);
    return num_make(ctx, n->neg, n->dig, n->ndig, n->dscale, out);
}

/* Digit of |a| at 10^e. */
static inline int digit_at(const ss_num *a, int32_t e)
{
    int32_t i = a->ndig - 1 - (e + a->dscale);
    return (i >= 0 && i < a->ndig) ? a->dig[i] : 0;
}

/* Exponent of the most significant digit (meaningless for zero). */
static inline int32_t top_exp(const ss_num *a)
{
    return a->ndig - 1 - a->dscale;
}

static int cmp_abs(const ss_num *a, const ss_num *b)
{
    if (a->ndig == 0 || b->ndig == 0)
        return (a->ndig != 0) - (b->ndig != 0);
    int32_t ta = top_exp(a), tb = top_exp(b);
    if (ta != tb)
        return ta > tb ? 1 : -1;
    int32_t low = -(a->dscale > b->dscale ? a->dscale : b->dscale);
    for (int32_t e = ta; e >= low; e--) {
        int da = digit_at(a, e), db = digit_at(b, e);
        if (da != db)
            return da > db ? 1 : -1;
    }
    return 0;
}

/* |a| + |b| or |a| - |b| (|a| >= |b| for the latter) at scale max(dscale). */
static int add_abs(ss_ctx *ctx, const ss_num *a, const ss_num *b, bool subtract, bool neg,
                   ss_text *out)
{
    int32_t rs = a->dscale > b->dscale ? a->dscale : b->dscale;
    int32_t ta = a->ndig ? top_exp(a) : 0, tb = b->ndig ? top_exp(b) : 0;
    int32_t top = (ta > tb ? ta : tb) + 1;
    if (top < 0)
        top = 0;
    int32_t len = top + rs + 1;
    uint8_t *r = num_alloc(ctx, (size_t)len);
    if (!r)
        return SS_ERROR;
    int carry = 0;
    for (int32_t e = -rs, i = len - 1; e <= top; e++, i--) {
        int d = subtract ? digit_at(a, e) - digit_at(b, e) - carry
                         : digit_at(a, e) + digit_at(b, e) + carry;
        carry = 0;
        if (d < 0) {
            d += 10;
            carry = 1;
        } else if (d >= 10) {
            d -= 10;
            carry = 1;
        }
        r[i] = (uint8_t)d;
    }
    return num_make(ctx, neg, r, len, rs, out);
}

static int add_general(ss_ctx *ctx, const ss_num *a, const ss_num *b, bool sub, ss_text *out)
{
    bool bneg = sub ? !b->neg : b->neg;
    if (a->neg == bneg)
        return add_abs(ctx, a, b, false, a->neg, out);
    int c = cmp_abs(a, b);
    if (c >= 0)
        return add_abs(ctx, a, b, true, c == 0 ? false : a->neg, out);
    return add_abs(ctx, b, a, true, bneg, out);
}

static int mul_general(ss_ctx *ctx, const ss_num *a, const ss_num *b, ss_text *out)
{
    int32_t rs = a->dscale + b->dscale;
    if (a->ndig == 0 || b->ndig == 0) {
        uint8_t z = 0;
        return num_make(ctx, false, &z, 0, rs > NUM_MAX_DSCALE ? NUM_MAX_DSCALE : rs, out);
    }
    int32_t len = a->ndig + b->ndig;
    uint32_t *acc = num_alloc(ctx, sizeof(uint32_t) * (size_t)len);
    uint8_t *r = num_alloc(ctx, (size_t)len);
    if (!acc || !r)
        return SS_ERROR;
    memset(acc, 0, sizeof(uint32_t) * (size_t)len);
    for (int32_t i = a->ndig - 1; i >= 0; i--) {
        if (!a->dig[i])
            continue;
        for (int32_t j = b->ndig - 1; j >= 0; j--)
            acc[i + j + 1] += (uint32_t)a->dig[i] * b->dig[j];
        /* keep the column sums small enough: propagate every few rows */
        if ((a->ndig - i) % 1000 == 0) {
            uint32_t c = 0;
            for (int32_t k = len - 1; k >= 0; k--) {
                uint32_t v = acc[k] + c;
                acc[k] = v % 10;
                c = v / 10;
            }
        }
    }
    uint32_t c = 0;
    for (int32_t k = len - 1; k >= 0; k--) {
        uint32_t v = acc[k] + c;
        r[k] = (uint8_t)(v % 10);
        c = v / 10;
    }
    if (rs > NUM_MAX_DSCALE) {
        /* PostgreSQL rounds products beyond the maximum display scale */
        ss_num t = {NUM_BIG, a->neg != b->neg, rs, len, r};
        return num_round_scale(ctx, &t, NUM_MAX_DSCALE, false, out);
    }
    return num_make(ctx, a->neg != b->neg, r, len, rs, out);
}

/* Quotient digits of integer n (nd digits followed by nz zeros) / integer d (dd digits
   followed by dz zeros); q receives nd + nz digits.  Returns whether the remainder is
   non-zero. */
static int long_divide(ss_ctx *ctx, const uint8_t *n, int32_t nd, int32_t nz, const uint8_t *d,
                       int32_t dd, int32_t dz, uint8_t *q)
{
    int32_t dl = dd + dz;
    uint8_t *den = num_alloc(ctx, (size_t)dl + 1);
    uint8_t *rem = num_alloc(ctx, (size_t)dl + 2);
    if (!den || !rem)
        return -1;
    den[0] = 0;
    memcpy(den + 1, d, (size_t)dd);
    memset(den + 1 + dd, 0, (size_t)dz);
    /* rem holds dl + 1 digits (the running remainder, < 10 * den) */
    memset(rem, 0, (size_t)dl + 1);
    for (int32_t i = 0; i < nd + nz; i++) {
        memmove(rem, rem + 1, (size_t)dl);
        rem[dl] = i < nd ? n[i] : 0;
        int qd = 0;
        for (;;) {
            int c = memcmp(rem, den, (size_t)dl + 1);
            if (c < 0)
                break;
            int borrow = 0;
            for (int32_t k = dl; k >= 0; k--) {
                int v = rem[k] - den[k] - borrow;
                borrow = v < 0;
                rem[k] = (uint8_t)(v < 0 ? v + 10 : v);
            }
            qd++;
        }
        q[i] = (uint8_t)qd;
    }
    for (int32_t k = 0; k <= dl; k++)
        if (rem[k])
            return 1;
    return 0;
}

/* PostgreSQL's select_div_scale, on its base-10000 digit view of the operands. */
static int32_t div_scale(const ss_num *a, const ss_num *b)
{
    int32_t w1 = 0, w2 = 0, f1 = 0, f2 = 0;
    if (a->ndig) {
        int32_t e = top_exp(a);
        w1 = e >= 0 ? e / 4 : -((-e + 3) / 4);
        for (int k = 3; k >= 0; k--)
            f1 = f1 * 10 + digit_at(a, w1 * 4 + k);
    }
    if (b->ndig) {
        int32_t e = top_exp(b);
        w2 = e >= 0 ? e / 4 : -((-e + 3) / 4);
        for (int k = 3; k >= 0; k--)
            f2 = f2 * 10 + digit_at(b, w2 * 4 + k);
    }
    int32_t qw = w1 - w2;
    if (f1 <= f2)
        qw--;
    int32_t rs = 16 - qw * 4;
    if (rs < a->dscale)
        rs = a->dscale;
    if (rs < b->dscale)
        rs = b->dscale;
    if (rs < 0)
        rs = 0;
    if (rs > NUM_MAX_DISPLAY_SCALE)
        rs = NUM_MAX_DISPLAY_SCALE;
    return rs;
}

/* a / b truncated (round false) or rounded half away from zero at scale rs. */
static int div_general(ss_ctx *ctx, const ss_num *a, const ss_num *b, int32_t rs, bool round,
                       ss_text *out)
{
    if (b->ndig == 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero");
    /* a/b = (A * 10^bs) / (B * 10^as); extra = rs (+1 to round) digits after the point */
    int32_t extra = rs + (round ? 1 : 0);
    int32_t nz = b->dscale + extra - a->dscale, dz = 0;
    if (nz < 0) {
        dz = -nz;
        nz = 0;
    }
    int32_t qn = a->ndig + nz;
    uint8_t *q = num_alloc(ctx, (size_t)qn + 1);
    if (!q)
        return SS_ERROR;
    if (qn == 0 || long_divide(ctx, a->dig, a->ndig, nz, b->dig, b->ndig, dz, q + 1) < 0) {
        if (ss_ctx_error_pending(ctx))
            return SS_ERROR;
    }
    q[0] = 0;
    bool neg = a->neg != b->neg;
    if (!round)
        return num_make(ctx, neg, q, qn + 1, rs, out);
    ss_num t = {NUM_BIG, neg, extra, qn + 1, q};
    return num_round_scale(ctx, &t, rs, false, out);
}

int num_round_scale(ss_ctx *ctx, const ss_num *a, int32_t s, bool trunc, ss_text *out)
{
    if (s >= a->dscale) {
        int32_t z = s - a->dscale;
        uint8_t *r = num_alloc(ctx, (size_t)a->ndig + (size_t)z + 1);
        if (!r)
            return SS_ERROR;
        memcpy(r, a->dig, (size_t)a->ndig);
        memset(r + a->ndig, 0, (size_t)z);
        return num_make(ctx, a->neg, r, a->ndig + z, s, out);
    }
    int32_t cut = a->dscale - s;
    int32_t keep = a->ndig - cut;
    int rd = (keep >= 0 && keep < a->ndig) ? a->dig[keep] : 0;
    int32_t k = keep > 0 ? keep : 0;
    int32_t zeros = s < 0 ? -s : 0;
    int32_t len = 1 + k + zeros;
    uint8_t *r = num_alloc(ctx, (size_t)len);
    if (!r)
        return SS_ERROR;
    r[0] = 0;
    memcpy(r + 1, a->dig, (size_t)k);
    memset(r + 1 + k, 0, (size_t)zeros);
    if (!trunc && rd >= 5) {
        int32_t i = k;
        while (i > 0 && r[i] == 9) {
            r[i] = 0;
            i--;
        }
        r[i]++;
    }
    return num_make(ctx, a->neg, r, len, s < 0 ? 0 : s, out);
}

/* ---- order and hash ------------------------------------------------------------------ */

static int kind_rank(int kind)
{
    return kind == NUM_NINF ? -1 : kind == NUM_PINF ? 1 : kind == NUM_NAN ? 2 : 0;
}

int num_compare(const ss_text *x, const ss_text *y)
{
    int64_t ca, cb;
    int sa, sb;
    if (num_small(x, &ca, &sa) && num_small(y, &cb, &sb)) {
        if (sa == sb)
            return (ca > cb) - (ca < cb);
        if (sa - sb <= 18 && sb - sa <= 18) { /* < 10^36 after scaling: no overflow */
            __int128 a = ca, b = cb;
            if (sa < sb)
                a *= num_pow10[sb - sa];
            else
                b *= num_pow10[sa - sb];
            return (a > b) - (a < b);
        }
    }
    uint8_t ba[20], bb[20];
    ss_num a, b;
    num_decode(x, &a, ba);
    num_decode(y, &b, bb);
    int ra = a.kind == NUM_BIG ? 0 : kind_rank(a.kind);
    int rb = b.kind == NUM_BIG ? 0 : kind_rank(b.kind);
    if (ra || rb)
        return (ra > rb) - (ra < rb);
    bool na = a.neg && a.ndig, nb = b.neg && b.ndig;
    if (na != nb)
        return na ? -1 : 1;
    int c = cmp_abs(&a, &b);
    return na ? -c : c;
}

static uint64_t mix64(uint64_t h)
{
    return ss_hash_mix64(h);
}

/* Equal values hash alike: the coefficient without trailing zeros and its exponent. */
uint64_t num_hash(const ss_text *x)
{
    int64_t c;
    int s;
    if (num_small(x, &c, &s)) {
        if (c == 0)
            return mix64(0x9e3779b97f4a7c15u);
        while (c % 10 == 0) {
            c /= 10;
            s--;
        }
        return mix64((uint64_t)c * 31 + (uint64_t)(int64_t)s);
    }
    uint8_t buf[20];
    ss_num a;
    num_decode(x, &a, buf);
    if (a.kind != NUM_BIG)
        return mix64((uint64_t)a.kind * 0x51ed27u);
    int32_t n = a.ndig;
    s = a.dscale;
    while (n > 0 && a.dig[n - 1] == 0) {
        n--;
        s--;
    }
    if (n == 0)
        return mix64(0x9e3779b97f4a7c15u);
    if (n <= 18) {
        int64_t v = 0;
        for (int32_t i = 0; i < n; i++)
            v = v * 10 + a.dig[i];
        return mix64((uint64_t)(a.neg ? -v : v) * 31 + (uint64_t)(int64_t)s);
    }
    uint64_t h = (uint64_t)(int64_t)s * 0x100000001b3u ^ (a.neg ? 0x77u : 0);
    for (int32_t i = 0; i < n; i++)
        h = (h ^ a.dig[i]) * 0x100000001b3u;
    return mix64(h);
}

/* ---- arithmetic ---------------------------------------------------------------------- */

static int special_result(ss_ctx *ctx, int op, const ss_num *a, const ss_num *b, ss_text *out)
{
    if (a->kind == NUM_NAN || b->kind == NUM_NAN)
        return num_encode_special(ctx, NUM_NAN, out);
    /* signs: +1 / -1 for infinities, sign of a finite value (0 for zero) */
    int sa = a->kind == NUM_PINF ? 1 : a->kind == NUM_NINF ? -1 : 0;
    int sb = b->kind == NUM_PINF ? 1 : b->kind == NUM_NINF ? -1 : 0;
    int fa = a->kind == NUM_BIG ? (a->ndig ? (a->neg ? -1 : 1) : 0) : sa;
    int fb = b->kind == NUM_BIG ? (b->ndig ? (b->neg ? -1 : 1) : 0) : sb;
    switch (op) {
    case NUM_OP_ADD:
    case NUM_OP_SUB: {
        int eb = op == NUM_OP_SUB ? -sb : sb;
        if (sa && eb && sa != eb)
            return num_encode_special(ctx, NUM_NAN, out);
        int r = sa ? sa : eb;
        return num_encode_special(ctx, r > 0 ? NUM_PINF : NUM_NINF, out);
    }
    case NUM_OP_MUL: {
        if (fa == 0 || fb == 0)
            return num_encode_special(ctx, NUM_NAN, out);
        return num_encode_special(ctx, fa * fb > 0 ? NUM_PINF : NUM_NINF, out);
    }
    case NUM_OP_DIV:
        if (sa && sb)
            return num_encode_special(ctx, NUM_NAN, out);
        if (sa) {
            if (fb == 0)
                return ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero");
            return num_encode_special(ctx, sa * fb > 0 ? NUM_PINF : NUM_NINF, out);
        }
        if (fb == 0 && b->kind == NUM_BIG)
            return ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero");
        return num_encode_special(ctx, NUM_SMALL, out); /* finite / infinity = 0 */
    default: /* mod: infinity % 0 is division by zero, as infinity / 0 is */
        if (sa) {
            if (fb == 0)
                return ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero");
            return num_encode_special(ctx, NUM_NAN, out);
        }
        if (fb == 0 && b->kind == NUM_BIG)
            return ss_ctx_error(ctx, SS_SQLSTATE_DIVISION_BY_ZERO, "division by zero");
        return num_make(ctx, a->neg, a->dig, a->ndig, a->dscale, out); /* x % inf = x */
    }
}

int num_binop(ss_ctx *ctx, int op, const ss_text *x, const ss_text *y, ss_text *out)
{
    int64_t ca, cb, cr;
    int sa, sb, sr;
    if (num_small(x, &ca, &sa) && num_small(y, &cb, &sb) && num_small_op(op, ca, sa, cb, sb, &cr, &sr)) {
        char *p = num_alloc(ctx, NUM_SMALL_LEN);
        if (!p)
            return SS_ERROR;
        num_encode_small(p, cr, sr);
        *out = (ss_text){p, NUM_SMALL_LEN, 0};
        return SS_OK;
    }
    uint8_t ba[20], bb[20];
    ss_num a, b;
    num_decode(x, &a, ba);
    num_decode(y, &b, bb);
    if (a.kind != NUM_BIG || b.kind != NUM_BIG)
        return special_result(ctx, op, &a, &b, out);
    switch (op) {
    case NUM_OP_ADD: return add_general(ctx, &a, &b, false, out);
    case NUM_OP_SUB: return add_general(ctx, &a, &b, true, out);
    case NUM_OP_MUL: return mul_general(ctx, &a, &b, out);
    case NUM_OP_DIV: return div_general(ctx, &a, &b, div_scale(&a, &b), true, out);
    default: {
        /* a - trunc(a / b) * b, PostgreSQL's mod_var */
        ss_text q, p;
        if (div_general(ctx, &a, &b, 0, false, &q) != SS_OK)
            return SS_ERROR;
        uint8_t bq[20];
        ss_num qn;
        num_decode(&q, &qn, bq);
        if (mul_general(ctx, &b, &qn, &p) != SS_OK)
            return SS_ERROR;
        uint8_t bp[20];
        ss_num pn;
        num_decode(&p, &pn, bp);
        return add_general(ctx, &a, &pn, true, out);
    }
    }
}

int num_negate(ss_ctx *ctx, const ss_text *x, ss_text *out)
{
    uint8_t buf[20];
    ss_num a;
    num_decode(x, &a, buf);
    if (a.kind == NUM_PINF || a.kind == NUM_NINF)
        return num_encode_special(ctx, a.kind == NUM_PINF ? NUM_NINF : NUM_PINF, out);
    if (a.kind == NUM_NAN)
        return num_encode_special(ctx, NUM_NAN, out);
    return num_make(ctx, !a.neg && a.ndig, a.dig, a.ndig, a.dscale, out);
}

/* ---- the type's description (registry.h) ------------------------------------------- */

static int info_compare(const void *a, const void *b)
{
    return num_compare(a, b);
}

static bool info_equal(const void *a, const void *b)
{
    return num_compare(a, b) == 0;
}

static uint64_t info_hash(const void *a)
{
    return num_hash(a);
}

static void info_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    const ss_text *t = v->data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = rows ? rows[k] : k;
        if (!ss_vector_is_null(v, r))
            out[k] = num_hash(&t[r]);
    }
}

static int info_add(ss_ctx *ctx, const void *a, const void *b, ss_vector *out, uint32_t row)
{
    ss_text r;
    num_scratch_begin();
    int rc = num_binop(ctx, NUM_OP_ADD, a, b, &r);
    if (rc == SS_OK)
        rc = ss_vector_set_text(ctx, out, row, r.ptr, r.len);
    num_scratch_end();
    return rc;
}

static int info_classify(const void *a)
{
    uint8_t buf[20];
    ss_num n;
    num_decode(a, &n, buf);
    switch (n.kind) {
    case NUM_NAN: return SS_VALUE_NAN;
    case NUM_PINF: return SS_VALUE_PINF;
    case NUM_NINF: return SS_VALUE_NINF;
    default: return n.ndig == 0 ? SS_VALUE_ZERO : n.neg ? SS_VALUE_NEGATIVE : SS_VALUE_POSITIVE;
    }
}

static const ss_type_arith num_arith = {sizeof(ss_type_arith), info_add, info_classify};

const ss_type_info ss_numeric_type_info = {
    sizeof(ss_type_info), SS_TYPE_NUMERIC, "numeric", SS_LAYOUT_VARLEN, sizeof(ss_text),
    SS_TYPEINFO_NUMBER, info_compare, info_equal, info_hash, info_hash_batch, &num_sum_support,
    &num_arith, 0 /* its callbacks order it */, NULL, NULL};
