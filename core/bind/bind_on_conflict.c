/* bind_on_conflict.c — binds INSERT ... ON CONFLICT (ss_bound_on_conflict).
 *
 * The arbiter indexes, as PostgreSQL infers them: ON CONSTRAINT name names a PRIMARY KEY /
 * UNIQUE constraint of the table (42704 when it has none of that name); a column list
 * matches every unique index whose key columns are exactly those columns (42P10 when none
 * does); without a target (DO NOTHING only) every unique index arbitrates.
 * DO UPDATE: the transform made SELECT <SET values> [, <WHERE>] FROM target [AS alias],
 * target AS excluded; it is bound as a query (so names, EXCLUDED.col, subqueries and
 * PostgreSQL's errors for them are a query's), then its FROM items are replaced by one
 * worktable scan of the existing row's columns followed by the proposed row's, carrying the
 * target's binding id: references to the target stay as they are, those to EXCLUDED are
 * moved past the target's columns.  The projection becomes the new version's columns (SET
 * values assignment-cast, the others the existing row's), then the WHERE condition. */
#include <string.h>

#include "bind/bind_constraints.h"
#include "bind/bind_on_conflict.h"
#include "bind/bind_returning.h"
#include "bind/bind_update.h"
#include "bind/bind_view_modify.h"
#include "bind/binder_internal.h"
#include "catalog/catalog_txn.h"
#include "index/index.h"
#include "plan/index_pred.h"
#include "bind/bind_index.h"

static bool usable(const ss_index *ix)
{
    return ix->unique && ss_ddl_visible(&ix->ddl);
}

/* The inference elements: column cols[i], or (exprs[i] set) an expression over relation
 * rel; the WHERE's conjuncts. */
typedef struct inference {
    const uint32_t *cols;
    ss_expr **exprs;
    uint32_t n, rel;
    ss_expr *conj[64];
    uint32_t nconj;
} inference;

static bool key_is(const ss_index *ix, uint32_t k, const inference *f, uint32_t i)
{
    if (f->exprs && f->exprs[i])
        return ix->cols[k] == SS_INDEX_EXPR_KEY && ss_index_expr_same(ix, ix->exprs[k], f->exprs[i], f->rel);
    return ix->cols[k] == f->cols[i];
}

/* Whether ix's keys are exactly the inference elements (in any order), as PostgreSQL's
 * infer_arbiter_indexes, and its predicate (if any) implied by the inference WHERE. */
static bool matches(const ss_index *ix, const inference *f)
{
    if (ix->pred && !ss_index_pred_implied(ix, f->conj, f->nconj, f->rel))
        return false;
    for (uint32_t k = 0; k < ix->nkeys; k++) {
        bool in = false;
        for (uint32_t i = 0; i < f->n && !in; i++)
            in = key_is(ix, k, f, i);
        if (!in)
            return false;
    }
    for (uint32_t i = 0; i < f->n; i++) {
        bool in = false;
        for (uint32_t k = 0; k < ix->nkeys && !in; k++)
            in = key_is(ix, k, f, i);
        if (!in)
            return false;
    }
    return true;
}

static void flatten(inference *f, ss_expr *e)
{
    if (e->kind == EXPR_AND) {
        for (uint32_t i = 0; i < e->u.list.nargs; i++)
            flatten(f, e->u.list.args[i]);
    } else if (f->nconj < 64) {
        f->conj[f->nconj++] = e;
    }
}

static int arbiters(binder *b, const ast_stmt *st, const ss_table *t, ss_bound_on_conflict *oc)
{
    const ss_table_indexes *l = t->indexes;
    uint32_t nix = l ? l->n : 0;
    uint32_t *cols = bind_alloc(b, sizeof(uint32_t) * (st->nconflict_cols + 1));
    if (!(oc->arbiters = bind_alloc(b, sizeof(ss_index *) * (nix + 1))) || !cols)
        return SS_ERROR;
    inference f = {cols, NULL, st->nconflict_cols, 0, {0}, 0};
    if (st->nconflict_cols) {
        ss_expr *where;
        if (!(f.exprs = bind_alloc(b, sizeof(ss_expr *) * st->nconflict_cols)) ||
            bind_conflict_inference(b, t, st, &f.rel, f.exprs, &where))
            return SS_ERROR;
        if (where)
            flatten(&f, where);
    }
    for (uint32_t i = 0; i < st->nconflict_cols; i++) {
        if (f.exprs[i])
            continue;
        uint32_t c = 0;
        while (c < t->ncols && strcmp(t->cols[c].name, st->conflict_cols[i]) != 0)
            c++;
        if (c == t->ncols)
            return bind_error(b, st->conflict_col_locations[i], SS_SQLSTATE_UNDEFINED_COLUMN,
                              "column \"%s\" does not exist", st->conflict_cols[i]);
        cols[i] = c;
    }
    for (uint32_t j = 0; j < nix; j++) {
        ss_index *ix = l->list[j];
        if (!usable(ix))
            continue;
        bool take = st->conflict_constraint ? ix->constraint && strcmp(ix->name, st->conflict_constraint) == 0
                    : st->nconflict_cols    ? matches(ix, &f)
                                            : true;
        if (take)
            oc->arbiters[oc->narbiters++] = ix;
    }
    if (st->conflict_constraint && !oc->narbiters)
        return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_OBJECT, "constraint \"%s\" for table \"%s\" does not exist",
                          st->conflict_constraint, t->name);

    if (st->nconflict_cols && !oc->narbiters)
        return bind_error(b, -1, "42P10",
                          "there is no unique or exclusion constraint matching the ON CONFLICT specification");
    return SS_OK;
}

/* The GETs of t below op, in binding order (at most two are kept). */
static void find_gets(ss_lop *op, const ss_table *t, ss_lop **gets, uint32_t *n)
{
    if (op->kind == LOP_GET && op->u.get.table == t) {
        if (*n < 2)
            gets[*n] = op;
        (*n)++;
    }
    for (uint32_t i = 0; i < op->nchildren; i++)
        find_gets(op->children[i], t, gets, n);
}

/* Through a view (vm): the view's columns in the SET values and WHERE of top taken down to
 * the base table's reads of the target and EXCLUDED items (the views' WHERE conditions do
 * not apply to the existing row, as PostgreSQL's rewriter adds them to UPDATE and DELETE
 * only). */
static int view_columns_to_base(binder *b, const view_modify *vm, ss_lop *top, uint32_t target_rel,
                                uint32_t excluded_rel)
{
    uint32_t rels[2] = {target_rel, excluded_rel};
    for (int k = 0; k < 2; k++) {
        view_modify at = *vm;
        if (!bind_view_levels(b, &at, top->children[0], rels[k]))
            return ss_ctx_error_pending(b->ctx) ? SS_ERROR : SS_OK; /* refused by the caller */
        for (uint32_t i = 0; i < top->u.project.n; i++)
            if (bind_view_returning_to_base(b, &at, &top->u.project.exprs[i]))
                return SS_ERROR;
    }
    return SS_OK;
}

static int do_update(binder *b, const ast_stmt *st, ss_table *t, const view_modify *vm, ss_bound_on_conflict *oc)
{
    bool *assigned;
    uint32_t *target_col;
    ss_bound_stmt sub;
    if (vm) {
        assigned = vm->assigned;
        target_col = vm->target_col;
    } else if (bind_set_targets(b, st, t, &assigned, &target_col)) {
        return SS_ERROR;
    }
    const ast_from_item *fi = st->conflict_select->from;
    const ast_from_item *saved_item = b->modify_view_item, *saved_excluded = b->excluded_view_item;
    b->modify_view_item = vm && fi && fi->is_join ? fi->left : NULL;
    b->excluded_view_item = vm && fi && fi->is_join ? fi->right : NULL;
    b->modify_view_rel = b->excluded_view_rel = 0;
    int rc = bind_set_query(b, st->conflict_select, "UPDATE", &sub);
    uint32_t target_rel = b->modify_view_rel, excluded_rel = b->excluded_view_rel;
    b->modify_view_item = saved_item;
    b->excluded_view_item = saved_excluded;
    b->modify_view_rel = b->excluded_view_rel = 0;
    if (rc)
        return SS_ERROR;
    oc->update_keys = bind_assigns_key_column(t, assigned);
    ss_lop *top = sub.query, *gets[2] = {NULL, NULL};
    if (vm && top && top->kind == LOP_PROJECT && view_columns_to_base(b, vm, top, target_rel, excluded_rel))
        return SS_ERROR;
    uint32_t ngets = 0;
    if (top && top->kind == LOP_PROJECT)
        find_gets(top, t, gets, &ngets);
    uint32_t nvals = st->nset + (st->conflict_where ? 1 : 0);
    if (!top || top->kind != LOP_PROJECT || top->u.project.n != nvals || ngets != 2 ||
        top->children[0]->kind != LOP_JOIN)
        return bind_error(b, st->conflict_location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: this form of ON CONFLICT DO UPDATE");
    ss_lop *target = gets[0]->rel < gets[1]->rel ? gets[0] : gets[1];
    ss_lop *excluded = target == gets[0] ? gets[1] : gets[0];
    uint32_t nc = t->ncols, rel = target->rel;
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (2 * nc + 1));
    const char **names = bind_alloc(b, sizeof(char *) * (2 * nc + 1));
    ss_expr **exprs = bind_alloc(b, sizeof(ss_expr *) * (nc + 1));
    ss_expr **moved = bind_alloc(b, sizeof(ss_expr *) * (nc + 1)); /* EXCLUDED's columns */
    if (!types || !names || !exprs || !moved)
        return SS_ERROR;
    for (uint32_t c = 0; c < nc; c++) {
        types[c] = types[nc + c] = t->types[c];
        names[c] = names[nc + c] = t->cols[c].name;
        if (!(moved[c] = make_column(b, rel, nc + c, t->types[c])))
            return SS_ERROR;
    }
    oc->worktable_id = ++b->ncte_ids;
    ss_lop *wt = lop_worktable_scan(b->ctx, b->arena, rel, oc->worktable_id, t->name, 2 * nc, types, names);
    if (!wt)
        return SS_ERROR;
    for (uint32_t c = 0; c < nc; c++)
        if (!assigned[c] && !(exprs[c] = make_column(b, rel, c, t->types[c])))
            return SS_ERROR;
    for (uint32_t i = 0; i < nvals; i++) {
        ss_expr *e = bind_replace_columns(b, top->u.project.exprs[i], excluded->rel, nc, moved);
        if (!e)
            return SS_ERROR;
        int loc = st->conflict_select->targets[i].location;
        if (i == st->nset) {
            if (!(e = coerce_expr(b, e, type_of(SS_TYPE_BOOL), CAST_IMPLICIT, loc)))
                return SS_ERROR;
            exprs[nc] = e;
            continue;
        }
        uint32_t c = target_col[i];
        e = !st->set_default[i] ? bind_assign_value(b, t, c, e, loc)
            : vm                ? bind_view_set_default(b, vm, i)
                                : bind_column_default(b, t, c);
        if (e && vm && st->set_default[i])
            e = coerce_expr(b, e, t->types[c], CAST_ASSIGNMENT, -1);
        if (!e)
            return SS_ERROR;
        exprs[c] = e;
    }
    oc->has_where = st->conflict_where;
    oc->query = lop_project(b->ctx, b->arena, new_rel(b), wt, nc + (oc->has_where ? 1 : 0), exprs, NULL);
    return oc->query ? SS_OK : SS_ERROR;
}

int bind_on_conflict(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    ss_table *t = out->table;
    const ss_view *view = ss_catalog_find_view(b->catalog, st->table);
    if (!t)
        return bind_error(b, st->conflict_location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: ON CONFLICT on INSERT into a view");
    if (bind_check_row_versions(b, t, st->conflict_location, "ON CONFLICT"))
        return SS_ERROR;
    ss_bound_on_conflict *oc = bind_alloc(b, sizeof *oc);
    if (!oc)
        return SS_ERROR;
    memset(oc, 0, sizeof *oc);
    oc->action = st->on_conflict;
    /* through a view (bind_view_modify.c): the inference columns and SET targets are the
       view's, mapped to the base table's */
    view_modify vm = {0};
    ast_stmt mapped;
    const ast_stmt *arb = st;
    if (view) {
        /* PostgreSQL looks the constraint up on the view, which has none */
        if (st->conflict_constraint)
            return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_OBJECT,
                              "constraint \"%s\" for table \"%s\" does not exist", st->conflict_constraint,
                              view->name);
        if (bind_view_modify_targets(b, st, view, &vm))
            return SS_ERROR;
        mapped = *st;
        if (bind_view_conflict_columns(b, st, &vm, &mapped.conflict_cols))
            return SS_ERROR;
        arb = &mapped;
    }
    if (arbiters(b, arb, t, oc))
        return SS_ERROR;
    if (oc->action == AST_ON_CONFLICT_UPDATE && do_update(b, st, t, view ? &vm : NULL, oc))
        return SS_ERROR;
    out->on_conflict = oc;
    return SS_OK;
}
