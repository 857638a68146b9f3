/* system_matviews.c — the rows of pg_matviews and pg_views (system_views.c serves them):
 * one per materialized view / view the reader sees, with PostgreSQL's columns, the
 * definition as pg_get_viewdef prints it (NULL for a query the deparser does not print),
 * tablespace always NULL.  pg_views lists user views only (not PostgreSQL's system views). */
#include <stdlib.h>
#include <string.h>

#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "deparse/deparse.h"
#include "catalog/system_session_views.h"
#include "index/index.h"
#include "types/func_impl.h"

/* Whether t has an index the reader sees. */
static bool has_indexes(const ss_table *t)
{
    for (uint32_t i = 0; t->indexes && i < t->indexes->n; i++)
        if (ss_ddl_visible(&t->indexes->list[i]->ddl))
            return true;
    return false;
}

/* pg_get_viewdef's text of a view or materialized view, NULL when it gives an error */
static char *definition(ss_ctx *ctx, const ss_catalog *c, const ss_view *v, const ss_table *t)
{
    char *def = NULL, ref[SS_NS_REF_MAX];
    int rc;
    if (v)
        rc = ss_viewdef_of_view(ctx, (ss_catalog *)c, v, false, &def);
    else
        rc = ss_viewdef_by_name(ctx, (ss_catalog *)c, ss_ns_qualify(t->ns, t->name, ref, sizeof ref), false, &def);
    if (rc) {
        ss_error_clear(ctx->err);
        return NULL;
    }
    return def;
}

static ss_value text_or_null(const char *s)
{
    return s ? ss_row_text(s) : (ss_value){.is_null = true};
}

static const char *owner(void)
{
    return ss_role_name(); /* the owner the shell's \d lists show */
}

/* add(row), then def (the text a value of row points at) freed */
static int add_and_free(ss_ctx *ctx, ss_view_row_fn add, void *arg, const ss_value *row, char *def)
{
    int rc = add(ctx, arg, row);
    free(def);
    return rc;
}

int ss_system_matviews_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    for (uint32_t i = 0; i < c->ntables; i++) {
        const ss_table *t = c->tables[i];
        if (!ss_is_matview(t) || !ss_ddl_visible(&t->ddl))
            continue;
        char *def = definition(ctx, c, NULL, t);
        ss_value row[7] = {ss_row_text(t->ns ? t->ns->name : "public"),
                           ss_row_text(t->name),
                           ss_row_text(owner()),
                           {.is_null = true},
                           ss_row_bool(has_indexes(t)),
                           ss_row_bool(t->matview->populated),
                           text_or_null(def)};
        if (add_and_free(ctx, add, arg, row, def))
            return SS_ERROR;
    }
    return SS_OK;
}

int ss_system_views_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    for (uint32_t i = 0; i < c->nuser_views; i++) {
        const ss_view *v = c->user_views[i];
        if (!ss_ddl_visible(&v->ddl))
            continue;
        char *def = definition(ctx, c, v, NULL);
        ss_value row[4] = {ss_row_text(v->ns ? v->ns->name : "public"), ss_row_text(v->name), ss_row_text(owner()),
                           text_or_null(def)};
        if (add_and_free(ctx, add, arg, row, def))
            return SS_ERROR;
    }
    return SS_OK;
}
