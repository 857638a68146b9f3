/* mr_ops.c — the multirange types' operators as PostgreSQL 15's: the btree comparisons
 * (multirange_cmp); @> and <@ between multiranges, ranges and elements; && << >> &< &> -|-
 * between multiranges and ranges; the multirange-valued + (union), * (intersection) and -
 * (difference).  A range operand is treated as the multirange of it (none when empty), which
 * gives PostgreSQL's results for every mixed form. */
#include "types/multirange/multirange.h"

#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"
#include "types/array/array.h"

SS_TYPE_CMP_EVALS(mc, mr_compare)

/* Operand k at row as a multirange: a multirange's ranges, a range's one (none when empty). */
static int operand(ss_ctx *ctx, ss_vector *const *args, uint32_t k, uint32_t row, mr_value *m, rng_value *one)
{
    const ss_text *t = (const ss_text *)args[k]->data + row;
    int32_t ty = args[k]->type.id;
    if (mr_range_type(ty))
        return mr_decode(ctx, ty, t, m);
    rng_decode(t, one);
    memset(m, 0, sizeof *m);
    m->type = mr_of_range(ty);
    m->range_type = ty;
    m->n = one->empty ? 0 : 1;
    m->r = one->empty ? NULL : one;
    return SS_OK;
}

static void release(mr_value *m, const rng_value *one)
{
    if (m->r != one)
        mr_free(m);
}

static bool range_contains(const rng_value *a, const rng_value *b)
{
    return rng_cmp_bounds(a->subtype, &a->lo, &b->lo) <= 0 && rng_cmp_bounds(a->subtype, &a->hi, &b->hi) >= 0;
}

/* every range of b within a range of a (true for an empty b) */
static bool contains(const mr_value *a, const mr_value *b)
{
    for (uint32_t j = 0; j < b->n; j++) {
        bool in = false;
        for (uint32_t k = 0; k < a->n && !in; k++)
            in = range_contains(&a->r[k], &b->r[j]);
        if (!in)
            return false;
    }
    return true;
}

static bool contained(const mr_value *a, const mr_value *b)
{
    return contains(b, a);
}

static bool overlaps(const mr_value *a, const mr_value *b)
{
    for (uint32_t j = 0; j < b->n; j++)
        for (uint32_t k = 0; k < a->n; k++)
            if (rng_overlaps(&a->r[k], &b->r[j]))
                return true;
    return false;
}

/* the positional operators over the spans (false when either side is empty) */
static bool before(const mr_value *a, const mr_value *b)
{
    return a->n && b->n && rng_cmp_bounds(a->r[0].subtype, &a->r[a->n - 1].hi, &b->r[0].lo) < 0;
}

static bool after(const mr_value *a, const mr_value *b)
{
    return a->n && b->n && rng_cmp_bounds(a->r[0].subtype, &a->r[0].lo, &b->r[b->n - 1].hi) > 0;
}

static bool overleft(const mr_value *a, const mr_value *b)
{
    return a->n && b->n && rng_cmp_bounds(a->r[0].subtype, &a->r[a->n - 1].hi, &b->r[b->n - 1].hi) <= 0;
}

static bool overright(const mr_value *a, const mr_value *b)
{
    return a->n && b->n && rng_cmp_bounds(a->r[0].subtype, &a->r[0].lo, &b->r[0].lo) >= 0;
}

static bool adjacent(const mr_value *a, const mr_value *b)
{
    rng_value sa, sb;
    mr_span(a, &sa);
    mr_span(b, &sb);
    return rng_adjacent(&sa, &sb);
}

typedef bool (*mr_pred)(const mr_value *a, const mr_value *b);

static int pred_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                     mr_pred pred)
{
    uint8_t *res = out->data;
    SS_FOR_ROWS(rows, n, i, {
        mr_value a, b;
        rng_value oa, ob;
        if (operand(ctx, args, 0, i, &a, &oa) != SS_OK)
            return SS_ERROR;
        if (operand(ctx, args, 1, i, &b, &ob) != SS_OK) {
            release(&a, &oa);
            return SS_ERROR;
        }
        res[i] = pred(&a, &b);
        release(&a, &oa);
        release(&b, &ob);
    });
    return SS_OK;
}

#define PRED_EVAL(NAME, PRED)                                                                \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                              \
    {                                                                                        \
        (void)nargs;                                                                         \
        return pred_rows(ctx, args, rows, n, out, PRED);                                     \
    }
PRED_EVAL(op_contains, contains)
PRED_EVAL(op_contained, contained)
PRED_EVAL(op_overlaps, overlaps)
PRED_EVAL(op_before, before)
PRED_EVAL(op_after, after)
PRED_EVAL(op_overleft, overleft)
PRED_EVAL(op_overright, overright)
PRED_EVAL(op_adjacent, adjacent)

/* an element within a range (range_contains_elem_internal) */
static bool range_has(const rng_value *r, const ss_value *v)
{
    if (!r->lo.infinite) {
        int c = arr_elem_compare(r->subtype, &r->lo.val, v);
        if (c > 0 || (c == 0 && !r->lo.inclusive))
            return false;
    }
    if (!r->hi.infinite) {
        int c = arr_elem_compare(r->subtype, &r->hi.val, v);
        if (c < 0 || (c == 0 && !r->hi.inclusive))
            return false;
    }
    return true;
}

static int elem_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                     uint32_t mr_arg)
{
    uint8_t *res = out->data;
    SS_FOR_ROWS(rows, n, i, {
        mr_value m;
        ss_value v;
        if (mr_decode(ctx, args[mr_arg]->type.id, (const ss_text *)args[mr_arg]->data + i, &m) != SS_OK)
            return SS_ERROR;
        ss_vector_get_value(args[1 - mr_arg], i, &v);
        bool in = false;
        for (uint32_t k = 0; k < m.n && !in; k++)
            in = range_has(&m.r[k], &v);
        res[i] = in;
        mr_free(&m);
    });
    return SS_OK;
}

static int op_contains_elem(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                            ss_vector *out)
{
    (void)nargs;
    return elem_rows(ctx, args, rows, n, out, 0);
}

static int op_elem_contained(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                             uint32_t n, ss_vector *out)
{
    (void)nargs;
    return elem_rows(ctx, args, rows, n, out, 1);
}

/* ---- + * - ---- */

/* the intersection of two overlapping ranges */
static rng_value intersection(const rng_value *a, const rng_value *b)
{
    rng_value r = *a;
    if (rng_cmp_bounds(a->subtype, &b->lo, &a->lo) > 0)
        r.lo = b->lo;
    if (rng_cmp_bounds(a->subtype, &b->hi, &a->hi) < 0)
        r.hi = b->hi;
    return r;
}

/* The ranges of a minus those of b (multirange_minus_internal), appended to out[*n..). */
static void minus_ranges(const mr_value *a, const mr_value *b, rng_value *out, uint32_t *n)
{
    for (uint32_t k = 0; k < a->n; k++) {
        rng_value cur = a->r[k];
        bool left = true;
        for (uint32_t j = 0; j < b->n && left; j++) {
            const rng_value *s = &b->r[j];
            if (!rng_overlaps(&cur, s))
                continue;
            int32_t sub = cur.subtype;
            if (rng_cmp_bounds(sub, &cur.lo, &s->lo) < 0) { /* the part before s */
                rng_value piece = cur;
                piece.hi = s->lo;
                piece.hi.lower = false;
                piece.hi.inclusive = !s->lo.inclusive;
                out[(*n)++] = piece;
            }
            if (rng_cmp_bounds(sub, &s->hi, &cur.hi) < 0) { /* what remains after s */
                cur.lo = s->hi;
                cur.lo.lower = true;
                cur.lo.inclusive = !s->hi.inclusive;
            } else {
                left = false;
            }
        }
        if (left)
            out[(*n)++] = cur;
    }
}

enum { SET_UNION, SET_INTERSECT, SET_MINUS };

static int set_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int op)
{
    SS_FOR_ROWS(rows, n, i, {
        mr_value a, b;
        if (mr_decode(ctx, args[0]->type.id, (const ss_text *)args[0]->data + i, &a) != SS_OK)
            return SS_ERROR;
        if (mr_decode(ctx, args[1]->type.id, (const ss_text *)args[1]->data + i, &b) != SS_OK) {
            mr_free(&a);
            return SS_ERROR;
        }
        /* a minus b has at most a.n + b.n ranges, a intersect b at most a.n + b.n too */
        size_t cap = op == SET_INTERSECT ? (size_t)a.n * b.n : (size_t)a.n + b.n;
        rng_value *r = malloc(sizeof(rng_value) * (cap ? cap : 1));
        uint32_t m = 0;
        int rc = r ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (rc == SS_OK) {
            if (op == SET_UNION) {
                for (uint32_t k = 0; k < a.n; k++)
                    r[m++] = a.r[k];
                for (uint32_t k = 0; k < b.n; k++)
                    r[m++] = b.r[k];
            } else if (op == SET_INTERSECT) {
                for (uint32_t k = 0; k < a.n; k++)
                    for (uint32_t j = 0; j < b.n; j++)
                        if (rng_overlaps(&a.r[k], &b.r[j]))
                            r[m++] = intersection(&a.r[k], &b.r[j]);
            } else {
                minus_ranges(&a, &b, r, &m);
            }
            ss_strbuf sb;
            ss_strbuf_init(&sb);
            rc = mr_make(ctx, out->type.id, r, m, &sb);
            if (rc == SS_OK)
                rc = rng_store(ctx, out, i, &sb);
            else
                ss_strbuf_free(&sb);
        }
        free(r);
        mr_free(&a);
        mr_free(&b);
        if (rc != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

#define SET_EVAL(NAME, OP)                                                                   \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                              \
    {                                                                                        \
        (void)nargs;                                                                         \
        return set_rows(ctx, args, rows, n, out, OP);                                        \
    }
SET_EVAL(op_union, SET_UNION)
SET_EVAL(op_intersect, SET_INTERSECT)
SET_EVAL(op_minus, SET_MINUS)

#define BOOL_OP(SYM, A, B, EVAL) {SYM, 2, false, true, {A, B}, SS_TYPE_BOOL, EVAL, false}
/* the positional operators and && for (MR, MR), (MR, RT), (RT, MR) */
#define MIXED_OPS(SYM, MR, RT, EVAL) BOOL_OP(SYM, MR, MR, EVAL), BOOL_OP(SYM, MR, RT, EVAL), BOOL_OP(SYM, RT, MR, EVAL)
#define MULTIRANGE_OPERATORS(NAME, MR, RT, SUB)                                              \
    const ss_func_def mr_##NAME##_operators[] = {                                            \
        SS_TYPE_CMP_OPERATORS(mc, MR),                                                       \
        MIXED_OPS("@>", MR, RT, op_contains),                                                \
        BOOL_OP("@>", MR, SUB, op_contains_elem),                                            \
        MIXED_OPS("<@", MR, RT, op_contained),                                               \
        BOOL_OP("<@", SUB, MR, op_elem_contained),                                           \
        MIXED_OPS("&&", MR, RT, op_overlaps),                                                \
        MIXED_OPS("<<", MR, RT, op_before),                                                  \
        MIXED_OPS(">>", MR, RT, op_after),                                                   \
        MIXED_OPS("&<", MR, RT, op_overleft),                                                \
        MIXED_OPS("&>", MR, RT, op_overright),                                               \
        MIXED_OPS("-|-", MR, RT, op_adjacent),                                               \
        {"+", 2, false, true, {MR, MR}, MR, op_union, false},                                \
        {"*", 2, false, true, {MR, MR}, MR, op_intersect, false},                            \
        {"-", 2, false, true, {MR, MR}, MR, op_minus, false},                                \
        {0},                                                                                 \
    }

MULTIRANGE_OPERATORS(int4multirange, SS_TYPE_INT4MULTIRANGE, SS_TYPE_INT4RANGE, SS_TYPE_INT4);
MULTIRANGE_OPERATORS(int8multirange, SS_TYPE_INT8MULTIRANGE, SS_TYPE_INT8RANGE, SS_TYPE_INT8);
MULTIRANGE_OPERATORS(nummultirange, SS_TYPE_NUMMULTIRANGE, SS_TYPE_NUMRANGE, SS_TYPE_NUMERIC);
MULTIRANGE_OPERATORS(datemultirange, SS_TYPE_DATEMULTIRANGE, SS_TYPE_DATERANGE, SS_TYPE_DATE);
MULTIRANGE_OPERATORS(tsmultirange, SS_TYPE_TSMULTIRANGE, SS_TYPE_TSRANGE, SS_TYPE_TIMESTAMP);
MULTIRANGE_OPERATORS(tstzmultirange, SS_TYPE_TSTZMULTIRANGE, SS_TYPE_TSTZRANGE, SS_TYPE_TIMESTAMPTZ);
