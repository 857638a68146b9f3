/* array_store.c — subscripted assignment to an array (UPDATE t SET a[i] = v, a[i][j] = v,
 * INSERT INTO t (a[i]) ...), PostgreSQL's array_set_element: a NULL array is an empty one; an
 * empty one becomes the array of the one item at the subscripts (lower bounds there); a
 * one-dimensional array is extended with NULLs to reach a subscript outside it; an array of
 * more dimensions takes only subscripts inside it.  Errors as PostgreSQL's: 22004 for a NULL
 * subscript, 2202E for a wrong number of subscripts or one out of range, 54000 for a size
 * past the limits.  Slices (a[lo:hi] = src) are PostgreSQL's array_set_slice: an empty array becomes
 * the slice (both bounds needed), a one-dimensional one grows to take it, others only take slices
 * inside them; src's items fill it in row-major order; a NULL src changes nothing. */
#include "types/array/array_func.h"

#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "types/array/array.h"

/* base with item subs[0..nsubs) set to v, into sb. */
static int store(ss_ctx *ctx, const ss_value *base, const ss_value *v, const int32_t *subs, int nsubs,
                 int32_t elem, ss_strbuf *sb)
{
    ss_array a;
    memset(&a, 0, sizeof a);
    if (!base->is_null)
        arr_decode(&base->v.s, &a);
    if (a.nitems == 0 || a.ndims == 0) { /* empty: one item at the subscripts */
        int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM];
        for (int d = 0; d < nsubs; d++)
            dims[d] = 1, lb[d] = subs[d];
        arr_encode_buf(elem, nsubs, dims, lb, v, 1, sb);
        return SS_OK;
    }
    if (a.ndims != nsubs)
        return ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "wrong number of array subscripts");
    int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM];
    memcpy(dims, a.dims, sizeof(int32_t) * (size_t)a.ndims);
    memcpy(lb, a.lbound, sizeof(int32_t) * (size_t)a.ndims);
    int64_t before = 0, after = 0; /* a one-dimensional array's new NULLs at each end */
    if (nsubs == 1) {
        int64_t lo = lb[0], hi = (int64_t)lb[0] + dims[0] - 1;
        if (subs[0] < lo)
            before = lo - subs[0];
        if (subs[0] > hi)
            after = subs[0] - hi;
        if ((int64_t)dims[0] + before + after > ARR_MAX_ITEMS)
            return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                                "array size exceeds the maximum allowed (%d)", ARR_MAX_ITEMS);
    } else {
        for (int d = 0; d < nsubs; d++)
            if (subs[d] < lb[d] || (int64_t)subs[d] >= (int64_t)lb[d] + dims[d])
                return ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "array subscript out of range");
    }
    uint32_t n = (uint32_t)((int64_t)a.nitems + before + after);
    ss_value *items = malloc(sizeof *items * n);
    if (!items)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < n; k++)
        memset(&items[k], 0, sizeof items[k]), items[k].is_null = true;
    arr_iter it;
    arr_iter_init(&it, &a);
    for (uint32_t k = 0; k < a.nitems && arr_iter_next(&it, &items[before + k]); k++)
        ;
    /* the row-major position of the subscripts */
    uint64_t pos = 0;
    if (nsubs == 1) {
        pos = (uint64_t)((int64_t)subs[0] - (lb[0] - before));
        lb[0] = (int32_t)(lb[0] - before);
        dims[0] = (int32_t)n;
    } else {
        for (int d = 0; d < nsubs; d++)
            pos = pos * (uint64_t)dims[d] + (uint64_t)(subs[d] - lb[d]);
    }
    items[pos] = *v;
    arr_encode_buf(elem, a.ndims, dims, lb, items, n, sb);
    free(items);
    return SS_OK;
}

/* args: the array, the value, then the subscripts (int4); the result is of the array's type. */
static int eval_store(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                      ss_vector *out)
{
    int nsubs = (int)nargs - 2;
    if (nsubs < 1 || nsubs > ARR_MAXDIM)
        return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                            "number of array dimensions (%d) exceeds the maximum allowed (%d)", nsubs, ARR_MAXDIM);
    int32_t elem = ss_type_element_of(out->type.id);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value base, v;
        int32_t subs[ARR_MAXDIM];
        ss_vector_get_value(args[0], row, &base);
        ss_vector_get_value(args[1], row, &v);
        for (int d = 0; d < nsubs && rc == SS_OK; d++) {
            ss_value s;
            ss_vector_get_value(args[2 + d], row, &s);
            if (s.is_null)
                rc = ss_ctx_error(ctx, "22004", "array subscript in assignment must not be null");
            subs[d] = (int32_t)s.v.i;
        }
        if (rc != SS_OK)
            break;
        ss_strbuf_clear(&sb);
        if (store(ctx, &base, &v, subs, nsubs, elem, &sb) != SS_OK)
            rc = SS_ERROR;
        else if (sb.oom)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        else
            rc = ss_vector_set_text(ctx, out, row, sb.data ? sb.data : "", sb.len);
    }
    ss_strbuf_free(&sb);
    return rc;
}

/* ---- slices: a[lo:hi] = src, PostgreSQL's array_set_slice ---- */

static int size_error(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "array size exceeds the maximum allowed (%d)",
                        ARR_MAX_ITEMS);
}

static int bounds_error(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "upper bound cannot be less than lower bound");
}

/* base with the slice [lo[d]:hi[d]] (has_lo / has_hi: given, else the array's own bound) set
 * to src's items in row-major order (extras ignored), into sb.  src is not NULL. */
static int store_slice(ss_ctx *ctx, const ss_value *base, const ss_value *src, int64_t *lo, int64_t *hi,
                       const bool *has_lo, const bool *has_hi, int nsubs, int32_t elem, ss_strbuf *sb)
{
    ss_array a, s;
    memset(&a, 0, sizeof a);
    if (!base->is_null)
        arr_decode(&base->v.s, &a);
    arr_decode(&src->v.s, &s);
    int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM];
    int ndims = nsubs;
    int64_t before = 0;
    if (a.nitems == 0 || a.ndims == 0) {
        /* an empty array becomes the slice itself: both bounds needed */
        for (int d = 0; d < nsubs; d++)
            if (!has_lo[d] || !has_hi[d]) {
                ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "array slice subscript must provide both boundaries");
                ss_ctx_error_detail(ctx, "When assigning to a slice of an empty array value, slice boundaries "
                                         "must be fully specified.");
                return SS_ERROR;
            }
        int64_t total = 1;
        for (int d = 0; d < nsubs; d++) {
            int64_t len = hi[d] - lo[d] + 1;
            if (len < 0 || (total *= len) > ARR_MAX_ITEMS)
                return size_error(ctx);
            dims[d] = (int32_t)len, lb[d] = (int32_t)lo[d];
        }
        if (total == 0) {
            arr_encode_buf(elem, 0, dims, lb, NULL, 0, sb);
            return SS_OK;
        }
    } else {
        if (a.ndims < nsubs)
            return ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "wrong number of array subscripts");
        ndims = a.ndims;
        memcpy(dims, a.dims, sizeof(int32_t) * (size_t)ndims);
        memcpy(lb, a.lbound, sizeof(int32_t) * (size_t)ndims);
        for (int d = 0; d < ndims; d++) {
            int64_t top = (int64_t)lb[d] + dims[d] - 1;
            if (d >= nsubs || !has_lo[d])
                lo[d] = lb[d];
            if (d >= nsubs || !has_hi[d])
                hi[d] = top;
            if (lo[d] > hi[d])
                return bounds_error(ctx);
            if (ndims > 1 && (lo[d] < lb[d] || hi[d] > top))
                return ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "array subscript out of range");
        }
        if (ndims == 1) { /* a one-dimensional array grows to take the slice, NULLs in gaps */
            int64_t after = 0, top = (int64_t)lb[0] + dims[0] - 1;
            if (lo[0] < lb[0])
                before = lb[0] - lo[0];
            if (hi[0] > top)
                after = hi[0] - top;
            if ((int64_t)dims[0] + before + after > ARR_MAX_ITEMS)
                return size_error(ctx);
            dims[0] = (int32_t)(dims[0] + before + after);
            lb[0] = (int32_t)(lb[0] - before);
        }
    }
    uint64_t n = 1, want = 1;
    for (int d = 0; d < ndims; d++) {
        n *= (uint64_t)dims[d];
        want *= (uint64_t)(hi[d] - lo[d] + 1);
    }
    if (s.nitems < want)
        return ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "source array too small");
    ss_value *items = malloc(sizeof *items * (size_t)(n ? n : 1));
    if (!items)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint64_t k = 0; k < n; k++)
        memset(&items[k], 0, sizeof items[k]), items[k].is_null = true;
    arr_iter it;
    arr_iter_init(&it, &a);
    for (uint32_t k = 0; k < a.nitems && arr_iter_next(&it, &items[before + k]); k++)
        ;
    /* the slice's positions in row-major order, filled from src */
    int64_t idx[ARR_MAXDIM];
    for (int d = 0; d < ndims; d++)
        idx[d] = lo[d];
    arr_iter_init(&it, &s);
    for (uint64_t k = 0; k < want; k++) {
        uint64_t pos = 0;
        for (int d = 0; d < ndims; d++)
            pos = pos * (uint64_t)dims[d] + (uint64_t)(idx[d] - lb[d]);
        arr_iter_next(&it, &items[pos]);
        for (int d = ndims - 1; d >= 0; d--) {
            if (++idx[d] <= hi[d])
                break;
            idx[d] = lo[d];
        }
    }
    arr_encode_buf(elem, ndims, dims, lb, items, (uint32_t)n, sb);
    free(items);
    return SS_OK;
}

/* args: the array, the source array, the shape (int4: ARR_SHAPE_NO_LOWER + k / NO_UPPER + k
 * bits for omitted bounds), then lower and upper bound (int4) of each subscript. */
static int eval_slice_store(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                            ss_vector *out)
{
    int nsubs = (int)(nargs - 3) / 2;
    if (nsubs < 1 || nsubs > ARR_MAXDIM)
        return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                            "number of array dimensions (%d) exceeds the maximum allowed (%d)", nsubs, ARR_MAXDIM);
    int32_t elem = ss_type_element_of(out->type.id);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        uint32_t row = rows ? rows[k] : k;
        ss_value base, src, shape;
        ss_vector_get_value(args[0], row, &base);
        ss_vector_get_value(args[1], row, &src);
        ss_vector_get_value(args[2], row, &shape);
        int64_t lo[ARR_MAXDIM], hi[ARR_MAXDIM];
        bool has_lo[ARR_MAXDIM], has_hi[ARR_MAXDIM];
        for (int d = 0; d < nsubs && rc == SS_OK; d++) {
            has_lo[d] = !((shape.v.i >> (ARR_SHAPE_NO_LOWER + d)) & 1);
            has_hi[d] = !((shape.v.i >> (ARR_SHAPE_NO_UPPER + d)) & 1);
            ss_value l, h;
            ss_vector_get_value(args[3 + 2 * d], row, &l);
            ss_vector_get_value(args[4 + 2 * d], row, &h);
            if ((has_lo[d] && l.is_null) || (has_hi[d] && h.is_null))
                rc = ss_ctx_error(ctx, "22004", "array subscript in assignment must not be null");
            lo[d] = l.v.i, hi[d] = h.v.i;
        }
        if (rc != SS_OK)
            break;
        ss_strbuf_clear(&sb);
        if (src.is_null) {
            /* a NULL source changes nothing (a NULL array becomes an empty one) */
            if (base.is_null)
                arr_encode_buf(elem, 0, NULL, NULL, NULL, 0, &sb);
            else
                ss_strbuf_append(&sb, base.v.s.ptr, base.v.s.len);
        } else if (store_slice(ctx, &base, &src, lo, hi, has_lo, has_hi, nsubs, elem, &sb) != SS_OK) {
            rc = SS_ERROR;
        }
        if (rc == SS_OK)
            rc = sb.oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory")
                        : ss_vector_set_text(ctx, out, row, sb.data ? sb.data : "", sb.len);
    }
    ss_strbuf_free(&sb);
    return rc;
}

const ss_func_def arr_def_slice_store = {.name = "array slice assignment", .nargs = 5, .variadic_any = true,
                                         .result = SS_TYPE_INVALID, .eval = eval_slice_store};

const ss_func_def arr_def_store = {.name = "array assignment", .nargs = 3, .variadic_any = true,
                                   .result = SS_TYPE_INVALID, .eval = eval_store};
