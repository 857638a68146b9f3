/* bind_view_insert.c — the target of INSERT, UPDATE or DELETE through an automatically
 * updatable view (PostgreSQL's view_query_is_auto_updatable and view_cols_are_auto_updatable):
 * the view's query, parsed again from its text, must read exactly one table or view and have
 * no DISTINCT, GROUP BY, HAVING, set operation, WITH, LIMIT/OFFSET, aggregate, window or
 * set-returning function, and (INSERT, UPDATE) one updatable column; each view column the
 * statement assigns must be a plain reference to a column of that relation.  Views over views
 * are followed down to the table, composing the column maps and noting which view's column
 * default (ALTER VIEW ... SET DEFAULT) each table column takes. */
#include <string.h>

#include "bind/binder_internal.h"
#include "catalog/namespace.h"

static bool is_srf(const ast_expr *e)
{
    return e->kind == AE_FUNC && is_set_returning(e->names[e->nnames - 1]);
}

/* The reason s is not automatically updatable (PostgreSQL's DETAIL), or NULL. */
const char *view_not_updatable_reason(const ast_select *s)
{
    if (s->distinct || s->ndistinct_on)
        return "Views containing DISTINCT are not automatically updatable.";
    if (s->ngroup)
        return "Views containing GROUP BY are not automatically updatable.";
    if (s->having)
        return "Views containing HAVING are not automatically updatable.";
    if (s->setop)
        return "Views containing UNION, INTERSECT, or EXCEPT are not automatically updatable.";
    if (s->nctes)
        return "Views containing WITH are not automatically updatable.";
    if (s->limit || s->offset)
        return "Views containing LIMIT or OFFSET are not automatically updatable.";
    bool aggs = false, srfs = false;
    for (uint32_t i = 0; i < s->ntargets; i++) {
        aggs = aggs || ast_has_aggregate(s->targets[i].expr);
        srfs = srfs || ast_any(s->targets[i].expr, is_srf);
    }
    bool windows = false;
    for (uint32_t i = 0; i < s->ntargets; i++)
        windows = windows || ast_has_window(s->targets[i].expr);
    for (uint32_t i = 0; i < s->norder; i++) {
        aggs = aggs || ast_has_aggregate(s->order_by[i].expr);
        windows = windows || ast_has_window(s->order_by[i].expr);
    }
    if (aggs)
        return "Views that return aggregate functions are not automatically updatable.";
    if (windows)
        return "Views that return window functions are not automatically updatable.";
    if (srfs)
        return "Views that return set-returning functions are not automatically updatable.";
    if (s->values || !s->from || s->from->is_join || !s->from->table)
        return "Views that do not select from a single table or view are not automatically updatable.";
    return NULL;
}

/* Which column of the base relation (names[0..n)) select item expression e is, or -1. */
static int32_t base_column(const ast_expr *e, const char *const *names, uint32_t n)
{
    if (e->kind != AE_COLUMN || !e->nnames)
        return -1;
    const char *col = e->names[e->nnames - 1];
    for (uint32_t k = 0; k < n; k++)
        if (strcmp(names[k], col) == 0)
            return (int32_t)k;
    return -1;
}

/* The views passed on the way down (a view can reach itself through CREATE OR REPLACE). */
typedef struct view_chain {
    const ss_view *view;
    const struct view_chain *outer;
} view_chain;

/* PostgreSQL's 55000 "cannot insert into / update / delete from view" with its DETAIL. */
static int not_updatable(binder *b, const ss_view *v, int cmd, const char *reason)
{
    const char *what = cmd == AST_INSERT ? "insert into" : cmd == AST_UPDATE ? "update" : "delete from";
    const char *ing = cmd == AST_INSERT ? "inserting into" : cmd == AST_UPDATE ? "updating" : "deleting from";
    const char *up = cmd == AST_INSERT ? "INSERT" : cmd == AST_UPDATE ? "UPDATE" : "DELETE";
    bind_error(b, -1, "55000", "cannot %s view \"%s\"", what, v->name);
    ss_ctx_error_detail(b->ctx, "%s", reason);
    ss_ctx_error_hint(b->ctx,
                      "To enable %s the view, provide an INSTEAD OF %s trigger or an unconditional ON %s DO INSTEAD "
                      "rule.",
                      ing, up, up);
    return SS_ERROR;
}

/* cascaded: a view above has CASCADED CHECK OPTION (this one's WHERE is checked too);
 * cmd: AST_INSERT, AST_UPDATE or AST_DELETE. */
static int resolve(binder *b, const ss_view *v, const view_chain *outer, bool cascaded, int cmd,
                   const bool *assigned, ss_table **base, int32_t *map, view_default_src **defaults)
{
    for (const view_chain *ch = outer; ch; ch = ch->outer)
        if (ch->view == v)
            return bind_error(b, -1, "42P17", "infinite recursion detected in rules for relation \"%s\"", v->name);
    view_chain here = {v, outer};
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    if (ss_parse(b->arena, v->sql, &stmts, &n, &perr) || n != 1 || stmts[0]->kind != AST_CREATE_VIEW)
        return bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "the query of view \"%s\" cannot be read back", v->name);
    const ast_select *s = stmts[0]->select;
    const char *reason = view_not_updatable_reason(s);
    ss_table *t = NULL;
    /* the view's names resolve under the search path it was created with */
    const char *path = ss_ns_path_override(v->search_path);
    /* (M) a materialized view is not a table that INSERT can reach */
    int rc = !reason && s->from && s->from->table ? ss_catalog_find_waiting(b->ctx, b->catalog, s->from->table, &t)
                                                  : SS_OK;
    ss_ns_path_override(path);
    if (rc)
        return SS_ERROR;
    if (!reason && ss_is_matview(t))
        reason = "Views that do not select from a single table or view are not automatically updatable.";
    if (reason)
        return not_updatable(b, v, cmd, reason);

    /* the base relation's columns, renamed by the FROM item's column aliases */
    const ast_from_item *f = s->from;
    /* the view's names resolve under the search path it was created with */
    path = ss_ns_path_override(v->search_path);
    rc = ss_catalog_find_waiting(b->ctx, b->catalog, f->table, &t); /* an exclusive lock */
    const ss_view *bv = rc || t ? NULL : ss_catalog_find_view(b->catalog, f->table);
    ss_ns_path_override(path);
    if (rc)
        return SS_ERROR;
    if (!t && !bv)
        return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", f->table);
    if (t && t->system)
        return bind_error(b, -1, "42809", "cannot %s system view \"%s\"",
                          cmd == AST_INSERT ? "insert into" : cmd == AST_UPDATE ? "update" : "delete from", t->name);
    uint32_t nbase = t ? t->ncols : bv->ncols;
    const char **names = bind_alloc(b, sizeof(char *) * (nbase ? nbase : 1));
    int32_t *colmap = bind_alloc(b, sizeof(int32_t) * (v->ncols ? v->ncols : 1));
    bool *inner_assigned = bind_alloc(b, sizeof(bool) * (nbase ? nbase : 1));
    int32_t *inner_map = bind_alloc(b, sizeof(int32_t) * (nbase ? nbase : 1));
    if (!names || !colmap || !inner_assigned || !inner_map)
        return SS_ERROR;
    for (uint32_t k = 0; k < nbase; k++) {
        names[k] = k < f->ncolnames ? f->colnames[k] : t ? t->cols[k].name : bv->col_names[k];
        inner_assigned[k] = false;
    }

    /* the view's columns: select items in order, * expanding to every base column */
    uint32_t c = 0;
    for (uint32_t i = 0; i < s->ntargets && c < v->ncols; i++) {
        const ast_expr *e = s->targets[i].expr;
        if (e->kind == AE_STAR) {
            for (uint32_t k = 0; k < nbase && c < v->ncols; k++)
                colmap[c++] = (int32_t)k;
            continue;
        }
        colmap[c++] = base_column(e, names, nbase);
    }
    while (c < v->ncols)
        colmap[c++] = -1;
    bool any = false;
    for (c = 0; c < v->ncols; c++)
        any = any || colmap[c] >= 0;
    if (!any && cmd != AST_DELETE)
        return not_updatable(b, v, cmd, "Views that have no updatable columns are not automatically updatable.");

    for (c = 0; c < v->ncols; c++) {
        /* INSERT: a column with a view default is assigned that default */
        if (!assigned[c] && !(cmd == AST_INSERT && v->defaults && v->defaults[c].sql))
            continue;
        if (colmap[c] < 0) {
            bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot %s column \"%s\" of view \"%s\"",
                       cmd == AST_INSERT ? "insert into" : "update", v->col_names[c], v->name);
            ss_ctx_error_detail(b->ctx, "View columns that are not columns of their base relation are not updatable.");
            return SS_ERROR;
        }
        if (inner_assigned[colmap[c]])
            return bind_error(b, -1, "42601", "multiple assignments to same column \"%s\"",
                              t ? t->cols[colmap[c]].name : bv->col_names[colmap[c]]);
        inner_assigned[colmap[c]] = true;
    }
    int check = stmts[0]->view_check;
    if (t) {
        *base = t;
        for (c = 0; c < v->ncols; c++)
            map[c] = colmap[c];
        for (uint32_t k = 0; k < nbase; k++)
            inner_map[k] = (int32_t)k;
        if (!(*defaults = bind_alloc(b, sizeof(view_default_src) * (nbase ? nbase : 1))))
            return SS_ERROR;
        memset(*defaults, 0, sizeof(view_default_src) * (nbase ? nbase : 1));
    } else {
        if (resolve(b, bv, &here, cascaded || check == AST_VIEW_CHECK_CASCADED, cmd, inner_assigned, base,
                    inner_map, defaults))
            return SS_ERROR;
        for (c = 0; c < v->ncols; c++)
            map[c] = colmap[c] < 0 ? -1 : inner_map[colmap[c]];
    }
    /* this view's defaults come before those of the views below it (set already) */
    for (c = 0; v->defaults && c < v->ncols; c++)
        if (v->defaults[c].sql && map[c] >= 0)
            (*defaults)[map[c]] = (view_default_src){v, c};
    return (check || cascaded) && cmd != AST_DELETE
               ? bind_view_check(b, v, s, nbase, names, t ? t->types : bv->types, inner_map)
               : SS_OK;
}

int bind_view_insert_target(binder *b, const ss_view *v, const bool *assigned, ss_table **base, int32_t *map,
                            view_default_src **defaults)
{
    return resolve(b, v, NULL, false, AST_INSERT, assigned, base, map, defaults);
}

int bind_view_modify_target(binder *b, const ss_view *v, int cmd, const bool *assigned, ss_table **base,
                            int32_t *map, view_default_src **defaults)
{
    return resolve(b, v, NULL, false, cmd, assigned, base, map, defaults);
}
