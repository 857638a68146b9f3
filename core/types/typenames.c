/* typenames.c — names of the built-in types: format_type()-style display names used in
 * messages, pg_type internal names, and lookup of the names SQL accepts. */
#include "types/typeio.h"

#include "types/enum/enum.h"
#include "types/numeric/numeric.h"
#include "types/record/record.h"
#include "types/registry.h"
#include "types/type_def.h"

#include <stdio.h>
#include <strings.h>

static const char *display_base(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL: return "boolean";
    case SS_TYPE_INT2: return "smallint";
    case SS_TYPE_INT4: return "integer";
    case SS_TYPE_INT8: return "bigint";
    case SS_TYPE_FLOAT8: return "double precision";
    case SS_TYPE_NUMERIC: return "numeric";
    case SS_TYPE_TEXT: return "text";
    case SS_TYPE_VARCHAR: return "character varying";
    case SS_TYPE_UNKNOWN: return "unknown";
    default: {
        const ss_type_def *d = ss_type_def_get(id);
        return d ? d->display_name : "???";
    }
    }
}

/* "integer[]": the element type's name (with the array's typmod, which is its elements')
 * and "[]"; static storage for the names without a typmod. */
static const char *display_array(ss_type t, char *buf, size_t n)
{
    const ss_type_info *ti = ss_type_registry_get(t.id);
    if (!buf || n == 0 || t.typmod < 0)
        return ti ? ti->name : "???";
    char elem[64];
    ss_type_display_name((ss_type){ss_type_element_of(t.id), t.typmod}, elem, sizeof elem);
    snprintf(buf, n, "%s[]", elem);
    return buf;
}

const char *ss_type_display_name(ss_type t, char *buf, size_t n)
{
    if (ss_type_is_enum(t.id) || ss_type_is_enum_array(t.id)) /* CREATE TYPE ... AS ENUM */
        return enum_display_name(t.id, buf, n);
    const rec_desc *rd = t.id == SS_TYPE_RECORD ? rec_desc_get(t.typmod) : NULL;
    if (rd && rd->name) { /* a table's row type */
        if (buf && n)
            snprintf(buf, n, "%s", rd->name);
        return rd->name;
    }
    if (ss_type_is_array(t.id)) {
        const char *name = display_array(t, buf, n);
        if (buf && n && name != buf)
            snprintf(buf, n, "%s", name);
        return name;
    }
    const char *base = display_base(t.id);
    if (!buf || n == 0)
        return base;
    if (t.id == SS_TYPE_VARCHAR && t.typmod >= 4)
        snprintf(buf, n, "%s(%d)", base, (int)(t.typmod - 4));
    else if (t.id == SS_TYPE_NUMERIC && t.typmod >= 4) {
        char mod[32];
        num_typmod_text(t.typmod, mod, sizeof mod);
        snprintf(buf, n, "%s%s", base, mod);
    } else if (t.typmod >= 0 && ss_type_def_get(t.id) && ss_type_def_get(t.id)->typmod_out) {
        /* a catalog type's modifier: a suffix, or the whole name ("timestamp(3) without ...") */
        char mod[96];
        if (ss_type_def_get(t.id)->typmod_out(t.typmod, mod, sizeof mod))
            snprintf(buf, n, "%s", mod);
        else
            snprintf(buf, n, "%s%s", base, mod);
    } else
        snprintf(buf, n, "%s", base);
    return buf;
}

const char *ss_type_internal_name(int32_t id)
{
    switch (id) {
    case SS_TYPE_BOOL: return "bool";
    case SS_TYPE_INT2: return "int2";
    case SS_TYPE_INT4: return "int4";
    case SS_TYPE_INT8: return "int8";
    case SS_TYPE_FLOAT8: return "float8";
    case SS_TYPE_NUMERIC: return "numeric";
    case SS_TYPE_TEXT: return "text";
    case SS_TYPE_VARCHAR: return "varchar";
    case SS_TYPE_UNKNOWN: return "unknown";
    case SS_TYPE_BOOL_ARRAY: return "_bool";
    case SS_TYPE_BYTEA_ARRAY: return "_bytea";
    case SS_TYPE_BPCHAR_ARRAY: return "_bpchar";
    case SS_TYPE_FLOAT4_ARRAY: return "_float4";
    case SS_TYPE_TIMESTAMP_ARRAY: return "_timestamp";
    case SS_TYPE_DATE_ARRAY: return "_date";
    case SS_TYPE_TIME_ARRAY: return "_time";
    case SS_TYPE_TIMESTAMPTZ_ARRAY: return "_timestamptz";
    case SS_TYPE_INTERVAL_ARRAY: return "_interval";
    case SS_TYPE_TIMETZ_ARRAY: return "_timetz";
    case SS_TYPE_UUID_ARRAY: return "_uuid";
    case SS_TYPE_INT4RANGE_ARRAY: return "_int4range";
    case SS_TYPE_NUMRANGE_ARRAY: return "_numrange";
    case SS_TYPE_TSRANGE_ARRAY: return "_tsrange";
    case SS_TYPE_TSTZRANGE_ARRAY: return "_tstzrange";
    case SS_TYPE_DATERANGE_ARRAY: return "_daterange";
    case SS_TYPE_INT8RANGE_ARRAY: return "_int8range";
    case SS_TYPE_INT4MULTIRANGE_ARRAY: return "_int4multirange";
    case SS_TYPE_NUMMULTIRANGE_ARRAY: return "_nummultirange";
    case SS_TYPE_TSMULTIRANGE_ARRAY: return "_tsmultirange";
    case SS_TYPE_TSTZMULTIRANGE_ARRAY: return "_tstzmultirange";
    case SS_TYPE_DATEMULTIRANGE_ARRAY: return "_datemultirange";
    case SS_TYPE_INT8MULTIRANGE_ARRAY: return "_int8multirange";
    case SS_TYPE_NAME_ARRAY: return "_name";
    case SS_TYPE_BIT_ARRAY: return "_bit";
    case SS_TYPE_VARBIT_ARRAY: return "_varbit";
    case SS_TYPE_JSON_ARRAY: return "_json";
    case SS_TYPE_JSONB_ARRAY: return "_jsonb";
    case SS_TYPE_JSONPATH_ARRAY: return "_jsonpath";
    case SS_TYPE_INT2_ARRAY: return "_int2";
    case SS_TYPE_INT4_ARRAY: return "_int4";
    case SS_TYPE_INT8_ARRAY: return "_int8";
    case SS_TYPE_FLOAT8_ARRAY: return "_float8";
    case SS_TYPE_NUMERIC_ARRAY: return "_numeric";
    case SS_TYPE_TEXT_ARRAY: return "_text";
    case SS_TYPE_VARCHAR_ARRAY: return "_varchar";
    default: {
        if (ss_type_is_enum_array(id))
            return enum_array_internal_name(id) ? enum_array_internal_name(id) : "???";
        const ss_type_def *d = ss_type_def_get(id);
        return d ? d->internal_name : "???";
    }
    }
}

bool ss_type_lookup_name(const char *name, int32_t *id)
{
    static const struct {
        const char *name;
        int32_t id;
    } names[] = {
        {"int", SS_TYPE_INT4},        {"integer", SS_TYPE_INT4},
        {"int4", SS_TYPE_INT4},       {"smallint", SS_TYPE_INT2},
        {"int2", SS_TYPE_INT2},       {"bigint", SS_TYPE_INT8},
        {"int8", SS_TYPE_INT8},       {"float8", SS_TYPE_FLOAT8},
        {"numeric", SS_TYPE_NUMERIC}, {"decimal", SS_TYPE_NUMERIC},
        {"double precision", SS_TYPE_FLOAT8},
        {"text", SS_TYPE_TEXT},       {"varchar", SS_TYPE_VARCHAR},
        {"character varying", SS_TYPE_VARCHAR},
        {"bool", SS_TYPE_BOOL},       {"boolean", SS_TYPE_BOOL},
    };
    if (!name)
        return false;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcasecmp(name, names[i].name) == 0) {
            *id = names[i].id;
            return true;
        }
    }
    const ss_type_def *d = ss_type_def_by_name(name); /* catalog types */
    if (d) {
        *id = d->info->id;
        return true;
    }
    return false;
}

const char *ss_type_column_name(ss_type t, char *buf, size_t n)
{
    if (t.id == SS_TYPE_BPCHAR && t.typmod < 0) {
        /* format_type with a typmod given: bpchar, since "character" would read back as
           character(1) */
        snprintf(buf, n, "bpchar");
        return buf;
    }
    return ss_type_display_name(t, buf, n);
}
