/* array_func.c — the evaluation callbacks of array expressions and functions (the binder's
 * bind_array.c makes the calls): ARRAY[...] constructors, subscripts and slices, op ANY / ALL
 * over an array, @> <@ &&, ||, array_append / array_prepend / array_cat, array_length and the
 * other dimension functions, array_position(s), array_remove / array_replace,
 * array_to_string and string_to_array, with PostgreSQL's results and errors.  Each works row
 * by row over decoded values, generic over the element type. */
#include "types/array/array_func.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "types/functions.h"
#include "types/typeio.h"

static int oom(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

static int set_null(ss_ctx *ctx, ss_vector *out, uint32_t row)
{
    if (ss_vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    ss_vector_set_null(out, row);
    return SS_OK;
}

/* Stores an encoded array built in sb at row of out. */
static int put_array(ss_ctx *ctx, ss_vector *out, uint32_t row, ss_strbuf *sb)
{
    if (sb->oom)
        return oom(ctx);
    return ss_vector_set_text(ctx, out, row, sb->data ? sb->data : "", sb->len);
}

/* Encodes and stores an array. */
static int put_items(ss_ctx *ctx, ss_vector *out, uint32_t row, int32_t elem, int ndims,
                     const int32_t *dims, const int32_t *lb, const ss_value *items, uint32_t n)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    arr_encode_buf(elem, ndims, dims, lb, items, n, &sb);
    int rc = put_array(ctx, out, row, &sb);
    ss_strbuf_free(&sb);
    return rc;
}

static int put_int(ss_vector *out, uint32_t row, int64_t v)
{
    ((int32_t *)out->data)[row] = (int32_t)v;
    ss_vector_set_valid(out, row);
    return SS_OK;
}

static int subscript_error(ss_ctx *ctx, const char *msg, const char *detail)
{
    ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "%s", msg);
    if (detail)
        ss_ctx_error_detail(ctx, "%s", detail);
    return SS_ERROR;
}

/* A growable list of items. */
typedef struct item_list {
    ss_value *v;
    uint32_t n, cap;
} item_list;

static int list_push(ss_ctx *ctx, item_list *l, const ss_value *v)
{
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 16;
        ss_value *p = realloc(l->v, sizeof *p * cap);
        if (!p)
            return oom(ctx);
        l->v = p;
        l->cap = cap;
    }
    l->v[l->n++] = *v;
    return SS_OK;
}

/* Appends every item of a decoded array. */
static int list_push_all(ss_ctx *ctx, item_list *l, const ss_array *a)
{
    arr_iter it;
    arr_iter_init(&it, a);
    ss_value v;
    while (arr_iter_next(&it, &v))
        if (list_push(ctx, l, &v) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

/* ---- ARRAY[...] ----------------------------------------------------------------------- */

int arr_fn_construct(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    int32_t elem = ss_type_element_of(out->type.id);
    bool multi = nargs > 0 && args[0]->type.id == out->type.id;
    item_list l = {0};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        l.n = 0;
        if (!multi) {
            for (uint32_t k = 0; k < nargs && rc == SS_OK; k++) {
                ss_value v;
                ss_vector_get_value(args[k], i, &v);
                rc = list_push(ctx, &l, &v);
            }
            int32_t dim = (int32_t)nargs, lb = 1;
            if (rc == SS_OK)
                rc = put_items(ctx, out, i, elem, 1, &dim, &lb, l.v, l.n);
        } else {
            /* sub-arrays: the same dimensions each, NULL and empty ones only all together */
            ss_array first = {0};
            bool have = false, empty = false;
            uint32_t count = 0;
            for (uint32_t k = 0; k < nargs && rc == SS_OK; k++) {
                ss_value v;
                ss_vector_get_value(args[k], i, &v);
                if (v.is_null) {
                    empty = true;
                    continue;
                }
                ss_array a;
                arr_decode(&v.v.s, &a);
                if (a.ndims == 0) {
                    empty = true;
                    continue;
                }
                if (!have) {
                    first = a;
                    have = true;
                } else if (a.ndims != first.ndims ||
                           memcmp(a.dims, first.dims, sizeof(int32_t) * (size_t)a.ndims) != 0 ||
                           memcmp(a.lbound, first.lbound, sizeof(int32_t) * (size_t)a.ndims) != 0) {
                    rc = subscript_error(ctx, "multidimensional arrays must have array expressions "
                                              "with matching dimensions", NULL);
                    break;
                }
                count++;
                rc = list_push_all(ctx, &l, &a);
            }
            if (rc != SS_OK)
                break;
            if (!have) {
                rc = put_items(ctx, out, i, elem, 0, NULL, NULL, NULL, 0);
            } else if (empty) {
                rc = subscript_error(ctx, "multidimensional arrays must have array expressions "
                                          "with matching dimensions", NULL);
            } else if (first.ndims + 1 > ARR_MAXDIM) {
                rc = ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                                  "number of array dimensions (%d) exceeds the maximum allowed (%d)",
                                  first.ndims + 1, ARR_MAXDIM);
            } else {
                int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM];
                dims[0] = (int32_t)count;
                lb[0] = 1;
                for (int d = 0; d < first.ndims; d++) {
                    dims[d + 1] = first.dims[d];
                    lb[d + 1] = first.lbound[d];
                }
                rc = put_items(ctx, out, i, elem, first.ndims + 1, dims, lb, l.v, l.n);
            }
        }
        if (rc != SS_OK)
            break;
    });
    free(l.v);
    return rc;
}

/* ---- subscripts and slices -------------------------------------------------------------- */

/* args: the array, the shape (ARR_SHAPE_*), then a lower and an upper bound per subscript. */
int arr_fn_subscript(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    if (n == 0)
        return SS_OK;
    /* a constant argument: its value is at every row evaluated, rows[0] among them */
    int64_t shape = ((const int64_t *)args[1]->data)[rows ? rows[0] : 0];
    int nsubs = (int)((nargs - 2) / 2);
    bool slice = (shape & ARR_SHAPE_SLICE) != 0;
    item_list l = {0};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value av;
        ss_vector_get_value(args[0], i, &av);
        int32_t lo[ARR_MAXDIM], hi[ARR_MAXDIM];
        bool null = av.is_null;
        for (int k = 0; k < nsubs && !null; k++) {
            ss_value x;
            bool has_lo = !(shape & ((int64_t)1 << (ARR_SHAPE_NO_LOWER + k)));
            bool has_hi = !(shape & ((int64_t)1 << (ARR_SHAPE_NO_UPPER + k)));
            lo[k] = INT32_MIN;
            hi[k] = INT32_MAX;
            if (has_lo) {
                ss_vector_get_value(args[2 + 2 * k], i, &x);
                null |= x.is_null;
                lo[k] = (int32_t)x.v.i;
            }
            if (has_hi) {
                ss_vector_get_value(args[3 + 2 * k], i, &x);
                null |= x.is_null;
                hi[k] = (int32_t)x.v.i;
            }
        }
        if (null) {
            rc = set_null(ctx, out, i);
            if (rc != SS_OK)
                break;
            continue;
        }
        ss_array a;
        arr_decode(&av.v.s, &a);
        if (!slice) {
            /* array_get_element: NULL unless one subscript per dimension, all in range */
            bool ok = nsubs == a.ndims;
            uint32_t off = 0;
            for (int k = 0; k < nsubs && ok; k++) {
                int64_t at = (int64_t)hi[k] - a.lbound[k];
                ok = at >= 0 && at < a.dims[k];
                off = off * (uint32_t)a.dims[k] + (uint32_t)(ok ? at : 0);
            }
            if (!ok) {
                rc = set_null(ctx, out, i);
            } else {
                ss_value v;
                arr_item(&a, off, &v);
                rc = ss_vector_set_value(ctx, out, i, &v);
            }
            if (rc != SS_OK)
                break;
            continue;
        }
        /* array_get_slice: bounds clipped to the array's, dimensions past the subscripts
           whole; empty when nothing is left; the result's lower bounds are 1 */
        l.n = 0;
        bool empty = a.ndims == 0 || nsubs > a.ndims;
        int32_t from[ARR_MAXDIM], to[ARR_MAXDIM];
        for (int d = 0; d < a.ndims && !empty; d++) {
            int64_t f = a.lbound[d], t = (int64_t)a.lbound[d] + a.dims[d] - 1;
            if (d < nsubs) {
                if (lo[d] != INT32_MIN && lo[d] > f)
                    f = lo[d];
                if (hi[d] != INT32_MAX && hi[d] < t)
                    t = hi[d];
            }
            if (f > t)
                empty = true;
            from[d] = (int32_t)(f - a.lbound[d]);
            to[d] = (int32_t)(t - a.lbound[d]);
        }
        if (empty) {
            rc = put_items(ctx, out, i, a.elem, 0, NULL, NULL, NULL, 0);
        } else {
            ss_value *all;
            rc = arr_items(ctx, &a, &all);
            int32_t idx[ARR_MAXDIM], dims[ARR_MAXDIM], lb[ARR_MAXDIM];
            for (int d = 0; d < a.ndims; d++) {
                idx[d] = from[d];
                dims[d] = to[d] - from[d] + 1;
                lb[d] = 1;
            }
            while (rc == SS_OK) {
                uint32_t off = 0;
                for (int d = 0; d < a.ndims; d++)
                    off = off * (uint32_t)a.dims[d] + (uint32_t)idx[d];
                rc = list_push(ctx, &l, &all[off]);
                int d = a.ndims - 1;
                while (d >= 0 && ++idx[d] > to[d]) {
                    idx[d] = from[d];
                    d--;
                }
                if (d < 0)
                    break;
            }
            if (rc == SS_OK)
                rc = put_items(ctx, out, i, a.elem, a.ndims, dims, lb, l.v, l.n);
            free(all);
        }
        if (rc != SS_OK)
            break;
    });
    free(l.v);
    return rc;
}

/* ---- op ANY / ALL (array) --------------------------------------------------------------- */

static bool cmp_holds(int op, int c)
{
    switch (op) {
    case ARR_CMP_EQ: return c == 0;
    case ARR_CMP_NE: return c != 0;
    case ARR_CMP_LT: return c < 0;
    case ARR_CMP_LE: return c <= 0;
    case ARR_CMP_GT: return c > 0;
    default: return c >= 0;
    }
}

/* args: the left operand (of the element type), the array, the operator and ALL flag
 * (ARR_CMP_* | ARR_CMP_ALL) as an int4 constant. */
int arr_fn_any(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out)
{
    (void)nargs;
    if (n == 0)
        return SS_OK;
    int code = (int)((const int32_t *)args[2]->data)[rows ? rows[0] : 0];
    bool all = (code & ARR_CMP_ALL) != 0;
    int op = code & ~ARR_CMP_ALL;
    uint8_t *res = out->data;
    SS_FOR_ROWS(rows, n, i, {
        ss_value x, av;
        ss_vector_get_value(args[0], i, &x);
        ss_vector_get_value(args[1], i, &av);
        if (av.is_null) {
            if (set_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        ss_array a;
        arr_decode(&av.v.s, &a);
        /* an empty array decides even for a NULL operand */
        bool result = all, saw_null = false;
        if (a.nitems > 0 && x.is_null) {
            saw_null = true;
        } else {
            arr_iter it;
            arr_iter_init(&it, &a);
            ss_value v;
            while (arr_iter_next(&it, &v)) {
                if (v.is_null) {
                    saw_null = true;
                    continue;
                }
                bool h = cmp_holds(op, arr_elem_compare(a.elem, &x, &v));
                if (h != all) {
                    result = h;
                    saw_null = false;
                    break;
                }
            }
        }
        if (result == all && saw_null) {
            if (set_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        res[i] = result;
    });
    return SS_OK;
}

/* ---- @> <@ && --------------------------------------------------------------------------- */

/* array_contain_compare: whether every (matchall) or some item of x is equal to an item of
 * y; a NULL item of x fails, NULL items of y match nothing. */
static bool contain_compare(const ss_text *xt, const ss_text *yt, bool matchall)
{
    ss_array x, y;
    arr_decode(xt, &x);
    arr_decode(yt, &y);
    arr_iter ix;
    arr_iter_init(&ix, &x);
    ss_value v;
    while (arr_iter_next(&ix, &v)) {
        bool found = false;
        if (!v.is_null) {
            arr_iter iy;
            arr_iter_init(&iy, &y);
            ss_value w;
            while (!found && arr_iter_next(&iy, &w))
                found = !w.is_null && arr_elem_equal(x.elem, &v, &w);
        } else if (!matchall) {
            continue;
        }
        if (found && !matchall)
            return true;
        if (!found && matchall)
            return false;
    }
    return matchall;
}

#define CONTAIN_FN(NAME, X, Y, ALL)                                                           \
    int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,       \
             uint32_t n, ss_vector *out)                                                    \
    {                                                                                       \
        (void)ctx;                                                                          \
        (void)nargs;                                                                        \
        const ss_text *a = args[0]->data, *b = args[1]->data;                               \
        uint8_t *res = out->data;                                                           \
        SS_FOR_ROWS(rows, n, i, { res[i] = contain_compare(&X[i], &Y[i], ALL); });          \
        return SS_OK;                                                                       \
    }

CONTAIN_FN(arr_fn_contains, b, a, true)
CONTAIN_FN(arr_fn_contained, a, b, true)
CONTAIN_FN(arr_fn_overlap, a, b, false)

/* ---- || and array_cat / array_append / array_prepend ----------------------------------- */

static int incompatible(ss_ctx *ctx, const char *detail)
{
    return subscript_error(ctx, "cannot concatenate incompatible arrays", detail);
}

/* array_cat of two non-NULL arrays into row of out. */
static int cat_arrays(ss_ctx *ctx, const ss_text *xt, const ss_text *yt, ss_vector *out,
                      uint32_t row, item_list *l)
{
    ss_array x, y;
    arr_decode(xt, &x);
    arr_decode(yt, &y);
    if (y.ndims == 0)
        return ss_vector_set_text(ctx, out, row, xt->ptr, xt->len);
    if (x.ndims == 0)
        return ss_vector_set_text(ctx, out, row, yt->ptr, yt->len);
    int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM];
    int nd;
    if (x.ndims == y.ndims) {
        nd = x.ndims;
        dims[0] = x.dims[0] + y.dims[0];
        lb[0] = x.lbound[0];
        for (int d = 1; d < nd; d++) {
            if (x.dims[d] != y.dims[d] || x.lbound[d] != y.lbound[d])
                return incompatible(ctx, "Arrays with differing element dimensions are not "
                                         "compatible for concatenation.");
            dims[d] = x.dims[d];
            lb[d] = x.lbound[d];
        }
    } else if (x.ndims == y.ndims - 1 || y.ndims == x.ndims - 1) {
        const ss_array *outer = x.ndims > y.ndims ? &x : &y, *inner = x.ndims > y.ndims ? &y : &x;
        nd = outer->ndims;
        memcpy(dims, outer->dims, sizeof(int32_t) * (size_t)nd);
        memcpy(lb, outer->lbound, sizeof(int32_t) * (size_t)nd);
        dims[0] += 1;
        for (int d = 0; d < inner->ndims; d++)
            if (inner->dims[d] != dims[d + 1] || inner->lbound[d] != lb[d + 1])
                return incompatible(ctx, "Arrays with differing dimensions are not compatible "
                                         "for concatenation.");
    } else {
        char detail[128];
        snprintf(detail, sizeof detail,
                 "Arrays of %d and %d dimensions are not compatible for concatenation.", x.ndims,
                 y.ndims);
        return incompatible(ctx, detail);
    }
    l->n = 0;
    if (list_push_all(ctx, l, &x) != SS_OK || list_push_all(ctx, l, &y) != SS_OK)
        return SS_ERROR;
    return put_items(ctx, out, row, x.elem, nd, dims, lb, l->v, l->n);
}

int arr_fn_cat(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
               uint32_t n, ss_vector *out)
{
    (void)nargs;
    item_list l = {0};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value x, y;
        ss_vector_get_value(args[0], i, &x);
        ss_vector_get_value(args[1], i, &y);
        if (x.is_null && y.is_null)
            rc = set_null(ctx, out, i);
        else if (x.is_null)
            rc = ss_vector_set_text(ctx, out, i, y.v.s.ptr, y.v.s.len);
        else if (y.is_null)
            rc = ss_vector_set_text(ctx, out, i, x.v.s.ptr, x.v.s.len);
        else
            rc = cat_arrays(ctx, &x.v.s, &y.v.s, out, i, &l);
        if (rc != SS_OK)
            break;
    });
    free(l.v);
    return rc;
}

/* array_append (prepend false) / array_prepend of one element: a NULL array is empty, a
 * one-dimensional one keeps its lower bound. */
static int push_elem(ss_ctx *ctx, const ss_value *av, const ss_value *ev, bool prepend,
                     int32_t elem, ss_vector *out, uint32_t row, item_list *l)
{
    ss_array a = {0};
    if (!av->is_null)
        arr_decode(&av->v.s, &a);
    if (a.ndims > 1)
        return ss_ctx_error(ctx, "22000", "argument must be empty or one-dimensional array");
    l->n = 0;
    if (prepend && list_push(ctx, l, ev) != SS_OK)
        return SS_ERROR;
    if (a.ndims == 1 && list_push_all(ctx, l, &a) != SS_OK)
        return SS_ERROR;
    if (!prepend && list_push(ctx, l, ev) != SS_OK)
        return SS_ERROR;
    int32_t dim = (int32_t)l->n, lb = a.ndims == 1 ? a.lbound[0] : 1;
    if (a.ndims == 1 && !prepend && (int64_t)lb + dim - 1 > INT32_MAX)
        return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "integer out of range");
    return put_items(ctx, out, row, elem, 1, &dim, &lb, l->v, l->n);
}

int arr_fn_append(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out)
{
    (void)nargs;
    int32_t elem = ss_type_element_of(out->type.id);
    item_list l = {0};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value av, ev;
        ss_vector_get_value(args[0], i, &av);
        ss_vector_get_value(args[1], i, &ev);
        if ((rc = push_elem(ctx, &av, &ev, false, elem, out, i, &l)) != SS_OK)
            break;
    });
    free(l.v);
    return rc;
}

int arr_fn_prepend(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out)
{
    (void)nargs;
    int32_t elem = ss_type_element_of(out->type.id);
    item_list l = {0};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value av, ev;
        ss_vector_get_value(args[0], i, &ev);
        ss_vector_get_value(args[1], i, &av);
        if ((rc = push_elem(ctx, &av, &ev, true, elem, out, i, &l)) != SS_OK)
            break;
    });
    free(l.v);
    return rc;
}

/* ---- dimensions ------------------------------------------------------------------------ */

/* array_length (0), array_lower (1), array_upper (2) of dimension args[1]: NULL when the
 * array has no such dimension. */
static int dim_fn(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n,
                  ss_vector *out, int what)
{
    const ss_text *t = args[0]->data;
    SS_FOR_ROWS(rows, n, i, {
        ss_array a;
        arr_decode(&t[i], &a);
        int64_t d = ((const int32_t *)args[1]->data)[i];
        if (d < 1 || d > a.ndims) {
            if (set_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        int k = (int)d - 1;
        put_int(out, i, what == 0 ? a.dims[k] : what == 1 ? a.lbound[k] : a.lbound[k] + a.dims[k] - 1);
    });
    return SS_OK;
}

int arr_fn_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out)
{
    (void)nargs;
    return dim_fn(ctx, args, rows, n, out, 0);
}

int arr_fn_lower(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out)
{
    (void)nargs;
    return dim_fn(ctx, args, rows, n, out, 1);
}

int arr_fn_upper(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out)
{
    (void)nargs;
    return dim_fn(ctx, args, rows, n, out, 2);
}

int arr_fn_ndims(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                 uint32_t n, ss_vector *out)
{
    (void)nargs;
    const ss_text *t = args[0]->data;
    SS_FOR_ROWS(rows, n, i, {
        ss_array a;
        arr_decode(&t[i], &a);
        if (a.ndims == 0) {
            if (set_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        put_int(out, i, a.ndims);
    });
    return SS_OK;
}

int arr_fn_cardinality(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                       uint32_t n, ss_vector *out)
{
    (void)ctx;
    (void)nargs;
    const ss_text *t = args[0]->data;
    SS_FOR_ROWS(rows, n, i, {
        ss_array a;
        arr_decode(&t[i], &a);
        put_int(out, i, a.nitems);
    });
    return SS_OK;
}

int arr_fn_dims(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                uint32_t n, ss_vector *out)
{
    (void)nargs;
    const ss_text *t = args[0]->data;
    SS_FOR_ROWS(rows, n, i, {
        ss_array a;
        arr_decode(&t[i], &a);
        if (a.ndims == 0) {
            if (set_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        char buf[ARR_MAXDIM * 26 + 1];
        size_t len = 0;
        for (int d = 0; d < a.ndims; d++)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "[%d:%d]", a.lbound[d],
                                    a.lbound[d] + a.dims[d] - 1);
        if (ss_vector_set_text(ctx, out, i, buf, len) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* ---- searching, removing, replacing ----------------------------------------------------- */

/* IS NOT DISTINCT FROM over elements. */
static bool not_distinct(int32_t elem, const ss_value *a, const ss_value *b)
{
    if (a->is_null || b->is_null)
        return a->is_null && b->is_null;
    return arr_elem_equal(elem, a, b);
}

static int one_dim_only(ss_ctx *ctx, const char *what)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                        "%s multidimensional arrays is not supported", what);
}

/* array_position(array, elem [, start]): the subscript of the first match at or after start. */
int arr_fn_position(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                    uint32_t n, ss_vector *out)
{
    SS_FOR_ROWS(rows, n, i, {
        ss_value av, ev;
        ss_vector_get_value(args[0], i, &av);
        ss_vector_get_value(args[1], i, &ev);
        if (av.is_null) {
            if (set_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        ss_array a;
        arr_decode(&av.v.s, &a);
        if (a.ndims > 1)
            return one_dim_only(ctx, "searching for elements in");
        int64_t start = a.ndims ? a.lbound[0] : 1;
        if (nargs > 2) {
            ss_value sv;
            ss_vector_get_value(args[2], i, &sv);
            if (sv.is_null)
                return ss_ctx_error(ctx, "22004", "initial position must not be null");
            start = sv.v.i;
        }
        int64_t found = -1;
        arr_iter it;
        arr_iter_init(&it, &a);
        ss_value v;
        for (int64_t pos = a.ndims ? a.lbound[0] : 1; arr_iter_next(&it, &v); pos++)
            if (pos >= start && not_distinct(a.elem, &v, &ev)) {
                found = pos;
                break;
            }
        if (found < 0) {
            if (set_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        put_int(out, i, found);
    });
    return SS_OK;
}

int arr_fn_positions(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    (void)nargs;
    item_list l = {0};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value av, ev;
        ss_vector_get_value(args[0], i, &av);
        ss_vector_get_value(args[1], i, &ev);
        if (av.is_null) {
            if ((rc = set_null(ctx, out, i)) != SS_OK)
                break;
            continue;
        }
        ss_array a;
        arr_decode(&av.v.s, &a);
        if (a.ndims > 1) {
            rc = one_dim_only(ctx, "searching for elements in");
            break;
        }
        l.n = 0;
        arr_iter it;
        arr_iter_init(&it, &a);
        ss_value v;
        for (int64_t pos = a.ndims ? a.lbound[0] : 1; rc == SS_OK && arr_iter_next(&it, &v); pos++)
            if (not_distinct(a.elem, &v, &ev)) {
                ss_value p = {.v.i = pos};
                rc = list_push(ctx, &l, &p);
            }
        int32_t dim = (int32_t)l.n, lb = 1;
        if (rc == SS_OK)
            rc = put_items(ctx, out, i, SS_TYPE_INT4, 1, &dim, &lb, l.v, l.n);
        if (rc != SS_OK)
            break;
    });
    free(l.v);
    return rc;
}

/* array_remove (replace false) / array_replace: every item not distinct from args[1]
 * dropped, or replaced by args[2]. */
static int replace_rows(ss_ctx *ctx, ss_vector *const *args, bool replace, const uint32_t *rows,
                        uint32_t n, ss_vector *out)
{
    item_list l = {0};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value av, ev, rv = {0};
        ss_vector_get_value(args[0], i, &av);
        ss_vector_get_value(args[1], i, &ev);
        if (replace)
            ss_vector_get_value(args[2], i, &rv);
        if (av.is_null) {
            if ((rc = set_null(ctx, out, i)) != SS_OK)
                break;
            continue;
        }
        ss_array a;
        arr_decode(&av.v.s, &a);
        if (a.ndims > 1 && !replace) {
            rc = one_dim_only(ctx, "removing elements from");
            break;
        }
        l.n = 0;
        arr_iter it;
        arr_iter_init(&it, &a);
        ss_value v;
        while (rc == SS_OK && arr_iter_next(&it, &v)) {
            if (!not_distinct(a.elem, &v, &ev))
                rc = list_push(ctx, &l, &v);
            else if (replace)
                rc = list_push(ctx, &l, &rv);
        }
        if (rc != SS_OK)
            break;
        if (l.n == a.nitems && !replace) {
            rc = ss_vector_set_text(ctx, out, i, av.v.s.ptr, av.v.s.len);
        } else {
            int32_t dims[ARR_MAXDIM];
            memcpy(dims, a.dims, sizeof dims);
            if (!replace)
                dims[0] = (int32_t)l.n;
            rc = put_items(ctx, out, i, a.elem, l.n ? a.ndims : 0, dims, a.lbound, l.v, l.n);
        }
        if (rc != SS_OK)
            break;
    });
    free(l.v);
    return rc;
}

int arr_fn_remove(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                  uint32_t n, ss_vector *out)
{
    (void)nargs;
    return replace_rows(ctx, args, false, rows, n, out);
}

int arr_fn_replace(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out)
{
    (void)nargs;
    return replace_rows(ctx, args, true, rows, n, out);
}

/* ---- array_to_string / string_to_array --------------------------------------------------- */

int arr_fn_to_string(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    ss_strbuf sb, item;
    ss_strbuf_init(&sb);
    ss_strbuf_init(&item);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value av, dv, nv = {.is_null = true};
        ss_vector_get_value(args[0], i, &av);
        ss_vector_get_value(args[1], i, &dv);
        if (nargs > 2)
            ss_vector_get_value(args[2], i, &nv);
        if (av.is_null || dv.is_null) {
            if ((rc = set_null(ctx, out, i)) != SS_OK)
                break;
            continue;
        }
        ss_array a;
        arr_decode(&av.v.s, &a);
        ss_strbuf_clear(&sb);
        arr_iter it;
        arr_iter_init(&it, &a);
        ss_value v;
        bool first = true;
        ss_type et = {a.elem, -1};
        while (arr_iter_next(&it, &v)) {
            if (v.is_null && nv.is_null)
                continue;
            if (!first)
                ss_strbuf_append(&sb, dv.v.s.ptr, dv.v.s.len);
            first = false;
            if (v.is_null) {
                ss_strbuf_append(&sb, nv.v.s.ptr, nv.v.s.len);
            } else {
                ss_strbuf_clear(&item);
                ss_value_format(et, &v, &item);
                ss_strbuf_append(&sb, item.data ? item.data : "", item.len);
            }
        }
        if (sb.oom) {
            rc = oom(ctx);
            break;
        }
        if ((rc = ss_vector_set_text(ctx, out, i, sb.data ? sb.data : "", sb.len)) != SS_OK)
            break;
    });
    ss_strbuf_free(&sb);
    ss_strbuf_free(&item);
    return rc;
}

/* One piece of string_to_array: NULL when it equals the null string. */
static int push_piece(ss_ctx *ctx, item_list *l, const char *p, uint32_t len, const ss_value *nv)
{
    ss_value v = {0};
    if (!nv->is_null && nv->v.s.len == len && memcmp(nv->v.s.ptr, p, len) == 0)
        v.is_null = true;
    else
        v.v.s = (ss_text){p, len, 0};
    return list_push(ctx, l, &v);
}

int arr_fn_string_to_array(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs,
                           const uint32_t *rows, uint32_t n, ss_vector *out)
{
    item_list l = {0};
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        ss_value sv, dv, nv = {.is_null = true};
        ss_vector_get_value(args[0], i, &sv);
        ss_vector_get_value(args[1], i, &dv);
        if (nargs > 2)
            ss_vector_get_value(args[2], i, &nv);
        if (sv.is_null) {
            if ((rc = set_null(ctx, out, i)) != SS_OK)
                break;
            continue;
        }
        l.n = 0;
        const char *s = sv.v.s.ptr;
        uint32_t len = sv.v.s.len;
        if (len == 0) {
            /* the empty string is the empty array */
        } else if (dv.is_null) {
            /* a NULL delimiter splits into characters */
            for (uint32_t k = 0; k < len && rc == SS_OK;) {
                uint32_t cl = 1;
                unsigned char c = (unsigned char)s[k];
                if (c >= 0xf0)
                    cl = 4;
                else if (c >= 0xe0)
                    cl = 3;
                else if (c >= 0xc0)
                    cl = 2;
                if (k + cl > len)
                    cl = len - k;
                rc = push_piece(ctx, &l, s + k, cl, &nv);
                k += cl;
            }
        } else if (dv.v.s.len == 0) {
            rc = push_piece(ctx, &l, s, len, &nv);
        } else {
            uint32_t dl = dv.v.s.len, start = 0;
            for (uint32_t k = 0; k + dl <= len && rc == SS_OK;) {
                if (memcmp(s + k, dv.v.s.ptr, dl) == 0) {
                    rc = push_piece(ctx, &l, s + start, k - start, &nv);
                    k += dl;
                    start = k;
                } else {
                    k++;
                }
            }
            if (rc == SS_OK)
                rc = push_piece(ctx, &l, s + start, len - start, &nv);
        }
        int32_t dim = (int32_t)l.n, lb = 1;
        if (rc == SS_OK)
            rc = put_items(ctx, out, i, SS_TYPE_TEXT, 1, &dim, &lb, l.v, l.n);
        if (rc != SS_OK)
            break;
    });
    free(l.v);
    return rc;
}

/* ---- the definitions ------------------------------------------------------------------- */

/* polymorphic: any arguments (the binder checks them), the call's result type */
#define ADEF(NAME, MIN, STRICT, EVAL) {NAME, MIN, true, STRICT, {0}, SS_TYPE_INVALID, EVAL}

const ss_func_def arr_def_construct = ADEF("array", 0, false, arr_fn_construct);
const ss_func_def arr_def_subscript = ADEF("subscript", 2, false, arr_fn_subscript);
const ss_func_def arr_def_any = ADEF("any", 3, false, arr_fn_any);
const ss_func_def arr_def_contains = ADEF("arraycontains", 2, true, arr_fn_contains);
const ss_func_def arr_def_contained = ADEF("arraycontained", 2, true, arr_fn_contained);
const ss_func_def arr_def_overlap = ADEF("arrayoverlap", 2, true, arr_fn_overlap);
const ss_func_def arr_def_cat = ADEF("array_cat", 2, false, arr_fn_cat);
const ss_func_def arr_def_append = ADEF("array_append", 2, false, arr_fn_append);
const ss_func_def arr_def_prepend = ADEF("array_prepend", 2, false, arr_fn_prepend);

static const ss_func_def named[] = {
    ADEF("array_length", 2, true, arr_fn_length),
    ADEF("array_lower", 2, true, arr_fn_lower),
    ADEF("array_upper", 2, true, arr_fn_upper),
    ADEF("array_ndims", 1, true, arr_fn_ndims),
    ADEF("array_dims", 1, true, arr_fn_dims),
    ADEF("cardinality", 1, true, arr_fn_cardinality),
    ADEF("array_position", 2, false, arr_fn_position),
    ADEF("array_position", 3, false, arr_fn_position),
    ADEF("array_positions", 2, false, arr_fn_positions),
    ADEF("array_remove", 2, false, arr_fn_remove),
    ADEF("array_replace", 3, false, arr_fn_replace),
    ADEF("array_to_string", 2, false, arr_fn_to_string),
    ADEF("array_to_string", 3, false, arr_fn_to_string),
    ADEF("string_to_array", 2, false, arr_fn_string_to_array),
    ADEF("string_to_array", 3, false, arr_fn_string_to_array),
};

const ss_func_def *arr_func_lookup(const char *name, uint32_t nargs)
{
    if (strcmp(name, "array_cat") == 0)
        return nargs == 2 ? &arr_def_cat : NULL;
    if (strcmp(name, "array_append") == 0)
        return nargs == 2 ? &arr_def_append : NULL;
    if (strcmp(name, "array_prepend") == 0)
        return nargs == 2 ? &arr_def_prepend : NULL;
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
        if (named[k].nargs == nargs && strcmp(named[k].name, name) == 0)
            return &named[k];
    return NULL;
}
