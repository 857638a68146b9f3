/* view_alter_options.c — ALTER VIEW v SET (name = value, ...) / RESET (name, ...): the
 * view's options worked out and checked (bind/view_options.c ss_view_options_alter), then
 * the view replaced, in the statement's transaction, by its query printed again with those
 * options (deparse.h), the way a rename stores a view again: every reader of the view's text
 * (\d+'s Options, information_schema.views' check_option, WITH CHECK OPTION on INSERT and
 * UPDATE, security_barrier) sees the new options. */
#include <stdlib.h>
#include <string.h>

#include "bind/view_options.h"
#include "catalog/namespace.h"
#include "catalog/view_alter_options.h"
#include "deparse/deparse.h"
#include "util/arena.h"

int ss_view_alter_options(ss_ctx *ctx, ss_catalog *c, ss_view *v, const ast_stmt *st)
{
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    const char **names, **values;
    uint32_t n;
    char *sql = NULL;
    int rc = ss_view_options_alter(ctx, v, st->alter_cmds, st->nalter_cmds, arena, &names, &values, &n);
    if (rc == SS_OK && (rc = ss_deparse_view_with_options(ctx, c, v, names, values, n, &sql)) &&
        strcmp(ctx->err->sqlstate, SS_SQLSTATE_FEATURE_NOT_SUPPORTED) == 0 && ctx->err->message) {
        char *why = strdup(ctx->err->message);
        ss_error_clear(ctx->err);
        ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                     "feature not supported: changing the options of view \"%s\" (%s)", v->name,
                     why ? why : "its query cannot be printed");
        free(why);
    }
    if (rc == SS_OK) {
        char ref[SS_NS_REF_MAX];
        ss_ns_qualify(v->ns, v->name, ref, sizeof ref);
        ss_view_def def = {ref, sql, v->ncols, (const char *const *)v->col_names, v->types,
                           v->ndeps, (const char *const *)v->deps, true, v->search_path};
        rc = ss_catalog_create_view(ctx, c, &def);
    }
    free(sql);
    ss_arena_destroy(arena);
    if (rc == SS_OK) {
        pthread_mutex_lock(&c->mu);
        c->version++;
        pthread_mutex_unlock(&c->mu);
    }
    return rc;
}
