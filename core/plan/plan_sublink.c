/* plan_sublink.c — a subquery of an expression planned into its own physical plan
 * (plan_sublink.h): exec parameters for its arguments, its ANY / ALL test over the plan's
 * output batch, and whether an uncorrelated IN can be probed in a hash set. */
#include "plan/plan_sublink.h"

#include <stdlib.h>
#include <string.h>

#include "exec/expr_walk.h"

ss_expr *ss_outer_param_ref(ss_ctx *ctx, ss_arena *arena, const ss_outer_param *outer, uint32_t n,
                            const ss_expr *e)
{
    for (uint32_t i = 0; i < n; i++)
        if (outer[i].rel == e->u.column.rel && outer[i].col == e->u.column.index) {
            ss_expr *p = ss_arena_alloc(arena, sizeof *p);
            if (!p) {
                ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                return NULL;
            }
            memset(p, 0, sizeof *p);
            p->kind = EXPR_PARAM;
            p->type = e->type;
            p->u.param.index = outer[i].param;
            return p;
        }
    return NULL;
}

/* The test over the subquery's output: its columns are batch positions, the left operands
 * (and outer columns) exec parameters. */
static ss_expr *fix_test(ss_ctx *ctx, ss_arena *arena, const ss_expr *sub, const ss_outer_param *outer,
                         uint32_t n, ss_expr *t)
{
    if (t->kind == EXPR_COLUMN) {
        if (t->u.column.rel == sub->u.sub.sub_rel) {
            ss_expr *c = ss_expr_copy_node(arena, t);
            if (c)
                c->u.column.rel = 0;
            else
                ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return c;
        }
        ss_expr *p = ss_outer_param_ref(ctx, arena, outer, n, t);
        if (!p && !ss_ctx_error_pending(ctx))
            ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "variable not found in subquery test");
        return p;
    }
    uint32_t nc = ss_expr_nchildren(t);
    if (!nc)
        return t;
    ss_expr *c = ss_expr_copy_node(arena, t);
    if (!c) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t i = 0; i < nc; i++) {
        ss_expr **slot = ss_expr_child(c, i);
        if (*slot && !(*slot = fix_test(ctx, arena, sub, outer, n, *slot)))
            return NULL;
    }
    return c;
}

/* Types whose values ss_in_set_build can hold. */
static bool in_set_type(int32_t id)
{
    return id == SS_TYPE_BOOL || id == SS_TYPE_INT2 || id == SS_TYPE_INT4 || id == SS_TYPE_INT8 ||
           id == SS_TYPE_FLOAT8 || id == SS_TYPE_TEXT || id == SS_TYPE_VARCHAR;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int ss_plan_sublink(ss_ctx *ctx, ss_arena *arena, ss_sublink_planning *sub, ss_expr *e)
{
    uint32_t n = e->u.sub.nargs, ncorr = e->u.sub.ncorr;
    ss_outer_param *outer = ss_arena_alloc(arena, sizeof *outer * (n ? n : 1));
    uint32_t *params = ss_arena_alloc(arena, sizeof(uint32_t) * (n ? n : 1));
    uint32_t *changed = ss_arena_alloc(arena, sizeof(uint32_t) * (ncorr ? ncorr : 1));
    if (!outer || !params || !changed)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < n; i++) {
        params[i] = SS_EXEC_PARAM_BASE + sub->nparams++;
        outer[i] = (ss_outer_param){e->u.sub.arg_rel[i], e->u.sub.arg_col[i], params[i]};
        if (i < ncorr)
            changed[i] = params[i] + 1;
    }
    qsort(changed, ncorr, sizeof *changed, cmp_u32);
    ss_plan *plan;
    if (ss_plan_subquery(ctx, arena, sub, outer, ncorr, e->u.sub.lop, &plan))
        return SS_ERROR;
    ss_expr *test = NULL;
    if (e->u.sub.test && !(test = fix_test(ctx, arena, e, outer, n, e->u.sub.test)))
        return SS_ERROR;
    e->u.sub.plan = plan;
    e->u.sub.params = params;
    e->u.sub.changed = changed;
    e->u.sub.test = test;
    e->u.sub.id = sub->nsubplans++;
    /* x IN (SELECT y ...) uncorrelated, x and y of one type: a hash set of the y values */
    const ss_expr *l = test && test->kind == EXPR_OP ? test->u.op.left : NULL, *r = l ? test->u.op.right : NULL;
    e->u.sub.hashed = l && e->u.sub.kind == SS_SUBLINK_ANY && ncorr == 0 && n == 1 && test->u.op.op == OP_EQ &&
                      l->kind == EXPR_PARAM && l->u.param.index == params[0] && r && r->kind == EXPR_COLUMN &&
                      l->type.id == r->type.id && in_set_type(l->type.id);
    return SS_OK;
}

/* ---- LATERAL ------------------------------------------------------------------------------ */

typedef struct lateral_walk {
    ss_ctx *ctx;
    ss_arena *arena;
    const bool *left;
    uint32_t max;
    ss_expr **cols;
    uint32_t n, cap;
    ss_ptrmap seen; /* shared subtrees are walked once */
} lateral_walk;

static int note_left_col(const ss_expr *e, void *arg)
{
    lateral_walk *w = arg;
    if (e->kind != EXPR_COLUMN || e->u.column.rel > w->max || !w->left[e->u.column.rel])
        return SS_WALK_CONTINUE;
    for (uint32_t i = 0; i < w->n; i++)
        if (w->cols[i]->u.column.rel == e->u.column.rel && w->cols[i]->u.column.index == e->u.column.index)
            return SS_WALK_CONTINUE;
    if (w->n == w->cap) {
        uint32_t cap = w->cap ? w->cap * 2 : 8;
        ss_expr **v = ss_arena_alloc(w->arena, sizeof *v * cap);
        if (!v)
            return SS_WALK_NOMEM;
        if (w->n)
            memcpy(v, w->cols, sizeof *v * w->n);
        w->cols = v;
        w->cap = cap;
    }
    w->cols[w->n++] = (ss_expr *)e;
    return SS_WALK_CONTINUE;
}

static int left_cols_of_slot(ss_lop *op, ss_expr **slot, void *arg)
{
    (void)op;
    lateral_walk *w = arg;
    return ss_expr_walk_const(*slot, note_left_col, arg, &w->seen) == SS_WALK_NOMEM ? SS_ERROR : SS_OK;
}

int ss_lateral_params(ss_ctx *ctx, ss_arena *arena, ss_sublink_planning *sub, const ss_lop *join,
                      const ss_outer_param *outer, uint32_t nouter, ss_lateral *out)
{
    memset(out, 0, sizeof *out);
    uint32_t max = lop_max_rel(join->children[0]);
    bool *left = ss_arena_alloc(arena, (size_t)max + 1);
    if (!left)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    memset(left, 0, (size_t)max + 1);
    lop_mark_rels(join->children[0], left);
    lateral_walk w = {.ctx = ctx, .arena = arena, .left = left, .max = max};
    ss_ptrmap_init(&w.seen, arena);
    if (lop_each_expr_deep(join->children[1], left_cols_of_slot, &w))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (!w.n)
        return SS_OK;
    ss_expr **setters = ss_arena_alloc(arena, sizeof *setters * w.n);
    uint32_t *assigned = ss_arena_alloc(arena, sizeof(uint32_t) * w.n);
    ss_outer_param *map = ss_arena_alloc(arena, sizeof *map * (nouter + w.n));
    if (!setters || !assigned || !map)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (nouter)
        memcpy(map, outer, sizeof *map * nouter);
    for (uint32_t i = 0; i < w.n; i++) {
        uint32_t param = SS_EXEC_PARAM_BASE + sub->nparams++;
        ss_expr *s = ss_arena_alloc(arena, sizeof *s);
        if (!s)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memset(s, 0, sizeof *s);
        s->kind = EXPR_SET_PARAM;
        s->type = w.cols[i]->type;
        s->u.set_param.index = param;
        s->u.set_param.arg = w.cols[i];
        setters[i] = s;
        assigned[i] = param + 1; /* ascending: handed out in order */
        map[nouter + i] = (ss_outer_param){w.cols[i]->u.column.rel, w.cols[i]->u.column.index, param};
    }
    *out = (ss_lateral){.n = w.n, .setters = setters, .assigned = {.n = w.n, .index = assigned}, .outer = map,
                        .nouter = nouter + w.n};
    return SS_OK;
}
