/* agg_builtin_bool.c — bool_and, bool_or and every as registered aggregates: a state counts
 * the rows and the true ones (PostgreSQL's moving-aggregate BoolAggState), so bool_and is
 * "every row true", bool_or "some row true", and the inverse removes rows exactly (the
 * window operator's incremental frames); combine adds the counts. */
#include "agg_builtin.h"

#define api agg_builtin_api

typedef struct bool_state {
    int64_t n;    /* non-NULL rows */
    int64_t true_n;
} bool_state;

#define STATE_AT(base, stride, g) ((bool_state *)((char *)(base) + (size_t)(g) * (stride)))

static void bool_init(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    (void)state; /* zeroed by the kernel */
}

/* bool_and / bool_or / every(boolean) -> boolean */
static int bool_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    if (arg_types[0].id != SS_TYPE_BOOL)
        return SS_ERROR;
    *out = (ss_type){SS_TYPE_BOOL, -1};
    return SS_OK;
}

static int bool_dense(ss_ctx *ctx, const ss_aggregate_call_info *call, void *states, size_t stride,
                      const uint32_t *groups, const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    const uint8_t *x = args[0]->data;
    if (!groups) {
        bool_state *s = states;
        int64_t t = 0;
        for (uint32_t k = 0; k < n; k++)
            t += x[rows[k]] != 0;
        s->n += n;
        s->true_n += t;
        return SS_OK;
    }
    for (uint32_t k = 0; k < n; k++) {
        bool_state *s = STATE_AT(states, stride, groups[k]);
        s->n++;
        s->true_n += x[rows[k]] != 0;
    }
    return SS_OK;
}

static int bool_step(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                     const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    const uint8_t *x = args[0]->data;
    for (uint32_t k = 0; k < n; k++) {
        bool_state *s = states[k];
        s->n++;
        s->true_n += x[rows[k]] != 0;
    }
    return SS_OK;
}

static int bool_inverse(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                        const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    const uint8_t *x = args[0]->data;
    for (uint32_t k = 0; k < n; k++) {
        bool_state *s = states[k];
        s->n--;
        s->true_n -= x[rows[k]] != 0;
    }
    return SS_OK;
}

static int bool_combine(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state, const void *other)
{
    bool_state *s = state;
    const bool_state *o = other;
    s->n += o->n;
    s->true_n += o->true_n;
    return SS_OK;
}

static int and_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                     uint32_t row)
{
    const bool_state *s = state;
    if (!s->n)
        ss_vector_set_null(out, row);
    else
        ((uint8_t *)out->data)[row] = s->true_n == s->n;
    return SS_OK;
}

static int or_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                    uint32_t row)
{
    const bool_state *s = state;
    if (!s->n)
        ss_vector_set_null(out, row);
    else
        ((uint8_t *)out->data)[row] = s->true_n > 0;
    return SS_OK;
}

#define BOOL_VTABLE(NAME, DESC, FINAL)                                                        \
    {.struct_size = sizeof(ss_aggregate_vtable),                                              \
     .version = SS_AGGREGATE_VTABLE_VERSION,                                                  \
     .name = NAME,                                                                            \
     .description = DESC,                                                                     \
     .min_args = 1,                                                                           \
     .max_args = 1,                                                                           \
     .strict = true,                                                                          \
     .state_size = sizeof(bool_state),                                                        \
     .result_type = bool_type,                                                                \
     .init = bool_init,                                                                       \
     .step = bool_step,                                                                       \
     .final = FINAL,                                                                          \
     .inverse = bool_inverse,                                                                 \
     .combine = bool_combine,                                                                 \
     .step_dense = bool_dense}

const ss_aggregate_vtable agg_builtin_bool_and_vt = BOOL_VTABLE("bool_and", "true when every row is true", and_final);
const ss_aggregate_vtable agg_builtin_every_vt = BOOL_VTABLE("every", "true when every row is true (bool_and)", and_final);
const ss_aggregate_vtable agg_builtin_bool_or_vt = BOOL_VTABLE("bool_or", "true when some row is true", or_final);
