/* view_rename.c — views follow a rename of what they read (ALTER TABLE ... RENAME [COLUMN],
 * ALTER SCHEMA ... RENAME), as PostgreSQL's views do by referencing oids: each dependent
 * view's query is deparsed with the new names (deparse/deparse.h) and stored as a
 * replacement of the view in the same transaction, so a rollback brings the old text back.
 * A view whose query the deparser cannot print keeps the rename from happening (0A000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/namespace.h"
#include "catalog/view_rename.h"

/* dep with the rename applied ("s.t" -> "s.u", "s.x" -> "s2.x"), into buf */
static const char *renamed_dep(const char *dep, const ss_deparse_rename *rn, char *buf, size_t bufsz)
{
    if (rn->rel && rn->new_rel && strcmp(dep, rn->rel) == 0) {
        const char *dot = strchr(dep, '.');
        snprintf(buf, bufsz, "%.*s%s", dot ? (int)(dot - dep + 1) : 0, dep, rn->new_rel);
        return buf;
    }
    size_t n = rn->schema ? strlen(rn->schema) : 0;
    if (n && strncmp(dep, rn->schema, n) == 0 && dep[n] == '.') {
        snprintf(buf, bufsz, "%s%s", rn->new_schema, dep + n);
        return buf;
    }
    return dep;
}

static int replace_view(ss_ctx *ctx, ss_catalog *c, const ss_view *v, const char *sql, const ss_deparse_rename *rn)
{
    char name[SS_NS_REF_MAX];
    ss_ns_qualify(v->ns, v->name, name, sizeof name);
    char **deps = calloc(v->ndeps ? v->ndeps : 1, sizeof *deps);
    char *path = strdup(v->search_path ? v->search_path : "");
    bool ok = deps && path;
    for (uint32_t i = 0; ok && i < v->ndeps; i++) {
        char buf[SS_NS_REF_MAX * 2];
        ok = (deps[i] = strdup(renamed_dep(v->deps[i], rn, buf, sizeof buf))) != NULL;
    }
    int rc = SS_OK;
    if (!ok)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    else {
        ss_view_def def = {name, sql, v->ncols, (const char *const *)v->col_names, v->types,
                           v->ndeps, (const char *const *)deps, true, path};
        rc = ss_catalog_create_view(ctx, c, &def);
    }
    for (uint32_t i = 0; deps && i < v->ndeps; i++)
        free(deps[i]);
    free(deps);
    free(path);
    return rc;
}

int ss_views_follow_rename(ss_ctx *ctx, ss_catalog *c, ss_view *const *views, uint32_t n, const char *what,
                           const ss_deparse_rename *rn)
{
    char **sql = calloc(n ? n : 1, sizeof *sql);
    if (!sql)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    /* every text first: a view the deparser cannot print stops the rename before any change */
    for (uint32_t i = 0; rc == SS_OK && i < n; i++)
        if (ss_deparse_view_for_rename(ctx, c, views[i], rn, &sql[i])) {
            rc = SS_ERROR;
            if (strcmp(ctx->err->sqlstate, SS_SQLSTATE_FEATURE_NOT_SUPPORTED) == 0 && ctx->err->message) {
                char *why = strdup(ctx->err->message);
                ss_error_clear(ctx->err);
                ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                             "feature not supported: %s that view \"%s\" reads (%s)", what, views[i]->name,
                             why ? why : "its query cannot be printed");
                free(why);
            }
        }
    for (uint32_t i = 0; rc == SS_OK && i < n; i++)
        rc = replace_view(ctx, c, views[i], sql[i], rn);
    for (uint32_t i = 0; i < n; i++)
        free(sql[i]);
    free(sql);
    return rc;
}

int ss_views_follow_schema_rename(ss_ctx *ctx, ss_catalog *c, const char *schema, const char *new_schema)
{
    ss_deparse_rename rn = {NULL, NULL, NULL, NULL, schema, new_schema};
    size_t len = strlen(schema);
    ss_view **list = calloc(c->nuser_views ? c->nuser_views : 1, sizeof *list);
    if (!list)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    uint32_t n = 0;
    for (uint32_t i = 0; i < c->nuser_views; i++) {
        ss_view *v = c->user_views[i];
        bool reads = false;
        for (uint32_t d = 0; !reads && d < v->ndeps; d++)
            reads = strncmp(v->deps[d], schema, len) == 0 && v->deps[d][len] == '.';
        if (reads && ss_ddl_visible(&v->ddl))
            list[n++] = v;
    }
    int rc = ss_views_follow_rename(ctx, c, list, n, "renaming a schema", &rn);
    free(list);
    return rc;
}
