/* index_pred.c — the planner's matching of expression index keys and partial index
 * predicates against a query's WHERE (index_pred.h).  Trees are compared node by node; the
 * index's read the columns the table had when it was made (mapped by ix->cols after the
 * keys), the query's read relation rel. */
#include "plan/index_pred.h"

#include <string.h>

static bool same_value(ss_type t, const ss_value *a, const ss_value *b)
{
    if (a->is_null || b->is_null)
        return a->is_null && b->is_null;
    if (ss_type_is_varlen(t.id))
        return a->v.s.len == b->v.s.len && memcmp(a->v.s.ptr, b->v.s.ptr, a->v.s.len) == 0;
    switch (t.id) {
    case SS_TYPE_BOOL: return a->v.b == b->v.b;
    case SS_TYPE_FLOAT4: case SS_TYPE_FLOAT8: return a->v.f == b->v.f;
    default: return a->v.i == b->v.i;
    }
}

static bool same_list(const ss_index *ix, ss_expr *const *a, ss_expr *const *b, uint32_t n, uint32_t rel)
{
    for (uint32_t i = 0; i < n; i++)
        if (!ss_index_expr_same(ix, a[i], b[i], rel))
            return false;
    return true;
}

bool ss_index_expr_same(const ss_index *ix, const ss_expr *ie, const ss_expr *q, uint32_t rel)
{
    if (!ie || !q)
        return ie == q;
    if (ie->kind != q->kind || ie->type.id != q->type.id || ie->type.typmod != q->type.typmod)
        return false;
    switch (ie->kind) {
    case EXPR_COLUMN:
        return ie->u.column.rel == 0 && ie->u.column.index < ix->expr_ncols && q->u.column.rel == rel &&
               ix->cols[ix->nkeys + ie->u.column.index] == q->u.column.index;
    case EXPR_CONST:
        return same_value(ie->type, &ie->u.cnst, &q->u.cnst);
    case EXPR_OP:
        return ie->u.op.op == q->u.op.op && ss_index_expr_same(ix, ie->u.op.left, q->u.op.left, rel) &&
               ss_index_expr_same(ix, ie->u.op.right, q->u.op.right, rel);
    case EXPR_AND:
    case EXPR_OR:
        return ie->u.list.nargs == q->u.list.nargs && same_list(ix, ie->u.list.args, q->u.list.args, ie->u.list.nargs, rel);
    case EXPR_NOT:
    case EXPR_IS_NULL:
    case EXPR_IS_NOT_NULL:
        return ss_index_expr_same(ix, ie->u.arg, q->u.arg, rel);
    case EXPR_CAST:
        return ss_index_expr_same(ix, ie->u.cast.arg, q->u.cast.arg, rel);
    case EXPR_FUNC:
        return ie->u.func.def == q->u.func.def && ie->u.func.nargs == q->u.func.nargs &&
               ie->u.func.variadic == q->u.func.variadic &&
               same_list(ix, ie->u.func.args, q->u.func.args, ie->u.func.nargs, rel);
    default:
        return false;
    }
}

/* e as "X op constant" (flipped when written "constant op X"): false for another form. */
static bool as_comparison(const ss_expr *e, const ss_expr **x, ss_expr_op *op, const ss_expr **c)
{
    if (e->kind != EXPR_OP || !e->u.op.right)
        return false;
    ss_expr_op o = e->u.op.op;
    if (o != OP_EQ && o != OP_LT && o != OP_LE && o != OP_GT && o != OP_GE)
        return false;
    const ss_expr *l = e->u.op.left, *r = e->u.op.right;
    if (r->kind == EXPR_CONST) {
        *x = l, *c = r, *op = o;
        return true;
    }
    if (l->kind == EXPR_CONST) {
        static const ss_expr_op flip[] = {[OP_EQ] = OP_EQ, [OP_LT] = OP_GT, [OP_LE] = OP_GE, [OP_GT] = OP_LT,
                                          [OP_GE] = OP_LE};
        *x = r, *c = l, *op = flip[o];
        return true;
    }
    return false;
}

static bool is_int(int32_t id)
{
    return id == SS_TYPE_INT2 || id == SS_TYPE_INT4 || id == SS_TYPE_INT8;
}

/* Whether X qop qc implies X pop pc (integers). */
static bool range_implies(ss_expr_op qop, int64_t qc, ss_expr_op pop, int64_t pc)
{
    switch (pop) {
    case OP_GT: return (qop == OP_GT && qc >= pc) || ((qop == OP_GE || qop == OP_EQ) && qc > pc);
    case OP_GE: return (qop == OP_GT && qc >= pc - 1) || ((qop == OP_GE || qop == OP_EQ) && qc >= pc);
    case OP_LT: return (qop == OP_LT && qc <= pc) || ((qop == OP_LE || qop == OP_EQ) && qc < pc);
    case OP_LE: return (qop == OP_LT && qc <= pc + 1) || ((qop == OP_LE || qop == OP_EQ) && qc <= pc);
    case OP_EQ: return qop == OP_EQ && qc == pc;
    default: return false;
    }
}

/* Whether query conjunct q implies index predicate conjunct p. */
static bool implies(const ss_index *ix, const ss_expr *q, const ss_expr *p, uint32_t rel)
{
    if (ss_index_expr_same(ix, p, q, rel))
        return true;
    const ss_expr *qx, *qc, *px, *pc;
    ss_expr_op qop, pop;
    if (p->kind == EXPR_IS_NOT_NULL && as_comparison(q, &qx, &qop, &qc))
        return ss_index_expr_same(ix, p->u.arg, qx, rel); /* comparisons are strict */
    if (!as_comparison(q, &qx, &qop, &qc) || !as_comparison(p, &px, &pop, &pc))
        return false;
    if (!is_int(qc->type.id) || qc->type.id != pc->type.id || qc->u.cnst.is_null || pc->u.cnst.is_null)
        return false;
    return ss_index_expr_same(ix, px, qx, rel) && range_implies(qop, qc->u.cnst.v.i, pop, pc->u.cnst.v.i);
}

bool ss_index_pred_implied(const ss_index *ix, ss_expr *const *all, uint32_t n, uint32_t rel)
{
    const ss_expr *p = ix->pred;
    uint32_t np = p->kind == EXPR_AND ? p->u.list.nargs : 1;
    for (uint32_t j = 0; j < np; j++) {
        const ss_expr *pj = p->kind == EXPR_AND ? p->u.list.args[j] : p;
        bool found = false;
        for (uint32_t i = 0; i < n && !found; i++)
            found = implies(ix, all[i], pj, rel);
        if (!found)
            return false;
    }
    return true;
}

bool ss_index_pred_states(const ss_index *ix, const ss_expr *q, uint32_t rel)
{
    const ss_expr *p = ix->pred;
    if (!p)
        return false;
    uint32_t np = p->kind == EXPR_AND ? p->u.list.nargs : 1;
    for (uint32_t j = 0; j < np; j++)
        if (ss_index_expr_same(ix, p->kind == EXPR_AND ? p->u.list.args[j] : p, q, rel))
            return true;
    return false;
}
