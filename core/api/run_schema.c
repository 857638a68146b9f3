/* run_schema.c — CREATE SCHEMA with its elements (run_schema.h). */
#include "api/run_schema.h"

#include <stdio.h>
#include <string.h>

#include "catalog/namespace.h"
#include "catalog/schema_ddl.h"
#include "plan/planner.h"

/* "name", then the search path in effect: the elements' unqualified names resolve in the
   new schema first. */
static const char *element_path(ss_ctx *ctx, const char *name)
{
    const char *cur = ss_ns_search_path();
    size_t n = strlen(name), m = strlen(cur);
    char *out = ss_arena_alloc(ctx->arena, 2 * n + m + 5);
    if (!out)
        return NULL;
    char *p = out;
    *p++ = '"';
    for (size_t i = 0; i < n; i++) {
        if (name[i] == '"')
            *p++ = '"';
        *p++ = name[i];
    }
    *p++ = '"';
    if (m) {
        *p++ = ',';
        *p++ = ' ';
        memcpy(p, cur, m);
        p += m;
    }
    *p = '\0';
    return out;
}

static int run_element(sunstone_stmt *st, const ast_stmt *e)
{
    ss_bound_stmt *bs;
    if (ss_bind(&st->ctx, st->ctx.catalog, st->ctx.settings, e, st->ctx.arena, NULL, 0, &bs))
        return SS_ERROR;
    if (bs->query && ss_plan_query(&st->ctx, st->ctx.arena, bs->query, &bs->plan))
        return SS_ERROR;
    const ast_stmt *ast = st->ast;
    ss_bound_stmt *bound = st->bound;
    st->ast = e;
    st->bound = bs;
    int rc = ss_stmt_execute(st);
    st->ast = ast;
    st->bound = bound;
    return rc;
}

int ss_run_create_schema(sunstone_stmt *st)
{
    const ast_stmt *a = st->ast;
    if (ss_schema_create(&st->ctx, st->ctx.catalog, a->str, a->if_not_exists))
        return SS_ERROR;
    int rc = SS_OK;
    if (a->nschema_elts) {
        const char *path = element_path(&st->ctx, a->str);
        if (!path)
            return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        const char *old = ss_ns_path_override(path);
        for (uint32_t i = 0; rc == SS_OK && i < a->nschema_elts; i++)
            rc = run_element(st, a->schema_elts[i]);
        ss_ns_path_override(old);
    }
    snprintf(st->tag, sizeof st->tag, "CREATE SCHEMA");
    return rc;
}
