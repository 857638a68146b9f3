/* viewdef.c — pg_get_viewdef's text of a view or a materialized view of the catalog: the
 * deparser (deparse_query.c) over the statement the catalog keeps for it. */
#include <stdlib.h>
#include <string.h>

#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "deparse/deparse.h"

int ss_viewdef_of_view(ss_ctx *ctx, ss_catalog *c, const ss_view *v, bool pretty, char **out)
{
    return ss_deparse_view(ctx, c, v->sql, v->search_path, v->ncols, (const char *const *)v->col_names, pretty, NULL,
                           out);
}

int ss_viewdef_by_name(ss_ctx *ctx, ss_catalog *c, const char *ref, bool pretty, char **out)
{
    *out = NULL;
    const ss_view *v = ss_catalog_find_view(c, ref);
    if (v)
        return ss_viewdef_of_view(ctx, c, v, pretty, out);
    ss_table *t = ss_catalog_find(c, ref);
    if (t && ss_is_matview(t))
        return ss_deparse_matview(ctx, c, t, pretty, out);
    if (t)
        return SS_OK;
    char schema[SS_NS_REF_MAX];
    if (ss_ns_schema_part(ref, schema, sizeof schema) && !ss_ns_find(c, schema))
        return ss_ctx_error(ctx, "3F000", "schema \"%s\" does not exist", schema);
    return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", ref);
}
