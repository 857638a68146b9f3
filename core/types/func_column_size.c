/* func_column_size.c — pg_column_size(any): the bytes PostgreSQL 15 uses for a value, computed
 * from its on-disk form there (typlen for fixed-width types; for varlena types a 4-byte header
 * plus numeric's base-10000 digits, an array's ArrayType header, NULL bitmap and aligned
 * elements, jsonb's containers, bit's length word).  A value read from a table column is
 * PostgreSQL's packed datum: a 1-byte header when its data is short (at most 126 bytes);
 * the binder picks that variant (ss_column_size_stored_def) for a column of a table. */
#include <string.h>

#include "types/array/array.h"
#include "types/func_impl.h"
#include "types/json/json.h"
#include "types/json/jsonpath.h"
#include "types/typeio.h"
#include "types/numeric/numeric.h"
#include "util/arena.h"

#define VARHDRSZ 4

/* pg_type.typalign of an element type, in bytes */
static int32_t type_align(int32_t t)
{
    switch (t) {
    case SS_TYPE_BOOL: case SS_TYPE_UUID: case SS_TYPE_NAME: return 1;
    case SS_TYPE_INT2: return 2;
    case SS_TYPE_INT8: case SS_TYPE_FLOAT8: case SS_TYPE_TIME: case SS_TYPE_TIMESTAMP: case SS_TYPE_TIMESTAMPTZ:
    case SS_TYPE_INTERVAL: case SS_TYPE_TIMETZ: case SS_TYPE_RECORD: return 8;
    default: return 4;
    }
}

static int32_t align_up(int32_t n, int32_t a)
{
    return (n + a - 1) / a * a;
}

static int32_t value_size(ss_ctx *ctx, ss_type t, const ss_value *v);

/* an array: ArrayType (16 bytes) and the dimensions, the NULL bitmap, MAXALIGNed, then each
   item padded to the element type's alignment */
static int32_t array_size(ss_ctx *ctx, const ss_text *t)
{
    ss_array a;
    arr_decode(t, &a);
    int32_t hdr = 16 + 8 * a.ndims;
    if (a.nulls)
        hdr = align_up(hdr + (int32_t)((a.nitems + 7) / 8), 8);
    else
        hdr = align_up(hdr, 8);
    int32_t size = hdr, al = type_align(a.elem);
    arr_iter it;
    arr_iter_init(&it, &a);
    ss_value item;
    while (arr_iter_next(&it, &item))
        if (!item.is_null)
            size = align_up(size + value_size(ctx, (ss_type){a.elem, -1}, &item), al);
    return size;
}

static int32_t jsonb_size(ss_ctx *ctx, const ss_text *t)
{
    ss_arena *a = ss_arena_create();
    jv *root = a ? jb_decode(ctx, t->ptr, a) : NULL;
    int32_t size = root ? (int32_t)jb_pg_size(root) : -1;
    if (a)
        ss_arena_destroy(a);
    return size;
}

/* The computed (unpacked) size of a non-NULL value; -1 when Sunstone cannot tell. */
static int32_t value_size(ss_ctx *ctx, ss_type t, const ss_value *v)
{
    switch (t.id) {
    case SS_TYPE_BOOL: return 1;
    case SS_TYPE_INT2: return 2;
    case SS_TYPE_INT4: case SS_TYPE_FLOAT4: case SS_TYPE_DATE: case SS_TYPE_REGTYPE: case SS_TYPE_VOID: return 4;
    case SS_TYPE_INT8: case SS_TYPE_FLOAT8: case SS_TYPE_TIME: case SS_TYPE_TIMESTAMP: case SS_TYPE_TIMESTAMPTZ:
        return 8;
    case SS_TYPE_TIMETZ: return 12;
    case SS_TYPE_INTERVAL: case SS_TYPE_UUID: return 16;
    case SS_TYPE_NAME: return 64;
    case SS_TYPE_UNKNOWN: return (int32_t)v->v.s.len + 1; /* a cstring */
    case SS_TYPE_TEXT: case SS_TYPE_VARCHAR: case SS_TYPE_BPCHAR: case SS_TYPE_BYTEA: case SS_TYPE_JSON:
        return VARHDRSZ + (int32_t)v->v.s.len;
    case SS_TYPE_BIT: case SS_TYPE_VARBIT: return VARHDRSZ + 4 + (int32_t)((v->v.s.len + 7) / 8);
    case SS_TYPE_NUMERIC: return (int32_t)num_pg_size(&v->v.s);
    case SS_TYPE_JSONB: return jsonb_size(ctx, &v->v.s);
    default: break;
    }
    if (ss_type_is_array(t.id) && t.id != SS_TYPE_RECORD_ARRAY && t.id != SS_TYPE_JSONPATH_ARRAY)
        return array_size(ctx, &v->v.s);
    return -1; /* record, jsonpath: their on-disk forms are not modelled */
}

int32_t ss_value_stored_size(ss_ctx *ctx, ss_type t, const ss_value *v)
{
    int32_t size = value_size(ctx, t, v);
    if (size >= 0 && ss_type_is_varlen(t.id) && t.id != SS_TYPE_UUID && t.id != SS_TYPE_NAME &&
        t.id != SS_TYPE_INTERVAL && t.id != SS_TYPE_TIMETZ && size - VARHDRSZ + 1 <= 127)
        size -= VARHDRSZ - 1; /* VARATT_CAN_MAKE_SHORT: a 1-byte header */
    return size;
}

static int column_size_rows(ss_ctx *ctx, ss_vector *const *args, const uint32_t *rows, uint32_t n, ss_vector *out,
                            bool stored)
{
    int32_t *dst = out->data;
    SS_FOR_ROWS(rows, n, i, {
        ss_value v;
        ss_vector_get_value(args[0], i, &v);
        if (v.is_null) {
            if (ss_vector_ensure_validity(ctx, out) != SS_OK)
                return SS_ERROR;
            ss_vector_set_null(out, i);
            continue;
        }
        int32_t size = value_size(ctx, args[0]->type, &v);
        if (size < 0) {
            char buf[96];
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: pg_column_size of type %s",
                                ss_type_display_name(args[0]->type, buf, sizeof buf));
        }
        if (stored && ss_type_is_varlen(args[0]->type.id) && args[0]->type.id != SS_TYPE_UUID &&
            args[0]->type.id != SS_TYPE_NAME && args[0]->type.id != SS_TYPE_INTERVAL &&
            args[0]->type.id != SS_TYPE_TIMETZ) {
            if (size > 2000) /* PostgreSQL's TOAST would compress or move it out of line */
                return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                    "feature not supported: pg_column_size of a stored value of more than 2000 bytes");
            size = ss_value_stored_size(ctx, args[0]->type, &v);
        }
        dst[i] = size;
    });
    return SS_OK;
}

int ss_fn_column_size(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                          ss_vector *out)
{
    (void)nargs;
    return column_size_rows(ctx, args, rows, n, out, false);
}

static int fn_column_size_stored(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows,
                                 uint32_t n, ss_vector *out)
{
    (void)nargs;
    return column_size_rows(ctx, args, rows, n, out, true);
}

const ss_func_def ss_column_size_stored_def = {"pg_column_size", 1, false, false, {SS_FUNC_ANY}, SS_TYPE_INT4,
                                               fn_column_size_stored, false};
