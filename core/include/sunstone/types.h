/* sunstone/types.h — SQL type identifiers and scalar values shared by the kernel and modules.
 *
 * Type ids are PostgreSQL type OIDs so that the wire protocol, the C API and modules all
 * speak the same numbers.  A type is (oid, typmod); typmod is -1 when the type has none,
 * otherwise as in PostgreSQL (varchar(n) has typmod n + 4). */
#ifndef SUNSTONE_TYPES_H
#define SUNSTONE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ss_type_id {
    SS_TYPE_INVALID = 0,
    SS_TYPE_BOOL = 16,
    SS_TYPE_INT8 = 20,
    SS_TYPE_INT2 = 21,
    SS_TYPE_INT4 = 23,
    SS_TYPE_TEXT = 25,
    SS_TYPE_FLOAT8 = 701,
    SS_TYPE_NUMERIC = 1700, /* vector element: encoded bytes (ss_text), see typeinfo.h */
    SS_TYPE_UNKNOWN = 705, /* untyped literal ('abc' or NULL before coercion) */
    SS_TYPE_VARCHAR = 1043,
    /* issue 8's types; vector elements as ss_type_width says (see also typeinfo.h's physical) */
    SS_TYPE_BYTEA = 17,        /* ss_text: the raw bytes */
    SS_TYPE_JSON = 114,        /* ss_text: the input text, validated */
    SS_TYPE_FLOAT4 = 700,      /* double holding a float-precision value */
    SS_TYPE_BPCHAR = 1042,     /* ss_text: character(n), stored padded */
    SS_TYPE_DATE = 1082,       /* int32: days since 2000-01-01 (PostgreSQL's DateADT) */
    SS_TYPE_TIME = 1083,       /* int64: microseconds since midnight */
    SS_TYPE_TIMESTAMP = 1114,  /* int64: microseconds since 2000-01-01 00:00 */
    SS_TYPE_TIMESTAMPTZ = 1184,/* int64: microseconds since 2000-01-01 00:00 UTC */
    SS_TYPE_INTERVAL = 1186,   /* ss_text: encoded value (opaque to modules) */
    SS_TYPE_TIMETZ = 1266,     /* ss_text: encoded value (opaque to modules) */
    SS_TYPE_UUID = 2950,       /* ss_text: the 16 bytes */
    SS_TYPE_BIT = 1560,        /* ss_text: one '0' / '1' byte per bit */
    SS_TYPE_VARBIT = 1562,     /* ss_text: one '0' / '1' byte per bit */
    SS_TYPE_JSONB = 3802,      /* ss_text: encoded value (opaque to modules) */
    /* range types: ss_text holding the encoded range (opaque to modules: flags, bounds;
       core/types/range/) */
    SS_TYPE_INT4RANGE = 3904,
    SS_TYPE_NUMRANGE = 3906,
    SS_TYPE_TSRANGE = 3908,
    SS_TYPE_TSTZRANGE = 3910,
    SS_TYPE_DATERANGE = 3912,
    SS_TYPE_INT8RANGE = 3926,
    /* multirange types: ss_text holding the encoded multirange (opaque to modules: its
       ranges, sorted, disjoint and not adjacent; core/types/multirange/) */
    SS_TYPE_INT4MULTIRANGE = 4451,
    SS_TYPE_NUMMULTIRANGE = 4532,
    SS_TYPE_TSMULTIRANGE = 4533,
    SS_TYPE_TSTZMULTIRANGE = 4534,
    SS_TYPE_DATEMULTIRANGE = 4535,
    SS_TYPE_INT8MULTIRANGE = 4536,
    SS_TYPE_JSONPATH = 4072,   /* ss_text: the normalised path text (jsonpath_out's) */
    SS_TYPE_NAME = 19,         /* ss_text: at most 63 bytes */
    /* arrays (PostgreSQL's array type OIDs): ss_text holding the encoded array (opaque to
       modules: ndims, bounds, NULL bitmap, element type, elements; core/types/array/) */
    SS_TYPE_BOOL_ARRAY = 1000,
    SS_TYPE_BYTEA_ARRAY = 1001,
    SS_TYPE_INT2_ARRAY = 1005,
    SS_TYPE_INT4_ARRAY = 1007,
    SS_TYPE_TEXT_ARRAY = 1009,
    SS_TYPE_BPCHAR_ARRAY = 1014,
    SS_TYPE_VARCHAR_ARRAY = 1015,
    SS_TYPE_INT8_ARRAY = 1016,
    SS_TYPE_FLOAT4_ARRAY = 1021,
    SS_TYPE_FLOAT8_ARRAY = 1022,
    SS_TYPE_TIMESTAMP_ARRAY = 1115,
    SS_TYPE_DATE_ARRAY = 1182,
    SS_TYPE_TIME_ARRAY = 1183,
    SS_TYPE_TIMESTAMPTZ_ARRAY = 1185,
    SS_TYPE_INTERVAL_ARRAY = 1187,
    SS_TYPE_NUMERIC_ARRAY = 1231,
    SS_TYPE_TIMETZ_ARRAY = 1270,
    SS_TYPE_UUID_ARRAY = 2951,
    SS_TYPE_INT4RANGE_ARRAY = 3905,
    SS_TYPE_NUMRANGE_ARRAY = 3907,
    SS_TYPE_TSRANGE_ARRAY = 3909,
    SS_TYPE_TSTZRANGE_ARRAY = 3911,
    SS_TYPE_DATERANGE_ARRAY = 3913,
    SS_TYPE_INT8RANGE_ARRAY = 3927,
    SS_TYPE_INT4MULTIRANGE_ARRAY = 6150,
    SS_TYPE_NUMMULTIRANGE_ARRAY = 6151,
    SS_TYPE_TSMULTIRANGE_ARRAY = 6152,
    SS_TYPE_TSTZMULTIRANGE_ARRAY = 6153,
    SS_TYPE_DATEMULTIRANGE_ARRAY = 6155,
    SS_TYPE_INT8MULTIRANGE_ARRAY = 6157,
    SS_TYPE_BIT_ARRAY = 1561,
    SS_TYPE_VARBIT_ARRAY = 1563,
    SS_TYPE_JSON_ARRAY = 199,
    SS_TYPE_JSONB_ARRAY = 3807,
    SS_TYPE_JSONPATH_ARRAY = 4073,
    SS_TYPE_NAME_ARRAY = 1003,
    SS_TYPE_REGTYPE = 2206,    /* int32: a type id, printed as the type's name (pg_typeof) */
    /* (oid8) object identifiers: int64 holding the unsigned 32-bit oid */
    SS_TYPE_OID = 26,
    SS_TYPE_REGCLASS = 2205,   /* a relation's oid, printed as its name */
    SS_TYPE_REGNAMESPACE = 4089, /* a schema's oid, printed as its name */
    SS_TYPE_REGROLE = 4096,    /* a role's oid, printed as its name */
    SS_TYPE_VOID = 2278,       /* bool (always false): a function's "no value", printed empty */
    /* an anonymous composite value (PostgreSQL's record; today only the columns SEARCH and
       CYCLE add to a recursive WITH query): ss_text holding the encoded fields (opaque to
       modules, core/types/record/) */
    SS_TYPE_RECORD = 2249,
    SS_TYPE_RECORD_ARRAY = 2287
} ss_type_id;

/* User-defined enum types (CREATE TYPE ... AS ENUM): the kernel hands their ids out at run
 * time in [SS_TYPE_ENUM_FIRST, SS_TYPE_ENUM_END), an even id for the enum and the next (odd)
 * one for its array type.  An enum's vector element is a double, the label's sort position
 * (pg_enum.enumsortorder): its order and equality are float8's (typeinfo.h physical). */
#define SS_TYPE_ENUM_FIRST 0x20000000
#define SS_TYPE_ENUM_END 0x28000000 /* below the regtype values of row types (types/record/record.h) */

static inline bool ss_type_is_enum(int32_t id)
{
    return id >= SS_TYPE_ENUM_FIRST && id < SS_TYPE_ENUM_END && (id & 1) == 0;
}

static inline bool ss_type_is_enum_array(int32_t id)
{
    return id >= SS_TYPE_ENUM_FIRST && id < SS_TYPE_ENUM_END && (id & 1) == 1;
}

/* The array type whose elements are of type elem (int4 -> int4[]), SS_TYPE_INVALID when
 * elem has none (an array type itself, unknown). */
static inline int32_t ss_type_array_of(int32_t elem)
{
    if (ss_type_is_enum(elem))
        return elem + 1;
    switch (elem) {
    case SS_TYPE_BOOL: return SS_TYPE_BOOL_ARRAY;
    case SS_TYPE_BYTEA: return SS_TYPE_BYTEA_ARRAY;
    case SS_TYPE_INT2: return SS_TYPE_INT2_ARRAY;
    case SS_TYPE_INT4: return SS_TYPE_INT4_ARRAY;
    case SS_TYPE_TEXT: return SS_TYPE_TEXT_ARRAY;
    case SS_TYPE_BPCHAR: return SS_TYPE_BPCHAR_ARRAY;
    case SS_TYPE_VARCHAR: return SS_TYPE_VARCHAR_ARRAY;
    case SS_TYPE_INT8: return SS_TYPE_INT8_ARRAY;
    case SS_TYPE_FLOAT4: return SS_TYPE_FLOAT4_ARRAY;
    case SS_TYPE_FLOAT8: return SS_TYPE_FLOAT8_ARRAY;
    case SS_TYPE_TIMESTAMP: return SS_TYPE_TIMESTAMP_ARRAY;
    case SS_TYPE_DATE: return SS_TYPE_DATE_ARRAY;
    case SS_TYPE_TIME: return SS_TYPE_TIME_ARRAY;
    case SS_TYPE_TIMESTAMPTZ: return SS_TYPE_TIMESTAMPTZ_ARRAY;
    case SS_TYPE_INTERVAL: return SS_TYPE_INTERVAL_ARRAY;
    case SS_TYPE_NUMERIC: return SS_TYPE_NUMERIC_ARRAY;
    case SS_TYPE_TIMETZ: return SS_TYPE_TIMETZ_ARRAY;
    case SS_TYPE_UUID: return SS_TYPE_UUID_ARRAY;
    case SS_TYPE_INT4RANGE: return SS_TYPE_INT4RANGE_ARRAY;
    case SS_TYPE_NUMRANGE: return SS_TYPE_NUMRANGE_ARRAY;
    case SS_TYPE_TSRANGE: return SS_TYPE_TSRANGE_ARRAY;
    case SS_TYPE_TSTZRANGE: return SS_TYPE_TSTZRANGE_ARRAY;
    case SS_TYPE_DATERANGE: return SS_TYPE_DATERANGE_ARRAY;
    case SS_TYPE_INT8RANGE: return SS_TYPE_INT8RANGE_ARRAY;
    case SS_TYPE_INT4MULTIRANGE: return SS_TYPE_INT4MULTIRANGE_ARRAY;
    case SS_TYPE_NUMMULTIRANGE: return SS_TYPE_NUMMULTIRANGE_ARRAY;
    case SS_TYPE_TSMULTIRANGE: return SS_TYPE_TSMULTIRANGE_ARRAY;
    case SS_TYPE_TSTZMULTIRANGE: return SS_TYPE_TSTZMULTIRANGE_ARRAY;
    case SS_TYPE_DATEMULTIRANGE: return SS_TYPE_DATEMULTIRANGE_ARRAY;
    case SS_TYPE_INT8MULTIRANGE: return SS_TYPE_INT8MULTIRANGE_ARRAY;
    case SS_TYPE_BIT: return SS_TYPE_BIT_ARRAY;
    case SS_TYPE_VARBIT: return SS_TYPE_VARBIT_ARRAY;
    case SS_TYPE_JSON: return SS_TYPE_JSON_ARRAY;
    case SS_TYPE_JSONB: return SS_TYPE_JSONB_ARRAY;
    case SS_TYPE_JSONPATH: return SS_TYPE_JSONPATH_ARRAY;
    case SS_TYPE_NAME: return SS_TYPE_NAME_ARRAY;
    case SS_TYPE_RECORD: return SS_TYPE_RECORD_ARRAY;
    default: return SS_TYPE_INVALID;
    }
}

/* The element type of an array type (int4[] -> int4), SS_TYPE_INVALID for a non-array. */
static inline int32_t ss_type_element_of(int32_t array)
{
    if (ss_type_is_enum_array(array))
        return array - 1;
    switch (array) {
    case SS_TYPE_BOOL_ARRAY: return SS_TYPE_BOOL;
    case SS_TYPE_BYTEA_ARRAY: return SS_TYPE_BYTEA;
    case SS_TYPE_INT2_ARRAY: return SS_TYPE_INT2;
    case SS_TYPE_INT4_ARRAY: return SS_TYPE_INT4;
    case SS_TYPE_TEXT_ARRAY: return SS_TYPE_TEXT;
    case SS_TYPE_BPCHAR_ARRAY: return SS_TYPE_BPCHAR;
    case SS_TYPE_VARCHAR_ARRAY: return SS_TYPE_VARCHAR;
    case SS_TYPE_INT8_ARRAY: return SS_TYPE_INT8;
    case SS_TYPE_FLOAT4_ARRAY: return SS_TYPE_FLOAT4;
    case SS_TYPE_FLOAT8_ARRAY: return SS_TYPE_FLOAT8;
    case SS_TYPE_TIMESTAMP_ARRAY: return SS_TYPE_TIMESTAMP;
    case SS_TYPE_DATE_ARRAY: return SS_TYPE_DATE;
    case SS_TYPE_TIME_ARRAY: return SS_TYPE_TIME;
    case SS_TYPE_TIMESTAMPTZ_ARRAY: return SS_TYPE_TIMESTAMPTZ;
    case SS_TYPE_INTERVAL_ARRAY: return SS_TYPE_INTERVAL;
    case SS_TYPE_NUMERIC_ARRAY: return SS_TYPE_NUMERIC;
    case SS_TYPE_TIMETZ_ARRAY: return SS_TYPE_TIMETZ;
    case SS_TYPE_UUID_ARRAY: return SS_TYPE_UUID;
    case SS_TYPE_INT4RANGE_ARRAY: return SS_TYPE_INT4RANGE;
    case SS_TYPE_NUMRANGE_ARRAY: return SS_TYPE_NUMRANGE;
    case SS_TYPE_TSRANGE_ARRAY: return SS_TYPE_TSRANGE;
    case SS_TYPE_TSTZRANGE_ARRAY: return SS_TYPE_TSTZRANGE;
    case SS_TYPE_DATERANGE_ARRAY: return SS_TYPE_DATERANGE;
    case SS_TYPE_INT8RANGE_ARRAY: return SS_TYPE_INT8RANGE;
    case SS_TYPE_INT4MULTIRANGE_ARRAY: return SS_TYPE_INT4MULTIRANGE;
    case SS_TYPE_NUMMULTIRANGE_ARRAY: return SS_TYPE_NUMMULTIRANGE;
    case SS_TYPE_TSMULTIRANGE_ARRAY: return SS_TYPE_TSMULTIRANGE;
    case SS_TYPE_TSTZMULTIRANGE_ARRAY: return SS_TYPE_TSTZMULTIRANGE;
    case SS_TYPE_DATEMULTIRANGE_ARRAY: return SS_TYPE_DATEMULTIRANGE;
    case SS_TYPE_INT8MULTIRANGE_ARRAY: return SS_TYPE_INT8MULTIRANGE;
    case SS_TYPE_BIT_ARRAY: return SS_TYPE_BIT;
    case SS_TYPE_VARBIT_ARRAY: return SS_TYPE_VARBIT;
    case SS_TYPE_JSON_ARRAY: return SS_TYPE_JSON;
    case SS_TYPE_JSONB_ARRAY: return SS_TYPE_JSONB;
    case SS_TYPE_JSONPATH_ARRAY: return SS_TYPE_JSONPATH;
    case SS_TYPE_NAME_ARRAY: return SS_TYPE_NAME;
    case SS_TYPE_RECORD_ARRAY: return SS_TYPE_RECORD;
    default: return SS_TYPE_INVALID;
    }
}

static inline bool ss_type_is_array(int32_t id)
{
    return ss_type_element_of(id) != SS_TYPE_INVALID;
}

typedef struct ss_type {
    int32_t id;     /* an ss_type_id */
    int32_t typmod; /* -1 = none; varchar(n): n + 4 as in PostgreSQL */
} ss_type;

/* A text value: bytes (not NUL-terminated) owned by whoever produced the vector or row. */
typedef struct ss_text {
    const char *ptr;
    uint32_t len;
    uint32_t reserved; /* keeps the struct 16 bytes on LP64, zero it */
} ss_text;

/* One scalar value, used where the interface is row-at-a-time (reference scans,
 * parameters).  Which member is valid follows the vector layout of the type: bool -> b,
 * int2/int4/int8/date/time/timestamp/timestamptz -> i, float8/float4 -> f, every
 * variable-length type (ss_type_is_varlen: text, numeric, bytea, ...) -> s, whose bytes are
 * the type's encoded value (opaque for numeric, interval, timetz, jsonb). */
typedef struct ss_value {
    bool is_null;
    union {
        bool b;
        int64_t i;
        double f;
        ss_text s;
    } v;
} ss_value;

static inline bool ss_type_is_varlen(int32_t id);

/* Width in bytes of one element of a fixed-width vector of this type, or the size of
 * ss_text for variable-width types; 0 for an unknown id.  Covers the ids of this header;
 * the kernel's full description of a type is ss_api.type_info (typeinfo.h). */
static inline size_t ss_type_width(int32_t id)
{
    if (ss_type_is_enum(id))
        return sizeof(double);
    switch (id) {
    case SS_TYPE_BOOL:
    case SS_TYPE_VOID: return sizeof(uint8_t);
    case SS_TYPE_INT2: return sizeof(int16_t);
    case SS_TYPE_INT4: return sizeof(int32_t);
    case SS_TYPE_INT8: return sizeof(int64_t);
    case SS_TYPE_FLOAT8:
    case SS_TYPE_FLOAT4: return sizeof(double);
    case SS_TYPE_DATE:
    case SS_TYPE_REGTYPE: return sizeof(int32_t);
    case SS_TYPE_TIME:
    case SS_TYPE_TIMESTAMP:
    case SS_TYPE_OID:
    case SS_TYPE_REGCLASS:
    case SS_TYPE_REGNAMESPACE:
    case SS_TYPE_REGROLE:
    case SS_TYPE_TIMESTAMPTZ: return sizeof(int64_t);
    case SS_TYPE_BYTEA:
    case SS_TYPE_JSON:
    case SS_TYPE_BPCHAR:
    case SS_TYPE_INTERVAL:
    case SS_TYPE_TIMETZ:
    case SS_TYPE_UUID:
    case SS_TYPE_BIT:
    case SS_TYPE_VARBIT:
    case SS_TYPE_JSONB:
    case SS_TYPE_JSONPATH:
    case SS_TYPE_NAME:
    case SS_TYPE_RECORD:
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN:
    case SS_TYPE_NUMERIC: return sizeof(ss_text);
    default: return ss_type_is_varlen(id) ? sizeof(ss_text) : 0; /* ranges, arrays */
    }
}

static inline bool ss_type_is_text(int32_t id)
{
    return id == SS_TYPE_TEXT || id == SS_TYPE_VARCHAR || id == SS_TYPE_UNKNOWN;
}

/* Whether vectors of the type hold ss_text elements whose bytes are copied with the vector
 * (text, varchar, unknown, numeric, bytea, ...): the variable-length layout of typeinfo.h. */
static inline bool ss_type_is_varlen(int32_t id)
{
    switch (id) {
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN:
    case SS_TYPE_NUMERIC:
    case SS_TYPE_BYTEA:
    case SS_TYPE_JSON:
    case SS_TYPE_BPCHAR:
    case SS_TYPE_INTERVAL:
    case SS_TYPE_TIMETZ:
    case SS_TYPE_UUID:
    case SS_TYPE_INT4RANGE:
    case SS_TYPE_NUMRANGE:
    case SS_TYPE_TSRANGE:
    case SS_TYPE_TSTZRANGE:
    case SS_TYPE_DATERANGE:
    case SS_TYPE_INT8RANGE:
    case SS_TYPE_INT4MULTIRANGE:
    case SS_TYPE_NUMMULTIRANGE:
    case SS_TYPE_TSMULTIRANGE:
    case SS_TYPE_TSTZMULTIRANGE:
    case SS_TYPE_DATEMULTIRANGE:
    case SS_TYPE_INT8MULTIRANGE:
    case SS_TYPE_BIT:
    case SS_TYPE_VARBIT:
    case SS_TYPE_RECORD:
    case SS_TYPE_JSONPATH:
    case SS_TYPE_NAME:
    case SS_TYPE_JSONB: return true;
    default: return ss_type_is_array(id);
    }
}

/* The primitive type whose vector element and ss_value member a type uses: SS_TYPE_BOOL,
 * INT2, INT4, INT8 or FLOAT8 for the fixed-width types (date -> INT4, timestamp -> INT8,
 * float4 -> FLOAT8), SS_TYPE_TEXT for every variable-length one (ss_text; not necessarily
 * text's order, see typeinfo.h), 0 for an id this header does not know. */
static inline int32_t ss_type_storage(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL:
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8:
    case SS_TYPE_FLOAT8: return id;
    case SS_TYPE_VOID: return SS_TYPE_BOOL;
    case SS_TYPE_DATE:
    case SS_TYPE_REGTYPE: return SS_TYPE_INT4;
    case SS_TYPE_TIME:
    case SS_TYPE_TIMESTAMP:
    case SS_TYPE_OID:
    case SS_TYPE_REGCLASS:
    case SS_TYPE_REGNAMESPACE:
    case SS_TYPE_REGROLE:
    case SS_TYPE_TIMESTAMPTZ: return SS_TYPE_INT8;
    case SS_TYPE_FLOAT4: return SS_TYPE_FLOAT8;
    default:
        if (ss_type_is_enum(id))
            return SS_TYPE_FLOAT8;
        return ss_type_is_varlen(id) ? SS_TYPE_TEXT : 0;
    }
}

static inline bool ss_type_is_integer(int32_t id)
{
    return id == SS_TYPE_INT2 || id == SS_TYPE_INT4 || id == SS_TYPE_INT8;
}

#ifdef __cplusplus
}
#endif
#endif
