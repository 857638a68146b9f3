/* agg_builtin_minmax.c — min and max as registered aggregates: one typed loop per argument
 * layout (bool and integers in an int64, float8 in PostgreSQL's order with NaN largest,
 * text bytewise, the other varlen types by their compare callback, the state owning a copy
 * of the best value; select_row, the same choice between two rows, for the window operator's
 * segment tree of rows).  Of equal values the later one is kept, as PostgreSQL's
 * float8smaller / numeric_smaller keep the old value only when it is strictly better. */
#include <string.h>

#include "agg_builtin.h"
#include "common/api_memory.h"
#include "common/type_layout.h"
#include "common/value_order.h"

#define api agg_builtin_api

typedef struct mm_int_state {
    int64_t best;
    int64_t n;
} mm_int_state;

typedef struct mm_float_state {
    double best;
    int64_t n;
} mm_float_state;

typedef struct mm_text_state {
    char *ptr; /* owned copy (ss_api.alloc) */
    uint32_t len, cap;
    int64_t n;
} mm_text_state;

#define STATE_AT(T, base, stride, g) ((T *)((char *)(base) + (size_t)(g) * (stride)))

/* Text: keep an owned copy, reusing its buffer when the new value fits. */
static int set_text(ss_ctx *ctx, mm_text_state *t, const ss_text *v)
{
    if (v->len > t->cap) {
        uint32_t cap = v->len < 32 ? 32 : v->len;
        char *p = ops_realloc(api, t->ptr, cap);
        if (!p)
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        t->ptr = p;
        t->cap = cap;
    }
    if (v->len)
        memcpy(t->ptr, v->ptr, v->len);
    t->len = v->len;
    return SS_OK;
}

/* The loop over CTYPE values into integer states: one state or the dense groups. */
#define MM_INT_LOOP(CTYPE, OP)                                                                \
    do {                                                                                      \
        const CTYPE *x = (const CTYPE *)args[0]->data;                                        \
        if (!groups) {                                                                        \
            mm_int_state *s = states;                                                         \
            int64_t best = s->best;                                                           \
            bool any = s->n > 0;                                                              \
            for (uint32_t k = 0; k < n; k++) {                                                \
                int64_t v = (int64_t)x[rows[k]];                                              \
                if (!any || v OP best)                                                        \
                    best = v;                                                                 \
                any = true;                                                                   \
            }                                                                                 \
            s->best = best;                                                                   \
            s->n += n;                                                                        \
            return SS_OK;                                                                     \
        }                                                                                     \
        for (uint32_t k = 0; k < n; k++) {                                                    \
            mm_int_state *s = STATE_AT(mm_int_state, states, stride, groups[k]);              \
            int64_t v = (int64_t)x[rows[k]];                                                  \
            if (s->n == 0 || v OP s->best)                                                    \
                s->best = v;                                                                  \
            s->n++;                                                                           \
        }                                                                                     \
        return SS_OK;                                                                         \
    } while (0)

static int mm_dense(ss_ctx *ctx, bool is_min, void *states, size_t stride, const uint32_t *groups,
                    const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    switch (ops_layout_of(args[0]->type.id)) {
    case OPS_LAYOUT_BOOL:
        if (is_min) MM_INT_LOOP(uint8_t, <);
        else MM_INT_LOOP(uint8_t, >);
    case OPS_LAYOUT_INT2:
        if (is_min) MM_INT_LOOP(int16_t, <);
        else MM_INT_LOOP(int16_t, >);
    case OPS_LAYOUT_INT4:
        if (is_min) MM_INT_LOOP(int32_t, <);
        else MM_INT_LOOP(int32_t, >);
    case OPS_LAYOUT_INT8:
        if (is_min) MM_INT_LOOP(int64_t, <);
        else MM_INT_LOOP(int64_t, >);
    case OPS_LAYOUT_FLOAT8: {
        const double *x = args[0]->data;
        int keep = is_min ? 1 : -1; /* replaced unless the kept one is strictly better */
        for (uint32_t k = 0; k < n; k++) {
            mm_float_state *s = groups ? STATE_AT(mm_float_state, states, stride, groups[k]) : states;
            double v = x[rows[k]];
            int c = s->n ? ops_cmp_float8(s->best, v) : 0;
            if (s->n == 0 || c == keep || c == 0)
                s->best = v;
            s->n++;
        }
        return SS_OK;
    }
    case OPS_LAYOUT_TEXT: {
        const ss_text *x = args[0]->data;
        int want = is_min ? -1 : 1;
        for (uint32_t k = 0; k < n; k++) {
            mm_text_state *s = groups ? STATE_AT(mm_text_state, states, stride, groups[k]) : states;
            const ss_text *v = &x[rows[k]];
            ss_text cur = {s->ptr, s->len, 0};
            if ((s->n == 0 || ops_cmp_text(v, &cur) == want) && set_text(ctx, s, v) != SS_OK)
                return SS_ERROR;
            s->n++;
        }
        return SS_OK;
    }
    case OPS_LAYOUT_CUSTOM: {
        const ss_type_info *ti = ops_type_info(args[0]->type.id);
        const ss_text *x = args[0]->data;
        int keep = is_min ? -1 : 1; /* the kept value stays only when strictly better */
        for (uint32_t k = 0; k < n; k++) {
            mm_text_state *s = groups ? STATE_AT(mm_text_state, states, stride, groups[k]) : states;
            const ss_text *v = &x[rows[k]];
            ss_text cur = {s->ptr, s->len, 0};
            if ((s->n == 0 || ti->compare(&cur, v) != keep) && set_text(ctx, s, v) != SS_OK)
                return SS_ERROR;
            s->n++;
        }
        return SS_OK;
    }
    case OPS_LAYOUT_NONE: break;
    }
    return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "min/max: unexpected argument type");
}

static int min_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                     const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return mm_dense(ctx, true, states, stride, groups, args, rows, n);
}

static int max_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                     const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return mm_dense(ctx, false, states, stride, groups, args, rows, n);
}

static int mm_step(ss_ctx *ctx, bool is_min, void *const *states, const ss_vector *const *args,
                   const uint32_t *rows, uint32_t n)
{
    for (uint32_t k = 0; k < n;) {
        uint32_t e = k + 1;
        while (e < n && states[e] == states[k])
            e++;
        if (mm_dense(ctx, is_min, states[k], 0, NULL, args, rows + k, e - k) != SS_OK)
            return SS_ERROR;
        k = e;
    }
    return SS_OK;
}

static int min_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                    const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return mm_step(ctx, true, states, args, rows, n);
}

static int max_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                    const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    return mm_step(ctx, false, states, args, rows, n);
}

static bool text_layout(const ss_aggregate_call_info *call)
{
    return ops_layout_is_varlen(ops_layout_of(call->arg_types[0].id));
}

/* other's best value, as one row of the argument's type, stepped into state. */
static int mm_combine(ss_ctx *ctx, bool is_min, const ss_aggregate_call_info *call, void *state, const void *other)
{
    ss_type t = call->arg_types[0];
    ops_layout l = ops_layout_of(t.id);
    union {
        uint8_t b;
        int16_t i2;
        int32_t i4;
        int64_t i8;
        double f;
        ss_text s;
    } v;
    const int64_t n = text_layout(call) ? ((const mm_text_state *)other)->n : ((const mm_int_state *)other)->n;
    if (!n)
        return SS_OK;
    switch (l) {
    case OPS_LAYOUT_BOOL: v.b = (uint8_t)((const mm_int_state *)other)->best; break;
    case OPS_LAYOUT_INT2: v.i2 = (int16_t)((const mm_int_state *)other)->best; break;
    case OPS_LAYOUT_INT4: v.i4 = (int32_t)((const mm_int_state *)other)->best; break;
    case OPS_LAYOUT_INT8: v.i8 = ((const mm_int_state *)other)->best; break;
    case OPS_LAYOUT_FLOAT8: v.f = ((const mm_float_state *)other)->best; break;
    default: {
        const mm_text_state *o = other;
        v.s = (ss_text){o->ptr ? o->ptr : "", o->len, 0};
    }
    }
    ss_vector view = {.type = t, .capacity = 1, .data = &v};
    const ss_vector *args[1] = {&view};
    const uint32_t zero = 0;
    if (mm_dense(ctx, is_min, state, 0, NULL, args, &zero, 1) != SS_OK)
        return SS_ERROR;
    if (text_layout(call))
        ((mm_text_state *)state)->n += n - 1;
    else
        ((mm_int_state *)state)->n += n - 1;
    return SS_OK;
}

static int min_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    return mm_combine(ctx, true, call, state, other);
}

static int max_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    return mm_combine(ctx, false, call, state, other);
}

static int mm_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                    uint32_t row)
{
    switch (ops_layout_of(call->result_type.id)) {
    case OPS_LAYOUT_BOOL:
    case OPS_LAYOUT_INT2:
    case OPS_LAYOUT_INT4:
    case OPS_LAYOUT_INT8: {
        const mm_int_state *s = state;
        if (!s->n) {
            ss_vector_set_null(out, row);
            return SS_OK;
        }
        switch (ops_layout_of(call->result_type.id)) {
        case OPS_LAYOUT_BOOL: ((uint8_t *)out->data)[row] = s->best != 0; break;
        case OPS_LAYOUT_INT2: ((int16_t *)out->data)[row] = (int16_t)s->best; break;
        case OPS_LAYOUT_INT4: ((int32_t *)out->data)[row] = (int32_t)s->best; break;
        default: ((int64_t *)out->data)[row] = s->best; break;
        }
        return SS_OK;
    }
    case OPS_LAYOUT_FLOAT8: {
        const mm_float_state *s = state;
        if (!s->n)
            ss_vector_set_null(out, row);
        else
            ((double *)out->data)[row] = s->best;
        return SS_OK;
    }
    case OPS_LAYOUT_TEXT:
    case OPS_LAYOUT_CUSTOM: {
        const mm_text_state *s = state;
        if (!s->n) {
            ss_vector_set_null(out, row);
            return SS_OK;
        }
        char *p = api->vector_text_alloc(ctx, out, s->len ? s->len : 1);
        if (!p)
            return SS_ERROR;
        if (s->len)
            memcpy(p, s->ptr, s->len);
        ((ss_text *)out->data)[row] = (ss_text){p, s->len, 0};
        return SS_OK;
    }
    case OPS_LAYOUT_NONE: break;
    }
    return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "min/max: unexpected result type");
}

/* Rows a and b of the argument in mm_dense's order: < 0, 0, > 0. */
static int mm_compare_rows(const ss_vector *v, uint32_t a, uint32_t b)
{
    switch (ops_layout_of(v->type.id)) {
    case OPS_LAYOUT_BOOL: {
        const uint8_t *x = v->data;
        return (x[a] > x[b]) - (x[a] < x[b]);
    }
    case OPS_LAYOUT_INT2: {
        const int16_t *x = v->data;
        return (x[a] > x[b]) - (x[a] < x[b]);
    }
    case OPS_LAYOUT_INT4: {
        const int32_t *x = v->data;
        return (x[a] > x[b]) - (x[a] < x[b]);
    }
    case OPS_LAYOUT_INT8: {
        const int64_t *x = v->data;
        return (x[a] > x[b]) - (x[a] < x[b]);
    }
    case OPS_LAYOUT_FLOAT8: return ops_cmp_float8(((const double *)v->data)[a], ((const double *)v->data)[b]);
    case OPS_LAYOUT_TEXT: return ops_cmp_text((const ss_text *)v->data + a, (const ss_text *)v->data + b);
    case OPS_LAYOUT_CUSTOM: {
        const ss_text *x = v->data;
        return ops_type_info(v->type.id)->compare(&x[a], &x[b]);
    }
    case OPS_LAYOUT_NONE: break;
    }
    return 0;
}

/* select_row: the later row unless the earlier one is strictly better, as step keeps the
 * new value of equal ones (equal integers, text bytes are the same value anyway). */
static int min_select_row(const ss_aggregate_call_info *call, const ss_vector *const *args, uint32_t a, uint32_t b)
{
    (void)call;
    return mm_compare_rows(args[0], a, b) >= 0;
}

static int max_select_row(const ss_aggregate_call_info *call, const ss_vector *const *args, uint32_t a, uint32_t b)
{
    (void)call;
    return mm_compare_rows(args[0], a, b) <= 0;
}

static void mm_init(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    (void)state; /* zeroed by the kernel: no value yet */
}

static void mm_release(const ss_aggregate_call_info *call, void *state)
{
    if (text_layout(call)) {
        mm_text_state *s = state;
        ops_free(api, s->ptr);
        s->ptr = NULL;
        s->len = s->cap = 0;
    }
}

static uint32_t mm_state_size(const ss_aggregate_call_info *call)
{
    if (text_layout(call))
        return sizeof(mm_text_state);
    return sizeof(mm_int_state);
}

/* a fixed-width best value is in the state; a varlen one is an owned copy */
static bool mm_flat(const ss_aggregate_call_info *call)
{
    return !text_layout(call);
}

const ss_aggregate_vtable agg_builtin_min_vt = {
    .struct_size = sizeof(ss_aggregate_vtable),
    .version = SS_AGGREGATE_VTABLE_VERSION,
    .name = "min",
    .description = "smallest value of any ordered type",
    .min_args = 1,
    .max_args = 1,
    .strict = true,
    .state_size = sizeof(mm_text_state),
    .result_type = agg_builtin_minmax_type,
    .init = mm_init,
    .step = min_step,
    .final = mm_final,
    .combine = min_combine,
    .release = mm_release,
    .call_state_size = mm_state_size,
    .step_dense = min_dense,
    .flat_state = mm_flat,
    .select_row = min_select_row,
};

const ss_aggregate_vtable agg_builtin_max_vt = {
    .struct_size = sizeof(ss_aggregate_vtable),
    .version = SS_AGGREGATE_VTABLE_VERSION,
    .name = "max",
    .description = "largest value of any ordered type",
    .min_args = 1,
    .max_args = 1,
    .strict = true,
    .state_size = sizeof(mm_text_state),
    .result_type = agg_builtin_minmax_type,
    .init = mm_init,
    .step = max_step,
    .final = mm_final,
    .combine = max_combine,
    .release = mm_release,
    .call_state_size = mm_state_size,
    .step_dense = max_dense,
    .flat_state = mm_flat,
    .select_row = max_select_row,
};
