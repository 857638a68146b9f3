/* bind_fkey_actions.c — what an UPDATE or DELETE binds for the referential actions it may
 * cause (fkey.h ss_fkey_actions): starting from its table, every table a foreign key with
 * an action (CASCADE, SET NULL, SET DEFAULT, on delete or on update) makes it change, and
 * the tables those changes reach in turn; each with its CHECK constraints and the defaults
 * of its SET DEFAULT columns, bound once for the statement, as PostgreSQL's RI triggers
 * run their UPDATE of the referencing table. */
#include <stdlib.h>
#include <string.h>

#include "bind/bind_constraints.h"
#include "bind/binder_internal.h"
#include "catalog/constraints.h"
#include "fkey/fkey.h"

static bool has_action(char a)
{
    return a == 'c' || a == 'n' || a == 'd';
}

static bool listed(const ss_fkey_actions *a, const ss_table *t)
{
    return ss_fkey_action_find(a, t) != NULL;
}

/* Adds t (its checks and its SET DEFAULT columns' defaults) to a; cap is a's room. */
static int add_table(binder *b, ss_fkey_actions *a, uint32_t *cap, ss_table *t)
{
    if (a->n == *cap) {
        uint32_t ncap = *cap ? *cap * 2 : 4;
        ss_fkey_action_table *list = bind_alloc(b, sizeof *list * ncap);
        if (!list)
            return SS_ERROR;
        if (a->n)
            memcpy(list, a->list, sizeof *list * a->n);
        a->list = list;
        *cap = ncap;
    }
    ss_fkey_action_table *e = &a->list[a->n];
    memset(e, 0, sizeof *e);
    e->table = t;
    ss_bound_stmt tmp;
    memset(&tmp, 0, sizeof tmp);
    if (bind_insert_checks(b, t, &tmp))
        return SS_ERROR;
    e->checks = tmp.checks;
    for (uint32_t i = 0; t->fkeys && i < t->fkeys->n; i++) {
        const ss_fkey *fk = t->fkeys->list[i];
        if (fk->on_delete != 'd' && fk->on_update != 'd')
            continue;
        if (!e->defaults) {
            if (!(e->defaults = bind_alloc(b, sizeof *e->defaults * (t->ncols ? t->ncols : 1))))
                return SS_ERROR;
            memset(e->defaults, 0, sizeof *e->defaults * t->ncols);
        }
        for (uint32_t k = 0; k < fk->ncols; k++)
            if (!e->defaults[fk->cols[k]] && !(e->defaults[fk->cols[k]] = bind_column_default(b, t, fk->cols[k])))
                return SS_ERROR;
    }
    a->n++;
    return SS_OK;
}

int bind_fkey_actions(binder *b, ss_table *t, ss_bound_stmt *out)
{
    ss_fkey_actions *a = bind_alloc(b, sizeof *a);
    if (!a)
        return SS_ERROR;
    memset(a, 0, sizeof *a);
    uint32_t cap = 0;
    /* breadth first over the tables changed: t itself first (not bound: the statement's
       own binding covers it), then those the actions reach */
    ss_table **queue = bind_alloc(b, sizeof *queue * 1);
    if (!queue)
        return SS_ERROR;
    uint32_t head = 0, nq = 1, qcap = 1;
    queue[0] = t;
    while (head < nq) {
        ss_table *ref = queue[head++];
        uint32_t n = 0;
        ss_fkey **fks = ss_fkey_referencing(b->catalog, ref, true, &n);
        for (uint32_t i = 0; i < n; i++) {
            ss_table *child = fks[i]->table;
            if (!has_action(fks[i]->on_delete) && !has_action(fks[i]->on_update))
                continue;
            if (child == t || listed(a, child))
                continue;
            if (add_table(b, a, &cap, child) != SS_OK) {
                free(fks);
                return SS_ERROR;
            }
            if (nq == qcap) {
                ss_table **q = bind_alloc(b, sizeof *q * qcap * 2);
                if (!q) {
                    free(fks);
                    return SS_ERROR;
                }
                memcpy(q, queue, sizeof *q * nq);
                queue = q;
                qcap *= 2;
            }
            queue[nq++] = child;
        }
        free(fks);
    }
    /* a self-referencing table's own actions use the statement's table binding */
    if (t->fkeys)
        for (uint32_t i = 0; i < t->fkeys->n; i++)
            if (t->fkeys->list[i]->ref == t && !listed(a, t) &&
                (has_action(t->fkeys->list[i]->on_delete) || has_action(t->fkeys->list[i]->on_update)))
                if (add_table(b, a, &cap, t) != SS_OK)
                    return SS_ERROR;
    out->fk_actions = a->n ? a : NULL;
    return SS_OK;
}
