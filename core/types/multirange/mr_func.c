/* mr_func.c — the multirange types' functions as PostgreSQL 15's: the constructors
 * int4multirange() / int4multirange(range, ...) (multirange_constructor0 / 2: a NULL range is
 * 22004), multirange(range) and the cast of a range to its multirange, lower / upper, isempty,
 * lower_inc / upper_inc / lower_inf / upper_inf and range_merge(multirange). */
#include "types/multirange/multirange.h"

#include <stdlib.h>
#include <string.h>

#include "exec/expr.h"
#include "exec/vector.h"
#include "types/array/array.h"

static int set_null(ss_ctx *ctx, ss_vector *out, uint32_t row)
{
    if (ss_vector_ensure_validity(ctx, out) != SS_OK)
        return SS_ERROR;
    ss_vector_set_null(out, row);
    return SS_OK;
}

static int fn_construct(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                        ss_vector *out)
{
    rng_value r[SS_FUNC_MAX_ARGS];
    SS_FOR_ROWS(rows, n, i, {
        for (uint32_t k = 0; k < nargs; k++) {
            ss_value v;
            ss_vector_get_value(args[k], i, &v);
            if (v.is_null)
                return ss_ctx_error(ctx, "22004", "multirange values cannot contain null members");
            rng_decode(&v.v.s, &r[k]);
        }
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        if (mr_make(ctx, out->type.id, r, nargs, &sb) != SS_OK) {
            ss_strbuf_free(&sb);
            return SS_ERROR;
        }
        if (rng_store(ctx, out, i, &sb) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

static int cast_from_range(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode, ss_value *out,
                           ss_arena *arena)
{
    (void)from, (void)mode;
    rng_value r;
    rng_decode(&in->v.s, &r);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (mr_make(ctx, to.id, &r, 1, &sb) != SS_OK) {
        ss_strbuf_free(&sb);
        return SS_ERROR;
    }
    return mr_store_value(ctx, &sb, arena, out);
}

/* the multirange of args[0] at each row, handed to f (with its first and last range) */
typedef int (*mr_row_fn)(ss_ctx *ctx, const mr_value *m, ss_vector *out, uint32_t row);

static int each_row(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                    mr_row_fn f)
{
    SS_FOR_ROWS(rows, n, i, {
        mr_value m;
        if (mr_decode(ctx, args[0]->type.id, (const ss_text *)args[0]->data + i, &m) != SS_OK)
            return SS_ERROR;
        int rc = f(ctx, &m, out, i);
        mr_free(&m);
        if (rc != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* lower / upper: the first range's lower bound, the last one's upper; NULL when empty or
   infinite */
static int row_lower(ss_ctx *ctx, const mr_value *m, ss_vector *out, uint32_t row)
{
    if (!m->n || m->r[0].lo.infinite)
        return set_null(ctx, out, row);
    return ss_vector_set_value(ctx, out, row, &m->r[0].lo.val);
}

static int row_upper(ss_ctx *ctx, const mr_value *m, ss_vector *out, uint32_t row)
{
    if (!m->n || m->r[m->n - 1].hi.infinite)
        return set_null(ctx, out, row);
    return ss_vector_set_value(ctx, out, row, &m->r[m->n - 1].hi.val);
}

static int row_merge(ss_ctx *ctx, const mr_value *m, ss_vector *out, uint32_t row)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    rng_value span;
    mr_span(m, &span);
    if (span.empty)
        rng_make_empty(out->type.id, &sb);
    else if (rng_make(ctx, out->type.id, span.lo, span.hi, false, &sb) != SS_OK) {
        ss_strbuf_free(&sb);
        return SS_ERROR;
    }
    return rng_store(ctx, out, row, &sb);
}

enum { Q_EMPTY, Q_LOWER_INC, Q_UPPER_INC, Q_LOWER_INF, Q_UPPER_INF };

static int flag_row(const mr_value *m, ss_vector *out, uint32_t row, int q)
{
    bool v = false;
    if (q == Q_EMPTY)
        v = m->n == 0;
    else if (m->n) {
        const rng_bound *lo = &m->r[0].lo, *hi = &m->r[m->n - 1].hi;
        v = q == Q_LOWER_INC ? lo->inclusive : q == Q_UPPER_INC ? hi->inclusive : q == Q_LOWER_INF ? lo->infinite
                                                                                                    : hi->infinite;
    }
    ((uint8_t *)out->data)[row] = v;
    return SS_OK;
}

#define ROW_EVAL(NAME, F)                                                                    \
    static int NAME(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, \
                    uint32_t n, ss_vector *out)                                              \
    {                                                                                        \
        (void)nargs;                                                                         \
        return each_row(ctx, args, rows, n, out, F);                                         \
    }
#define FLAG_FN(NAME, Q)                                                                     \
    static int NAME##_row(ss_ctx *ctx, const mr_value *m, ss_vector *out, uint32_t row)      \
    {                                                                                        \
        (void)ctx;                                                                           \
        return flag_row(m, out, row, Q);                                                     \
    }                                                                                        \
    ROW_EVAL(NAME, NAME##_row)
ROW_EVAL(fn_lower, row_lower)
ROW_EVAL(fn_upper, row_upper)
ROW_EVAL(fn_range_merge, row_merge)
FLAG_FN(fn_isempty, Q_EMPTY)
FLAG_FN(fn_lower_inc, Q_LOWER_INC)
FLAG_FN(fn_upper_inc, Q_UPPER_INC)
FLAG_FN(fn_lower_inf, Q_LOWER_INF)
FLAG_FN(fn_upper_inf, Q_UPPER_INF)

static int fn_multirange(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                         ss_vector *out)
{
    return fn_construct(ctx, args, nargs, rows, n, out);
}

/* int4multirange(VARIADIC int4range[]) as overloads of 1 .. SS_FUNC_MAX_ARGS ranges */
#define CONSTRUCTORS(NAME, MR, RT)                                                           \
    {#NAME, 0, false, true, {0}, MR, fn_construct, false},                                   \
    {#NAME, 1, false, true, {RT}, MR, fn_construct, false},                                  \
    {#NAME, 2, false, false, {RT, RT}, MR, fn_construct, false},                             \
    {#NAME, 3, false, false, {RT, RT, RT}, MR, fn_construct, false},                         \
    {#NAME, 4, false, false, {RT, RT, RT, RT}, MR, fn_construct, false},                     \
    {#NAME, 5, false, false, {RT, RT, RT, RT, RT}, MR, fn_construct, false},                 \
    {#NAME, 6, false, false, {RT, RT, RT, RT, RT, RT}, MR, fn_construct, false},             \
    {#NAME, 7, false, false, {RT, RT, RT, RT, RT, RT, RT}, MR, fn_construct, false}
#define MULTIRANGE_FUNCTIONS(NAME, MR, RT, SUB)                                              \
    const ss_func_def mr_##NAME##_functions[] = {                                            \
        CONSTRUCTORS(NAME, MR, RT),                                                          \
        {"multirange", 1, false, true, {RT}, MR, fn_multirange, false},                      \
        {"lower", 1, false, true, {MR}, SUB, fn_lower, false},                               \
        {"upper", 1, false, true, {MR}, SUB, fn_upper, false},                               \
        {"isempty", 1, false, true, {MR}, SS_TYPE_BOOL, fn_isempty, false},                  \
        {"lower_inc", 1, false, true, {MR}, SS_TYPE_BOOL, fn_lower_inc, false},              \
        {"upper_inc", 1, false, true, {MR}, SS_TYPE_BOOL, fn_upper_inc, false},              \
        {"lower_inf", 1, false, true, {MR}, SS_TYPE_BOOL, fn_lower_inf, false},              \
        {"upper_inf", 1, false, true, {MR}, SS_TYPE_BOOL, fn_upper_inf, false},              \
        {"range_merge", 1, false, true, {MR}, RT, fn_range_merge, false},                    \
        {0},                                                                                 \
    };                                                                                       \
    const ss_cast_def mr_##NAME##_casts[] = {{RT, MR, CAST_EXPLICIT, cast_from_range}, {0}}

MULTIRANGE_FUNCTIONS(int4multirange, SS_TYPE_INT4MULTIRANGE, SS_TYPE_INT4RANGE, SS_TYPE_INT4);
MULTIRANGE_FUNCTIONS(int8multirange, SS_TYPE_INT8MULTIRANGE, SS_TYPE_INT8RANGE, SS_TYPE_INT8);
MULTIRANGE_FUNCTIONS(nummultirange, SS_TYPE_NUMMULTIRANGE, SS_TYPE_NUMRANGE, SS_TYPE_NUMERIC);
MULTIRANGE_FUNCTIONS(datemultirange, SS_TYPE_DATEMULTIRANGE, SS_TYPE_DATERANGE, SS_TYPE_DATE);
MULTIRANGE_FUNCTIONS(tsmultirange, SS_TYPE_TSMULTIRANGE, SS_TYPE_TSRANGE, SS_TYPE_TIMESTAMP);
MULTIRANGE_FUNCTIONS(tstzmultirange, SS_TYPE_TSTZMULTIRANGE, SS_TYPE_TSTZRANGE, SS_TYPE_TIMESTAMPTZ);

/* ---- the ranges of a multirange as an array (unnest(multirange)) ---- */

static int fn_ranges(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                     ss_vector *out)
{
    (void)nargs;
    SS_FOR_ROWS(rows, n, i, {
        const ss_text *t = (const ss_text *)args[0]->data + i;
        uint32_t count;
        memcpy(&count, t->ptr, 4);
        ss_value *items = malloc(sizeof(ss_value) * (count ? count : 1));
        if (!items)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        const char *p = t->ptr + 4;
        for (uint32_t k = 0; k < count; k++) {
            uint32_t len;
            memcpy(&len, p, 4);
            memset(&items[k], 0, sizeof items[k]);
            items[k].v.s = (ss_text){.ptr = p + 4, .len = len};
            p += 4 + len;
        }
        ss_value arr = {0};
        int rc = arr_encode_1d(ctx, mr_range_type(args[0]->type.id), items, count, &arr.v.s);
        free(items);
        if (rc != SS_OK || ss_vector_set_value(ctx, out, i, &arr) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

const ss_func_def mr_ranges_def = {"multirange ranges", 1, false, true, {SS_FUNC_ANY}, SS_TYPE_INVALID, fn_ranges,
                                   false};
