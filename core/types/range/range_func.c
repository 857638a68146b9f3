/* range_func.c — the range types' functions as PostgreSQL 15's: the constructors
 * int4range(a, b [, flags]) ... (range_constructor2 / 3: a NULL bound is infinite, flags
 * one of "[]" "[)" "(]" "()"), lower / upper, isempty, lower_inc / upper_inc, lower_inf /
 * upper_inf and range_merge. */
#include "types/range/range.h"

#include "exec/vector.h"

static int set_null(ss_ctx *ctx, ss_vector *out, uint32_t row)
{
    if (ss_vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    ss_vector_set_null(out, row);
    return SS_OK;
}

/* range_parse_flags */
static int parse_flags(ss_ctx *ctx, const ss_text *f, bool *lo_inc, bool *hi_inc)
{
    if (f->len != 2 || (f->ptr[0] != '[' && f->ptr[0] != '(') || (f->ptr[1] != ']' && f->ptr[1] != ')')) {
        ss_ctx_error(ctx, SS_SQLSTATE_SYNTAX_ERROR, "invalid range bound flags");
        ss_ctx_error_hint(ctx, "Valid values are \"[]\", \"[)\", \"(]\", and \"()\".");
        return SS_ERROR;
    }
    *lo_inc = f->ptr[0] == '[';
    *hi_inc = f->ptr[1] == ']';
    return SS_OK;
}

static int fn_construct(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                        ss_vector *out)
{
    SS_FOR_ROWS(rows, n, i, {
        ss_value a, b;
        ss_vector_get_value(args[0], i, &a);
        ss_vector_get_value(args[1], i, &b);
        bool lo_inc = true, hi_inc = false;
        if (nargs == 3) {
            ss_value f;
            ss_vector_get_value(args[2], i, &f);
            if (f.is_null)
                return ss_ctx_error(ctx, RNG_SQLSTATE_DATA_EXCEPTION, "range constructor flags argument must not be null");
            if (parse_flags(ctx, &f.v.s, &lo_inc, &hi_inc) != SS_OK)
                return SS_ERROR;
        }
        rng_bound lo = {.val = a, .infinite = a.is_null, .inclusive = lo_inc, .lower = true};
        rng_bound hi = {.val = b, .infinite = b.is_null, .inclusive = hi_inc};
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        if (rng_make(ctx, out->type.id, lo, hi, false, &sb) != SS_OK) {
            ss_strbuf_free(&sb);
            return SS_ERROR;
        }
        if (rng_store(ctx, out, i, &sb) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* lower / upper: the bound's value, NULL for an empty range or an infinite bound */
static int bound_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                      bool upper)
{
    SS_FOR_ROWS(rows, n, i, {
        rng_value r;
        rng_decode((const ss_text *)args[0]->data + i, &r);
        const rng_bound *b = upper ? &r.hi : &r.lo;
        int rc = r.empty || b->infinite ? set_null(ctx, out, i) : ss_vector_set_value(ctx, out, i, &b->val);
        if (rc != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

static int fn_lower(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out)
{
    (void)nargs;
    return bound_rows(ctx, args, rows, n, out, false);
}

static int fn_upper(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                    ss_vector *out)
{
    (void)nargs;
    return bound_rows(ctx, args, rows, n, out, true);
}

enum { Q_EMPTY, Q_LOWER_INC, Q_UPPER_INC, Q_LOWER_INF, Q_UPPER_INF };

/* the flag tests; an empty range has none of the bound properties */
static int flag_rows(ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out, int q)
{
    uint8_t *res = out->data;
    SS_FOR_ROWS(rows, n, i, {
        rng_value r;
        rng_decode((const ss_text *)args[0]->data + i, &r);
        bool v;
        switch (q) {
        case Q_EMPTY: v = r.empty; break;
        case Q_LOWER_INC: v = !r.empty && r.lo.inclusive; break;
        case Q_UPPER_INC: v = !r.empty && r.hi.inclusive; break;
        case Q_LOWER_INF: v = !r.empty && r.lo.infinite; break;
        default: v = !r.empty && r.hi.infinite; break;
        }
        res[i] = v;
    });
    return SS_OK;
}

#define FLAG_EVAL(NAME, Q)                                                                   \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                              \
    {                                                                                        \
        (void)ctx, (void)nargs;                                                              \
        return flag_rows(args, rows, n, out, Q);                                             \
    }
FLAG_EVAL(fn_isempty, Q_EMPTY)
FLAG_EVAL(fn_lower_inc, Q_LOWER_INC)
FLAG_EVAL(fn_upper_inc, Q_UPPER_INC)
FLAG_EVAL(fn_lower_inf, Q_LOWER_INF)
FLAG_EVAL(fn_upper_inf, Q_UPPER_INF)

static int fn_range_merge(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                          uint32_t n, ss_vector *out)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        rng_value a, b;
        rng_decode((const ss_text *)args[0]->data + i, &a);
        rng_decode((const ss_text *)args[1]->data + i, &b);
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        if (rng_union(ctx, &a, &b, false, &sb) != SS_OK) {
            ss_strbuf_free(&sb);
            return SS_ERROR;
        }
        if (rng_store(ctx, out, i, &sb) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

#define RANGE_FUNCTIONS(NAME, RT, SUB)                                                       \
    const ss_func_def rng_##NAME##_functions[] = {                                           \
        {#NAME, 2, false, false, {SUB, SUB}, RT, fn_construct, false},                       \
        {#NAME, 3, false, false, {SUB, SUB, SS_TYPE_TEXT}, RT, fn_construct, false},         \
        {"lower", 1, false, true, {RT}, SUB, fn_lower, false},                               \
        {"upper", 1, false, true, {RT}, SUB, fn_upper, false},                               \
        {"isempty", 1, false, true, {RT}, SS_TYPE_BOOL, fn_isempty, false},                  \
        {"lower_inc", 1, false, true, {RT}, SS_TYPE_BOOL, fn_lower_inc, false},              \
        {"upper_inc", 1, false, true, {RT}, SS_TYPE_BOOL, fn_upper_inc, false},              \
        {"lower_inf", 1, false, true, {RT}, SS_TYPE_BOOL, fn_lower_inf, false},              \
        {"upper_inf", 1, false, true, {RT}, SS_TYPE_BOOL, fn_upper_inf, false},              \
        {"range_merge", 2, false, true, {RT, RT}, RT, fn_range_merge, false},                \
        {0},                                                                                 \
    }

RANGE_FUNCTIONS(int4range, SS_TYPE_INT4RANGE, SS_TYPE_INT4);
RANGE_FUNCTIONS(int8range, SS_TYPE_INT8RANGE, SS_TYPE_INT8);
RANGE_FUNCTIONS(numrange, SS_TYPE_NUMRANGE, SS_TYPE_NUMERIC);
RANGE_FUNCTIONS(daterange, SS_TYPE_DATERANGE, SS_TYPE_DATE);
RANGE_FUNCTIONS(tsrange, SS_TYPE_TSRANGE, SS_TYPE_TIMESTAMP);
RANGE_FUNCTIONS(tstzrange, SS_TYPE_TSTZRANGE, SS_TYPE_TIMESTAMPTZ);
