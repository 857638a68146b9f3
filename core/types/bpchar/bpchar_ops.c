/* bpchar_ops.c — character(n)'s order, equality and hashing, all blind to trailing spaces as
 * PostgreSQL's bpcharcmp / bpchareq / hashbpchar are ('a'::char(3) = 'a  '::char(5)), and
 * the ss_type_info that hands them to sorts, grouping and joins. */
#include "types/bpchar/bpchar.h"

#include <string.h>

#include "exec/vector.h"

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
    sizeof(ss_type_info), SS_TYPE_BPCHAR, "character", SS_LAYOUT_VARLEN, sizeof(ss_text),
    0, info_compare, info_equal, info_hash, info_hash_batch, NULL, NULL};
