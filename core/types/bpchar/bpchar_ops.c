/* bpchar_ops.c — character(n)'s order, equality and hashing, all blind to trailing spaces as
 * PostgreSQL's bpcharcmp / bpchareq / hashbpchar are ('a'::char(3) = 'a  '::char(5)), the
 * ss_type_info that hands them to sorts, grouping and joins, and the operators of pg_operator
 * over character: the six comparisons and LIKE / ILIKE, which match the padded value as
 * PostgreSQL's bpcharlike does. */
#include "types/bpchar/bpchar.h"

#include <string.h>

#include "exec/vector.h"
#include "types/func_impl.h"

int bpchar_compare(const ss_text *a, const ss_text *b)
{
    uint32_t la = bpchar_true_len(a->ptr, a->len), lb = bpchar_true_len(b->ptr, b->len);
    uint32_t m = la < lb ? la : lb;
    int c = m ? memcmp(a->ptr, b->ptr, m) : 0;
    if (c != 0)
        return c < 0 ? -1 : 1;
    return la < lb ? -1 : la > lb ? 1 : 0;
}

bool bpchar_equal(const ss_text *a, const ss_text *b)
{
    uint32_t la = bpchar_true_len(a->ptr, a->len), lb = bpchar_true_len(b->ptr, b->len);
    return la == lb && (la == 0 || memcmp(a->ptr, b->ptr, la) == 0);
}

uint64_t bpchar_hash(const ss_text *a)
{
    uint32_t len = bpchar_true_len(a->ptr, a->len);
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (uint32_t i = 0; i < len; i++) {
        h ^= (unsigned char)a->ptr[i];
        h *= UINT64_C(0x100000001b3);
    }
    h ^= h >> 33;
    h *= UINT64_C(0xff51afd7ed558ccd);
    h ^= h >> 33;
    return h;
}

static int info_compare(const void *a, const void *b)
{
    return bpchar_compare(a, b);
}

static bool info_equal(const void *a, const void *b)
{
    return bpchar_equal(a, b);
}

static uint64_t info_hash(const void *a)
{
    return bpchar_hash(a);
}

static void info_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    const ss_text *t = v->data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = rows ? rows[k] : k;
        if (!ss_vector_is_null(v, r))
            out[k] = bpchar_hash(&t[r]);
    }
}

const ss_type_info ss_bpchar_type_info = {
    .struct_size = sizeof(ss_type_info),
    .id = SS_TYPE_BPCHAR,
    .name = "character",
    .layout = SS_LAYOUT_VARLEN,
    .width = sizeof(ss_text),
    .compare = info_compare,
    .equal = info_equal,
    .hash = info_hash,
    .hash_batch = info_hash_batch,
    .physical = 0, /* trailing spaces do not count: text's bytewise order does not apply */
};

#define CMP_FN(NAME, OP)                                                                   \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                            \
    {                                                                                      \
        (void)ctx;                                                                         \
        (void)nargs;                                                                       \
        return ss_type_compare_rows(args, rows, n, out, OP, info_compare);                 \
    }
CMP_FN(bp_eq, SS_TYPE_CMP_EQ)
CMP_FN(bp_ne, SS_TYPE_CMP_NE)
CMP_FN(bp_lt, SS_TYPE_CMP_LT)
CMP_FN(bp_le, SS_TYPE_CMP_LE)
CMP_FN(bp_gt, SS_TYPE_CMP_GT)
CMP_FN(bp_ge, SS_TYPE_CMP_GE)

/* NOT of a LIKE / ILIKE result, at the rows the match wrote. */
static void negate(const uint32_t *rows, uint32_t n, ss_vector *out)
{
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = !r[i]; });
}

static int bp_nlike(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out)
{
    if (ss_fn_like(ctx, args, nargs, rows, n, out) != SS_OK)
        return SS_ERROR;
    negate(rows, n, out);
    return SS_OK;
}

static int bp_nilike(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    if (ss_fn_ilike(ctx, args, nargs, rows, n, out) != SS_OK)
        return SS_ERROR;
    negate(rows, n, out);
    return SS_OK;
}

#define BP SS_TYPE_BPCHAR
#define OP2(NAME, EVAL, A, B) {NAME, 2, false, true, {A, B}, SS_TYPE_BOOL, EVAL, false}

const ss_func_def bpchar_operators[] = {
    OP2("=", bp_eq, BP, BP),  OP2("<>", bp_ne, BP, BP), OP2("<", bp_lt, BP, BP),
    OP2("<=", bp_le, BP, BP), OP2(">", bp_gt, BP, BP),  OP2(">=", bp_ge, BP, BP),
    OP2("~~", ss_fn_like, BP, SS_TYPE_TEXT),    OP2("!~~", bp_nlike, BP, SS_TYPE_TEXT),
    OP2("~~*", ss_fn_ilike, BP, SS_TYPE_TEXT),  OP2("!~~*", bp_nilike, BP, SS_TYPE_TEXT),
    {0},
};
