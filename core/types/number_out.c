/* number_out.c — text output of integers and of float8 / float4 the way PostgreSQL 15 prints
 * them (float4 in fixed notation for exponents in [-4, 6), its digits the fewest that read
 * back as the float); float8 with
 * extra_float_digits > 0 (the default, 1) the shortest decimal strictly inside the double's
 * rounding interval (closest to it when several qualify), in fixed notation when the decimal
 * exponent is in [-4, 15) and as d.ddde+XX otherwise; with extra_float_digits <= 0, %.*g with
 * 15 + extra_float_digits digits. */
#include "types/typeio.h"
#include "util/tls.h"

#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static SS_TLS int extra_digits = 1;

void ss_float8_set_extra_digits(int extra_float_digits)
{
    extra_digits = extra_float_digits;
}

int ss_float8_extra_digits(void)
{
    return extra_digits;
}

size_t ss_int64_to_text(int64_t v, char *buf)
{
    char tmp[SS_NUMBER_BUFLEN];
    size_t n = 0;
    /* work on the negative magnitude so INT64_MIN needs no special case */
    int64_t x = v < 0 ? v : -v;
    do {
        tmp[n++] = (char)('0' - (x % 10));
        x /= 10;
    } while (x != 0);
    size_t len = 0;
    if (v < 0)
        buf[len++] = '-';
    while (n > 0)
        buf[len++] = tmp[--n];
    buf[len] = '\0';
    return len;
}

/* ---- shortest digits: the Ryu algorithm (Ulf Adams, PLDI 2018) ----
 *
 * The double is m2 * 2^e2; its rounding interval is scaled by 4 so that the value and both
 * bounds are integers (mv, mp, mm) times 2^e2.  Those three are converted to decimal with
 * one 64x128-bit multiplication each by a precomputed 125-bit approximation of 5^i or
 * 2^k / 5^q; the digits shared by the converted bounds are dropped and the result rounded.
 * Like PostgreSQL (which builds Ryu without STRICTLY_SHORTEST) both bounds are exclusive:
 * a decimal exactly halfway to the neighbouring double is never chosen. */

#define POW5_BITCOUNT 125
#define POW5_INV_BITCOUNT 125
#define POW5_TABLE_SIZE 326
#define POW5_INV_TABLE_SIZE 342

static uint64_t pow5_split[POW5_TABLE_SIZE][2];         /* 5^i scaled to 125 bits */
static uint64_t pow5_inv_split[POW5_INV_TABLE_SIZE][2]; /* 2^(bits(5^q)-1+125) / 5^q + 1 */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Little-endian multi-word integer, large enough for 5^341 shifted by 125 bits. */
#define BIG_WORDS 32
typedef struct big {
    uint32_t w[BIG_WORDS];
} big;

static int big_bits(const big *a)
{
    for (int i = BIG_WORDS - 1; i >= 0; i--)
        if (a->w[i])
            return i * 32 + 32 - __builtin_clz(a->w[i]);
    return 0;
}

static void big_mul_small(big *a, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < BIG_WORDS; i++) {
        uint64_t t = (uint64_t)a->w[i] * m + carry;
        a->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
}

static int big_cmp(const big *a, const big *b)
{
    for (int i = BIG_WORDS - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static void big_sub(big *a, const big *b)
{
    int64_t borrow = 0;
    for (int i = 0; i < BIG_WORDS; i++) {
        int64_t t = (int64_t)a->w[i] - b->w[i] - borrow;
        borrow = t < 0;
        a->w[i] = (uint32_t)(t + (borrow ? INT64_C(1) << 32 : 0));
    }
}

static void big_shl1(big *a)
{
    for (int i = BIG_WORDS - 1; i > 0; i--)
        a->w[i] = (a->w[i] << 1) | (a->w[i - 1] >> 31);
    a->w[0] <<= 1;
}

static int big_bit(const big *a, int bit)
{
    return bit < 0 ? 0 : (a->w[bit / 32] >> (bit % 32)) & 1;
}

/* Bits [from, from + 128) of a (bits below 0 read as zero) as two 64-bit words. */
static void big_take(const big *a, int from, uint64_t out[2])
{
    out[0] = out[1] = 0;
    for (int b = 0; b < 128; b++)
        if (big_bit(a, from + b))
            out[b / 64] |= UINT64_C(1) << (b % 64);
}

static void build_tables(void)
{
    big p;
    memset(&p, 0, sizeof p);
    p.w[0] = 1;
    for (int i = 0; i < POW5_INV_TABLE_SIZE; i++) {
        int bits = big_bits(&p);
        if (i < POW5_TABLE_SIZE)
            big_take(&p, bits - POW5_BITCOUNT, pow5_split[i]);
        /* quotient 2^(bits - 1 + 125) / p by binary long division: the first bits - 1
           steps only shift the remainder up to 2^(bits - 1) */
        big r;
        memset(&r, 0, sizeof r);
        r.w[(bits - 1) / 32] = UINT32_C(1) << ((bits - 1) % 32);
        uint64_t q[2] = {0, 0};
        for (int pos = POW5_INV_BITCOUNT; pos >= 0; pos--) {
            if (pos != POW5_INV_BITCOUNT)
                big_shl1(&r);
            if (big_cmp(&r, &p) >= 0) {
                big_sub(&r, &p);
                q[pos / 64] |= UINT64_C(1) << (pos % 64);
            }
        }
        if (++q[0] == 0)
            q[1]++;
        pow5_inv_split[i][0] = q[0];
        pow5_inv_split[i][1] = q[1];
        big_mul_small(&p, 5);
    }
}

static inline int32_t pow5bits(int32_t e) /* ceil(log2(5^e)), 1 for e = 0 */
{
    return (int32_t)(((uint32_t)e * 1217359) >> 19) + 1;
}

static inline int32_t log10_pow2(int32_t e) /* floor(log10(2^e)) */
{
    return (int32_t)(((uint32_t)e * 78913) >> 18);
}

static inline int32_t log10_pow5(int32_t e) /* floor(log10(5^e)) */
{
    return (int32_t)(((uint32_t)e * 732923) >> 20);
}

static inline bool multiple_of_pow5(uint64_t v, int32_t p)
{
    int32_t count = 0;
    while (v > 0 && v % 5 == 0) {
        v /= 5;
        count++;
    }
    return count >= p;
}

static inline bool multiple_of_pow2(uint64_t v, int32_t p)
{
    return p < 64 && (v & ((UINT64_C(1) << p) - 1)) == 0;
}

/* (m * mul) >> j for a 128-bit mul, j >= 64. */
static inline uint64_t mul_shift(uint64_t m, const uint64_t mul[2], int32_t j)
{
    unsigned __int128 lo = (unsigned __int128)m * mul[0];
    unsigned __int128 hi = (unsigned __int128)m * mul[1];
    return (uint64_t)(((lo >> 64) + hi) >> (j - 64));
}

/* Shortest decimal digits * 10^exp10 of a finite, non-zero |x|. */
static void shortest(double x, uint64_t *digits, int32_t *exp10)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    uint64_t mantissa = bits & ((UINT64_C(1) << 52) - 1);
    uint32_t exponent = (uint32_t)((bits >> 52) & 0x7ff);
    int32_t e2;
    uint64_t m2;
    if (exponent == 0) {
        e2 = 1 - 1023 - 52 - 2;
        m2 = mantissa;
    } else {
        e2 = (int32_t)exponent - 1023 - 52 - 2;
        m2 = (UINT64_C(1) << 52) | mantissa;
    }
    const uint64_t mv = 4 * m2;
    const uint32_t mm_shift = mantissa != 0 || exponent <= 1; /* narrower gap below 2^k */
    uint64_t vr, vp, vm;
    int32_t e10;
    bool vr_trailing_zeros = false;
    if (e2 >= 0) {
        const int32_t q = log10_pow2(e2) - (e2 > 3);
        e10 = q;
        const int32_t k = POW5_INV_BITCOUNT + pow5bits(q) - 1;
        const int32_t i = -e2 + q + k;
        vr = mul_shift(mv, pow5_inv_split[q], i);
        vp = mul_shift(mv + 2, pow5_inv_split[q], i);
        vm = mul_shift(mv - 1 - mm_shift, pow5_inv_split[q], i);
        if (q <= 21) {
            if (mv % 5 == 0)
                vr_trailing_zeros = multiple_of_pow5(mv, q);
            else
                vp -= multiple_of_pow5(mv + 2, q); /* exclusive upper bound */
        }
    } else {
        const int32_t q = log10_pow5(-e2) - (-e2 > 1);
        e10 = q + e2;
        const int32_t i = -e2 - q;
        const int32_t k = pow5bits(i) - POW5_BITCOUNT;
        const int32_t j = q - k;
        vr = mul_shift(mv, pow5_split[i], j);
        vp = mul_shift(mv + 2, pow5_split[i], j);
        vm = mul_shift(mv - 1 - mm_shift, pow5_split[i], j);
        if (q <= 1) {
            vr_trailing_zeros = true;
            --vp; /* exclusive upper bound */
        } else if (q < 63) {
            vr_trailing_zeros = multiple_of_pow2(mv, q);
        }
    }
    /* drop digits while the bounds still differ in what remains */
    int32_t removed = 0;
    uint8_t last_removed = 0;
    uint64_t output;
    if (vr_trailing_zeros) {
        for (;;) {
            uint64_t vp10 = vp / 10, vm10 = vm / 10;
            if (vp10 <= vm10)
                break;
            vr_trailing_zeros &= last_removed == 0;
            last_removed = (uint8_t)(vr % 10);
            vr /= 10;
            vp = vp10;
            vm = vm10;
            removed++;
        }
        /* exactly ...50000: round half to even */
        if (vr_trailing_zeros && last_removed == 5 && vr % 2 == 0)
            last_removed = 4;
        output = vr + (vr == vm || last_removed >= 5);
    } else {
        bool round_up = false;
        for (;;) {
            uint64_t vp10 = vp / 10, vm10 = vm / 10;
            if (vp10 <= vm10)
                break;
            round_up = vr % 10 >= 5;
            vr /= 10;
            vp = vp10;
            vm = vm10;
            removed++;
        }
        output = vr + (vr == vm || round_up);
    }
    *digits = output;
    *exp10 = e10 + removed;
}

/* Writes the significant digits digits[0..nd) of a number whose first digit has decimal
 * exponent e at buf + len: fixed notation when e is in [-4, fixed_max) (float8 15, float4 6),
 * d.ddde+XX otherwise; NUL-ends it and returns the new length. */
static size_t layout(const char *digits, int nd, int e, int fixed_max, char *buf, size_t len)
{
    if (e >= -4 && e < fixed_max) {
        if (e < 0) {
            buf[len++] = '0';
            buf[len++] = '.';
            for (int i = -1; i > e; i--)
                buf[len++] = '0';
            memcpy(buf + len, digits, (size_t)nd);
            len += (size_t)nd;
        } else {
            for (int i = 0; i <= e || i < nd; i++) {
                if (i == e + 1)
                    buf[len++] = '.';
                buf[len++] = i < nd ? digits[i] : '0';
            }
        }
    } else {
        buf[len++] = digits[0];
        if (nd > 1) {
            buf[len++] = '.';
            memcpy(buf + len, digits + 1, (size_t)nd - 1);
            len += (size_t)nd - 1;
        }
        buf[len++] = 'e';
        buf[len++] = e < 0 ? '-' : '+';
        int ae = e < 0 ? -e : e; /* at least two digits, like printf's %e */
        if (ae >= 100)
            buf[len++] = (char)('0' + ae / 100);
        buf[len++] = (char)('0' + ae / 10 % 10);
        buf[len++] = (char)('0' + ae % 10);
    }
    buf[len] = '\0';
    return len;
}

/* The fewest significant digits (1..9) whose correctly rounded decimal reads back as the
 * float x (> 0): digits[0..*nd) and the decimal exponent of the first one. */
static void shortest_float(float x, char *digits, int *nd, int *e)
{
    char sci[40];
    for (int p = 1; p <= 9; p++) {
        snprintf(sci, sizeof sci, "%.*e", p - 1, (double)x);
        if (strtof(sci, NULL) == x)
            break;
    }
    *nd = 0;
    const char *c = sci;
    for (; *c && *c != 'e'; c++)
        if (*c >= '0' && *c <= '9')
            digits[(*nd)++] = *c;
    *e = *c == 'e' ? atoi(c + 1) : 0;
}

size_t ss_float_to_text(double x, bool single, char *buf)
{
    if (isnan(x) || isinf(x)) {
        const char *s = isnan(x) ? "NaN" : x < 0 ? "-Infinity" : "Infinity";
        size_t n = strlen(s);
        memcpy(buf, s, n + 1);
        return n;
    }
    if (extra_digits <= 0) {
        int ndig = (single ? FLT_DIG : DBL_DIG) + extra_digits;
        int n = snprintf(buf, SS_NUMBER_BUFLEN, "%.*g", ndig < 1 ? 1 : ndig, single ? (double)(float)x : x);
        return n < 0 ? 0 : (size_t)n;
    }
    size_t len = 0;
    if (signbit(x)) {
        buf[len++] = '-';
        x = -x;
    }
    if (x == 0) {
        buf[len++] = '0';
        buf[len] = '\0';
        return len;
    }
    char digits[24];
    int nd = 0, e;
    if (single) {
        shortest_float((float)x, digits, &nd, &e);
    } else {
        uint64_t value;
        int32_t exp10;
        pthread_once(&tables_once, build_tables);
        shortest(x, &value, &exp10);
        uint64_t v = value;
        do {
            digits[nd++] = (char)('0' + v % 10);
            v /= 10;
        } while (v > 0);
        for (int i = 0; i < nd / 2; i++) { /* most significant first */
            char t = digits[i];
            digits[i] = digits[nd - 1 - i];
            digits[nd - 1 - i] = t;
        }
        e = exp10 + nd - 1; /* exponent of the first digit */
    }
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    return layout(digits, nd, e, single ? FLT_DIG : DBL_DIG, buf, len);
}

size_t ss_float8_to_text(double x, char *buf)
{
    return ss_float_to_text(x, false, buf);
}
