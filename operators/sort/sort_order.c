/* sort_order.c — the ordering strategy behind sort_compute_order.
 *
 * The first key of every row becomes an order-preserving 64-bit key (value_order.h):
 * exact for bool, integers and float8, and for text shorter than 8 bytes (7 bytes and a
 * length byte); inverted for DESC.  Rows
 * whose first key is NULL are set aside in input order and placed first or last; the others
 * are LSD radix sorted as (key, row) pairs, which is stable and touches memory sequentially.
 * When that key does not decide the order alone (long text, or more keys follow), each run
 * of equal 64-bit keys, and the NULL rows, are merge sorted (stable) with a comparator that
 * walks the keys still undecided.  Runs are short unless many rows share a long prefix.
 * Every phase polls api->check_interrupt (cancel, statement_timeout) and stops with its
 * error. */
#include "sort_order.h"

#include "common/api_memory.h"
#include "common/index_sort.h"
#include "common/radix_sort.h"
#include "common/value_order.h"

const char *sort_method_name(sort_method method)
{
    switch (method) {
    case SORT_METHOD_RADIX: return "radix";
    case SORT_METHOD_RADIX_TIES: return "radix, ties merge sorted";
    case SORT_METHOD_TOP_N: return "top-N heap";
    case SORT_METHOD_EXTERNAL: return "external merge";
    case SORT_METHOD_NONE: break;
    }
    return "input order";
}

/* out[r] = order-preserving key of row r (NULL rows get the key of their zero filler),
 * inverted for descending order. */
#define SORT_KEY_LOOP(CTYPE, KEY_EXPR)                                                    \
    do {                                                                                  \
        const CTYPE *data = (const CTYPE *)c->data;                                       \
        for (uint32_t r = 0; r < n; r++)                                                  \
            out[r] = (KEY_EXPR) ^ flip;                                                   \
    } while (0)

static void compute_keys(const ops_column *c, uint32_t n, bool descending, uint64_t *out)
{
    const uint64_t flip = descending ? ~UINT64_C(0) : 0;
    switch (c->layout) {
    case OPS_LAYOUT_BOOL: SORT_KEY_LOOP(uint8_t, (uint64_t)data[r]); break;
    case OPS_LAYOUT_INT2: SORT_KEY_LOOP(int16_t, ops_key_int16(data[r])); break;
    case OPS_LAYOUT_INT4: SORT_KEY_LOOP(int32_t, ops_key_int32(data[r])); break;
    case OPS_LAYOUT_INT8: SORT_KEY_LOOP(int64_t, ops_key_int64(data[r])); break;
    case OPS_LAYOUT_FLOAT8: SORT_KEY_LOOP(double, ops_key_float8(data[r])); break;
    case OPS_LAYOUT_TEXT: SORT_KEY_LOOP(ss_text, ops_key_text(&data[r])); break;
    case OPS_LAYOUT_CUSTOM:
        /* one key that decides nothing (its length byte says "compare"): every row ties
           and the comparator, the type's own, orders them */
        for (uint32_t r = 0; r < n; r++)
            out[r] = UINT64_C(0xff) ^ flip;
        break;
    case OPS_LAYOUT_NONE: break;
    }
}

typedef struct row_comparator {
    const ops_column *cols;
    const ss_sort_key *keys;
    uint32_t nkeys;
    uint32_t first; /* first key still undecided among the rows being compared */
} row_comparator;

/* Order of rows a and b under one key: NULLs first or last, values by PostgreSQL rules. */
static inline int compare_key(const ops_column *c, const ss_sort_key *key, uint32_t a,
                              uint32_t b)
{
    bool na = ops_column_is_null(c, a), nb = ops_column_is_null(c, b);
    if (na || nb) {
        if (na && nb)
            return 0;
        return (na == key->nulls_first) ? -1 : 1;
    }
    int cmp = ops_column_compare(c, a, b);
    return key->descending ? -cmp : cmp;
}

static int compare_rows(const void *arg, uint32_t a, uint32_t b)
{
    const row_comparator *rc = arg;
    for (uint32_t k = rc->first; k < rc->nkeys; k++) {
        int cmp = compare_key(&rc->cols[rc->keys[k].column], &rc->keys[k], a, b);
        if (cmp)
            return cmp;
    }
    return 0;
}

/* Merge sorts each run of equal 64-bit keys in rows[0..n) (keys parallel to rows) by the
 * keys the run's first key leaves undecided.  flip undoes the DESC inversion.  Non-zero when
 * check said stop. */
static int sort_ties(uint32_t *rows, const uint64_t *keys, uint32_t n, uint32_t *scratch,
                     const row_comparator *rc, bool text, uint64_t flip, const ops_sort_check *check)
{
    row_comparator from_first = *rc, from_second = *rc;
    from_first.first = 0;
    from_second.first = 1;
    uint32_t i = 0, since_check = 0;
    while (i < n) {
        uint32_t j = i + 1;
        while (j < n && keys[j] == keys[i])
            j++;
        if (j - i > 1) {
            bool decided = !text || ops_key_text_is_exact(keys[i] ^ flip);
            if (!decided &&
                ops_index_sort_checked(rows + i, scratch, j - i, compare_rows, &from_first, check))
                return 1;
            if (decided && rc->nkeys > 1 &&
                ops_index_sort_checked(rows + i, scratch, j - i, compare_rows, &from_second, check))
                return 1;
        }
        since_check += j - i;
        if (since_check >= OPS_SORT_CHECK_EVERY) {
            since_check = 0;
            if (ops_sort_should_stop(check))
                return 1;
        }
        i = j;
    }
    return 0;
}

int sort_compute_order(ss_ctx *ctx, const ss_api *api, const ops_column *cols, uint32_t nrows,
                       const ss_sort_key *keys, uint32_t nkeys, uint32_t *order,
                       sort_method *method)
{
    if (nrows < 2 || nkeys == 0) {
        for (uint32_t r = 0; r < nrows; r++)
            order[r] = r;
        *method = SORT_METHOD_NONE;
        return SS_OK;
    }
    const ops_column *c0 = &cols[keys[0].column];
    bool text = ops_layout_is_varlen(c0->layout); /* the 64-bit key may not decide */
    *method = !text && nkeys == 1 ? SORT_METHOD_RADIX : SORT_METHOD_RADIX_TIES;

    size_t n = nrows;
    uint64_t *prefix = api->alloc(n * sizeof *prefix);
    uint64_t *tmp_prefix = api->alloc(n * sizeof *tmp_prefix);
    uint32_t *scratch = api->alloc(n * sizeof *scratch);
    if (!prefix || !tmp_prefix || !scratch) {
        ops_free(api, prefix);
        ops_free(api, tmp_prefix);
        ops_free(api, scratch);
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ops_interrupt_arg cancel = {api, ctx};
    const ops_sort_check check = {ops_interrupt_stop, &cancel};
    compute_keys(c0, nrows, keys[0].descending, prefix);

    uint32_t nnull = 0;
    if (c0->validity)
        for (uint32_t r = 0; r < nrows; r++)
            nnull += ops_column_is_null(c0, r);
    uint32_t nvalid = nrows - nnull;
    uint32_t *nulls = keys[0].nulls_first ? order : order + nvalid;
    uint32_t *valid = keys[0].nulls_first ? order + nnull : order;
    if (nnull == 0) {
        for (uint32_t r = 0; r < nrows; r++)
            valid[r] = r;
    } else {
        uint32_t m = 0, z = 0;
        for (uint32_t r = 0; r < nrows; r++) {
            if (ops_column_is_null(c0, r)) {
                nulls[z++] = r;
            } else {
                prefix[m] = prefix[r];
                valid[m++] = r;
            }
        }
    }
    int stopped = ops_radix_sort_pairs(prefix, valid, tmp_prefix, scratch, nvalid, &check);

    if (!stopped && *method == SORT_METHOD_RADIX_TIES) {
        row_comparator rc = {cols, keys, nkeys, 0};
        stopped = sort_ties(valid, prefix, nvalid, scratch, &rc, text,
                            keys[0].descending ? ~UINT64_C(0) : 0, &check);
        if (!stopped && nnull > 1 && nkeys > 1) {
            rc.first = 1; /* NULL first keys are all equal */
            stopped = ops_index_sort_checked(nulls, scratch, nnull, compare_rows, &rc, &check);
        }
    }
    api->free(prefix);
    api->free(tmp_prefix);
    api->free(scratch);
    return stopped ? SS_ERROR : SS_OK; /* check_interrupt recorded the error */
}

/* Stable order of two rows: the keys, then input position. */
static inline int compare_stable(const row_comparator *rc, uint32_t a, uint32_t b)
{
    int cmp = compare_rows(rc, a, b);
    return cmp ? cmp : (a < b ? -1 : a > b);
}

/* heap[0] is the row that sorts last among those kept (a max-heap under compare_stable). */
static void sift_down(uint32_t *heap, uint32_t n, uint32_t i, const row_comparator *rc)
{
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, big = i;
        if (l < n && compare_stable(rc, heap[l], heap[big]) > 0)
            big = l;
        if (r < n && compare_stable(rc, heap[r], heap[big]) > 0)
            big = r;
        if (big == i)
            return;
        uint32_t t = heap[i];
        heap[i] = heap[big];
        heap[big] = t;
        i = big;
    }
}

static void sift_up(uint32_t *heap, uint32_t i, const row_comparator *rc)
{
    while (i > 0) {
        uint32_t parent = (i - 1) / 2;
        if (compare_stable(rc, heap[i], heap[parent]) <= 0)
            return;
        uint32_t t = heap[i];
        heap[i] = heap[parent];
        heap[parent] = t;
        i = parent;
    }
}

int sort_compute_top(ss_ctx *ctx, const ss_api *api, const ops_column *cols, uint32_t nrows,
                     const ss_sort_key *keys, uint32_t nkeys, uint32_t limit, uint32_t *order,
                     uint32_t *n_out)
{
    row_comparator rc = {cols, keys, nkeys, 0};
    uint32_t k = limit < nrows ? limit : nrows;
    *n_out = k;
    if (k == 0)
        return SS_OK;
    uint32_t n = 0;
    for (uint32_t r = 0; r < nrows; r++) {
        if ((r & (OPS_SORT_CHECK_EVERY - 1)) == OPS_SORT_CHECK_EVERY - 1 && api->check_interrupt(ctx) != SS_OK)
            return SS_ERROR;
        if (n < k) {
            order[n] = r;
            sift_up(order, n++, &rc);
        } else if (compare_stable(&rc, r, order[0]) < 0) {
            order[0] = r;
            sift_down(order, k, 0, &rc);
        }
    }
    /* heap → ascending: repeatedly move the last-sorting row to the end */
    for (uint32_t end = k; end > 1; end--) {
        if ((end & (OPS_SORT_CHECK_EVERY - 1)) == 0 && api->check_interrupt(ctx) != SS_OK)
            return SS_ERROR;
        uint32_t t = order[0];
        order[0] = order[end - 1];
        order[end - 1] = t;
        sift_down(order, end - 1, 0, &rc);
    }
    return SS_OK;
}

static int compare_vector_values(const ss_vector *a, uint32_t ra, const ss_vector *b, uint32_t rb)
{
    switch (ops_layout_of(a->type.id)) {
    case OPS_LAYOUT_BOOL: return ops_cmp_int64(((const uint8_t *)a->data)[ra], ((const uint8_t *)b->data)[rb]);
    case OPS_LAYOUT_INT2: return ops_cmp_int64(((const int16_t *)a->data)[ra], ((const int16_t *)b->data)[rb]);
    case OPS_LAYOUT_INT4: return ops_cmp_int64(((const int32_t *)a->data)[ra], ((const int32_t *)b->data)[rb]);
    case OPS_LAYOUT_INT8: return ops_cmp_int64(((const int64_t *)a->data)[ra], ((const int64_t *)b->data)[rb]);
    case OPS_LAYOUT_FLOAT8: return ops_cmp_float8(((const double *)a->data)[ra], ((const double *)b->data)[rb]);
    case OPS_LAYOUT_TEXT: return ops_cmp_text(&((const ss_text *)a->data)[ra], &((const ss_text *)b->data)[rb]);
    case OPS_LAYOUT_CUSTOM:
        return ops_type_info(a->type.id)->compare(&((const ss_text *)a->data)[ra], &((const ss_text *)b->data)[rb]);
    case OPS_LAYOUT_NONE: break;
    }
    return 0;
}

int sort_compare_vectors(const ss_sort_key *keys, uint32_t nkeys, ss_vector *const *a, uint32_t ra,
                         ss_vector *const *b, uint32_t rb)
{
    for (uint32_t k = 0; k < nkeys; k++) {
        const ss_sort_key *key = &keys[k];
        const ss_vector *va = a[key->column], *vb = b[key->column];
        bool na = ss_vector_is_null(va, ra), nb = ss_vector_is_null(vb, rb);
        int cmp;
        if (na || nb)
            cmp = na && nb ? 0 : (na == key->nulls_first) ? -1 : 1;
        else
            cmp = key->descending ? -compare_vector_values(va, ra, vb, rb) : compare_vector_values(va, ra, vb, rb);
        if (cmp)
            return cmp;
    }
    return 0;
}
