/* bind_grouping_sets.c — GROUP BY with GROUPING SETS, ROLLUP, CUBE and (), and GROUPING(...)
 * (PostgreSQL's transformGroupClause, expand_grouping_sets and GROUPING's transform).
 *
 * The group expressions of every set are bound once, equal ones shared, into the query's
 * aggregate state; the items expand into a list of sets of group indexes (the product of
 * the items' set lists, at most 4096 sets: 54001).  The logical plan has one aggregate per
 * set over the same input, each projected to the query's aggregate relation (the groups the
 * set leaves out are NULL, GROUPING(...) a constant per set), and UNION ALL of the branches
 * (an append).  GROUPING(...) is a pseudo aggregate call named "grouping" that no branch's
 * aggregate computes. */
#include <stdlib.h>
#include <string.h>

#include "bind/binder_internal.h"

/* One GROUPING(...) call: the aggregate slot it occupies and the group index of each
 * argument (the first argument is the most significant bit). */
typedef struct grouping_call {
    uint32_t slot;
    uint32_t nargs;
    uint32_t *groups;
} grouping_call;

/* A list of grouping sets, each a list of group indexes. */
typedef struct set_list {
    uint32_t n;
    uint32_t **sets;
    uint32_t *sizes;
} set_list;

#define MAX_GROUPING_SETS 4096

static bool any_grouping_set(const ast_select *s)
{
    for (uint32_t i = 0; i < s->ngroup; i++)
        if (s->group_by[i]->kind == AE_GROUPING_SET)
            return true;
    return false;
}

uint32_t count_leaves(const ast_expr *e)
{
    if (e->kind != AE_GROUPING_SET)
        return 1;
    uint32_t n = 0;
    for (uint32_t i = 0; i < e->nargs; i++)
        n += count_leaves(e->args[i]);
    return n;
}

/* Binds the group expression g (a leaf of GROUP BY) and returns its index, sharing an equal
 * expression's when there are grouping sets. */
static int add_group(binder *b, const ast_select *s, agg_state *st, const ast_expr *item, uint32_t *index)
{
    const ast_expr *g = resolve_group_item(b, s, item);
    ss_expr *e = g ? bind_expr(b, g) : NULL;
    if (!e || !(e = resolve_unknown(b, e, g->location)) || bind_check_equality(b, e->type, g->location))
        return SS_ERROR;
    if (st->has_sets)
        for (uint32_t i = 0; i < st->ngroups; i++)
            if (e->kind == EXPR_CONST ? ast_equal(g, st->group_asts[i]) : expr_equal(e, st->groups[i])) {
                *index = i;
                return SS_OK;
            }
    st->group_asts[st->ngroups] = g;
    st->groups[st->ngroups] = e;
    *index = st->ngroups++;
    return SS_OK;
}

static int list_add(binder *b, set_list *l, uint32_t cap, const uint32_t *a, uint32_t na, const uint32_t *c,
                    uint32_t nc)
{
    uint32_t *set = bind_alloc(b, sizeof(uint32_t) * (na + nc ? na + nc : 1));
    if (!set)
        return SS_ERROR;
    if (na)
        memcpy(set, a, sizeof(uint32_t) * na);
    if (nc)
        memcpy(set + na, c, sizeof(uint32_t) * nc);
    if (l->n >= cap)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_INTERNAL_ERROR, "grouping set list overflow");
    l->sets[l->n] = set;
    l->sizes[l->n++] = na + nc;
    return SS_OK;
}

static int list_init(binder *b, set_list *l, uint32_t cap)
{
    l->n = 0;
    l->sets = bind_alloc(b, sizeof(uint32_t *) * (cap ? cap : 1));
    l->sizes = bind_alloc(b, sizeof(uint32_t) * (cap ? cap : 1));
    return l->sets && l->sizes ? SS_OK : SS_ERROR;
}

static int too_many(binder *b)
{
    return bind_error(b, -1, "54001", "too many grouping sets present (maximum %d)", MAX_GROUPING_SETS);
}

/* The sets item stands for (a ROLLUP or CUBE element, or a list, is one set). */
static int expand_item(binder *b, const ast_select *s, agg_state *st, const ast_expr *e, set_list *out)
{
    if (ss_ctx_check_stack(b->ctx))
        return SS_ERROR;
    if (e->kind != AE_GROUPING_SET) {
        uint32_t idx;
        return list_init(b, out, 1) || add_group(b, s, st, e, &idx) || list_add(b, out, 1, &idx, 1, NULL, 0);
    }
    switch ((ast_grouping_set_kind)e->ival) {
    case AST_GSET_EMPTY:
        return list_init(b, out, 1) || list_add(b, out, 1, NULL, 0, NULL, 0);
    case AST_GSET_LIST: {
        uint32_t *idx = bind_alloc(b, sizeof(uint32_t) * (e->nargs ? e->nargs : 1));
        if (!idx || list_init(b, out, 1))
            return SS_ERROR;
        for (uint32_t i = 0; i < e->nargs; i++)
            if (add_group(b, s, st, e->args[i], &idx[i]))
                return SS_ERROR;
        return list_add(b, out, 1, idx, e->nargs, NULL, 0);
    }
    case AST_GSET_SETS: {
        set_list *parts = bind_alloc(b, sizeof(set_list) * (e->nargs ? e->nargs : 1));
        if (!parts)
            return SS_ERROR;
        uint64_t total = 0;
        for (uint32_t i = 0; i < e->nargs; i++) {
            if (expand_item(b, s, st, e->args[i], &parts[i]))
                return SS_ERROR;
            total += parts[i].n;
        }
        if (total > MAX_GROUPING_SETS)
            return too_many(b);
        if (list_init(b, out, (uint32_t)total))
            return SS_ERROR;
        for (uint32_t i = 0; i < e->nargs; i++)
            for (uint32_t k = 0; k < parts[i].n; k++)
                if (list_add(b, out, (uint32_t)total, parts[i].sets[k], parts[i].sizes[k], NULL, 0))
                    return SS_ERROR;
        return SS_OK;
    }
    case AST_GSET_ROLLUP:
    case AST_GSET_CUBE: {
        /* each element is one set: its expression or list */
        uint32_t n = e->nargs;
        set_list *elems = bind_alloc(b, sizeof(set_list) * (n ? n : 1));
        if (!elems)
            return SS_ERROR;
        for (uint32_t i = 0; i < n; i++)
            if (expand_item(b, s, st, e->args[i], &elems[i]))
                return SS_ERROR;
        bool rollup = e->ival == AST_GSET_ROLLUP;
        uint32_t count = rollup ? n + 1 : 1u << n; /* the grammar limits CUBE to 12 elements */
        uint32_t *buf = bind_alloc(b, sizeof(uint32_t) * (count_leaves(e) + 1));
        if (!buf || list_init(b, out, count))
            return SS_ERROR;
        for (uint32_t k = 0; k < count; k++) {
            uint32_t len = 0;
            for (uint32_t i = 0; i < n; i++) {
                bool in = rollup ? i < n - k : ((k >> (n - 1 - i)) & 1u) == 0;
                if (!in)
                    continue;
                memcpy(buf + len, elems[i].sets[0], sizeof(uint32_t) * elems[i].sizes[0]);
                len += elems[i].sizes[0];
            }
            if (list_add(b, out, count, buf, len, NULL, 0))
                return SS_ERROR;
        }
        return SS_OK;
    }
    }
    return ss_ctx_error(b->ctx, SS_SQLSTATE_INTERNAL_ERROR, "unknown grouping set kind %d", (int)e->ival);
}

static int cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, c = *(const uint32_t *)y;
    return (a > c) - (a < c);
}

/* Sorts each set and drops repeated indexes; GROUP BY DISTINCT then drops repeated sets. */
static void normalise_sets(set_list *l, bool distinct)
{
    for (uint32_t k = 0; k < l->n; k++) {
        qsort(l->sets[k], l->sizes[k], sizeof(uint32_t), cmp_u32);
        uint32_t m = 0;
        for (uint32_t i = 0; i < l->sizes[k]; i++)
            if (m == 0 || l->sets[k][m - 1] != l->sets[k][i])
                l->sets[k][m++] = l->sets[k][i];
        l->sizes[k] = m;
    }
    if (!distinct)
        return;
    uint32_t m = 0;
    for (uint32_t k = 0; k < l->n; k++) {
        bool seen = false;
        for (uint32_t j = 0; j < m && !seen; j++)
            seen = l->sizes[j] == l->sizes[k] &&
                   (l->sizes[k] == 0 || !memcmp(l->sets[j], l->sets[k], sizeof(uint32_t) * l->sizes[k]));
        if (!seen) {
            l->sets[m] = l->sets[k];
            l->sizes[m++] = l->sizes[k];
        }
    }
    l->n = m;
}

int bind_group_clause(binder *b, const ast_select *s, agg_state *st)
{
    uint32_t leaves = 0;
    for (uint32_t i = 0; i < s->ngroup; i++)
        leaves += count_leaves(s->group_by[i]);
    st->groups = bind_alloc(b, sizeof(ss_expr *) * (leaves ? leaves : 1));
    st->group_asts = bind_alloc(b, sizeof(ast_expr *) * (leaves ? leaves : 1));
    if (!st->groups || !st->group_asts)
        return SS_ERROR;
    st->has_sets = any_grouping_set(s);
    if (!st->has_sets) {
        for (uint32_t i = 0; i < s->ngroup; i++) {
            uint32_t idx;
            if (add_group(b, s, st, s->group_by[i], &idx))
                return SS_ERROR;
        }
        return SS_OK;
    }
    /* the product of the items' set lists */
    set_list acc;
    if (list_init(b, &acc, 1) || list_add(b, &acc, 1, NULL, 0, NULL, 0))
        return SS_ERROR;
    for (uint32_t i = 0; i < s->ngroup; i++) {
        set_list item, next;
        if (expand_item(b, s, st, s->group_by[i], &item))
            return SS_ERROR;
        uint64_t n = (uint64_t)acc.n * item.n;
        if (n > MAX_GROUPING_SETS)
            return too_many(b);
        if (list_init(b, &next, (uint32_t)n))
            return SS_ERROR;
        for (uint32_t x = 0; x < acc.n; x++)
            for (uint32_t y = 0; y < item.n; y++)
                if (list_add(b, &next, (uint32_t)n, acc.sets[x], acc.sizes[x], item.sets[y], item.sizes[y]))
                    return SS_ERROR;
        acc = next;
    }
    normalise_sets(&acc, s->group_distinct);
    st->nsets = acc.n;
    st->sets = acc.sets;
    st->set_sizes = acc.sizes;
    return SS_OK;
}

static ss_expr *int4_const(binder *b, int32_t v)
{
    ss_expr *e = make_null(b, type_of(SS_TYPE_INT4));
    if (e) {
        e->u.cnst.is_null = false;
        e->u.cnst.v.i = v;
    }
    return e;
}

ss_expr *bind_grouping_func(binder *b, const ast_expr *a)
{
    if (!b->agg) {
        bind_error(b, a->location, SS_SQLSTATE_GROUPING_ERROR, "grouping operations are not allowed in %s",
                   b->no_agg_context ? b->no_agg_context : "this context");
        return NULL;
    }
    if (!b->agg_mode) {
        bind_error(b, a->location, SS_SQLSTATE_GROUPING_ERROR, "aggregate function calls cannot be nested");
        return NULL;
    }
    if (a->nargs > 31) {
        bind_error(b, a->location, "54023", "GROUPING must have fewer than 32 arguments");
        return NULL;
    }
    agg_state *st = b->agg;
    uint32_t *groups = bind_alloc(b, sizeof(uint32_t) * (a->nargs ? a->nargs : 1));
    if (!groups)
        return NULL;
    for (uint32_t i = 0; i < a->nargs; i++) {
        ss_expr *g = st->scratch ? NULL : match_group(b, a->args[i]);
        if (g && g->kind == EXPR_COLUMN && g->u.column.rel == st->rel && g->u.column.index < st->nuser_groups) {
            groups[i] = g->u.column.index;
            continue;
        }
        /* the argument's own errors first (an unknown column), then PostgreSQL's */
        b->agg_mode = false;
        ss_expr *e = bind_expr(b, a->args[i]);
        b->agg_mode = true;
        if (!e)
            return NULL;
        if (st->scratch)
            continue;
        bind_error(b, expr_location(a->args[i]), SS_SQLSTATE_GROUPING_ERROR,
                   "arguments to GROUPING must be grouping expressions of the associated query level");
        return NULL;
    }
    if (!st->has_sets)
        return int4_const(b, 0); /* one set with every group: no argument is grouped out */
    if (st->ngroupings == st->cap_groupings) {
        uint32_t cap = st->cap_groupings ? st->cap_groupings * 2 : 4;
        grouping_call *p = bind_alloc(b, sizeof *p * cap);
        if (!p)
            return NULL;
        if (st->ngroupings)
            memcpy(p, st->groupings, sizeof *p * st->ngroupings);
        st->groupings = p;
        st->cap_groupings = cap;
    }
    ss_agg_call call;
    memset(&call, 0, sizeof call);
    call.name = "grouping";
    call.result_type = type_of(SS_TYPE_INT4);
    uint32_t slot;
    if (add_agg_call(b, st, &call, NULL, &slot))
        return NULL;
    st->groupings[st->ngroupings++] = (grouping_call){slot, a->nargs, groups};
    return make_column(b, st->rel, st->ngroups + slot, call.result_type);
}

static const grouping_call *grouping_of(const agg_state *st, uint32_t slot)
{
    for (uint32_t g = 0; g < st->ngroupings; g++)
        if (st->groupings[g].slot == slot)
            return &st->groupings[g];
    return NULL;
}

static bool set_has(const uint32_t *set, uint32_t n, uint32_t idx)
{
    for (uint32_t i = 0; i < n; i++)
        if (set[i] == idx)
            return true;
    return false;
}

/* The calls' extras for one grouping set: an ordered-set aggregate's direct arguments per
 * group (bound over the groups) rewritten over the input for this set, the groups it leaves
 * out NULL (PostgreSQL evaluates them over the set's group row); *extras is replaced by a
 * copy when some call has them. */
static int set_direct_args(binder *b, const agg_state *st, const uint32_t *set, uint32_t n, ss_agg_extra ***extras,
                           uint32_t nreal)
{
    ss_agg_extra **copy = NULL;
    for (uint32_t a = 0; a < nreal; a++) {
        const ss_agg_extra *x = (*extras)[a];
        if (!x || !x->direct_per_group || !x->ndirect)
            continue;
        if (!copy) {
            if (!(copy = bind_alloc(b, sizeof *copy * nreal)))
                return SS_ERROR;
            memcpy(copy, *extras, sizeof *copy * nreal);
        }
        ss_agg_extra *y = bind_alloc(b, sizeof *y);
        ss_expr **direct = bind_alloc(b, sizeof *direct * x->ndirect);
        if (!y || !direct)
            return SS_ERROR;
        *y = *x;
        for (uint32_t i = 0; i < x->ndirect; i++)
            if (!(direct[i] = bind_direct_over_input(b, st, x->direct[i], set, n)))
                return SS_ERROR;
        y->direct = (const ss_expr *const *)direct;
        copy[a] = y;
    }
    if (copy)
        *extras = copy;
    return SS_OK;
}

/* Set k's branch: its aggregate over input, projected to st's columns into relation rel. */
static ss_lop *set_branch(binder *b, agg_state *st, ss_lop *input, uint32_t k, uint32_t rel, ss_agg_call *aggs,
                          ss_agg_extra **extras, uint32_t nreal, const uint32_t *real_pos)
{
    const uint32_t *set = st->sets[k];
    uint32_t n = st->set_sizes[k], ncols = st->ngroups + st->naggs;
    ss_expr **groups = bind_alloc(b, sizeof(ss_expr *) * (n ? n : 1));
    ss_expr **cols = bind_alloc(b, sizeof(ss_expr *) * (ncols ? ncols : 1));
    if (!groups || !cols)
        return NULL;
    for (uint32_t i = 0; i < n; i++)
        groups[i] = st->groups[set[i]];
    if (set_direct_args(b, st, set, n, &extras, nreal))
        return NULL;
    ss_lop *agg = lop_aggregate(b->ctx, b->arena, new_rel(b), input, n, groups, nreal, aggs);
    if (!agg)
        return NULL;
    agg->u.aggregate.extras = st->any_extra ? extras : NULL;
    for (uint32_t i = 0; i < st->ngroups; i++) {
        uint32_t pos = 0;
        while (pos < n && set[pos] != i)
            pos++;
        cols[i] = pos < n ? make_column(b, agg->rel, pos, st->groups[i]->type) : make_null(b, st->groups[i]->type);
        if (!cols[i])
            return NULL;
    }
    for (uint32_t a = 0; a < st->naggs; a++) {
        const grouping_call *g = grouping_of(st, a);
        int32_t bits = 0;
        for (uint32_t i = 0; g && i < g->nargs; i++)
            bits = (bits << 1) | (set_has(set, n, g->groups[i]) ? 0 : 1);
        cols[st->ngroups + a] = g ? int4_const(b, bits)
                                  : make_column(b, agg->rel, n + real_pos[a], st->aggs[a].result_type);
        if (!cols[st->ngroups + a])
            return NULL;
    }
    return lop_project(b->ctx, b->arena, rel, agg, ncols, cols, NULL);
}

ss_lop *stack_grouping_sets(binder *b, agg_state *st, ss_lop *input)
{
    if (!st->has_sets) {
        ss_lop *top = lop_aggregate(b->ctx, b->arena, st->rel, input, st->ngroups, st->groups, st->naggs, st->aggs);
        if (top && st->any_extra)
            top->u.aggregate.extras = st->extras;
        return top;
    }
    /* the real aggregate calls, without GROUPING's pseudo ones */
    ss_agg_call *aggs = bind_alloc(b, sizeof(ss_agg_call) * (st->naggs ? st->naggs : 1));
    ss_agg_extra **extras = bind_alloc(b, sizeof(ss_agg_extra *) * (st->naggs ? st->naggs : 1));
    uint32_t *real_pos = bind_alloc(b, sizeof(uint32_t) * (st->naggs ? st->naggs : 1));
    uint32_t ncols = st->ngroups + st->naggs;
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (ncols ? ncols : 1));
    const char **names = bind_alloc(b, sizeof(char *) * (ncols ? ncols : 1));
    if (!aggs || !extras || !real_pos || !types || !names)
        return NULL;
    uint32_t nreal = 0;
    for (uint32_t a = 0; a < st->naggs; a++) {
        if (grouping_of(st, a))
            continue;
        real_pos[a] = nreal;
        extras[nreal] = st->extras[a];
        aggs[nreal++] = st->aggs[a];
    }
    for (uint32_t i = 0; i < ncols; i++) {
        types[i] = i < st->ngroups ? st->groups[i]->type : st->aggs[i - st->ngroups].result_type;
        names[i] = "?column?";
    }
    ss_lop *top = NULL;
    for (uint32_t k = 0; k < st->nsets; k++) {
        bool last = k + 1 == st->nsets;
        ss_lop *branch = set_branch(b, st, input, k, st->nsets == 1 ? st->rel : new_rel(b), aggs, extras, nreal,
                                    real_pos);
        if (!branch)
            return NULL;
        top = !top ? branch
                   : lop_setop(b->ctx, b->arena, last ? st->rel : new_rel(b), LSETOP_UNION, true, top, branch, ncols,
                               types, names);
        if (!top)
            return NULL;
    }
    return top;
}
