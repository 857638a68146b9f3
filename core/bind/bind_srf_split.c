/* bind_srf_split.c — set-returning functions of a select list that the lockstep join alone
 * cannot run (bind_srf_lockstep.c, attach_target_srf) rewritten, before binding, into a query
 * over a subquery, as PostgreSQL's planner stacks ProjectSet nodes (split_pathtarget_at_srfs):
 *  - in an aggregate, grouped or windowed query the set-returning functions run above the
 *    aggregation, the HAVING filter and the window functions: the query without them becomes
 *    a subquery in FROM computing, besides its outputs, each part of the select list without
 *    a set-returning function, and the query over it runs them on its columns;
 *  - nested calls (generate_series(1, generate_series(1, 3))) run level by level: a call's
 *    level is one more than the deepest call among its arguments, the query runs the calls
 *    of the highest level over a subquery running the lower ones;
 *  - one set-returning function in GROUP BY runs below the aggregation: a function scan
 *    joined (implicitly LATERAL) to the FROM items, its column grouped.
 * DISTINCT, ORDER BY and LIMIT go to the query running the functions, as in PostgreSQL, and
 * the outputs keep the names PostgreSQL gives them.  A query this cannot rewrite is bound as
 * written, where PostgreSQL's placement errors and the 0A000 refusals are raised. */
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"

#define SPLIT_ALIAS "?srf"
#define GROUP_ALIAS "?srf_group"

static bool is_srf_node(const ast_expr *e)
{
    return e->kind == AE_FUNC && !e->over && is_set_returning(e->names[e->nnames - 1]);
}

static bool reads_row(const ast_expr *e)
{
    return e->kind == AE_COLUMN || e->kind == AE_STAR || e->kind == AE_SUBLINK || is_aggregate_name(e) ||
           (e->kind == AE_FUNC && e->over);
}

/* The level of e's set-returning calls (0: none); -1 when one sits where this rewrite does not
 * go (inside an aggregate, a window call, CASE, COALESCE or a subquery's operands, or one the
 * lockstep join cannot run): binding the query as written reports it. */
static int srf_level(const ast_expr *e)
{
    if (!e)
        return 0;
    int below = 0;
    const ast_expr *kids[4] = {e->left, e->right, e->arg, e->els};
    for (int i = 0; i < 4; i++) {
        int l = srf_level(kids[i]);
        if (l < 0)
            return -1;
        below = l > below ? l : below;
    }
    for (uint32_t i = 0; i < e->nargs; i++) {
        int l = srf_level(e->args[i]);
        if (l < 0)
            return -1;
        below = l > below ? l : below;
    }
    for (uint32_t i = 0; i < e->nwhens; i++) {
        int l = srf_level(e->whens[i]), m = srf_level(e->thens[i]);
        if (l < 0 || m < 0)
            return -1;
        below = l > below ? l : below;
        below = m > below ? m : below;
    }
    if (is_srf_node(e))
        return srf_joinable(e) ? below + 1 : -1;
    if (below && (is_aggregate_name(e) || (e->kind == AE_FUNC && e->over) || e->kind == AE_CASE ||
                  e->kind == AE_COALESCE || e->kind == AE_SUBLINK))
        return -1;
    if (e->kind == AE_FUNC && e->filter && srf_level(e->filter))
        return -1;
    return below;
}

/* ast_equal, and the same qualifiers on every column (ast_equal compares the last name) */
static bool same_expr(const ast_expr *x, const ast_expr *y)
{
    if (!x || !y)
        return x == y;
    if (x->kind == AE_COLUMN) {
        if (x->nnames != y->nnames)
            return false;
        for (uint32_t i = 0; i < x->nnames; i++)
            if (strcmp(x->names[i], y->names[i]) != 0)
                return false;
        return true;
    }
    if (!same_expr(x->left, y->left) || !same_expr(x->right, y->right) || !same_expr(x->arg, y->arg) ||
        !same_expr(x->els, y->els))
        return false;
    for (uint32_t i = 0; i < x->nargs; i++)
        if (!same_expr(x->args[i], y->args[i]))
            return false;
    for (uint32_t i = 0; i < x->nwhens; i++)
        if (!same_expr(x->whens[i], y->whens[i]) || !same_expr(x->thens[i], y->thens[i]))
            return false;
    return true;
}

typedef struct split {
    binder *b;
    int level;         /* the calls this query runs */
    ast_target *low;   /* the subquery's outputs */
    uint32_t nlow, cap;
    bool failed;
} split;

static ast_expr *column_of(split *sp, const char *rel, const char *col, int location)
{
    ast_expr *c = bind_alloc(sp->b, sizeof *c);
    const char **names = bind_alloc(sp->b, sizeof(char *) * 2);
    if (!c || !names) {
        sp->failed = true;
        return NULL;
    }
    memset(c, 0, sizeof *c);
    c->kind = AE_COLUMN;
    c->location = location;
    names[0] = rel;
    names[1] = col;
    c->names = names;
    c->nnames = 2;
    return c;
}

static const char *low_name(split *sp, uint32_t i)
{
    char buf[32];
    snprintf(buf, sizeof buf, "?c%u", i + 1);
    char *s = bind_alloc(sp->b, strlen(buf) + 1);
    if (!s) {
        sp->failed = true;
        return "";
    }
    return strcpy(s, buf);
}

/* The subquery's output computing e (an equal one reused), as a column of it. */
static ast_expr *lower(split *sp, ast_expr *e)
{
    uint32_t i = 0;
    while (i < sp->nlow && !(sp->low[i].expr && ast_equal(sp->low[i].expr, e) && same_expr(sp->low[i].expr, e)))
        i++;
    if (i == sp->nlow) {
        if (sp->nlow == sp->cap) {
            uint32_t cap = sp->cap * 2 + 8;
            ast_target *grown = bind_alloc(sp->b, sizeof *grown * cap);
            if (!grown) {
                sp->failed = true;
                return NULL;
            }
            if (sp->nlow)
                memcpy(grown, sp->low, sizeof *grown * sp->nlow);
            sp->low = grown;
            sp->cap = cap;
        }
        memset(&sp->low[i], 0, sizeof sp->low[i]);
        sp->low[i].expr = e;
        sp->low[i].location = e->location;
        sp->nlow++;
    }
    return column_of(sp, SPLIT_ALIAS, low_name(sp, i), e->location);
}

/* e for the query running the calls of sp->level: the parts of a lower level computed by the
 * subquery (constants stay, for the types an untyped literal takes from its call). */
static ast_expr *lift(split *sp, ast_expr *e)
{
    if (!e || sp->failed)
        return e;
    int l = srf_level(e);
    if (l < sp->level)
        return l == 0 && !ast_any(e, reads_row) ? e : lower(sp, e);
    ast_expr *c = bind_alloc(sp->b, sizeof *c);
    if (!c) {
        sp->failed = true;
        return NULL;
    }
    *c = *e;
    c->left = lift(sp, e->left);
    c->right = lift(sp, e->right);
    c->arg = lift(sp, e->arg);
    c->els = lift(sp, e->els);
    if (e->nargs) {
        if (!(c->args = bind_alloc(sp->b, sizeof(ast_expr *) * e->nargs))) {
            sp->failed = true;
            return NULL;
        }
        for (uint32_t i = 0; i < e->nargs; i++)
            c->args[i] = lift(sp, e->args[i]);
    }
    if (e->nwhens) {
        c->whens = bind_alloc(sp->b, sizeof(ast_expr *) * e->nwhens);
        c->thens = bind_alloc(sp->b, sizeof(ast_expr *) * e->nwhens);
        if (!c->whens || !c->thens) {
            sp->failed = true;
            return NULL;
        }
        for (uint32_t i = 0; i < e->nwhens; i++) {
            c->whens[i] = lift(sp, e->whens[i]);
            c->thens[i] = lift(sp, e->thens[i]);
        }
    }
    return c;
}

/* An ORDER BY / DISTINCT ON item for the query running the calls: an ordinal, or a bare name
 * of one of its outputs, stays (PostgreSQL matches them to the outputs first). */
static ast_expr *lift_sort_item(split *sp, ast_expr *e, const ast_target *targets, uint32_t ntargets)
{
    if (e->kind == AE_INT)
        return e;
    if (e->kind == AE_COLUMN && e->nnames == 1)
        for (uint32_t i = 0; i < ntargets; i++)
            if (targets[i].alias && !strcmp(targets[i].alias, e->names[0]))
                return e;
    return srf_level(e) == 0 ? lower(sp, e) : lift(sp, e);
}

static bool query_has(const ast_select *s, bool (*pred)(const ast_expr *))
{
    for (uint32_t i = 0; i < s->ntargets; i++)
        if (ast_any(s->targets[i].expr, pred))
            return true;
    for (uint32_t i = 0; i < s->norder; i++)
        if (ast_any(s->order_by[i].expr, pred))
            return true;
    return false;
}

static bool is_window_call(const ast_expr *e)
{
    return e->kind == AE_FUNC && e->over;
}

/* ---- one set-returning function in GROUP BY --------------------------------------------- */

/* e with each subexpression written as one of from[0..n) (the same names too) replaced by
 * the matching to[k]; not inside subqueries or GROUPING(...). */
static ast_expr *replace_any(binder *b, ast_expr *e, const ast_expr *const *from, ast_expr *const *to, uint32_t n,
                             bool *failed)
{
    if (!e || *failed)
        return e;
    for (uint32_t k = 0; k < n; k++)
        if (ast_equal(e, from[k]) && same_expr(e, from[k]))
            return to[k];
    ast_expr *c = bind_alloc(b, sizeof *c);
    if (!c) {
        *failed = true;
        return NULL;
    }
    *c = *e;
    if (e->kind == AE_SUBLINK || e->kind == AE_GROUPING_FUNC) /* GROUPING(...) refuses them as written */
        return c;
    c->left = replace_any(b, e->left, from, to, n, failed);
    c->right = replace_any(b, e->right, from, to, n, failed);
    c->arg = replace_any(b, e->arg, from, to, n, failed);
    c->els = replace_any(b, e->els, from, to, n, failed);
    if (e->nargs) {
        if (!(c->args = bind_alloc(b, sizeof(ast_expr *) * e->nargs))) {
            *failed = true;
            return NULL;
        }
        for (uint32_t i = 0; i < e->nargs; i++)
            c->args[i] = replace_any(b, e->args[i], from, to, n, failed);
    }
    if (e->nwhens) {
        c->whens = bind_alloc(b, sizeof(ast_expr *) * e->nwhens);
        c->thens = bind_alloc(b, sizeof(ast_expr *) * e->nwhens);
        if (!c->whens || !c->thens) {
            *failed = true;
            return NULL;
        }
        for (uint32_t i = 0; i < e->nwhens; i++) {
            c->whens[i] = replace_any(b, e->whens[i], from, to, n, failed);
            c->thens[i] = replace_any(b, e->thens[i], from, to, n, failed);
        }
    }
    return c;
}

static ast_expr *replace_call(binder *b, ast_expr *e, const ast_expr *call, ast_expr *col, bool *failed)
{
    return replace_any(b, e, &call, &col, 1, failed);
}

static bool contains_call(const ast_expr *e, const ast_expr *call)
{
    if (!e)
        return false;
    if (is_srf_node(e) && ast_equal(e, call))
        return true;
    if (contains_call(e->left, call) || contains_call(e->right, call) || contains_call(e->arg, call) ||
        contains_call(e->els, call))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (contains_call(e->args[i], call))
            return true;
    for (uint32_t i = 0; i < e->nwhens; i++)
        if (contains_call(e->whens[i], call) || contains_call(e->thens[i], call))
            return true;
    return false;
}

/* The set-returning calls directly inside e's operands (not inside another such call): *found
 * the first, *several when another differs from it. */
static void find_inner_srf(const ast_expr *e, const ast_expr **found, bool *several)
{
    if (!e)
        return;
    if (is_srf_node(e)) {
        if (!*found)
            *found = e;
        else if (!ast_equal(*found, e) || !same_expr(*found, e))
            *several = true;
        return;
    }
    const ast_expr *kids[4] = {e->left, e->right, e->arg, e->els};
    for (int i = 0; i < 4; i++)
        find_inner_srf(kids[i], found, several);
    for (uint32_t i = 0; i < e->nargs; i++)
        find_inner_srf(e->args[i], found, several);
    for (uint32_t i = 0; i < e->nwhens; i++) {
        find_inner_srf(e->whens[i], found, several);
        find_inner_srf(e->thens[i], found, several);
    }
}

/* from joined (implicitly LATERAL) with the function scan of call named alias(?g). */
static ast_from_item *join_function(binder *b, ast_from_item *from, const ast_expr *call, const char *alias)
{
    ast_from_item *fn = bind_alloc(b, sizeof *fn), *join = from ? bind_alloc(b, sizeof *join) : NULL;
    const char **colnames = bind_alloc(b, sizeof(char *));
    if (!fn || (from && !join) || !colnames)
        return NULL;
    memset(fn, 0, sizeof *fn);
    fn->func = (ast_expr *)call;
    fn->alias = alias;
    colnames[0] = "?g";
    fn->colnames = colnames;
    fn->ncolnames = 1;
    fn->location = call->location;
    if (!join)
        return fn;
    memset(join, 0, sizeof *join);
    join->is_join = true;
    join->join_type = AST_JOIN_COMMA;
    join->left = from;
    join->right = fn;
    join->location = call->location;
    return join;
}

/* call with the set-returning calls nested in its arguments replaced, level by level, by the
 * columns of function scans joined to *from (PostgreSQL's ProjectSet nodes stacked below the
 * aggregation): NULL with *unsupported when a level has several different calls. */
static const ast_expr *lower_group_call(binder *b, const ast_expr *call, ast_from_item **from, uint32_t *depth,
                                        bool *unsupported, bool *failed)
{
    const ast_expr *inner = NULL;
    bool several = false;
    for (uint32_t i = 0; i < call->nargs; i++)
        find_inner_srf(call->args[i], &inner, &several);
    if (!inner)
        return call;
    if (several) {
        *unsupported = true;
        return NULL;
    }
    const ast_expr *lowered = lower_group_call(b, inner, from, depth, unsupported, failed);
    if (!lowered)
        return NULL;
    char buf[32];
    snprintf(buf, sizeof buf, "%s%u", GROUP_ALIAS, ++*depth);
    char *alias = bind_alloc(b, strlen(buf) + 1);
    split sp = {.b = b};
    ast_expr *col = alias ? column_of(&sp, strcpy(alias, buf), "?g", inner->location) : NULL;
    if (!col || !(*from = join_function(b, *from, lowered, alias))) {
        *failed = true;
        return NULL;
    }
    ast_expr *c = bind_alloc(b, sizeof *c);
    if (!c) {
        *failed = true;
        return NULL;
    }
    *c = *call;
    if (!(c->args = bind_alloc(b, sizeof(ast_expr *) * call->nargs))) {
        *failed = true;
        return NULL;
    }
    for (uint32_t i = 0; i < call->nargs; i++)
        c->args[i] = replace_call(b, call->args[i], inner, col, failed);
    return *failed ? NULL : c;
}

/* GROUP BY's one set-returning call (an item, or the output an ordinal or a name picks),
 * made a function scan joined to FROM whose column replaces the call everywhere; calls nested
 * in its arguments are function scans joined before it. */
static int split_group_by(binder *b, const ast_select *s, ast_select **out)
{
    const ast_expr *call = NULL;
    for (uint32_t i = 0; i < s->ngroup; i++) {
        const ast_expr *g = s->group_by[i];
        if (g->kind == AE_GROUPING_SET)
            return SS_OK;
        if (g->kind == AE_INT && g->ival >= 1 && (uint64_t)g->ival <= s->ntargets)
            g = s->targets[g->ival - 1].expr;
        else if (g->kind == AE_COLUMN && g->nnames == 1)
            for (uint32_t k = 0; k < s->ntargets; k++)
                if (s->targets[k].alias && !strcmp(s->targets[k].alias, g->names[0]) && srf_level(s->targets[k].expr))
                    g = s->targets[k].expr;
        int l = srf_level(g);
        if (l == 0)
            continue;
        if (check_srf_placement(b, g))
            return SS_ERROR;
        if (l < 0 || !is_srf_node(g) || (call && !ast_equal(call, g)))
            return SS_OK; /* not one call at the top of its items */
        call = g;
    }
    if (!call)
        return SS_OK;
    ast_select *n = bind_alloc(b, sizeof *n);
    split sp = {.b = b};
    if (!n)
        return SS_ERROR;
    ast_expr *col = column_of(&sp, GROUP_ALIAS, "?g", call->location);
    if (!col)
        return SS_ERROR;
    *n = *s;
    ast_from_item *from = s->from;
    uint32_t depth = 0;
    bool unsupported = false, lfailed = false;
    const ast_expr *lowered = lower_group_call(b, call, &from, &depth, &unsupported, &lfailed);
    if (lfailed)
        return SS_ERROR;
    if (unsupported)
        return SS_OK; /* several different calls in one level's arguments: as written */
    if (!(from = join_function(b, from, lowered, GROUP_ALIAS)))
        return SS_ERROR;
    n->from = from;
    n->from_table = NULL;
    bool failed = false;
    if (!(n->targets = bind_alloc(b, sizeof(ast_target) * (s->ntargets ? s->ntargets : 1))) ||
        !(n->group_by = bind_alloc(b, sizeof(ast_expr *) * s->ngroup)) ||
        (s->norder && !(n->order_by = bind_alloc(b, sizeof(ast_sort_item) * s->norder))))
        return SS_ERROR;
    for (uint32_t i = 0; i < s->ntargets; i++) {
        n->targets[i] = s->targets[i];
        n->targets[i].expr = replace_call(b, s->targets[i].expr, call, col, &failed);
        if (!n->targets[i].alias && contains_call(s->targets[i].expr, call))
            n->targets[i].alias = figure_colname(s->targets[i].expr);
    }
    for (uint32_t i = 0; i < s->ngroup; i++)
        n->group_by[i] = replace_call(b, s->group_by[i], call, col, &failed);
    n->having = replace_call(b, s->having, call, col, &failed);
    for (uint32_t i = 0; i < s->norder; i++) {
        n->order_by[i] = s->order_by[i];
        n->order_by[i].expr = replace_call(b, s->order_by[i].expr, call, col, &failed);
    }
    if (failed)
        return SS_ERROR;
    *out = n;
    return SS_OK;
}

/* GROUP BY items with several different set-returning calls (in one item or across items,
 * nested or not): the items computed by a LATERAL subquery without FROM joined to the FROM
 * items, whose select list runs the calls in lockstep level by level as PostgreSQL's
 * ProjectSet below the aggregation does; its columns replace the items everywhere. */
typedef struct group_srfs {
    const ast_expr **items; /* the distinct items with calls, and their columns */
    ast_expr **cols;
    ast_target *targets;    /* the LATERAL subquery's select list */
    uint32_t n, cap;
    bool as_written;        /* an item this rewrite leaves to PostgreSQL's errors */
} group_srfs;

/* A leaf of GROUP BY as the select list item an ordinal or an output name picks. */
static const ast_expr *group_leaf(const ast_select *s, const ast_expr *g)
{
    if (g->kind == AE_INT && g->ival >= 1 && (uint64_t)g->ival <= s->ntargets)
        return s->targets[g->ival - 1].expr;
    if (g->kind == AE_COLUMN && g->nnames == 1)
        for (uint32_t k = 0; k < s->ntargets; k++)
            if (s->targets[k].alias && !strcmp(s->targets[k].alias, g->names[0]) && srf_level(s->targets[k].expr))
                return s->targets[k].expr;
    return g;
}

/* Item g of GROUP BY (a grouping set's leaves too) with its leaves that have set-returning
 * calls replaced by the subquery's columns (noted in gs). */
static ast_expr *group_item_lowered(binder *b, const ast_select *s, ast_expr *g, group_srfs *gs, bool *failed)
{
    if (!g || *failed || gs->as_written)
        return g;
    if (g->kind == AE_GROUPING_SET) {
        ast_expr *c = bind_alloc(b, sizeof *c);
        ast_expr **args = bind_alloc(b, sizeof *args * (g->nargs ? g->nargs : 1));
        if (!c || !args) {
            *failed = true;
            return NULL;
        }
        *c = *g;
        for (uint32_t i = 0; i < g->nargs; i++)
            args[i] = group_item_lowered(b, s, g->args[i], gs, failed);
        c->args = args;
        return c;
    }
    const ast_expr *leaf = group_leaf(s, g);
    int l = srf_level(leaf);
    if (l < 0 || ast_has_aggregate(leaf) || ast_any(leaf, is_window_call)) {
        gs->as_written = true; /* PostgreSQL's errors */
        return g;
    }
    if (l == 0)
        return g;
    for (uint32_t k = 0; k < gs->n; k++)
        if (ast_equal(gs->items[k], leaf) && same_expr(gs->items[k], leaf))
            return gs->cols[k];
    if (gs->n == gs->cap) {
        *failed = true; /* (cap: the leaves of GROUP BY) */
        return NULL;
    }
    char buf[32];
    snprintf(buf, sizeof buf, "?g%u", gs->n + 1);
    char *name = bind_alloc(b, strlen(buf) + 1);
    split sp = {.b = b};
    ast_expr *col = name ? column_of(&sp, GROUP_ALIAS, strcpy(name, buf), leaf->location) : NULL;
    if (!col) {
        *failed = true;
        return NULL;
    }
    gs->targets[gs->n] = (ast_target){.expr = (ast_expr *)leaf, .alias = name, .location = leaf->location};
    gs->items[gs->n] = leaf;
    gs->cols[gs->n++] = col;
    return col;
}

/* GROUP BY items with several different set-returning calls (in one item or across items,
 * nested or not, in grouping sets too): the items computed by a LATERAL subquery without
 * FROM joined to the FROM items, whose select list runs the calls in lockstep level by level
 * as PostgreSQL's ProjectSet below the aggregation does; its columns replace the items
 * everywhere. */
static int split_group_by_lateral(binder *b, const ast_select *s, ast_select **out)
{
    group_srfs gs = {0};
    for (uint32_t i = 0; i < s->ngroup; i++)
        gs.cap += count_leaves(s->group_by[i]);
    gs.items = bind_alloc(b, sizeof *gs.items * gs.cap);
    gs.cols = bind_alloc(b, sizeof *gs.cols * gs.cap);
    gs.targets = bind_alloc(b, sizeof *gs.targets * gs.cap);
    ast_expr **group_by = bind_alloc(b, sizeof *group_by * s->ngroup);
    if (!gs.items || !gs.cols || !gs.targets || !group_by)
        return SS_ERROR;
    bool failed = false;
    for (uint32_t i = 0; i < s->ngroup; i++)
        group_by[i] = group_item_lowered(b, s, s->group_by[i], &gs, &failed);
    if (failed)
        return SS_ERROR;
    if (gs.as_written)
        return SS_OK;
    uint32_t n = gs.n;
    const ast_expr **items = gs.items;
    ast_expr **cols = gs.cols;
    ast_target *targets = gs.targets;
    if (!n)
        return SS_OK;
    ast_select *sub = bind_alloc(b, sizeof *sub), *q = bind_alloc(b, sizeof *q);
    ast_from_item *fn = bind_alloc(b, sizeof *fn), *join = s->from ? bind_alloc(b, sizeof *join) : NULL;
    if (!sub || !q || !fn || (s->from && !join))
        return SS_ERROR;
    memset(sub, 0, sizeof *sub);
    sub->targets = targets;
    sub->ntargets = n;
    memset(fn, 0, sizeof *fn);
    fn->subquery = sub;
    fn->alias = GROUP_ALIAS;
    fn->lateral = true;
    fn->location = -1;
    ast_from_item *from = fn;
    if (join) {
        memset(join, 0, sizeof *join);
        join->is_join = true;
        join->join_type = AST_JOIN_COMMA;
        join->left = s->from;
        join->right = fn;
        join->location = -1;
        from = join;
    }
    *q = *s;
    q->from = from;
    q->from_table = NULL;
    q->group_by = group_by;
    if (!(q->targets = bind_alloc(b, sizeof(ast_target) * (s->ntargets ? s->ntargets : 1))) ||
        (s->norder && !(q->order_by = bind_alloc(b, sizeof(ast_sort_item) * s->norder))))
        return SS_ERROR;
    for (uint32_t i = 0; i < s->ntargets; i++) {
        q->targets[i] = s->targets[i];
        q->targets[i].expr = replace_any(b, s->targets[i].expr, items, cols, n, &failed);
        if (!q->targets[i].alias && q->targets[i].expr != s->targets[i].expr && s->targets[i].expr->kind != AE_STAR)
            q->targets[i].alias = figure_colname(s->targets[i].expr);
    }
    q->having = replace_any(b, s->having, items, cols, n, &failed);
    for (uint32_t i = 0; i < s->norder; i++) {
        q->order_by[i] = s->order_by[i];
        q->order_by[i].expr = replace_any(b, s->order_by[i].expr, items, cols, n, &failed);
    }
    if (failed)
        return SS_ERROR;
    *out = q;
    return SS_OK;
}

/* ---- the select list's calls over a subquery -------------------------------------------- */

int srf_split_select(binder *b, const ast_select *s, ast_select **out)
{
    *out = NULL;
    if (s->values || s->setop || s->nlocking)
        return SS_OK;
    if (s->ngroup) {
        if (split_group_by(b, s, out) || (!*out && split_group_by_lateral(b, s, out)))
            return SS_ERROR;
        if (*out)
            return SS_OK;
    }
    for (uint32_t i = 0; i < s->ngroup; i++) {
        /* a GROUP BY item left with a set-returning call (nested, several): as written */
        const ast_expr *g = s->group_by[i];
        if (g->kind == AE_INT && g->ival >= 1 && (uint64_t)g->ival <= s->ntargets)
            g = s->targets[g->ival - 1].expr;
        else if (g->kind == AE_COLUMN && g->nnames == 1)
            for (uint32_t k = 0; k < s->ntargets; k++)
                if (s->targets[k].alias && !strcmp(s->targets[k].alias, g->names[0]) && srf_level(s->targets[k].expr))
                    g = s->targets[k].expr;
        if (srf_level(g))
            return SS_OK;
    }
    int level = 0;
    int star = -1; /* the one * or t.* of the select list, computed last by the subquery */
    for (uint32_t i = 0; i < s->ntargets; i++) {
        if (s->targets[i].expr->kind == AE_STAR) {
            if (star >= 0)
                return SS_OK; /* several: as written */
            star = (int)i;
            continue;
        }
        int l = srf_level(s->targets[i].expr);
        if (l < 0)
            return SS_OK;
        level = l > level ? l : level;
    }
    for (uint32_t i = 0; i < s->norder; i++) {
        int l = srf_level(s->order_by[i].expr);
        if (l < 0)
            return SS_OK;
        level = l > level ? l : level;
    }
    for (uint32_t i = 0; i < s->ndistinct_on; i++)
        if (srf_level(s->distinct_on[i]) < 0)
            return SS_OK;
    if (level == 0)
        return SS_OK; /* (one in WHERE, HAVING or LIMIT is refused where the rewritten query binds it) */
    bool grouped = s->ngroup || s->having || query_has(s, is_aggregate_name) || query_has(s, is_window_call);
    if (level == 1 && !grouped)
        return SS_OK; /* the lockstep join runs it */

    split sp = {.b = b, .level = level};
    /* the subquery's first outputs are the select list's (a GROUP BY ordinal or output name
       picks the same one), those with a call of this level a NULL in their place */
    sp.cap = s->ntargets + 8;
    if (!(sp.low = bind_alloc(b, sizeof(ast_target) * sp.cap)))
        return SS_ERROR;
    ast_expr *null = bind_alloc(b, sizeof *null);
    if (!null)
        return SS_ERROR;
    memset(null, 0, sizeof *null);
    null->kind = AE_NULL;
    null->location = -1;
    for (uint32_t i = 0; i < s->ntargets; i++) {
        sp.low[i] = s->targets[i];
        if ((int)i == star) { /* its place holds a NULL; the subquery's last items are its columns */
            sp.low[i].expr = null;
            sp.low[i].alias = NULL;
        } else if (srf_level(s->targets[i].expr) == level) {
            sp.low[i].expr = null;
            sp.low[i].alias = s->targets[i].alias ? s->targets[i].alias : figure_colname(s->targets[i].expr);
        }
    }
    sp.nlow = s->ntargets;

    ast_select *top = bind_alloc(b, sizeof *top), *sub = bind_alloc(b, sizeof *sub);
    ast_from_item *from = bind_alloc(b, sizeof *from);
    if (!top || !sub || !from)
        return SS_ERROR;
    memset(top, 0, sizeof *top);
    ast_target *targets = bind_alloc(b, sizeof(ast_target) * (s->ntargets ? s->ntargets : 1));
    if (!targets)
        return SS_ERROR;
    for (uint32_t i = 0; i < s->ntargets; i++) {
        targets[i] = s->targets[i];
        if ((int)i == star)
            continue; /* (below, once the subquery's other items are known) */
        if (!targets[i].alias)
            targets[i].alias = figure_colname(s->targets[i].expr);
        targets[i].expr = srf_level(s->targets[i].expr) == level
                              ? lift(&sp, s->targets[i].expr)
                              : column_of(&sp, SPLIT_ALIAS, low_name(&sp, i), s->targets[i].expr->location);
    }
    top->targets = targets;
    top->ntargets = s->ntargets;
    top->distinct = s->distinct;
    if (s->norder) {
        if (!(top->order_by = bind_alloc(b, sizeof(ast_sort_item) * s->norder)))
            return SS_ERROR;
        for (uint32_t i = 0; i < s->norder; i++) {
            top->order_by[i] = s->order_by[i];
            top->order_by[i].expr = lift_sort_item(&sp, s->order_by[i].expr, targets, s->ntargets);
        }
        top->norder = s->norder;
    }
    if (s->ndistinct_on) {
        if (!(top->distinct_on = bind_alloc(b, sizeof(ast_expr *) * s->ndistinct_on)))
            return SS_ERROR;
        for (uint32_t i = 0; i < s->ndistinct_on; i++)
            top->distinct_on[i] = lift_sort_item(&sp, s->distinct_on[i], targets, s->ntargets);
        top->ndistinct_on = s->ndistinct_on;
    }
    top->limit = s->limit;
    top->offset = s->offset;
    top->with_ties = s->with_ties;
    if (sp.failed)
        return SS_ERROR;
    uint32_t named = sp.nlow; /* the subquery's items the column aliases name */
    if (star >= 0) {
        /* the subquery's last item is the *: the query over it reads its columns, those
           after the named ones (an AE_STAR's ival: columns of the entry skipped) */
        if (sp.nlow == sp.cap) {
            ast_target *grown = bind_alloc(b, sizeof *grown * (sp.cap + 1));
            if (!grown)
                return SS_ERROR;
            memcpy(grown, sp.low, sizeof *grown * sp.nlow);
            sp.low = grown;
            sp.cap++;
        }
        sp.low[sp.nlow++] = s->targets[star];
        ast_expr *st = bind_alloc(b, sizeof *st);
        const char **q = bind_alloc(b, sizeof(char *));
        if (!st || !q)
            return SS_ERROR;
        memset(st, 0, sizeof *st);
        st->kind = AE_STAR;
        st->location = s->targets[star].expr->location;
        q[0] = SPLIT_ALIAS;
        st->names = q;
        st->nnames = 1;
        st->ival = named;
        targets[star].expr = st;
    }

    *sub = *s;
    sub->targets = sp.low;
    sub->ntargets = sp.nlow;
    sub->distinct = false;
    sub->order_by = NULL;
    sub->norder = 0;
    sub->distinct_on = NULL;
    sub->ndistinct_on = 0;
    sub->limit = sub->offset = NULL;
    sub->with_ties = false;
    sub->ctes = NULL; /* bound already, in scope for both */
    sub->nctes = 0;
    sub->recursive = false;
    const char **colnames = bind_alloc(b, sizeof(char *) * (named ? named : 1));
    if (!colnames)
        return SS_ERROR;
    for (uint32_t i = 0; i < named; i++)
        colnames[i] = low_name(&sp, i);
    memset(from, 0, sizeof *from);
    from->subquery = sub;
    from->srf_split = true;
    from->alias = SPLIT_ALIAS;
    from->colnames = colnames;
    from->ncolnames = named;
    from->location = -1;
    top->from = from;
    if (sp.failed)
        return SS_ERROR;
    *out = top;
    return SS_OK;
}
