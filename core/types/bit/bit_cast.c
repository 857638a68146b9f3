/* bit_cast.c — the rows of pg_cast of bit and bit varying: between them implicitly (binary
 * coercible, the target's typmod rule after), integer / bigint -> bit(n) explicitly (the low n
 * bits, sign-extended past the integer's width: bitfromint4 / bitfromint8) and bit -> integer /
 * bigint explicitly (22003 past 32 / 64 bits).  text I/O casts are the catalog's generic ones. */
#include "types/bit/bit.h"

#include <string.h>

#include "exec/expr.h"

/* bit <-> varbit: the same bits */
static int same_bits(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                     ss_value *out, ss_arena *arena)
{
    (void)ctx, (void)from, (void)to, (void)mode, (void)arena;
    *out = *in;
    return SS_OK;
}

/* bitfromint4 / bitfromint8: typmod bits (1 without one), bit k from the left being bit
 * (n - 1 - k) of the value, those above the integer's width copies of its sign. */
static int from_int(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                    ss_value *out, ss_arena *arena)
{
    (void)mode;
    int width = from.id == SS_TYPE_INT8 ? 64 : 32;
    uint32_t n = to.typmod > 0 ? (uint32_t)to.typmod : 1;
    int64_t v = in->v.i;
    char *p = ss_arena_alloc(arena ? arena : ctx->arena, (size_t)n + 1);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < n; k++) {
        uint32_t bit = n - 1 - k;
        int b = bit >= (uint32_t)width ? v < 0 : (int)(((uint64_t)v >> bit) & 1);
        p[k] = (char)('0' + b);
    }
    p[n] = '\0';
    memset(out, 0, sizeof *out);
    out->v.s = (ss_text){p, n, 0};
    return SS_OK;
}

/* bittoint4 / bittoint8: the bits as an unsigned number of the integer's width */
static int to_int(ss_ctx *ctx, const ss_value *in, ss_type from, ss_type to, int mode,
                  ss_value *out, ss_arena *arena)
{
    (void)from, (void)mode, (void)arena;
    bool big = to.id == SS_TYPE_INT8;
    if (in->v.s.len > (big ? 64u : 32u))
        return ss_ctx_error(ctx, SS_SQLSTATE_NUMERIC_VALUE_OUT_OF_RANGE, big ? "bigint out of range" : "integer out of range");
    uint64_t v = 0;
    for (uint32_t k = 0; k < in->v.s.len; k++)
        v = v << 1 | (uint64_t)(in->v.s.ptr[k] == '1');
    memset(out, 0, sizeof *out);
    out->v.i = big ? (int64_t)v : (int64_t)(int32_t)(uint32_t)v;
    return SS_OK;
}

#define BT SS_TYPE_BIT
#define VB SS_TYPE_VARBIT

const ss_cast_def bit_casts[] = {
    {BT, VB, CAST_IMPLICIT, same_bits}, {VB, BT, CAST_IMPLICIT, same_bits},
    {SS_TYPE_INT4, BT, CAST_EXPLICIT, from_int}, {SS_TYPE_INT8, BT, CAST_EXPLICIT, from_int},
    {BT, SS_TYPE_INT4, CAST_EXPLICIT, to_int}, {BT, SS_TYPE_INT8, CAST_EXPLICIT, to_int},
    {0},
};
