/* bind_view.c — views: CREATE [OR REPLACE] VIEW binds the query once to fix the view's
 * columns (names after the column list, types) and to learn the relations it reads, which the
 * catalog keeps with the statement's text; a view named in FROM is that text parsed and bound
 * again, as a subquery of FROM that sees no WITH query of the statement around it.  A view
 * met again while it is being expanded is PostgreSQL's 42P17. */
#include <stdio.h>
#include <string.h>

#include "bind/bind_locking.h"
#include "bind/binder_internal.h"
#include "bind/view_options.h"
#include "catalog/namespace.h"

/* One view being expanded (a chain through the binder's stack frames). */
typedef struct view_frame {
    const ss_view *view;
    const struct view_frame *outer;
} view_frame;

int note_dependency(binder *b, const struct ss_schema *ns, const char *rel)
{
    if (b->views)
        return SS_OK; /* inside a view: that view is the dependency */
    b->reads_temp |= ss_ns_is_temp(ns);
    /* kept schema-qualified: the search path may differ when the dependency is checked */
    char *name = bind_alloc(b, SS_NS_REF_MAX);
    if (!name)
        return SS_ERROR;
    ss_ns_qualify(ns, rel, name, SS_NS_REF_MAX);
    for (uint32_t i = 0; i < b->ndeps; i++)
        if (strcmp(b->deps[i], name) == 0)
            return SS_OK;
    if (b->ndeps == b->cap_deps) {
        uint32_t cap = b->cap_deps ? b->cap_deps * 2 : 8;
        const char **v = bind_alloc(b, sizeof *v * cap);
        if (!v)
            return SS_ERROR;
        if (b->ndeps)
            memcpy(v, b->deps, sizeof *v * b->ndeps);
        b->deps = v;
        b->cap_deps = cap;
    }
    b->deps[b->ndeps++] = name;
    return SS_OK;
}

int bind_from_view(binder *b, const ast_from_item *f, ss_lop **out, bool *found)
{
    const ss_view *v = ss_catalog_find_view(b->catalog, f->table);
    *found = v != NULL;
    if (!v)
        return SS_OK;
    if (note_dependency(b, v->ns, v->name))
        return SS_ERROR;
    for (const view_frame *fr = b->views; fr; fr = fr->outer)
        if (fr->view == v)
            return bind_error(b, -1, "42P17", "infinite recursion detected in rules for relation \"%s\"", v->name);
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    if (ss_parse(b->arena, v->sql, &stmts, &n, &perr) || n != 1 || stmts[0]->kind != AST_CREATE_VIEW)
        return bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "the query of view \"%s\" cannot be read back", v->name);
    view_frame frame = {v, b->views};
    cte_entry *top = b->cte_top;
    const ast_select *pending = b->cte_pending;
    b->views = &frame;
    b->cte_top = NULL;
    b->cte_pending = NULL;
    ss_bound_stmt sub;
    const char *path = ss_ns_path_override(v->search_path);
    b->lock_through_next = bind_locking_through(b, f->alias ? f->alias : v->name);
    int rc = ss_ctx_error_pending(b->ctx) ? SS_ERROR : bind_nested_query(b, stmts[0]->select, &sub);
    b->lock_through_next = NULL;
    ss_ns_path_override(path);
    b->views = frame.outer;
    b->cte_top = top;
    b->cte_pending = pending;
    if (rc)
        return SS_ERROR;
    /* the columns fixed at creation: a view it reads may have gained columns since */
    if (sub.ncols < v->ncols)
        return bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "view \"%s\" has lost columns", v->name);
    for (uint32_t c = 0; c < v->ncols; c++)
        if (sub.col_types[c].id != v->types[c].id || sub.col_types[c].typmod != v->types[c].typmod)
            return bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "column %u of view \"%s\" has changed type", c + 1,
                              v->name);
    /* security_barrier: the view's quals run before any condition of the statement's (which
       PostgreSQL keeps above the view's subquery, as the planner keeps them above its top) */
    if (bind_view_is_barrier(stmts[0])) {
        if (sub.query->kind == LOP_AGGREGATE || sub.query->kind == LOP_JOIN || sub.query->kind == LOP_FILTER)
            return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "feature not supported: a security_barrier view of this form (\"%s\")", v->name);
        if (sub.query->kind == LOP_PROJECT)
            sub.query->u.project.barrier = true;
    }
    *out = sub.query;
    if (f == b->modify_view_item)
        b->modify_view_rel = sub.query->rel;
    if (f == b->excluded_view_item)
        b->excluded_view_rel = sub.query->rel;
    if (add_scope_entry(b, f, f->alias ? f->alias : v->name, v->name, sub.query->rel, v->ncols,
                        (const char *const *)v->col_names, v->types))
        return SS_ERROR;
    b->scope[b->nscope - 1].through = sub.locking;
    return SS_OK;
}

int bind_create_view(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    /* a view's query cannot have parameters ($n is 42P02) */
    bool no_params = b->no_params;
    b->no_params = true;
    ss_bound_stmt sub;
    int rc = bind_nested_query(b, st->select, &sub);
    b->no_params = no_params;
    if (rc || bind_view_check_option_allowed(b, st) || bind_view_options(b, st))
        return SS_ERROR;
    if (st->ncolumns > sub.ncols)
        return bind_error(b, -1, "42601", "CREATE VIEW specifies more column names than columns");
    const char **names = bind_alloc(b, sizeof(char *) * (sub.ncols ? sub.ncols : 1));
    ss_view_def *def = bind_alloc(b, sizeof *def);
    if (!names || !def)
        return SS_ERROR;
    for (uint32_t c = 0; c < sub.ncols; c++) {
        names[c] = c < st->ncolumns ? st->columns[c] : sub.col_names[c];
        if (bind_check_column_type(b, names[c], sub.col_types[c]))
            return SS_ERROR;
        for (uint32_t k = 0; k < c; k++)
            if (strcmp(names[k], names[c]) == 0)
                return bind_error(b, -1, "42701", "column \"%s\" specified more than once", names[c]);
    }
    def->name = st->table;
    if (b->reads_temp && strncmp(st->table, "pg_temp.", 8) != 0) {
        /* PostgreSQL: a view over a temporary relation is temporary itself */
        const char *rel = ss_ns_rel(st->table);
        ss_ctx_message(b->ctx, SS_MSG_NOTICE, "view \"%s\" will be a temporary view", rel);
        if (rel != st->table)
            return bind_error(b, -1, "42P16", "cannot create temporary relation in non-temporary schema");
        char *name = bind_alloc(b, strlen(rel) + 9);
        if (!name)
            return SS_ERROR;
        snprintf(name, strlen(rel) + 9, "pg_temp.%s", rel);
        def->name = name;
    }
    def->sql = st->view_sql;
    def->ncols = sub.ncols;
    def->col_names = names;
    def->types = sub.col_types;
    def->ndeps = b->ndeps;
    def->deps = b->deps;
    def->replace = st->replace;
    def->search_path = ss_ns_search_path();
    out->view_def = def;
    out->query = NULL;
    return SS_OK;
}
