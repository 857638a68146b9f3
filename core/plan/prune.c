/* prune.c — the columns each relation must produce (prune.h).  A walk from the root marks the
 * bindings every expression reads; a projection's items are read only when some binding of
 * theirs is marked (or all of the projection is needed), so marks flow down through
 * subqueries.  The walk repeats until no mark is added (a binding may be read from a side of
 * the tree visited after its relation). */
#include "plan/prune.h"

#include <string.h>

#include "bind/bind_alter.h"
#include "catalog/catalog.h"
#include "exec/expr_walk.h"
#include "util/ptrmap.h"

typedef struct pruner {
    ss_ctx *ctx;
    ss_arena *arena;
    uint32_t nrels;
    bool **need;
    uint32_t *ncols; /* per relation id: its columns */
    bool changed;
    ss_ptrmap seen; /* expressions marked in this pass (the binder shares subtrees) */
    ss_ptrmap ctes; /* WITH queries visited in this pass (one under all its CTE scans) */
} pruner;

static bool makes_columns(const ss_lop *op)
{
    return op->kind == LOP_GET || op->kind == LOP_VALUES || op->kind == LOP_PROJECT || op->kind == LOP_AGGREGATE ||
           op->kind == LOP_SETOP || op->kind == LOP_CTE_SCAN;
}

static int alloc_need(pruner *pr, const ss_lop *op)
{
    if (makes_columns(op) && op->rel && op->rel <= pr->nrels && !pr->need[op->rel]) {
        uint32_t n = op->ncols;
        if (op->kind == LOP_GET && op->u.get.table->ncols > n)
            n = op->u.get.table->ncols;
        if (!(pr->need[op->rel] = ss_arena_alloc(pr->arena, n ? n : 1)))
            return ss_ctx_error(pr->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memset(pr->need[op->rel], 0, n ? n : 1);
        pr->ncols[op->rel] = n;
    }
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (alloc_need(pr, op->children[i]))
            return SS_ERROR;
    return SS_OK;
}

static void mark(pruner *pr, uint32_t rel, uint32_t col)
{
    if (rel <= pr->nrels && pr->need[rel] && col < pr->ncols[rel] && !pr->need[rel][col]) {
        pr->need[rel][col] = true;
        pr->changed = true;
    }
}

static int mark_column(const ss_expr *e, void *arg)
{
    if (e->kind == EXPR_COLUMN)
        mark(arg, e->u.column.rel, e->u.column.index);
    return SS_WALK_CONTINUE;
}

static int mark_expr(pruner *pr, const ss_expr *e)
{
    if (e && ss_expr_walk_const(e, mark_column, pr, &pr->seen) == SS_WALK_NOMEM)
        return ss_ctx_error(pr->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

static int mark_slot(ss_lop *op, ss_expr **slot, void *arg)
{
    (void)op;
    return mark_expr(arg, *slot);
}

static int visit(pruner *pr, ss_lop *op, bool all);

/* The operator below op making relation rel (NULL: none). */
static const ss_lop *maker_of(const ss_lop *op, uint32_t rel)
{
    if (op->rel == rel && makes_columns(op))
        return op;
    for (uint32_t i = 0; i < op->nchildren; i++) {
        const ss_lop *m = maker_of(op->children[i], rel);
        if (m)
            return m;
    }
    return NULL;
}

static bool droppable(const ss_lop *child, uint32_t col);

/* A constant, or a column of a relation below op that may itself be left out. */
static bool plain_value(const ss_lop *op, const ss_expr *e)
{
    if (e->kind == EXPR_CONST)
        return true;
    if (e->kind != EXPR_COLUMN)
        return false;
    for (uint32_t i = 0; i < op->nchildren; i++) {
        const ss_lop *m = maker_of(op->children[i], e->u.column.rel);
        if (m)
            return droppable(m, e->u.column.index);
    }
    return true; /* an outer query's column */
}

/* Whether column col of the relation child makes (below the filters, sorts and limits over it)
 * can be left out without changing what the query raises: PostgreSQL computes every column of
 * a set operation's input and of a materialized WITH query, so only a plain column or a
 * constant may go, never an expression that could fail (1 / 0) or an aggregate's result. */
static bool droppable(const ss_lop *child, uint32_t col)
{
    const ss_lop *op = child;
    while ((op->kind == LOP_FILTER || op->kind == LOP_SORT || op->kind == LOP_LIMIT || op->kind == LOP_UNIQUE ||
            op->kind == LOP_DISTINCT) &&
           op->nchildren && op->children[0]->rel == child->rel)
        op = op->children[0];
    switch (op->kind) {
    case LOP_PROJECT:
        return col < op->u.project.n && plain_value(op, op->u.project.exprs[col]);
    case LOP_GET:
    case LOP_CTE_SCAN:
    case LOP_SETOP: /* (its own inputs keep what they must) */
        return true;
    case LOP_AGGREGATE:
        return col < op->u.aggregate.ngroups;
    default:
        return false;
    }
}

/* Whether a UNION ALL is one PostgreSQL flattens into an append of its inputs pulled up
 * (is_simple_union_all: no input's columns converted, here or in a UNION ALL below): an input's
 * output nothing reads is then never computed. */
static bool simple_union_all(const ss_lop *op)
{
    if (op->u.setop.cast)
        return false;
    for (uint32_t i = 0; i < op->nchildren; i++) {
        const ss_lop *c = op->children[i];
        if (c->kind == LOP_SETOP && c->u.setop.op == LSETOP_UNION && c->u.setop.all && !simple_union_all(c))
            return false;
    }
    return true;
}

/* child of op (UNION ALL, CTE scan), whose output column i is op's column i: it computes the
 * columns of op that are read (all of them when child makes no relation of its own), and
 * those it may not leave out (droppable) unless op is a simple UNION ALL. */
static int visit_narrowed(pruner *pr, const ss_lop *op, ss_lop *child)
{
    if (!ss_prune_narrowable(pr->need, pr->nrels, child))
        return visit(pr, child, true);
    bool simple = op->kind == LOP_SETOP && simple_union_all(op);
    for (uint32_t i = 0; i < op->ncols; i++)
        if (!pr->need[op->rel][i] && !simple && !droppable(child, i))
            mark(pr, child->rel, i);
    bool any = false;
    for (uint32_t i = 0; i < op->ncols; i++)
        if (pr->need[op->rel][i]) {
            mark(pr, child->rel, i);
            any = true;
        }
    if (!any && op->ncols)
        mark(pr, child->rel, 0); /* rows keep one column to be counted by (planner.c) */
    return visit(pr, child, false);
}

/* all: every column op outputs is read above it. */
static int visit(pruner *pr, ss_lop *op, bool all)
{
    if (ss_ctx_check_stack(pr->ctx))
        return SS_ERROR;
    if (all && makes_columns(op))
        for (uint32_t i = 0; i < op->ncols; i++)
            mark(pr, op->rel, i);
    bool child_all = all;
    switch (op->kind) {
    case LOP_PROJECT: {
        const bool *need = op->rel <= pr->nrels ? pr->need[op->rel] : NULL;
        for (uint32_t i = 0; i < op->u.project.n; i++) {
            /* an item calling something volatile (nextval) is computed whether or not it is
               read, as PostgreSQL's remove_unused_subquery_outputs keeps it */
            if (need && !need[i] && ss_expr_has_volatile(op->u.project.exprs[i]))
                mark(pr, op->rel, i);
            if ((!need || need[i]) && mark_expr(pr, op->u.project.exprs[i]))
                return SS_ERROR;
        }
        child_all = false;
        break;
    }
    case LOP_AGGREGATE:
    case LOP_FILTER:
    case LOP_WINDOW:
    case LOP_SORT:
    case LOP_LIMIT:
    case LOP_JOIN:
    case LOP_VALUES:
        if (lop_each_expr(op, mark_slot, pr))
            return SS_ERROR;
        /* a lateral join's right side takes every left column it reads as a parameter
           (ss_lateral_params), whether or not the expression reading it is needed above */
        if (op->kind == LOP_JOIN && op->u.join.lateral && lop_each_expr_deep(op->children[1], mark_slot, pr))
            return SS_ERROR;
        child_all = op->kind == LOP_AGGREGATE ? false : all;
        break;
    case LOP_DISTINCT:
        child_all = true;
        break;
    case LOP_SETOP:
        if (!op->u.setop.all || op->u.setop.op != LSETOP_UNION) {
            /* UNION, INTERSECT and EXCEPT compare whole rows: every column, in both inputs */
            for (uint32_t i = 0; i < op->ncols; i++)
                mark(pr, op->rel, i);
            child_all = true;
            break;
        }
        /* UNION ALL: each input computes the columns read above (column i of each input) */
        return visit_narrowed(pr, op, op->children[0]) || visit_narrowed(pr, op, op->children[1]) ? SS_ERROR : SS_OK;
    case LOP_CTE_SCAN:
        /* the WITH query (one operator under every reference) computes the columns some
           reference reads */
        {
            /* marks made after its visit in this pass make another pass: once is enough */
            void *v;
            if (ss_ptrmap_get(&pr->ctes, op->children[0], &v)) {
                for (uint32_t i = 0; i < op->ncols; i++)
                    if (pr->need[op->rel][i] && ss_prune_narrowable(pr->need, pr->nrels, op->children[0]))
                        mark(pr, op->children[0]->rel, i);
                return SS_OK;
            }
            if (ss_ptrmap_put(&pr->ctes, op->children[0], op))
                return ss_ctx_error(pr->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        return visit_narrowed(pr, op, op->children[0]);
    case LOP_GET:
        break;
    default: /* an operator this pass does not know: everything it has and reads */
        if (lop_each_expr(op, mark_slot, pr))
            return SS_ERROR;
        child_all = true;
        break;
    }
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (visit(pr, op->children[i], child_all))
            return SS_ERROR;
    return SS_OK;
}

bool ss_prune_narrowable(bool *const *need, uint32_t nrels, const ss_lop *op)
{
    /* its own relation, or the one a filter, sort or limit passes through */
    return op->rel && op->rel <= nrels && need[op->rel];
}

int ss_prune_columns(ss_ctx *ctx, ss_arena *arena, ss_lop *root, uint32_t nrels, bool ***need)
{
    pruner pr = {.ctx = ctx, .arena = arena, .nrels = nrels};
    pr.need = ss_arena_alloc(arena, sizeof *pr.need * (nrels + 1));
    pr.ncols = ss_arena_alloc(arena, sizeof *pr.ncols * (nrels + 1));
    if (!pr.need || !pr.ncols)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(pr.need, 0, sizeof *pr.need * (nrels + 1));
    memset(pr.ncols, 0, sizeof *pr.ncols * (nrels + 1));
    if (alloc_need(&pr, root))
        return SS_ERROR;
    do {
        pr.changed = false;
        ss_ptrmap_init(&pr.seen, arena);
        ss_ptrmap_init(&pr.ctes, arena);
        if (visit(&pr, root, true))
            return SS_ERROR;
    } while (pr.changed);
    *need = pr.need;
    return SS_OK;
}

/* ---- read counts ------------------------------------------------------------------------ */

/* Every operator that makes a relation's columns gets its counts, also those column pruning
 * leaves whole (a function scan, a CTE or worktable scan, a recursive union): a binding
 * without counts reads as never read, and a join would drop it from its output. */
static int alloc_counts(ss_ctx *ctx, ss_arena *arena, const ss_lop *op, ss_read_counts *rc)
{
    if (op->rel && op->rel <= rc->nrels && !rc->count[op->rel]) {
        uint32_t n = op->ncols;
        if (op->kind == LOP_GET && op->u.get.table->ncols > n)
            n = op->u.get.table->ncols;
        if (!(rc->count[op->rel] = ss_arena_alloc(arena, sizeof(uint32_t) * (n ? n : 1))))
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memset(rc->count[op->rel], 0, sizeof(uint32_t) * (n ? n : 1));
        rc->ncols[op->rel] = n;
    }
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (alloc_counts(ctx, arena, op->children[i], rc))
            return SS_ERROR;
    return SS_OK;
}

int ss_read_counts_init(ss_ctx *ctx, ss_arena *arena, const ss_lop *root, uint32_t nrels, ss_read_counts *rc)
{
    rc->nrels = nrels;
    rc->count = ss_arena_alloc(arena, sizeof *rc->count * (nrels + 1));
    rc->ncols = ss_arena_alloc(arena, sizeof *rc->ncols * (nrels + 1));
    if (!rc->count || !rc->ncols)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(rc->count, 0, sizeof *rc->count * (nrels + 1));
    memset(rc->ncols, 0, sizeof *rc->ncols * (nrels + 1));
    return alloc_counts(ctx, arena, root, rc);
}

typedef struct count_walk {
    ss_ctx *ctx;
    ss_arena *arena;
    ss_read_counts *rc;
} count_walk;

static int count_column(const ss_expr *e, void *arg)
{
    ss_read_counts *rc = arg;
    if (e->kind != EXPR_COLUMN)
        return SS_WALK_CONTINUE;
    uint32_t rel = e->u.column.rel, col = e->u.column.index;
    if (rel <= rc->nrels && rc->count[rel] && col < rc->ncols[rel])
        rc->count[rel][col]++;
    return SS_WALK_CONTINUE;
}

/* One slot: each column reference once (a fresh seen set: shared subtrees count once here). */
static int count_slot(ss_lop *op, ss_expr **slot, void *arg)
{
    (void)op;
    count_walk *w = arg;
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, w->arena);
    if (ss_expr_walk_const(*slot, count_column, w->rc, &seen) == SS_WALK_NOMEM)
        return ss_ctx_error(w->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

int ss_read_counts_add(ss_ctx *ctx, ss_arena *arena, ss_lop *op, ss_read_counts *rc)
{
    count_walk w = {ctx, arena, rc};
    return lop_each_expr_deep(op, count_slot, &w);
}

uint32_t ss_read_count(const ss_read_counts *rc, uint32_t rel, uint32_t col)
{
    return rel <= rc->nrels && rc->count[rel] && col < rc->ncols[rel] ? rc->count[rel][col] : 0;
}
