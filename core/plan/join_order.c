/* join_order.c — inner-join trees reordered by estimated cost (join_order.h).  A region is a
 * maximal tree of inner joins; its leaves (tables, filters over them, subqueries, outer
 * joins, ...) are numbered 0..n-1 and each conjunct of the joins' conditions gets the set of
 * leaves it reads.  The rows of a set of leaves do not depend on the order: the product of
 * their rows and of the selectivities of the conjuncts within the set.  A join of two sets
 * costs build + probe rows when a hashable equality connects them, else their product; the
 * cheapest tree of every set comes from the cheapest of its two-way splits (dynamic
 * programming, up to SS_JOIN_DP_LIMIT leaves), or, beyond, from greedily joining the pair of
 * partial trees that costs least.  Splits with no conjunct between their sides (cross
 * products) are only considered when the leaves cannot all be joined otherwise.  Each
 * conjunct goes to the lowest join that has all its leaves. */
#include "plan/join_order.h"

#include <string.h>

#include "exec/expr_walk.h"
#include "util/arena.h"

typedef struct jo_conj {
    ss_expr *e;
    uint64_t mask;         /* the leaves it reads (all of them when it reads none) */
    uint64_t lmask, rmask; /* an equality's two sides' leaves (0 for other conjuncts) */
    double sel;
} jo_conj;

typedef struct region {
    ss_ctx *ctx;
    ss_arena *arena;
    ss_estimator *est;
    uint32_t nleaves;
    ss_lop **leaves;
    double *leaf_rows;
    uint32_t nconj;
    jo_conj *conj;
    uint64_t full;
    int32_t *rel_leaf; /* binding id -> leaf index, -1 none, -2 in two leaves */
} region;

bool ss_join_hashable_pair(ss_type a, ss_type b)
{
    bool text_a = a.id == SS_TYPE_TEXT || a.id == SS_TYPE_VARCHAR;
    bool text_b = b.id == SS_TYPE_TEXT || b.id == SS_TYPE_VARCHAR;
    if (text_a || text_b)
        return text_a && text_b;
    return a.id == b.id && (a.id == SS_TYPE_BOOL || a.id == SS_TYPE_INT2 || a.id == SS_TYPE_INT4 ||
                            a.id == SS_TYPE_INT8 || a.id == SS_TYPE_FLOAT8);
}

static void *jo_alloc(region *r, size_t n)
{
    void *m = ss_arena_alloc(r->arena, n ? n : 1);
    if (!m)
        ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return m;
}

/* An inner join whose sides may be reordered: not a LATERAL one (its right side reads its
 * left side's columns, so it must stay on the right of them). */
static bool is_inner_join(const ss_lop *op)
{
    return op->kind == LOP_JOIN && op->u.join.type == SS_JOIN_INNER && !op->u.join.lateral;
}

static bool is_conjunction(const ss_expr *e)
{
    return e->kind == EXPR_AND;
}

/* How many leaves and conjuncts the inner-join tree op has. */
static void count_region(const ss_lop *op, uint32_t *nleaves, uint32_t *nconj)
{
    if (!is_inner_join(op)) {
        ++*nleaves;
        return;
    }
    count_region(op->children[0], nleaves, nconj);
    count_region(op->children[1], nleaves, nconj);
    const ss_expr *e = op->u.join.cond;
    *nconj += !e ? 0 : is_conjunction(e) ? e->u.list.nargs : 1;
}

/* The conjuncts of e (one level of AND: the binder and push_down flatten nested ones). */
static void add_conjuncts(region *r, ss_expr *e)
{
    if (!e)
        return;
    if (!is_conjunction(e)) {
        r->conj[r->nconj++] = (jo_conj){.e = e};
        return;
    }
    for (uint32_t i = 0; i < e->u.list.nargs; i++)
        r->conj[r->nconj++] = (jo_conj){.e = e->u.list.args[i]};
}

/* The leaves and conjuncts of the inner-join tree op, leaves left to right. */
static int collect(region *r, ss_lop *op)
{
    if (ss_ctx_check_stack(r->ctx))
        return SS_ERROR;
    if (is_inner_join(op)) {
        if (collect(r, op->children[0]) || collect(r, op->children[1]))
            return SS_ERROR;
        add_conjuncts(r, op->u.join.cond);
        return SS_OK;
    }
    r->leaves[r->nleaves++] = op;
    return SS_OK;
}

static void note_leaf_rels(region *r, const ss_lop *op, int32_t leaf)
{
    if (op->rel && op->rel <= r->est->nrels)
        r->rel_leaf[op->rel] = r->rel_leaf[op->rel] == -1 || r->rel_leaf[op->rel] == leaf ? leaf : -2;
    for (uint32_t i = 0; i < op->nchildren; i++)
        note_leaf_rels(r, op->children[i], leaf);
}

typedef struct mask_walk {
    const region *r;
    uint64_t mask;
    bool ambiguous;
} mask_walk;

static int note_leaf(const ss_expr *e, void *arg)
{
    mask_walk *w = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel <= w->r->est->nrels) {
        int32_t leaf = w->r->rel_leaf[e->u.column.rel];
        if (leaf >= 0)
            w->mask |= (uint64_t)1 << leaf;
        else if (leaf == -2)
            w->ambiguous = true;
    }
    return SS_WALK_CONTINUE;
}

/* The leaves e reads; *ambiguous when one of its relations is in two leaves. */
static int leaves_of(region *r, const ss_expr *e, uint64_t *mask, bool *ambiguous)
{
    mask_walk w = {.r = r};
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, r->arena);
    if (ss_expr_walk_const(e, note_leaf, &w, &seen) == SS_WALK_NOMEM)
        return ss_ctx_error(r->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *mask = w.mask;
    *ambiguous |= w.ambiguous;
    return SS_OK;
}

/* Leaf and conjunct annotations; *ok false when the region is better left as it is. */
static int annotate(region *r, bool *ok)
{
    uint32_t n = r->est->nrels + 1;
    if (!(r->rel_leaf = jo_alloc(r, sizeof *r->rel_leaf * n)) ||
        !(r->leaf_rows = jo_alloc(r, sizeof *r->leaf_rows * r->nleaves)))
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        r->rel_leaf[i] = -1;
    for (uint32_t i = 0; i < r->nleaves; i++) {
        note_leaf_rels(r, r->leaves[i], (int32_t)i);
        double rows = ss_est_rows(r->est, r->leaves[i]);
        r->leaf_rows[i] = rows < 0 ? SS_DEFAULT_REL_ROWS : rows;
    }
    r->full = r->nleaves == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->nleaves) - 1;
    bool ambiguous = false;
    for (uint32_t i = 0; i < r->nconj; i++) {
        jo_conj *c = &r->conj[i];
        if (leaves_of(r, c->e, &c->mask, &ambiguous))
            return SS_ERROR;
        if (!c->mask)
            c->mask = r->full; /* constants and outer references: at the top */
        c->sel = ss_est_selectivity(r->est, c->e);
        const ss_expr *e = c->e;
        if (e->kind == EXPR_OP && e->u.op.op == OP_EQ && e->u.op.right &&
            ss_join_hashable_pair(e->u.op.left->type, e->u.op.right->type) &&
            (leaves_of(r, e->u.op.left, &c->lmask, &ambiguous) || leaves_of(r, e->u.op.right, &c->rmask, &ambiguous)))
            return SS_ERROR;
    }
    *ok = !ambiguous;
    return SS_OK;
}

/* ---- cost ------------------------------------------------------------------------------- */

static double rows_of_set(const region *r, uint64_t s)
{
    double rows = 1;
    for (uint32_t i = 0; i < r->nleaves; i++)
        if (s >> i & 1)
            rows *= r->leaf_rows[i];
    for (uint32_t i = 0; i < r->nconj; i++)
        if ((r->conj[i].mask & ~s) == 0)
            rows *= r->conj[i].sel;
    return ss_est_clamp(rows);
}

static bool subset(uint64_t a, uint64_t b)
{
    return (a & ~b) == 0;
}

/* Whether a conjunct of l ∪ r reads both l and r; *hash whether one is a hashable equality
 * of an expression of l and one of r. */
static bool connected(const region *r, uint64_t l, uint64_t rr, bool *hash)
{
    bool any = false;
    *hash = false;
    for (uint32_t i = 0; i < r->nconj; i++) {
        const jo_conj *c = &r->conj[i];
        if (!subset(c->mask, l | rr) || !(c->mask & l) || !(c->mask & rr))
            continue;
        any = true;
        if (c->lmask && c->rmask &&
            ((subset(c->lmask, l) && subset(c->rmask, rr)) || (subset(c->lmask, rr) && subset(c->rmask, l))))
            *hash = true;
    }
    return any;
}

static double join_cost(double lrows, double rrows, bool hash)
{
    return hash ? lrows + rrows : lrows * rrows;
}

/* ---- search ----------------------------------------------------------------------------- */

/* A partial tree: its leaves, its cost, and its split (left 0: a leaf). */
typedef struct jo_plan {
    uint64_t mask, left;
    double cost, rows;
    bool valid;
} jo_plan;

/* Dynamic programming over every subset of the n <= SS_JOIN_DP_LIMIT leaves: best[s] for
 * each set s; cross products only when allow_cross. */
static void dp_search(const region *r, jo_plan *best, bool allow_cross)
{
    uint32_t n = r->nleaves;
    uint64_t nsets = (uint64_t)1 << n;
    for (uint64_t s = 1; s < nsets; s++) {
        jo_plan *b = &best[s];
        if (!(s & (s - 1))) {
            uint32_t i = (uint32_t)__builtin_ctzll(s);
            *b = (jo_plan){.mask = s, .rows = r->leaf_rows[i], .valid = true};
            continue;
        }
        if (b->valid)
            continue; /* from the pass without cross products */
        b->rows = rows_of_set(r, s);
        for (uint64_t l = (s - 1) & s; l; l = (l - 1) & s) {
            uint64_t rr = s ^ l;
            if (l < rr || !best[l].valid || !best[rr].valid)
                continue; /* each split once */
            bool hash;
            if (!connected(r, l, rr, &hash) && !allow_cross)
                continue;
            double cost = best[l].cost + best[rr].cost + join_cost(best[l].rows, best[rr].rows, hash);
            if (!b->valid || cost < b->cost) {
                *b = (jo_plan){.mask = s, .left = l, .cost = cost, .rows = b->rows, .valid = true};
            }
        }
    }
}

/* Greedy for more leaves: starting from the leaves, join the pair of partial trees that costs
 * least (connected pairs first) until one is left.  tree[] receives every partial tree made;
 * *root is the index of the last. */
static int greedy_search(region *r, jo_plan *tree, uint32_t *root)
{
    uint32_t n = r->nleaves, ntree = 0;
    uint32_t *live = jo_alloc(r, sizeof *live * n);
    if (!live)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++) {
        tree[ntree] = (jo_plan){.mask = (uint64_t)1 << i, .rows = r->leaf_rows[i], .valid = true};
        live[i] = ntree++;
    }
    for (uint32_t nlive = n; nlive > 1; nlive--) {
        uint32_t bi = 0, bj = 1;
        double best = 0;
        bool found = false, found_connected = false;
        for (uint32_t i = 0; i < nlive; i++)
            for (uint32_t j = i + 1; j < nlive; j++) {
                const jo_plan *a = &tree[live[i]], *b = &tree[live[j]];
                bool hash, conn = connected(r, a->mask, b->mask, &hash);
                if (found_connected && !conn)
                    continue;
                double cost = a->cost + b->cost + join_cost(a->rows, b->rows, hash) + rows_of_set(r, a->mask | b->mask);
                if (!found || (conn && !found_connected) || cost < best) {
                    bi = i, bj = j, best = cost, found = true, found_connected = conn;
                }
            }
        const jo_plan *a = &tree[live[bi]], *b = &tree[live[bj]];
        bool hash;
        connected(r, a->mask, b->mask, &hash);
        tree[ntree] = (jo_plan){.mask = a->mask | b->mask, .left = a->mask,
                                .cost = a->cost + b->cost + join_cost(a->rows, b->rows, hash),
                                .rows = rows_of_set(r, a->mask | b->mask), .valid = true};
        live[bi] = ntree++;
        live[bj] = live[nlive - 1];
    }
    *root = live[0];
    return SS_OK;
}

/* ---- the current order ------------------------------------------------------------------ */

/* The cost of the region's tree as it is; *next numbers the leaves left to right. */
static double current_cost(const region *r, const ss_lop *op, uint32_t *next, uint64_t *mask, double *rows)
{
    if (!is_inner_join(op)) {
        uint32_t i = (*next)++;
        *mask = (uint64_t)1 << i;
        *rows = r->leaf_rows[i];
        return 0;
    }
    uint64_t lm, rm;
    double lr, rr;
    double cost = current_cost(r, op->children[0], next, &lm, &lr);
    cost += current_cost(r, op->children[1], next, &rm, &rr);
    bool hash;
    connected(r, lm, rm, &hash);
    *mask = lm | rm;
    *rows = rows_of_set(r, *mask);
    return cost + join_cost(lr, rr, hash);
}

/* ---- rebuilding ------------------------------------------------------------------------- */

static int and_of(region *r, ss_expr **v, uint32_t n, ss_expr **out)
{
    if (n <= 1) {
        *out = n ? v[0] : NULL;
        return SS_OK;
    }
    ss_expr *e = jo_alloc(r, sizeof *e);
    if (!e)
        return SS_ERROR;
    e->kind = EXPR_AND;
    e->type = v[0]->type;
    e->u.list.nargs = n;
    e->u.list.args = v;
    *out = e;
    return SS_OK;
}

/* The conjuncts that belong to the join of l and rr (those of l ∪ r in neither side alone),
 * or with rr = 0 those of the single leaf l, as one expression (NULL: none). */
static int conds_of(region *r, uint64_t l, uint64_t rr, ss_expr **out)
{
    ss_expr **v = jo_alloc(r, sizeof *v * r->nconj);
    if (!v)
        return SS_ERROR;
    uint32_t n = 0;
    for (uint32_t i = 0; i < r->nconj; i++) {
        uint64_t m = r->conj[i].mask;
        if (rr ? subset(m, l | rr) && !subset(m, l) && !subset(m, rr) : m == l)
            v[n++] = r->conj[i].e;
    }
    return and_of(r, v, n, out);
}

/* The lowest leaf index of a set, to order equal sides as they were written. */
static uint32_t first_leaf(uint64_t m)
{
    return (uint32_t)__builtin_ctzll(m);
}

typedef int (*split_fn)(const void *search, uint64_t set, uint64_t *left);

static int build(region *r, const void *search, split_fn split, uint64_t s, ss_lop **out)
{
    if (ss_ctx_check_stack(r->ctx))
        return SS_ERROR;
    if (!(s & (s - 1))) {
        ss_lop *leaf = r->leaves[first_leaf(s)];
        ss_expr *own;
        if (conds_of(r, s, 0, &own))
            return SS_ERROR;
        *out = own ? lop_filter(r->ctx, r->arena, leaf, own) : leaf;
        return *out ? SS_OK : SS_ERROR;
    }
    uint64_t l;
    if (split(search, s, &l))
        return ss_ctx_error(r->ctx, SS_SQLSTATE_INTERNAL_ERROR, "join search left a set of relations unplanned");
    uint64_t rr = s ^ l;
    /* the smaller input on the right (the build side); equal ones as written */
    double lrows = rows_of_set(r, l), rrows = rows_of_set(r, rr);
    if (lrows < rrows || (lrows == rrows && first_leaf(l) > first_leaf(rr))) {
        uint64_t t = l;
        l = rr;
        rr = t;
    }
    ss_lop *left = NULL, *right = NULL;
    ss_expr *cond = NULL;
    if (build(r, search, split, l, &left) || build(r, search, split, rr, &right) || conds_of(r, l, rr, &cond))
        return SS_ERROR;
    *out = lop_join(r->ctx, r->arena, SS_JOIN_INNER, left, right, cond);
    return *out ? SS_OK : SS_ERROR;
}

static int dp_split(const void *search, uint64_t s, uint64_t *left)
{
    const jo_plan *best = search;
    *left = best[s].left;
    return best[s].valid && best[s].left ? SS_OK : SS_ERROR;
}

typedef struct greedy_result {
    const jo_plan *tree;
    uint32_t n;
} greedy_result;

static int greedy_split(const void *search, uint64_t s, uint64_t *left)
{
    const greedy_result *g = search;
    for (uint32_t i = 0; i < g->n; i++)
        if (g->tree[i].mask == s && g->tree[i].left) {
            *left = g->tree[i].left;
            return SS_OK;
        }
    return SS_ERROR;
}

/* The current tree with each join's smaller input on the right. */
static int orient(region *r, ss_lop *op, uint32_t *next, uint64_t *mask, ss_lop **out)
{
    if (!is_inner_join(op)) {
        *out = r->leaves[*next];
        *mask = (uint64_t)1 << (*next)++;
        return SS_OK;
    }
    uint64_t lm, rm;
    ss_lop *l, *rr;
    if (orient(r, op->children[0], next, &lm, &l) || orient(r, op->children[1], next, &rm, &rr))
        return SS_ERROR;
    *mask = lm | rm;
    bool swap = rows_of_set(r, lm) < rows_of_set(r, rm);
    if (!swap && l == op->children[0] && rr == op->children[1]) {
        *out = op;
        return SS_OK;
    }
    *out = swap ? lop_join(r->ctx, r->arena, SS_JOIN_INNER, rr, l, op->u.join.cond)
                : lop_join(r->ctx, r->arena, SS_JOIN_INNER, l, rr, op->u.join.cond);
    return *out ? SS_OK : SS_ERROR;
}

static int reorder_region(ss_ctx *ctx, ss_arena *arena, ss_estimator *est, ss_lop **opp)
{
    region r = {.ctx = ctx, .arena = arena, .est = est};
    uint32_t nleaves = 0, nconj = 0;
    count_region(*opp, &nleaves, &nconj);
    if (!(r.leaves = jo_alloc(&r, sizeof *r.leaves * nleaves)) || !(r.conj = jo_alloc(&r, sizeof *r.conj * nconj)) ||
        collect(&r, *opp))
        return SS_ERROR;
    /* the leaves' own joins first */
    for (uint32_t i = 0; i < r.nleaves; i++)
        if (ss_join_order(ctx, arena, est, &r.leaves[i]))
            return SS_ERROR;
    if (r.nleaves > 64)
        return SS_OK; /* more than a set can name: left as written */
    bool ok;
    if (annotate(&r, &ok))
        return SS_ERROR;
    if (!ok)
        return SS_OK;
    uint32_t next = 0;
    uint64_t mask;
    double rows;
    double now = current_cost(&r, *opp, &next, &mask, &rows);
    ss_lop *built = NULL;
    if (r.nleaves <= SS_JOIN_DP_LIMIT) {
        jo_plan *best = jo_alloc(&r, sizeof *best * ((size_t)1 << r.nleaves));
        if (!best)
            return SS_ERROR;
        memset(best, 0, sizeof *best * ((size_t)1 << r.nleaves));
        dp_search(&r, best, false);
        if (!best[r.full].valid)
            dp_search(&r, best, true);
        if (best[r.full].cost < now * (1 - 1e-9) && build(&r, best, dp_split, r.full, &built))
            return SS_ERROR;
    } else {
        jo_plan *tree = jo_alloc(&r, sizeof *tree * (2 * (size_t)r.nleaves));
        uint32_t root;
        if (!tree || greedy_search(&r, tree, &root))
            return SS_ERROR;
        greedy_result g = {tree, root + 1};
        if (tree[root].cost < now * (1 - 1e-9) && build(&r, &g, greedy_split, r.full, &built))
            return SS_ERROR;
    }
    if (built) {
        *opp = built;
        return SS_OK;
    }
    next = 0;
    return orient(&r, *opp, &next, &mask, opp);
}

int ss_join_order(ss_ctx *ctx, ss_arena *arena, ss_estimator *est, ss_lop **opp)
{
    if (ss_ctx_check_stack(ctx))
        return SS_ERROR;
    ss_lop *op = *opp;
    if (is_inner_join(op))
        return reorder_region(ctx, arena, est, opp);
    for (uint32_t i = 0; i < op->nchildren; i++)
        if (ss_join_order(ctx, arena, est, &op->children[i]))
            return SS_ERROR;
    return SS_OK;
}
