/* agg_bitstring.h — the bit-string half of bit_and / bit_or / bit_xor (agg_bitstring.c),
 * called by agg_bitwise.c's callbacks when the argument is of type bit. */
#ifndef AGG_BITSTRING_H
#define AGG_BITSTRING_H

#include "agg_stats.h"

enum { AGG_BITSTRING_AND, AGG_BITSTRING_OR, AGG_BITSTRING_XOR }; /* agg_bitwise.c's bit_op order */

typedef struct agg_bitstring_state {
    char *bits;   /* NULL until the first value; ss_api.alloc memory */
    uint32_t len; /* bits */
} agg_bitstring_state;

/* Folds the bit strings at rows[0..n) of arg into states[k] (22026 for a length mismatch). */
int agg_bitstring_step(ss_ctx *ctx, int op, agg_bitstring_state *const *states, const ss_vector *arg,
                       const uint32_t *rows, uint32_t n);
int agg_bitstring_combine(ss_ctx *ctx, int op, agg_bitstring_state *state, const agg_bitstring_state *other);
/* The state's value at row of out, NULL without one. */
int agg_bitstring_final(ss_ctx *ctx, const agg_bitstring_state *s, ss_vector *out, uint32_t row);
void agg_bitstring_release(agg_bitstring_state *s);

#endif
