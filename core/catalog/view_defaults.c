/* view_defaults.c — the column defaults of a view (ALTER VIEW ... ALTER COLUMN ... SET / DROP
 * DEFAULT, and ALTER TABLE on a view): kept with the view, which is replaced by a copy with
 * the new defaults in the statement's transaction (a rollback brings the old one back), and
 * carried over by CREATE OR REPLACE VIEW, RENAME and SET SCHEMA.  INSERT through the view
 * applies them (bind_view_insert.c). */
#include <stdlib.h>
#include <string.h>

#include "bind/bind_alter.h"
#include "catalog/catalog.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "sql/ast.h"

static void clear_default(ss_view_default *d)
{
    free(d->sql);
    free(d->text);
    memset(d, 0, sizeof *d);
}

void ss_view_free_defaults(ss_view *v)
{
    for (uint32_t i = 0; v->defaults && i < v->ncols; i++)
        clear_default(&v->defaults[i]);
    free(v->defaults);
    v->defaults = NULL;
}

static bool ensure_defaults(ss_view *v)
{
    if (!v->defaults)
        v->defaults = calloc(v->ncols ? v->ncols : 1, sizeof *v->defaults);
    return v->defaults != NULL;
}

bool ss_view_copy_defaults(ss_view *to, const ss_view *from, uint32_t n)
{
    if (!from->defaults)
        return true;
    bool ok = true;
    for (uint32_t i = 0; ok && i < n && i < from->ncols && i < to->ncols; i++) {
        const ss_view_default *d = &from->defaults[i];
        if (!d->sql)
            continue;
        if (!ensure_defaults(to))
            return false;
        clear_default(&to->defaults[i]);
        to->defaults[i].sql = ss_strdup_or_null(d->sql, &ok);
        to->defaults[i].text = ss_strdup_or_null(d->text, &ok);
        to->defaults[i].index = d->index;
    }
    return ok;
}

static int column_of(ss_ctx *ctx, const ss_view *v, const char *name)
{
    for (uint32_t i = 0; i < v->ncols; i++)
        if (strcmp(v->col_names[i], name) == 0)
            return (int)i;
    return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" of relation \"%s\" does not exist", name,
                        v->name),
           -1;
}

int ss_view_alter_defaults(ss_ctx *ctx, ss_catalog *c, ss_view *v, const ast_stmt *st)
{
    /* every subcommand checked and bound first: nothing changes when one fails */
    const char **texts = calloc(st->nalter_cmds ? st->nalter_cmds : 1, sizeof *texts);
    int *cols = calloc(st->nalter_cmds ? st->nalter_cmds : 1, sizeof *cols);
    int rc = texts && cols ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; rc == SS_OK && i < st->nalter_cmds; i++) {
        const ast_alter_cmd *a = &st->alter_cmds[i];
        if ((cols[i] = column_of(ctx, v, a->column)) < 0)
            rc = SS_ERROR;
        else if (a->kind == AST_ALTER_SET_DEFAULT) {
            ss_expr *e;
            bool is_volatile;
            rc = ss_bind_alter_default(ctx, st->coldefs[a->coldef].default_expr, a->column, v->types[cols[i]], &e,
                                       &is_volatile, &texts[i]);
        }
    }
    char ref[SS_NS_REF_MAX];
    ss_ns_qualify(v->ns, v->name, ref, sizeof ref);
    ss_view_def def = {ref, v->sql, v->ncols, (const char *const *)v->col_names, v->types,
                       v->ndeps, (const char *const *)v->deps, true, v->search_path};
    if (rc == SS_OK)
        rc = ss_catalog_create_view(ctx, c, &def); /* the replacement takes v's defaults */
    ss_view *now = rc == SS_OK ? ss_catalog_find_view(c, ref) : NULL;
    if (rc == SS_OK && (!now || !ensure_defaults(now)))
        rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    /* PostgreSQL's passes: every DROP DEFAULT (AT_PASS_DROP) before every SET DEFAULT */
    for (uint32_t i = 0; rc == SS_OK && i < st->nalter_cmds; i++)
        if (st->alter_cmds[i].kind == AST_ALTER_DROP_DEFAULT)
            clear_default(&now->defaults[cols[i]]);
    for (uint32_t i = 0; rc == SS_OK && i < st->nalter_cmds; i++) {
        const ast_alter_cmd *a = &st->alter_cmds[i];
        if (a->kind != AST_ALTER_SET_DEFAULT)
            continue;
        ss_view_default *d = &now->defaults[cols[i]];
        clear_default(d);
        bool ok = true;
        d->sql = ss_strdup_or_null(st->view_sql, &ok);
        d->text = ss_strdup_or_null(texts[i], &ok);
        d->index = (uint32_t)a->coldef;
        if (!ok)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    free(texts);
    free(cols);
    if (rc == SS_OK) {
        pthread_mutex_lock(&c->mu);
        c->version++;
        pthread_mutex_unlock(&c->mu);
    }
    return rc;
}
