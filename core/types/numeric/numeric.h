/* numeric.h — the kernel's arbitrary-precision decimal (PostgreSQL's numeric): its encoded
 * vector element, the decoded working form, and the operations the evaluator, casts and
 * I/O share.
 *
 * Encoded element (the bytes of an ss_text in a numeric vector, opaque outside this
 * folder): byte 0 the kind, bytes 1-2 the display scale (uint16), byte 3 the sign (1 =
 * negative, big form only), then either an int64 coefficient (SMALL: value = coef *
 * 10^-dscale, |coef| < 10^18) or one byte per decimal digit of the coefficient, most
 * significant first, without leading zeros (BIG).  A value has more than one encoding
 * (1.0 and 1.00 differ in dscale; SMALL and BIG may hold the same coefficient), so equality,
 * order and hashing go through numeric_compare / numeric_hash, never the bytes. */
#ifndef SS_TYPES_NUMERIC_H
#define SS_TYPES_NUMERIC_H

#include "exec/context.h"
#include "sunstone/typeinfo.h"
#include "util/arena.h"
#include "util/strbuf.h"

enum { NUM_SMALL = 0, NUM_BIG = 1, NUM_NAN = 2, NUM_PINF = 3, NUM_NINF = 4 };
enum { NUM_OP_ADD, NUM_OP_SUB, NUM_OP_MUL, NUM_OP_DIV, NUM_OP_MOD };

#define NUM_HDR 4
#define NUM_SMALL_LEN (NUM_HDR + 8)
#define NUM_SMALL_LIMIT INT64_C(1000000000000000000) /* 10^18 */
#define NUM_MAX_DSCALE 16383
#define NUM_MAX_INT_DIGITS 131072
#define NUM_MAX_PRECISION 1000
#define NUM_MAX_DISPLAY_SCALE 1000 /* division and functions choose at most this scale */

/* Working form: value = (neg ? -1 : 1) * digits * 10^-dscale for FINITE. */
typedef struct ss_num {
    int kind;        /* NUM_SMALL/NUM_BIG both decode to NUM_BIG ("finite"), or NAN/PINF/NINF */
    bool neg;
    int32_t dscale;
    int32_t ndig;
    const uint8_t *dig; /* ndig digits 0..9, most significant first, no leading zero */
} ss_num;

/* Scratch memory of the numeric routines: ctx's arena, or between num_scratch_begin and
 * num_scratch_end (nested) a per-thread arena reset by the outermost end, for loops over
 * many values whose results are copied out (the evaluator). */
void *num_alloc(ss_ctx *ctx, size_t n);
void num_scratch_begin(void);
void num_scratch_end(void);

/* The bytes PostgreSQL stores a numeric in: a 4-byte varlena header, the short (2) or long
 * (4) numeric header, 2 per base-10000 digit (numeric_disk_size.c). */
uint32_t num_pg_size(const ss_text *t);
/* Decodes an element; small coefficients are expanded into buf (>= 20 bytes). */
void num_decode(const ss_text *t, ss_num *out, uint8_t *buf);
/* Encodes n (finite values are checked against PostgreSQL's limits: 22003 "value overflows
 * numeric format") into ctx's arena; SMALL when the coefficient fits. */
int num_encode(ss_ctx *ctx, const ss_num *n, ss_text *out);
/* Writes the encoding of a small value coef * 10^-dscale (|coef| < 10^18) to buf. */
static inline void num_encode_small(char *buf, int64_t coef, int dscale)
{
    uint16_t s = (uint16_t)dscale;
    buf[0] = NUM_SMALL;
    memcpy(buf + 1, &s, 2);
    buf[3] = 0;
    memcpy(buf + NUM_HDR, &coef, 8);
}
/* Reads a SMALL element; false for other kinds. */
static inline bool num_small(const ss_text *t, int64_t *coef, int *dscale)
{
    if (t->len != NUM_SMALL_LEN || t->ptr[0] != NUM_SMALL)
        return false;
    uint16_t s;
    memcpy(&s, t->ptr + 1, 2);
    memcpy(coef, t->ptr + NUM_HDR, 8);
    *dscale = s;
    return true;
}

/* 10^0 .. 10^18. */
extern const int64_t num_pow10[19];

/* a op b (NUM_OP_ADD, NUM_OP_SUB, NUM_OP_MUL) of the small values a * 10^-sa and b * 10^-sb
 * in machine integers: false when the result's coefficient would reach 10^18 (the caller
 * takes the general form), else *r * 10^-*rs. */
static inline bool num_small_op(int op, int64_t a, int sa, int64_t b, int sb, int64_t *r, int *rs)
{
    int64_t t;
    if (op == NUM_OP_MUL) {
        if (sa + sb > NUM_MAX_DSCALE || __builtin_mul_overflow(a, b, &t))
            return false;
        *rs = sa + sb;
    } else if (op == NUM_OP_ADD || op == NUM_OP_SUB) {
        int s = sa > sb ? sa : sb;
        if (s - sa > 18 || s - sb > 18 || __builtin_mul_overflow(a, num_pow10[s - sa], &a) ||
            __builtin_mul_overflow(b, num_pow10[s - sb], &b))
            return false;
        if (op == NUM_OP_ADD ? __builtin_add_overflow(a, b, &t) : __builtin_sub_overflow(a, b, &t))
            return false;
        *rs = s;
    } else {
        return false;
    }
    if (t >= NUM_SMALL_LIMIT || t <= -NUM_SMALL_LIMIT)
        return false;
    *r = t;
    return true;
}

/* Encodes a special value (NUM_NAN, NUM_PINF, NUM_NINF) or zero into ctx's arena. */
int num_encode_special(ss_ctx *ctx, int kind, ss_text *out);

/* ---- text I/O (numeric_io.c) ---- */
/* numeric_in: 22P02 'invalid input syntax for type numeric: "s"', 22003 on overflow. */
int num_parse(ss_ctx *ctx, const char *s, size_t len, ss_text *out);
/* numeric_out. */
void num_format(const ss_text *t, ss_strbuf *out);
/* Applies typmod ((p << 16 | s) + 4; -1 = none): rounds to scale s, 22003 "numeric field
 * overflow" with PostgreSQL's DETAIL when the integer part has more than p - s digits. */
int num_apply_typmod(ss_ctx *ctx, const ss_text *in, int32_t typmod, ss_text *out);
/* "numeric(12,2)" text of a typmod; writes to buf. */
void num_typmod_text(int32_t typmod, char *buf, size_t n);

/* ---- operators (numeric_ops.c) ---- */
/* a op b with PostgreSQL's result scales; 22012 "division by zero". */
int num_binop(ss_ctx *ctx, int op, const ss_text *a, const ss_text *b, ss_text *out);
int num_negate(ss_ctx *ctx, const ss_text *a, ss_text *out);
/* PostgreSQL's numeric order: NaN above +Infinity, equal values compare 0 (1.0 = 1.00). */
int num_compare(const ss_text *a, const ss_text *b);
uint64_t num_hash(const ss_text *a);

/* ---- casts (numeric_cast.c) ---- */
int num_from_int64(ss_ctx *ctx, int64_t v, ss_text *out);
/* numeric -> integer type id (rounds half away from zero); 22003 / 0A000 as PostgreSQL. */
int num_to_int(ss_ctx *ctx, const ss_text *a, int32_t to, int64_t *out);
/* float8/float4 -> numeric through 15 / 6 significant digits, as PostgreSQL. */
int num_from_double(ss_ctx *ctx, double v, int digits, ss_text *out);
/* numeric -> double, the nearest (infinite or 0 beyond double's range). */
double num_to_double(const ss_text *a);
/* numeric -> float8 as numeric_float8 (its text through float8in): 22003 quoting the digits
 * beyond double's range. */
int num_to_float8(ss_ctx *ctx, const ss_text *a, double *out);

/* ---- sums (numeric_agg.c): the ss_type_sum of numeric ---- */
extern const ss_type_sum num_sum_support;
/* coef * 10^-dscale for a 128-bit coefficient. */
int num_from_int128(ss_ctx *ctx, __int128 coef, int32_t dscale, ss_text *out);

/* ---- working form helpers shared inside the folder ---- */
/* A finite value from digits (leading zeros allowed, they are stripped). */
int num_make(ss_ctx *ctx, bool neg, const uint8_t *dig, int32_t ndig, int32_t dscale,
             ss_text *out);
/* Rounds (half away from zero) the finite a to scale s (may be negative: tens, hundreds). */
int num_round_scale(ss_ctx *ctx, const ss_num *a, int32_t s, bool trunc, ss_text *out);

/* ---- per-row numeric functions (numeric_transcendental.c) ---- */
/* One row: its numeric arguments x[0] (and x[1]), the result into out. */
typedef int (*num_row_fn)(ss_ctx *ctx, const ss_text *const *x, ss_text *out);
/* Runs f over rows[0..n) of one or two numeric argument vectors into out (scratch memory
 * reset around the loop). */
int num_each(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
             ss_vector *out, num_row_fn f);
/* sqrt(x) rounded to rscale places (PostgreSQL's sqrt_var at a given scale, as its
 * numeric_stddev_internal uses it); 2201F for a negative x, specials as sqrt(). */
int num_sqrt_scaled(ss_ctx *ctx, const ss_text *x, int32_t rscale, ss_text *out);
/* Defines the evaluation callback NAME as num_each over ROW (SS_FN_DEFINE: func_impl.h). */
#define NUM_EACH_FN(NAME, ROW) SS_FN_DEFINE(NAME, num_each(ctx, args, nargs, rows, n, out, ROW))

#endif
