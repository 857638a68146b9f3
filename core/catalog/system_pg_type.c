/* system_pg_type.c — the rows of pg_type and pg_enum (system_information_schema.h): every
 * type Sunstone has by one of PostgreSQL's built-in names, their array types, and the
 * database's user-defined enum types (types/enum/) with their arrays; pg_enum one row per
 * label; sunstone_types the enum types as psql's \dT lists them.  Type ids are regtype values (Sunstone has no oid type), printed as the type's name;
 * columns PostgreSQL has beyond these are not shown. */
#include <stdlib.h>
#include <string.h>

#include "catalog/namespace.h"
#include "catalog/system_information_schema.h"
#include "types/enum/enum.h"
#include "types/pg_builtins.h"
#include "types/typeio.h"
#include "util/strbuf.h"

#define T_TEXT {SS_TYPE_TEXT, -1}
#define T_NAME {SS_TYPE_NAME, -1}
#define T_REGTYPE {SS_TYPE_OID, -1} /* (oid8) type ids are oids */

const ss_column_def ss_pg_type_cols[SS_PG_TYPE_NCOLS] = {
    {"oid", T_REGTYPE, false, {0}},     {"typname", T_NAME, false, {0}},  {"typtype", T_TEXT, false, {0}},
    {"typcategory", T_TEXT, false, {0}}, {"typelem", T_REGTYPE, false, {0}}, {"typarray", T_REGTYPE, false, {0}}};
const ss_column_def ss_pg_enum_cols[SS_PG_ENUM_NCOLS] = {
    {"enumtypid", T_REGTYPE, false, {0}}, {"enumsortorder", {SS_TYPE_FLOAT4, -1}, false, {0}},
    {"enumlabel", T_NAME, false, {0}}};

static ss_value regtype(int32_t id)
{
    ss_value v = {0};
    v.v.i = id;
    return v;
}

static ss_value name_value(const char *s)
{
    ss_value v = {0};
    v.v.s = (ss_text){s, (uint32_t)strlen(s), 0};
    return v;
}

static int type_row(ss_ctx *ctx, ss_view_row_fn add, void *arg, int32_t id, const char *name, char typtype,
                    char category, int32_t elem, int32_t array)
{
    char tt[2] = {typtype, 0}, cat[2] = {category, 0};
    ss_value row[SS_PG_TYPE_NCOLS] = {regtype(id), name_value(name), name_value(tt), name_value(cat),
                                      regtype(elem), regtype(array)};
    return add(ctx, arg, row);
}

static char typtype_of(const char *name, char category)
{
    if (category == 'P')
        return 'p';
    if (category == 'R')
        return strstr(name, "multirange") ? 'm' : 'r';
    return 'b';
}

/* row(ctx, c, e, add, arg) for each enum type of c. */
typedef int (*enum_rows_fn)(ss_ctx *ctx, const ss_catalog *c, const ss_enum_type *e, ss_view_row_fn add, void *arg);
static int each_enum(ss_ctx *ctx, const ss_catalog *c, enum_rows_fn row, ss_view_row_fn add, void *arg)
{
    ss_enum_type **types;
    uint32_t n;
    if (enum_types_of(c, &types, &n) != SS_OK)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    for (uint32_t i = 0; i < n && rc == SS_OK; i++)
        rc = row(ctx, c, types[i], add, arg);
    free(types);
    return rc;
}

static int enum_type_rows(ss_ctx *ctx, const ss_catalog *c, const ss_enum_type *e, ss_view_row_fn add, void *arg)
{
    (void)c;
    int rc = type_row(ctx, add, arg, e->id, atomic_load(&e->name), 'e', 'E', 0, e->id + 1);
    return rc ? rc : type_row(ctx, add, arg, e->id + 1, atomic_load(&e->array_internal), 'b', 'A', e->id, 0);
}

int ss_system_pg_type_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    for (size_t k = 0; k < ss_pg_ntypes; k++) {
        int32_t id;
        const char *name = ss_pg_types[k].name;
        if (!ss_type_lookup_name(name, &id) || strcmp(ss_type_internal_name(id), name) != 0)
            continue;
        int32_t arr = ss_type_array_of(id);
        if (type_row(ctx, add, arg, id, name, typtype_of(name, ss_pg_types[k].category), ss_pg_types[k].category, 0,
                     arr == SS_TYPE_INVALID ? 0 : arr))
            return SS_ERROR;
        if (arr != SS_TYPE_INVALID &&
            type_row(ctx, add, arg, arr, ss_type_internal_name(arr), 'b', 'A', id, 0))
            return SS_ERROR;
    }
    return each_enum(ctx, c, enum_type_rows, add, arg);
}

const ss_column_def ss_sunstone_types_cols[SS_SUNSTONE_TYPES_NCOLS] = {
    {"name", T_TEXT, false, {0}},          {"schema", T_TEXT, false, {0}},   {"display_name", T_TEXT, false, {0}},
    {"internal_name", T_TEXT, false, {0}}, {"elements", T_TEXT, false, {0}}, {"visible", {SS_TYPE_BOOL, -1}, false, {0}}};

static int sunstone_type_row(ss_ctx *ctx, const ss_catalog *c, const ss_enum_type *e, ss_view_row_fn add,
                             void *arg)
{
    int rc;
    const char *name = atomic_load(&e->name);
    char display[2 * SS_NS_REF_MAX + 8], q[SS_NS_REF_MAX];
    enum_display_name(e->id, display, sizeof display);
    const enum_labels *l = atomic_load(&e->labels);
    ss_strbuf el;
    ss_strbuf_init(&el);
    for (uint32_t k = 0, m = 0; k < l->n; k++)
        if (enum_label_visible(&l->items[k]))
            ss_strbuf_printf(&el, "%s%s", m++ ? "\n" : "", l->items[k].name);
    ss_value visible = {0};
    visible.v.b = strcmp(ss_ns_display(c, e->ns, name, q, sizeof q), name) == 0;
    ss_value row[SS_SUNSTONE_TYPES_NCOLS] = {name_value(name), name_value(ss_ns_name(e->ns)),
                                             name_value(display), name_value(name),
                                             name_value(el.data ? el.data : ""), visible};
    rc = el.oom ? ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory") : add(ctx, arg, row);
    ss_strbuf_free(&el);
    return rc;
}

int ss_system_sunstone_types_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    return each_enum(ctx, c, sunstone_type_row, add, arg);
}

static int enum_label_rows(ss_ctx *ctx, const ss_catalog *c, const ss_enum_type *e, ss_view_row_fn add, void *arg)
{
    (void)c;
    const enum_labels *l = atomic_load(&e->labels);
    int rc = SS_OK;
    for (uint32_t k = 0; k < l->n && rc == SS_OK; k++) {
        if (!enum_label_visible(&l->items[k]))
            continue; /* another transaction's uncommitted ADD VALUE */
        ss_value sort = {0};
        sort.v.f = l->items[k].sort;
        ss_value row[SS_PG_ENUM_NCOLS] = {regtype(e->id), sort, name_value(l->items[k].name)};
        rc = add(ctx, arg, row);
    }
    return rc;
}

int ss_system_pg_enum_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    return each_enum(ctx, c, enum_label_rows, add, arg);
}
