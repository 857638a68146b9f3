/* func_bitwise.c — the integer bitwise operators & | # (and, or, xor of two smallint /
 * integer / bigint values), << >> (shift by an integer count) and prefix ~ (not), as
 * PostgreSQL's int2and ... int8not: the shift count taken modulo the width C shifts in
 * (32 for smallint and integer, 64 for bigint), right shifts arithmetic.  The binder reaches
 * them through ss_oper_resolve (functions.c's built-in operators). */
#include "types/func_impl.h"

enum { B_AND, B_OR, B_XOR, B_SHL, B_SHR, B_NOT };

static int64_t apply(int op, int64_t a, int64_t b, int bits)
{
    unsigned shift = (unsigned)b & (bits == 64 ? 63u : 31u);
    switch (op) {
    case B_AND: return a & b;
    case B_OR: return a | b;
    case B_XOR: return a ^ b;
    case B_SHL: return bits == 64 ? (int64_t)((uint64_t)a << shift) : (int64_t)(int32_t)((uint32_t)a << shift);
    case B_SHR: return bits == 64 ? a >> shift : (int64_t)((int32_t)a >> shift);
    default: return ~a;
    }
}

static int64_t at(const ss_vector *v, uint32_t i)
{
    switch (v->type.id) {
    case SS_TYPE_INT2: return ((const int16_t *)v->data)[i];
    case SS_TYPE_INT4: return ((const int32_t *)v->data)[i];
    default: return ((const int64_t *)v->data)[i];
    }
}

static int bitwise_rows(ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n, ss_vector *out,
                        int op)
{
    int32_t t = out->type.id;
    int bits = t == SS_TYPE_INT8 ? 64 : 32;
    SS_FOR_ROWS(rows, n, i, {
        int64_t r = apply(op, at(args[0], i), nargs > 1 ? at(args[1], i) : 0, bits);
        if (t == SS_TYPE_INT2)
            ((int16_t *)out->data)[i] = (int16_t)r;
        else if (t == SS_TYPE_INT4)
            ((int32_t *)out->data)[i] = (int32_t)r;
        else
            ((int64_t *)out->data)[i] = r;
    });
    return SS_OK;
}

SS_FN_DEFINE(ss_fn_int_and, bitwise_rows(args, nargs, rows, n, out, B_AND))
SS_FN_DEFINE(ss_fn_int_or, bitwise_rows(args, nargs, rows, n, out, B_OR))
SS_FN_DEFINE(ss_fn_int_xor, bitwise_rows(args, nargs, rows, n, out, B_XOR))
SS_FN_DEFINE(ss_fn_int_shl, bitwise_rows(args, nargs, rows, n, out, B_SHL))
SS_FN_DEFINE(ss_fn_int_shr, bitwise_rows(args, nargs, rows, n, out, B_SHR))
SS_FN_DEFINE(ss_fn_int_not, bitwise_rows(args, nargs, rows, n, out, B_NOT))
