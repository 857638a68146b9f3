/* bind_sublink.c — subqueries in expressions (PostgreSQL's transformSubLink): EXISTS, scalar
 * subqueries, x op ANY / ALL (SELECT ...) and IN (SELECT ...), bound as queries of their own
 * over a scope that also sees the queries around them.  A column of an outer query keeps its
 * (relation, column) binding inside the subquery's logical plan; the EXPR_SUBLINK node lists
 * those columns as its arguments, over its own query, so that the planner can hand their
 * values to the subquery as exec parameters (plan/planner.c). */
#include <string.h>

#include "bind/binder_internal.h"
#include "exec/expr_walk.h"

/* ---- columns of outer queries ------------------------------------------------------------ */

/* Whether the query whose scope entries are [lo, hi) has what a names (a table of that
 * qualifier, or a visible column of that name). */
bool bind_level_has(const binder *b, const ast_expr *a, uint32_t lo, uint32_t hi)
{
    const char *col = a->names[a->nnames - 1];
    for (uint32_t r = lo; r < hi; r++) {
        const range_entry *re = &b->scope[r];
        if (a->nnames == 2 ? re->ref && strcmp(re->ref, a->names[0]) == 0
                           : !re->cols_hidden && range_column_of(re, col) != -1)
            return true;
    }
    return false;
}

ss_expr *bind_outer_column(binder *b, const ast_expr *a, bool *found)
{
    *found = false;
    if (a->nnames > 2 || bind_level_has(b, a, b->scope_lo, b->scope_hi))
        return NULL;
    uint32_t k = b->nouter;
    while (k > 0 && !bind_level_has(b, a, b->outer[k - 1].lo, b->outer[k - 1].hi))
        k--;
    if (k == 0)
        return NULL;
    *found = true;
    const outer_level *lv = &b->outer[k - 1];
    if (lv->lateral_refused) {
        const char *ref = a->nnames == 2 ? a->names[0] : NULL;
        for (uint32_t r = lv->lo; !ref && r < lv->hi; r++)
            if (b->scope[r].ref && range_column_of(&b->scope[r], a->names[0]) != -1)
                ref = b->scope[r].ref;
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_TABLE, "invalid reference to FROM-clause entry for table \"%s\"",
                   ref ? ref : a->names[0]);
        ss_ctx_error_detail(b->ctx, "The combining JOIN type must be INNER or LEFT for a LATERAL reference.");
        return NULL;
    }
    /* bound as the outer query binds it, with its scope and aggregation */
    level_switch saved;
    bind_enter_outer_level(b, k, &saved);
    ss_expr *e = NULL;
    if (lv->agg_mode) {
        /* an aggregate query's column must be one of its groups */
        if (!(e = match_group(b, a))) {
            /* raised once the outer query is bound, as its own grouping errors are */
            b->agg_mode = false;
            outer_level *olv = &b->outer[k - 1];
            int slot = lv->in_having ? 1 : 0;
            bool dependent = false;
            if ((e = bind_expr(b, a)) && fd_grouped_column(b, e, &dependent))
                e = NULL;
            if (e && !dependent && !olv->grouping_msg[slot]) {
                olv->grouping_loc[slot] = a->location;
                olv->grouping_msg[slot] = ss_arena_printf(b->arena, "subquery uses ungrouped column \"%s.%s\" from outer query",
                                                          b->table_ref, a->names[a->nnames - 1]);
                if (!olv->grouping_msg[slot])
                    e = NULL;
            }
        }
    } else {
        e = bind_expr(b, a);
    }
    bind_leave_outer_level(b, &saved);
    return e;
}

void bind_enter_outer_level(binder *b, uint32_t k, level_switch *saved)
{
    const outer_level *lv = &b->outer[k - 1];
    *saved = (level_switch){.lo = b->scope_lo, .hi = b->scope_hi, .nouter = b->nouter, .own = b->own_col_refs,
                            .outer = b->outer_col_refs, .agg = b->agg, .agg_mode = b->agg_mode,
                            .in_having = b->in_having, .table_ref = b->table_ref, .context = b->no_agg_context,
                            .win = b->win};
    b->scope_lo = lv->lo;
    b->scope_hi = lv->hi;
    b->nouter = k - 1;
    b->agg = lv->agg;
    b->agg_mode = lv->agg_mode;
    b->in_having = lv->in_having;
    b->no_agg_context = lv->no_agg_context;
    b->win = NULL;
}

void bind_leave_outer_level(binder *b, const level_switch *saved)
{
    b->scope_lo = saved->lo;
    b->scope_hi = saved->hi;
    b->nouter = saved->nouter;
    b->agg = saved->agg;
    b->agg_mode = saved->agg_mode;
    b->in_having = saved->in_having;
    b->table_ref = saved->table_ref;
    b->no_agg_context = saved->context;
    b->win = saved->win;
    b->own_col_refs = saved->own;
    b->outer_col_refs = saved->outer + 1; /* what it read counts as an outer reference */
}

/* ---- the subquery's outer references ---------------------------------------------------- */

typedef struct outer_refs {
    binder *b;
    const bool *inner; /* the relations the subquery makes (nrels + 1 flags) */
    uint32_t n, cap;
    uint32_t *rel, *col;
    ss_type *type;
} outer_refs;

static int note_ref(const ss_expr *e, void *arg)
{
    outer_refs *r = arg;
    if (e->kind != EXPR_COLUMN || r->inner[e->u.column.rel])
        return SS_WALK_CONTINUE;
    for (uint32_t i = 0; i < r->n; i++)
        if (r->rel[i] == e->u.column.rel && r->col[i] == e->u.column.index)
            return SS_WALK_CONTINUE;
    if (r->n == r->cap) {
        uint32_t cap = r->cap ? r->cap * 2 : 8;
        uint32_t *rel = bind_alloc(r->b, sizeof(uint32_t) * cap), *col = bind_alloc(r->b, sizeof(uint32_t) * cap);
        ss_type *type = bind_alloc(r->b, sizeof(ss_type) * cap);
        if (!rel || !col || !type)
            return SS_WALK_NOMEM;
        if (r->n) {
            memcpy(rel, r->rel, sizeof(uint32_t) * r->n);
            memcpy(col, r->col, sizeof(uint32_t) * r->n);
            memcpy(type, r->type, sizeof(ss_type) * r->n);
        }
        r->rel = rel, r->col = col, r->type = type, r->cap = cap;
    }
    r->rel[r->n] = e->u.column.rel;
    r->col[r->n] = e->u.column.index;
    r->type[r->n++] = e->type;
    return SS_WALK_CONTINUE;
}

static int refs_of_slot(ss_lop *op, ss_expr **slot, void *arg)
{
    (void)op;
    outer_refs *r = arg;
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, r->b->arena);
    return ss_expr_walk_const(*slot, note_ref, r, &seen) == SS_WALK_NOMEM ? SS_ERROR : SS_OK;
}

/* ---- the sublink ------------------------------------------------------------------------ */

int bind_push_outer(binder *b, uint32_t lo, uint32_t hi)
{
    if (b->nouter == b->cap_outer) {
        uint32_t cap = b->cap_outer ? b->cap_outer * 2 : 4;
        outer_level *v = bind_alloc(b, sizeof *v * cap);
        if (!v)
            return SS_ERROR;
        if (b->nouter)
            memcpy(v, b->outer, sizeof *v * b->nouter);
        b->outer = v;
        b->cap_outer = cap;
    }
    b->outer[b->nouter++] = (outer_level){.lo = lo, .hi = hi, .agg = b->agg, .agg_mode = b->agg_mode,
                                          .in_having = b->in_having, .grouping_loc = {b->grouping_loc[0], b->grouping_loc[1]},
                                          .grouping_msg = {b->grouping_msg[0], b->grouping_msg[1]},
                                          .no_agg_context = b->no_agg_context, .want_agg = b->want_agg};
    return SS_OK;
}

/* The subquery of a bound with the current query as its outer level. */
static int bind_subquery(binder *b, const ast_expr *a, ss_bound_stmt *sub)
{
    if (bind_push_outer(b, b->scope_lo, b->scope_hi))
        return SS_ERROR;
    uint32_t own = b->own_col_refs, outer = b->outer_col_refs;
    b->grouping_msg[0] = b->grouping_msg[1] = NULL;
    b->sublink_depth++;
    int rc = bind_nested_query(b, a->subselect, sub);
    b->sublink_depth--;
    b->nouter--;
    /* what the subquery reads of the queries around counts as this query's columns */
    b->own_col_refs = own + 1;
    b->outer_col_refs = outer;
    for (int k = 0; k < 2; k++) { /* the outer query's, with those noted inside */
        b->grouping_loc[k] = b->outer[b->nouter].grouping_loc[k];
        b->grouping_msg[k] = b->outer[b->nouter].grouping_msg[k];
    }
    return rc;
}

/* The comparison test_i of an ANY / ALL: left op (column j of the subquery), the left
 * operand standing for itself when it is a constant or parameter, else for column k of the
 * left operands' relation; *is_arg tells which. */
static ss_expr *bind_comparison(binder *b, const ast_expr *a, const char *opname, uint32_t i, ss_expr *left,
                                uint32_t left_rel, uint32_t k, const ss_bound_stmt *sub, bool *is_arg)
{
    *is_arg = left->kind != EXPR_CONST && left->kind != EXPR_PARAM;
    ss_expr *lref = *is_arg ? make_column(b, left_rel, k, left->type) : left;
    ss_expr *rref = make_column(b, sub->query->rel, i, sub->col_types[i]);
    if (!lref || !rref)
        return NULL;
    /* an AST node standing for the subquery's output column i (bound to rref below) */
    ast_expr sub_output = {.kind = AE_COLUMN, .location = a->location, .nnames = 1};
    const char *pname = "?column?";
    sub_output.names = &pname;
    ast_expr op = {.kind = AE_OP, .location = a->location, .str = opname, .left = a->args[i], .right = &sub_output};
    const ast_expr *saved_ast[2] = {b->preset_ast[0], b->preset_ast[1]};
    ss_expr *saved_expr[2] = {b->preset_expr[0], b->preset_expr[1]};
    b->preset_ast[0] = a->args[i];
    b->preset_expr[0] = lref;
    b->preset_ast[1] = &sub_output;
    b->preset_expr[1] = rref;
    ss_expr *t = bind_expr(b, &op);
    b->preset_ast[0] = saved_ast[0], b->preset_ast[1] = saved_ast[1];
    b->preset_expr[0] = saved_expr[0], b->preset_expr[1] = saved_expr[1];
    if (t && t->type.id != SS_TYPE_BOOL) {
        char tn[96];
        bind_error(b, a->location, SS_SQLSTATE_DATATYPE_MISMATCH,
                   "row comparison operator must yield type boolean, not type %s", tname(t->type, tn, sizeof tn));
        return NULL;
    }
    return t;
}

static bool is_target_srf(const ast_expr *e)
{
    return e->kind == AE_FUNC && !e->over && is_set_returning(e->names[e->nnames - 1]);
}

/* Whether PostgreSQL's simplify_EXISTS_query drops the select list of EXISTS's query s (no
 * aggregates, grouping sets, window functions, set-returning functions, HAVING, OFFSET or
 * LIMIT other than a positive constant). */
static bool exists_drops_targets(const ast_select *s)
{
    if (s->setop || s->values || s->having || s->offset || s->nlocking)
        return false;
    if (s->limit && s->limit->kind != AE_NULL && !(s->limit->kind == AE_INT && s->limit->ival > 0))
        return false;
    for (uint32_t i = 0; i < s->ngroup; i++)
        if (s->group_by[i]->kind == AE_GROUPING_SET)
            return false;
    for (uint32_t i = 0; i < s->ntargets; i++)
        if (ast_has_aggregate(s->targets[i].expr) || ast_has_window(s->targets[i].expr) ||
            ast_any(s->targets[i].expr, is_target_srf))
            return false;
    for (uint32_t i = 0; i < s->norder; i++)
        if (ast_has_aggregate(s->order_by[i].expr) || ast_has_window(s->order_by[i].expr))
            return false;
    return true;
}

/* EXISTS never evaluates its query's select list (nor its ORDER BY keys, which are hidden
 * outputs): the projections at its top computed as NULLs of their types, so that 1/0 there
 * raises nothing, as in PostgreSQL. */
int drop_exists_targets(binder *b, ss_lop *top)
{
    while (top) {
        if (top->kind == LOP_PROJECT)
            for (uint32_t i = 0; i < top->u.project.n; i++)
                if (!(top->u.project.exprs[i] = make_null(b, top->u.project.exprs[i]->type)))
                    return SS_ERROR;
        ss_lop *child = top->nchildren ? top->children[0] : NULL;
        bool above_targets = child && (child->kind == LOP_LIMIT || child->kind == LOP_SORT ||
                                       child->kind == LOP_DISTINCT || child->kind == LOP_UNIQUE);
        if (top->kind == LOP_PROJECT && !above_targets)
            break;
        if (top->kind != LOP_PROJECT && top->kind != LOP_LIMIT && top->kind != LOP_SORT &&
            top->kind != LOP_DISTINCT && top->kind != LOP_UNIQUE)
            break;
        top = child;
    }
    return SS_OK;
}

ss_expr *bind_sublink(binder *b, const ast_expr *a)
{
    ss_bound_stmt sub;
    const ast_select *outer_exists = b->exists_query;
    b->exists_query = a->sublink == AST_SUBLINK_EXISTS && exists_drops_targets(a->subselect) ? a->subselect : NULL;
    int src = bind_subquery(b, a, &sub);
    b->exists_query = outer_exists;
    if (src)
        return NULL;
    ss_sublink_kind kind = a->sublink == AST_SUBLINK_EXISTS ? SS_SUBLINK_EXISTS
                           : a->sublink == AST_SUBLINK_EXPR ? SS_SUBLINK_EXPR
                           : a->sublink == AST_SUBLINK_ANY  ? SS_SUBLINK_ANY
                           : a->sublink == AST_SUBLINK_ARRAY ? SS_SUBLINK_ARRAY
                           : a->sublink == AST_SUBLINK_ROWCOMPARE ? SS_SUBLINK_ROWCOMPARE
                                                            : SS_SUBLINK_ALL;
    if ((kind == SS_SUBLINK_EXPR || kind == SS_SUBLINK_ARRAY) && sub.ncols != 1) {
        bind_error(b, a->location, "42601", "subquery must return only one column");
        return NULL;
    }
    if ((kind == SS_SUBLINK_ANY || kind == SS_SUBLINK_ALL || kind == SS_SUBLINK_ROWCOMPARE) && sub.ncols != a->nargs) {
        bind_error(b, a->location, "42601", "subquery has too %s columns", sub.ncols > a->nargs ? "many" : "few");
        return NULL;
    }
    uint32_t nrels = b->nrels;
    bool *inner = bind_alloc(b, (size_t)nrels + 1);
    if (!inner)
        return NULL;
    memset(inner, 0, (size_t)nrels + 1);
    lop_mark_rels(sub.query, inner);
    outer_refs refs = {.b = b, .inner = inner};
    if (lop_each_expr_deep(sub.query, refs_of_slot, &refs))
        return NULL;
    uint32_t ncorr = refs.n, nleft = kind == SS_SUBLINK_ANY || kind == SS_SUBLINK_ALL || kind == SS_SUBLINK_ROWCOMPARE ? a->nargs : 0;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (ncorr + nleft + 1));
    uint32_t *arg_rel = bind_alloc(b, sizeof(uint32_t) * (ncorr + nleft + 1));
    uint32_t *arg_col = bind_alloc(b, sizeof(uint32_t) * (ncorr + nleft + 1));
    ss_type rtype = kind == SS_SUBLINK_EXPR ? sub.col_types[0] : type_of(SS_TYPE_BOOL);
    if (kind == SS_SUBLINK_ARRAY) {
        /* an array of the column's type; of an array column, the same type one dimension up */
        int32_t col = sub.col_types[0].id == SS_TYPE_UNKNOWN ? SS_TYPE_TEXT : sub.col_types[0].id;
        rtype = (ss_type){ss_type_is_array(col) ? col : ss_type_array_of(col), sub.col_types[0].typmod};
        if (rtype.id == SS_TYPE_INVALID) {
            char b1[96];
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "feature not supported: arrays of type %s", tname(sub.col_types[0], b1, sizeof b1));
            return NULL;
        }
    }
    ss_expr *e = new_expr(b, EXPR_SUBLINK, rtype);
    if (!args || !arg_rel || !arg_col || !e)
        return NULL;
    for (uint32_t i = 0; i < ncorr; i++) {
        arg_rel[i] = refs.rel[i];
        arg_col[i] = refs.col[i];
        if (!(args[i] = make_column(b, refs.rel[i], refs.col[i], refs.type[i])))
            return NULL;
    }
    uint32_t nargs = ncorr;
    ss_expr *test = NULL;
    if (nleft) {
        /* a row compares lexicographically: (a, b) < (x, y) is a < x OR (a = x AND b < y) */
        const char *op = a->str;
        const char *strict = !strcmp(op, "<") || !strcmp(op, "<=")   ? "<"
                             : !strcmp(op, ">") || !strcmp(op, ">=") ? ">"
                                                                     : NULL;
        bool ordering = nleft > 1 && strict;
        if (nleft > 1 && strcmp(op, "=") != 0 && strcmp(op, "<>") != 0 && !ordering) {
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "feature not supported: row comparison with %s ANY/ALL (subquery)", op);
            return NULL;
        }
        uint32_t left_rel = new_rel(b);
        ss_expr **tests = bind_alloc(b, sizeof(ss_expr *) * nleft), **eqs = bind_alloc(b, sizeof(ss_expr *) * nleft);
        if (!tests || !eqs)
            return NULL;
        for (uint32_t i = 0; i < nleft; i++) {
            ss_expr *left = bind_expr(b, a->args[i]);
            bool is_arg, last = i + 1 == nleft;
            if (!left ||
                !(tests[i] = bind_comparison(b, a, ordering && !last ? strict : op, i, left, left_rel, nargs - ncorr,
                                             &sub, &is_arg)) ||
                (ordering && !last &&
                 !(eqs[i] = bind_comparison(b, a, "=", i, left, left_rel, nargs - ncorr, &sub, &is_arg))))
                return NULL;
            if (is_arg) {
                arg_rel[nargs] = left_rel;
                arg_col[nargs] = nargs - ncorr;
                args[nargs++] = left;
            }
        }
        test = tests[0];
        if (ordering) {
            ss_expr **terms = bind_alloc(b, sizeof(ss_expr *) * nleft);
            if (!terms || !(test = new_expr(b, EXPR_OR, type_of(SS_TYPE_BOOL))))
                return NULL;
            terms[0] = tests[0];
            for (uint32_t k = 1; k < nleft; k++) {
                ss_expr **conj = bind_alloc(b, sizeof(ss_expr *) * (k + 1));
                if (!conj || !(terms[k] = new_expr(b, EXPR_AND, type_of(SS_TYPE_BOOL))))
                    return NULL;
                memcpy(conj, eqs, sizeof(ss_expr *) * k);
                conj[k] = tests[k];
                terms[k]->u.list.nargs = k + 1;
                terms[k]->u.list.args = conj;
            }
            test->u.list.nargs = nleft;
            test->u.list.args = terms;
        } else if (nleft > 1) {
            /* a row equals when every column does, differs when any does */
            if (!(test = new_expr(b, strcmp(op, "=") == 0 ? EXPR_AND : EXPR_OR, type_of(SS_TYPE_BOOL))))
                return NULL;
            test->u.list.nargs = nleft;
            test->u.list.args = tests;
        }
        e->u.sub.left_rel = left_rel;
    }
    e->u.sub.kind = kind;
    e->u.sub.key = a->sub_key;
    e->u.sub.nargs = nargs;
    e->u.sub.ncorr = ncorr;
    e->u.sub.args = args;
    e->u.sub.arg_rel = arg_rel;
    e->u.sub.arg_col = arg_col;
    e->u.sub.sub_rel = sub.query->rel;
    e->u.sub.lop = sub.query;
    e->u.sub.test = test;
    return e;
}
