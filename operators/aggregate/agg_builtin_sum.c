/* agg_builtin_sum.c — count, sum and avg as registered aggregates: count's row counts,
 * sum(int2 / int4) in a bigint with PostgreSQL's overflow error, sum / avg of real and double
 * precision (float8pl and float8_accum's Youngs-Cramer update with their overflow rules), and
 * the numeric / interval sums handed to agg_builtin_typed.c.  Each loop is typed by the
 * argument's layout once per batch; without GROUP BY it folds into one state held in
 * registers.  The kernel drops NULL arguments (strict), so every row here has a value. */
#include <math.h>
#include <string.h>

#include "agg_builtin.h"
#include "common/type_layout.h"

#define api agg_builtin_api

typedef struct count_state {
    int64_t n;
} count_state;

typedef struct sum_int_state {
    int64_t sum;
    int64_t n;
} sum_int_state;

typedef struct sum_float_state {
    double sum;
    int64_t n;
} sum_float_state;

typedef struct avg_float_state {
    double sx, sxx; /* PostgreSQL's float8_accum transition values */
    int64_t n;
} avg_float_state;

typedef enum sum_kind {
    SK_INT,       /* sum(int2 / int4) -> bigint */
    SK_FLOAT,     /* sum(real / float8) */
    SK_AVG_FLOAT, /* avg(real / float8) -> float8 */
    SK_TYPED      /* the result type's running sums (numeric, interval) */
} sum_kind;

static sum_kind kind_of(const ss_aggregate_call_info *c, bool avg)
{
    if (agg_typed_sum_of(c->result_type))
        return SK_TYPED;
    if (ops_layout_of(c->arg_types[0].id) == OPS_LAYOUT_FLOAT8)
        return avg ? SK_AVG_FLOAT : SK_FLOAT;
    return SK_INT;
}

#define STATE_AT(T, base, stride, g) ((T *)((char *)(base) + (size_t)(g) * (stride)))

static int bigint_overflow(ss_ctx *ctx)
{
    return api->error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "bigint out of range");
}

static int float_overflow(ss_ctx *ctx)
{
    return api->error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, "value out of range: overflow");
}

static void init_zero(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    (void)state; /* the kernel zeroes states: all-zero is every state here's empty value */
}

/* ---- count ---- */

static int count_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                       const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    if (!groups) {
        ((count_state *)states)->n += n;
        return SS_OK;
    }
    for (uint32_t k = 0; k < n; k++)
        STATE_AT(count_state, states, stride, groups[k])->n++;
    return SS_OK;
}

static int count_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                      const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++)
        ((count_state *)states[k])->n++;
    return SS_OK;
}

static int count_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                         const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++)
        ((count_state *)states[k])->n--;
    return SS_OK;
}

static int count_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    ((count_state *)state)->n += ((const count_state *)other)->n;
    return SS_OK;
}

static int count_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                       uint32_t row)
{
    ((int64_t *)out->data)[row] = ((const count_state *)state)->n;
    return SS_OK;
}

/* ---- sum / avg ---- */

/* The integer sum loop over CTYPE values: one state (registers) or the dense groups. */
#define SUM_INT_DENSE(CTYPE)                                                                  \
    do {                                                                                      \
        const CTYPE *x = (const CTYPE *)args[0]->data;                                        \
        if (!groups) {                                                                        \
            sum_int_state *s = states;                                                        \
            int64_t acc = s->sum;                                                             \
            for (uint32_t k = 0; k < n; k++)                                                  \
                if (__builtin_add_overflow(acc, (int64_t)x[rows[k]], &acc))                   \
                    return bigint_overflow(ctx);                                              \
            s->sum = acc;                                                                     \
            s->n += n;                                                                        \
            return SS_OK;                                                                     \
        }                                                                                     \
        for (uint32_t k = 0; k < n; k++) {                                                    \
            sum_int_state *s = STATE_AT(sum_int_state, states, stride, groups[k]);            \
            if (__builtin_add_overflow(s->sum, (int64_t)x[rows[k]], &s->sum))                 \
                return bigint_overflow(ctx);                                                  \
            s->n++;                                                                           \
        }                                                                                     \
        return SS_OK;                                                                         \
    } while (0)

static int sum_int_dense(ss_ctx *ctx, void *states, size_t stride, const uint32_t *groups,
                         const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    switch (ops_layout_of(args[0]->type.id)) {
    case OPS_LAYOUT_INT2: SUM_INT_DENSE(int16_t);
    case OPS_LAYOUT_INT4: SUM_INT_DENSE(int32_t);
    case OPS_LAYOUT_INT8: SUM_INT_DENSE(int64_t);
    default: return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "sum: unexpected argument type");
    }
}

/* float8pl (float4pl when the result is real: every partial sum rounded to float): the first
 * value is taken as is; two finite values adding up to an infinity are an overflow. */
#define SUM_FLOAT_BODY(s, v, ROUND)                                                           \
    do {                                                                                      \
        double t_ = ROUND((s)->sum + (v));                                                    \
        if (isinf(t_) && (s)->n > 0 && !isinf((s)->sum) && !isinf(v))                         \
            return float_overflow(ctx);                                                       \
        (s)->sum = (s)->n > 0 ? t_ : (v);                                                     \
        (s)->n++;                                                                             \
    } while (0)
#define AS_DOUBLE(x) (x)
#define AS_FLOAT(x) ((double)(float)(x))

static int sum_float_dense(ss_ctx *ctx, bool float4_steps, void *states, size_t stride, const uint32_t *groups,
                           const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    const double *x = args[0]->data;
    if (!groups) {
        sum_float_state s = *(sum_float_state *)states;
        if (float4_steps)
            for (uint32_t k = 0; k < n; k++)
                SUM_FLOAT_BODY(&s, x[rows[k]], AS_FLOAT);
        else
            for (uint32_t k = 0; k < n; k++)
                SUM_FLOAT_BODY(&s, x[rows[k]], AS_DOUBLE);
        *(sum_float_state *)states = s;
        return SS_OK;
    }
    for (uint32_t k = 0; k < n; k++) {
        sum_float_state *s = STATE_AT(sum_float_state, states, stride, groups[k]);
        double v = x[rows[k]];
        if (float4_steps)
            SUM_FLOAT_BODY(s, v, AS_FLOAT);
        else
            SUM_FLOAT_BODY(s, v, AS_DOUBLE);
    }
    return SS_OK;
}

/* float8_accum's Youngs-Cramer update of (N, Sx, Sxx): overflow when finite inputs drive Sx
 * or Sxx to infinity; an infinite or NaN input poisons Sxx with NaN. */
#define AVG_FLOAT_BODY(s, v)                                                                  \
    do {                                                                                      \
        double old_n = (double)(s)->n, old_sx = (s)->sx;                                      \
        double new_n = old_n + 1.0, new_sx = old_sx + (v), new_sxx = (s)->sxx;                \
        if (old_n > 0.0) {                                                                    \
            double tmp = (v) * new_n - new_sx;                                                \
            new_sxx += tmp * tmp / (new_n * old_n);                                           \
            if (isinf(new_sx) || isinf(new_sxx)) {                                            \
                if (!isinf(old_sx) && !isinf(v))                                              \
                    return float_overflow(ctx);                                               \
                new_sxx = NAN;                                                                \
            }                                                                                 \
        } else if (isnan(v) || isinf(v)) {                                                    \
            new_sxx = NAN;                                                                    \
        }                                                                                     \
        (s)->sx = new_sx;                                                                     \
        (s)->sxx = new_sxx;                                                                   \
        (s)->n++;                                                                             \
    } while (0)

static int avg_float_dense(ss_ctx *ctx, void *states, size_t stride, const uint32_t *groups,
                           const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    const double *x = args[0]->data;
    if (!groups) {
        avg_float_state s = *(avg_float_state *)states;
        for (uint32_t k = 0; k < n; k++)
            AVG_FLOAT_BODY(&s, x[rows[k]]);
        *(avg_float_state *)states = s;
        return SS_OK;
    }
    for (uint32_t k = 0; k < n; k++) {
        avg_float_state *s = STATE_AT(avg_float_state, states, stride, groups[k]);
        AVG_FLOAT_BODY(s, x[rows[k]]);
    }
    return SS_OK;
}

static int sum_avg_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                         const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n,
                         bool avg)
{
    switch (kind_of(call, avg)) {
    case SK_INT: return sum_int_dense(ctx, states, stride, groups, args, rows, n);
    case SK_FLOAT:
        return sum_float_dense(ctx, call->result_type.id == SS_TYPE_FLOAT4, states, stride, groups, args, rows, n);
    case SK_AVG_FLOAT: return avg_float_dense(ctx, states, stride, groups, args, rows, n);
    case SK_TYPED: return agg_typed_step_dense(ctx, call, states, stride, groups, args, rows, n);
    }
    return SS_ERROR;
}

static int sum_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                     const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return sum_avg_dense(ctx, call, states, stride, groups, args, rows, n, false);
}

static int avg_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                     const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return sum_avg_dense(ctx, call, states, stride, groups, args, rows, n, true);
}

/* step over a state per row: runs of rows sharing a state go to the dense loop as one
 * ungrouped batch (a window frame's rows all share one). */
static int sum_avg_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                        const ss_vector *const *args, const uint32_t *rows, uint32_t n, bool avg)
{
    if (kind_of(call, avg) == SK_TYPED)
        return agg_typed_step(ctx, call, states, args, rows, n);
    for (uint32_t k = 0; k < n;) {
        uint32_t e = k + 1;
        while (e < n && states[e] == states[k])
            e++;
        if (sum_avg_dense(ctx, call, states[k], 0, NULL, args, rows + k, e - k, avg) != SS_OK)
            return SS_ERROR;
        k = e;
    }
    return SS_OK;
}

static int sum_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                    const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return sum_avg_step(ctx, call, states, args, rows, n, false);
}

static int avg_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                    const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return sum_avg_step(ctx, call, states, args, rows, n, true);
}

static int64_t int_at(const ss_vector *v, uint32_t r)
{
    switch (ops_layout_of(v->type.id)) {
    case OPS_LAYOUT_INT2: return ((const int16_t *)v->data)[r];
    case OPS_LAYOUT_INT4: return ((const int32_t *)v->data)[r];
    default: return ((const int64_t *)v->data)[r];
    }
}

/* PostgreSQL's moving sums: integers subtract exactly (int4_avg_accum_inv); floating-point
 * sums have no inverse (their rounding would differ), so the kernel aggregates afresh. */
static int sum_avg_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                           const ss_vector *const *args, const uint32_t *rows, uint32_t n, bool avg)
{
    switch (kind_of(call, avg)) {
    case SK_INT:
        for (uint32_t k = 0; k < n; k++) {
            sum_int_state *s = states[k];
            if (__builtin_sub_overflow(s->sum, int_at(args[0], rows[k]), &s->sum))
                return bigint_overflow(ctx);
            s->n--;
        }
        return SS_OK;
    case SK_TYPED: return agg_typed_inverse(ctx, call, states, args, rows, n);
    default: return SS_AGGREGATE_INVERSE_RESTART;
    }
}

static int sum_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                       const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return sum_avg_inverse(ctx, call, states, args, rows, n, false);
}

static int avg_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                       const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return sum_avg_inverse(ctx, call, states, args, rows, n, true);
}

static int sum_avg_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other,
                           bool avg)
{
    switch (kind_of(call, avg)) {
    case SK_INT: {
        sum_int_state *s = state;
        const sum_int_state *o = other;
        if (__builtin_add_overflow(s->sum, o->sum, &s->sum))
            return bigint_overflow(ctx);
        s->n += o->n;
        return SS_OK;
    }
    case SK_FLOAT: {
        sum_float_state *s = state;
        const sum_float_state *o = other;
        if (o->n) {
            double v = o->sum;
            if (call->result_type.id == SS_TYPE_FLOAT4)
                SUM_FLOAT_BODY(s, v, AS_FLOAT);
            else
                SUM_FLOAT_BODY(s, v, AS_DOUBLE);
            s->n += o->n - 1;
        }
        return SS_OK;
    }
    case SK_AVG_FLOAT: { /* float8_combine */
        avg_float_state *s = state;
        const avg_float_state *o = other;
        if (!o->n)
            return SS_OK;
        if (!s->n) {
            *s = *o;
            return SS_OK;
        }
        double n1 = (double)s->n, n2 = (double)o->n, nn = n1 + n2;
        double sx = s->sx + o->sx, tmp = s->sx / n1 - o->sx / n2;
        double sxx = s->sxx + o->sxx + n1 * n2 * tmp * tmp / nn;
        if (isinf(sx) && !isinf(s->sx) && !isinf(o->sx))
            return float_overflow(ctx);
        s->sx = sx;
        s->sxx = sxx;
        s->n += o->n;
        return SS_OK;
    }
    case SK_TYPED: return agg_typed_combine(ctx, call, state, other);
    }
    return SS_ERROR;
}

static int sum_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    return sum_avg_combine(ctx, call, state, other, false);
}

static int avg_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    return sum_avg_combine(ctx, call, state, other, true);
}

static int sum_avg_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                         uint32_t row, bool avg)
{
    switch (kind_of(call, avg)) {
    case SK_INT: {
        const sum_int_state *s = state;
        if (!s->n)
            ss_vector_set_null(out, row);
        else
            ((int64_t *)out->data)[row] = s->sum;
        return SS_OK;
    }
    case SK_FLOAT: {
        const sum_float_state *s = state;
        if (!s->n)
            ss_vector_set_null(out, row);
        else
            ((double *)out->data)[row] = s->sum;
        return SS_OK;
    }
    case SK_AVG_FLOAT: {
        const avg_float_state *s = state;
        if (!s->n)
            ss_vector_set_null(out, row);
        else
            ((double *)out->data)[row] = s->sx / (double)s->n;
        return SS_OK;
    }
    case SK_TYPED: return agg_typed_final(ctx, call, state, out, row, avg);
    }
    return SS_ERROR;
}

static int sum_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                     uint32_t row)
{
    return sum_avg_final(ctx, call, state, out, row, false);
}

static int avg_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                     uint32_t row)
{
    return sum_avg_final(ctx, call, state, out, row, true);
}

static void sum_avg_release(const ss_aggregate_call_info *call, void *state)
{
    const ss_type_sum *sum = agg_typed_sum_of(call->result_type);
    if (sum)
        agg_typed_release(call, state);
}

static uint32_t sum_avg_state_size(const ss_aggregate_call_info *call, bool avg)
{
    switch (kind_of(call, avg)) {
    case SK_INT: return sizeof(sum_int_state);
    case SK_FLOAT: return sizeof(sum_float_state);
    case SK_AVG_FLOAT: return sizeof(avg_float_state);
    case SK_TYPED: return agg_typed_state_size(agg_typed_sum_of(call->result_type));
    }
    return 16;
}

static uint32_t sum_state_size(const ss_aggregate_call_info *call)
{
    return sum_avg_state_size(call, false);
}

static uint32_t avg_state_size(const ss_aggregate_call_info *call)
{
    return sum_avg_state_size(call, true);
}

const ss_aggregate_vtable agg_builtin_count_vt = {
    .struct_size = sizeof(ss_aggregate_vtable),
    .version = SS_AGGREGATE_VTABLE_VERSION,
    .name = "count",
    .description = "count(*) and count(x): rows, and rows where x is not NULL (bigint)",
    .min_args = 1,
    .max_args = 1,
    .strict = true,
    .state_size = sizeof(count_state),
    .result_type = agg_builtin_count_type,
    .init = init_zero,
    .step = count_step,
    .final = count_final,
    .inverse = count_inverse,
    .combine = count_combine,
    .step_dense = count_dense,
};

/* integer and float sums keep plain numbers; numeric and interval ones own their running sums */
static bool sum_flat(const ss_aggregate_call_info *call)
{
    return kind_of(call, false) != SK_TYPED;
}

static bool avg_flat(const ss_aggregate_call_info *call)
{
    return kind_of(call, true) != SK_TYPED;
}

const ss_aggregate_vtable agg_builtin_sum_vt = {
    .struct_size = sizeof(ss_aggregate_vtable),
    .version = SS_AGGREGATE_VTABLE_VERSION,
    .name = "sum",
    .description = "sum of smallint / integer (bigint), bigint / numeric (numeric), real, double precision, "
                   "interval",
    .min_args = 1,
    .max_args = 1,
    .strict = true,
    .state_size = sizeof(sum_int_state),
    .result_type = agg_builtin_sum_type,
    .init = init_zero,
    .step = sum_step,
    .final = sum_final,
    .inverse = sum_inverse,
    .combine = sum_combine,
    .release = sum_avg_release,
    .call_state_size = sum_state_size,
    .step_dense = sum_dense,
    .flat_state = sum_flat,
};

const ss_aggregate_vtable agg_builtin_avg_vt = {
    .struct_size = sizeof(ss_aggregate_vtable),
    .version = SS_AGGREGATE_VTABLE_VERSION,
    .name = "avg",
    .description = "average of integers / numeric (numeric), real / double precision (double precision), "
                   "interval",
    .min_args = 1,
    .max_args = 1,
    .strict = true,
    .state_size = sizeof(avg_float_state),
    .result_type = agg_builtin_avg_type,
    .init = init_zero,
    .step = avg_step,
    .final = avg_final,
    .inverse = avg_inverse,
    .combine = avg_combine,
    .release = sum_avg_release,
    .call_state_size = avg_state_size,
    .step_dense = avg_dense,
    .flat_state = avg_flat,
};
