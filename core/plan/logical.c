/* logical.c — constructors of logical operators and the enumeration of their expressions
 * (logical.h). */
#include "plan/logical.h"

#include <string.h>

#include "catalog/catalog.h"
#include "util/arena.h"

static ss_lop *lop_new(ss_ctx *ctx, ss_arena *arena, ss_lop_kind kind, uint32_t rel, ss_lop *child)
{
    ss_lop *op = ss_arena_alloc(arena, sizeof *op);
    if (!op || (child && !(op->children = ss_arena_alloc(arena, sizeof(ss_lop *))))) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    op->kind = kind;
    op->rel = rel;
    if (child) {
        op->children[0] = child;
        op->nchildren = 1;
        /* pass-through kinds keep the child's columns; the others set theirs */
        op->ncols = child->ncols;
        op->types = child->types;
        op->names = child->names;
    }
    return op;
}

/* Output column types of n expressions (and then naggs aggregate results). */
static ss_type *types_of(ss_ctx *ctx, ss_arena *arena, ss_expr *const *exprs, uint32_t n, const ss_agg_call *aggs,
                         uint32_t naggs)
{
    ss_type *types = ss_arena_alloc(arena, sizeof(ss_type) * (n + naggs ? n + naggs : 1));
    if (!types) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++)
        types[i] = exprs[i]->type;
    for (uint32_t i = 0; i < naggs; i++)
        types[n + i] = aggs[i].result_type;
    return types;
}

/* The output columns of a kind that makes its own. */
static void set_columns(ss_lop *op, uint32_t ncols, const ss_type *types, const char *const *names)
{
    op->ncols = ncols;
    op->types = types;
    op->names = names;
}

ss_lop *lop_get(ss_ctx *ctx, ss_arena *arena, uint32_t rel, const ss_table *t)
{
    ss_lop *op = lop_new(ctx, arena, LOP_GET, rel, NULL);
    const char **names = op ? ss_arena_alloc(arena, sizeof(char *) * (t->ncols ? t->ncols : 1)) : NULL;
    if (!names) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t c = 0; c < t->ncols; c++)
        names[c] = t->cols[c].name;
    op->u.get.table = t;
    op->ncols = t->ncols;
    op->types = t->types;
    op->names = names;
    return op;
}

/* A kind that makes columns of its own over the children given (right, or both, NULL: fewer). */
static ss_lop *lop_over(ss_ctx *ctx, ss_arena *arena, ss_lop_kind kind, uint32_t rel, ss_lop *left, ss_lop *right,
                        uint32_t ncols, const ss_type *types, const char *const *names)
{
    ss_lop *op = lop_new(ctx, arena, kind, rel, NULL);
    uint32_t n = (left != NULL) + (right != NULL);
    ss_lop **children = op && n ? ss_arena_alloc(arena, sizeof(ss_lop *) * n) : NULL;
    if (!op || (n && !children)) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    if (left)
        children[0] = left;
    if (right)
        children[1] = right;
    op->children = children;
    op->nchildren = n;
    set_columns(op, ncols, types, names);
    return op;
}

ss_lop *lop_cte_scan(ss_ctx *ctx, ss_arena *arena, uint32_t rel, uint32_t id, const char *name, ss_lop *cte,
                     uint32_t ncols, const ss_type *types, const char *const *names)
{
    ss_lop *op = lop_over(ctx, arena, LOP_CTE_SCAN, rel, cte, NULL, ncols, types, names);
    if (op)
        op->u.cte = (struct ss_lop_cte){.id = id, .name = name};
    return op;
}

ss_lop *lop_recursive_union(ss_ctx *ctx, ss_arena *arena, uint32_t rel, uint32_t id, const char *name, bool all,
                            ss_lop *nonrec, ss_lop *rec, uint32_t ncols, const ss_type *types,
                            const char *const *names)
{
    ss_lop *op = lop_over(ctx, arena, LOP_RECURSIVE_UNION, rel, nonrec, rec, ncols, types, names);
    if (op)
        op->u.cte = (struct ss_lop_cte){.id = id, .all = all, .name = name};
    return op;
}

ss_lop *lop_worktable_scan(ss_ctx *ctx, ss_arena *arena, uint32_t rel, uint32_t id, const char *name,
                           uint32_t ncols, const ss_type *types, const char *const *names)
{
    ss_lop *op = lop_over(ctx, arena, LOP_WORKTABLE_SCAN, rel, NULL, NULL, ncols, types, names);
    if (op)
        op->u.cte = (struct ss_lop_cte){.id = id, .name = name};
    return op;
}

ss_lop *lop_values(ss_ctx *ctx, ss_arena *arena, uint32_t rel, uint32_t ncols, const ss_type *types,
                   const char *const *names, uint32_t nrows, ss_expr **exprs)
{
    ss_lop *op = lop_over(ctx, arena, LOP_VALUES, rel, NULL, NULL, ncols, types, names);
    if (!op)
        return NULL;
    op->u.values.nrows = nrows;
    op->u.values.exprs = exprs;
    return op;
}

ss_lop *lop_function(ss_ctx *ctx, ss_arena *arena, uint32_t rel, const char *name, uint32_t nargs, ss_expr **args,
                     bool ordinality, uint32_t ncols, const ss_type *types, const char *const *names)
{
    ss_lop *op = lop_over(ctx, arena, LOP_FUNCTION, rel, NULL, NULL, ncols, types, names);
    if (!op)
        return NULL;
    op->u.function.name = name;
    op->u.function.nargs = nargs;
    op->u.function.args = args;
    op->u.function.ordinality = ordinality;
    return op;
}

ss_lop *lop_window(ss_ctx *ctx, ss_arena *arena, uint32_t rel, ss_lop *child, uint32_t ncalls,
                   ss_window_call **calls, const char *const *names)
{
    ss_lop *op = lop_new(ctx, arena, LOP_WINDOW, rel, child);
    ss_type *types = op ? ss_arena_alloc(arena, sizeof(ss_type) * (ncalls ? ncalls : 1)) : NULL;
    if (!types) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t i = 0; i < ncalls; i++)
        types[i] = calls[i]->result_type;
    set_columns(op, ncalls, types, names);
    op->u.window.ncalls = ncalls;
    op->u.window.calls = calls;
    return op;
}

ss_lop *lop_filter(ss_ctx *ctx, ss_arena *arena, ss_lop *child, ss_expr *pred)
{
    ss_lop *op = lop_new(ctx, arena, LOP_FILTER, child->rel, child);
    if (op)
        op->u.filter.pred = pred;
    return op;
}

ss_lop *lop_project(ss_ctx *ctx, ss_arena *arena, uint32_t rel, ss_lop *child, uint32_t n, ss_expr **exprs,
                    const char *const *names)
{
    ss_lop *op = lop_new(ctx, arena, LOP_PROJECT, rel, child);
    ss_type *types = op ? types_of(ctx, arena, exprs, n, NULL, 0) : NULL;
    if (!types)
        return NULL;
    op->ncols = n;
    op->types = types;
    op->names = names;
    op->u.project.n = n;
    op->u.project.exprs = exprs;
    op->u.project.barrier = false;
    return op;
}

ss_lop *lop_aggregate(ss_ctx *ctx, ss_arena *arena, uint32_t rel, ss_lop *child, uint32_t ngroups,
                      ss_expr **groups, uint32_t naggs, ss_agg_call *aggs)
{
    ss_lop *op = lop_new(ctx, arena, LOP_AGGREGATE, rel, child);
    ss_type *types = op ? types_of(ctx, arena, groups, ngroups, aggs, naggs) : NULL;
    if (!types)
        return NULL;
    op->ncols = ngroups + naggs;
    op->types = types;
    op->names = NULL;
    op->u.aggregate.ngroups = ngroups;
    op->u.aggregate.groups = groups;
    op->u.aggregate.naggs = naggs;
    op->u.aggregate.aggs = aggs;
    return op;
}

ss_lop *lop_distinct(ss_ctx *ctx, ss_arena *arena, ss_lop *child)
{
    return lop_new(ctx, arena, LOP_DISTINCT, child->rel, child);
}

ss_lop *lop_sort(ss_ctx *ctx, ss_arena *arena, ss_lop *child, uint32_t nkeys, ss_lsort_key *keys)
{
    ss_lop *op = lop_new(ctx, arena, LOP_SORT, child->rel, child);
    if (op) {
        op->u.sort.nkeys = nkeys;
        op->u.sort.keys = keys;
    }
    return op;
}

ss_lop *lop_unique(ss_ctx *ctx, ss_arena *arena, ss_lop *child, uint32_t nkeys, ss_lsort_key *keys)
{
    ss_lop *op = lop_sort(ctx, arena, child, nkeys, keys);
    if (op)
        op->kind = LOP_UNIQUE;
    return op;
}

ss_lop *lop_limit(ss_ctx *ctx, ss_arena *arena, ss_lop *child, ss_expr *limit, ss_expr *offset)
{
    ss_lop *op = lop_new(ctx, arena, LOP_LIMIT, child->rel, child);
    if (op) {
        op->u.limit.limit = limit;
        op->u.limit.offset = offset;
    }
    return op;
}

ss_lop *lop_setop(ss_ctx *ctx, ss_arena *arena, uint32_t rel, ss_lop_setop_kind kind, bool all, ss_lop *left,
                  ss_lop *right, uint32_t ncols, const ss_type *types, const char *const *names)
{
    ss_lop *op = lop_over(ctx, arena, LOP_SETOP, rel, left, right, ncols, types, names);
    if (op) {
        op->u.setop.op = kind;
        op->u.setop.all = all;
    }
    return op;
}

/* side's column types and names into types[0..) and names[0..). */
static void put_columns(const ss_lop *side, ss_type *types, const char **names)
{
    if (side->ncols)
        memcpy(types, side->types, sizeof(ss_type) * side->ncols);
    for (uint32_t c = 0; c < side->ncols; c++)
        names[c] = side->names ? side->names[c] : "?column?";
}

ss_lop *lop_join(ss_ctx *ctx, ss_arena *arena, ss_join_type type, ss_lop *left, ss_lop *right, ss_expr *cond)
{
    ss_lop *op = lop_new(ctx, arena, LOP_JOIN, 0, NULL);
    ss_lop **children = op ? ss_arena_alloc(arena, sizeof(ss_lop *) * 2) : NULL;
    bool left_only = type == SS_JOIN_SEMI || type == SS_JOIN_ANTI;
    uint32_t n = left->ncols + (left_only ? 0 : right->ncols);
    ss_type *types = children ? ss_arena_alloc(arena, sizeof(ss_type) * (n ? n : 1)) : NULL;
    const char **names = types ? ss_arena_alloc(arena, sizeof(char *) * (n ? n : 1)) : NULL;
    if (!names) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    put_columns(left, types, names);
    if (!left_only)
        put_columns(right, types + left->ncols, names + left->ncols);
    children[0] = left;
    children[1] = right;
    op->children = children;
    op->nchildren = 2;
    set_columns(op, n, types, names);
    op->u.join.type = type;
    op->u.join.cond = cond;
    return op;
}

static int each(ss_lop *op, ss_expr **slots, uint32_t n, ss_lop_expr_fn fn, void *arg)
{
    for (uint32_t i = 0; i < n; i++) {
        int rc = slots[i] ? fn(op, &slots[i], arg) : 0;
        if (rc)
            return rc;
    }
    return 0;
}

int lop_each_expr(ss_lop *op, ss_lop_expr_fn fn, void *arg)
{
    int rc = 0;
    switch (op->kind) {
    case LOP_GET:
    case LOP_DISTINCT:
    case LOP_SETOP:
    case LOP_CTE_SCAN:
    case LOP_RECURSIVE_UNION:
    case LOP_WORKTABLE_SCAN:
        break;
    case LOP_VALUES:
        rc = each(op, op->u.values.exprs, op->u.values.nrows * op->ncols, fn, arg);
        break;
    case LOP_FILTER:
        rc = each(op, &op->u.filter.pred, 1, fn, arg);
        break;
    case LOP_PROJECT:
        rc = each(op, op->u.project.exprs, op->u.project.n, fn, arg);
        break;
    case LOP_AGGREGATE:
        rc = each(op, op->u.aggregate.groups, op->u.aggregate.ngroups, fn, arg);
        for (uint32_t i = 0; !rc && i < op->u.aggregate.naggs; i++) {
            rc = each(op, (ss_expr **)&op->u.aggregate.aggs[i].arg, 1, fn, arg);
            ss_agg_extra *x = op->u.aggregate.extras ? op->u.aggregate.extras[i] : NULL;
            if (x && !rc)
                rc = each(op, (ss_expr **)x->args, x->nargs, fn, arg);
            if (x && !rc)
                rc = each(op, (ss_expr **)x->order, x->norder, fn, arg);
            if (x && !rc)
                rc = each(op, (ss_expr **)&x->filter, 1, fn, arg);
            if (x && !rc)
                rc = each(op, (ss_expr **)x->direct, x->ndirect, fn, arg);
        }
        break;
    case LOP_SORT:
    case LOP_UNIQUE:
        for (uint32_t i = 0; !rc && i < op->u.sort.nkeys; i++)
            rc = each(op, &op->u.sort.keys[i].expr, 1, fn, arg);
        break;
    case LOP_LIMIT:
        rc = each(op, &op->u.limit.limit, 1, fn, arg);
        if (!rc)
            rc = each(op, &op->u.limit.offset, 1, fn, arg);
        for (uint32_t i = 0; !rc && i < op->u.limit.nties; i++)
            rc = each(op, &op->u.limit.ties[i].expr, 1, fn, arg);
        break;
    case LOP_JOIN:
        rc = each(op, &op->u.join.cond, 1, fn, arg);
        break;
    case LOP_FUNCTION:
        rc = each(op, op->u.function.args, op->u.function.nargs, fn, arg);
        break;
    case LOP_WINDOW:
        rc = each(op, op->u.window.partition, op->u.window.npartition, fn, arg);
        for (uint32_t i = 0; !rc && i < op->u.window.norder; i++)
            rc = each(op, &op->u.window.order[i].expr, 1, fn, arg);
        if (!rc)
            rc = each(op, &op->u.window.start_offset, 1, fn, arg);
        if (!rc)
            rc = each(op, &op->u.window.end_offset, 1, fn, arg);
        for (uint32_t i = 0; !rc && i < op->u.window.ncalls; i++) {
            ss_window_call *c = op->u.window.calls[i];
            rc = each(op, (ss_expr **)c->args, c->nargs, fn, arg);
            if (!rc)
                rc = each(op, (ss_expr **)&c->filter, 1, fn, arg);
        }
        break;
    }
    return rc;
}

int lop_each_expr_deep(ss_lop *op, ss_lop_expr_fn fn, void *arg)
{
    int rc = lop_each_expr(op, fn, arg);
    for (uint32_t i = 0; !rc && i < op->nchildren; i++)
        rc = lop_each_expr_deep(op->children[i], fn, arg);
    return rc;
}

uint32_t lop_max_rel(const ss_lop *op)
{
    uint32_t m = op->rel;
    for (uint32_t i = 0; i < op->nchildren; i++) {
        uint32_t c = lop_max_rel(op->children[i]);
        m = c > m ? c : m;
    }
    return m;
}

void lop_mark_rels(const ss_lop *op, bool *rels)
{
    if (op->rel)
        rels[op->rel] = true;
    for (uint32_t i = 0; i < op->nchildren; i++)
        lop_mark_rels(op->children[i], rels);
}
