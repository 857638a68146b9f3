/* agg_bitstring.c — bit_and / bit_or / bit_xor over bit strings (PostgreSQL's bit_and(bit):
 * bitand / bitor / bitxor as strict transition functions, 22026 for inputs of different
 * lengths).  A value is one '0' / '1' byte per bit (the kernel's bit type); the state owns a
 * copy taken with ss_api.alloc, freed by agg_bitstring_release. */
#include <string.h>

#include "agg_bitstring.h"

static const char *const op_names[] = {"AND", "OR", "XOR"};

/* Folds bits[0..len) into the state (the first value is copied). */
static int fold(ss_ctx *ctx, agg_bitstring_state *s, int op, const char *bits, uint32_t len)
{
    if (!s->bits) {
        s->bits = agg_stats_api->alloc(len ? len : 1);
        if (!s->bits)
            return agg_stats_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (len)
            memcpy(s->bits, bits, len);
        s->len = len;
        return SS_OK;
    }
    if (s->len != len)
        return agg_stats_api->error(ctx, "22026", "cannot %s bit strings of different sizes", op_names[op]);
    for (uint32_t k = 0; k < len; k++) {
        int x = s->bits[k] == '1', y = bits[k] == '1';
        int r = op == AGG_BITSTRING_AND ? x & y : op == AGG_BITSTRING_OR ? x | y : x ^ y;
        s->bits[k] = (char)('0' + r);
    }
    return SS_OK;
}

int agg_bitstring_step(ss_ctx *ctx, int op, agg_bitstring_state *const *states, const ss_vector *arg,
                       const uint32_t *rows, uint32_t n)
{
    const ss_text *v = arg->data;
    for (uint32_t k = 0; k < n; k++)
        if (fold(ctx, states[k], op, v[rows[k]].ptr, v[rows[k]].len) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

int agg_bitstring_combine(ss_ctx *ctx, int op, agg_bitstring_state *state, const agg_bitstring_state *other)
{
    return other->bits ? fold(ctx, state, op, other->bits, other->len) : SS_OK;
}

int agg_bitstring_final(ss_ctx *ctx, const agg_bitstring_state *s, ss_vector *out, uint32_t row)
{
    if (!s->bits) {
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    ss_value v = {.is_null = false};
    v.v.s = (ss_text){s->bits, s->len, 0};
    return agg_stats_api->vector_set_value(ctx, out, row, &v);
}

void agg_bitstring_release(agg_bitstring_state *s)
{
    agg_stats_api->free(s->bits);
    s->bits = NULL;
}
