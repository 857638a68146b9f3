/* bind_update.c — binds UPDATE and DELETE (AST_UPDATE / AST_DELETE, sql/parse_update.c) and
 * TRUNCATE's relation list.
 *
 * The statement's finding query (SELECT <SET values> FROM target, ... WHERE ...) is bound as
 * a SELECT; then the target table's relation is asked for its row ids (a column past the
 * table's own, logical.h: get.rowid) and the query's projection is rebuilt as what the
 * executor (api/run_modify.c) consumes: the row id, then for UPDATE every column of the new
 * version (the SET value assignment-cast to the column's type, the column's default for SET
 * col = DEFAULT, the old value for the others). */
#include <string.h>

#include "bind/bind_constraints.h"
#include "bind/bind_epq_fixed.h"
#include "bind/bind_returning.h"
#include "bind/bind_view_modify.h"
#include "bind/bind_update.h"
#include "bind/binder_internal.h"
#include "catalog/constraints.h"
#include "exec/dml_versions.h"
#include "exec/expr_walk.h"
#include "index/index.h"
#include "types/cast.h"

ss_lop *bind_find_target(ss_lop *op, const ss_table *t)
{
    ss_lop *best = NULL;
    if (op->kind == LOP_GET && op->u.get.table == t)
        best = op;
    for (uint32_t i = 0; i < op->nchildren; i++) {
        ss_lop *c = bind_find_target(op->children[i], t);
        if (c && (!best || c->rel < best->rel))
            best = c;
    }
    return best;
}

static int refers_to(const ss_expr *e, void *arg)
{
    const uint32_t *rel = arg;
    return e->kind == EXPR_COLUMN && e->u.column.rel == *rel ? SS_WALK_STOP : SS_WALK_CONTINUE;
}

/* The first SET value over the aggregate below top (where the error points). */
static uint32_t aggregate_target(const ss_lop *top)
{
    uint32_t rel = top->children[0]->rel;
    for (uint32_t i = 0; i < top->u.project.n; i++)
        if (ss_expr_walk_const(top->u.project.exprs[i], refers_to, &rel, NULL) == SS_WALK_STOP)
            return i;
    return 0;
}

/* The relation's row id column: column t->ncols of the GET. */
int bind_add_rowid_column(binder *b, ss_lop *get, const ss_table *t)
{
    if (get->u.get.rowid)
        return SS_OK;
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (t->ncols + 1));
    const char **names = bind_alloc(b, sizeof(char *) * (t->ncols + 1));
    if (!types || !names)
        return SS_ERROR;
    memcpy(types, get->types, sizeof(ss_type) * t->ncols);
    memcpy(names, get->names, sizeof(char *) * t->ncols);
    types[t->ncols] = type_of(SS_TYPE_INT8);
    names[t->ncols] = "ctid";
    get->types = types;
    get->names = names;
    get->ncols = t->ncols + 1;
    get->u.get.rowid = true;
    return SS_OK;
}

/* The column of t that SET target i names, with PostgreSQL's errors. */
int bind_set_column(binder *b, const ast_stmt *st, const ss_table *t, uint32_t i, bool *assigned, uint32_t *out)
{
    uint32_t c = 0;
    while (c < t->ncols && strcmp(t->cols[c].name, st->set_columns[i]) != 0)
        c++;
    if (c == t->ncols)
        return bind_error(b, st->set_locations[i], SS_SQLSTATE_UNDEFINED_COLUMN,
                          "column \"%s\" of relation \"%s\" does not exist", st->set_columns[i], t->name);
    if (assigned[c])
        return bind_error(b, -1, "42601", "multiple assignments to same column \"%s\"",
                          st->set_columns[i]);
    if (bind_column_settable(b, t, c, st->set_default[i]))
        return SS_ERROR;
    assigned[c] = true;
    *out = c;
    return SS_OK;
}

int bind_column_settable(binder *b, const ss_table *t, uint32_t c, bool to_default)
{
    if (!to_default && t->cons && t->cons->cols[c].generated)
        return bind_generated_target(b, t, c, "update");
    if (!to_default && t->cons && t->cons->cols[c].identity == 'a') {
        bind_error(b, -1, "428C9", "column \"%s\" can only be updated to DEFAULT", t->cols[c].name);
        ss_ctx_error_detail(b->ctx, "Column \"%s\" is an identity column defined as GENERATED ALWAYS.",
                            t->cols[c].name);
        return SS_ERROR;
    }
    return SS_OK;
}

/* SET value e for column c, assignment-cast, with INSERT's wording for a type mismatch. */
ss_expr *bind_assign_value(binder *b, const ss_table *t, uint32_t c, ss_expr *e, int location)
{
    ss_expr *ce = coerce_expr(b, e, t->types[c], CAST_ASSIGNMENT, location);
    if (ce || !ss_ctx_error_pending(b->ctx) || strcmp(b->ctx->err->sqlstate, SS_SQLSTATE_DATATYPE_MISMATCH))
        return ce;
    char b1[96], b2[96];
    ss_error_clear(b->ctx->err);
    bind_error(b, location, SS_SQLSTATE_DATATYPE_MISMATCH, "column \"%s\" is of type %s but expression is of type %s",
               t->cols[c].name, ss_type_display_name(type_sans_modifier(t->types[c]), b1, sizeof b1),
               ss_type_display_name(e->type, b2, sizeof b2));
    ss_ctx_error_hint(b->ctx, "You will need to rewrite or cast the expression.");
    return NULL;
}

int bind_check_row_versions(binder *b, const ss_table *t, int location, const char *what)
{
    const ss_storage_vtable *vt = t->storage;
    if (!ss_table_has_versions(t) || !SS_STORAGE_HAS(vt, link_versions) || !vt->lock_versions ||
        !vt->link_versions)
        return bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: %s on storage backend \"%s\" (it has no row versions with "
                          "delete / update, storage.h version 4)",
                          what, vt ? vt->name : "?");
    return SS_OK;
}

int bind_set_targets(binder *b, const ast_stmt *st, const ss_table *t, bool **assigned, uint32_t **target_col)
{
    *assigned = bind_alloc(b, t->ncols + 1);
    *target_col = bind_alloc(b, sizeof(uint32_t) * (st->nset + 1));
    if (!*assigned || !*target_col)
        return SS_ERROR;
    memset(*assigned, 0, t->ncols + 1);
    for (uint32_t i = 0; i < st->nset; i++)
        if (bind_set_column(b, st, t, i, *assigned, &(*target_col)[i]))
            return SS_ERROR;
    return SS_OK;
}

int bind_set_query(binder *b, const ast_select *q, const char *verb, ss_bound_stmt *sub)
{
    memset(sub, 0, sizeof *sub);
    const char *saved = b->no_agg_context;
    b->no_agg_context = verb;
    b->keep_unknown_targets = true; /* SET v = NULL / 'text': typed by the column */
    int rc = bind_select(b, q, sub);
    b->keep_unknown_targets = false;
    b->no_agg_context = saved;
    return rc;
}

/* (LK) Whether an UPDATE assigning the columns assigned[c] sets a key column: one of a
 * unique index (its row lock is then UPDATE strength, else NO KEY UPDATE, as PostgreSQL's;
 * PostgreSQL also compares the values, Sunstone takes an assigned key column as changed). */
bool bind_assigns_key_column(const ss_table *t, const bool *assigned)
{
    for (uint32_t i = 0; t->indexes && i < t->indexes->n; i++) {
        const ss_index *ix = t->indexes->list[i];
        for (uint32_t c = 0; ix->unique && c < t->ncols; c++)
            if (assigned[c] && ss_index_reads_column(ix, c, true))
                return true;
    }
    return false;
}

/* The leftmost FROM item of q (the target of UPDATE / DELETE, parse_update.c). */
static const ast_from_item *target_item(const ast_select *q)
{
    const ast_from_item *f = q->from;
    while (f && f->is_join)
        f = f->left;
    return f;
}

int bind_modify(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    bool update = st->kind == AST_UPDATE;
    const char *verb = update ? "UPDATE" : "DELETE";
    ss_table *t = ss_catalog_find(b->catalog, st->table);
    const ss_view *view = t ? NULL : ss_catalog_find_view(b->catalog, st->table);
    view_modify vm = {0};
    bool *assigned;
    uint32_t *target_col;
    if (view) {
        /* through an automatically updatable view (bind_view_modify.c) */
        if (bind_view_modify_targets(b, st, view, &vm))
            return SS_ERROR;
        t = vm.base;
        assigned = vm.assigned;
        target_col = vm.target_col;
    } else {
        if (!t)
            return bind_error(b, st->table_location, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist",
                              st->table);
        if (t->system)
            return bind_error(b, st->table_location, "42809", "cannot %s system view \"%s\"",
                              update ? "update" : "delete from", t->name);
        if (bind_matview_refuse_change(b, t))
            return SS_ERROR;
        if (bind_check_row_versions(b, t, st->table_location, verb))
            return SS_ERROR;
        if (bind_set_targets(b, st, t, &assigned, &target_col))
            return SS_ERROR;
    }
    out->table = t;
    out->update_keys = !update || bind_assigns_key_column(t, assigned);
    ss_bound_stmt sub;
    const ast_from_item *saved_item = b->modify_view_item;
    uint32_t saved_rel = b->modify_view_rel;
    b->modify_view_item = view ? target_item(st->select) : NULL;
    b->modify_view_rel = 0;
    int rc = bind_set_query(b, st->select, verb, &sub);
    uint32_t view_rel = b->modify_view_rel;
    b->modify_view_item = saved_item;
    b->modify_view_rel = saved_rel;
    if (rc)
        return SS_ERROR;
    ss_lop *top = sub.query;
    if (bind_returning_check_modify(b, st, top))
        return SS_ERROR;
    if (top && top->kind == LOP_PROJECT && top->children[0]->kind == LOP_AGGREGATE) {
        int loc = st->nset ? st->select->targets[aggregate_target(top)].location : -1;
        return bind_error(b, loc, "42803", "aggregate functions are not allowed in %s", verb);
    }
    if (!top || top->kind != LOP_PROJECT || top->u.project.n < st->nset ||
        (!st->nreturning && top->u.project.n != st->nset))
        return bind_error(b, st->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: this form of %s", verb);
    ss_lop *get;
    /* the target's columns and row id: (src, off + c) */
    uint32_t src, off = 0;
    if (view) {
        b->modify_view_rel = view_rel;
        get = bind_view_modify_bridge(b, st, &vm, top->children[0]);
        b->modify_view_rel = saved_rel;
        if (!get)
            return SS_ERROR;
        src = vm.rel;
        off = vm.off;
        /* RETURNING of UPDATE: the view's columns over the base row, then its new version */
        for (uint32_t i = st->nset; update && i < top->u.project.n; i++)
            if (bind_view_returning_to_base(b, &vm, &top->u.project.exprs[i]))
                return SS_ERROR;
    } else {
        if (!(get = bind_find_target(top, t)))
            return bind_error(b, st->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "feature not supported: this form of %s", verb);
        if (bind_add_rowid_column(b, get, t))
            return SS_ERROR;
        src = get->rel;
    }

    uint32_t n = update ? 1 + t->ncols : 1;
    ss_expr **exprs = bind_alloc(b, sizeof(ss_expr *) * n);
    if (!exprs || !(exprs[0] = make_column(b, src, off + t->ncols, type_of(SS_TYPE_INT8))))
        return SS_ERROR;
    if (update) {
        for (uint32_t c = 0; c < t->ncols; c++) {
            if (!assigned[c] && !(exprs[1 + c] = make_column(b, src, off + c, t->types[c])))
                return SS_ERROR;
        }
        for (uint32_t i = 0; i < st->nset; i++) {
            uint32_t c = target_col[i];
            ss_expr *e = st->set_default[i] ? (view ? bind_view_set_default(b, &vm, i) : bind_column_default(b, t, c))
                                             : bind_assign_value(b, t, c, top->u.project.exprs[i],
                                                                 st->select->targets[i].location);
            if (view && e && st->set_default[i])
                e = coerce_expr(b, e, t->types[c], CAST_ASSIGNMENT, -1);
            if (!e)
                return SS_ERROR;
            exprs[1 + c] = e;
        }
        if (bind_insert_checks(b, t, out))
            return SS_ERROR;
        out->view_checks = b->view_checks;
    }
    if (bind_fkey_actions(b, t, out))
        return SS_ERROR;
    if (st->nreturning && bind_returning_modify(b, st, &sub, get, update ? exprs + 1 : NULL, &n, &exprs, out))
        return SS_ERROR;
    /* (EPQ) the other tables' row ids after the rest: a re-check keeps the rows joined */
    ss_expr **fixed;
    uint32_t nfixed;
    if (bind_epq_fixed_rows(b, top->children[0], &get->rel, 1, &fixed, &nfixed))
        return SS_ERROR;
    if (nfixed) {
        ss_expr **all = bind_alloc(b, sizeof(ss_expr *) * (n + nfixed));
        if (!all)
            return SS_ERROR;
        memcpy(all, exprs, sizeof(ss_expr *) * n);
        memcpy(all + n, fixed, sizeof(ss_expr *) * nfixed);
        out->epq_fixed_col = n;
        out->epq_nfixed = nfixed;
        exprs = all;
        n += nfixed;
    }
    out->query = lop_project(b->ctx, b->arena, new_rel(b), top->children[0], n, exprs, NULL);
    return out->query ? SS_OK : SS_ERROR;
}

int bind_truncate(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    for (uint32_t i = 0; i < st->ndrop; i++) {
        ss_table *t = ss_catalog_find(b->catalog, st->drop_names[i]);
        if ((!t && ss_catalog_find_view(b->catalog, st->drop_names[i])) || ss_is_matview(t))
            return bind_error(b, -1, "42809", "\"%s\" is not a table", st->drop_names[i]);
        if (!t)
            return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist",
                              st->drop_names[i]);
        const ss_storage_vtable *vt = t->storage;
        if (t->system || !ss_table_has_versions(t) || !SS_STORAGE_HAS(vt, link_versions) || !vt->lock_versions)
            return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "feature not supported: TRUNCATE of \"%s\" (storage without row versions)",
                              t->name);
    }
    out->drop_names = st->drop_names;
    out->ndrop = st->ndrop;
    out->cascade = st->cascade;
    return SS_OK;
}
