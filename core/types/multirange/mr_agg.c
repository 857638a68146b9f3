/* mr_agg.c — the final functions of range_agg and range_intersect_agg (multirange.h), over
 * the array array_agg collected of the group's values: PostgreSQL's range_agg_finalfn /
 * multirange_agg_finalfn (the multirange of every non-NULL range, NULL when there is none) and the repeated
 * intersections of range_intersect_agg_transfn / multirange_intersect_agg_transfn. */
#include "types/multirange/multirange.h"

#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "types/array/array.h"

int mr_agg_index(int32_t type)
{
    static const int32_t order[6] = {SS_TYPE_INT4MULTIRANGE, SS_TYPE_INT8MULTIRANGE, SS_TYPE_NUMMULTIRANGE,
                                     SS_TYPE_DATEMULTIRANGE, SS_TYPE_TSMULTIRANGE, SS_TYPE_TSTZMULTIRANGE};
    int32_t mr = mr_range_type(type) ? type : mr_of_range(type);
    for (int k = 0; k < 6; k++)
        if (order[k] == mr)
            return k;
    return -1;
}

static int set_null(ss_ctx *ctx, ss_vector *out, uint32_t row)
{
    if (ss_vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    ss_vector_set_null(out, row);
    return SS_OK;
}

/* A growing list of ranges. */
typedef struct range_list {
    rng_value *r;
    uint32_t n, cap;
} range_list;

static int push(ss_ctx *ctx, range_list *l, const rng_value *r)
{
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 16;
        rng_value *p = realloc(l->r, sizeof(rng_value) * cap);
        if (!p)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        l->r = p, l->cap = cap;
    }
    l->r[l->n++] = *r;
    return SS_OK;
}

/* Every range of the non-NULL items of the array (ranges or multiranges); *any whether there
   was such an item. */
static int collect(ss_ctx *ctx, const ss_text *arr, range_list *l, bool *any)
{
    ss_array a;
    arr_decode(arr, &a);
    arr_iter it;
    arr_iter_init(&it, &a);
    ss_value v;
    bool multi = mr_range_type(a.elem) != 0;
    while (arr_iter_next(&it, &v)) {
        if (v.is_null)
            continue;
        *any = true;
        if (!multi) {
            rng_value r;
            rng_decode(&v.v.s, &r);
            if (push(ctx, l, &r) != SS_OK)
                return SS_ERROR;
            continue;
        }
        mr_value m;
        if (mr_decode(ctx, a.elem, &v.v.s, &m) != SS_OK)
            return SS_ERROR;
        for (uint32_t k = 0; k < m.n; k++)
            if (push(ctx, l, &m.r[k]) != SS_OK) {
                mr_free(&m);
                return SS_ERROR;
            }
        mr_free(&m);
    }
    return SS_OK;
}

static int fn_range_agg(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                        ss_vector *out)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        range_list l = {0};
        bool any = false;
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        int rc = collect(ctx, (const ss_text *)args[0]->data + i, &l, &any);
        if (rc == SS_OK && any)
            rc = mr_make(ctx, out->type.id, l.r, l.n, &sb);
        free(l.r);
        if (rc != SS_OK || !any) { /* NULL when every value was NULL, as PostgreSQL's */
            ss_strbuf_free(&sb);
            if (rc != SS_OK || set_null(ctx, out, i) != SS_OK)
                return SS_ERROR;
            continue;
        }
        if (rng_store(ctx, out, i, &sb) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* The intersection of two ranges (range_intersect_internal): empty unless they overlap. */
static rng_value intersect_ranges(const rng_value *a, const rng_value *b)
{
    rng_value r = *a;
    if (!rng_overlaps(a, b)) {
        r.empty = true;
        return r;
    }
    if (rng_cmp_bounds(a->subtype, &b->lo, &a->lo) > 0)
        r.lo = b->lo;
    if (rng_cmp_bounds(a->subtype, &b->hi, &a->hi) < 0)
        r.hi = b->hi;
    return r;
}

/* range_intersect_agg over ranges: NULL when no item is non-NULL */
static int fn_intersect_range(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                              uint32_t n, ss_vector *out)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        ss_array a;
        arr_decode((const ss_text *)args[0]->data + i, &a);
        arr_iter it;
        arr_iter_init(&it, &a);
        ss_value v;
        bool any = false;
        rng_value acc = {0};
        while (arr_iter_next(&it, &v)) {
            if (v.is_null)
                continue;
            rng_value r;
            rng_decode(&v.v.s, &r);
            acc = any ? intersect_ranges(&acc, &r) : r;
            any = true;
        }
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        int rc = SS_OK;
        if (!any) {
            ss_strbuf_free(&sb);
            rc = set_null(ctx, out, i);
        } else {
            if (acc.empty)
                rng_make_empty(out->type.id, &sb);
            else
                rc = rng_make(ctx, out->type.id, acc.lo, acc.hi, false, &sb);
            rc = rc == SS_OK ? rng_store(ctx, out, i, &sb) : (ss_strbuf_free(&sb), rc);
        }
        if (rc != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* range_intersect_agg over multiranges: the ranges common to every non-NULL item */
static int fn_intersect_mr(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                           ss_vector *out)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        ss_array a;
        arr_decode((const ss_text *)args[0]->data + i, &a);
        arr_iter it;
        arr_iter_init(&it, &a);
        ss_value v;
        bool any = false;
        range_list acc = {0};
        int rc = SS_OK;
        while (rc == SS_OK && arr_iter_next(&it, &v)) {
            if (v.is_null)
                continue;
            mr_value m;
            if ((rc = mr_decode(ctx, a.elem, &v.v.s, &m)) != SS_OK)
                break;
            range_list next = {0};
            for (uint32_t k = 0; rc == SS_OK && k < m.n; k++) {
                if (!any)
                    rc = push(ctx, &next, &m.r[k]);
                for (uint32_t j = 0; any && rc == SS_OK && j < acc.n; j++)
                    if (rng_overlaps(&acc.r[j], &m.r[k])) {
                        rng_value r = intersect_ranges(&acc.r[j], &m.r[k]);
                        rc = push(ctx, &next, &r);
                    }
            }
            /* the bounds of next point into m's bytes, which stay with the array */
            mr_free(&m);
            free(acc.r);
            acc = next;
            any = true;
        }
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        if (rc == SS_OK && !any) {
            ss_strbuf_free(&sb);
            rc = set_null(ctx, out, i);
        } else if (rc == SS_OK) {
            rc = mr_make(ctx, out->type.id, acc.r, acc.n, &sb);
            rc = rc == SS_OK ? rng_store(ctx, out, i, &sb) : (ss_strbuf_free(&sb), rc);
        } else {
            ss_strbuf_free(&sb);
        }
        free(acc.r);
        if (rc != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

#define FINAL(NAME, T, EVAL) {NAME, 1, false, true, {SS_FUNC_ANY}, T, EVAL, false}
#define FINALS(EVAL, T4, T8, TN, TD, TS, TZ)                                                 \
    {FINAL("range_agg final", T4, EVAL), FINAL("range_agg final", T8, EVAL),                 \
     FINAL("range_agg final", TN, EVAL), FINAL("range_agg final", TD, EVAL),                 \
     FINAL("range_agg final", TS, EVAL), FINAL("range_agg final", TZ, EVAL)}

const ss_func_def mr_range_agg_defs[6] = FINALS(fn_range_agg, SS_TYPE_INT4MULTIRANGE, SS_TYPE_INT8MULTIRANGE,
                                                SS_TYPE_NUMMULTIRANGE, SS_TYPE_DATEMULTIRANGE, SS_TYPE_TSMULTIRANGE,
                                                SS_TYPE_TSTZMULTIRANGE);
const ss_func_def mr_intersect_range_defs[6] = FINALS(fn_intersect_range, SS_TYPE_INT4RANGE, SS_TYPE_INT8RANGE,
                                                      SS_TYPE_NUMRANGE, SS_TYPE_DATERANGE, SS_TYPE_TSRANGE,
                                                      SS_TYPE_TSTZRANGE);
const ss_func_def mr_intersect_mr_defs[6] = FINALS(fn_intersect_mr, SS_TYPE_INT4MULTIRANGE, SS_TYPE_INT8MULTIRANGE,
                                                   SS_TYPE_NUMMULTIRANGE, SS_TYPE_DATEMULTIRANGE,
                                                   SS_TYPE_TSMULTIRANGE, SS_TYPE_TSTZMULTIRANGE);
