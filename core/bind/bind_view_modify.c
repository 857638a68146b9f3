/* bind_view_modify.c — UPDATE and DELETE through an automatically updatable view
 * (PostgreSQL's rewriteTargetView): the SET targets are the view's columns, mapped down the
 * views to the base table's (bind_view_insert.c decides updatability, its errors and the
 * WITH CHECK OPTION conditions); the finding query reads the view as any query does (its WHERE
 * applies, nested views included), and each projection of the view on the way down to the
 * base table's read passes that table's columns and row id up to the statement, so
 * bind_modify (bind_update.c) builds the new versions and row ids from them as for a table.
 * UPDATE's RETURNING items, over the view's columns, are taken down to the base table's
 * columns, which bind_returning_modify then replaces by the new version's values. */
#include <string.h>

#include "bind/bind_constraints.h"
#include "bind/bind_returning.h"
#include "bind/bind_update.h"
#include "bind/bind_view_modify.h"

int bind_view_modify_targets(binder *b, const ast_stmt *st, const ss_view *v, view_modify *vm)
{
    memset(vm, 0, sizeof *vm);
    vm->view = v;
    int cmd = st->kind == AST_UPDATE ? AST_UPDATE : AST_DELETE;
    bool *vassigned = bind_alloc(b, v->ncols + 1);
    vm->view_col = bind_alloc(b, sizeof(uint32_t) * (st->nset + 1));
    vm->map = bind_alloc(b, sizeof(int32_t) * (v->ncols + 1));
    if (!vassigned || !vm->view_col || !vm->map)
        return SS_ERROR;
    memset(vassigned, 0, v->ncols + 1);
    /* the view's columns, as parse analysis and rewriteTargetListIU check them */
    for (uint32_t i = 0; i < st->nset; i++) {
        uint32_t c = 0;
        while (c < v->ncols && strcmp(v->col_names[c], st->set_columns[i]) != 0)
            c++;
        if (c == v->ncols)
            return bind_error(b, st->set_locations[i], SS_SQLSTATE_UNDEFINED_COLUMN,
                              "column \"%s\" of relation \"%s\" does not exist", st->set_columns[i], v->name);
        if (vassigned[c])
            return bind_error(b, -1, "42601", "multiple assignments to same column \"%s\"", st->set_columns[i]);
        vassigned[c] = true;
        vm->view_col[i] = c;
    }
    if (bind_view_modify_target(b, v, cmd, vassigned, &vm->base, vm->map, &vm->defaults))
        return SS_ERROR;
    ss_table *t = vm->base;
    if (bind_check_row_versions(b, t, st->table_location, cmd == AST_UPDATE ? "UPDATE" : "DELETE"))
        return SS_ERROR;
    vm->assigned = bind_alloc(b, t->ncols + 1);
    vm->target_col = bind_alloc(b, sizeof(uint32_t) * (st->nset + 1));
    if (!vm->assigned || !vm->target_col)
        return SS_ERROR;
    memset(vm->assigned, 0, t->ncols + 1);
    for (uint32_t i = 0; i < st->nset; i++) {
        uint32_t c = (uint32_t)vm->map[vm->view_col[i]]; /* updatable: a base column */
        if (vm->assigned[c])
            return bind_error(b, -1, "42601", "multiple assignments to same column \"%s\"", t->cols[c].name);
        if (bind_column_settable(b, t, c, st->set_default[i]))
            return SS_ERROR;
        vm->assigned[c] = true;
        vm->target_col[i] = c;
    }
    return SS_OK;
}

ss_expr *bind_view_set_default(binder *b, const view_modify *vm, uint32_t i)
{
    /* the view's default (ALTER VIEW ... SET DEFAULT), else NULL: PostgreSQL's
       rewriteTargetListIU gives an UPDATE of a view column without one a NULL */
    const ss_view *v = vm->view;
    uint32_t c = vm->view_col[i];
    if (v->defaults && v->defaults[c].sql)
        return bind_view_default(b, v, c);
    return make_null(b, vm->base->types[vm->target_col[i]]);
}

/* The projection making relation rel in op's tree (the first met, parents before children);
 * a sort of its rows above it (the view's ORDER BY) is taken out: the rewriter drops it. */
static ss_lop *find_rel(ss_lop *op, uint32_t rel)
{
    if (op->rel == rel && op->kind == LOP_PROJECT)
        return op;
    for (uint32_t i = 0; i < op->nchildren; i++) {
        while (op->children[i]->kind == LOP_SORT && op->children[i]->rel == rel)
            op->children[i] = op->children[i]->children[0];
        ss_lop *f = find_rel(op->children[i], rel);
        if (f)
            return f;
    }
    return NULL;
}

/* Projection p also yields columns (src, off + k) for k < n, of types types[k]. */
static int pass_up(binder *b, ss_lop *p, uint32_t src, uint32_t off, uint32_t n, const ss_type *types)
{
    uint32_t m = p->u.project.n;
    ss_expr **exprs = bind_alloc(b, sizeof(ss_expr *) * (m + n));
    ss_type *ptypes = bind_alloc(b, sizeof(ss_type) * (m + n));
    const char **names = p->names ? bind_alloc(b, sizeof(char *) * (m + n)) : NULL;
    if (!exprs || !ptypes || (p->names && !names))
        return SS_ERROR;
    memcpy(exprs, p->u.project.exprs, sizeof(ss_expr *) * m);
    memcpy(ptypes, p->types, sizeof(ss_type) * m);
    if (names)
        memcpy(names, p->names, sizeof(char *) * m);
    for (uint32_t k = 0; k < n; k++) {
        if (!(exprs[m + k] = make_column(b, src, off + k, types[k])))
            return SS_ERROR;
        ptypes[m + k] = types[k];
        if (names)
            names[m + k] = "?column?";
    }
    p->u.project.exprs = exprs;
    p->u.project.n = m + n;
    p->types = ptypes;
    p->names = names;
    p->ncols = m + n;
    return SS_OK;
}

ss_lop *bind_view_modify_bridge(binder *b, const ast_stmt *st, view_modify *vm, ss_lop *top)
{
    ss_lop *p = b->modify_view_rel ? find_rel(top, b->modify_view_rel) : NULL;
    ss_table *t = vm->base;
    /* the projections from the view's down to the base table's read */
    ss_lop *levels[64];
    uint32_t nlevels = 0;
    ss_lop *op = p;
    while (op && op->kind != LOP_GET) {
        if (op->kind == LOP_PROJECT) {
            if (nlevels == 64)
                break;
            levels[nlevels++] = op;
        } else if (op->kind != LOP_FILTER) {
            break;
        }
        ss_lop **child = op->nchildren == 1 ? &op->children[0] : NULL;
        /* a view's ORDER BY does not order what UPDATE / DELETE change (the rewriter drops it) */
        while (child && (*child)->kind == LOP_SORT)
            *child = (*child)->children[0];
        op = child ? *child : NULL;
    }
    if (!op || op->kind != LOP_GET || op->u.get.table != t || !nlevels) {
        bind_error(b, st->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: this form of %s "
                   "through view \"%s\"", st->kind == AST_UPDATE ? "UPDATE" : "DELETE", vm->view->name);
        return NULL;
    }
    ss_lop *get = op;
    if (bind_add_rowid_column(b, get, t))
        return NULL;
    vm->nlevels = nlevels;
    if (!(vm->levels = bind_alloc(b, sizeof(ss_lop *) * nlevels)) ||
        !(vm->level_n = bind_alloc(b, sizeof(uint32_t) * nlevels)))
        return NULL;
    uint32_t src = get->rel, off = 0;
    for (uint32_t l = nlevels; l-- > 0;) {
        vm->levels[l] = levels[l];
        vm->level_n[l] = levels[l]->u.project.n;
        if (pass_up(b, levels[l], src, off, t->ncols + 1, get->types))
            return NULL;
        src = levels[l]->rel;
        off = vm->level_n[l];
    }
    vm->rel = src;
    vm->off = off;
    return get;
}

int bind_view_returning_to_base(binder *b, const view_modify *vm, ss_expr **e)
{
    for (uint32_t l = 0; l < vm->nlevels; l++)
        if (!(*e = bind_replace_columns(b, *e, vm->levels[l]->rel, vm->level_n[l], vm->levels[l]->u.project.exprs)))
            return SS_ERROR;
    return SS_OK;
}
