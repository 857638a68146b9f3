/* bind_functional_grouping.c — columns functionally dependent on the GROUP BY items
 * (PostgreSQL's check_functional_grouping): a column of a table of the query's own FROM
 * (not of a view, a subquery or a WITH query) may be used ungrouped when every column of
 * that table's PRIMARY KEY is a plain GROUP BY item, in every grouping set.
 *
 * Such a column is computed by the aggregate as an extra group after the written ones
 * (grouping by it as well makes the same groups).  The groups are known before the outputs
 * are bound, the dependent columns only while they are: the first columns found are kept
 * in the query's fd_groups (which outlives one pass) and the outputs are bound again with
 * them as groups (fd_groups_retry). */
#include <string.h>

#include "bind/binder_internal.h"
#include "catalog/catalog_txn.h"
#include "index/index.h"

/* The visible PRIMARY KEY index of t, or NULL. */
static const ss_index *primary_key(const ss_table *t)
{
    if (!t->indexes)
        return NULL;
    for (uint32_t i = 0; i < t->indexes->n; i++) {
        const ss_index *ix = t->indexes->list[i];
        if (ix->primary && ss_ddl_visible(&ix->ddl))
            return ix;
    }
    return NULL;
}

/* Whether written group i is in every grouping set. */
static bool in_every_set(const agg_state *st, uint32_t i)
{
    for (uint32_t k = 0; st->has_sets && k < st->nsets; k++) {
        bool in = false;
        for (uint32_t j = 0; j < st->set_sizes[k] && !in; j++)
            in = st->sets[k][j] == i;
        if (!in)
            return false;
    }
    return true;
}

/* Whether column col of relation rel is a written group common to every set. */
static bool grouped_by_column(const agg_state *st, uint32_t rel, uint32_t col)
{
    for (uint32_t i = 0; i < st->nuser_groups; i++) {
        const ss_expr *g = st->groups[i];
        if (g->kind == EXPR_COLUMN && g->u.column.rel == rel && g->u.column.index == col && in_every_set(st, i))
            return true;
    }
    return false;
}

/* The base table of the scope entry (of the level being bound) whose relation is rel. */
static const ss_table *entry_table(const binder *b, uint32_t rel)
{
    for (uint32_t r = b->scope_lo; r < b->scope_hi && r < b->nscope; r++)
        if (b->scope[r].rel == rel && !b->scope[r].src_entry)
            return b->scope[r].base_table;
    return NULL;
}

static int remember(binder *b, fd_groups *fd, ss_expr *e)
{
    for (uint32_t i = 0; i < fd->n; i++)
        if (expr_equal(fd->cols[i], e))
            return SS_OK;
    if (fd->n == fd->cap) {
        uint32_t cap = fd->cap ? fd->cap * 2 : 4;
        ss_expr **p = bind_alloc(b, sizeof *p * cap);
        if (!p)
            return SS_ERROR;
        if (fd->n)
            memcpy(p, fd->cols, sizeof *p * fd->n);
        fd->cols = p;
        fd->cap = cap;
    }
    fd->cols[fd->n++] = e;
    return SS_OK;
}

int fd_grouped_column(binder *b, ss_expr *e, bool *dependent)
{
    *dependent = false;
    agg_state *st = b->agg;
    if (!st || !st->fd || !e || e->kind != EXPR_COLUMN)
        return SS_OK;
    const ss_table *t = entry_table(b, e->u.column.rel);
    const ss_index *pk = t ? primary_key(t) : NULL;
    if (!pk)
        return SS_OK;
    for (uint32_t k = 0; k < pk->nkeys; k++)
        if (!grouped_by_column(st, e->u.column.rel, pk->cols[k]))
            return SS_OK;
    *dependent = true;
    return remember(b, st->fd, e);
}

ss_expr *match_group_expr(binder *b, const ss_expr *e)
{
    const agg_state *st = b->agg;
    for (uint32_t i = 0; st && e && i < st->ngroups; i++)
        if (expr_equal(e, st->groups[i]))
            return make_column(b, st->rel, i, st->groups[i]->type);
    return NULL;
}

int fd_groups_add(binder *b, agg_state *st, fd_groups *fd)
{
    st->fd = fd;
    st->nuser_groups = st->ngroups;
    if (!fd->n)
        return SS_OK;
    uint32_t n = st->ngroups + fd->n;
    ss_expr **groups = bind_alloc(b, sizeof *groups * n);
    const ast_expr **asts = bind_alloc(b, sizeof *asts * n);
    if (!groups || !asts)
        return SS_ERROR;
    memcpy(groups, st->groups, sizeof *groups * st->ngroups);
    memcpy(asts, st->group_asts, sizeof *asts * st->ngroups);
    for (uint32_t i = 0; i < fd->n; i++) {
        groups[st->ngroups + i] = fd->cols[i];
        asts[st->ngroups + i] = NULL; /* matched by its bound expression only */
    }
    for (uint32_t k = 0; st->has_sets && k < st->nsets; k++) {
        uint32_t *set = bind_alloc(b, sizeof *set * (st->set_sizes[k] + fd->n));
        if (!set)
            return SS_ERROR;
        memcpy(set, st->sets[k], sizeof *set * st->set_sizes[k]);
        for (uint32_t i = 0; i < fd->n; i++)
            set[st->set_sizes[k] + i] = st->ngroups + i;
        st->sets[k] = set;
        st->set_sizes[k] += fd->n;
    }
    st->groups = groups;
    st->group_asts = asts;
    st->ngroups = n;
    return SS_OK;
}

bool fd_groups_retry(const agg_state *st)
{
    return st && st->fd && st->fd->n > st->ngroups - st->nuser_groups;
}
