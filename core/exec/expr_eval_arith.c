/* expr_eval_arith.c — vectorised arithmetic (+ - * / %, unary minus) on int2/int4/int8 and
 * float8, and text concatenation (||), with PostgreSQL's overflow and division errors.  One
 * dispatch on (op, type, operand shape) per batch, then a typed loop over the non-NULL rows.
 *
 * Operand shapes: vector op vector, vector op constant and constant op vector (a constant is
 * any row-independent operand, see ev_rowless; it is never broadcast).  The common kernels
 * have no early exit: they compute every row and collect an error flag, which lets the
 * compiler vectorise them; when the flag is set and more than one kind of error is possible
 * the rows are checked again in order, so the error reported is the first row's, as when
 * the rows are evaluated one by one. */
#include "exec/expr_eval_impl.h"

#include <math.h>
#include <string.h>

#include "types/cast.h"
#include "types/typeio.h"

/* The loops are kept out of line: one per kernel keeps its accumulators in registers and
   shows up by name in a profile. */
#define EV_KERNEL static __attribute__((noinline))

/* Kernel results. */
enum { K_OK = 0, K_OVERFLOW, K_UNDERFLOW, K_DIV_ZERO };

/* Every kernel has the signature
 *     (const T *a, const T *b, T ca, T cb, T *r, const uint32_t *rows, uint32_t n)
 * and reads its left operand as a[i] or ca and its right one as b[i] or cb, depending on
 * the shape it was made for (the unused ones are ignored). */
#define VV_X a[i]
#define VV_Y b[i]
#define VC_X a[i]
#define VC_Y cb
#define CV_X ca
#define CV_Y b[i]

#define KPARAMS(T) const T *a, const T *b, T ca, T cb, T *r, const uint32_t *rows, uint32_t n

/* ---- integers --------------------------------------------------------------------------- */

/* vector + vector, vector - vector: the sign-bit test on the wrapped result (only same-width
   operations, which vectorise). */
#define DEF_ADDSUB_SIGN(SUF, T, U)                                                         \
    EV_KERNEL EV_SIMD_CLONES int add_vv_##SUF(KPARAMS(T))                                  \
    {                                                                                      \
        U bad = 0;                                                                         \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            U x = (U)a[i], y = (U)b[i], t = (U)(x + y);                                    \
            bad |= (U)((x ^ t) & (y ^ t));                                                 \
            r[i] = (T)t;                                                                   \
        });                                                                                \
        return bad >> (8 * sizeof(U) - 1) ? K_OVERFLOW : K_OK;                             \
    }                                                                                      \
    EV_KERNEL EV_SIMD_CLONES int sub_vv_##SUF(KPARAMS(T))                                  \
    {                                                                                      \
        U bad = 0;                                                                         \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            U x = (U)a[i], y = (U)b[i], t = (U)(x - y);                                    \
            bad |= (U)((x ^ y) & (x ^ t));                                                 \
            r[i] = (T)t;                                                                   \
        });                                                                                \
        return bad >> (8 * sizeof(U) - 1) ? K_OVERFLOW : K_OK;                             \
    }

/* The same in a wider type W (int2). */
#define DEF_ADDSUB_WIDE(SUF, T, W, TMIN, TMAX)                                             \
    EV_KERNEL EV_SIMD_CLONES int add_vv_##SUF(KPARAMS(T))                                  \
    {                                                                                      \
        int bad = 0;                                                                       \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            W t = (W)a[i] + (W)b[i];                                                       \
            bad |= (t < (TMIN)) | (t > (TMAX));                                            \
            r[i] = (T)t;                                                                   \
        });                                                                                \
        return bad ? K_OVERFLOW : K_OK;                                                    \
    }                                                                                      \
    EV_KERNEL EV_SIMD_CLONES int sub_vv_##SUF(KPARAMS(T))                                  \
    {                                                                                      \
        int bad = 0;                                                                       \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            W t = (W)a[i] - (W)b[i];                                                       \
            bad |= (t < (TMIN)) | (t > (TMAX));                                            \
            r[i] = (T)t;                                                                   \
        });                                                                                \
        return bad ? K_OVERFLOW : K_OK;                                                    \
    }

/* vector * vector: the exact product in a wider type W (int2, int4). */
#define DEF_MUL_WIDE(SUF, T, W, TMIN, TMAX)                                                \
    EV_KERNEL EV_SIMD_CLONES int mul_vv_##SUF(KPARAMS(T))                                  \
    {                                                                                      \
        int bad = 0;                                                                       \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            W t = (W)a[i] * (W)b[i];                                                       \
            bad |= (t < (TMIN)) | (t > (TMAX));                                            \
            r[i] = (T)t;                                                                   \
        });                                                                                \
        return bad ? K_OVERFLOW : K_OK;                                                    \
    }

EV_KERNEL int mul_vv_i8(KPARAMS(int64_t))
{
    int bad = 0;
    SS_FOR_ROWS(rows, n, i, {
        int64_t t;
        bad |= __builtin_mul_overflow(a[i], b[i], &t);
        r[i] = t;
    });
    return bad ? K_OVERFLOW : K_OK;
}

/* One operand constant: x op c stays in range exactly when the other operand x lies in
 * [lo, hi] (computed once by int_bounds), so the loop only compares x with two constants
 * and computes the wrapped result in the unsigned type UA (at least as wide as int).
 * RANGE_ADD: x + c, RANGE_SUB: x - c, RANGE_RSUB: c - x, RANGE_MUL: x * c. */
enum { RANGE_ADD, RANGE_SUB, RANGE_RSUB, RANGE_MUL };

#define DEF_RANGE1(NAME, T, EXPR)                                                          \
    EV_KERNEL EV_SIMD_CLONES int NAME(const T *a, T c, T lo, T hi, T *r,                   \
                                      const uint32_t *rows, uint32_t n)                    \
    {                                                                                      \
        T bad = 0;                                                                         \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T x = a[i];                                                                    \
            bad |= (T)((x < lo) | (x > hi));                                               \
            r[i] = (T)(EXPR);                                                              \
        });                                                                                \
        return bad ? K_OVERFLOW : K_OK;                                                    \
    }

#define DEF_RANGE(SUF, T, UA)                                                              \
    DEF_RANGE1(range_add_##SUF, T, (UA)x + (UA)c)                                          \
    DEF_RANGE1(range_sub_##SUF, T, (UA)x - (UA)c)                                          \
    DEF_RANGE1(range_rsub_##SUF, T, (UA)c - (UA)x)                                         \
    DEF_RANGE1(range_mul_##SUF, T, (UA)x * (UA)c)                                          \
    static int range_##SUF(int kind, const T *a, T c, T lo, T hi, T *r,                    \
                           const uint32_t *rows, uint32_t n)                               \
    {                                                                                      \
        switch (kind) {                                                                    \
        case RANGE_ADD: return range_add_##SUF(a, c, lo, hi, r, rows, n);                  \
        case RANGE_SUB: return range_sub_##SUF(a, c, lo, hi, r, rows, n);                  \
        case RANGE_RSUB: return range_rsub_##SUF(a, c, lo, hi, r, rows, n);                \
        default: return range_mul_##SUF(a, c, lo, hi, r, rows, n);                         \
        }                                                                                  \
    }

/* The range of x for which `kind` with constant c does not overflow [tmin, tmax]; every
   intermediate stays within [tmin, tmax]. */
static void int_bounds(int kind, int64_t c, int64_t tmin, int64_t tmax, int64_t *lo,
                       int64_t *hi)
{
    *lo = tmin;
    *hi = tmax;
    switch (kind) {
    case RANGE_ADD: /* x + c */
        if (c >= 0)
            *hi = tmax - c;
        else
            *lo = tmin - c;
        break;
    case RANGE_SUB: /* x - c */
        if (c >= 0)
            *lo = tmin + c;
        else
            *hi = tmax + c;
        break;
    case RANGE_RSUB: /* c - x */
        if (c >= -1)
            *lo = c - tmax;
        if (c <= -1)
            *hi = c - tmin;
        break;
    default: /* x * c */
        if (c > 0) {
            *lo = tmin / c; /* rounds toward zero: the ceiling */
            *hi = tmax / c;
        } else if (c == -1) {
            *lo = -tmax;
        } else if (c < -1) {
            *lo = tmax / c;
            *hi = tmin / c;
        }
        break;
    }
}

/* Division and modulo with a vector divisor: checked row by row (the hardware traps on a
   zero divisor and on MIN / -1).  x / -1 is negation (overflows only at the minimum);
   x % -1 is 0. */
#define DEF_DIVMOD(SUF, FORM, T, TMIN)                                                     \
    EV_KERNEL int div_##FORM##_##SUF(KPARAMS(T))                                           \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T x = FORM##_X, y = FORM##_Y;                                                  \
            if (__builtin_expect(y == 0, 0))                                               \
                return K_DIV_ZERO;                                                         \
            if (__builtin_expect(y == -1, 0)) {                                            \
                if (x == (TMIN))                                                           \
                    return K_OVERFLOW;                                                     \
                r[i] = (T)-x;                                                              \
            } else {                                                                       \
                r[i] = (T)(x / y);                                                         \
            }                                                                              \
        });                                                                                \
        return K_OK;                                                                       \
    }                                                                                      \
    EV_KERNEL int mod_##FORM##_##SUF(KPARAMS(T))                                           \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T x = FORM##_X, y = FORM##_Y;                                                  \
            if (__builtin_expect(y == 0, 0))                                               \
                return K_DIV_ZERO;                                                         \
            r[i] = y == -1 ? 0 : (T)(x % y);                                               \
        });                                                                                \
        return K_OK;                                                                       \
    }

#define DEF_NEG(SUF, T, UA, TMIN)                                                          \
    EV_KERNEL EV_SIMD_CLONES int neg_##SUF(const T *a, T *r, const uint32_t *rows, uint32_t n) \
    {                                                                                      \
        T bad = 0;                                                                         \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            T x = a[i];                                                                    \
            bad |= (T)(x == (TMIN));                                                       \
            r[i] = (T)(0 - (UA)x);                                                         \
        });                                                                                \
        return bad ? K_OVERFLOW : K_OK;                                                    \
    }

DEF_ADDSUB_WIDE(i2, int16_t, int32_t, INT16_MIN, INT16_MAX)
DEF_ADDSUB_SIGN(i4, int32_t, uint32_t)
DEF_ADDSUB_SIGN(i8, int64_t, uint64_t)
DEF_MUL_WIDE(i2, int16_t, int32_t, INT16_MIN, INT16_MAX)
DEF_MUL_WIDE(i4, int32_t, int64_t, INT32_MIN, INT32_MAX)
DEF_RANGE(i2, int16_t, uint32_t)
DEF_RANGE(i4, int32_t, uint32_t)
DEF_RANGE(i8, int64_t, uint64_t)
DEF_DIVMOD(i2, VV, int16_t, INT16_MIN)
DEF_DIVMOD(i4, VV, int32_t, INT32_MIN)
DEF_DIVMOD(i8, VV, int64_t, INT64_MIN)
DEF_DIVMOD(i2, CV, int16_t, INT16_MIN)
DEF_DIVMOD(i4, CV, int32_t, INT32_MIN)
DEF_DIVMOD(i8, CV, int64_t, INT64_MIN)
DEF_NEG(i2, int16_t, uint32_t, INT16_MIN)
DEF_NEG(i4, int32_t, uint32_t, INT32_MIN)
DEF_NEG(i8, int64_t, uint64_t, INT64_MIN)

/* Division and modulo of int2/int4 by a constant d with 2 <= |d| <= 2^31, without a
 * hardware divide.  With L = ceil(log2 |d|), F >= N + L and c = ceil(2^F / |d|), for every
 * x < 2^N (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019):
 *     x / |d| = floor(c * x / 2^F)   and   x % |d| = floor((c * x mod 2^F) * |d| / 2^F).
 * F = 64 covers every 32-bit x (one 64 x 64 -> 128-bit product); when all the dividends of a
 * batch are below 2^(32 - L) — always for int2 — F = 32 does, with 32-bit products that
 * vectorise.  Signs follow C and PostgreSQL: the quotient truncates toward zero, the
 * remainder has the dividend's sign; they are applied without branches as (v ^ s) - s with
 * s = 0 or ~0. */
#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 ev_u128;

/* floor(m * x / 2^64) */
static inline uint32_t mulhi64x32(uint64_t m, uint32_t x)
{
    return (uint32_t)(((ev_u128)m * x) >> 64);
}
#else
static inline uint32_t mulhi64x32(uint64_t m, uint32_t x)
{
    uint64_t lo = (uint64_t)(uint32_t)m * x, hi = (m >> 32) * x;
    return (uint32_t)((hi + (lo >> 32)) >> 32);
}
#endif

/* |x| of every row OR-ed together: a bound on the dividends' magnitude (dense rows). */
EV_KERNEL EV_SIMD_CLONES uint32_t abs_bits_i4(const int32_t *a, uint32_t n)
{
    uint32_t acc = 0;
    for (uint32_t i = 0; i < n; i++) {
        int32_t x = a[i];
        uint32_t s = x < 0 ? UINT32_MAX : 0;
        acc |= ((uint32_t)x ^ s) - s;
    }
    return acc;
}

/* NARROW(a, rows, n, l): whether the rows' dividends are below 2^(32 - l). */
#define DEF_DIVMOD_CONST32(SUF, T, NARROW)                                                 \
    EV_KERNEL void div_const_##SUF(const T *a, T c, T *r, const uint32_t *rows, uint32_t n) \
    {                                                                                      \
        uint32_t cs = c < 0 ? UINT32_MAX : 0;                                              \
        uint32_t d = ((uint32_t)c ^ cs) - cs;                                              \
        uint64_t m = UINT64_MAX / d + 1;                                                   \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            int32_t x = a[i];                                                              \
            uint32_t s = x < 0 ? UINT32_MAX : 0;                                           \
            uint32_t q = mulhi64x32(m, ((uint32_t)x ^ s) - s);                             \
            s ^= cs;                                                                       \
            r[i] = (T)(int32_t)((q ^ s) - s);                                              \
        });                                                                                \
    }                                                                                      \
    EV_KERNEL void mod_wide_##SUF(const T *a, uint32_t d, T *r, const uint32_t *rows,      \
                                  uint32_t n)                                              \
    {                                                                                      \
        uint64_t m = UINT64_MAX / d + 1;                                                   \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            int32_t x = a[i];                                                              \
            uint32_t s = x < 0 ? UINT32_MAX : 0;                                           \
            uint32_t rem = mulhi64x32(m * (((uint32_t)x ^ s) - s), d);                     \
            r[i] = (T)(int32_t)((rem ^ s) - s);                                            \
        });                                                                                \
    }                                                                                      \
    EV_KERNEL EV_SIMD_CLONES void mod_narrow_##SUF(const T *a, uint32_t d, T *r,           \
                                                   const uint32_t *rows, uint32_t n)       \
    {                                                                                      \
        uint32_t m = UINT32_MAX / d + 1;                                                   \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            int32_t x = a[i];                                                              \
            uint32_t s = x < 0 ? UINT32_MAX : 0;                                           \
            uint32_t low = m * (((uint32_t)x ^ s) - s);                                    \
            uint32_t rem = (uint32_t)(((uint64_t)low * d) >> 32);                          \
            r[i] = (T)(int32_t)((rem ^ s) - s);                                            \
        });                                                                                \
    }                                                                                      \
    static void mod_const_##SUF(const T *a, T c, T *r, const uint32_t *rows, uint32_t n)   \
    {                                                                                      \
        uint32_t d = c < 0 ? 0u - (uint32_t)c : (uint32_t)c;                               \
        int l = 32 - __builtin_clz(d - 1); /* ceil(log2 d) */                              \
        if (NARROW(a, rows, n, l))                                                         \
            mod_narrow_##SUF(a, d, r, rows, n);                                            \
        else                                                                               \
            mod_wide_##SUF(a, d, r, rows, n);                                              \
    }

#define NARROW_I2(a, rows, n, l) ((void)(l), true) /* |x| <= 2^15, l <= 15 */
#define NARROW_I4(a, rows, n, l) (!(rows) && abs_bits_i4(a, n) >> (32 - (l)) == 0)
DEF_DIVMOD_CONST32(i2, int16_t, NARROW_I2)
DEF_DIVMOD_CONST32(i4, int32_t, NARROW_I4)

/* int8 by a constant other than 0 and -1: the hardware divide cannot trap. */
EV_KERNEL void div_const_i8(const int64_t *a, int64_t c, int64_t *r, const uint32_t *rows,
                            uint32_t n)
{
    SS_FOR_ROWS(rows, n, i, { r[i] = a[i] / c; });
}

EV_KERNEL void mod_const_i8(const int64_t *a, int64_t c, int64_t *r, const uint32_t *rows,
                            uint32_t n)
{
    SS_FOR_ROWS(rows, n, i, { r[i] = a[i] % c; });
}

/* ---- float8 -------------------------------------------------------------------------------
 * PostgreSQL's float8_pl/mi/mul/div checks: an infinite result from finite inputs overflows,
 * a zero result from non-zero inputs underflows, x / 0 fails unless x is NaN. */

static inline bool f8_isinf(double x)
{
    return fabs(x) == INFINITY;
}

/* Row-by-row versions that stop at the first error (used to name the first row's error,
   if any, after a fast loop saw a suspicious result). */
#define DEF_F8_EXACT(FORM)                                                                 \
    EV_KERNEL int add_exact_##FORM(KPARAMS(double))                                        \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            double x = FORM##_X, y = FORM##_Y, t = x + y;                                  \
            if (isinf(t) && !isinf(x) && !isinf(y))                                        \
                return K_OVERFLOW;                                                         \
            r[i] = t;                                                                      \
        });                                                                                \
        return K_OK;                                                                       \
    }                                                                                      \
    EV_KERNEL int sub_exact_##FORM(KPARAMS(double))                                        \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            double x = FORM##_X, y = FORM##_Y, t = x - y;                                  \
            if (isinf(t) && !isinf(x) && !isinf(y))                                        \
                return K_OVERFLOW;                                                         \
            r[i] = t;                                                                      \
        });                                                                                \
        return K_OK;                                                                       \
    }                                                                                      \
    EV_KERNEL int mul_exact_##FORM(KPARAMS(double))                                        \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            double x = FORM##_X, y = FORM##_Y, t = x * y;                                  \
            if (isinf(t) && !isinf(x) && !isinf(y))                                        \
                return K_OVERFLOW;                                                         \
            if (t == 0.0 && x != 0.0 && y != 0.0)                                          \
                return K_UNDERFLOW;                                                        \
            r[i] = t;                                                                      \
        });                                                                                \
        return K_OK;                                                                       \
    }                                                                                      \
    EV_KERNEL int div_exact_##FORM(KPARAMS(double))                                        \
    {                                                                                      \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            double x = FORM##_X, y = FORM##_Y;                                             \
            if (y == 0.0 && !isnan(x))                                                     \
                return K_DIV_ZERO;                                                         \
            double t = x / y;                                                              \
            if (isinf(t) && !isinf(x))                                                     \
                return K_OVERFLOW;                                                         \
            if (t == 0.0 && x != 0.0 && !isinf(y))                                         \
                return K_UNDERFLOW;                                                        \
            r[i] = t;                                                                      \
        });                                                                                \
        return K_OK;                                                                       \
    }

/* Fast loops.  Over a dense range the checks are kept as a flag in a double (a conditional
 * move on one vector width, which vectorises); over a row list, where nothing vectorises,
 * + - * only track the largest |result| (and * the smallest |result| of non-zero operands)
 * with branch-free min/max steps.  Either way a suspicious batch — a flagged row, an
 * infinite or a zero result — is checked again by the exact loops (infinite inputs are
 * legitimate).  NaN results compare false and never count. */
#define F8_ADDSUB_BAD(x, y, t) (f8_isinf(t) && !f8_isinf(x) && !f8_isinf(y))
#define F8_MUL_BAD(x, y, t) (F8_ADDSUB_BAD(x, y, t) || ((t) == 0.0 && (x) != 0.0 && (y) != 0.0))
#define F8_DIV_BAD(x, y, t)                                                                \
    (((y) == 0.0 && (x) == (x)) || (f8_isinf(t) && !f8_isinf(x)) ||                        \
     ((t) == 0.0 && (x) != 0.0 && !f8_isinf(y)))

/* NAME(x op y) with the dense flag BAD and, over a row list, MINZ: whether zero results
   are suspicious too. */
#define DEF_F8_FAST(NAME, FORM, OP, BAD, MINZ)                                             \
    EV_KERNEL EV_SIMD_CLONES int NAME##_##FORM##_f8(KPARAMS(double))                       \
    {                                                                                      \
        if (!rows) {                                                                       \
            double bad = 0;                                                                \
            for (uint32_t i = 0; i < n; i++) {                                             \
                double x = FORM##_X, y = FORM##_Y, t = x OP y;                             \
                bad = BAD(x, y, t) ? 1.0 : bad;                                            \
                r[i] = t;                                                                  \
            }                                                                              \
            return bad != 0 ? NAME##_exact_##FORM(a, b, ca, cb, r, rows, n) : K_OK;        \
        }                                                                                  \
        double mx = 0, mn = INFINITY;                                                      \
        for (uint32_t k = 0; k < n; k++) {                                                 \
            uint32_t i = rows[k];                                                          \
            double x = FORM##_X, y = FORM##_Y, t = x OP y, at = fabs(t);                   \
            mx = at > mx ? at : mx;                                                        \
            if (MINZ) {                                                                    \
                double nz = x != 0.0 && y != 0.0 ? at : INFINITY;                          \
                mn = nz < mn ? nz : mn;                                                    \
            }                                                                              \
            r[i] = t;                                                                      \
        }                                                                                  \
        return mx == INFINITY || mn == 0.0 ? NAME##_exact_##FORM(a, b, ca, cb, r, rows, n) \
                                           : K_OK;                                         \
    }

#define DEF_F8(FORM)                                                                       \
    DEF_F8_EXACT(FORM)                                                                     \
    DEF_F8_FAST(add, FORM, +, F8_ADDSUB_BAD, false)                                        \
    DEF_F8_FAST(sub, FORM, -, F8_ADDSUB_BAD, false)                                        \
    DEF_F8_FAST(mul, FORM, *, F8_MUL_BAD, true)                                            \
    EV_KERNEL EV_SIMD_CLONES int div_##FORM##_f8(KPARAMS(double))                          \
    {                                                                                      \
        double bad = 0;                                                                    \
        SS_FOR_ROWS(rows, n, i, {                                                          \
            double x = FORM##_X, y = FORM##_Y, t = x / y;                                  \
            bad = F8_DIV_BAD(x, y, t) ? 1.0 : bad;                                         \
            r[i] = t;                                                                      \
        });                                                                                \
        return bad != 0 ? div_exact_##FORM(a, b, ca, cb, r, rows, n) : K_OK;               \
    }

DEF_F8(VV)
DEF_F8(VC)
DEF_F8(CV)

EV_KERNEL int neg_f8(const double *a, double *r, const uint32_t *rows, uint32_t n)
{
    SS_FOR_ROWS(rows, n, i, { r[i] = -a[i]; });
    return K_OK;
}

/* ---- dispatch ----------------------------------------------------------------------------- */

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

/* The binary integer operators for element type T (rows are non-NULL, n > 0).  x is the
   left operand, y the right one; at most one of them is a constant. */
#define DEF_INT_BINARY(SUF, T, TMIN, TMAX)                                                 \
    static int int_binary_##SUF(ss_expr_op op, const ev_operand *x, const ev_operand *y,   \
                                const uint32_t *rows, uint32_t n, T *r)                    \
    {                                                                                      \
        const T *a = x->scalar ? NULL : x->v->data, *b = y->scalar ? NULL : y->v->data;    \
        if (!x->scalar && !y->scalar) {                                                    \
            switch (op) {                                                                  \
            case OP_ADD: return add_vv_##SUF(a, b, 0, 0, r, rows, n);                      \
            case OP_SUB: return sub_vv_##SUF(a, b, 0, 0, r, rows, n);                      \
            case OP_MUL: return mul_vv_##SUF(a, b, 0, 0, r, rows, n);                      \
            case OP_DIV: return div_VV_##SUF(a, b, 0, 0, r, rows, n);                      \
            default: return mod_VV_##SUF(a, b, 0, 0, r, rows, n);                          \
            }                                                                              \
        }                                                                                  \
        int kind;                                                                          \
        T c;                                                                               \
        const T *v;                                                                        \
        if (y->scalar) { /* vector op constant */                                          \
            c = (T)y->sv.v.i;                                                              \
            v = a;                                                                         \
            switch (op) {                                                                  \
            case OP_ADD: kind = RANGE_ADD; break;                                          \
            case OP_SUB: kind = RANGE_SUB; break;                                          \
            case OP_MUL: kind = RANGE_MUL; break;                                          \
            case OP_DIV:                                                                   \
                if (c == 0)                                                                \
                    return K_DIV_ZERO;                                                     \
                if (c == -1)                                                               \
                    return neg_##SUF(a, r, rows, n);                                       \
                if (c == 1)                                                                \
                    SS_FOR_ROWS(rows, n, i, { r[i] = a[i]; });                             \
                else                                                                       \
                    div_const_##SUF(a, c, r, rows, n);                                     \
                return K_OK;                                                               \
            default:                                                                       \
                if (c == 0)                                                                \
                    return K_DIV_ZERO;                                                     \
                if (c == -1 || c == 1)                                                     \
                    SS_FOR_ROWS(rows, n, i, { r[i] = 0; });                                \
                else                                                                       \
                    mod_const_##SUF(a, c, r, rows, n);                                     \
                return K_OK;                                                               \
            }                                                                              \
        } else { /* constant op vector */                                                  \
            c = (T)x->sv.v.i;                                                              \
            v = b;                                                                         \
            switch (op) {                                                                  \
            case OP_ADD: kind = RANGE_ADD; break;                                          \
            case OP_SUB: kind = RANGE_RSUB; break;                                         \
            case OP_MUL: kind = RANGE_MUL; break;                                          \
            case OP_DIV: return div_CV_##SUF(NULL, b, c, 0, r, rows, n);                   \
            default: return mod_CV_##SUF(NULL, b, c, 0, r, rows, n);                       \
            }                                                                              \
        }                                                                                  \
        int64_t lo, hi;                                                                    \
        int_bounds(kind, c, TMIN, TMAX, &lo, &hi);                                         \
        return range_##SUF(kind, v, c, (T)lo, (T)hi, r, rows, n);                          \
    }

DEF_INT_BINARY(i2, int16_t, INT16_MIN, INT16_MAX)
DEF_INT_BINARY(i4, int32_t, INT32_MIN, INT32_MAX)
DEF_INT_BINARY(i8, int64_t, INT64_MIN, INT64_MAX)

static int f8_binary(ss_expr_op op, const ev_operand *x, const ev_operand *y,
                     const uint32_t *rows, uint32_t n, double *r)
{
    const double *a = x->scalar ? NULL : x->v->data, *b = y->scalar ? NULL : y->v->data;
    double ca = x->scalar ? x->sv.v.f : 0, cb = y->scalar ? y->sv.v.f : 0;
    if (!x->scalar && !y->scalar) {
        switch (op) {
        case OP_ADD: return add_VV_f8(a, b, 0, 0, r, rows, n);
        case OP_SUB: return sub_VV_f8(a, b, 0, 0, r, rows, n);
        case OP_MUL: return mul_VV_f8(a, b, 0, 0, r, rows, n);
        default: return div_VV_f8(a, b, 0, 0, r, rows, n);
        }
    }
    if (y->scalar) {
        switch (op) {
        case OP_ADD: return add_VC_f8(a, NULL, 0, cb, r, rows, n);
        case OP_SUB: return sub_VC_f8(a, NULL, 0, cb, r, rows, n);
        case OP_MUL: return mul_VC_f8(a, NULL, 0, cb, r, rows, n);
        default: return div_VC_f8(a, NULL, 0, cb, r, rows, n);
        }
    }
    switch (op) {
    case OP_ADD: return add_CV_f8(NULL, b, ca, 0, r, rows, n);
    case OP_SUB: return sub_CV_f8(NULL, b, ca, 0, r, rows, n);
    case OP_MUL: return mul_CV_f8(NULL, b, ca, 0, r, rows, n);
    default: return div_CV_f8(NULL, b, ca, 0, r, rows, n);
    }
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
    bool decimal = t.id == SS_TYPE_NUMERIC;
    bool numeric = ss_type_is_integer(t.id) || t.id == SS_TYPE_FLOAT8 || decimal;
    bool known = op == OP_CONCAT ? text
                                 : numeric && op >= OP_ADD && op <= OP_NEG &&
                                       !(t.id == SS_TYPE_FLOAT8 && op == OP_MOD);
    if (!known)
        return unsupported(ctx, op, t);
    if (!ev_same_layout(out->type.id, text ? SS_TYPE_TEXT : t.id))
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "operator result type mismatch");

    if (decimal && !unary) {
        bool done;
        int rc = ev_numeric_int_const(ctx, e, in, sel, n, out, &done);
        if (done || rc != SS_OK)
            return rc;
    }
    /* a numeric binary operator takes one constant operand as it is (two constants are
       simply evaluated at every row) */
    bool scalars = !text && !unary &&
                   !(ev_rowless(e->u.op.left) && ev_rowless(e->u.op.right));
    ev_operand a = {0}, b = {0};
    ev_rows rows = {0};
    int rc = ev_operand_eval_arg(ctx, e->u.op.left, in, sel, n, scalars, &a);
    if (rc == SS_OK && !unary)
        rc = ev_operand_eval_arg(ctx, e->u.op.right, in, sel, n, scalars, &b);
    if (rc == SS_OK && ((a.scalar && a.sv.is_null) || (b.scalar && b.sv.is_null))) {
        rc = ev_set_all_null(ctx, sel, n, out); /* every operator here is strict */
        goto done;
    }
    if (rc == SS_OK) {
        ss_vector *vs[2] = {a.scalar ? NULL : a.v, b.scalar ? NULL : b.v};
        rc = ev_nonnull_rows(ctx, sel, n, vs, unary ? 1 : 2, out, &rows);
    }
    if (rc == SS_OK && rows.n > 0) {
        if (text) {
            rc = concat_rows(ctx, a.v, b.v, rows.sel, rows.n, out);
        } else if (decimal) {
            rc = unary ? ev_numeric_negate(ctx, a.v, rows.sel, rows.n, out)
                       : ev_numeric_binary(ctx, op, &a, &b, rows.sel, rows.n, out);
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
                const uint32_t *rs = rows.sel;
                switch (t.id) {
                case SS_TYPE_INT2: k = int_binary_i2(op, &a, &b, rs, rows.n, out->data); break;
                case SS_TYPE_INT4: k = int_binary_i4(op, &a, &b, rs, rows.n, out->data); break;
                case SS_TYPE_INT8: k = int_binary_i8(op, &a, &b, rs, rows.n, out->data); break;
                default: k = f8_binary(op, &a, &b, rs, rows.n, out->data); break;
                }
            }
            rc = report(ctx, k, t.id);
        }
    }
done:
    ev_rows_free(&rows);
    ev_operand_release(&a);
    ev_operand_release(&b);
    return rc;
}
