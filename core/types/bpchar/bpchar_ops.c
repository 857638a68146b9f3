/* bpchar_ops.c — character(n)'s order, equality and hashing, all blind to trailing spaces as
 * PostgreSQL's bpcharcmp / bpchareq / hashbpchar are ('a'::char(3) = 'a  '::char(5)), the
 * ss_type_info that hands them to sorts, grouping and joins, and the operators of pg_operator
 * over character: the six comparisons and LIKE / ILIKE, which match the padded value as
 * PostgreSQL's bpcharlike does. */
#include "types/bpchar/bpchar.h"

#include <string.h>

#include "exec/vector.h"
#include "types/func_impl.h"

int bpchar_compare(const void *pa, const void *pb)
{
    const ss_text *a = pa, *b = pb;
    uint32_t la = bpchar_true_len(a->ptr, a->len), lb = bpchar_true_len(b->ptr, b->len);
    int c = (la < lb ? la : lb) ? memcmp(a->ptr, b->ptr, la < lb ? la : lb) : 0;
    if (c == 0)
        c = (la > lb) - (la < lb);
    return c < 0 ? -1 : c > 0;
}

bool bpchar_equal(const void *pa, const void *pb)
{
    const ss_text *a = pa, *b = pb;
    uint32_t la = bpchar_true_len(a->ptr, a->len);
    return la == bpchar_true_len(b->ptr, b->len) && (la == 0 || memcmp(a->ptr, b->ptr, la) == 0);
}

/* FNV-1a over the bytes before the trailing spaces, then a final mix. */
uint64_t bpchar_hash(const void *pa)
{
    const ss_text *a = pa;
    const unsigned char *p = (const unsigned char *)a->ptr;
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (uint32_t i = 0, len = bpchar_true_len(a->ptr, a->len); i < len; i++)
        h = (h ^ p[i]) * UINT64_C(0x100000001b3);
    h ^= h >> 33;
    h *= UINT64_C(0xff51afd7ed558ccd);
    return h ^ (h >> 33);
}

static void hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    const ss_text *t = v->data;
    for (uint32_t k = 0; k < n; k++)
        if (!ss_vector_is_null(v, rows ? rows[k] : k))
            out[k] = bpchar_hash(&t[rows ? rows[k] : k]);
}

const ss_type_info ss_bpchar_type_info = {
    .struct_size = sizeof(ss_type_info), .id = SS_TYPE_BPCHAR, .name = "character",
    .layout = SS_LAYOUT_VARLEN, .width = sizeof(ss_text),
    .compare = bpchar_compare, .equal = bpchar_equal, .hash = bpchar_hash, .hash_batch = hash_batch,
    .physical = 0, /* trailing spaces do not count: text's bytewise order does not apply */
};

SS_TYPE_CMP_EVALS(bp, bpchar_compare)

static int bp_nlike(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out)
{
    return ss_type_negated_rows(ss_fn_like, ctx, args, nargs, rows, n, out);
}

static int bp_nilike(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    return ss_type_negated_rows(ss_fn_ilike, ctx, args, nargs, rows, n, out);
}

#define LIKE_OP(SYM, EVAL)                                                                 \
    {.name = SYM, .nargs = 2, .strict = true, .args = {SS_TYPE_BPCHAR, SS_TYPE_TEXT},      \
     .result = SS_TYPE_BOOL, .eval = EVAL}

const ss_func_def bpchar_operators[] = {
    SS_TYPE_CMP_OPERATORS(bp, SS_TYPE_BPCHAR),
    LIKE_OP("~~", ss_fn_like), LIKE_OP("!~~", bp_nlike), LIKE_OP("~~*", ss_fn_ilike), LIKE_OP("!~~*", bp_nilike),
    {0},
};
