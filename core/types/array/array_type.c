/* array_type.c — the registry descriptions of the array types (one per element type, all
 * sharing the array order and hash of array_ops.c). */
#include "types/array/array.h"

#include "exec/vector.h"

static int info_compare(const void *a, const void *b)
{
    return arr_compare(a, b);
}

static bool info_equal(const void *a, const void *b)
{
    return arr_compare(a, b) == 0;
}

static uint64_t info_hash(const void *a)
{
    return arr_hash(a);
}

static void info_hash_batch(const ss_vector *v, const uint32_t *rows, uint32_t n, uint64_t *out)
{
    const ss_text *t = v->data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = rows ? rows[k] : k;
        if (!ss_vector_is_null(v, r))
            out[k] = arr_hash(&t[r]);
    }
}

#define ARRAY_INFO(ID, NAME)                                                                \
    static const ss_type_info ID##_info = {sizeof(ss_type_info), SS_TYPE_##ID, NAME,          \
                                           SS_LAYOUT_VARLEN, sizeof(ss_text), 0, info_compare, \
                                           info_equal, info_hash, info_hash_batch, NULL, NULL}

ARRAY_INFO(BOOL_ARRAY, "boolean[]");
ARRAY_INFO(BYTEA_ARRAY, "bytea[]");
ARRAY_INFO(INT2_ARRAY, "smallint[]");
ARRAY_INFO(INT4_ARRAY, "integer[]");
ARRAY_INFO(TEXT_ARRAY, "text[]");
ARRAY_INFO(BPCHAR_ARRAY, "character[]");
ARRAY_INFO(VARCHAR_ARRAY, "character varying[]");
ARRAY_INFO(INT8_ARRAY, "bigint[]");
ARRAY_INFO(FLOAT4_ARRAY, "real[]");
ARRAY_INFO(FLOAT8_ARRAY, "double precision[]");
ARRAY_INFO(TIMESTAMP_ARRAY, "timestamp without time zone[]");
ARRAY_INFO(DATE_ARRAY, "date[]");
ARRAY_INFO(TIME_ARRAY, "time without time zone[]");
ARRAY_INFO(TIMESTAMPTZ_ARRAY, "timestamp with time zone[]");
ARRAY_INFO(INTERVAL_ARRAY, "interval[]");
ARRAY_INFO(NUMERIC_ARRAY, "numeric[]");
ARRAY_INFO(TIMETZ_ARRAY, "time with time zone[]");
ARRAY_INFO(UUID_ARRAY, "uuid[]");
ARRAY_INFO(JSON_ARRAY, "json[]");
ARRAY_INFO(JSONB_ARRAY, "jsonb[]");

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
    case SS_TYPE_JSON_ARRAY: return &JSON_ARRAY_info;
    case SS_TYPE_JSONB_ARRAY: return &JSONB_ARRAY_info;
    default: return NULL;
    }
}
