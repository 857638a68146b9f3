/* agg_builtin_typed.c — sum and avg over a result type with kernel running sums
 * (ss_type_info.sum: numeric for sum(bigint / numeric) and avg(integers / numeric), interval):
 * the type's vectorised add over the operator's group array, and PostgreSQL's moving-
 * aggregate mode for the window operator (do_numeric_discard): removed rows are summed
 * apart and subtracted at the end (numeric is exact), the largest display scale and how
 * many values carry it are tracked, and removing the last value of that scale, a NaN or an
 * infinity (or any interval) asks the kernel to aggregate the frame afresh, as PostgreSQL's
 * inverse returning NULL does — so every result has the scale PostgreSQL prints.
 *
 * A state is `units` of the type's state size in a row: [added rows][removed rows][meta],
 * meta taking the rest; so the states of a dense group array are the type's state arrays
 * with every `units`-th element used, and one add call folds a batch. */
#include <string.h>

#include "agg_builtin.h"
#include "common/type_layout.h"

#define api agg_builtin_api

typedef struct typed_meta {
    int64_t n;              /* rows in the sum (added less removed) */
    int64_t maxscale_count; /* moving numeric: the rows of the largest display scale */
    int32_t maxscale;
    uint32_t removed;       /* rows were removed: the result is added - removed */
} typed_meta;

const ss_type_sum *agg_typed_sum_of(ss_type result_type)
{
    const ss_type_info *ti = ops_type_info(result_type.id);
    return ti ? ti->sum : NULL;
}

static uint32_t units_of(const ss_type_sum *sum)
{
    return 2 + (uint32_t)((sizeof(typed_meta) + sum->state_size - 1) / sum->state_size);
}

uint32_t agg_typed_state_size(const ss_type_sum *sum)
{
    return units_of(sum) * sum->state_size;
}

static typed_meta *meta_of(const ss_type_sum *sum, void *state)
{
    return (typed_meta *)((char *)state + 2 * (size_t)sum->state_size);
}

/* Whether moving mode tracks display scales: numeric values (integers have scale 0). */
static bool tracks_scale(const ss_aggregate_call_info *call)
{
    return call->struct_size >= offsetof(ss_aggregate_call_info, moving) + sizeof call->moving && call->moving &&
           call->arg_types[0].id == SS_TYPE_NUMERIC;
}

static void track_scale(typed_meta *m, const ss_vector *v, uint32_t row)
{
    int32_t sc = api->numeric_scale(&((const ss_text *)v->data)[row]);
    if (sc < 0)
        return; /* NaN and infinities: removing one restarts */
    if (sc > m->maxscale || m->n == 0) {
        m->maxscale = sc;
        m->maxscale_count = 1;
    } else if (sc == m->maxscale) {
        m->maxscale_count++;
    }
}

int agg_typed_step_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                         const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    const ss_type_sum *sum = agg_typed_sum_of(call->result_type);
    uint32_t units = units_of(sum);
    if (!groups) {
        typed_meta *m = meta_of(sum, states);
        if (tracks_scale(call))
            for (uint32_t k = 0; k < n; k++) {
                track_scale(m, args[0], rows[k]);
                m->n++;
            }
        else
            m->n += n;
        return sum->add(ctx, states, args[0], rows, NULL, n);
    }
    if (stride != (size_t)units * sum->state_size)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "sum: states of %zu bytes, not %u", stride,
                          units * sum->state_size);
    /* the type's state array index of group g's added sum is g * units */
    uint32_t idx[SS_BATCH_CAPACITY];
    for (uint32_t k0 = 0; k0 < n; k0 += SS_BATCH_CAPACITY) {
        uint32_t m = n - k0 < SS_BATCH_CAPACITY ? n - k0 : SS_BATCH_CAPACITY;
        for (uint32_t k = 0; k < m; k++) {
            uint32_t g = groups[k0 + k];
            idx[k] = g * units;
            meta_of(sum, (char *)states + (size_t)g * stride)->n++;
        }
        if (sum->add(ctx, states, args[0], rows + k0, idx, m) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

int agg_typed_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                   const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    for (uint32_t k = 0; k < n;) {
        uint32_t e = k + 1;
        while (e < n && states[e] == states[k])
            e++;
        if (agg_typed_step_dense(ctx, call, states[k], 0, NULL, args, rows + k, e - k) != SS_OK)
            return SS_ERROR;
        k = e;
    }
    return SS_OK;
}

int agg_typed_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                      const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    const ss_type_sum *sum = agg_typed_sum_of(call->result_type);
    int32_t at = call->arg_types[0].id;
    bool numeric = at == SS_TYPE_NUMERIC;
    if (!numeric && !ss_type_is_integer(at))
        return SS_AGGREGATE_INVERSE_RESTART; /* interval: no subtraction here */
    if (numeric && !tracks_scale(call))
        return SS_AGGREGATE_INVERSE_RESTART; /* not set up for it */
    for (uint32_t k = 0; k < n; k++) {
        typed_meta *m = meta_of(sum, states[k]);
        if (numeric) {
            int32_t sc = api->numeric_scale(&((const ss_text *)args[0]->data)[rows[k]]);
            if (sc < 0)
                return SS_AGGREGATE_INVERSE_RESTART;
            if (sc == m->maxscale && --m->maxscale_count == 0)
                return SS_AGGREGATE_INVERSE_RESTART;
        }
        if (sum->add(ctx, (char *)states[k] + sum->state_size, args[0], rows + k, NULL, 1) != SS_OK)
            return SS_ERROR;
        m->n--;
        m->removed = 1;
    }
    return SS_OK;
}

/* The value of one of a state's sums (0: added, 1: removed) in row `row` of tmp. */
static int sum_value(ss_ctx *ctx, const ss_type_sum *sum, const void *state, int which, ss_vector *tmp,
                     uint32_t row)
{
    return sum->result(ctx, (const char *)state + (size_t)which * sum->state_size, 0, tmp, row);
}

int agg_typed_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    const ss_type_sum *sum = agg_typed_sum_of(call->result_type);
    typed_meta *m = meta_of(sum, state);
    const typed_meta *o = meta_of(sum, (void *)other);
    if (!o->n && !o->removed)
        return SS_OK;
    ss_vector *tmp = api->vector_create(call->result_type, 1);
    if (!tmp)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    const uint32_t zero = 0;
    int rc = SS_OK;
    for (int which = 0; which < 2 && rc == SS_OK; which++) {
        if (which == 1 && !o->removed)
            break;
        api->vector_reset(tmp);
        rc = sum_value(ctx, sum, other, which, tmp, 0);
        if (rc == SS_OK)
            rc = sum->add(ctx, (char *)state + (size_t)which * sum->state_size, tmp, &zero, NULL, 1);
    }
    api->vector_destroy(tmp);
    if (rc != SS_OK)
        return SS_ERROR;
    if (o->maxscale > m->maxscale || m->n == 0) {
        m->maxscale = o->maxscale;
        m->maxscale_count = o->maxscale_count;
    } else if (o->maxscale == m->maxscale) {
        m->maxscale_count += o->maxscale_count;
    }
    m->n += o->n;
    m->removed |= o->removed;
    return SS_OK;
}

int agg_typed_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                    uint32_t row, bool avg)
{
    const ss_type_sum *sum = agg_typed_sum_of(call->result_type);
    const typed_meta *m = meta_of(sum, (void *)state);
    if (!m->n) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    if (!m->removed)
        return sum->result(ctx, state, avg ? m->n : 0, out, row);
    /* added - removed, divided by the count for avg (numeric only: see inverse) */
    ss_vector *tmp = api->vector_create(call->result_type, 4);
    if (!tmp)
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    const ss_text *t = tmp->data;
    int rc = sum_value(ctx, sum, state, 0, tmp, 0);
    if (rc == SS_OK)
        rc = sum_value(ctx, sum, state, 1, tmp, 1);
    if (rc == SS_OK && !avg)
        rc = api->numeric_arith(ctx, SS_NUMERIC_SUB, &t[0], &t[1], out, row);
    if (rc == SS_OK && avg) {
        rc = api->numeric_arith(ctx, SS_NUMERIC_SUB, &t[0], &t[1], tmp, 2);
        if (rc == SS_OK)
            rc = api->numeric_from_int64(ctx, m->n, tmp, 3);
        if (rc == SS_OK)
            rc = api->numeric_arith(ctx, SS_NUMERIC_DIV, &t[2], &t[3], out, row);
    }
    api->vector_destroy(tmp);
    return rc;
}

void agg_typed_release(const ss_aggregate_call_info *call, void *state)
{
    const ss_type_sum *sum = agg_typed_sum_of(call->result_type);
    if (sum && sum->release) {
        sum->release(state);
        sum->release((char *)state + sum->state_size);
    }
}
