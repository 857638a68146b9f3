/* prune.c — the columns each relation must produce (prune.h).  A walk from the root marks the
 * bindings every expression reads; a projection's items are read only when some binding of
 * theirs is marked (or all of the projection is needed), so marks flow down through
 * subqueries.  The walk repeats until no mark is added (a binding may be read from a side of
 * the tree visited after its relation). */
#include "plan/prune.h"

#include <string.h>

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
} pruner;

static bool makes_columns(const ss_lop *op)
{
    return op->kind == LOP_GET || op->kind == LOP_VALUES || op->kind == LOP_PROJECT || op->kind == LOP_AGGREGATE ||
           op->kind == LOP_SETOP;
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
        for (uint32_t i = 0; i < op->u.project.n; i++)
            if ((!need || need[i]) && mark_expr(pr, op->u.project.exprs[i]))
                return SS_ERROR;
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
    case LOP_SETOP:
        child_all = true;
        break;
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
