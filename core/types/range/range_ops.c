/* range_ops.c — the range types' operators as PostgreSQL 15's range operators: the btree
 * comparisons (range_cmp), @> and <@ of ranges and elements, && << >> &< &> -|-, and the
 * range-valued + (union), * (intersection) and - (difference). */
#include "types/range/range.h"

#include "exec/vector.h"
#include "types/array/array.h"

SS_TYPE_CMP_EVALS(rc, rng_compare)

static void row_range(const ss_vector *v, uint32_t row, rng_value *out)
{
    rng_decode((const ss_text *)v->data + row, out);
}

/* range_contains_internal */
static bool contains(const rng_value *a, const rng_value *b)
{
    if (b->empty)
        return true;
    if (a->empty)
        return false;
    return rng_cmp_bounds(a->subtype, &a->lo, &b->lo) <= 0 && rng_cmp_bounds(a->subtype, &a->hi, &b->hi) >= 0;
}

static bool contained(const rng_value *a, const rng_value *b)
{
    return contains(b, a);
}

/* range_contains_elem_internal */
static bool contains_elem(const rng_value *r, const ss_value *v)
{
    if (r->empty)
        return false;
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

bool rng_overlaps(const rng_value *a, const rng_value *b)
{
    if (a->empty || b->empty)
        return false;
    int32_t s = a->subtype;
    if (rng_cmp_bounds(s, &a->lo, &b->lo) >= 0 && rng_cmp_bounds(s, &a->lo, &b->hi) <= 0)
        return true;
    return rng_cmp_bounds(s, &b->lo, &a->lo) >= 0 && rng_cmp_bounds(s, &b->lo, &a->hi) <= 0;
}

static bool before(const rng_value *a, const rng_value *b)
{
    return !a->empty && !b->empty && rng_cmp_bounds(a->subtype, &a->hi, &b->lo) < 0;
}

static bool after(const rng_value *a, const rng_value *b)
{
    return !a->empty && !b->empty && rng_cmp_bounds(a->subtype, &a->lo, &b->hi) > 0;
}

static bool overleft(const rng_value *a, const rng_value *b)
{
    return !a->empty && !b->empty && rng_cmp_bounds(a->subtype, &a->hi, &b->hi) <= 0;
}

static bool overright(const rng_value *a, const rng_value *b)
{
    return !a->empty && !b->empty && rng_cmp_bounds(a->subtype, &a->lo, &b->lo) >= 0;
}

/* bounds_adjacent of an upper bound and a lower bound.  Values of the discrete types are
 * canonical ('[)'), so an upper bound below a lower bound leaves values between them and
 * PostgreSQL's canonical-function test of that gap is never true. */
static bool bounds_adjacent(int32_t sub, const rng_bound *upper, const rng_bound *lower)
{
    if (upper->infinite || lower->infinite)
        return false;
    return arr_elem_compare(sub, &upper->val, &lower->val) == 0 && upper->inclusive != lower->inclusive;
}

bool rng_adjacent(const rng_value *a, const rng_value *b)
{
    if (a->empty || b->empty)
        return false;
    return bounds_adjacent(a->subtype, &a->hi, &b->lo) || bounds_adjacent(a->subtype, &b->hi, &a->lo);
}

typedef bool (*range_pred)(const rng_value *a, const rng_value *b);

static int pred_rows(ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, range_pred pred)
{
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        rng_value a, b;
        row_range(args[0], i, &a);
        row_range(args[1], i, &b);
        r[i] = pred(&a, &b);
    });
    return SS_OK;
}

#define PRED_EVAL(NAME, PRED)                                                                \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                              \
    {                                                                                        \
        (void)ctx, (void)nargs;                                                              \
        return pred_rows(args, rows, n, out, PRED);                                          \
    }
PRED_EVAL(op_contains, contains)
PRED_EVAL(op_contained, contained)
PRED_EVAL(op_overlaps, rng_overlaps)
PRED_EVAL(op_before, before)
PRED_EVAL(op_after, after)
PRED_EVAL(op_overleft, overleft)
PRED_EVAL(op_overright, overright)
PRED_EVAL(op_adjacent, rng_adjacent)

/* range @> element (range_arg 0) and element <@ range (range_arg 1) */
static int elem_rows(ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int range_arg)
{
    uint8_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        rng_value a;
        ss_value v;
        row_range(args[range_arg], i, &a);
        ss_vector_get_value(args[1 - range_arg], i, &v);
        r[i] = contains_elem(&a, &v);
    });
    return SS_OK;
}

static int op_contains_elem(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                            uint32_t n, ss_vector *out)
{
    (void)ctx, (void)nargs;
    return elem_rows(args, rows, n, out, 0);
}

static int op_elem_contained(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                             uint32_t n, ss_vector *out)
{
    (void)ctx, (void)nargs;
    return elem_rows(args, rows, n, out, 1);
}

int rng_union(ss_ctx *ctx, const rng_value *a, const rng_value *b, bool strict, ss_strbuf *sb)
{
    if (a->empty || b->empty) {
        const rng_value *r = a->empty ? b : a;
        return rng_make(ctx, a->type, r->lo, r->hi, r->empty, sb);
    }
    if (strict && !rng_overlaps(a, b) && !rng_adjacent(a, b))
        return ss_ctx_error(ctx, RNG_SQLSTATE_DATA_EXCEPTION, "result of range union would not be contiguous");
    const rng_bound *lo = rng_cmp_bounds(a->subtype, &a->lo, &b->lo) < 0 ? &a->lo : &b->lo;
    const rng_bound *hi = rng_cmp_bounds(a->subtype, &a->hi, &b->hi) > 0 ? &a->hi : &b->hi;
    return rng_make(ctx, a->type, *lo, *hi, false, sb);
}

/* range_intersect_internal */
static int intersect(ss_ctx *ctx, const rng_value *a, const rng_value *b, ss_strbuf *sb)
{
    if (a->empty || b->empty || !rng_overlaps(a, b)) {
        rng_make_empty(a->type, sb);
        return SS_OK;
    }
    const rng_bound *lo = rng_cmp_bounds(a->subtype, &a->lo, &b->lo) >= 0 ? &a->lo : &b->lo;
    const rng_bound *hi = rng_cmp_bounds(a->subtype, &a->hi, &b->hi) <= 0 ? &a->hi : &b->hi;
    return rng_make(ctx, a->type, *lo, *hi, false, sb);
}

/* range_minus_internal */
static int minus(ss_ctx *ctx, const rng_value *a, const rng_value *b, ss_strbuf *sb)
{
    if (a->empty || b->empty)
        return rng_make(ctx, a->type, a->lo, a->hi, a->empty, sb);
    int32_t s = a->subtype;
    int l1l2 = rng_cmp_bounds(s, &a->lo, &b->lo), l1u2 = rng_cmp_bounds(s, &a->lo, &b->hi);
    int u1l2 = rng_cmp_bounds(s, &a->hi, &b->lo), u1u2 = rng_cmp_bounds(s, &a->hi, &b->hi);
    if (l1l2 < 0 && u1u2 > 0)
        return ss_ctx_error(ctx, RNG_SQLSTATE_DATA_EXCEPTION, "result of range difference would not be contiguous");
    if (l1u2 > 0 || u1l2 < 0)
        return rng_make(ctx, a->type, a->lo, a->hi, false, sb);
    if (l1l2 >= 0 && u1u2 <= 0) {
        rng_make_empty(a->type, sb);
        return SS_OK;
    }
    if (l1l2 <= 0 && u1l2 >= 0 && u1u2 <= 0) {
        rng_bound hi = b->lo; /* b's lower bound becomes the upper bound */
        hi.inclusive = !hi.inclusive;
        return rng_make(ctx, a->type, a->lo, hi, false, sb);
    }
    /* l1l2 >= 0 && u1u2 >= 0 && l1u2 <= 0: b's upper bound becomes the lower bound */
    rng_bound lo = b->hi;
    lo.inclusive = !lo.inclusive;
    return rng_make(ctx, a->type, lo, a->hi, false, sb);
}

enum { SET_UNION, SET_INTERSECT, SET_MINUS };

static int set_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int op)
{
    SS_FOR_ROWS(rows, n, i, {
        rng_value a, b;
        row_range(args[0], i, &a);
        row_range(args[1], i, &b);
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        int rc = op == SET_UNION ? rng_union(ctx, &a, &b, true, &sb)
                 : op == SET_INTERSECT ? intersect(ctx, &a, &b, &sb)
                                       : minus(ctx, &a, &b, &sb);
        if (rc != SS_OK) {
            ss_strbuf_free(&sb);
            return SS_ERROR;
        }
        if (rng_store(ctx, out, i, &sb) != SS_OK)
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
#define RANGE_OPERATORS(NAME, RT, SUB)                                                       \
    const ss_func_def rng_##NAME##_operators[] = {                                           \
        SS_TYPE_CMP_OPERATORS(rc, RT),                                                       \
        BOOL_OP("@>", RT, RT, op_contains),                                                  \
        BOOL_OP("@>", RT, SUB, op_contains_elem),                                            \
        BOOL_OP("<@", RT, RT, op_contained),                                                 \
        BOOL_OP("<@", SUB, RT, op_elem_contained),                                           \
        BOOL_OP("&&", RT, RT, op_overlaps),                                                  \
        BOOL_OP("<<", RT, RT, op_before),                                                    \
        BOOL_OP(">>", RT, RT, op_after),                                                     \
        BOOL_OP("&<", RT, RT, op_overleft),                                                  \
        BOOL_OP("&>", RT, RT, op_overright),                                                 \
        BOOL_OP("-|-", RT, RT, op_adjacent),                                                 \
        {"+", 2, false, true, {RT, RT}, RT, op_union, false},                                \
        {"*", 2, false, true, {RT, RT}, RT, op_intersect, false},                            \
        {"-", 2, false, true, {RT, RT}, RT, op_minus, false},                                \
        {0},                                                                                 \
    }

RANGE_OPERATORS(int4range, SS_TYPE_INT4RANGE, SS_TYPE_INT4);
RANGE_OPERATORS(int8range, SS_TYPE_INT8RANGE, SS_TYPE_INT8);
RANGE_OPERATORS(numrange, SS_TYPE_NUMRANGE, SS_TYPE_NUMERIC);
RANGE_OPERATORS(daterange, SS_TYPE_DATERANGE, SS_TYPE_DATE);
RANGE_OPERATORS(tsrange, SS_TYPE_TSRANGE, SS_TYPE_TIMESTAMP);
RANGE_OPERATORS(tstzrange, SS_TYPE_TSTZRANGE, SS_TYPE_TIMESTAMPTZ);
