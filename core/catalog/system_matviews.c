/* system_matviews.c — the rows of pg_matviews (system_views.c serves the view): one per
 * materialized view the reader sees, with PostgreSQL's columns but definition (Sunstone
 * keeps the statement's text, not a deparsed query) and tablespace (always NULL). */
#include <stdlib.h>
#include <string.h>

#include "catalog/matview.h"
#include "catalog/system_session_views.h"
#include "index/index.h"

/* Whether t has an index the reader sees. */
static bool has_indexes(const ss_table *t)
{
    for (uint32_t i = 0; t->indexes && i < t->indexes->n; i++)
        if (ss_ddl_visible(&t->indexes->list[i]->ddl))
            return true;
    return false;
}

int ss_system_matviews_fill(ss_ctx *ctx, const ss_catalog *c, ss_view_row_fn add, void *arg)
{
    const char *user = getenv("USER"); /* the owner the shell's \d lists show */
    for (uint32_t i = 0; i < c->ntables; i++) {
        const ss_table *t = c->tables[i];
        if (!ss_is_matview(t) || !ss_ddl_visible(&t->ddl))
            continue;
        ss_value row[6] = {ss_row_text("public"),
                           ss_row_text(t->name),
                           ss_row_text(user && *user ? user : "sunstone"),
                           {.is_null = true},
                           ss_row_bool(has_indexes(t)),
                           ss_row_bool(t->matview->populated)};
        if (add(ctx, arg, row))
            return SS_ERROR;
    }
    return SS_OK;
}
