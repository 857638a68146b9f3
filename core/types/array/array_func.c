/* array_func.c — the evaluation callbacks of array expressions and functions (the binder's
 * bind_array.c makes the calls): ARRAY[...] constructors, subscripts and slices, op ANY / ALL
 * over an array, @> <@ &&, ||, array_append / array_prepend / array_cat, array_length and the
 * other dimension functions, array_position(s), array_remove / array_replace,
 * trim_array, array_to_string and string_to_array, array_fill, width_bucket over thresholds, with PostgreSQL's results and errors.
 * Each is one function over one row of decoded values, generic over the element type, run
 * over the rows by run_rows. */
#include "types/array/array_func.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "types/func_impl.h"
#include "types/functions.h"
#include "types/record/record.h"
#include "types/typeio.h"

static int oom(ss_ctx *ctx)
{
    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
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

/* ---- the row driver ----------------------------------------------------------------------- */

/* One call over one batch: its arguments and result, scratch shared by its rows, the value
 * of its constant argument (a subscript's shape, an ANY's operator) and which variant of the
 * function runs. */
typedef struct arr_call {
    ss_ctx *ctx;
    ss_vector *const *args;
    uint32_t nargs;
    ss_vector *out;
    item_list l;
    ss_strbuf sb, item;
    int64_t konst;
    int variant;
} arr_call;

typedef int (*row_fn)(arr_call *c, uint32_t row);

/* Runs fn at rows[0..n) (NULL: 0..n-1); konst_arg: the argument holding a constant (read at
 * a live row, where it is evaluated), or -1. */
static int run_rows(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out, row_fn fn, int konst_arg, int variant)
{
    if (n == 0)
        return SS_OK;
    arr_call c = {.ctx = ctx, .args = args, .nargs = nargs, .out = out, .variant = variant};
    if (konst_arg >= 0) {
        ss_value k;
        ss_vector_get_value(args[konst_arg], rows ? rows[0] : 0, &k);
        c.konst = k.v.i;
    }
    ss_strbuf_init(&c.sb);
    ss_strbuf_init(&c.item);
    int rc = SS_OK;
    SS_FOR_ROWS(rows, n, i, {
        if ((rc = fn(&c, i)) != SS_OK)
            break;
    });
    free(c.l.v);
    ss_strbuf_free(&c.sb);
    ss_strbuf_free(&c.item);
    return rc;
}

#define ROWS_EVAL(NAME, FN, KONST, VARIANT)                                                   \
    int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,       \
             uint32_t n, ss_vector *out)                                                    \
    {                                                                                       \
        return run_rows(ctx, args, nargs, rows, n, out, FN, KONST, VARIANT);                  \
    }

/* Argument k at row: false when it is NULL. */
static bool arg(const arr_call *c, uint32_t k, uint32_t row, ss_value *v)
{
    ss_vector_get_value(c->args[k], row, v);
    return !v->is_null;
}

static int put_null(arr_call *c, uint32_t row)
{
    if (ss_vector_ensure_validity(c->ctx, c->out) != SS_OK)
        return SS_ERROR;
    ss_vector_set_null(c->out, row);
    return SS_OK;
}

static int put_int(arr_call *c, uint32_t row, int64_t v)
{
    ((int32_t *)c->out->data)[row] = (int32_t)v;
    return SS_OK;
}

static int put_text(arr_call *c, uint32_t row, const char *p, size_t len)
{
    return ss_vector_set_text(c->ctx, c->out, row, p ? p : "", len);
}

/* Encodes and stores an array of element type elem. */
static int put_items(arr_call *c, uint32_t row, int32_t elem, int ndims, const int32_t *dims, const int32_t *lb,
                     const ss_value *items, uint32_t n)
{
    ss_strbuf_clear(&c->sb);
    arr_encode_buf(elem, ndims, dims, lb, items, n, &c->sb);
    return c->sb.oom ? oom(c->ctx) : put_text(c, row, c->sb.data, c->sb.len);
}

/* A one-dimensional array of the list, lower bound lb. */
static int put_list(arr_call *c, uint32_t row, int32_t elem, int32_t lb)
{
    int32_t dim = (int32_t)c->l.n;
    return put_items(c, row, elem, 1, &dim, &lb, c->l.v, c->l.n);
}

/* The array argument k at row decoded; false (the result NULL) when it is NULL. */
static bool array_arg(arr_call *c, uint32_t k, uint32_t row, ss_array *a, int *rc)
{
    ss_value v;
    if (!arg(c, k, row, &v)) {
        *rc = put_null(c, row);
        return false;
    }
    arr_decode(&v.v.s, a);
    return true;
}

/* ---- ARRAY[...] ----------------------------------------------------------------------- */

static const char mismatched[] = "multidimensional arrays must have array expressions with matching dimensions";

/* sub-arrays: the same dimensions each, NULL and empty ones only all together */
static int construct_nested(arr_call *c, uint32_t row)
{
    ss_array first = {0};
    bool have = false, empty = false;
    uint32_t count = 0;
    c->l.n = 0;
    for (uint32_t k = 0; k < c->nargs; k++) {
        ss_value v;
        ss_array a;
        if (arg(c, k, row, &v))
            arr_decode(&v.v.s, &a);
        if (v.is_null || a.ndims == 0) {
            empty = true;
            continue;
        }
        if (!have) {
            first = a;
            have = true;
        } else if (!arr_same_shape(&a, &first)) {
            return subscript_error(c->ctx, mismatched, NULL);
        }
        count++;
        if (list_push_all(c->ctx, &c->l, &a) != SS_OK)
            return SS_ERROR;
    }
    int32_t elem = ss_type_element_of(c->out->type.id);
    if (!have)
        return put_items(c, row, elem, 0, NULL, NULL, NULL, 0);
    if (empty)
        return subscript_error(c->ctx, mismatched, NULL);
    int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM];
    int nd = arr_shape_up(c->ctx, &first, count, dims, lb);
    return nd < 0 ? SS_ERROR : put_items(c, row, elem, nd, dims, lb, c->l.v, c->l.n);
}

static int construct_row(arr_call *c, uint32_t row)
{
    if (c->nargs > 0 && c->args[0]->type.id == c->out->type.id)
        return construct_nested(c, row);
    c->l.n = 0;
    for (uint32_t k = 0; k < c->nargs; k++) {
        ss_value v;
        arg(c, k, row, &v);
        if (list_push(c->ctx, &c->l, &v) != SS_OK)
            return SS_ERROR;
    }
    return put_list(c, row, ss_type_element_of(c->out->type.id), 1);
}

ROWS_EVAL(arr_fn_construct, construct_row, -1, 0)

/* ---- subscripts and slices -------------------------------------------------------------- */

/* array_get_slice: bounds clipped to the array's, dimensions past the subscripts whole; empty
 * when nothing is left; the result's lower bounds are 1. */
static int slice(arr_call *c, uint32_t row, const ss_array *a, int nsubs, const int32_t *lo, const int32_t *hi)
{
    bool empty = a->ndims == 0 || nsubs > a->ndims;
    int32_t from[ARR_MAXDIM], to[ARR_MAXDIM], idx[ARR_MAXDIM], dims[ARR_MAXDIM], lb[ARR_MAXDIM];
    for (int d = 0; d < a->ndims && !empty; d++) {
        int64_t f = a->lbound[d], t = (int64_t)a->lbound[d] + a->dims[d] - 1;
        if (d < nsubs && lo[d] != INT32_MIN && lo[d] > f)
            f = lo[d];
        if (d < nsubs && hi[d] != INT32_MAX && hi[d] < t)
            t = hi[d];
        empty = f > t;
        from[d] = idx[d] = (int32_t)(f - a->lbound[d]);
        to[d] = (int32_t)(t - a->lbound[d]);
        dims[d] = to[d] - from[d] + 1;
        lb[d] = 1;
    }
    if (empty)
        return put_items(c, row, a->elem, 0, NULL, NULL, NULL, 0);
    ss_value *all;
    if (arr_items(c->ctx, a, &all) != SS_OK)
        return SS_ERROR;
    int rc = SS_OK;
    c->l.n = 0;
    for (int d = 0; rc == SS_OK && d >= 0;) {
        uint32_t off = 0;
        for (int k = 0; k < a->ndims; k++)
            off = off * (uint32_t)a->dims[k] + (uint32_t)idx[k];
        rc = list_push(c->ctx, &c->l, &all[off]);
        for (d = a->ndims - 1; d >= 0 && ++idx[d] > to[d]; d--)
            idx[d] = from[d];
    }
    if (rc == SS_OK)
        rc = put_items(c, row, a->elem, a->ndims, dims, lb, c->l.v, c->l.n);
    free(all);
    return rc;
}

/* args: the array, the shape (ARR_SHAPE_*), then a lower and an upper bound per subscript. */
static int subscript_row(arr_call *c, uint32_t row)
{
    int nsubs = (int)((c->nargs - 2) / 2);
    int32_t lo[ARR_MAXDIM], hi[ARR_MAXDIM];
    ss_value x;
    ss_array a;
    int rc = SS_OK;
    for (int k = 0; k < nsubs; k++) {
        lo[k] = INT32_MIN;
        hi[k] = INT32_MAX;
        if (!(c->konst & ((int64_t)1 << (ARR_SHAPE_NO_LOWER + k)))) {
            if (!arg(c, 2 + 2 * (uint32_t)k, row, &x))
                return put_null(c, row);
            lo[k] = (int32_t)x.v.i;
        }
        if (!(c->konst & ((int64_t)1 << (ARR_SHAPE_NO_UPPER + k)))) {
            if (!arg(c, 3 + 2 * (uint32_t)k, row, &x))
                return put_null(c, row);
            hi[k] = (int32_t)x.v.i;
        }
    }
    if (!array_arg(c, 0, row, &a, &rc))
        return rc;
    if (c->konst & ARR_SHAPE_SLICE)
        return slice(c, row, &a, nsubs, lo, hi);
    /* array_get_element: NULL unless one subscript per dimension, all in range */
    bool ok = nsubs == a.ndims;
    uint32_t off = 0;
    for (int k = 0; k < nsubs && ok; k++) {
        int64_t at = (int64_t)hi[k] - a.lbound[k];
        ok = at >= 0 && at < a.dims[k];
        off = off * (uint32_t)a.dims[k] + (uint32_t)(ok ? at : 0);
    }
    if (!ok)
        return put_null(c, row);
    arr_item(&a, off, &x);
    return ss_vector_set_value(c->ctx, c->out, row, &x);
}

ROWS_EVAL(arr_fn_subscript, subscript_row, 1, 0)

/* ---- op ANY / ALL (array) --------------------------------------------------------------- */

/* Whether comparison op (ARR_CMP_*) holds for an order c (< 0, 0, > 0): a bit per outcome
 * (below, equal, above) for each operator. */
static bool cmp_holds(int op, int c)
{
    static const uint8_t holds[] = {[ARR_CMP_EQ] = 2, [ARR_CMP_NE] = 5, [ARR_CMP_LT] = 1,
                                    [ARR_CMP_LE] = 3, [ARR_CMP_GT] = 4, [ARR_CMP_GE] = 6};
    return (holds[op] >> (c < 0 ? 0 : c == 0 ? 1 : 2)) & 1;
}

/* [NOT] LIKE / ILIKE or a regular expression match (~ ~* !~ !~*) of x against each item of
 * a (text patterns): the items' answers in hits[0..nitems) (a NULL item's is unspecified),
 * by the operators' functions over vectors of the operand and the patterns. */
static int like_items(arr_call *c, const ss_value *x, const ss_array *a, int op, uint8_t *hits)
{
    ss_type text = {SS_TYPE_TEXT, -1};
    ss_vector *t = ss_vector_create(text, a->nitems), *p = ss_vector_create(text, a->nitems),
              *o = ss_vector_create((ss_type){SS_TYPE_BOOL, -1}, a->nitems);
    int rc = t && p && o ? SS_OK : oom(c->ctx);
    arr_iter it;
    arr_iter_init(&it, a);
    ss_value v;
    for (uint32_t k = 0; rc == SS_OK && arr_iter_next(&it, &v); k++) {
        ((ss_text *)t->data)[k] = x->v.s;
        ((ss_text *)p->data)[k] = v.is_null ? (ss_text){"", 0, 0} : v.v.s;
    }
    ss_vector *args[2] = {t, p};
    static const ss_func_eval_fn match[] = {
        [ARR_CMP_LIKE] = ss_fn_like,         [ARR_CMP_ILIKE] = ss_fn_ilike,
        [ARR_CMP_NOT_LIKE] = ss_fn_like,     [ARR_CMP_NOT_ILIKE] = ss_fn_ilike,
        [ARR_CMP_REGEX] = ss_fn_regex_eq,    [ARR_CMP_IREGEX] = ss_fn_regex_ieq,
        [ARR_CMP_NOT_REGEX] = ss_fn_regex_eq, [ARR_CMP_NOT_IREGEX] = ss_fn_regex_ieq};
    bool negate = op == ARR_CMP_NOT_LIKE || op == ARR_CMP_NOT_ILIKE || op == ARR_CMP_NOT_REGEX ||
                  op == ARR_CMP_NOT_IREGEX;
    if (rc == SS_OK)
        rc = match[op](c->ctx, args, 2, NULL, a->nitems, o);
    for (uint32_t k = 0; rc == SS_OK && k < a->nitems; k++)
        hits[k] = ((const uint8_t *)o->data)[k] != negate;
    ss_vector_destroy(t);
    ss_vector_destroy(p);
    ss_vector_destroy(o);
    return rc;
}

/* args: the left operand (of the element type), the array, the operator and ALL flag
 * (ARR_CMP_* | ARR_CMP_ALL) as an int4 constant. */
static int any_row(arr_call *c, uint32_t row)
{
    bool all = (c->konst & ARR_CMP_ALL) != 0;
    int op = (int)(c->konst & ~ARR_CMP_ALL), rc = SS_OK;
    ss_value x, v;
    ss_array a;
    bool have_x = arg(c, 0, row, &x);
    if (!array_arg(c, 1, row, &a, &rc))
        return rc;
    /* an empty array decides even for a NULL operand */
    bool saw_null = a.nitems > 0 && !have_x;
    uint8_t *hits = NULL;
    int cmp = 0; /* a record item's order (record_eq's checks) */
    if (op >= ARR_CMP_LIKE && have_x && a.nitems > 0) {
        if (!(hits = malloc(a.nitems)))
            return oom(c->ctx);
        if (like_items(c, &x, &a, op, hits) != SS_OK) {
            free(hits);
            return SS_ERROR;
        }
    }
    arr_iter it;
    arr_iter_init(&it, &a);
    for (uint32_t k = 0; have_x && arr_iter_next(&it, &v); k++) {
        if (v.is_null) {
            saw_null = true;
        } else if (a.elem == SS_TYPE_RECORD && rec_compare_checked(c->ctx, &x.v.s, &v.v.s, op <= ARR_CMP_NE, &cmp)) {
            free(hits);
            return SS_ERROR;
        } else if ((hits ? hits[k] != 0 : cmp_holds(op, a.elem == SS_TYPE_RECORD ? cmp : arr_elem_compare(a.elem, &x, &v))) != all) {
            ((uint8_t *)c->out->data)[row] = !all;
            free(hits);
            return SS_OK;
        }
    }
    free(hits);
    if (saw_null)
        return put_null(c, row);
    ((uint8_t *)c->out->data)[row] = all;
    return SS_OK;
}

ROWS_EVAL(arr_fn_any, any_row, 2, 0)

/* ---- @> <@ && --------------------------------------------------------------------------- */

enum { CONTAINS, CONTAINED, OVERLAP };

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
        if (found != matchall)
            return found;
    }
    return matchall;
}

/* strict: both arrays are there */
static int contain_row(arr_call *c, uint32_t row)
{
    const ss_text *a = &((const ss_text *)c->args[0]->data)[row], *b = &((const ss_text *)c->args[1]->data)[row];
    ((uint8_t *)c->out->data)[row] = c->variant == CONTAINS ? contain_compare(b, a, true)
                                     : c->variant == CONTAINED ? contain_compare(a, b, true)
                                                               : contain_compare(a, b, false);
    return SS_OK;
}

ROWS_EVAL(arr_fn_contains, contain_row, -1, CONTAINS)
ROWS_EVAL(arr_fn_contained, contain_row, -1, CONTAINED)
ROWS_EVAL(arr_fn_overlap, contain_row, -1, OVERLAP)

/* ---- || and array_cat / array_append / array_prepend ----------------------------------- */

static int incompatible(ss_ctx *ctx, const char *detail)
{
    return subscript_error(ctx, "cannot concatenate incompatible arrays", detail);
}

/* array_cat of two non-NULL arrays. */
static int cat_arrays(arr_call *c, uint32_t row, const ss_text *xt, const ss_text *yt)
{
    ss_array x, y;
    arr_decode(xt, &x);
    arr_decode(yt, &y);
    if (y.ndims == 0 || x.ndims == 0)
        return y.ndims == 0 ? put_text(c, row, xt->ptr, xt->len) : put_text(c, row, yt->ptr, yt->len);
    int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM];
    int nd;
    if (x.ndims == y.ndims) {
        nd = x.ndims;
        memcpy(dims, x.dims, sizeof dims);
        memcpy(lb, x.lbound, sizeof lb);
        dims[0] += y.dims[0];
        for (int d = 1; d < nd; d++)
            if (x.dims[d] != y.dims[d] || x.lbound[d] != y.lbound[d])
                return incompatible(c->ctx, "Arrays with differing element dimensions are not compatible for "
                                            "concatenation.");
    } else if (x.ndims == y.ndims - 1 || y.ndims == x.ndims - 1) {
        const ss_array *outer = x.ndims > y.ndims ? &x : &y, *inner = x.ndims > y.ndims ? &y : &x;
        nd = outer->ndims;
        memcpy(dims, outer->dims, sizeof dims);
        memcpy(lb, outer->lbound, sizeof lb);
        dims[0] += 1;
        for (int d = 0; d < inner->ndims; d++)
            if (inner->dims[d] != dims[d + 1] || inner->lbound[d] != lb[d + 1])
                return incompatible(c->ctx, "Arrays with differing dimensions are not compatible for concatenation.");
    } else {
        char detail[128];
        snprintf(detail, sizeof detail, "Arrays of %d and %d dimensions are not compatible for concatenation.",
                 x.ndims, y.ndims);
        return incompatible(c->ctx, detail);
    }
    c->l.n = 0;
    if (list_push_all(c->ctx, &c->l, &x) != SS_OK || list_push_all(c->ctx, &c->l, &y) != SS_OK)
        return SS_ERROR;
    return put_items(c, row, x.elem, nd, dims, lb, c->l.v, c->l.n);
}

/* array_cat: a NULL argument gives the other */
static int cat_row(arr_call *c, uint32_t row)
{
    ss_value x, y;
    bool hx = arg(c, 0, row, &x), hy = arg(c, 1, row, &y);
    if (!hx || !hy)
        return hx || hy ? put_text(c, row, hx ? x.v.s.ptr : y.v.s.ptr, hx ? x.v.s.len : y.v.s.len) : put_null(c, row);
    return cat_arrays(c, row, &x.v.s, &y.v.s);
}

ROWS_EVAL(arr_fn_cat, cat_row, -1, 0)

enum { APPEND, PREPEND };

/* array_append (array, element) / array_prepend (element, array): a NULL array is empty, a
 * one-dimensional one keeps its lower bound. */
static int push_row(arr_call *c, uint32_t row)
{
    bool prepend = c->variant == PREPEND;
    ss_value av, ev;
    ss_array a = {0};
    if (arg(c, prepend ? 1 : 0, row, &av))
        arr_decode(&av.v.s, &a);
    arg(c, prepend ? 0 : 1, row, &ev);
    if (a.ndims > 1)
        return ss_ctx_error(c->ctx, "22000", "argument must be empty or one-dimensional array");
    c->l.n = 0;
    if ((prepend && list_push(c->ctx, &c->l, &ev) != SS_OK) ||
        (a.ndims == 1 && list_push_all(c->ctx, &c->l, &a) != SS_OK) ||
        (!prepend && list_push(c->ctx, &c->l, &ev) != SS_OK))
        return SS_ERROR;
    int32_t lb = a.ndims == 1 ? a.lbound[0] : 1;
    if (a.ndims == 1 && !prepend && (int64_t)lb + c->l.n - 1 > INT32_MAX)
        return ss_ctx_error(c->ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "integer out of range");
    return put_list(c, row, ss_type_element_of(c->out->type.id), lb);
}

ROWS_EVAL(arr_fn_append, push_row, -1, APPEND)
ROWS_EVAL(arr_fn_prepend, push_row, -1, PREPEND)

/* ---- dimensions ------------------------------------------------------------------------ */

enum { LENGTH, LOWER, UPPER, NDIMS, CARDINALITY, DIMS };

/* strict: array_length / array_lower / array_upper of dimension args[1] (NULL when the array
 * has no such dimension), array_ndims (NULL when empty), cardinality, array_dims. */
static int dim_row(arr_call *c, uint32_t row)
{
    ss_array a;
    arr_decode(&((const ss_text *)c->args[0]->data)[row], &a);
    if (c->variant == CARDINALITY)
        return put_int(c, row, a.nitems);
    if (c->variant == NDIMS || c->variant == DIMS) {
        if (a.ndims == 0)
            return put_null(c, row);
        if (c->variant == NDIMS)
            return put_int(c, row, a.ndims);
        char buf[ARR_MAXDIM * 26 + 1];
        size_t len = 0;
        for (int d = 0; d < a.ndims; d++)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "[%d:%d]", a.lbound[d], a.lbound[d] + a.dims[d] - 1);
        return put_text(c, row, buf, len);
    }
    int64_t d = ((const int32_t *)c->args[1]->data)[row];
    if (d < 1 || d > a.ndims)
        return put_null(c, row);
    int k = (int)d - 1;
    return put_int(c, row, c->variant == LENGTH  ? a.dims[k]
                           : c->variant == LOWER ? a.lbound[k]
                                                 : a.lbound[k] + a.dims[k] - 1);
}

ROWS_EVAL(arr_fn_length, dim_row, -1, LENGTH)
ROWS_EVAL(arr_fn_lower, dim_row, -1, LOWER)
ROWS_EVAL(arr_fn_upper, dim_row, -1, UPPER)
ROWS_EVAL(arr_fn_ndims, dim_row, -1, NDIMS)
ROWS_EVAL(arr_fn_cardinality, dim_row, -1, CARDINALITY)
ROWS_EVAL(arr_fn_dims, dim_row, -1, DIMS)

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
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "%s multidimensional arrays is not supported", what);
}

enum { POSITION, POSITIONS };

/* array_position(array, elem [, start]): the subscript of the first match at or after start;
 * array_positions(array, elem): all of them. */
static int position_row(arr_call *c, uint32_t row)
{
    ss_value ev, v;
    ss_array a;
    int rc = SS_OK;
    arg(c, 1, row, &ev);
    if (!array_arg(c, 0, row, &a, &rc))
        return rc;
    if (a.ndims > 1)
        return one_dim_only(c->ctx, "searching for elements in");
    int64_t first = a.ndims ? a.lbound[0] : 1, start = first;
    if (c->nargs > 2) {
        if (!arg(c, 2, row, &v))
            return ss_ctx_error(c->ctx, "22004", "initial position must not be null");
        start = v.v.i;
    }
    c->l.n = 0;
    arr_iter it;
    arr_iter_init(&it, &a);
    for (int64_t pos = first; arr_iter_next(&it, &v); pos++) {
        if (pos < start || !not_distinct(a.elem, &v, &ev))
            continue;
        if (c->variant == POSITION)
            return put_int(c, row, pos);
        ss_value p = {.v.i = pos};
        if (list_push(c->ctx, &c->l, &p) != SS_OK)
            return SS_ERROR;
    }
    return c->variant == POSITION ? put_null(c, row) : put_list(c, row, SS_TYPE_INT4, 1);
}

ROWS_EVAL(arr_fn_position, position_row, -1, POSITION)
ROWS_EVAL(arr_fn_positions, position_row, -1, POSITIONS)

/* width_bucket(operand, thresholds): how many of the sorted thresholds are <= operand, by
 * binary search as PostgreSQL's width_bucket_array (2202E for more than one dimension, 22004
 * for a NULL threshold). */
static int width_bucket_row(arr_call *c, uint32_t row)
{
    ss_value x, v;
    ss_array a;
    int rc = SS_OK;
    arg(c, 0, row, &x);
    if (!array_arg(c, 1, row, &a, &rc))
        return rc;
    if (a.ndims > 1)
        return ss_ctx_error(c->ctx, ARR_SQLSTATE_SUBSCRIPT, "thresholds must be one-dimensional array");
    c->l.n = 0;
    if (list_push_all(c->ctx, &c->l, &a) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < c->l.n; k++)
        if (c->l.v[k].is_null)
            return ss_ctx_error(c->ctx, "22004", "thresholds array must not contain NULLs");
    uint32_t lo = 0, hi = c->l.n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        v = c->l.v[mid];
        if (arr_elem_compare(a.elem, &x, &v) < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return put_int(c, row, lo);
}

ROWS_EVAL(arr_fn_width_bucket, width_bucket_row, -1, 0)

enum { REMOVE, REPLACE };

/* array_remove: every item not distinct from args[1] dropped; array_replace: replaced by
 * args[2]. */
static int replace_row(arr_call *c, uint32_t row)
{
    bool replace = c->variant == REPLACE;
    ss_value ev, rv = {0}, v;
    ss_array a;
    int rc = SS_OK;
    arg(c, 1, row, &ev);
    if (replace)
        arg(c, 2, row, &rv);
    if (!array_arg(c, 0, row, &a, &rc))
        return rc;
    if (a.ndims > 1 && !replace)
        return one_dim_only(c->ctx, "removing elements from");
    c->l.n = 0;
    arr_iter it;
    arr_iter_init(&it, &a);
    while (arr_iter_next(&it, &v)) {
        bool hit = not_distinct(a.elem, &v, &ev);
        if ((!hit || replace) && list_push(c->ctx, &c->l, hit ? &rv : &v) != SS_OK)
            return SS_ERROR;
    }
    int32_t dims[ARR_MAXDIM];
    memcpy(dims, a.dims, sizeof dims);
    if (!replace)
        dims[0] = (int32_t)c->l.n;
    return put_items(c, row, a.elem, c->l.n ? a.ndims : 0, dims, a.lbound, c->l.v, c->l.n);
}

/* trim_array(array, n): the last n items of the first dimension dropped (2202E unless
 * 0 <= n <= its length); the result's lower bounds are 1, as PostgreSQL's slice. */
static int trim_row(arr_call *c, uint32_t row)
{
    ss_value nv, v;
    ss_array a;
    int rc = SS_OK;
    arg(c, 1, row, &nv);
    if (!array_arg(c, 0, row, &a, &rc))
        return rc;
    int64_t len = a.ndims ? a.dims[0] : 0;
    if (nv.v.i < 0 || nv.v.i > len)
        return ss_ctx_error(c->ctx, "2202E", "number of elements to trim must be between 0 and %lld", (long long)len);
    int64_t per = 1; /* items per element of the first dimension */
    for (int d = 1; d < a.ndims; d++)
        per *= a.dims[d];
    int64_t keep = (len - nv.v.i) * per;
    c->l.n = 0;
    arr_iter it;
    arr_iter_init(&it, &a);
    for (int64_t k = 0; k < keep && arr_iter_next(&it, &v); k++)
        if (list_push(c->ctx, &c->l, &v) != SS_OK)
            return SS_ERROR;
    int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM];
    memcpy(dims, a.dims, sizeof dims);
    for (int d = 0; d < ARR_MAXDIM; d++)
        lb[d] = 1;
    dims[0] = (int32_t)(len - nv.v.i);
    return put_items(c, row, a.elem, keep ? a.ndims : 0, dims, lb, c->l.v, c->l.n);
}

ROWS_EVAL(arr_fn_trim, trim_row, -1, 0)

ROWS_EVAL(arr_fn_remove, replace_row, -1, REMOVE)
ROWS_EVAL(arr_fn_replace, replace_row, -1, REPLACE)

/* ---- array_to_string / string_to_array --------------------------------------------------- */

/* array_to_string(array, delimiter [, null string]): NULL items skipped without a null string */
static int to_string_row(arr_call *c, uint32_t row)
{
    ss_value av, dv, nv = {.is_null = true}, v;
    if (c->nargs > 2)
        arg(c, 2, row, &nv);
    if (!arg(c, 0, row, &av) || !arg(c, 1, row, &dv))
        return put_null(c, row);
    ss_array a;
    arr_decode(&av.v.s, &a);
    ss_strbuf_clear(&c->sb);
    arr_iter it;
    arr_iter_init(&it, &a);
    bool first = true;
    while (arr_iter_next(&it, &v)) {
        if (v.is_null && nv.is_null)
            continue;
        if (!first)
            ss_strbuf_append(&c->sb, dv.v.s.ptr, dv.v.s.len);
        first = false;
        if (v.is_null) {
            ss_strbuf_append(&c->sb, nv.v.s.ptr, nv.v.s.len);
            continue;
        }
        ss_strbuf_clear(&c->item);
        ss_value_format((ss_type){a.elem, -1}, &v, &c->item);
        ss_strbuf_append(&c->sb, c->item.data ? c->item.data : "", c->item.len);
    }
    return c->sb.oom ? oom(c->ctx) : put_text(c, row, c->sb.data, c->sb.len);
}

ROWS_EVAL(arr_fn_to_string, to_string_row, -1, 0)

/* One piece of string_to_array: NULL when it equals the null string. */
static int push_piece(arr_call *c, const char *p, uint32_t len, const ss_value *nv)
{
    ss_value v = {0};
    if (!nv->is_null && nv->v.s.len == len && memcmp(nv->v.s.ptr, p, len) == 0)
        v.is_null = true;
    else
        v.v.s = (ss_text){p, len, 0};
    return list_push(c->ctx, &c->l, &v);
}

/* string_to_array(string, delimiter [, null string]): a NULL delimiter splits into
 * characters, an empty one keeps the string whole, the empty string is the empty array */
static int string_to_array_row(arr_call *c, uint32_t row)
{
    ss_value sv, dv, nv = {.is_null = true};
    if (c->nargs > 2)
        arg(c, 2, row, &nv);
    bool by_char = !arg(c, 1, row, &dv);
    if (!arg(c, 0, row, &sv))
        return put_null(c, row);
    const char *s = sv.v.s.ptr;
    uint32_t len = sv.v.s.len, start = 0, dl = by_char ? 0 : dv.v.s.len;
    int rc = SS_OK;
    c->l.n = 0;
    for (uint32_t k = 0; len > 0 && rc == SS_OK && k < len;) {
        if (by_char) {
            unsigned char ch = (unsigned char)s[k];
            uint32_t cl = ch >= 0xf0 ? 4 : ch >= 0xe0 ? 3 : ch >= 0xc0 ? 2 : 1;
            cl = k + cl > len ? len - k : cl;
            rc = push_piece(c, s + k, cl, &nv);
            k += cl;
        } else if (dl > 0 && k + dl <= len && memcmp(s + k, dv.v.s.ptr, dl) == 0) {
            rc = push_piece(c, s + start, k - start, &nv);
            k += dl;
            start = k;
        } else {
            k++;
        }
    }
    if (rc == SS_OK && len > 0 && !by_char)
        rc = push_piece(c, s + start, len - start, &nv);
    return rc == SS_OK ? put_list(c, row, SS_TYPE_TEXT, 1) : rc;
}

ROWS_EVAL(arr_fn_string_to_array, string_to_array_row, -1, 0)

/* ---- array_fill ------------------------------------------------------------------------ */

/* A dimension or lower-bound argument of array_fill decoded into v[0..*n): 2202E when it is
 * not one-dimensional, 22004 for a NULL item. */
static int fill_bounds(arr_call *c, const ss_value *arrv, int32_t *v, int *n)
{
    ss_array a;
    arr_decode(&arrv->v.s, &a);
    if (a.ndims > 1)
        return subscript_error(c->ctx, "wrong number of array subscripts", "Dimension array must be one dimensional.");
    if (a.nulls)
        return ss_ctx_error(c->ctx, "22004", "dimension values cannot be null");
    if (a.nitems > ARR_MAXDIM)
        return ss_ctx_error(c->ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                            "number of array dimensions (%u) exceeds the maximum allowed (%d)", a.nitems, ARR_MAXDIM);
    *n = (int)a.nitems;
    for (uint32_t k = 0; k < a.nitems; k++) {
        ss_value x;
        arr_item(&a, k, &x);
        v[k] = (int32_t)x.v.i;
    }
    return SS_OK;
}

/* array_fill(value, dimensions [, lower bounds]): PostgreSQL's array_fill_internal. */
static int fill_row(arr_call *c, uint32_t row)
{
    ss_value val, dv, lv;
    arg(c, 0, row, &val);
    if (!arg(c, 1, row, &dv) || (c->nargs > 2 && !arg(c, 2, row, &lv)))
        return ss_ctx_error(c->ctx, "22004", "dimension array or low bound array cannot be null");
    int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM] = {1, 1, 1, 1, 1, 1};
    int nd, nl;
    if (fill_bounds(c, &dv, dims, &nd) != SS_OK || (c->nargs > 2 && fill_bounds(c, &lv, lb, &nl) != SS_OK))
        return SS_ERROR;
    if (c->nargs > 2 && nl != nd)
        return subscript_error(c->ctx, "wrong number of array subscripts",
                               "Low bound array has different size than dimensions array.");
    int64_t n = nd ? 1 : 0;
    for (int d = 0; d < nd; d++) {
        n = dims[d] < 0 ? -1 : n * dims[d];
        if (n < 0 || n > ARR_MAX_ITEMS)
            return ss_ctx_error(c->ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                                "array size exceeds the maximum allowed (%d)", ARR_MAX_ITEMS);
    }
    c->l.n = 0;
    for (int64_t k = 0; k < n; k++)
        if (list_push(c->ctx, &c->l, &val) != SS_OK)
            return SS_ERROR;
    return put_items(c, row, ss_type_element_of(c->out->type.id), nd, dims, lb, c->l.v, c->l.n);
}

ROWS_EVAL(arr_fn_fill, fill_row, -1, 0)

/* ---- the definitions ------------------------------------------------------------------- */

/* polymorphic: any arguments (the binder checks them), the call's result type */
#define ADEF(NAME, MIN, STRICT, EVAL) {NAME, MIN, true, STRICT, {0}, SS_TYPE_INVALID, EVAL, false}

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
    ADEF("trim_array", 2, true, arr_fn_trim),
    ADEF("width_bucket", 2, true, arr_fn_width_bucket),
    ADEF("array_to_string", 2, false, arr_fn_to_string),
    ADEF("array_to_string", 3, false, arr_fn_to_string),
    ADEF("string_to_array", 2, false, arr_fn_string_to_array),
    ADEF("string_to_array", 3, false, arr_fn_string_to_array),
    ADEF("array_fill", 2, false, arr_fn_fill),
    ADEF("array_fill", 3, false, arr_fn_fill),
};

const ss_func_def *arr_func_lookup(const char *name, uint32_t nargs)
{
    static const ss_func_def *const ops[] = {&arr_def_cat, &arr_def_append, &arr_def_prepend};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
        if (strcmp(ops[k]->name, name) == 0)
            return nargs == 2 ? ops[k] : NULL;
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
        if (named[k].nargs == nargs && strcmp(named[k].name, name) == 0)
            return &named[k];
    return NULL;
}
