/* array_type.c — the registry descriptions of the array types (one per element type, all
 * sharing the array order and hash of array_ops.c). */
#include "types/array/array.h"

#include <stdlib.h>
#include <string.h>

#include "exec/vector.h"

static bool info_equal(const void *a, const void *b)
{
    return arr_compare(a, b) == 0;
}

static void info_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    for (uint32_t k = 0; k < n; k++)
        if (!ss_vector_is_null(v, rows ? rows[k] : k))
            out[k] = arr_hash((const ss_text *)v->data + (rows ? rows[k] : k));
}

static uint32_t items_count(const ss_text *t)
{
    ss_array a;
    arr_decode(t, &a);
    return a.nitems;
}

static void items_read(const ss_text *t, ss_value *out, uint32_t n)
{
    ss_array a;
    arr_decode(t, &a);
    arr_iter it;
    arr_iter_init(&it, &a);
    for (uint32_t k = 0; k < n && arr_iter_next(&it, &out[k]); k++)
        ;
}

static int put(ss_ctx *ctx, ss_strbuf *sb, ss_vector *out, uint32_t row)
{
    int rc = sb->oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory")
                     : ss_vector_set_text(ctx, out, row, sb->data ? sb->data : "", sb->len);
    ss_strbuf_free(sb);
    return rc;
}

static int build(ss_ctx *ctx, const ss_value *items, uint32_t n, ss_vector *out, uint32_t row)
{
    if (n > ARR_MAX_ITEMS)
        return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                            "array size exceeds the maximum allowed (%d)", ARR_MAX_ITEMS);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int32_t dim = (int32_t)n, lb = 1;
    arr_encode_buf(ss_type_element_of(out->type.id), n ? 1 : 0, &dim, &lb, items, n, &sb);
    return put(ctx, &sb, out, row);
}

/* An array of out's type with shape's dimensions and lower bounds (shape has n items). */
static int build_shaped(ss_ctx *ctx, const ss_text *shape, const ss_value *items, uint32_t n, ss_vector *out,
                        uint32_t row)
{
    ss_array a;
    arr_decode(shape, &a);
    if (a.nitems != n)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "array of %u items shaped like one of %u", n, a.nitems);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    arr_encode_buf(ss_type_element_of(out->type.id), a.ndims, a.dims, a.lbound, items, n, &sb);
    return put(ctx, &sb, out, row);
}

/* PostgreSQL's accumArrayResultArr / makeArrayResultArr into sb. */
static int nested_buf(ss_ctx *ctx, int32_t elem, const ss_value *subs, uint32_t n, ss_strbuf *sb)
{
    ss_array first = {0};
    uint64_t total = 0;
    for (uint32_t k = 0; k < n; k++) {
        if (subs[k].is_null)
            return ss_ctx_error(ctx, "22004", "cannot accumulate null arrays");
        ss_array a;
        arr_decode(&subs[k].v.s, &a);
        if (k == 0 && a.ndims == 0)
            return ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "cannot accumulate empty arrays");
        if (k == 0)
            first = a;
        else if (!arr_same_shape(&a, &first))
            return ss_ctx_error(ctx, ARR_SQLSTATE_SUBSCRIPT, "cannot accumulate arrays of different dimensionality");
        total += a.nitems;
    }
    int32_t dims[ARR_MAXDIM], lb[ARR_MAXDIM];
    int nd = n ? arr_shape_up(ctx, &first, n, dims, lb) : 0;
    if (nd < 0)
        return SS_ERROR;
    if (total > ARR_MAX_ITEMS)
        return ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                            "array size exceeds the maximum allowed (%d)", ARR_MAX_ITEMS);
    ss_value *items = total ? malloc(sizeof *items * total) : NULL;
    if (total && !items)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint64_t at = 0;
    for (uint32_t k = 0; k < n; k++) {
        ss_array a;
        arr_decode(&subs[k].v.s, &a);
        items_read(&subs[k].v.s, items + at, a.nitems);
        at += a.nitems;
    }
    arr_encode_buf(elem, nd, dims, lb, items, (uint32_t)total, sb);
    free(items);
    return SS_OK;
}

static int build_nested(ss_ctx *ctx, const ss_value *subs, uint32_t n, ss_vector *out, uint32_t row)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (nested_buf(ctx, ss_type_element_of(out->type.id), subs, n, &sb) != SS_OK) {
        ss_strbuf_free(&sb);
        return SS_ERROR;
    }
    return put(ctx, &sb, out, row);
}

int arr_build_value(ss_ctx *ctx, int32_t type, bool nested, const ss_value *items, uint32_t n, ss_text *out)
{
    int32_t elem = ss_type_element_of(type);
    if (!nested)
        return n > ARR_MAX_ITEMS ? ss_ctx_error(ctx, SS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                                                "array size exceeds the maximum allowed (%d)", ARR_MAX_ITEMS)
                                 : arr_encode_1d(ctx, elem, items, n, out);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    int rc = nested_buf(ctx, elem, items, n, &sb);
    char *p = rc == SS_OK && !sb.oom ? ss_ctx_alloc(ctx, sb.len ? sb.len : 1) : NULL;
    if (rc == SS_OK && !p)
        rc = SS_ERROR;
    if (p) {
        memcpy(p, sb.data, sb.len);
        *out = (ss_text){p, (uint32_t)sb.len, 0};
    }
    ss_strbuf_free(&sb);
    return rc;
}

#define ARRAY_INFO(ID, ELEM, NAME)                                                          \
    static const ss_type_array ID##_items = {sizeof(ss_type_array), SS_TYPE_##ELEM,          \
                                             items_count, items_read, build, build_nested,   \
                                             build_shaped};                                  \
    static const ss_type_info ID##_info = {.struct_size = sizeof(ss_type_info),               \
                                           .id = SS_TYPE_##ID,                                \
                                           .name = NAME,                                      \
                                           .layout = SS_LAYOUT_VARLEN,                        \
                                           .width = sizeof(ss_text),                          \
                                           .compare = arr_compare,                            \
                                           .equal = info_equal,                               \
                                           .hash = arr_hash,                                  \
                                           .hash_batch = info_hash_batch,                     \
                                           .physical = 0, /* the array order's callbacks */   \
                                           .array = &ID##_items}

ARRAY_INFO(BOOL_ARRAY, BOOL, "boolean[]");
ARRAY_INFO(BYTEA_ARRAY, BYTEA, "bytea[]");
ARRAY_INFO(INT2_ARRAY, INT2, "smallint[]");
ARRAY_INFO(INT4_ARRAY, INT4, "integer[]");
ARRAY_INFO(TEXT_ARRAY, TEXT, "text[]");
ARRAY_INFO(BPCHAR_ARRAY, BPCHAR, "character[]");
ARRAY_INFO(VARCHAR_ARRAY, VARCHAR, "character varying[]");
ARRAY_INFO(INT8_ARRAY, INT8, "bigint[]");
ARRAY_INFO(FLOAT4_ARRAY, FLOAT4, "real[]");
ARRAY_INFO(FLOAT8_ARRAY, FLOAT8, "double precision[]");
ARRAY_INFO(TIMESTAMP_ARRAY, TIMESTAMP, "timestamp without time zone[]");
ARRAY_INFO(DATE_ARRAY, DATE, "date[]");
ARRAY_INFO(TIME_ARRAY, TIME, "time without time zone[]");
ARRAY_INFO(TIMESTAMPTZ_ARRAY, TIMESTAMPTZ, "timestamp with time zone[]");
ARRAY_INFO(INTERVAL_ARRAY, INTERVAL, "interval[]");
ARRAY_INFO(NUMERIC_ARRAY, NUMERIC, "numeric[]");
ARRAY_INFO(TIMETZ_ARRAY, TIMETZ, "time with time zone[]");
ARRAY_INFO(UUID_ARRAY, UUID, "uuid[]");
ARRAY_INFO(INT4RANGE_ARRAY, INT4RANGE, "int4range[]");
ARRAY_INFO(NUMRANGE_ARRAY, NUMRANGE, "numrange[]");
ARRAY_INFO(TSRANGE_ARRAY, TSRANGE, "tsrange[]");
ARRAY_INFO(TSTZRANGE_ARRAY, TSTZRANGE, "tstzrange[]");
ARRAY_INFO(DATERANGE_ARRAY, DATERANGE, "daterange[]");
ARRAY_INFO(INT8RANGE_ARRAY, INT8RANGE, "int8range[]");
ARRAY_INFO(INT4MULTIRANGE_ARRAY, INT4MULTIRANGE, "int4multirange[]");
ARRAY_INFO(NUMMULTIRANGE_ARRAY, NUMMULTIRANGE, "nummultirange[]");
ARRAY_INFO(TSMULTIRANGE_ARRAY, TSMULTIRANGE, "tsmultirange[]");
ARRAY_INFO(TSTZMULTIRANGE_ARRAY, TSTZMULTIRANGE, "tstzmultirange[]");
ARRAY_INFO(DATEMULTIRANGE_ARRAY, DATEMULTIRANGE, "datemultirange[]");
ARRAY_INFO(INT8MULTIRANGE_ARRAY, INT8MULTIRANGE, "int8multirange[]");
ARRAY_INFO(BIT_ARRAY, BIT, "bit[]");
ARRAY_INFO(VARBIT_ARRAY, VARBIT, "bit varying[]");
ARRAY_INFO(JSON_ARRAY, JSON, "json[]");
ARRAY_INFO(JSONB_ARRAY, JSONB, "jsonb[]");
ARRAY_INFO(JSONPATH_ARRAY, JSONPATH, "jsonpath[]");
ARRAY_INFO(RECORD_ARRAY, RECORD, "record[]");
ARRAY_INFO(NAME_ARRAY, NAME, "name[]");

void arr_type_info_fill(int32_t id, int32_t elem, const char *name, ss_type_info *info, ss_type_array *items)
{
    *items = (ss_type_array){sizeof(ss_type_array), elem, items_count, items_read, build, build_nested, build_shaped};
    *info = (ss_type_info){.struct_size = sizeof(ss_type_info),
                           .id = id,
                           .name = name,
                           .layout = SS_LAYOUT_VARLEN,
                           .width = sizeof(ss_text),
                           .compare = arr_compare,
                           .equal = info_equal,
                           .hash = arr_hash,
                           .hash_batch = info_hash_batch,
                           .physical = 0,
                           .array = items};
}

const ss_type_info *arr_type_info(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL_ARRAY: return &BOOL_ARRAY_info;
    case SS_TYPE_BYTEA_ARRAY: return &BYTEA_ARRAY_info;
    case SS_TYPE_INT2_ARRAY: return &INT2_ARRAY_info;
    case SS_TYPE_INT4_ARRAY: return &INT4_ARRAY_info;
    case SS_TYPE_TEXT_ARRAY: return &TEXT_ARRAY_info;
    case SS_TYPE_BPCHAR_ARRAY: return &BPCHAR_ARRAY_info;
    case SS_TYPE_VARCHAR_ARRAY: return &VARCHAR_ARRAY_info;
    case SS_TYPE_INT8_ARRAY: return &INT8_ARRAY_info;
    case SS_TYPE_FLOAT4_ARRAY: return &FLOAT4_ARRAY_info;
    case SS_TYPE_FLOAT8_ARRAY: return &FLOAT8_ARRAY_info;
    case SS_TYPE_TIMESTAMP_ARRAY: return &TIMESTAMP_ARRAY_info;
    case SS_TYPE_DATE_ARRAY: return &DATE_ARRAY_info;
    case SS_TYPE_TIME_ARRAY: return &TIME_ARRAY_info;
    case SS_TYPE_TIMESTAMPTZ_ARRAY: return &TIMESTAMPTZ_ARRAY_info;
    case SS_TYPE_INTERVAL_ARRAY: return &INTERVAL_ARRAY_info;
    case SS_TYPE_NUMERIC_ARRAY: return &NUMERIC_ARRAY_info;
    case SS_TYPE_TIMETZ_ARRAY: return &TIMETZ_ARRAY_info;
    case SS_TYPE_UUID_ARRAY: return &UUID_ARRAY_info;
    case SS_TYPE_INT4RANGE_ARRAY: return &INT4RANGE_ARRAY_info;
    case SS_TYPE_NUMRANGE_ARRAY: return &NUMRANGE_ARRAY_info;
    case SS_TYPE_TSRANGE_ARRAY: return &TSRANGE_ARRAY_info;
    case SS_TYPE_TSTZRANGE_ARRAY: return &TSTZRANGE_ARRAY_info;
    case SS_TYPE_DATERANGE_ARRAY: return &DATERANGE_ARRAY_info;
    case SS_TYPE_INT8RANGE_ARRAY: return &INT8RANGE_ARRAY_info;
    case SS_TYPE_INT4MULTIRANGE_ARRAY: return &INT4MULTIRANGE_ARRAY_info;
    case SS_TYPE_NUMMULTIRANGE_ARRAY: return &NUMMULTIRANGE_ARRAY_info;
    case SS_TYPE_TSMULTIRANGE_ARRAY: return &TSMULTIRANGE_ARRAY_info;
    case SS_TYPE_TSTZMULTIRANGE_ARRAY: return &TSTZMULTIRANGE_ARRAY_info;
    case SS_TYPE_DATEMULTIRANGE_ARRAY: return &DATEMULTIRANGE_ARRAY_info;
    case SS_TYPE_INT8MULTIRANGE_ARRAY: return &INT8MULTIRANGE_ARRAY_info;
    case SS_TYPE_BIT_ARRAY: return &BIT_ARRAY_info;
    case SS_TYPE_VARBIT_ARRAY: return &VARBIT_ARRAY_info;
    case SS_TYPE_JSON_ARRAY: return &JSON_ARRAY_info;
    case SS_TYPE_JSONB_ARRAY: return &JSONB_ARRAY_info;
    case SS_TYPE_JSONPATH_ARRAY: return &JSONPATH_ARRAY_info;
    case SS_TYPE_RECORD_ARRAY: return &RECORD_ARRAY_info;
    case SS_TYPE_NAME_ARRAY: return &NAME_ARRAY_info;
    default: return NULL;
    }
}
