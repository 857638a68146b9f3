/* bind_modifying_cte.c — data-modifying WITH queries (sql/parse_modifying_cte.c): the
 * INSERT / UPDATE / DELETE is bound once per statement, in the WITH scope where it is defined,
 * however many queries the WITH clause is given to (an UPDATE's finding query and its
 * RETURNING both bind the statement's WITH); its record (ss_bound_modifying_cte, binder.h)
 * goes to the bound statement, which api/run_modifying_cte.c runs it from.  A reference is a
 * worktable scan of its RETURNING rows (PostgreSQL's 0A000 when it has no RETURNING), so the
 * statement's queries see what it returned, never its changes to the tables. */
#include <string.h>

#include "bind/binder_internal.h"

/* The record of the statement's data-modifying query d, NULL when not bound yet. */
static ss_bound_modifying_cte *bound_already(const binder *b, const ast_stmt *d)
{
    for (uint32_t i = 0; i < b->nmodifying_ctes; i++)
        if (b->modifying_ctes[i]->ast == d)
            return b->modifying_ctes[i];
    return NULL;
}

static int add_record(binder *b, ss_bound_modifying_cte *m)
{
    if (b->nmodifying_ctes == b->cap_modifying_ctes) {
        uint32_t cap = b->cap_modifying_ctes ? b->cap_modifying_ctes * 2 : 4;
        ss_bound_modifying_cte **v = bind_alloc(b, sizeof *v * cap);
        if (!v)
            return SS_ERROR;
        if (b->nmodifying_ctes)
            memcpy(v, b->modifying_ctes, sizeof *v * b->nmodifying_ctes);
        b->modifying_ctes = v;
        b->cap_modifying_ctes = cap;
    }
    b->modifying_ctes[b->nmodifying_ctes++] = m;
    return SS_OK;
}

/* Binds d as a statement of its own inside the statement being bound: its queries start a
 * scope of their own, and what the binder keeps for one statement is put back after. */
static int bind_statement(binder *b, const ast_stmt *d, ss_bound_stmt *out)
{
    binder saved = *b;
    b->scope_base = b->nscope;
    b->table = NULL;
    b->table_ref = NULL;
    b->agg = NULL;
    b->agg_mode = b->in_having = b->keep_unknown_targets = false;
    b->no_agg_context = NULL;
    b->view_checks = NULL;
    b->locking_ok = b->locking_here = false;
    memset(out, 0, sizeof *out);
    int rc = bind_modifying_stmt(b, d, out);
    b->nscope = saved.nscope;
    b->scope_base = saved.scope_base;
    b->scope_lo = saved.scope_lo;
    b->scope_hi = saved.scope_hi;
    b->table = saved.table;
    b->table_ref = saved.table_ref;
    b->table_rel = saved.table_rel;
    b->agg = saved.agg;
    b->agg_mode = saved.agg_mode;
    b->in_having = saved.in_having;
    b->keep_unknown_targets = saved.keep_unknown_targets;
    b->no_agg_context = saved.no_agg_context;
    b->view_checks = saved.view_checks;
    b->locking_ok = saved.locking_ok;
    b->locking_here = saved.locking_here;
    return rc;
}

int bind_modifying_cte(binder *b, cte_entry *e, const ast_select *with, uint32_t index)
{
    const ast_cte *c = e->ast;
    ss_bound_modifying_cte *m = bound_already(b, c->dml);
    if (!m) {
        ss_bound_stmt *st = bind_alloc(b, sizeof *st);
        if (!(m = bind_alloc(b, sizeof *m)) || !st)
            return SS_ERROR;
        cte_entry *saved_top = b->cte_top;
        const ast_select *saved_pending = b->cte_pending;
        uint32_t saved_from = b->cte_pending_from;
        b->cte_top = e->parent;
        b->cte_pending = with;
        b->cte_pending_from = index + 1;
        ss_bound_modifying_cte *outer = b->modifying_binding;
        *m = (ss_bound_modifying_cte){c->dml, c->name, st, 0, false, NULL, 0, -1};
        b->modifying_binding = m;
        int rc = bind_statement(b, c->dml, st);
        b->modifying_binding = outer;
        b->cte_top = saved_top;
        b->cte_pending = saved_pending;
        b->cte_pending_from = saved_from;
        if (rc)
            return SS_ERROR;
        m->worktable_id = ++b->ncte_ids;
        if (add_record(b, m))
            return SS_ERROR;
    }
    e->dml = m;
    e->ncols = m->stmt->returning ? m->stmt->ncols : 0;
    e->names = m->stmt->col_names;
    e->types = m->stmt->col_types;
    return SS_OK;
}

/* m is read: by the data-modifying WITH query being bound (which then runs after it), or
 * by the main statement or a SELECT WITH query. */
static int note_reader(binder *b, ss_bound_modifying_cte *m)
{
    ss_bound_modifying_cte *by = b->modifying_binding;
    if (!by) {
        m->read = true;
        return SS_OK;
    }
    for (uint32_t i = 0; i < by->ndeps; i++)
        if (by->deps[i] == m)
            return SS_OK;
    ss_bound_modifying_cte **v = bind_alloc(b, sizeof *v * (by->ndeps + 1));
    if (!v)
        return SS_ERROR;
    if (by->ndeps)
        memcpy(v, by->deps, sizeof *v * by->ndeps);
    v[by->ndeps++] = m;
    by->deps = v;
    return SS_OK;
}

int bind_stmt_select_cte(binder *b, cte_entry *e, const ast_select *with, uint32_t index)
{
    const ast_cte *c = e->ast;
    ss_bound_modifying_cte *m = NULL;
    for (uint32_t i = 0; i < b->nmodifying_ctes && !m; i++)
        if (b->modifying_ctes[i]->select_location == c->location && strcmp(b->modifying_ctes[i]->name, c->name) == 0)
            m = b->modifying_ctes[i];
    if (!m) {
        ss_bound_stmt *st = bind_alloc(b, sizeof *st);
        ast_stmt *as = bind_alloc(b, sizeof *as);
        if (!(m = bind_alloc(b, sizeof *m)) || !st || !as)
            return SS_ERROR;
        memset(as, 0, sizeof *as);
        as->kind = AST_SELECT;
        as->select = c->query;
        as->location = c->location;
        cte_entry *saved_top = b->cte_top;
        const ast_select *saved_pending = b->cte_pending;
        uint32_t saved_from = b->cte_pending_from;
        b->cte_top = e->parent;
        b->cte_pending = with;
        b->cte_pending_from = index + 1;
        *m = (ss_bound_modifying_cte){as, c->name, st, 0, false, NULL, 0, c->location};
        /* the WITH queries it reads run before it (a data-modifying one too) */
        ss_bound_modifying_cte *outer = b->modifying_binding;
        b->modifying_binding = m;
        int rc = bind_statement(b, as, st);
        b->modifying_binding = outer;
        b->cte_top = saved_top;
        b->cte_pending = saved_pending;
        b->cte_pending_from = saved_from;
        if (rc)
            return SS_ERROR;
        m->worktable_id = ++b->ncte_ids;
        if (add_record(b, m))
            return SS_ERROR;
    }
    e->dml = m;
    e->materialize = false;
    e->plan = NULL;
    e->ncols = m->stmt->ncols;
    e->types = m->stmt->col_types;
    return SS_OK;
}

int bind_from_modifying_cte(binder *b, const ast_from_item *f, cte_entry *e, const char *ref, ss_lop **out)
{
    if (!e->dml->stmt->returning && e->dml->stmt->kind != AST_SELECT)
        return bind_error(b, f->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "WITH query \"%s\" does not have a RETURNING clause", e->ast->name);
    if (note_reader(b, e->dml))
        return SS_ERROR;
    uint32_t rel = new_rel(b);
    if (!(*out = lop_worktable_scan(b->ctx, b->arena, rel, e->dml->worktable_id, e->ast->name, e->ncols, e->types,
                                    e->names)))
        return SS_ERROR;
    return add_scope_entry(b, f, ref, NULL, rel, e->ncols, e->names, e->types);
}
