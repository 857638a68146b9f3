/* registry.h — the kernel's one table of type descriptions (sunstone/typeinfo.h): layout,
 * width, name and, for types whose bytes do not decide equality and order, the callbacks.
 * ss_api.type_info is ss_type_registry_get.  Catalog types (type_def.h) are listed there. */
#ifndef SS_TYPES_REGISTRY_H
#define SS_TYPES_REGISTRY_H

#include "sunstone/typeinfo.h"

/* The description of type id, or NULL when the kernel does not know it. */
const ss_type_info *ss_type_registry_get(int32_t id);

/* The primitive type whose vector layout and natural order id's vectors share
 * (ss_type_info.physical: float4 -> float8, date -> int4); id itself for the built-in types
 * and for a type with no physical type (its callbacks decide).  The evaluator switches on
 * this where it has typed loops. */
int32_t ss_type_physical(int32_t id);

/* Descriptions that live with their type's folder (core/types/<type>/). */
extern const ss_type_info ss_numeric_type_info;

/* Catalog types (type_def.h), one per folder. */
struct ss_type_def;
extern const struct ss_type_def ss_float4_type_def;
extern const struct ss_type_def ss_date_type_def, ss_time_type_def, ss_timetz_type_def, ss_timestamp_type_def,
    ss_timestamptz_type_def, ss_interval_type_def; /* types/datetime/ */
extern const struct ss_type_def ss_json_type_def;
extern const struct ss_type_def ss_jsonb_type_def;
extern const struct ss_type_def ss_jsonpath_type_def; /* types/json/jsonpath_type.c */
extern const struct ss_type_def ss_bpchar_type_def;
extern const struct ss_type_def ss_bytea_type_def;
extern const struct ss_type_def ss_uuid_type_def;
extern const struct ss_type_def ss_bit_type_def, ss_varbit_type_def; /* types/bit/ */
extern const struct ss_type_def ss_regtype_type_def;
extern const struct ss_type_def ss_oid_type_def, ss_regclass_type_def, ss_regnamespace_type_def, ss_regrole_type_def; /* (oid8) types/oid/ */
extern const struct ss_type_def ss_name_type_def;
extern const struct ss_type_def ss_void_type_def;
extern const struct ss_type_def ss_record_type_def;
extern const struct ss_type_def ss_int4range_type_def, ss_int8range_type_def, ss_numrange_type_def,
    ss_daterange_type_def, ss_tsrange_type_def, ss_tstzrange_type_def;
extern const struct ss_type_def ss_int4multirange_type_def, ss_int8multirange_type_def, ss_nummultirange_type_def,
    ss_datemultirange_type_def, ss_tsmultirange_type_def, ss_tstzmultirange_type_def; /* types/range/ */

#endif
