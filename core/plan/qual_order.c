/* qual_order.c — the order in which a filter evaluates its conjuncts (qual_order.h). */
#include "plan/qual_order.h"

#include "exec/expr_walk.h"
#include "types/typeio.h"
#include "util/arena.h"

/* PostgreSQL's estimate of evaluating e per row (cost_qual_eval, in cpu_operator_cost
 * units): one per operator or function; a conversion through text (CoerceViaIO) two, a
 * binary-compatible one or an integer widening (PostgreSQL has cross-type integer operators)
 * none; columns, constants and parameters none.  x IN (n items) is a ScalarArrayOpExpr:
 * n * 0.5, or, for a constant list of at least 9 items that PostgreSQL probes in a hash table
 * (MIN_ARRAY_SIZE_FOR_HASHED_SAOP, decided before quals are ordered), one hash function and
 * one operator.  Counted in half units. */
static uint32_t qual_cost(const ss_expr *e)
{
    if (!e)
        return 0;
    uint32_t c = 0; /* e's own cost */
    switch (e->kind) {
    case EXPR_CONST:
    case EXPR_COLUMN:
    case EXPR_PARAM:
    case EXPR_AND:
    case EXPR_OR:
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
    case EXPR_CASE:
        break;
    case EXPR_OP:
    case EXPR_FUNC:
        c = 2;
        break;
    case EXPR_CAST: {
        int32_t from = e->u.cast.arg->type.id, to = e->type.id;
        if (ss_type_is_text(from) && ss_type_is_text(to))
            c = e->type.typmod >= 0 ? 2 : 0; /* varchar(n) length coercion is a function */
        else if (ss_type_is_text(from) || ss_type_is_text(to) || from == SS_TYPE_UNKNOWN)
            c = 4;
        else if (ss_type_is_integer(from) && ss_type_is_integer(to) && e->u.cast.mode == CAST_IMPLICIT)
            c = 0;
        else
            c = 2;
        break;
    }
    case EXPR_IN: /* its items (constants, parameters) cost nothing themselves */
        c = e->u.in.set && e->u.in.nitems >= 9 ? 4 : e->u.in.nitems;
        break;
    case EXPR_SET_PARAM:
        break;
    case EXPR_SUBLINK: /* a subquery costs more than any expression: PostgreSQL runs it last */
        c = 1u << 20;
        break;
    }
    uint32_t n = ss_expr_nchildren(e);
    for (uint32_t i = 0; i < n; i++)
        c += qual_cost(ss_expr_child_const(e, i));
    return c;
}

static uint32_t count_conjuncts(const ss_expr *e)
{
    if (e->kind != EXPR_AND)
        return 1;
    uint32_t n = 0;
    for (uint32_t i = 0; i < e->u.list.nargs; i++)
        n += count_conjuncts(e->u.list.args[i]);
    return n;
}

static void flatten_conjuncts(ss_expr *e, ss_expr **out, uint32_t *n)
{
    if (e->kind != EXPR_AND) {
        out[(*n)++] = e;
        return;
    }
    for (uint32_t i = 0; i < e->u.list.nargs; i++)
        flatten_conjuncts(e->u.list.args[i], out, n);
}

/* A WHERE or HAVING is a list of conjuncts (nested ANDs flattened, BETWEEN's too) that
 * PostgreSQL evaluates cheapest first (order_qual_clauses, a stable sort), each only on the
 * rows the earlier ones passed: which rows reach an expression that can fail depends on it. */
/* Whether evaluating e can raise an error at some row (conservatively: true unless e is built
 * only from columns, constants, parameters, comparisons, boolean logic, integer widening and
 * integer % or / by a constant that cannot fail). */
static bool can_fail(const ss_expr *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case EXPR_CONST:
    case EXPR_COLUMN:
    case EXPR_PARAM:
        return false;
    case EXPR_SUBLINK:
        return true;
    case EXPR_SET_PARAM:
        return can_fail(e->u.set_param.arg);
    case EXPR_OP: {
        const ss_expr *r = e->u.op.right;
        switch (e->u.op.op) {
        case OP_EQ:
        case OP_NE:
        case OP_LT:
        case OP_LE:
        case OP_GT:
        case OP_GE:
            return can_fail(e->u.op.left) || can_fail(r);
        case OP_MOD:
        case OP_DIV: {
            /* integer x % c never fails for c <> 0 (PostgreSQL special-cases -1); x / c only
               overflows for c = -1 */
            bool safe = ss_type_is_integer(e->type.id) && r && r->kind == EXPR_CONST && !r->u.cnst.is_null &&
                        r->u.cnst.v.i != 0 && (e->u.op.op == OP_MOD || r->u.cnst.v.i != -1);
            return !safe || can_fail(e->u.op.left);
        }
        default:
            return true;
        }
    }
    case EXPR_AND:
    case EXPR_OR:
        for (uint32_t i = 0; i < e->u.list.nargs; i++)
            if (can_fail(e->u.list.args[i]))
                return true;
        return false;
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
        return can_fail(e->u.arg);
    case EXPR_CAST: {
        int32_t from = e->u.cast.arg->type.id, to = e->type.id;
        bool widening = ss_type_is_integer(from) &&
                        ((ss_type_is_integer(to) && ss_type_width(to) >= ss_type_width(from)) || to == SS_TYPE_FLOAT8);
        return !widening || can_fail(e->u.cast.arg);
    }
    case EXPR_IN:
        return can_fail(e->u.in.arg);
    case EXPR_FUNC:
    case EXPR_CASE:
        return true;
    }
    return true;
}

ss_expr *ss_order_quals(ss_ctx *ctx, ss_arena *arena, ss_expr *pred)
{
    if (pred->kind != EXPR_AND)
        return pred;
    /* the order is observable only through which error is raised: when no conjunct can fail,
       the written order stays (the user's, often the more selective test first) */
    bool observable = false;
    for (uint32_t i = 0; !observable && i < pred->u.list.nargs; i++)
        observable = can_fail(pred->u.list.args[i]);
    if (!observable)
        return pred;
    uint32_t n = count_conjuncts(pred), k = 0;
    ss_expr **args = ss_arena_alloc(arena, n * sizeof *args);
    uint32_t *cost = ss_arena_alloc(arena, n * sizeof *cost);
    ss_expr *e = ss_arena_alloc(arena, sizeof *e);
    if (!args || !cost || !e) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    e->kind = EXPR_AND;
    e->type = pred->type;
    flatten_conjuncts(pred, args, &k);
    for (uint32_t i = 0; i < n; i++) {
        ss_expr *x = args[i];
        uint32_t c = qual_cost(x), j = i;
        for (; j > 0 && cost[j - 1] > c; j--) {
            args[j] = args[j - 1];
            cost[j] = cost[j - 1];
        }
        args[j] = x;
        cost[j] = c;
    }
    e->u.list.nargs = n;
    e->u.list.args = args;
    return e;
}

