/* registry.c — the table of every type the kernel knows (see registry.h).  A type with a
 * folder of its own exports its description from there: numeric its ss_type_info, catalog
 * types (type_def.h) their ss_type_def, listed once in catalog[] below; the primitive types,
 * whose order is their layout's, are described here. */
#include "types/registry.h"

#include <strings.h>

#include "types/array/array.h"
#include "types/enum/enum.h"
#include "types/type_def.h"

#define PRIMITIVE(ID, NAME, WIDTH, FLAGS)                                                  \
    static const ss_type_info ID##_info = {sizeof(ss_type_info), SS_TYPE_##ID, NAME,          \
                                           SS_LAYOUT_FIXED, WIDTH, FLAGS, NULL, NULL, NULL, NULL, NULL, NULL, \
                                           SS_TYPE_##ID, NULL, NULL}
#define STRING(ID, NAME)                                                                    \
    static const ss_type_info ID##_info = {sizeof(ss_type_info), SS_TYPE_##ID, NAME,          \
                                           SS_LAYOUT_VARLEN, sizeof(ss_text), 0, NULL, NULL,   \
                                           NULL, NULL, NULL, NULL, SS_TYPE_TEXT, NULL, NULL}

PRIMITIVE(BOOL, "boolean", 1, 0);
PRIMITIVE(INT2, "smallint", 2, SS_TYPEINFO_NUMBER);
PRIMITIVE(INT4, "integer", 4, SS_TYPEINFO_NUMBER);
PRIMITIVE(INT8, "bigint", 8, SS_TYPEINFO_NUMBER);
PRIMITIVE(FLOAT8, "double precision", 8, SS_TYPEINFO_NUMBER);
STRING(TEXT, "text");
STRING(VARCHAR, "character varying");
STRING(UNKNOWN, "unknown");

/* The catalog: one line per type folder (type_def.h). */
static const ss_type_def *const catalog[] = {
    &ss_float4_type_def,
    &ss_date_type_def,
    &ss_time_type_def,
    &ss_timetz_type_def,
    &ss_timestamp_type_def,
    &ss_timestamptz_type_def,
    &ss_interval_type_def,
    &ss_json_type_def,
    &ss_jsonb_type_def,
    &ss_jsonpath_type_def,
    &ss_bpchar_type_def,
    &ss_bytea_type_def,
    &ss_uuid_type_def,
    &ss_bit_type_def,
    &ss_varbit_type_def,
    &ss_regtype_type_def,
    &ss_oid_type_def,
    &ss_regclass_type_def,
    &ss_regnamespace_type_def,
    &ss_regrole_type_def,
    &ss_name_type_def,
    &ss_void_type_def,
    &ss_record_type_def,
    &ss_int4range_type_def,
    &ss_int8range_type_def,
    &ss_numrange_type_def,
    &ss_daterange_type_def,
    &ss_tsrange_type_def,
    &ss_tstzrange_type_def,
    &ss_int4multirange_type_def,
    &ss_int8multirange_type_def,
    &ss_nummultirange_type_def,
    &ss_datemultirange_type_def,
    &ss_tsmultirange_type_def,
    &ss_tstzmultirange_type_def,
};

#define NCATALOG (sizeof catalog / sizeof catalog[0])

const ss_type_def *ss_type_def_get(int32_t id)
{
    if (ss_type_is_enum(id)) /* CREATE TYPE ... AS ENUM: types/enum/ */
        return enum_type_def(id);
    for (size_t k = 0; k < NCATALOG; k++)
        if (catalog[k]->info->id == id)
            return catalog[k];
    return NULL;
}

const ss_type_def *const *ss_type_defs(uint32_t *n)
{
    *n = (uint32_t)NCATALOG;
    return catalog;
}

const ss_type_def *ss_type_def_by_name(const char *name)
{
    for (size_t k = 0; k < NCATALOG; k++) {
        const ss_type_def *d = catalog[k];
        if (strcasecmp(d->internal_name, name) == 0)
            return d;
        for (const char *const *s = d->sql_names; s && *s; s++)
            if (strcasecmp(*s, name) == 0)
                return d;
    }
    return NULL;
}

const ss_cast_def *ss_type_def_cast(int32_t from, int32_t to)
{
    for (size_t k = 0; k < NCATALOG; k++)
        for (const ss_cast_def *c = catalog[k]->casts; c && c->from; c++)
            if (c->from == from && c->to == to)
                return c;
    return NULL;
}

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
    default: {
        const ss_type_def *d = ss_type_def_get(id);
        if (d)
            return d->info;
        return ss_type_is_enum_array(id) ? enum_array_info(id) : arr_type_info(id); /* arrays: core/types/array/ */
    }
    }
}

int32_t ss_type_physical(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL:
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8:
    case SS_TYPE_FLOAT8:
    case SS_TYPE_TEXT:
    case SS_TYPE_VARCHAR:
    case SS_TYPE_UNKNOWN:
    case SS_TYPE_NUMERIC: return id;
    default: {
        const ss_type_def *d = ss_type_def_get(id);
        return d && d->info->physical ? d->info->physical : id;
    }
    }
}
