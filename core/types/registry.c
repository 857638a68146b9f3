/* registry.c — the table of every type the kernel knows (see registry.h).  A type with a
 * folder of its own (core/types/numeric/) exports its ss_type_info from there; the primitive
 * types, whose order is their layout's, are described here. */
#include "types/registry.h"

#include "types/array/array.h"

#define PRIMITIVE(ID, NAME, WIDTH, FLAGS)                                                  \
    static const ss_type_info ID##_info = {sizeof(ss_type_info), SS_TYPE_##ID, NAME,          \
                                           SS_LAYOUT_FIXED, WIDTH, FLAGS, NULL, NULL, NULL, NULL, NULL, NULL, \
                                           NULL}
#define STRING(ID, NAME)                                                                    \
    static const ss_type_info ID##_info = {sizeof(ss_type_info), SS_TYPE_##ID, NAME,          \
                                           SS_LAYOUT_VARLEN, sizeof(ss_text), 0, NULL, NULL,   \
                                           NULL, NULL, NULL, NULL, NULL}

PRIMITIVE(BOOL, "boolean", 1, 0);
PRIMITIVE(INT2, "smallint", 2, SS_TYPEINFO_NUMBER);
PRIMITIVE(INT4, "integer", 4, SS_TYPEINFO_NUMBER);
PRIMITIVE(INT8, "bigint", 8, SS_TYPEINFO_NUMBER);
PRIMITIVE(FLOAT8, "double precision", 8, SS_TYPEINFO_NUMBER);
STRING(TEXT, "text");
STRING(VARCHAR, "character varying");
STRING(UNKNOWN, "unknown");

const ss_type_info *ss_type_registry_get(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL: return &BOOL_info;
    case SS_TYPE_INT2: return &INT2_info;
    case SS_TYPE_INT4: return &INT4_info;
    case SS_TYPE_INT8: return &INT8_info;
    case SS_TYPE_FLOAT8: return &FLOAT8_info;
    case SS_TYPE_TEXT: return &TEXT_info;
    case SS_TYPE_VARCHAR: return &VARCHAR_info;
    case SS_TYPE_UNKNOWN: return &UNKNOWN_info;
    case SS_TYPE_NUMERIC: return &ss_numeric_type_info;
    default: return arr_type_info(id);
    }
}
