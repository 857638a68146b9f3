/* outer_joins.c — PostgreSQL's reduce_outer_joins: an outer join whose NULL-extended rows a
 * strict condition above it rejects anyway (a WHERE, or the ON of an inner join above, that
 * cannot be true when every column of the nullable side is NULL) is planned as the join that
 * keeps only what survives: LEFT becomes INNER, FULL becomes LEFT (its right side's
 * NULL-extended rows rejected: children swapped, which the layout's bindings follow) or
 * INNER.  The conditions on the formerly nullable side can then be pushed below the join,
 * which is where PostgreSQL evaluates them (and so raises their errors), and the join takes
 * part in the cost-based join order. */
#include <string.h>

#include "plan/outer_joins.h"
#include "types/functions.h"

typedef struct reducer {
    ss_ctx *ctx;
    ss_arena *arena;
    size_t nflags; /* binding ids + 1 */
} reducer;

static bool *flags_new(reducer *r)
{
    bool *f = ss_arena_alloc(r->arena, r->nflags);
    if (!f) {
        ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    memset(f, 0, r->nflags);
    return f;
}

static void flags_or(reducer *r, bool *into, const bool *from)
{
    for (size_t i = 0; i < r->nflags; i++)
        into[i] = into[i] || from[i];
}

static bool flags_meet(reducer *r, const bool *a, const bool *b)
{
    for (size_t i = 0; i < r->nflags; i++)
        if (a[i] && b[i])
            return true;
    return false;
}

/* Marks in out the relations whose columns being NULL makes e NULL (or, at top level of a
 * condition, NULL or false): PostgreSQL's find_nonnullable_rels.  Subqueries, CASE and the
 * non-strict forms prove nothing. */
static int nonnullable(reducer *r, const ss_expr *e, bool top, bool *out)
{
    if (ss_ctx_check_stack(r->ctx))
        return SS_ERROR;
    switch (e->kind) {
    case EXPR_COLUMN:
        if (e->u.column.rel < r->nflags)
            out[e->u.column.rel] = true;
        return SS_OK;
    case EXPR_OP: /* arithmetic, comparisons and text || are strict */
        if (e->u.op.left && nonnullable(r, e->u.op.left, false, out))
            return SS_ERROR;
        return e->u.op.right ? nonnullable(r, e->u.op.right, false, out) : SS_OK;
    case EXPR_CAST:
        return nonnullable(r, e->u.cast.arg, false, out);
    case EXPR_FUNC:
        if (!e->u.func.def || !e->u.func.def->strict)
            return SS_OK;
        for (uint32_t i = 0; i < e->u.func.nargs; i++)
            if (nonnullable(r, e->u.func.args[i], false, out))
                return SS_ERROR;
        return SS_OK;
    case EXPR_IN: /* x = ANY (items) is NULL when x is */
        return nonnullable(r, e->u.in.arg, false, out);
    case EXPR_NOT:
        return nonnullable(r, e->u.arg, false, out);
    case EXPR_IS_NOT_NULL: /* false, never NULL: only a condition's own conjunct */
        return top ? nonnullable(r, e->u.arg, false, out) : SS_OK;
    case EXPR_AND:
        if (top) {
            for (uint32_t i = 0; i < e->u.list.nargs; i++)
                if (nonnullable(r, e->u.list.args[i], true, out))
                    return SS_ERROR;
            return SS_OK;
        }
        /* below the top an AND can be false with one arm NULL: only what every arm proves */
        __attribute__((fallthrough));
    case EXPR_OR: {
        bool *all = NULL;
        for (uint32_t i = 0; i < e->u.list.nargs; i++) {
            bool *arm = flags_new(r);
            if (!arm || nonnullable(r, e->u.list.args[i], top, arm))
                return SS_ERROR;
            if (!all) {
                all = arm;
                continue;
            }
            for (size_t k = 0; k < r->nflags; k++)
                all[k] = all[k] && arm[k];
        }
        if (all)
            flags_or(r, out, all);
        return SS_OK;
    }
    default:
        return SS_OK;
    }
}

static ss_lop *shallow_copy(reducer *r, const ss_lop *op)
{
    ss_lop *c = ss_arena_alloc(r->arena, sizeof *c);
    ss_lop **children = c ? ss_arena_alloc(r->arena, sizeof *children * op->nchildren) : NULL;
    if (!children) {
        ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    *c = *op;
    memcpy(children, op->children, sizeof *children * op->nchildren);
    c->children = children;
    return c;
}

/* forced: the relations a condition above *opp rejects NULL columns of (NULL: none).  *opp
 * becomes a copy of the path down to every join (the binder's plan is kept as it is). */
static int reduce(reducer *r, ss_lop **opp, const bool *forced)
{
    if (ss_ctx_check_stack(r->ctx))
        return SS_ERROR;
    if (!(*opp)->nchildren)
        return SS_OK;
    ss_lop *op = shallow_copy(r, *opp);
    if (!op)
        return SS_ERROR;
    *opp = op;
    if (op->kind == LOP_FILTER) {
        bool *more = flags_new(r);
        if (!more || nonnullable(r, op->u.filter.pred, true, more))
            return SS_ERROR;
        if (forced)
            flags_or(r, more, forced);
        return reduce(r, &op->children[0], more);
    }
    if (op->kind != LOP_JOIN) {
        /* columns above any other operator are not its input's: nothing passes it */
        for (uint32_t i = 0; i < op->nchildren; i++)
            if (reduce(r, &op->children[i], NULL))
                return SS_ERROR;
        return SS_OK;
    }
    bool *left = flags_new(r), *right = flags_new(r), *local = flags_new(r);
    if (!left || !right || !local)
        return SS_ERROR;
    lop_mark_rels(op->children[0], left);
    lop_mark_rels(op->children[1], right);
    ss_join_type type = op->u.join.type;
    if (forced && type == SS_JOIN_LEFT && flags_meet(r, forced, right))
        type = SS_JOIN_INNER;
    if (forced && type == SS_JOIN_FULL) {
        bool need_left = flags_meet(r, forced, left), need_right = flags_meet(r, forced, right);
        if (need_left && need_right) {
            type = SS_JOIN_INNER;
        } else if (need_right) { /* only rows with a left match survive: right LEFT JOIN left */
            /* a FULL join's output keeps its columns' bindings, so the children can swap */
            ss_lop *keep = op->children[0];
            op->children[0] = op->children[1];
            op->children[1] = keep;
            bool *swap = left;
            left = right;
            right = swap;
            type = SS_JOIN_LEFT;
        } else if (need_left) {
            type = SS_JOIN_LEFT;
        }
    }
    op->u.join.type = type;
    if (type != SS_JOIN_FULL && op->u.join.cond && nonnullable(r, op->u.join.cond, true, local))
        return SS_ERROR;
    const bool *to_left = NULL, *to_right = local;
    if (type == SS_JOIN_INNER || type == SS_JOIN_SEMI) {
        if (forced)
            flags_or(r, local, forced);
        to_left = local;
    } else if (type == SS_JOIN_LEFT || type == SS_JOIN_ANTI) {
        to_left = forced;
    } else {
        to_right = NULL;
    }
    if (reduce(r, &op->children[0], to_left) || reduce(r, &op->children[1], to_right))
        return SS_ERROR;
    return SS_OK;
}

int ss_reduce_outer_joins(ss_ctx *ctx, ss_arena *arena, ss_lop **root)
{
    reducer r = {ctx, arena, (size_t)lop_max_rel(*root) + 1};
    return reduce(&r, root, NULL);
}
