/* bit_func.c — the functions over bit strings as PostgreSQL 15's: length / bit_length /
 * octet_length, position (0 in an empty string), substring, overlay (bytea's byte-wise evals, one byte per bit
 * here), get_bit / set_bit (bits numbered from the left, 2202E out of range), bit_count. */
#include "types/bit/bit.h"

#include <string.h>

#include "exec/vector.h"
#include "types/bytea/bytea.h"
#include "types/func_impl.h"

#define SS_SQLSTATE_ARRAY_SUBSCRIPT_ERROR "2202E"

static inline const ss_text *texts(const ss_vector *v)
{
    return (const ss_text *)v->data;
}

static int bit_octet_length(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                            uint32_t n, ss_vector *out)
{
    (void)ctx, (void)nargs;
    const ss_text *a = texts(args[0]);
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, { r[i] = (int32_t)((a[i].len + 7) / 8); });
    return SS_OK;
}

static int bit_count(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                     uint32_t n, ss_vector *out)
{
    (void)ctx, (void)nargs;
    const ss_text *a = texts(args[0]);
    int64_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        int64_t c = 0;
        for (uint32_t k = 0; k < a[i].len; k++)
            c += a[i].ptr[k] == '1';
        r[i] = c;
    });
    return SS_OK;
}

/* 2202E unless 0 <= at < len */
static int bit_index_check(ss_ctx *ctx, int32_t at, uint32_t len)
{
    if (at >= 0 && (uint32_t)at < len)
        return SS_OK;
    return ss_ctx_error(ctx, SS_SQLSTATE_ARRAY_SUBSCRIPT_ERROR, "bit index %d out of valid range (0..%d)",
                        (int)at, (int)len - 1);
}

static int bit_get(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out)
{
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int32_t *at = args[1]->data;
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (bit_index_check(ctx, at[i], a[i].len) != SS_OK)
            return SS_ERROR;
        r[i] = a[i].ptr[at[i]] == '1';
    });
    return SS_OK;
}

static int bit_set(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                   uint32_t n, ss_vector *out)
{
    (void)nargs;
    const ss_text *a = texts(args[0]);
    const int32_t *at = args[1]->data, *v = args[2]->data;
    SS_FOR_ROWS(rows, n, i, {
        if (bit_index_check(ctx, at[i], a[i].len) != SS_OK)
            return SS_ERROR;
        if (v[i] != 0 && v[i] != 1)
            return ss_ctx_error(ctx, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "new bit must be 0 or 1");
        if (bytea_put_joined(ctx, out, i, &a[i], 1, at[i], (unsigned char)('0' + v[i])) != SS_OK)
            return SS_ERROR;
    });
    return SS_OK;
}

/* bitposition: bytea's position, but 0 in an empty string (even for an empty needle) */
static int bit_position(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                        uint32_t n, ss_vector *out)
{
    if (ss_fn_bytea_position(ctx, args, nargs, rows, n, out) != SS_OK)
        return SS_ERROR;
    const ss_text *hay = texts(args[0]);
    int32_t *r = out->data;
    SS_FOR_ROWS(rows, n, i, {
        if (hay[i].len == 0)
            r[i] = 0;
    });
    return SS_OK;
}

#define BT SS_TYPE_BIT
#define I4 SS_TYPE_INT4
#define FN(NAME, EVAL, RES, ...) {NAME, sizeof((int32_t[]){__VA_ARGS__}) / sizeof(int32_t), false, true, {__VA_ARGS__}, RES, EVAL, false}

const ss_func_def bit_functions[] = {
    FN("length", ss_fn_octet_length, I4, BT), FN("bit_length", ss_fn_octet_length, I4, BT),
    FN("octet_length", bit_octet_length, I4, BT),
    FN("position", bit_position, I4, BT, BT),
    FN("substring", ss_fn_bytea_substr, BT, BT, I4), FN("substring", ss_fn_bytea_substr, BT, BT, I4, I4),
    FN("overlay", ss_fn_bytea_overlay, BT, BT, BT, I4), FN("overlay", ss_fn_bytea_overlay, BT, BT, BT, I4, I4),
    FN("get_bit", bit_get, I4, BT, I4), FN("set_bit", bit_set, BT, BT, I4, I4),
    FN("bit_count", bit_count, SS_TYPE_INT8, BT),
    {0},
};
