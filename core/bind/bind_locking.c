/* bind_locking.c — the relations a SELECT's locking clauses lock (bind_locking.h). */
#include <string.h>

#include "bind/bind_locking.h"
#include "bind/bind_update.h"
#include "exec/dml_versions.h"
#include "exec/row_lock_filter.h"

const char *bind_locking_name(uint8_t strength)
{
    static const char *const names[] = {"FOR UPDATE", "FOR KEY SHARE", "FOR SHARE", "FOR NO KEY UPDATE",
                                        "FOR UPDATE"};
    return names[strength <= 4 ? strength : 0];
}

/* The node of from with relation binding rel: a GET preferred. */
static ss_lop *find_rel(ss_lop *op, uint32_t rel, bool *nullable, bool under_nullable)
{
    if (op->kind == LOP_GET && op->rel == rel) {
        *nullable = under_nullable;
        return op;
    }
    ss_lop *found = NULL;
    for (uint32_t i = 0; !found && i < op->nchildren; i++) {
        bool side = under_nullable;
        if (op->kind == LOP_JOIN &&
            ((op->u.join.type == SS_JOIN_LEFT && i == 1) || op->u.join.type == SS_JOIN_FULL))
            side = true;
        found = find_rel(op->children[i], rel, nullable, side);
    }
    if (!found && op->rel == rel && op->kind != LOP_FILTER) {
        *nullable = under_nullable;
        return op;
    }
    return found;
}

/* Merges the strength and wait policy of clause c into t's (a relation named by several
 * clauses gets the strongest lock, NOWAIT over SKIP LOCKED over waiting, as PostgreSQL's). */
static void merge(uint8_t *mode, uint8_t *wait, const ast_locking *c)
{
    if (c->strength > *mode)
        *mode = c->strength;
    if (c->wait == SS_ROW_LOCK_NOWAIT || (c->wait == SS_ROW_LOCK_SKIP_LOCKED && *wait == SS_ROW_LOCK_WAIT))
        *wait = c->wait;
}

/* Locks table t's rows through row id column col under clause c (merged with an earlier
 * clause's lock of the same column). */
static int add_column_target(ss_bound_locking *lk, const ss_table *t, ss_expr *col, const ast_locking *c)
{
    for (uint32_t i = 0; i < lk->ntargets; i++) {
        ss_bound_lock_target *x = &lk->targets[i];
        if (x->rowid->u.column.rel == col->u.column.rel && x->rowid->u.column.index == col->u.column.index) {
            uint8_t mode = (uint8_t)x->mode, wait = (uint8_t)x->wait;
            merge(&mode, &wait, c);
            x->mode = mode;
            x->wait = wait;
            return SS_OK;
        }
    }
    lk->targets[lk->ntargets++] = (ss_bound_lock_target){t, c->strength, c->wait, 0, col};
    return SS_OK;
}

/* Locks the rows of table GET get of entry e under clause c. */
static int add_target(binder *b, ss_bound_locking *lk, const range_entry *e, ss_lop *get, const ast_locking *c)
{
    for (uint32_t i = 0; i < lk->ntargets; i++)
        if (lk->targets[i].rowid->u.column.rel == get->rel)
            return add_column_target(lk, get->u.get.table, lk->targets[i].rowid, c);
    const ss_table *t = get->u.get.table;
    if (t->system || !ss_table_has_versions(t) || !SS_STORAGE_HAS(t->storage, link_versions) ||
        !t->storage->lock_versions)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: %s of \"%s\" (storage without row versions)",
                          bind_locking_name(c->strength), e->ref);
    if (bind_add_rowid_column(b, get, t))
        return SS_ERROR;
    ss_expr *col = make_column(b, get->rel, t->ncols, type_of(SS_TYPE_INT8));
    return col ? add_column_target(lk, t, col, c) : SS_ERROR;
}

/* Locks through subquery / view entry e: the row ids its query yields after its columns. */
static int add_through_targets(binder *b, ss_bound_locking *lk, const range_entry *e, const ast_locking *c)
{
    const ss_bound_locking *in = e->through;
    if (!in || !in->ntargets)
        return SS_OK; /* no table to lock in it (VALUES, constants) */
    ss_bound_lock_target *grown = bind_alloc(b, sizeof *grown * (lk->cap + in->ntargets));
    if (!grown)
        return SS_ERROR;
    memcpy(grown, lk->targets, sizeof *grown * lk->ntargets);
    lk->targets = grown;
    lk->cap += in->ntargets;
    for (uint32_t i = 0; i < in->ntargets; i++) {
        ss_expr *col = make_column(b, e->rel, in->targets[i].col, type_of(SS_TYPE_INT8));
        if (!col || add_column_target(lk, in->targets[i].table, col, c))
            return SS_ERROR;
    }
    return SS_OK;
}

/* Scope entry e under clause c: a table is locked; the rest as PostgreSQL treats them
 * (named: errors; not named: a function, VALUES or WITH query is left alone). */
static int lock_entry(binder *b, ss_bound_locking *lk, const range_entry *e, ss_lop *from, const ast_locking *c,
                      bool named, int location)
{
    bool nullable = false;
    ss_lop *op = find_rel(from, e->rel, &nullable, false);
    const char *what = NULL;
    if (e->from_cte)
        what = "a WITH query";
    else if (!op)
        what = "a subquery or view";
    else if (op->kind == LOP_FUNCTION)
        what = "a function";
    else if (op->kind == LOP_VALUES)
        what = "VALUES";
    else if (op->kind == LOP_CTE_SCAN || op->kind == LOP_WORKTABLE_SCAN)
        what = "a WITH query";
    else if (op->kind != LOP_GET)
        what = "a subquery or view";
    if (what && !strcmp(what, "a subquery or view"))
        return add_through_targets(b, lk, e, c);
    if (what && !named)
        return SS_OK;
    if (what)
        return bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "%s cannot be applied to %s",
                          bind_locking_name(c->strength), what);
    if (nullable)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "%s cannot be applied to the nullable side of an outer join", bind_locking_name(c->strength));
    return add_target(b, lk, e, op, c);
}

int bind_locking_targets(binder *b, const ast_select *s, ss_lop *from, ss_bound_locking **out)
{
    ss_bound_locking *lk = bind_alloc(b, sizeof *lk);
    uint32_t nentries = b->nscope - b->scope_base;
    if (!lk || !(lk->targets = bind_alloc(b, sizeof *lk->targets * (nentries ? nentries : 1))))
        return SS_ERROR;
    memset(lk->targets, 0, sizeof *lk->targets * (nentries ? nentries : 1));
    lk->ntargets = 0;
    lk->cap = nentries ? nentries : 1;
    lk->limit = lk->offset = NULL;
    lk->nties = 0;
    lk->ties = NULL;
    lk->tie_types = NULL;
    lk->nfixed = lk->fixed_col = 0;
    static const char *const cmd[] = {"SELECT FOR UPDATE", "SELECT FOR KEY SHARE", "SELECT FOR SHARE",
                                      "SELECT FOR NO KEY UPDATE", "SELECT FOR UPDATE"};
    lk->name = cmd[s->locking[0].strength <= 4 ? s->locking[0].strength : 0];
    for (uint32_t i = 0; i < s->nlocking; i++) {
        const ast_locking *c = &s->locking[i];
        if (!c->nrels) {
            for (uint32_t r = b->scope_base; r < b->nscope; r++) {
                const range_entry *e = &b->scope[r];
                if (e->ref && !e->src_entry && lock_entry(b, lk, e, from, c, false, -1))
                    return SS_ERROR;
            }
            continue;
        }
        for (uint32_t k = 0; k < c->nrels; k++) {
            const range_entry *e = NULL;
            for (uint32_t r = b->scope_base; !e && r < b->nscope; r++)
                if (b->scope[r].ref && !b->scope[r].src_entry && !strcmp(b->scope[r].ref, c->rels[k]))
                    e = &b->scope[r];
            if (!e)
                return bind_error(b, c->rel_locations[k], SS_SQLSTATE_UNDEFINED_TABLE,
                                  "relation \"%s\" in %s clause not found in FROM clause", c->rels[k],
                                  bind_locking_name(c->strength));
            if (lock_entry(b, lk, e, from, c, true, c->rel_locations[k]))
                return SS_ERROR;
        }
    }
    *out = lk;
    return SS_OK;
}

struct ast_locking *bind_locking_through(binder *b, const char *ref)
{
    const ast_select *s = b->locking_from;
    ast_locking *out = NULL;
    for (uint32_t i = 0; s && i < s->nlocking; i++) {
        const ast_locking *c = &s->locking[i];
        bool named = !c->nrels;
        for (uint32_t k = 0; !named && ref && k < c->nrels; k++)
            named = !strcmp(c->rels[k], ref);
        if (!named)
            continue;
        if (!out) {
            if (!(out = bind_alloc(b, sizeof *out)))
                return NULL;
            memset(out, 0, sizeof *out);
        }
        merge(&out->strength, &out->wait, c);
    }
    return out;
}

int bind_locking_through_refused(binder *b, const ast_select *s, const ast_locking *c)
{
    const char *what = s->setop                         ? "UNION/INTERSECT/EXCEPT"
                       : s->distinct || s->ndistinct_on ? "DISTINCT clause"
                       : s->ngroup                      ? "GROUP BY clause"
                       : s->having                      ? "HAVING clause"
                                                        : NULL;
    for (uint32_t i = 0; !what && i < s->ntargets; i++)
        what = ast_has_aggregate(s->targets[i].expr) ? "aggregate functions"
               : ast_has_window(s->targets[i].expr)  ? "window functions"
                                                     : NULL;
    if (!what)
        return SS_OK;
    return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "%s is not allowed with %s",
                      bind_locking_name(c->strength), what);
}

/* An int constant of type id (bind_locking_filter's arguments). */
static ss_expr *int_const(binder *b, int32_t id, int64_t v)
{
    ss_expr *e = new_expr(b, EXPR_CONST, type_of(id));
    if (e)
        e->u.cnst.v.i = v;
    return e;
}

int bind_locking_filter(binder *b, const ss_bound_locking *lk, const ss_lop *cols, ss_lop **top)
{
    if (!lk->ntargets)
        return SS_OK;
    uint32_t n = 4 * lk->ntargets;
    ss_expr **args = bind_alloc(b, sizeof *args * n);
    if (!args)
        return SS_ERROR;
    for (uint32_t i = 0; i < lk->ntargets; i++) {
        const ss_bound_lock_target *t = &lk->targets[i];
        if (!(args[4 * i] = int_const(b, SS_TYPE_INT8, (int64_t)(intptr_t)t->table)) ||
            !(args[4 * i + 1] = int_const(b, SS_TYPE_INT4, t->mode)) ||
            !(args[4 * i + 2] = int_const(b, SS_TYPE_INT4, t->wait)) ||
            !(args[4 * i + 3] = make_column(b, cols->rel, t->col, type_of(SS_TYPE_INT8))))
            return SS_ERROR;
    }
    ss_expr *pred = make_func(b, ss_row_lock_filter_def(), type_of(SS_TYPE_BOOL), args, n);
    if (!pred || !(*top = lop_filter(b->ctx, b->arena, *top, pred)))
        return SS_ERROR;
    if (!b->nested_locking)
        b->nested_locking = lk->name;
    return SS_OK;
}

int bind_locking_nested_top(binder *b, ss_bound_stmt *out)
{
    if (out->locking || !b->nested_locking)
        return SS_OK;
    ss_bound_locking *lk = bind_alloc(b, sizeof *lk);
    if (!lk)
        return SS_ERROR;
    memset(lk, 0, sizeof *lk);
    lk->nvisible = out->ncols;
    lk->name = b->nested_locking;
    out->locking = lk;
    return SS_OK;
}
