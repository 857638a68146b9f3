/* bind_check_usage.c — what information_schema says of one CHECK constraint of a table
 * (bind_alter.h ss_bind_check_usage): its check_clause as pg_get_constraintdef(oid) prints
 * it (not pretty) and the table columns it reads (constraint_column_usage), from the text the
 * constraint is read from, with a binder and arena of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind/bind_alter.h"
#include "bind/bind_constraints.h"
#include "deparse/deparse.h"
#include "exec/expr_walk.h"
#include "util/arena.h"

typedef struct used_cols {
    uint32_t rel, ncols;
    bool *used;
} used_cols;

static int mark_column(ss_expr **slot, void *arg)
{
    used_cols *u = arg;
    const ss_expr *e = *slot;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == u->rel && e->u.column.index < u->ncols)
        u->used[e->u.column.index] = true;
    return SS_WALK_CONTINUE;
}

int ss_bind_check_usage(ss_ctx *ctx, const ss_table *t, const ss_cons_src *src, char **clause, bool *used)
{
    *clause = NULL;
    ss_arena *arena = ss_arena_create();
    if (!arena)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    binder b;
    memset(&b, 0, sizeof b);
    b.ctx = ctx;
    b.catalog = ctx->catalog;
    b.settings = ctx->settings;
    b.arena = arena;
    b.no_params = true;
    bind_agg_registry_use(ctx->registry);
    int rc = SS_ERROR;
    uint32_t rel = new_rel(&b);
    ss_expr *e = used ? bind_table_check(&b, t, src, rel) : NULL;
    if (used && !e)
        goto out;
    if (used) {
        used_cols u = {rel, t->ncols, used};
        ss_expr_walker w = {mark_column, NULL, &u, NULL};
        ss_expr_walk(&e, &w);
    }
    const ast_expr *a = bind_source_check(&b, t, src);
    const char **names = bind_alloc(&b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    const char **now = bind_alloc(&b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    if (!a || !names || !now)
        goto out;
    for (uint32_t c = 0; c < t->ncols; c++) {
        names[c] = src->names && src->names[c] ? src->names[c] : "";
        now[c] = t->cols[c].name;
    }
    char *text = NULL;
    if (ss_deparse_rel_expr_plain(ctx, ctx->catalog, a, t->ncols, names, now, t->types, &text))
        goto out;
    size_t n = strlen(text) + 3;
    if ((*clause = malloc(n)))
        snprintf(*clause, n, "(%s)", text);
    free(text);
    rc = *clause ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
out:
    ss_arena_destroy(arena);
    return rc;
}
