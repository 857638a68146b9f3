/* bit_ops.c — bit's and bit varying's ss_type_info (physical type text: bit.h's one byte per
 * bit keeps text's order, equality and hashing PostgreSQL's) and their operators as
 * PostgreSQL 15's: comparisons of each type, & | # (22026 for operands of different
 * lengths), ~, << and >> by an int4 (a negative count shifts the other way), || of varbit. */
#include "types/bit/bit.h"

#include <string.h>

#include "exec/vector.h"

#define SS_SQLSTATE_STRING_DATA_LENGTH_MISMATCH "22026"

const ss_type_info ss_bit_type_info = {
    .struct_size = sizeof(ss_type_info), .id = SS_TYPE_BIT, .name = "bit",
    .layout = SS_LAYOUT_VARLEN, .width = sizeof(ss_text), .physical = SS_TYPE_TEXT,
};

const ss_type_info ss_varbit_type_info = {
    .struct_size = sizeof(ss_type_info), .id = SS_TYPE_VARBIT, .name = "bit varying",
    .layout = SS_LAYOUT_VARLEN, .width = sizeof(ss_text), .physical = SS_TYPE_TEXT,
};

/* bit_cmp: the common bits in order, then the shorter first. */
static int bit_compare(const void *a, const void *b)
{
    const ss_text *x = a, *y = b;
    uint32_t n = x->len < y->len ? x->len : y->len;
    int c = n ? memcmp(x->ptr, y->ptr, n) : 0;
    if (c)
        return c < 0 ? -1 : 1;
    return x->len < y->len ? -1 : x->len > y->len;
}

SS_TYPE_CMP_EVALS(bitc, bit_compare)

static inline const ss_text *texts(const ss_vector *v)
{
    return (const ss_text *)v->data;
}

/* A new value of len bits at row of out, whose bytes the caller writes. */
static char *new_bits(ss_ctx *ctx, ss_vector *out, uint32_t row, uint32_t len)
{
    char *p = ss_vector_text_alloc(ctx, out, len);
    if (p)
        ((ss_text *)out->data)[row] = (ss_text){p, len, 0};
    return p;
}

typedef enum { BIT_AND, BIT_OR, BIT_XOR } bit_logic;

static int logic_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                      ss_vector *out, bit_logic op)
{
    static const char *const names[] = {"AND", "OR", "XOR"};
    const ss_text *a = texts(args[0]), *b = texts(args[1]);
    SS_FOR_ROWS(rows, n, i, {
        if (a[i].len != b[i].len)
            return ss_ctx_error(ctx, SS_SQLSTATE_STRING_DATA_LENGTH_MISMATCH,
                                "cannot %s bit strings of different sizes", names[op]);
        char *p = new_bits(ctx, out, i, a[i].len);
        if (!p)
            return SS_ERROR;
        for (uint32_t k = 0; k < a[i].len; k++) {
            int x = a[i].ptr[k] == '1', y = b[i].ptr[k] == '1';
            int r = op == BIT_AND ? x & y : op == BIT_OR ? x | y : x ^ y;
            p[k] = (char)('0' + r);
        }
    });
    return SS_OK;
}

#define LOGIC_FN(NAME, OP)                                                                 \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                            \
    {                                                                                      \
        (void)nargs;                                                                       \
        return logic_rows(ctx, args, rows, n, out, OP);                                    \
    }
LOGIC_FN(bit_and, BIT_AND)
LOGIC_FN(bit_or, BIT_OR)
LOGIC_FN(bit_xor, BIT_XOR)

static int bit_not(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out)
{
    (void)nargs;
    const ss_text *a = texts(args[0]);
    SS_FOR_ROWS(rows, n, i, {
        char *p = new_bits(ctx, out, i, a[i].len);
        if (!p)
            return SS_ERROR;
        for (uint32_t k = 0; k < a[i].len; k++)
            p[k] = a[i].ptr[k] == '1' ? '0' : '1';
    });
    return SS_OK;
}

/* bitshiftleft / bitshiftright: the same length, zeros shifted in; left by count (right when
 * negative). */
static int shift_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                      ss_vector *out, bool left)
{
    const ss_text *a = texts(args[0]);
    const int32_t *count = args[1]->data;
    SS_FOR_ROWS(rows, n, i, {
        int64_t by = left ? count[i] : -(int64_t)count[i]; /* > 0: to the left */
        uint32_t len = a[i].len;
        char *p = new_bits(ctx, out, i, len);
        if (!p)
            return SS_ERROR;
        for (uint32_t k = 0; k < len; k++) {
            int64_t src = (int64_t)k + by;
            p[k] = src >= 0 && src < (int64_t)len ? a[i].ptr[src] : '0';
        }
    });
    return SS_OK;
}

static int bit_shl(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out)
{
    (void)nargs;
    return shift_rows(ctx, args, rows, n, out, true);
}

static int bit_shr(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out)
{
    (void)nargs;
    return shift_rows(ctx, args, rows, n, out, false);
}

/* bitcat */
static int bit_cat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out)
{
    (void)nargs;
    const ss_text *a = texts(args[0]), *b = texts(args[1]);
    SS_FOR_ROWS(rows, n, i, {
        uint64_t len = (uint64_t)a[i].len + b[i].len;
        if (len > BIT_MAX_LENGTH)
            return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                                "bit string length exceeds the maximum allowed (%d)", BIT_MAX_LENGTH);
        char *p = new_bits(ctx, out, i, (uint32_t)len);
        if (!p)
            return SS_ERROR;
        if (a[i].len)
            memcpy(p, a[i].ptr, a[i].len);
        if (b[i].len)
            memcpy(p + a[i].len, b[i].ptr, b[i].len);
    });
    return SS_OK;
}

#define BT SS_TYPE_BIT
#define VB SS_TYPE_VARBIT
#define OP2(SYM, EVAL, A, B, RES) {.name = SYM, .nargs = 2, .strict = true, .args = {A, B}, .result = RES, .eval = EVAL}

const ss_func_def bit_operators[] = {
    SS_TYPE_CMP_OPERATOR("=", bitc_eq, BT), SS_TYPE_CMP_OPERATOR("<>", bitc_ne, BT),
    SS_TYPE_CMP_OPERATOR("<", bitc_lt, BT), SS_TYPE_CMP_OPERATOR("<=", bitc_le, BT),
    SS_TYPE_CMP_OPERATOR(">", bitc_gt, BT), SS_TYPE_CMP_OPERATOR(">=", bitc_ge, BT),
    SS_TYPE_CMP_OPERATOR("=", bitc_eq, VB), SS_TYPE_CMP_OPERATOR("<>", bitc_ne, VB),
    SS_TYPE_CMP_OPERATOR("<", bitc_lt, VB), SS_TYPE_CMP_OPERATOR("<=", bitc_le, VB),
    SS_TYPE_CMP_OPERATOR(">", bitc_gt, VB), SS_TYPE_CMP_OPERATOR(">=", bitc_ge, VB),
    OP2("&", bit_and, BT, BT, BT), OP2("|", bit_or, BT, BT, BT), OP2("#", bit_xor, BT, BT, BT),
    {.name = "~", .nargs = 1, .strict = true, .args = {BT}, .result = BT, .eval = bit_not},
    OP2("<<", bit_shl, BT, SS_TYPE_INT4, BT), OP2(">>", bit_shr, BT, SS_TYPE_INT4, BT),
    OP2("||", bit_cat, VB, VB, VB),
    {0},
};
