/* bind_locking.c — the relations a SELECT's locking clauses lock (bind_locking.h). */
#include <string.h>

#include "bind/bind_locking.h"
#include "bind/bind_update.h"
#include "exec/dml_versions.h"

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

/* Merges clause c into the target of table entry e (a relation named by several clauses
 * gets the strongest lock, NOWAIT over SKIP LOCKED over waiting, as PostgreSQL's). */
static int add_target(binder *b, ss_bound_locking *lk, const range_entry *e, ss_lop *get, const ast_locking *c)
{
    for (uint32_t i = 0; i < lk->ntargets; i++)
        if (lk->targets[i].rowid->u.column.rel == get->rel) {
            ss_bound_lock_target *t = &lk->targets[i];
            if (c->strength > t->mode)
                t->mode = c->strength;
            if (c->wait == SS_ROW_LOCK_NOWAIT || (c->wait == SS_ROW_LOCK_SKIP_LOCKED && t->wait == SS_ROW_LOCK_WAIT))
                t->wait = c->wait;
            return SS_OK;
        }
    const ss_table *t = get->u.get.table;
    if (t->system || !ss_table_has_versions(t) || !SS_STORAGE_HAS(t->storage, link_versions) ||
        !t->storage->lock_versions)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: %s of \"%s\" (storage without row versions)",
                          bind_locking_name(c->strength), e->ref);
    if (bind_add_rowid_column(b, get, t))
        return SS_ERROR;
    ss_expr *col = make_column(b, get->rel, t->ncols, type_of(SS_TYPE_INT8));
    if (!col)
        return SS_ERROR;
    lk->targets[lk->ntargets++] = (ss_bound_lock_target){t, c->strength, c->wait, 0, col};
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
        return bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: %s of a subquery or view in FROM (\"%s\")",
                          bind_locking_name(c->strength), e->ref);
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
    lk->limit = lk->offset = NULL;
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
