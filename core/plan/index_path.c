/* index_path.c — the planner's index scan choice (index_path.h): matching a WHERE's
 * conjuncts to an index's leading key columns, the ORDER BY an index gives, the cost
 * comparison with the sequential scan, and the text EXPLAIN shows for the index condition. */
#include "plan/index_path.h"
#include "plan/index_pred.h"

#include <math.h>
#include <string.h>
#include <strings.h>

#include "catalog/settings.h"
#include "exec/expr_text.h"
#include "exec/expr_walk.h"
#include "types/typeio.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* PostgreSQL's disable_cost: a path its enable_* setting turns off is not forbidden. */
#define DISABLE_COST 1.0e10

static bool setting_on(ss_ctx *ctx, const char *name)
{
    const char *v = ctx->settings ? ss_settings_get(ctx->settings, name) : NULL;
    return !v || strcmp(v, "off") != 0;
}

/* Types whose index order is the order of SQL's comparison operators. */
static bool orderable(ss_type t)
{
    switch (t.id) {
    case SS_TYPE_BOOL: case SS_TYPE_INT2: case SS_TYPE_INT4: case SS_TYPE_INT8: case SS_TYPE_FLOAT8:
    case SS_TYPE_TEXT: case SS_TYPE_VARCHAR: case SS_TYPE_NUMERIC: case SS_TYPE_DATE: case SS_TYPE_TIME:
    case SS_TYPE_TIMESTAMP: case SS_TYPE_TIMESTAMPTZ: case SS_TYPE_UUID: case SS_TYPE_BYTEA:
    case SS_TYPE_BIT: case SS_TYPE_VARBIT: /* one byte per bit: text order is bit order */
    case SS_TYPE_NAME: /* C collation, as text's */
        return true;
    default:
        return false;
    }
}

static bool is_int(int32_t id)
{
    return id == SS_TYPE_INT2 || id == SS_TYPE_INT4 || id == SS_TYPE_INT8;
}

/* The table column x reads (directly or through a cast that keeps the order: an integer
 * widened, varchar as text), or -1. */
static int key_column(const ss_expr *x, uint32_t rel, const ss_table *t)
{
    if (x->kind == EXPR_CAST) {
        const ss_expr *a = x->u.cast.arg;
        bool widen = is_int(a->type.id) && is_int(x->type.id) && ss_type_width(x->type.id) >= ss_type_width(a->type.id);
        bool text = a->type.id == SS_TYPE_VARCHAR && x->type.id == SS_TYPE_TEXT;
        if (!widen && !text)
            return -1;
        x = a;
    }
    if (x->kind != EXPR_COLUMN || x->u.column.rel != rel || x->u.column.index >= t->ncols)
        return -1;
    return orderable(t->types[x->u.column.index]) ? (int)x->u.column.index : -1;
}

static int find_rel(const ss_expr *e, void *arg)
{
    uint32_t rel = *(const uint32_t *)arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == rel)
        return SS_WALK_STOP;
    /* values that change from row to row, or per call, are not a bound */
    if (e->kind == EXPR_SUBLINK || e->kind == EXPR_FUNC || e->kind == EXPR_SET_PARAM || e->kind == EXPR_CASE)
        return SS_WALK_STOP;
    return SS_WALK_CONTINUE;
}

/* Whether x can be a bound: the same value for every row of the scan. */
static bool bound_value(const ss_expr *x, uint32_t rel)
{
    uint32_t r = rel;
    return ss_expr_walk_const(x, find_rel, &r, NULL) == SS_WALK_CONTINUE;
}

typedef enum { C_EQ, C_LT, C_LE, C_GT, C_GE, C_NULL, C_IN } cond_kind;

typedef struct cond {
    ss_expr *conj;
    cond_kind kind;
    int col;                      /* the table column compared, -1: an expression (key) */
    const ss_expr *key;           /* the side compared (an expression index's key) */
    ss_expr *value;               /* C_EQ .. C_GE */
    ss_type type;                 /* the compared type */
} cond;

/* Whether x reads a column of rel: the side an expression key can be. */
static bool reads_rel(const ss_expr *x, uint32_t rel)
{
    uint32_t r = rel;
    return ss_expr_walk_const(x, find_rel, &r, NULL) == SS_WALK_STOP;
}

static bool classify(ss_expr *e, uint32_t rel, const ss_table *t, cond *c)
{
    c->conj = e;
    if (e->kind == EXPR_IS_NULL) {
        c->kind = C_NULL;
        c->col = key_column(e->u.arg, rel, t);
        c->key = e->u.arg;
        if (c->col >= 0 && e->u.arg->kind != EXPR_COLUMN)
            c->col = -1;
        return c->col >= 0 || reads_rel(e->u.arg, rel);
    }
    if (e->kind == EXPR_IN) {
        if (e->u.in.negated || e->u.in.nitems == 0)
            return false;
        for (uint32_t i = 0; i < e->u.in.nitems; i++)
            if (!bound_value(e->u.in.items[i], rel))
                return false;
        c->kind = C_IN;
        c->col = key_column(e->u.in.arg, rel, t);
        c->key = e->u.in.arg;
        c->type = e->u.in.arg->type;
        return c->col >= 0 || reads_rel(e->u.in.arg, rel);
    }
    if (e->kind != EXPR_OP || !e->u.op.right)
        return false;
    ss_expr_op op = e->u.op.op;
    if (op != OP_EQ && op != OP_LT && op != OP_LE && op != OP_GT && op != OP_GE)
        return false;
    ss_expr *l = e->u.op.left, *r = e->u.op.right;
    int col = key_column(l, rel, t);
    bool flipped = false;
    if ((col < 0 && !reads_rel(l, rel)) || !bound_value(r, rel)) {
        col = key_column(r, rel, t);
        if ((col < 0 && !reads_rel(r, rel)) || !bound_value(l, rel))
            return false;
        ss_expr *tmp = l;
        l = r;
        r = tmp;
        flipped = true;
    }
    if (l->type.id != r->type.id)
        return false;
    static const cond_kind kinds[] = {[OP_EQ] = C_EQ, [OP_LT] = C_LT, [OP_LE] = C_LE, [OP_GT] = C_GT, [OP_GE] = C_GE};
    static const cond_kind flip[] = {[OP_EQ] = C_EQ, [OP_LT] = C_GT, [OP_LE] = C_GE, [OP_GT] = C_LT, [OP_GE] = C_LE};
    c->kind = flipped ? flip[op] : kinds[op];
    c->col = col;
    c->key = l;
    c->value = r;
    c->type = r->type;
    return true;
}

static void conjuncts(ss_expr *e, ss_expr **v, uint32_t *n, uint32_t cap)
{
    if (e->kind == EXPR_AND) {
        for (uint32_t i = 0; i < e->u.list.nargs; i++)
            conjuncts(e->u.list.args[i], v, n, cap);
        return;
    }
    if (*n < cap)
        v[(*n)++] = e;
}

/* ---- EXPLAIN text ---- */

static const char *table_col_name(const void *arg, uint32_t index)
{
    const ss_table *t = arg;
    return index < t->ncols ? t->cols[index].name : NULL;
}

const char *ss_index_path_deparse(ss_arena *arena, const ss_table *t, uint32_t rel, const ss_expr *e)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    bool ok = ss_expr_sql(&sb, e, rel, table_col_name, t, false);
    const char *out = ok && !sb.oom ? ss_arena_strdup(arena, sb.data ? sb.data : "") : NULL;
    ss_strbuf_free(&sb);
    return out;
}

/* ---- matching and costs ---- */

enum { MAX_CONJ = 64 };

typedef struct candidate {
    ss_index_path path;
    double cost;
} candidate;

/* Whether cond c compares key k of ix: its column, or an expression equal to its own. */
static bool key_matches(const ss_index *ix, uint32_t k, const cond *c, uint32_t rel)
{
    if (ix->cols[k] != SS_INDEX_EXPR_KEY)
        return c->col >= 0 && c->col == (int)ix->cols[k];
    return c->key && ss_index_expr_same(ix, ix->exprs[k], c->key, rel);
}

static ss_expr *and_of(ss_arena *arena, ss_expr **v, uint32_t n)
{
    if (n == 0)
        return NULL;
    if (n == 1)
        return v[0];
    ss_expr *a = ss_arena_alloc(arena, sizeof *a);
    ss_expr **args = ss_arena_alloc(arena, sizeof(ss_expr *) * n);
    if (!a || !args)
        return NULL;
    memcpy(args, v, sizeof(ss_expr *) * n);
    memset(a, 0, sizeof *a);
    a->kind = EXPR_AND;
    a->type = (ss_type){SS_TYPE_BOOL, -1};
    a->u.list.nargs = n;
    a->u.list.args = args;
    return a;
}

/* Whether ix's order (after its first neq keys, which are constant) gives order, and in
 * which direction. */
/* Whether key j of ix is ORDER BY key i: the same column, or the same expression. */
static bool order_key_is(const ss_index *ix, uint32_t j, const ss_index_order *order, uint32_t i, uint32_t rel)
{
    if (ix->cols[j] != SS_INDEX_EXPR_KEY)
        return ix->cols[j] == order->cols[i];
    return order->exprs && order->exprs[i] && ss_index_expr_same(ix, ix->exprs[j], order->exprs[i], rel);
}

static bool gives_order(const ss_index *ix, uint32_t neq, const ss_index_order *order, uint32_t rel, bool *backward)
{
    uint32_t j = 0;
    int dir = 0; /* 1 forward, -1 backward */
    for (uint32_t i = 0; i < order->nkeys; i++) {
        while (j < neq && !order_key_is(ix, j, order, i, rel))
            j++;
        if (j < neq) { /* a key held constant: any direction */
            j++;
            continue;
        }
        if (j >= ix->nkeys || !order_key_is(ix, j, order, i, rel))
            return false;
        bool desc = ix->flags[j] & SS_INDEX_DESC, nf = ix->flags[j] & SS_INDEX_NULLS_FIRST;
        int d;
        if (desc == order->descending[i] && nf == order->nulls_first[i])
            d = 1;
        else if (desc != order->descending[i] && nf != order->nulls_first[i])
            d = -1;
        else
            return false;
        if (dir && d != dir)
            return false;
        dir = d;
        j++;
    }
    *backward = dir < 0;
    return true;
}

static int match_index(ss_ctx *ctx, ss_arena *arena, ss_estimator *est, const ss_table *t, uint32_t rel, const ss_index *ix,
                       cond *conds, uint32_t nc, ss_expr **all, uint32_t nall, const ss_index_order *order,
                       double table_rows, candidate *out, bool *ok)
{
    *ok = false;
    ss_index_path *p = &out->path;
    memset(p, 0, sizeof *p);
    p->ix = ix;
    bool *used = ss_arena_alloc(arena, sizeof(bool) * (nc ? nc : 1));
    p->eq = ss_arena_alloc(arena, sizeof(ss_expr *) * ix->nkeys);
    p->eq_types = ss_arena_alloc(arena, sizeof(ss_type) * ix->nkeys);
    if (!used || !p->eq || !p->eq_types)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(used, 0, sizeof(bool) * (nc ? nc : 1));
    ss_expr *icond[MAX_CONJ];
    uint32_t nicond = 0;
    double sel = 1.0;
    /* the equality prefix */
    for (uint32_t k = 0; k < ix->nkeys; k++) {
        int hit = -1;
        for (uint32_t i = 0; i < nc && hit < 0; i++)
            if (!used[i] && key_matches(ix, k, &conds[i], rel) && (conds[i].kind == C_EQ || conds[i].kind == C_NULL))
                hit = (int)i;
        if (hit < 0)
            break;
        used[hit] = true;
        icond[nicond++] = conds[hit].conj;
        p->eq[p->neq] = conds[hit].kind == C_EQ ? conds[hit].value : NULL;
        p->eq_types[p->neq] = conds[hit].kind == C_EQ ? conds[hit].type : ix->types[k];
        p->neq++;
        sel *= ss_est_selectivity(est, conds[hit].conj);
    }
    /* then an IN list or a range on the next key column */
    if (p->neq < ix->nkeys) {
        uint32_t kc = p->neq;
        for (uint32_t i = 0; i < nc; i++)
            if (!used[i] && key_matches(ix, kc, &conds[i], rel) && conds[i].kind == C_IN) {
                used[i] = true;
                icond[nicond++] = conds[i].conj;
                p->nin = conds[i].conj->u.in.nitems;
                p->in = conds[i].conj->u.in.items;
                p->bound_type = conds[i].type;
                sel *= ss_est_selectivity(est, conds[i].conj);
                break;
            }
        for (uint32_t i = 0; i < nc && !p->nin; i++) {
            cond *c = &conds[i];
            if (used[i] || !key_matches(ix, kc, c, rel) || c->kind < C_LT || c->kind > C_GE)
                continue;
            bool lower = c->kind == C_GT || c->kind == C_GE;
            if ((lower ? p->lower : p->upper) || ((p->lower || p->upper) && c->type.id != p->bound_type.id))
                continue;
            used[i] = true;
            icond[nicond++] = c->conj;
            p->bound_type = c->type;
            if (lower) {
                p->lower = c->value;
                p->lower_inclusive = c->kind == C_GE;
            } else {
                p->upper = c->value;
                p->upper_inclusive = c->kind == C_LE;
            }
            sel *= ss_est_selectivity(est, c->conj);
        }
    }
    bool ordered = false;
    if (order && !gives_order(ix, p->neq, order, rel, &p->backward))
        return SS_OK;
    ordered = order != NULL;
    if (nicond == 0 && !ordered)
        return SS_OK;
    /* the residual: every conjunct the index does not answer (nor its predicate says) */
    ss_expr *rest[MAX_CONJ];
    uint32_t nrest = 0;
    for (uint32_t i = 0; i < nall; i++) {
        bool answered = ss_index_pred_states(ix, all[i], rel);
        for (uint32_t k = 0; k < nicond && !answered; k++)
            answered = icond[k] == all[i];
        if (!answered)
            rest[nrest++] = all[i];
    }
    if (nrest && !(p->residual = and_of(arena, rest, nrest)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    double rest_sel = p->residual ? ss_est_selectivity(est, p->residual) : 1.0;
    if (nicond > 1) { /* together: the estimator knows a range's two ends */
        ss_expr *ic = and_of(arena, icond, nicond);
        if (!ic)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        sel = ss_est_selectivity(est, ic);
    }
    bool full_unique = ix->unique && p->neq == ix->nkeys;
    double matching = full_unique ? 1.0 : fmax(1.0, sel * table_rows);
    if (p->nin && ix->unique && p->neq + 1 == ix->nkeys)
        matching = fmin(matching, (double)p->nin);
    p->rows = fmax(1.0, matching * rest_sel);
    /* costs in PostgreSQL's units: a page read 1, a row 0.01, an operator 0.0025; an index
       descent log2(rows) comparisons, and a fetch per matching row (0.1: the rows are in memory) */
    double descent = 0.005 * log2(table_rows + 2.0) * (p->nin ? p->nin : 1);
    double fetched = matching;
    if (order && order->limit >= 0)
        fetched = fmin(matching, order->limit / fmax(rest_sel, 0.0001));
    out->cost = descent + fetched * (0.1 + 0.01 + 0.0025 * nrest);
    if (nicond)
        out->cost += nicond * 0.0025 * fetched;
    if (p->backward && !p->nin)
        out->cost += 0.0001;
    if (nicond) {
        ss_expr *ic = and_of(arena, icond, nicond);
        if (!ic)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        p->cond_text = ss_index_path_deparse(arena, t, rel, ic);
    }
    *ok = true;
    return SS_OK;
}

int ss_index_path_best(ss_ctx *ctx, ss_arena *arena, ss_estimator *est, const ss_table *t, uint32_t rel,
                       ss_expr *pred, const ss_index_order *order, ss_index_path *out, bool *found)
{
    *found = false;
    if (!t->indexes || !t->indexes->n)
        return SS_OK;
    ss_expr *all[MAX_CONJ];
    uint32_t nall = 0;
    if (pred)
        conjuncts(pred, all, &nall, MAX_CONJ);
    if (nall == MAX_CONJ)
        return SS_OK;
    cond conds[MAX_CONJ];
    uint32_t nc = 0;
    for (uint32_t i = 0; i < nall; i++)
        if (classify(all[i], rel, t, &conds[nc]))
            nc++;
    int64_t est_rows = t->storage && t->storage->table_row_estimate && t->handle ? t->storage->table_row_estimate(t->handle)
                                                                                : -1;
    double rows = est_rows >= 0 ? (double)est_rows : 1000.0;
    /* the sequential scan: pages of about 100 rows, a row each, the filter's operators, and
       the sort an ORDER BY needs (top-N under a LIMIT) */
    double seq = rows / 100.0 + rows * 0.01 + rows * 0.0025 * nall;
    if (order) {
        double n = order->limit >= 0 ? fmax(2.0, fmin(order->limit, rows)) : rows;
        double sort = 2.0 * 0.0025 * rows * log2(n + 1.0);
        seq += setting_on(ctx, "enable_sort") ? sort : sort + DISABLE_COST;
    }
    if (!setting_on(ctx, "enable_seqscan"))
        seq += DISABLE_COST;
    bool index_on = setting_on(ctx, "enable_indexscan");
    candidate best = {0}, cand;
    bool have = false;
    for (uint32_t i = 0; i < t->indexes->n; i++) {
        const ss_index *ix = t->indexes->list[i];
        bool ok;
        if (ix->pred && !ss_index_pred_implied(ix, all, nall, rel))
            continue; /* a partial index misses rows the query wants */
        if (match_index(ctx, arena, est, t, rel, ix, conds, nc, all, nall, order, rows, &cand, &ok))
            return SS_ERROR;
        if (!ok)
            continue;
        if (!index_on)
            cand.cost += DISABLE_COST;
        if (!have || cand.cost < best.cost) {
            best = cand;
            have = true;
        }
    }
    if (!have || best.cost >= seq)
        return SS_OK;
    *out = best.path;
    *found = true;
    return SS_OK;
}
