/* bind_cte_search.c — SEARCH {DEPTH | BREADTH} FIRST BY ... SET and CYCLE ... SET ... USING of
 * WITH RECURSIVE, as PostgreSQL 15's rewriteSearchAndCycle: the non-recursive term gains
 * the sequence column (ARRAY[ROW(cols)] depth first, ROW(0, cols) breadth first), the cycle
 * mark (its DEFAULT) and the path (ARRAY[ROW(cols)]); the recursive term carries the
 * worktable's copies of them through its select list, is filtered on the mark differing
 * from its TO value, and computes the new ones from them (path || ARRAY[ROW(cols)],
 * ROW(depth + 1, cols), TO when ROW(cols) is in the path).  The values are records and
 * record arrays (core/types/record/); PostgreSQL's checks of the clauses (its analyzeCTE). */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/record/record.h"

static bool has_clauses(const ast_cte *c)
{
    return c->nsearch_cols || c->ncycle_cols;
}

int cte_search_not_recursive(binder *b, const ast_cte *c)
{
    return has_clauses(c) ? bind_error(b, c->location, "42601", "WITH query is not recursive") : SS_OK;
}

static ss_expr *bool_const(binder *b, bool v)
{
    ast_expr a;
    memset(&a, 0, sizeof a);
    a.kind = AE_BOOL;
    a.bval = v;
    a.location = -1;
    return bind_expr(b, &a);
}

int cte_search_prepare(binder *b, const ast_cte *c, cte_search *s)
{
    memset(s, 0, sizeof *s);
    if (!has_clauses(c))
        return SS_OK;
    s->active = true;
    if (c->nsearch_cols + 1 >= REC_MAX_FIELDS || c->ncycle_cols >= REC_MAX_FIELDS)
        return bind_error(b, c->nsearch_cols ? c->search_location : c->cycle_location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: SEARCH or CYCLE over more than %d columns", REC_MAX_FIELDS - 2);
    if (!c->ncycle_cols)
        return SS_OK;
    ss_expr *pair[2];
    int locs[2] = {-1, -1};
    if (c->cycle_value) {
        locs[0] = expr_location(c->cycle_value);
        locs[1] = expr_location(c->cycle_default);
        pair[0] = bind_expr(b, c->cycle_value);
        pair[1] = pair[0] ? bind_expr(b, c->cycle_default) : NULL;
    } else {
        pair[0] = bool_const(b, true);
        pair[1] = pair[0] ? bool_const(b, false) : NULL;
    }
    if (!pair[1] || !unify(b, pair, locs, 2, "CYCLE", &s->mark_type))
        return SS_ERROR;
    if (bind_type_unordered(s->mark_type)) {
        char buf[96];
        return bind_error(b, c->cycle_location, "42883", "could not identify an inequality operator for type %s",
                          tname(s->mark_type, buf, sizeof buf));
    }
    s->mark_value = pair[0];
    s->mark_default = pair[1];
    return SS_OK;
}

static int32_t column_index(const cte_search *s, const cte_entry *e, const char *name)
{
    for (uint32_t i = 0; i < s->ncols; i++)
        if (strcmp(e->names[i], name) == 0)
            return (int32_t)i;
    return -1;
}

/* The indexes of names[0..n) among the query's own columns (-1: not one of them). */
static int32_t *indexes(binder *b, const cte_search *s, const cte_entry *e, const char *const *names, uint32_t n)
{
    int32_t *out = bind_alloc(b, sizeof *out * (n ? n : 1));
    for (uint32_t k = 0; out && k < n; k++)
        out[k] = column_index(s, e, names[k]);
    return out;
}

/* The columns of the record built from cols[0..n) over rel (missing ones as NULL: their
 * error is raised by check_clauses once the recursive term is bound), into args from at. */
static bool column_args(binder *b, uint32_t rel, const cte_entry *e, const int32_t *cols, uint32_t n, ss_expr **args,
                        ss_expr *const *over)
{
    for (uint32_t k = 0; k < n; k++)
        if (!(args[k] = cols[k] < 0 ? make_null(b, type_of(SS_TYPE_INT4))
                        : over       ? over[cols[k]]
                                     : make_column(b, rel, (uint32_t)cols[k], e->types[cols[k]])))
            return false;
    return true;
}

int cte_search_nonrec(binder *b, const ast_cte *c, cte_search *s, cte_entry *e, ss_lop **nonrec)
{
    if (!s->active)
        return SS_OK;
    uint32_t n0 = s->ncols = e->ncols;
    uint32_t extra = (c->nsearch_cols ? 1 : 0) + (c->ncycle_cols ? 2 : 0), n = n0 + extra;
    const char **names = bind_alloc(b, sizeof(char *) * n);
    ss_type *types = bind_alloc(b, sizeof(ss_type) * n);
    ss_expr **items = bind_alloc(b, sizeof(ss_expr *) * n);
    if (!names || !types || !items || !(s->search_idx = indexes(b, s, e, c->search_cols, c->nsearch_cols)) ||
        !(s->cycle_idx = indexes(b, s, e, c->cycle_cols, c->ncycle_cols)))
        return SS_ERROR;
    uint32_t rel = (*nonrec)->rel;
    for (uint32_t i = 0; i < n0; i++) {
        names[i] = e->names[i];
        types[i] = e->types[i];
        if (!(items[i] = make_column(b, rel, i, e->types[i])))
            return SS_ERROR;
    }
    uint32_t at = n0;
    if (c->nsearch_cols) {
        uint32_t first = c->search_breadth ? 1 : 0;
        ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (c->nsearch_cols + first));
        ss_type t = type_of(c->search_breadth ? SS_TYPE_RECORD : SS_TYPE_RECORD_ARRAY);
        if (!args || (first && !(args[0] = make_null(b, type_of(SS_TYPE_RECORD)))) ||
            !column_args(b, rel, e, s->search_idx, c->nsearch_cols, args + first, NULL) ||
            !(items[at] = make_func(b, c->search_breadth ? &rec_depth_next_def : &rec_array1_def, t, args,
                                    c->nsearch_cols + first)))
            return SS_ERROR;
        names[at] = c->search_seq;
        types[at++] = t;
    }
    if (c->ncycle_cols) {
        ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * c->ncycle_cols);
        ss_type t = type_of(SS_TYPE_RECORD_ARRAY);
        if (!args || !column_args(b, rel, e, s->cycle_idx, c->ncycle_cols, args, NULL) ||
            !(items[at + 1] = make_func(b, &rec_array1_def, t, args, c->ncycle_cols)))
            return SS_ERROR;
        items[at] = s->mark_default;
        names[at] = c->cycle_mark;
        types[at++] = s->mark_type;
        names[at] = c->cycle_path;
        types[at++] = t;
    }
    if (!(*nonrec = lop_project(b->ctx, b->arena, new_rel(b), *nonrec, n, items, names)))
        return SS_ERROR;
    e->ncols = n;
    e->names = names;
    e->types = types;
    return SS_OK;
}

/* Whether name is among the first n of names. */
static bool listed(const char *const *names, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* The columns of a SEARCH or CYCLE clause (what: "search" / "cycle"): each one of the
 * query's, none twice. */
static int check_columns(binder *b, const char *what, const char *const *cols, uint32_t n, const int32_t *idx,
                         int location)
{
    for (uint32_t k = 0; k < n; k++) {
        if (idx[k] < 0)
            return bind_error(b, location, "42601", "%s column \"%s\" not in WITH query column list", what, cols[k]);
        if (listed(cols, k, cols[k]))
            return bind_error(b, location, "42701", "%s column \"%s\" specified more than once", what, cols[k]);
    }
    return SS_OK;
}

/* PostgreSQL's checks of the clauses (analyzeCTE), in its order. */
static int check_clauses(binder *b, const ast_cte *c, const cte_search *s, const cte_entry *e)
{
    const ast_select *q = c->query;
    if (q->larg->setop)
        return bind_error(b, -1, "42601", "with a SEARCH or CYCLE clause, the left side of the UNION must be a SELECT");
    if (q->rarg->setop)
        return bind_error(b, -1, "42601",
                          "with a SEARCH or CYCLE clause, the right side of the UNION must be a SELECT");
    if (check_columns(b, "search", c->search_cols, c->nsearch_cols, s->search_idx, c->search_location))
        return SS_ERROR;
    if (c->nsearch_cols && listed(e->names, s->ncols, c->search_seq))
        return bind_error(b, c->search_location, "42601",
                          "search sequence column name \"%s\" already used in WITH query column list", c->search_seq);
    if (c->ncycle_cols) {
        if (check_columns(b, "cycle", c->cycle_cols, c->ncycle_cols, s->cycle_idx, c->cycle_location))
            return SS_ERROR;
        if (listed(e->names, s->ncols, c->cycle_mark))
            return bind_error(b, c->cycle_location, "42601",
                              "cycle mark column name \"%s\" already used in WITH query column list", c->cycle_mark);
        if (listed(e->names, s->ncols, c->cycle_path))
            return bind_error(b, c->cycle_location, "42601",
                              "cycle path column name \"%s\" already used in WITH query column list", c->cycle_path);
        if (strcmp(c->cycle_mark, c->cycle_path) == 0)
            return bind_error(b, c->cycle_location, "42601",
                              "cycle mark column name and cycle path column name are the same");
    }
    if (c->nsearch_cols && c->ncycle_cols) {
        if (strcmp(c->search_seq, c->cycle_mark) == 0)
            return bind_error(b, c->search_location, "42601",
                              "search sequence column name and cycle mark column name are the same");
        if (strcmp(c->search_seq, c->cycle_path) == 0)
            return bind_error(b, c->search_location, "42601",
                              "search sequence column name and cycle path column name are the same");
    }
    return SS_OK;
}

int cte_search_rec_inner(binder *b, const ast_cte *c, cte_search *s, const cte_entry *e, ss_lop **rtop)
{
    if (!s->active)
        return SS_OK;
    if (check_clauses(b, c, s, e))
        return SS_ERROR;
    ss_lop *top = *rtop;
    if (top->kind != LOP_PROJECT)
        return bind_error(b, c->nsearch_cols ? c->search_location : c->cycle_location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: SEARCH or CYCLE with a recursive term that is not a plain SELECT list");
    uint32_t n0 = s->ncols, n = e->ncols;
    ss_expr **items = bind_alloc(b, sizeof(ss_expr *) * n);
    const char **names = bind_alloc(b, sizeof(char *) * n);
    if (!items || !names)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++) {
        names[i] = i < n0 ? top->names[i] : e->names[i];
        if (!(items[i] = i < n0 ? top->u.project.exprs[i] : make_column(b, e->worktable_rel, i, e->types[i])))
            return SS_ERROR;
    }
    ss_lop *child = top->children[0];
    if (c->ncycle_cols) {
        uint32_t mark = n0 + (c->nsearch_cols ? 1 : 0);
        ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * 2);
        ss_expr *pred;
        if (!args || !(args[0] = make_column(b, e->worktable_rel, mark, e->types[mark])))
            return SS_ERROR;
        args[1] = s->mark_value;
        if (!(pred = make_func(b, &rec_unmarked_def, type_of(SS_TYPE_BOOL), args, 2)) ||
            !(child = lop_filter(b->ctx, b->arena, child, pred)))
            return SS_ERROR;
    }
    return (*rtop = lop_project(b->ctx, b->arena, top->rel, child, n, items, names)) ? SS_OK : SS_ERROR;
}

int cte_search_rec_outer(binder *b, const ast_cte *c, const cte_search *s, ss_lop **rtop, ss_expr **items)
{
    ss_lop *top = *rtop;
    uint32_t n0 = s->ncols, at = n0;
    if (c->nsearch_cols) {
        uint32_t na = c->nsearch_cols + 1;
        ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * na);
        ss_type t = type_of(c->search_breadth ? SS_TYPE_RECORD : SS_TYPE_RECORD_ARRAY);
        if (!args || !(args[0] = make_column(b, top->rel, at, t)) ||
            !column_args(b, top->rel, NULL, s->search_idx, c->nsearch_cols, args + 1, items) ||
            !(items[at] = make_func(b, c->search_breadth ? &rec_depth_next_def : &rec_append_def, t, args, na)))
            return SS_ERROR;
        at++;
    }
    if (c->ncycle_cols) {
        ss_type t = type_of(SS_TYPE_RECORD_ARRAY);
        ss_expr **margs = bind_alloc(b, sizeof(ss_expr *) * (c->ncycle_cols + 3));
        ss_expr **pargs = bind_alloc(b, sizeof(ss_expr *) * (c->ncycle_cols + 1));
        if (!margs || !pargs || !(margs[0] = make_column(b, top->rel, at + 1, t)) ||
            !(pargs[0] = make_column(b, top->rel, at + 1, t)) ||
            !column_args(b, top->rel, NULL, s->cycle_idx, c->ncycle_cols, margs + 3, items) ||
            !column_args(b, top->rel, NULL, s->cycle_idx, c->ncycle_cols, pargs + 1, items))
            return SS_ERROR;
        margs[1] = s->mark_value;
        margs[2] = s->mark_default;
        if (!(items[at] = make_func(b, &rec_in_path_def, s->mark_type, margs, c->ncycle_cols + 3)) ||
            !(items[at + 1] = make_func(b, &rec_append_def, t, pargs, c->ncycle_cols + 1)))
            return SS_ERROR;
        at += 2;
    }
    return (*rtop = lop_project(b->ctx, b->arena, new_rel(b), top, at, items, NULL)) ? SS_OK : SS_ERROR;
}
