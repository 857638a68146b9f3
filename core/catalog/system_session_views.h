/* system_session_views.h — the rows of the system views that show the running session's own
 * state (system_session_views.c): pg_settings and pg_prepared_statements. */
#ifndef SS_CATALOG_SYSTEM_SESSION_VIEWS_H
#define SS_CATALOG_SYSTEM_SESSION_VIEWS_H

#include <string.h>

#include "exec/context.h"

/* Each row (every column of the view, in its order) goes to add(ctx, arg, row). */
/* (M) A text (not copied) and a boolean value of such a row. */
static inline ss_value ss_row_text(const char *s)
{
    ss_value v = {0};
    v.v.s.ptr = s;
    v.v.s.len = (uint32_t)strlen(s);
    return v;
}
static inline ss_value ss_row_bool(bool b)
{
    ss_value v = {0};
    v.v.b = b;
    return v;
}

typedef int (*ss_view_row_fn)(ss_ctx *ctx, void *arg, const ss_value *row);

/* pg_settings: every parameter Sunstone knows, with the session's values (ctx->settings,
 * ctx->txn) and PostgreSQL 15's description of it (pg_settings_meta.h). */
int ss_system_settings_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg);
/* pg_prepared_statements: the session's SQL-level PREPAREs (ctx->prepared). */
int ss_system_prepared_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg);
/* (M) pg_matviews: the materialized views of c (system_matviews.c). */
struct ss_catalog;
int ss_system_matviews_fill(ss_ctx *ctx, const struct ss_catalog *c, ss_view_row_fn add, void *arg);
/* pg_views: the user views of c (system_matviews.c). */
int ss_system_views_fill(ss_ctx *ctx, const struct ss_catalog *c, ss_view_row_fn add, void *arg);
/* (M) pg_cursors: the session's open cursors (ctx->cursors; system_cursors.c). */
int ss_system_cursors_fill(ss_ctx *ctx, ss_view_row_fn add, void *arg);

#endif
