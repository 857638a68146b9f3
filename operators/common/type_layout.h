/* type_layout.h — maps SDK type ids to the physical vector layout that operators specialise
 * their loops on.  The primitive layouts have typed loops; a type whose equality, order and
 * hash are its own (ss_type_info with callbacks, sunstone/typeinfo.h: numeric) has the
 * layout OPS_LAYOUT_CUSTOM, whose values are compared and hashed through those callbacks.
 * The description comes from the kernel (ss_api.type_info), so operators handle types they
 * were not written for: each module calls ops_types_bind in its sunstone_plugin_init.
 * A type with a physical type (ss_type_info.physical: float4 -> float8, date -> int4) has
 * that type's layout.  (Type names for messages come from ss_api.type_name.) */
#ifndef OPS_TYPE_LAYOUT_H
#define OPS_TYPE_LAYOUT_H

#include <stddef.h>

#include "sunstone/plugin.h"

typedef enum ops_layout {
    OPS_LAYOUT_NONE = 0, /* a type id the operators do not know */
    OPS_LAYOUT_BOOL,     /* uint8_t */
    OPS_LAYOUT_INT2,     /* int16_t */
    OPS_LAYOUT_INT4,     /* int32_t */
    OPS_LAYOUT_INT8,     /* int64_t */
    OPS_LAYOUT_FLOAT8,   /* double */
    OPS_LAYOUT_TEXT,     /* ss_text (text, varchar, unknown): bytewise order */
    OPS_LAYOUT_CUSTOM    /* ss_text, ordered and hashed by the type's callbacks (numeric) */
} ops_layout;

/* Records the kernel's function table for ops_type_info (once per module, at init). */
void ops_types_bind(const ss_api *api);
/* The kernel's description of a type, or NULL (unknown id, or an older kernel). */
const ss_type_info *ops_type_info(int32_t type_id);

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
    default: {
        const ss_type_info *ti = ops_type_info(type_id);
        /* a type whose vectors are those of a primitive type (float4 -> float8, date ->
           int4, bytea -> text) moves, compares and hashes as that type */
        if (ti && ti->struct_size >= offsetof(ss_type_info, physical) + sizeof ti->physical &&
            ti->physical && ti->physical != type_id)
            return ops_layout_of(ti->physical);
        if (ti && ti->layout == SS_LAYOUT_VARLEN && ti->compare)
            return OPS_LAYOUT_CUSTOM;
        return OPS_LAYOUT_NONE;
    }
    }
}

/* Whether the layout's elements are ss_text whose bytes are copied with the value. */
static inline bool ops_layout_is_varlen(ops_layout l)
{
    return l == OPS_LAYOUT_TEXT || l == OPS_LAYOUT_CUSTOM;
}

#endif
