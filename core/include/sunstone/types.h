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
    SS_TYPE_VARCHAR = 1043
} ss_type_id;

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
 * parameters).  Which member is valid follows the type: bool -> b, int2/int4/int8 -> i,
 * float8 -> f, text/varchar/unknown -> s, numeric -> s (its encoded bytes, opaque). */
typedef struct ss_value {
    bool is_null;
    union {
        bool b;
        int64_t i;
        double f;
        ss_text s;
    } v;
} ss_value;

/* Width in bytes of one element of a fixed-width vector of this type, or the size of
 * ss_text for variable-width types; 0 for an unknown id.  Covers the ids of this header;
 * the kernel's full description of a type is ss_api.type_info (typeinfo.h). */
static inline size_t ss_type_width(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL: return sizeof(uint8_t);
    case SS_TYPE_INT2: return sizeof(int16_t);
    case SS_TYPE_INT4: return sizeof(int32_t);
    case SS_TYPE_INT8: return sizeof(int64_t);
    case SS_TYPE_FLOAT8: return sizeof(double);
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN:
    case SS_TYPE_NUMERIC: return sizeof(ss_text);
    default: return 0;
    }
}

static inline bool ss_type_is_text(int32_t id)
{
    return id == SS_TYPE_TEXT || id == SS_TYPE_VARCHAR || id == SS_TYPE_UNKNOWN;
}

/* Whether vectors of the type hold ss_text elements whose bytes are copied with the vector
 * (text, varchar, unknown, numeric): the variable-length layout of typeinfo.h. */
static inline bool ss_type_is_varlen(int32_t id)
{
    return ss_type_is_text(id) || id == SS_TYPE_NUMERIC;
}

static inline bool ss_type_is_integer(int32_t id)
{
    return id == SS_TYPE_INT2 || id == SS_TYPE_INT4 || id == SS_TYPE_INT8;
}

#ifdef __cplusplus
}
#endif
#endif
