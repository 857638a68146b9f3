/* type_layout.h — maps SDK type ids to the physical vector layout that operators specialise
 * their loops on.  (Type names for messages come from ss_api.type_name.) */
#ifndef OPS_TYPE_LAYOUT_H
#define OPS_TYPE_LAYOUT_H

#include "sunstone/plugin.h"

typedef enum ops_layout {
    OPS_LAYOUT_NONE = 0, /* a type id the operators do not know */
    OPS_LAYOUT_BOOL,     /* uint8_t */
    OPS_LAYOUT_INT2,     /* int16_t */
    OPS_LAYOUT_INT4,     /* int32_t */
    OPS_LAYOUT_INT8,     /* int64_t */
    OPS_LAYOUT_FLOAT8,   /* double */
    OPS_LAYOUT_TEXT      /* ss_text (text, varchar, unknown) */
} ops_layout;

static inline ops_layout ops_layout_of(int32_t type_id)
{
    switch (type_id) {
    case SS_TYPE_BOOL: return OPS_LAYOUT_BOOL;
    case SS_TYPE_INT2: return OPS_LAYOUT_INT2;
    case SS_TYPE_INT4: return OPS_LAYOUT_INT4;
    case SS_TYPE_INT8: return OPS_LAYOUT_INT8;
    case SS_TYPE_FLOAT8: return OPS_LAYOUT_FLOAT8;
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN: return OPS_LAYOUT_TEXT;
    default: return OPS_LAYOUT_NONE;
    }
}

#endif
