/* bind_outer_agg.c — outer-level aggregates (PostgreSQL's agglevelsup, check_agg_arguments):
 * an aggregate call inside a subquery whose arguments read only columns of queries around it
 * belongs to the nearest of those queries.  It is bound there, with that query's scope and
 * aggregation, and the subquery sees the result as one more column of the outer query (an
 * exec parameter, as any outer column).  An outer query that is not an aggregate query yet
 * becomes one: the binder notes it and bind_select binds its outputs again. */
#include <string.h>

#include "bind/binder_internal.h"
#include "exec/expr_walk.h"

/* The outer level (1 + an index of b->outer) a column reference resolves in; 0: the current
 * query's, or none (an unknown name is the current query's error). */
static uint32_t column_level(const binder *b, const ast_expr *a)
{
    if (a->nnames > 2 || bind_level_has(b, a, b->scope_lo, b->scope_hi))
        return 0;
    for (uint32_t k = b->nouter; k > 0; k--)
        if (bind_level_has(b, a, b->outer[k - 1].lo, b->outer[k - 1].hi))
            return k;
    return 0;
}

/* The nearest level (largest outer index) among the columns below e, in *level; false when
 * one of them is the current query's, which makes the aggregate the current query's.
 * Subqueries inside the arguments are not looked into. */
static bool nearest_level(const binder *b, const ast_expr *e, uint32_t *level, bool *any)
{
    if (!e)
        return true;
    if (e->kind == AE_COLUMN) {
        uint32_t k = column_level(b, e);
        if (k == 0)
            return false;
        if (!*any || k > *level)
            *level = k;
        *any = true;
        return true;
    }
    if (e->kind == AE_STAR)
        return false;
    if (!nearest_level(b, e->left, level, any) || !nearest_level(b, e->right, level, any) ||
        !nearest_level(b, e->arg, level, any) || !nearest_level(b, e->els, level, any) ||
        !nearest_level(b, e->filter, level, any))
        return false;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!nearest_level(b, e->args[i], level, any))
            return false;
    for (uint32_t i = 0; i < e->nwhens; i++)
        if (!nearest_level(b, e->whens[i], level, any) || !nearest_level(b, e->thens[i], level, any))
            return false;
    for (uint32_t i = 0; i < e->nagg_order; i++)
        if (!nearest_level(b, e->agg_order[i].expr, level, any))
            return false;
    return true;
}

uint32_t bind_aggregate_level(const binder *b, const ast_expr *a)
{
    if (!b->nouter || a->star)
        return 0;
    uint32_t level = 0;
    bool any = false;
    if (a->within_group) {
        /* an ordered-set aggregate's level is its aggregated arguments' (and FILTER's); its
           direct arguments are expressions over that level's groups (PostgreSQL's
           check_agg_arguments) */
        ast_expr aggregated = *a;
        aggregated.nargs = 0;
        return nearest_level(b, &aggregated, &level, &any) && any ? level : 0;
    }
    if (!nearest_level(b, a, &level, &any) || !any)
        return 0;
    return level;
}

ss_expr *bind_outer_aggregate(binder *b, const ast_expr *a, uint32_t k)
{
    const outer_level *lv = &b->outer[k - 1];
    if (!lv->agg) {
        const char *where = lv->no_agg_context ? lv->no_agg_context : "this context";
        if (lv->want_agg && !strcmp(where, "this context"))
            *lv->want_agg = true; /* its outputs are bound again as an aggregate query's */
        bind_error(b, a->location, SS_SQLSTATE_GROUPING_ERROR, "aggregate functions are not allowed in %s", where);
        return NULL;
    }
    level_switch saved;
    bind_enter_outer_level(b, k, &saved);
    b->in_outer_level_agg++;
    ss_expr *e = bind_aggregate(b, a);
    b->in_outer_level_agg--;
    bind_leave_outer_level(b, &saved);
    return e;
}

/* ---- outer columns reached only through a subquery of an argument ----------------------- */

typedef struct arg_refs {
    const binder *b;
    bool own, outer;
} arg_refs;

static bool rel_in(const binder *b, uint32_t rel, uint32_t lo, uint32_t hi)
{
    for (uint32_t r = lo; r < hi; r++)
        if (b->scope[r].ref && b->scope[r].rel == rel)
            return true;
    return false;
}

static int note_arg_ref(const ss_expr *e, void *arg)
{
    arg_refs *r = arg;
    if (e->kind != EXPR_COLUMN)
        return SS_WALK_CONTINUE;
    if (rel_in(r->b, e->u.column.rel, r->b->scope_lo, r->b->scope_hi))
        r->own = true;
    else
        for (uint32_t k = 0; k < r->b->nouter; k++)
            if (rel_in(r->b, e->u.column.rel, r->b->outer[k].lo, r->b->outer[k].hi))
                r->outer = true;
    return SS_WALK_CONTINUE;
}

bool bind_agg_arg_outer_only(const binder *b, const ss_expr *e)
{
    if (!b->nouter || !e)
        return false;
    arg_refs r = {.b = b};
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, b->arena);
    if (ss_expr_walk_const(e, note_arg_ref, &r, &seen) == SS_WALK_NOMEM)
        return false;
    return r.outer && !r.own;
}
