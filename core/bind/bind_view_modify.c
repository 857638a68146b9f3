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
#include "index/index.h"

int bind_view_modify_targets(binder *b, const ast_stmt *st, const ss_view *v, view_modify *vm)
{
    memset(vm, 0, sizeof *vm);
    vm->view = v;
    int cmd = st->kind == AST_UPDATE ? AST_UPDATE : st->kind == AST_DELETE ? AST_DELETE : AST_INSERT;
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
    /* ON CONFLICT DO UPDATE: the INSERT's resolution made its WITH CHECK OPTION conditions */
    struct ss_bound_checks *checks = b->view_checks;
    if (bind_view_modify_target(b, v, cmd, vassigned, &vm->base, vm->map, &vm->defaults))
        return SS_ERROR;
    if (cmd == AST_INSERT)
        b->view_checks = checks;
    ss_table *t = vm->base;
    if (cmd != AST_INSERT && bind_check_row_versions(b, t, st->table_location, cmd == AST_UPDATE ? "UPDATE" : "DELETE"))
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

ss_lop *bind_view_levels(binder *b, view_modify *vm, ss_lop *top, uint32_t rel)
{
    ss_lop *p = rel ? find_rel(top, rel) : NULL;
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
    if (!op || op->kind != LOP_GET || op->u.get.table != t || !nlevels)
        return NULL;
    vm->nlevels = nlevels;
    if (!(vm->levels = bind_alloc(b, sizeof(ss_lop *) * nlevels)) ||
        !(vm->level_n = bind_alloc(b, sizeof(uint32_t) * nlevels)))
        return NULL;
    for (uint32_t l = 0; l < nlevels; l++) {
        vm->levels[l] = levels[l];
        vm->level_n[l] = levels[l]->u.project.n;
    }
    return op;
}

ss_lop *bind_view_modify_bridge(binder *b, const ast_stmt *st, view_modify *vm, ss_lop *top)
{
    ss_lop *get = bind_view_levels(b, vm, top, b->modify_view_rel);
    if (!get) {
        if (!ss_ctx_error_pending(b->ctx))
            bind_error(b, st->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "feature not supported: this form of %s through view \"%s\"",
                       st->kind == AST_UPDATE ? "UPDATE" : "DELETE", vm->view->name);
        return NULL;
    }
    ss_table *t = vm->base;
    if (bind_add_rowid_column(b, get, t))
        return NULL;
    uint32_t src = get->rel, off = 0;
    for (uint32_t l = vm->nlevels; l-- > 0;) {
        if (pass_up(b, vm->levels[l], src, off, t->ncols + 1, get->types))
            return NULL;
        src = vm->levels[l]->rel;
        off = vm->level_n[l];
    }
    vm->rel = src;
    vm->off = off;
    return get;
}

int bind_view_conflict_columns(binder *b, const ast_stmt *st, const view_modify *vm, const char ***names)
{
    if (st->conflict_infer_where)
        return bind_error(b, st->conflict_location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: ON CONFLICT ... WHERE on INSERT into a view");
    const ss_view *v = vm->view;
    const ss_table *t = vm->base;
    if (!(*names = bind_alloc(b, sizeof(char *) * (st->nconflict_cols + 1))))
        return SS_ERROR;
    for (uint32_t i = 0; i < st->nconflict_cols; i++) {
        if (st->conflict_exprs && st->conflict_exprs[i])
            return bind_error(b, st->conflict_location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "feature not supported: ON CONFLICT inference expressions on INSERT into a view");
        uint32_t c = 0;
        while (c < v->ncols && strcmp(v->col_names[c], st->conflict_cols[i]) != 0)
            c++;
        if (c == v->ncols)
            return bind_error(b, st->conflict_col_locations[i], SS_SQLSTATE_UNDEFINED_COLUMN,
                              "column \"%s\" does not exist", st->conflict_cols[i]);
        if (vm->map[c] < 0) {
            /* an expression over the base row: only an expression index could match it */
            for (uint32_t k = 0; t->indexes && k < t->indexes->n; k++)
                for (uint32_t j = 0; j < t->indexes->list[k]->nkeys; j++)
                    if (t->indexes->list[k]->cols[j] == SS_INDEX_EXPR_KEY)
                        return bind_error(b, st->conflict_location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                          "feature not supported: ON CONFLICT inference on view column \"%s\", "
                                          "which is not a column of its base relation",
                                          v->col_names[c]);
            return bind_error(b, -1, "42P10",
                              "there is no unique or exclusion constraint matching the ON CONFLICT specification");
        }
        (*names)[i] = t->cols[vm->map[c]].name;
    }
    return SS_OK;
}

int bind_view_returning_to_base(binder *b, const view_modify *vm, ss_expr **e)
{
    for (uint32_t l = 0; l < vm->nlevels; l++)
        if (!(*e = bind_replace_columns(b, *e, vm->levels[l]->rel, vm->level_n[l], vm->levels[l]->u.project.exprs)))
            return SS_ERROR;
    return SS_OK;
}
