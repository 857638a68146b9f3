/* matview.c — the catalog's materialized views (matview.h): their text, populated state and
 * dependencies on the table that holds their rows. */
#include "catalog/matview.h"

#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_txn.h"

void ss_matview_free(ss_matview *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->ndeps; i++)
        free(m->deps[i]);
    free(m->deps);
    free(m->sql);
    free(m);
}

int ss_matview_attach(ss_ctx *ctx, ss_catalog *c, ss_table *t, const ss_view_def *def, bool populated)
{
    ss_matview *m = calloc(1, sizeof *m);
    if (!m || !(m->sql = strdup(def->sql)) || (def->ndeps && !(m->deps = calloc(def->ndeps, sizeof *m->deps)))) {
        ss_matview_free(m);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    for (; m->ndeps < def->ndeps; m->ndeps++)
        if (!(m->deps[m->ndeps] = strdup(def->deps[m->ndeps]))) {
            ss_matview_free(m);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
    m->populated = populated;
    pthread_mutex_lock(&c->mu);
    m->created = c->version++;
    t->matview = m;
    pthread_mutex_unlock(&c->mu);
    return SS_OK;
}

int ss_matview_set_populated(ss_ctx *ctx, ss_catalog *c, ss_table *t, bool populated)
{
    if (t->matview->populated == populated)
        return SS_OK;
    if (ss_ddl_log_populated(ctx, t))
        return SS_ERROR;
    pthread_mutex_lock(&c->mu);
    t->matview->populated = populated;
    c->version++;
    pthread_mutex_unlock(&c->mu);
    return SS_OK;
}

int ss_matview_check_scannable(ss_ctx *ctx, const ss_table *t)
{
    if (!ss_is_matview(t) || t->matview->populated)
        return SS_OK;
    ss_ctx_error(ctx, "55000", "materialized view \"%s\" has not been populated", t->name);
    ss_ctx_error_hint(ctx, "Use the REFRESH MATERIALIZED VIEW command.");
    return SS_ERROR;
}
