/* bind_cte.c — WITH queries, as PostgreSQL's transformWithClause and its planner's rule for them: each
 * WITH query is bound where it is defined (its errors come before the main query's); one that
 * is referenced once and not MATERIALIZED, or NOT MATERIALIZED, is bound again at each
 * reference like a subquery of FROM (inlined); any other is computed once per execution and
 * every reference is a CTE scan of its one plan.  WITH RECURSIVE name AS (non-recursive term
 * UNION [ALL] recursive term) becomes a recursive union whose recursive term reads its
 * worktable, with PostgreSQL's checks of that form (42P19) and of its column types (42804). */
#include <string.h>

#include "bind/binder_internal.h"
#include "exec/expr_volatility.h"

/* ---- references in the AST ----------------------------------------------------------- */

static uint32_t count_refs(const ast_select *s, const char *name, int *loc);
static uint32_t count_expr(const ast_expr *a, const char *name, int *loc);

static uint32_t count_from(const ast_from_item *f, const char *name, int *loc)
{
    if (!f)
        return 0;
    if (f->is_join)
        return count_from(f->left, name, loc) + count_from(f->right, name, loc) + count_expr(f->on, name, loc);
    if (f->func)
        return count_expr(f->func, name, loc);
    if (f->subquery)
        return count_refs(f->subquery, name, loc);
    if (f->table && strcmp(f->table, name) == 0) {
        if (*loc < 0)
            *loc = f->location;
        return 1;
    }
    return 0;
}

/* The FROM items of s (its branches, its WITH queries, its subqueries of FROM) that name
 * `name`, and in *loc the location of the first one (left as it is when there is none).  A
 * WITH query of the same name inside s hides the outer one. */
/* References to name in the subqueries of expression a. */
static uint32_t count_expr(const ast_expr *a, const char *name, int *loc)
{
    if (!a)
        return 0;
    uint32_t n = count_expr(a->left, name, loc) + count_expr(a->right, name, loc) + count_expr(a->arg, name, loc) +
                 count_expr(a->els, name, loc) + count_expr(a->filter, name, loc);
    for (uint32_t i = 0; i < a->nargs; i++)
        n += count_expr(a->args[i], name, loc);
    for (uint32_t i = 0; i < a->nwhens; i++)
        n += count_expr(a->whens[i], name, loc) + count_expr(a->thens[i], name, loc);
    for (uint32_t i = 0; i < a->nagg_order; i++)
        n += count_expr(a->agg_order[i].expr, name, loc);
    if (a->kind == AE_SUBLINK)
        n += count_refs(a->subselect, name, loc);
    return n;
}

/* References to name in the expressions of s itself (not its FROM items or branches). */
static uint32_t count_select_exprs(const ast_select *s, const char *name, int *loc)
{
    uint32_t n = count_expr(s->where, name, loc) + count_expr(s->having, name, loc) +
                 count_expr(s->limit, name, loc) + count_expr(s->offset, name, loc);
    for (uint32_t i = 0; i < s->ntargets; i++)
        n += count_expr(s->targets[i].expr, name, loc);
    for (uint32_t i = 0; i < s->ndistinct_on; i++)
        n += count_expr(s->distinct_on[i], name, loc);
    for (uint32_t i = 0; i < s->ngroup; i++)
        n += count_expr(s->group_by[i], name, loc);
    for (uint32_t i = 0; i < s->norder; i++)
        n += count_expr(s->order_by[i].expr, name, loc);
    for (uint32_t r = 0; r < s->nvalues_rows; r++)
        for (uint32_t c = 0; c < s->nvalues_cols; c++)
            n += count_expr(s->values[r][c], name, loc);
    return n;
}

static uint32_t count_refs(const ast_select *s, const char *name, int *loc)
{
    if (!s)
        return 0;
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->nctes; i++)
        if (strcmp(s->ctes[i].name, name) == 0)
            return 0;
    for (uint32_t i = 0; i < s->nctes; i++)
        n += count_refs(s->ctes[i].query, name, loc);
    if (s->setop)
        return n + count_refs(s->larg, name, loc) + count_refs(s->rarg, name, loc) + count_select_exprs(s, name, loc);
    return n + count_from(s->from, name, loc) + count_select_exprs(s, name, loc);
}

/* References to WITH query i of s from the rest of s: the main query and the other WITH
 * queries. */
static uint32_t count_scope_refs(const ast_select *s, uint32_t i)
{
    const char *name = s->ctes[i].name;
    int loc = -1;
    uint32_t n = 0;
    for (uint32_t k = 0; k < s->nctes; k++)
        if (k != i)
            n += count_refs(s->ctes[k].query, name, &loc);
    if (s->setop)
        return n + count_refs(s->larg, name, &loc) + count_refs(s->rarg, name, &loc) + count_select_exprs(s, name, &loc);
    return n + count_from(s->from, name, &loc) + count_select_exprs(s, name, &loc);
}

static int note_volatile(ss_lop *op, ss_expr **slot, void *arg)
{
    (void)op;
    if (ss_expr_volatility(*slot) != SS_VOLATILE)
        return 0;
    *(bool *)arg = true;
    return 1;
}

/* Whether the bound query calls a volatile function (PostgreSQL never inlines such a WITH
   query: contain_volatile_functions in SS_process_ctes). */
static bool query_is_volatile(ss_lop *q)
{
    bool found = false;
    lop_each_expr_deep(q, note_volatile, &found);
    return found;
}

static bool is_aggregate_call(const ast_expr *e)
{
    return e->kind == AE_FUNC && is_aggregate_name(e);
}

/* The location of the first aggregate call in e, or -1. */
static int aggregate_location(const ast_expr *e)
{
    const ast_expr *agg = ast_find(e, is_aggregate_call);
    return agg ? agg->location : -1;
}

/* A recursive reference inside INTERSECT ALL or EXCEPT ALL, or the right side of EXCEPT, of
 * the recursive term (PostgreSQL's checkWellFormedRecursion). */
static int check_setop_refs(binder *b, const ast_select *s, const char *name)
{
    if (!s->setop)
        return SS_OK;
    if (s->setop != AST_SETOP_UNION) {
        const char *word = s->setop == AST_SETOP_INTERSECT ? "INTERSECT" : "EXCEPT";
        int loc = -1;
        bool whole = s->setop_all;
        if ((whole && count_refs(s->larg, name, &loc)) || (s->setop == AST_SETOP_EXCEPT || whole ? count_refs(s->rarg, name, &loc) : 0))
            return bind_error(b, loc, "42P19", "recursive reference to query \"%s\" must not appear within %s", name, word);
    }
    if (check_setop_refs(b, s->larg, name))
        return SS_ERROR;
    return check_setop_refs(b, s->rarg, name);
}

int check_recursive_aggregates(binder *b, const ast_select *s, uint32_t refs_before)
{
    if (!b->cte_recursive || b->cte_recursive->nrefs == refs_before)
        return SS_OK;
    int loc = -1;
    for (uint32_t i = 0; loc < 0 && i < s->ntargets; i++)
        loc = aggregate_location(s->targets[i].expr);
    if (loc < 0)
        loc = aggregate_location(s->having);
    for (uint32_t i = 0; loc < 0 && i < s->norder; i++)
        loc = aggregate_location(s->order_by[i].expr);
    if (loc < 0)
        return SS_OK;
    return bind_error(b, loc, "42P19", "aggregate functions are not allowed in a recursive query's recursive term");
}

/* ---- binding the WITH queries -------------------------------------------------------- */

/* Column names of a WITH query's output after its column list (42P10 when too long). */
static int cte_columns(binder *b, const ast_cte *c, uint32_t ncols, const char *const *names,
                       const char *const **out)
{
    if (c->ncolnames > ncols)
        return bind_error(b, c->location, "42P10", "WITH query \"%s\" has %u columns available but %u columns specified",
                          c->name, ncols, c->ncolnames);
    const char **renamed = bind_alloc(b, sizeof(char *) * (ncols ? ncols : 1));
    if (!renamed)
        return SS_ERROR;
    for (uint32_t i = 0; i < ncols; i++)
        renamed[i] = i < c->ncolnames ? c->colnames[i] : names[i];
    *out = renamed;
    return SS_OK;
}

/* Binds query with the WITH scope it was defined in: top in scope, the queries of `pending`
 * from index `from` not yet. */
static int bind_in_scope(binder *b, const ast_select *query, cte_entry *top, const ast_select *pending, uint32_t from,
                         ss_bound_stmt *out)
{
    cte_entry *saved_top = b->cte_top;
    const ast_select *saved_pending = b->cte_pending;
    uint32_t saved_from = b->cte_pending_from;
    b->cte_top = top;
    b->cte_pending = pending;
    b->cte_pending_from = from;
    int rc = bind_nested_query(b, query, out);
    b->cte_top = saved_top;
    b->cte_pending = saved_pending;
    b->cte_pending_from = saved_from;
    return rc;
}

/* The location PostgreSQL's type errors about column c of a non-recursive term point at. */
static int term_column_location(const ast_select *s, uint32_t c)
{
    while (s->setop)
        s = s->larg;
    for (uint32_t i = 0; i < s->ntargets; i++)
        if (s->targets[i].expr->kind == AE_STAR)
            return -1;
    return c < s->ntargets ? expr_location(s->targets[c].expr) : -1;
}

/* WITH RECURSIVE name AS (non-recursive term UNION [ALL] recursive term). */
static int bind_recursive(binder *b, cte_entry *e, const ast_select *with, uint32_t index)
{
    const ast_cte *c = e->ast;
    const ast_select *q = c->query;
    if (q->setop != AST_SETOP_UNION)
        return bind_error(b, c->location, "42P19",
                          "recursive query \"%s\" does not have the form non-recursive-term UNION [ALL] recursive-term",
                          c->name);
    if (q->norder)
        return bind_error(b, expr_location(q->order_by[0].expr), SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "ORDER BY in a recursive query is not implemented");
    if (q->offset)
        return bind_error(b, expr_location(q->offset), SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "OFFSET in a recursive query is not implemented");
    if (q->limit)
        return bind_error(b, expr_location(q->limit), SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "LIMIT in a recursive query is not implemented");
    if (q->nctes)
        return bind_error(b, q->ctes[0].location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: a WITH clause on the UNION of a recursive query");
    int loc = -1;
    if (count_refs(q->larg, c->name, &loc))
        return bind_error(b, loc, "42P19", "recursive reference to query \"%s\" must not appear within its non-recursive term",
                          c->name);
    ss_bound_stmt nonrec, rec;
    cte_search search;
    if (cte_search_prepare(b, c, &search) || bind_in_scope(b, q->larg, e->parent, with, index + 1, &nonrec) ||
        cte_columns(b, c, nonrec.ncols, nonrec.col_names, &e->names))
        return SS_ERROR;
    e->ncols = nonrec.ncols;
    e->types = nonrec.col_types;
    ss_lop *nonrec_plan = nonrec.query;
    if (cte_search_nonrec(b, c, &search, e, &nonrec_plan))
        return SS_ERROR;
    uint32_t own_cols = search.active ? search.ncols : e->ncols;
    const ast_select *r = q->rarg;
    if (check_setop_refs(b, r, c->name))
        return SS_ERROR;
    e->in_recursive_term = true;
    e->rec_sublink_depth = b->sublink_depth;
    e->worktable_id = ++b->ncte_ids;
    e->nrefs = 0;
    uint32_t saved_outer = b->outer_join_depth;
    cte_entry *saved_rec = b->cte_recursive;
    b->outer_join_depth = 0;
    b->cte_recursive = e;
    int rc = bind_in_scope(b, r, e, with, index + 1, &rec);
    b->outer_join_depth = saved_outer;
    b->cte_recursive = saved_rec;
    e->in_recursive_term = false;
    if (rc)
        return SS_ERROR;
    if (rec.ncols != own_cols)
        return bind_error(b, term_column_location(r, 0), "42601", "each UNION query must have the same number of columns");
    /* the recursive term's columns converted to the non-recursive term's types, which must
       be the types of the whole UNION */
    ss_lop *rtop = rec.query;
    ss_expr **items = bind_alloc(b, sizeof(ss_expr *) * (e->ncols ? e->ncols : 1));
    if (!items || cte_search_rec_inner(b, c, &search, e, &rtop))
        return SS_ERROR;
    bool cast = false;
    for (uint32_t i = 0; i < own_cols; i++) {
        ss_expr *pair[2];
        int locs[2] = {term_column_location(q->larg, i), term_column_location(r, i)};
        if (!(pair[0] = make_column(b, nonrec.query->rel, i, e->types[i])) ||
            !(pair[1] = make_column(b, rtop->rel, i, rtop->types[i])))
            return SS_ERROR;
        ss_type t;
        if (!unify(b, pair, locs, 2, "UNION", &t))
            return SS_ERROR;
        if (t.id != e->types[i].id || t.typmod != e->types[i].typmod) {
            char b1[96], b2[96];
            bind_error(b, locs[0], SS_SQLSTATE_DATATYPE_MISMATCH,
                       "recursive query \"%s\" column %u has type %s in non-recursive term but type %s overall", c->name,
                       i + 1, tname(e->types[i], b1, sizeof b1), tname(t, b2, sizeof b2));
            ss_ctx_error_hint(b->ctx, "Cast the output of the non-recursive term to the correct type.");
            return SS_ERROR;
        }
        items[i] = pair[1];
        cast |= rtop->types[i].id != t.id || rtop->types[i].typmod != t.typmod;
    }
    if (search.active) {
        if (cte_search_rec_outer(b, c, &search, &rtop, items))
            return SS_ERROR;
    } else if (cast && !(rtop = lop_project(b->ctx, b->arena, new_rel(b), rtop, e->ncols, items, rtop->names))) {
        return SS_ERROR;
    }
    e->materialize = true;
    e->id = ++b->ncte_ids;
    e->plan = lop_recursive_union(b->ctx, b->arena, new_rel(b), e->worktable_id, c->name, q->setop_all, nonrec_plan,
                                  rtop, e->ncols, e->types, e->names);
    return e->plan ? SS_OK : SS_ERROR;
}

/* The order WITH RECURSIVE binds its queries in: each after those it references (PostgreSQL
 * allows forward references there, not mutual recursion). */
static int recursive_order(binder *b, const ast_select *s, uint32_t *order)
{
    bool *done = bind_alloc(b, s->nctes);
    if (!done)
        return SS_ERROR;
    memset(done, 0, s->nctes);
    for (uint32_t k = 0; k < s->nctes; k++) {
        uint32_t pick = s->nctes, first = s->nctes;
        for (uint32_t i = 0; pick == s->nctes && i < s->nctes; i++) {
            if (done[i])
                continue;
            if (first == s->nctes)
                first = i;
            bool ready = true;
            for (uint32_t j = 0; ready && j < s->nctes; j++) {
                int loc = -1;
                ready = j == i || done[j] || !count_refs(s->ctes[i].query, s->ctes[j].name, &loc);
            }
            if (ready)
                pick = i;
        }
        if (pick == s->nctes)
            return bind_error(b, s->ctes[first].location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "mutual recursion between WITH items is not implemented");
        done[pick] = true;
        order[k] = pick;
    }
    return SS_OK;
}

int bind_with(binder *b, const ast_select *s, cte_mark *mark)
{
    mark->top = b->cte_top;
    for (uint32_t i = 0; i < s->nctes; i++)
        for (uint32_t k = 0; k < i; k++)
            if (strcmp(s->ctes[i].name, s->ctes[k].name) == 0)
                return bind_error(b, s->ctes[i].location, "42712", "WITH query name \"%s\" specified more than once",
                                  s->ctes[i].name);
    uint32_t *order = bind_alloc(b, sizeof *order * s->nctes);
    if (!order)
        return SS_ERROR;
    for (uint32_t i = 0; i < s->nctes; i++)
        order[i] = i;
    if (s->recursive && recursive_order(b, s, order))
        return SS_ERROR;
    for (uint32_t k = 0; k < s->nctes; k++) {
        uint32_t i = order[k];
        const ast_cte *c = &s->ctes[i];
        cte_entry *e = bind_alloc(b, sizeof *e);
        if (!e)
            return SS_ERROR;
        e->ast = c;
        e->parent = b->cte_top;
        /* a later query of a WITH that is not RECURSIVE is not in scope yet */
        const ast_select *pending = s->recursive ? NULL : s;
        int loc = -1;
        if (c->dml) {
            const ast_stmt *d = c->dml;
            if (s->recursive && count_refs(d->select, c->name, &loc) + count_refs(d->returning_select, c->name, &loc) +
                                        count_refs(d->conflict_select, c->name, &loc))
                return bind_error(b, c->location, "42P19", "recursive query \"%s\" must not contain data-modifying statements",
                                  c->name);
            if (bind_modifying_cte(b, e, pending, i) || cte_columns(b, c, e->ncols, e->names, &e->names))
                return SS_ERROR;
        } else if (s->recursive && count_refs(c->query, c->name, &loc)) {
            if (bind_recursive(b, e, pending, i))
                return SS_ERROR;
        } else {
            ss_bound_stmt sub;
            if (bind_in_scope(b, c->query, e->parent, pending, i + 1, &sub) ||
                cte_columns(b, c, sub.ncols, sub.col_names, &e->names) || cte_search_not_recursive(b, c))
                return SS_ERROR;
            e->ncols = sub.ncols;
            e->types = sub.col_types;
            /* PostgreSQL inlines a query referenced once (from anywhere in the statement,
               subqueries in expressions included), or NOT MATERIALIZED, that calls nothing
               volatile */
            e->materialize = c->materialize == AST_CTE_MATERIALIZED ||
                             (c->materialize == AST_CTE_DEFAULT && count_scope_refs(s, i) > 1) ||
                             query_is_volatile(sub.query);
            if (e->materialize) {
                e->plan = sub.query;
                e->id = ++b->ncte_ids;
            }
            /* one INSERT's queries all read: computed once for the statement */
            if (s->stmt_with && query_is_volatile(sub.query) && bind_stmt_select_cte(b, e, pending, i))
                return SS_ERROR;
        }
        b->cte_top = e;
    }
    return SS_OK;
}

void unbind_with(binder *b, const cte_mark *mark)
{
    b->cte_top = mark->top;
}

/* ---- references ---------------------------------------------------------------------- */

int bind_from_cte(binder *b, const ast_from_item *f, ss_lop **out, bool *found)
{
    *found = false;
    if (f->not_cte)
        return SS_OK;
    cte_entry *e = b->cte_top;
    while (e && strcmp(e->ast->name, f->table) != 0)
        e = e->parent;
    if (!e) {
        for (uint32_t i = b->cte_pending_from; b->cte_pending && i < b->cte_pending->nctes; i++)
            if (strcmp(b->cte_pending->ctes[i].name, f->table) == 0) {
                bind_error(b, f->location, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", f->table);
                ss_ctx_error_detail(b->ctx, "There is a WITH item named \"%s\", but it cannot be referenced from this "
                                            "part of the query.",
                                    f->table);
                ss_ctx_error_hint(b->ctx, "Use WITH RECURSIVE, or re-order the WITH items to remove forward references.");
                return SS_ERROR;
            }
        return SS_OK;
    }
    *found = true;
    const char *name = e->ast->name;
    const char *ref = f->alias ? f->alias : name;
    if (e->dml)
        return bind_from_modifying_cte(b, f, e, ref, out);
    if (e->in_recursive_term) {
        if (b->sublink_depth > e->rec_sublink_depth)
            return bind_error(b, f->location, "42P19", "recursive reference to query \"%s\" must not appear within a subquery",
                              name);
        if (++e->nrefs > 1)
            return bind_error(b, f->location, "42P19", "recursive reference to query \"%s\" must not appear more than once",
                              name);
        if (b->outer_join_depth)
            return bind_error(b, f->location, "42P19",
                              "recursive reference to query \"%s\" must not appear within an outer join", name);
        uint32_t rel = new_rel(b);
        e->worktable_rel = rel;
        if (!(*out = lop_worktable_scan(b->ctx, b->arena, rel, e->worktable_id, name, e->ncols, e->types, e->names)))
            return SS_ERROR;
        return add_scope_entry(b, f, ref, NULL, rel, e->ncols, e->names, e->types);
    }
    if (e->materialize) {
        uint32_t rel = new_rel(b);
        if (!(*out = lop_cte_scan(b->ctx, b->arena, rel, e->id, name, e->plan, e->ncols, e->types, e->names)))
            return SS_ERROR;
        return add_scope_entry(b, f, ref, NULL, rel, e->ncols, e->names, e->types);
    }
    /* inlined: bound here again, in the scope of its definition */
    ss_bound_stmt sub;
    if (bind_in_scope(b, e->ast->query, e->parent, NULL, 0, &sub))
        return SS_ERROR;
    *out = sub.query;
    if (add_scope_entry(b, f, ref, NULL, sub.query->rel, e->ncols, e->names, sub.col_types))
        return SS_ERROR;
    b->scope[b->nscope - 1].from_cte = true;
    return SS_OK;
}
