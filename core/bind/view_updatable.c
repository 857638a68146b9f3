/* view_updatable.c — a view's updatability as information_schema shows it
 * (view_updatable.h): PostgreSQL's relation_is_updatable over an automatically updatable
 * view (view_not_updatable_reason, bind_view_insert.c) follows its one base relation down
 * to the table; a column is updatable when it is a plain reference to an updatable column
 * of the base; INSERT and UPDATE need one such column. */
#include <stdlib.h>
#include <string.h>

#include "bind/binder_internal.h"
#include "bind/view_updatable.h"
#include "catalog/matview.h"
#include "catalog/namespace.h"
#include "util/arena.h"

#define MAX_DEPTH 64

/* cols: v->ncols; false everywhere when v is not automatically updatable. */
static int columns_of(ss_ctx *ctx, ss_arena *a, ss_catalog *c, const ss_view *v, uint32_t depth, bool *cols,
                      int *check)
{
    for (uint32_t i = 0; i < v->ncols; i++)
        cols[i] = false;
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    if (ss_parse(a, v->sql, &stmts, &n, &perr) || n != 1 || stmts[0]->kind != AST_CREATE_VIEW)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "the query of view \"%s\" cannot be read back", v->name);
    /* information_schema's test: reloptions holding exactly check_option=cascaded / =local */
    for (uint32_t i = 0; check && i < stmts[0]->nview_opts; i++)
        if (strcmp(stmts[0]->view_opt_names[i], "check_option") == 0) {
            const char *value = stmts[0]->view_opt_values[i];
            int k = strcmp(value, "cascaded") == 0 ? AST_VIEW_CHECK_CASCADED
                    : strcmp(value, "local") == 0  ? AST_VIEW_CHECK_LOCAL
                                                   : 0;
            *check = *check == AST_VIEW_CHECK_CASCADED ? *check : k ? k : *check;
        }
    const ast_select *s = stmts[0]->select;
    if (depth > MAX_DEPTH || view_not_updatable_reason(s))
        return SS_OK;
    const ast_from_item *f = s->from;
    const char *path = ss_ns_path_override(v->search_path);
    ss_table *t = ss_catalog_find(c, f->table);
    const ss_view *bv = t ? NULL : ss_catalog_find_view(c, f->table);
    ss_ns_path_override(path);
    if ((!t && !bv) || (t && (t->system || ss_is_matview(t))))
        return SS_OK;
    uint32_t nbase = t ? t->ncols : bv->ncols;
    bool *base = calloc(nbase ? nbase : 1, sizeof *base);
    if (!base)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc = SS_OK;
    if (t)
        for (uint32_t k = 0; k < nbase; k++)
            base[k] = true;
    else
        rc = columns_of(ctx, a, c, bv, depth + 1, base, NULL);
    uint32_t col = 0;
    for (uint32_t i = 0; rc == SS_OK && i < s->ntargets && col < v->ncols; i++) {
        const ast_expr *e = s->targets[i].expr;
        if (e->kind == AE_STAR) {
            for (uint32_t k = 0; k < nbase && col < v->ncols; k++)
                cols[col++] = base[k];
            continue;
        }
        int32_t at = -1;
        if (e->kind == AE_COLUMN && e->nnames) {
            const char *name = e->names[e->nnames - 1];
            for (uint32_t k = 0; k < nbase && at < 0; k++) {
                const char *bn = k < f->ncolnames ? f->colnames[k] : t ? t->cols[k].name : bv->col_names[k];
                if (strcmp(bn, name) == 0)
                    at = (int32_t)k;
            }
        }
        cols[col++] = at >= 0 && base[at];
    }
    free(base);
    return rc;
}

int ss_view_updatability_of(ss_ctx *ctx, ss_catalog *c, const ss_view *v, ss_view_updatability *out, bool *cols)
{
    ss_arena *a = ss_arena_create();
    if (!a)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    out->updatable = false;
    out->check = 0;
    int rc = columns_of(ctx, a, c, v, 0, cols, &out->check);
    for (uint32_t i = 0; rc == SS_OK && i < v->ncols; i++)
        out->updatable |= cols[i];
    ss_arena_destroy(a);
    return rc;
}
