/* agg_bitwise.c — bit_and / bit_or / bit_xor of smallint, integer and bigint (results of the
 * argument's type, NULL without a non-NULL input), PostgreSQL's int2and / int4or / ... as
 * strict transition functions; over bit / bit varying (result bit) agg_bitstring.c folds. */
#include <string.h>

#include "agg_bitstring.h"

typedef struct bitwise_state {
    int64_t value;
    bool any;
    agg_bitstring_state bits; /* the argument is of type bit */
} bitwise_state;

typedef enum bit_op { BIT_AND, BIT_OR, BIT_XOR } bit_op;

static int bitwise_result_type(ss_ctx *ctx, ss_type *arg_types, uint32_t nargs, ss_type *out)
{
    (void)ctx;
    (void)nargs;
    int32_t t = arg_types[0].id;
    if (t == SS_TYPE_BIT || t == SS_TYPE_VARBIT) { /* bit_and(bit): varbit through its implicit cast */
        arg_types[0] = (ss_type){.id = SS_TYPE_BIT, .typmod = -1};
        *out = arg_types[0];
        return SS_OK;
    }
    if (t != SS_TYPE_INT2 && t != SS_TYPE_INT4 && t != SS_TYPE_INT8)
        return SS_ERROR; /* PostgreSQL's bit type is not in Sunstone: the kernel's 42883 */
    *out = (ss_type){.id = t, .typmod = -1};
    return SS_OK;
}

static void bitwise_init(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    memset(state, 0, sizeof(bitwise_state));
}

static int64_t value_at(const ss_vector *v, uint32_t row)
{
    switch (v->type.id) {
    case SS_TYPE_INT2: return ((const int16_t *)v->data)[row];
    case SS_TYPE_INT4: return ((const int32_t *)v->data)[row];
    default: return ((const int64_t *)v->data)[row];
    }
}

static int bitwise_step_of(ss_ctx *ctx, bit_op op, void *const *states, const ss_vector *arg, const uint32_t *rows,
                           uint32_t n)
{
    if (arg->type.id == SS_TYPE_BIT) {
        for (uint32_t k = 0; k < n; k++)
            if (agg_bitstring_step(ctx, (int)op, (agg_bitstring_state *const[]){&((bitwise_state *)states[k])->bits},
                                   arg, &rows[k], 1) != SS_OK)
                return SS_ERROR;
        return SS_OK;
    }
    for (uint32_t k = 0; k < n; k++) {
        bitwise_state *s = states[k];
        int64_t v = value_at(arg, rows[k]);
        if (!s->any)
            s->value = v;
        else if (op == BIT_AND)
            s->value &= v;
        else if (op == BIT_OR)
            s->value |= v;
        else
            s->value ^= v;
        s->any = true;
    }
    return SS_OK;
}

#define STEP_OF(OP)                                                                                 \
    static int step_##OP(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,       \
                         const ss_vector *const *args, const uint32_t *rows, uint32_t n)            \
    {                                                                                               \
        (void)call;                                                                                 \
        return bitwise_step_of(ctx, OP, states, args[0], rows, n);                                       \
    }
STEP_OF(BIT_AND)
STEP_OF(BIT_OR)
STEP_OF(BIT_XOR)

static int bitwise_combine_of(ss_ctx *ctx, const ss_aggregate_call_info *call, bit_op op, void *state,
                              const void *other)
{
    bitwise_state *a = state;
    const bitwise_state *b = other;
    if (call->result_type.id == SS_TYPE_BIT)
        return agg_bitstring_combine(ctx, (int)op, &a->bits, &b->bits);
    if (!b->any)
        return SS_OK;
    if (!a->any)
        *a = *b;
    else if (op == BIT_AND)
        a->value &= b->value;
    else if (op == BIT_OR)
        a->value |= b->value;
    else
        a->value ^= b->value;
    return SS_OK;
}

#define COMBINE_OF(OP)                                                                              \
    static int combine_##OP(ss_ctx *ctx, const ss_aggregate_call_info *call, void *state,            \
                            const void *other)                                                      \
    {                                                                                               \
        return bitwise_combine_of(ctx, call, OP, state, other);                                                \
    }
COMBINE_OF(BIT_AND)
COMBINE_OF(BIT_OR)
COMBINE_OF(BIT_XOR)

/* bit_xor's inverse: x ^ v ^ v = x (PostgreSQL has no moving bit_xor; exact here). */
static int inverse_BIT_XOR(ss_ctx *ctx, const ss_aggregate_call_info *call, void *const *states,
                           const ss_vector *const *args, const uint32_t *rows, uint32_t n)
{
    (void)call;
    if (args[0]->type.id == SS_TYPE_BIT)
        return bitwise_step_of(ctx, BIT_XOR, states, args[0], rows, n);
    for (uint32_t k = 0; k < n; k++)
        ((bitwise_state *)states[k])->value ^= value_at(args[0], rows[k]);
    return SS_OK;
}

static int bitwise_final(ss_ctx *ctx, const ss_aggregate_call_info *call, const void *state, ss_vector *out,
                         uint32_t row)
{
    const bitwise_state *s = state;
    if (call->result_type.id == SS_TYPE_BIT)
        return agg_bitstring_final(ctx, &s->bits, out, row);
    if (!s->any) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    switch (call->result_type.id) {
    case SS_TYPE_INT2: ((int16_t *)out->data)[row] = (int16_t)s->value; break;
    case SS_TYPE_INT4: ((int32_t *)out->data)[row] = (int32_t)s->value; break;
    default: ((int64_t *)out->data)[row] = s->value; break;
    }
    return SS_OK;
}

static void bitwise_release(const ss_aggregate_call_info *call, void *state)
{
    (void)call;
    agg_bitstring_release(&((bitwise_state *)state)->bits);
}

#define BITWISE_VT(NAME, DESC, OP, INVERSE)                                                         \
    {                                                                                               \
        .struct_size = sizeof(ss_aggregate_vtable), .version = SS_AGGREGATE_VTABLE_VERSION,         \
        .name = NAME, .description = DESC, .min_args = 1, .max_args = 1, .strict = true,            \
        .state_size = sizeof(bitwise_state), .result_type = bitwise_result_type,                    \
        .init = bitwise_init, .step = step_##OP, .final = bitwise_final, .inverse = INVERSE,        \
        .combine = combine_##OP, .release = bitwise_release                                         \
    }

static const ss_aggregate_vtable bitwise_aggs[] = {
    BITWISE_VT("bit_and", "bitwise AND of all non-null input values", BIT_AND, NULL),
    BITWISE_VT("bit_or", "bitwise OR of all non-null input values", BIT_OR, NULL),
    BITWISE_VT("bit_xor", "bitwise XOR of all non-null input values", BIT_XOR, inverse_BIT_XOR),
};

int agg_bitwise_register(const ss_api *api, ss_plugin *plugin)
{
    for (size_t i = 0; i < sizeof bitwise_aggs / sizeof bitwise_aggs[0]; i++)
        if (api->register_aggregate(plugin, &bitwise_aggs[i], false) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}
