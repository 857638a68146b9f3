/* view_rename.c — views and materialized views follow a rename of what they read (ALTER TABLE ... RENAME [COLUMN],
 * ALTER SCHEMA ... RENAME), as PostgreSQL's views do by referencing oids: each dependent
 * view's query is deparsed with the new names (deparse/deparse.h) and stored as a
 * replacement of the view in the same transaction, so a rollback brings the old text back.
 * A view whose query the deparser cannot print keeps the rename from happening (0A000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "catalog/view_rename.h"

/* dep with the rename applied ("s.t" -> "s.u", "s.x" -> "s2.x"), into buf */
static const char *renamed_dep(const char *dep, const ss_deparse_rename *rn, char *buf, size_t bufsz)
{
    if (rn->rel && rn->moved_to && strcmp(dep, rn->rel) == 0) {
        const char *dot = strchr(dep, '.');
        snprintf(buf, bufsz, "%s.%s", rn->moved_to, dot ? dot + 1 : dep);
        return buf;
    }
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

/* ---- materialized views: their stored statement (REFRESH binds it again) ---------------- */

/* A materialized view's statement and dependencies before and after a rewrite (the undo
   puts the old ones back, the commit frees them). */
typedef struct matview_text {
    ss_table *t;
    char *sql, **deps;   /* the ones not in use */
    uint32_t ndeps;
} matview_text;

static void free_text(matview_text *m)
{
    free(m->sql);
    for (uint32_t i = 0; m->deps && i < m->ndeps; i++)
        free(m->deps[i]);
    free(m->deps);
    free(m);
}

static void swap_text(matview_text *m)
{
    char *sql = m->t->matview->sql, **deps = m->t->matview->deps;
    m->t->matview->sql = m->sql;
    m->t->matview->deps = m->deps;
    m->sql = sql;
    m->deps = deps;
}

static void matview_undo(void *arg)
{
    swap_text(arg);
    free_text(arg);
}

static void matview_commit(void *arg)
{
    free_text(arg);
}

static int rewrite_matview(ss_ctx *ctx, ss_catalog *c, ss_table *t, const char *what, const ss_deparse_rename *rn)
{
    matview_text *m = calloc(1, sizeof *m);
    if (!m)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    m->t = t;
    m->ndeps = t->matview->ndeps;
    if (ss_deparse_matview_for_rename(ctx, c, t, t->matview->sql, rn, &m->sql)) {
        free(m);
        if (strcmp(ctx->err->sqlstate, SS_SQLSTATE_FEATURE_NOT_SUPPORTED) == 0 && ctx->err->message) {
            char *why = strdup(ctx->err->message);
            ss_error_clear(ctx->err);
            ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                         "feature not supported: %s that materialized view \"%s\" reads (%s)", what, t->name,
                         why ? why : "its query cannot be printed");
            free(why);
        }
        return SS_ERROR;
    }
    bool ok = (m->deps = calloc(m->ndeps ? m->ndeps : 1, sizeof *m->deps)) != NULL;
    for (uint32_t i = 0; ok && i < m->ndeps; i++) {
        char buf[SS_NS_REF_MAX * 2];
        ok = (m->deps[i] = strdup(renamed_dep(t->matview->deps[i], rn, buf, sizeof buf))) != NULL;
    }
    bool logged = false;
    if (!ok || ss_ddl_log_callback(ctx, t, matview_undo, matview_commit, m, &logged)) {
        free_text(m);
        return ok ? SS_ERROR : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    pthread_mutex_lock(&c->mu);
    swap_text(m);
    c->version++;
    pthread_mutex_unlock(&c->mu);
    if (!logged)
        free_text(m);
    return SS_OK;
}

/* Whether materialized view t reads relation rel ("s.t"), or (rel NULL) a relation of schema. */
static bool matview_reads(const ss_table *t, const char *rel, const char *schema)
{
    size_t len = schema ? strlen(schema) : 0;
    for (uint32_t d = 0; d < t->matview->ndeps; d++) {
        const char *dep = t->matview->deps[d];
        if (rel ? strcmp(dep, rel) == 0 : strncmp(dep, schema, len) == 0 && dep[len] == '.')
            return true;
    }
    return false;
}

int ss_matviews_follow_rename(ss_ctx *ctx, ss_catalog *c, const char *what, const ss_deparse_rename *rn)
{
    /* every text first, as for views: nothing changes when one cannot be printed */
    for (uint32_t pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < c->ntables; i++) {
            ss_table *t = c->tables[i];
            if (!ss_is_matview(t) || !ss_ddl_visible(&t->ddl) || !matview_reads(t, rn->rel, rn->schema))
                continue;
            if (pass == 0) {
                char *sql;
                if (ss_deparse_matview_for_rename(ctx, c, t, t->matview->sql, rn, &sql))
                    return rewrite_matview(ctx, c, t, what, rn); /* words the error */
                free(sql);
            } else if (rewrite_matview(ctx, c, t, what, rn))
                return SS_ERROR;
        }
    return SS_OK;
}

int ss_views_follow_schema_rename(ss_ctx *ctx, ss_catalog *c, const char *schema, const char *new_schema)
{
    ss_deparse_rename rn = {NULL, NULL, NULL, NULL, schema, new_schema, NULL};
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
    return rc ? rc : ss_matviews_follow_rename(ctx, c, "renaming a schema", &rn);
}
