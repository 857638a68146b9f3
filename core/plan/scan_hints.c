/* scan_hints.c — scan hints (scan_hints.h): the conjuncts of a filter over a table scan of
 * the form `column op value` a backend may use to skip whole blocks (zone maps).  A hint
 * must mean exactly what the conjunct means, so only comparisons done in the column's own
 * order qualify: the column read as it is stored or through a conversion that keeps every
 * value and its order (an integer widened, float4 as float8, varchar or name as text), the
 * value a constant or a parameter of the same type class, for types whose stored values
 * compare as storage.h says (integers, dates and times as integers, floats as PostgreSQL
 * orders float8, text-like bytes bytewise: the C collation, which is the kernel's). */
#include "plan/scan_hints.h"

#include <string.h>

#include "catalog/catalog.h"
#include "exec/expr.h"
#include "util/arena.h"

/* The most hints one scan gets (more conjuncts are left to the filter alone). */
enum { MAX_HINTS = 32 };

/* The order class of a type: types of one class compare with one another in one order; 0:
 * a type whose order a hint does not describe (numeric's encoding, char(n)'s padding,
 * intervals, ...). */
static int order_class(int32_t id)
{
    switch (id) {
    case SS_TYPE_INT2: case SS_TYPE_INT4: case SS_TYPE_INT8: return 1;
    case SS_TYPE_FLOAT4: case SS_TYPE_FLOAT8: return 2;
    case SS_TYPE_TEXT: case SS_TYPE_VARCHAR: case SS_TYPE_NAME: return 3;
    case SS_TYPE_BOOL: return 4;
    case SS_TYPE_DATE: return 5;
    case SS_TYPE_TIME: return 6;
    case SS_TYPE_TIMESTAMP: return 7;
    case SS_TYPE_TIMESTAMPTZ: return 8;
    case SS_TYPE_BYTEA: return 9;
    case SS_TYPE_UUID: return 10;
    default: return 0;
    }
}

/* Whether a cast from type `from` to `to` keeps every value and the order: an integer
 * widened, float4 as float8, varchar or name as text (no typmod: nothing cut). */
static bool keeps_order(ss_type from, ss_type to)
{
    if (ss_type_is_integer(from.id) && ss_type_is_integer(to.id))
        return ss_type_width(to.id) >= ss_type_width(from.id);
    if (from.id == SS_TYPE_FLOAT4 && to.id == SS_TYPE_FLOAT8)
        return true;
    return (from.id == SS_TYPE_VARCHAR || from.id == SS_TYPE_NAME) && to.id == SS_TYPE_TEXT && to.typmod < 0;
}

/* The table column e reads (through casts that keep the order), or -1. */
static int64_t hint_column(const ss_scan_node *scan, const ss_expr *e)
{
    while (e->kind == EXPR_CAST && keeps_order(e->u.cast.arg->type, e->type))
        e = e->u.cast.arg;
    if (e->kind != EXPR_COLUMN || e->u.column.rel != 0 || e->u.column.index >= scan->ncols)
        return -1;
    uint32_t col = scan->columns[e->u.column.index];
    if (col == SS_SCAN_COLUMN_ROWID || order_class(scan->table->types[col].id) == 0)
        return -1;
    return col;
}

/* Whether e is a value a hint can carry: a non-NULL constant, or a parameter (maybe through
 * a cast that keeps its value: evaluating it cannot fail). */
static bool hint_value(const ss_expr *e)
{
    while (e->kind == EXPR_CAST && keeps_order(e->u.cast.arg->type, e->type))
        e = e->u.cast.arg;
    return (e->kind == EXPR_CONST && !e->u.cnst.is_null) || e->kind == EXPR_PARAM;
}

/* The hint conjunct e gives, false when it gives none. */
static bool classify(const ss_scan_node *scan, const ss_expr *e, ss_scan_node_hint *out)
{
    if (e->kind == EXPR_IS_NULL || e->kind == EXPR_IS_NOT_NULL) {
        int64_t col = hint_column(scan, e->u.arg);
        if (col < 0)
            return false;
        *out = (ss_scan_node_hint){(uint32_t)col, e->kind == EXPR_IS_NULL ? SS_HINT_IS_NULL : SS_HINT_IS_NOT_NULL, NULL};
        return true;
    }
    if (e->kind != EXPR_OP || !e->u.op.left || !e->u.op.right)
        return false;
    static const int32_t ops[] = {[OP_EQ] = SS_HINT_EQ, [OP_LT] = SS_HINT_LT, [OP_LE] = SS_HINT_LE,
                                  [OP_GT] = SS_HINT_GT, [OP_GE] = SS_HINT_GE};
    static const int32_t mirrored[] = {[OP_EQ] = SS_HINT_EQ, [OP_LT] = SS_HINT_GT, [OP_LE] = SS_HINT_GE,
                                       [OP_GT] = SS_HINT_LT, [OP_GE] = SS_HINT_LE};
    ss_expr_op op = e->u.op.op;
    if (op != OP_EQ && op != OP_LT && op != OP_LE && op != OP_GT && op != OP_GE)
        return false;
    const ss_expr *l = e->u.op.left, *r = e->u.op.right;
    int32_t hop = ops[op];
    int64_t col = hint_column(scan, l);
    if (col < 0 || !hint_value(r)) {
        col = hint_column(scan, r);
        if (col < 0 || !hint_value(l))
            return false;
        const ss_expr *t = l;
        l = r;
        r = t;
        hop = mirrored[op];
    }
    /* the comparison is in the column's order: both sides of the column's class */
    int cls = order_class(scan->table->types[col].id);
    if (order_class(l->type.id) != cls || order_class(r->type.id) != cls)
        return false;
    *out = (ss_scan_node_hint){(uint32_t)col, hop, r};
    return true;
}

static void collect(const ss_scan_node *scan, const ss_expr *e, ss_scan_node_hint *v, uint32_t *n)
{
    if (e->kind == EXPR_AND) {
        for (uint32_t i = 0; i < e->u.list.nargs; i++)
            collect(scan, e->u.list.args[i], v, n);
        return;
    }
    if (*n < MAX_HINTS && classify(scan, e, &v[*n]))
        (*n)++;
}

int ss_scan_hints_attach(ss_plan_builder *pb, ss_plan *scan, const ss_expr *pred)
{
    if (!pred || scan->kind != SS_NODE_SCAN)
        return SS_OK;
    ss_scan_node_hint found[MAX_HINTS];
    uint32_t n = 0;
    collect((const ss_scan_node *)scan, pred, found, &n);
    if (n == 0)
        return SS_OK;
    ss_scan_node_hint *hints = ss_arena_alloc(pb->arena, sizeof *hints * n);
    if (!hints)
        return ss_ctx_error(pb->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memcpy(hints, found, sizeof *hints * n);
    return plan_scan_hints(pb, scan, n, hints);
}
