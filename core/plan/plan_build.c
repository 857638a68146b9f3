/* plan_build.c — constructors of physical plan nodes (plan_build.h). */
#include "plan/plan_build.h"

#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "exec/expr.h"
#include "exec/expr_walk.h"
#include "types/json/json_srf.h"
#include "types/regex_srf.h"
#include "types/json_record.h"
#include "types/array/array_srf.h"
#include "util/arena.h"

static void *pb_alloc(ss_plan_builder *pb, size_t n)
{
    void *p = ss_arena_alloc(pb->arena, n ? n : 1);
    if (!p)
        ss_ctx_error(pb->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return p;
}

/* ---- parameters a node reads ---- */

typedef struct param_list {
    uint32_t *v;
    uint32_t n, cap;
    bool nomem;
} param_list;

static void param_add(param_list *l, uint32_t n)
{
    if (l->n == l->cap) {
        uint32_t cap = l->cap ? l->cap * 2 : 8;
        uint32_t *v = realloc(l->v, cap * sizeof *v);
        if (!v) {
            l->nomem = true;
            return;
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = n;
}

typedef struct param_walk {
    param_list *list;
    uint32_t budget; /* nodes a walk without a seen set may still visit; 0 = unbounded */
} param_walk;

static int collect_param(const ss_expr *e, void *arg)
{
    param_walk *w = arg;
    if (w->budget > 0 && --w->budget == 0)
        return SS_WALK_STOP;
    if (e->kind == EXPR_PARAM)
        param_add(w->list, e->u.param.index + 1);
    return SS_WALK_CONTINUE;
}

/* Small expressions are walked as they are; a big one again with a seen set, since the binder
 * shares subtrees (COALESCE's argument in its WHEN and THEN) and a plain walk of nested shared
 * subtrees grows exponentially.  The seen set costs an allocation per node, so only then. */
static void params_of_exprs(ss_plan_builder *pb, param_list *l, const ss_expr *const *exprs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (!exprs[i])
            continue;
        uint32_t before = l->n;
        param_walk w = {l, 256};
        if (ss_expr_walk_const(exprs[i], collect_param, &w, NULL) == SS_WALK_CONTINUE)
            continue;
        l->n = before;
        ss_ptrmap seen;
        ss_ptrmap_init(&seen, pb->arena);
        w.budget = 0;
        if (ss_expr_walk_const(exprs[i], collect_param, &w, &seen) == SS_WALK_NOMEM)
            l->nomem = true;
    }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Sets p's params to what l holds plus its children's: ascending, without duplicates. */
static int params_finish(ss_plan_builder *pb, ss_plan_node *p, param_list *l)
{
    for (uint32_t c = 0; c < p->nchildren; c++)
        for (uint32_t i = 0; i < p->children[c]->params.n; i++)
            param_add(l, p->children[c]->params.index[i]);
    int rc = SS_OK;
    if (l->nomem) {
        rc = ss_ctx_error(pb->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    } else if (l->n) {
        qsort(l->v, l->n, sizeof *l->v, cmp_u32);
        uint32_t k = 0;
        for (uint32_t i = 0; i < l->n; i++)
            if (k == 0 || l->v[k - 1] != l->v[i])
                l->v[k++] = l->v[i];
        uint32_t *index = pb_alloc(pb, k * sizeof *index);
        if (index) {
            memcpy(index, l->v, k * sizeof *index);
            p->params.n = k;
            p->params.index = index;
        } else {
            rc = SS_ERROR;
        }
    }
    free(l->v);
    return rc;
}

/* Sets p's params from exprs[0..n) and its children. */
static int set_params(ss_plan_builder *pb, ss_plan_node *p, const ss_expr *const *exprs, uint32_t n)
{
    param_list l = {0};
    params_of_exprs(pb, &l, exprs, n);
    return params_finish(pb, p, &l);
}

/* ---- nodes ---- */

/* A zeroed node of size bytes (the kind's struct) with the common header filled in. */
static ss_plan_node *node_new(ss_plan_builder *pb, size_t size, int32_t kind, ss_plan_node *child)
{
    ss_plan_node *p = pb_alloc(pb, size);
    if (!p)
        return NULL;
    p->struct_size = (uint32_t)size;
    p->kind = kind;
    p->estimated_rows = -1;
    if (child) {
        const ss_plan_node **children = pb_alloc(pb, sizeof *children);
        if (!children)
            return NULL;
        children[0] = child;
        p->children = children;
        p->nchildren = 1;
    }
    return p;
}

/* Output schema: the given types and names (NULL names: "?column?"). */
static int set_output(ss_plan_builder *pb, ss_plan_node *p, uint32_t ncols, const ss_type *types,
                      const char *const *names)
{
    const char **n = pb_alloc(pb, sizeof(char *) * ncols);
    if (!n)
        return SS_ERROR;
    for (uint32_t i = 0; i < ncols; i++)
        n[i] = names ? names[i] : "?column?";
    p->ncols = ncols;
    p->col_types = types;
    p->col_names = n;
    return SS_OK;
}

/* A node that passes its child's schema through (filter, sort, limit). */
static void pass_through_output(ss_plan_node *p)
{
    const ss_plan_node *child = p->children[0];
    p->ncols = child->ncols;
    p->col_types = child->col_types;
    p->col_names = child->col_names;
}

void plan_set_estimate(ss_plan *node, double rows)
{
    node->estimated_rows = rows < 0 ? -1 : rows;
}

ss_plan *plan_scan(ss_plan_builder *pb, const ss_table *t, uint32_t ncols, const uint32_t *columns, double rows)
{
    ss_scan_node *s = (ss_scan_node *)node_new(pb, sizeof *s, SS_NODE_SCAN, NULL);
    if (!s)
        return NULL;
    s->table = t;
    s->hdr.estimated_rows = rows < 0 ? -1 : rows;
    ss_type *types = pb_alloc(pb, sizeof(ss_type) * ncols);
    const char **names = pb_alloc(pb, sizeof(char *) * ncols);
    if (!types || !names)
        return NULL;
    for (uint32_t i = 0; i < ncols; i++) {
        bool rowid = columns[i] == SS_SCAN_COLUMN_ROWID;
        types[i] = rowid ? (ss_type){SS_TYPE_INT8, -1} : t->types[columns[i]];
        names[i] = rowid ? "ctid" : t->cols[columns[i]].name;
    }
    s->ncols = ncols;
    s->columns = columns;
    s->hdr.ncols = ncols;
    s->hdr.col_types = types;
    s->hdr.col_names = names;
    return &s->hdr;
}

int plan_scan_hints(ss_plan_builder *pb, ss_plan *scan, uint32_t n, const ss_scan_node_hint *hints)
{
    ss_scan_node *s = (ss_scan_node *)scan;
    const ss_expr **values = pb_alloc(pb, sizeof(ss_expr *) * (n ? n : 1));
    if (!values)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        values[i] = hints[i].value;
    s->nhints = n;
    s->hints = hints;
    return set_params(pb, &s->hdr, values, n);
}

ss_plan *plan_values(ss_plan_builder *pb, uint32_t ncols, const ss_type *types, const char *const *names,
                     uint32_t nrows, const ss_expr *const *exprs)
{
    ss_values_node *v = (ss_values_node *)node_new(pb, sizeof *v, SS_NODE_VALUES, NULL);
    if (!v || set_output(pb, &v->hdr, ncols, types, names))
        return NULL;
    v->nrows = nrows;
    v->exprs = exprs;
    v->hdr.estimated_rows = nrows;
    return set_params(pb, &v->hdr, exprs, nrows * ncols) ? NULL : &v->hdr;
}

ss_plan *plan_function_scan(ss_plan_builder *pb, const char *name, uint32_t nargs, const ss_expr *const *args,
                           bool ordinality, uint32_t ncols, const ss_type *types, const char *const *names)
{
    ss_function_scan_node *f = (ss_function_scan_node *)node_new(pb, sizeof *f, SS_NODE_FUNCTION_SCAN, NULL);
    if (!f || set_output(pb, &f->hdr, ncols, types, names))
        return NULL;
    f->function = name;
    f->nargs = nargs;
    f->args = args;
    f->with_ordinality = ordinality;
    const char *scalar;
    ss_type column;
    f->expand = json_srf_exists(name)                              ? json_srf_expand
                : regex_srf_describe(name, &scalar, &column) ? regex_srf_expand
                : !strcmp(name, "generate_subscripts")       ? arr_srf_generate_subscripts
                : json_record_function(name, NULL)           ? json_record_expand
                                                                   : NULL;
    return set_params(pb, &f->hdr, args, nargs) ? NULL : &f->hdr;
}

ss_plan *plan_filter(ss_plan_builder *pb, ss_plan *child, const ss_expr *pred)
{
    return plan_gated_filter(pb, child, pred, NULL);
}

ss_plan *plan_gated_filter(ss_plan_builder *pb, ss_plan *child, const ss_expr *pred, const ss_expr *one_time)
{
    ss_filter_node *f = (ss_filter_node *)node_new(pb, sizeof *f, SS_NODE_FILTER, child);
    if (!f)
        return NULL;
    f->predicate = pred;
    f->one_time = one_time;
    pass_through_output(&f->hdr);
    const ss_expr *exprs[2] = {pred, one_time};
    return set_params(pb, &f->hdr, exprs, one_time ? 2 : 1) ? NULL : &f->hdr;
}

ss_plan *plan_project(ss_plan_builder *pb, ss_plan *child, uint32_t n, const ss_expr *const *exprs,
                      const char *const *names)
{
    ss_project_node *p = (ss_project_node *)node_new(pb, sizeof *p, SS_NODE_PROJECT, child);
    ss_type *types = pb_alloc(pb, sizeof(ss_type) * n);
    if (!p || !types)
        return NULL;
    for (uint32_t i = 0; i < n; i++)
        types[i] = exprs[i]->type;
    p->nexprs = n;
    p->exprs = exprs;
    p->hdr.estimated_rows = child->estimated_rows;
    if (set_output(pb, &p->hdr, n, types, names))
        return NULL;
    return set_params(pb, &p->hdr, exprs, n) ? NULL : &p->hdr;
}

ss_plan *plan_aggregate(ss_plan_builder *pb, ss_plan *child, uint32_t ngroups, const ss_expr *const *groups,
                        uint32_t naggs, const ss_agg_call *aggs, const char *const *names)
{
    return plan_aggregate_ex(pb, child, ngroups, groups, naggs, aggs, NULL, names);
}

ss_plan *plan_aggregate_ex(ss_plan_builder *pb, ss_plan *child, uint32_t ngroups, const ss_expr *const *groups,
                           uint32_t naggs, const ss_agg_call *aggs, const ss_agg_extra *const *extras,
                           const char *const *names)
{
    ss_aggregate_node *a = (ss_aggregate_node *)node_new(pb, sizeof *a, SS_NODE_AGGREGATE, child);
    ss_type *types = pb_alloc(pb, sizeof(ss_type) * (ngroups + naggs));
    if (!a || !types)
        return NULL;
    for (uint32_t i = 0; i < ngroups; i++)
        types[i] = groups[i]->type;
    for (uint32_t i = 0; i < naggs; i++)
        types[ngroups + i] = aggs[i].result_type;
    a->ngroups = ngroups;
    a->groups = groups;
    a->naggs = naggs;
    a->aggs = aggs;
    a->extras = extras;
    if (set_output(pb, &a->hdr, ngroups + naggs, types, names))
        return NULL;
    param_list l = {0};
    params_of_exprs(pb, &l, groups, ngroups);
    for (uint32_t i = 0; i < naggs; i++) {
        params_of_exprs(pb, &l, &aggs[i].arg, 1);
        const ss_agg_extra *x = extras ? extras[i] : NULL;
        if (x) {
            params_of_exprs(pb, &l, x->args, x->nargs);
            params_of_exprs(pb, &l, x->order, x->norder);
            params_of_exprs(pb, &l, &x->filter, 1);
            params_of_exprs(pb, &l, x->direct, x->ndirect);
        }
    }
    return params_finish(pb, &a->hdr, &l) ? NULL : &a->hdr;
}

/* A node of kind (struct of size bytes) that keeps its child's rows' schema and count
 * estimate and reads no parameter of its own (sort, unique). */
static ss_plan_node *pass_through_node(ss_plan_builder *pb, size_t size, int32_t kind, ss_plan *child)
{
    ss_plan_node *n = node_new(pb, size, kind, child);
    if (!n)
        return NULL;
    n->estimated_rows = child->estimated_rows;
    pass_through_output(n);
    return set_params(pb, n, NULL, 0) ? NULL : n;
}

ss_plan *plan_sort(ss_plan_builder *pb, ss_plan *child, uint32_t nkeys, const ss_sort_key *keys)
{
    ss_sort_node *s = (ss_sort_node *)pass_through_node(pb, sizeof *s, SS_NODE_SORT, child);
    if (!s)
        return NULL;
    s->nkeys = nkeys;
    s->keys = keys;
    return &s->hdr;
}

ss_plan *plan_window(ss_plan_builder *pb, ss_plan *child, const ss_window_node *spec)
{
    ss_window_node *w = (ss_window_node *)node_new(pb, sizeof *w, SS_NODE_WINDOW, child);
    if (!w)
        return NULL;
    ss_plan_node hdr = w->hdr;
    *w = *spec;
    w->hdr = hdr;
    uint32_t n = child->ncols + spec->ncalls;
    ss_type *types = pb_alloc(pb, sizeof(ss_type) * (n ? n : 1));
    const char **names = pb_alloc(pb, sizeof(char *) * (n ? n : 1));
    if (!types || !names)
        return NULL;
    for (uint32_t i = 0; i < child->ncols; i++) {
        types[i] = child->col_types[i];
        names[i] = child->col_names[i];
    }
    for (uint32_t i = 0; i < spec->ncalls; i++) {
        types[child->ncols + i] = spec->calls[i]->result_type;
        names[child->ncols + i] = spec->calls[i]->name;
    }
    w->hdr.ncols = n;
    w->hdr.col_types = types;
    w->hdr.col_names = names;
    w->hdr.estimated_rows = child->estimated_rows;
    uint32_t ne = 4;
    for (uint32_t i = 0; i < spec->ncalls; i++)
        ne += spec->calls[i]->nargs + 1;
    const ss_expr **exprs = pb_alloc(pb, sizeof(ss_expr *) * ne);
    if (!exprs)
        return NULL;
    exprs[0] = spec->start_offset, exprs[1] = spec->end_offset, exprs[2] = spec->start_neg, exprs[3] = spec->end_neg;
    ne = 4;
    for (uint32_t i = 0; i < spec->ncalls; i++) {
        for (uint32_t k = 0; k < spec->calls[i]->nargs; k++)
            exprs[ne++] = spec->calls[i]->args[k];
        exprs[ne++] = spec->calls[i]->filter;
    }
    return set_params(pb, &w->hdr, exprs, ne) ? NULL : &w->hdr;
}

ss_plan *plan_unique(ss_plan_builder *pb, ss_plan *child, uint32_t nkeys, const uint32_t *keys)
{
    ss_unique_node *u = (ss_unique_node *)pass_through_node(pb, sizeof *u, SS_NODE_UNIQUE, child);
    if (!u)
        return NULL;
    u->nkeys = nkeys;
    u->keys = keys;
    return &u->hdr;
}

ss_plan *plan_limit(ss_plan_builder *pb, ss_plan *child, const ss_expr *limit, const ss_expr *offset)
{
    return plan_limit_ties(pb, child, limit, offset, 0, NULL);
}

ss_plan *plan_limit_ties(ss_plan_builder *pb, ss_plan *child, const ss_expr *limit, const ss_expr *offset,
                         uint32_t nties, const uint32_t *ties)
{
    ss_limit_node *l = (ss_limit_node *)node_new(pb, sizeof *l, SS_NODE_LIMIT, child);
    if (!l)
        return NULL;
    l->limit = limit;
    l->offset = offset;
    l->nties = nties;
    l->ties = ties;
    pass_through_output(&l->hdr);
    const ss_expr *exprs[2] = {limit, offset};
    return set_params(pb, &l->hdr, exprs, 2) ? NULL : &l->hdr;
}

/* A node over n children (kind's struct of size bytes), the first child's column types. */
static ss_plan_node *node_over(ss_plan_builder *pb, size_t size, int32_t kind, uint32_t n, ss_plan *const *children,
                               const char *const *names)
{
    ss_plan_node *p = node_new(pb, size, kind, NULL);
    const ss_plan_node **kids = p ? pb_alloc(pb, sizeof *kids * n) : NULL;
    if (!kids)
        return NULL;
    for (uint32_t i = 0; i < n; i++)
        kids[i] = children[i];
    p->children = kids;
    p->nchildren = n;
    if (set_output(pb, p, children[0]->ncols, children[0]->col_types, names))
        return NULL;
    return set_params(pb, p, NULL, 0) ? NULL : p;
}

ss_plan *plan_append(ss_plan_builder *pb, uint32_t n, ss_plan *const *children, const char *const *names)
{
    ss_plan_node *p = node_over(pb, sizeof(ss_append_node), SS_NODE_APPEND, n, children, names);
    if (!p)
        return NULL;
    double rows = 0;
    for (uint32_t i = 0; i < n && rows >= 0; i++)
        rows = children[i]->estimated_rows < 0 ? -1 : rows + children[i]->estimated_rows;
    p->estimated_rows = rows;
    return p;
}

ss_plan *plan_setop(ss_plan_builder *pb, ss_plan *left, ss_plan *right, ss_setop_kind op, bool all,
                    const char *const *names)
{
    ss_plan *children[2] = {left, right};
    ss_setop_node *s = (ss_setop_node *)node_over(pb, sizeof(ss_setop_node), SS_NODE_SETOP, 2, children, names);
    if (!s)
        return NULL;
    s->op = op;
    s->all = all;
    return &s->hdr;
}

/* The header of a join node: two children, their columns side by side (a SEMI or ANTI
 * join: the left child's only). */
static ss_plan_node *join_new(ss_plan_builder *pb, size_t size, int32_t kind, ss_join_type type, ss_plan *left,
                              ss_plan *right)
{
    ss_plan_node *p = node_new(pb, size, kind, NULL);
    const ss_plan_node **children = p ? pb_alloc(pb, sizeof *children * 2) : NULL;
    uint32_t n = left->ncols + (type == SS_JOIN_SEMI || type == SS_JOIN_ANTI ? 0 : right->ncols);
    ss_type *types = children ? pb_alloc(pb, sizeof(ss_type) * n) : NULL;
    const char **names = types ? pb_alloc(pb, sizeof(char *) * n) : NULL;
    if (!names)
        return NULL;
    for (uint32_t i = 0; i < n; i++) {
        const ss_plan *side = i < left->ncols ? left : right;
        uint32_t c = i < left->ncols ? i : i - left->ncols;
        types[i] = side->col_types[c];
        names[i] = side->col_names[c];
    }
    children[0] = left;
    children[1] = right;
    p->children = children;
    p->nchildren = 2;
    p->ncols = n;
    p->col_types = types;
    p->col_names = names;
    return p;
}

ss_plan *plan_hash_join(ss_plan_builder *pb, ss_join_type type, ss_plan *left, ss_plan *right, uint32_t nkeys,
                        const ss_expr *const *left_keys, const ss_expr *const *right_keys, const ss_expr *residual)
{
    ss_hash_join_node *j = (ss_hash_join_node *)join_new(pb, sizeof *j, SS_NODE_HASH_JOIN, type, left, right);
    if (!j)
        return NULL;
    j->join_type = type;
    j->nkeys = nkeys;
    j->left_keys = left_keys;
    j->right_keys = right_keys;
    j->residual = residual;
    param_list l = {0};
    params_of_exprs(pb, &l, left_keys, nkeys);
    params_of_exprs(pb, &l, right_keys, nkeys);
    params_of_exprs(pb, &l, &residual, 1);
    return params_finish(pb, &j->hdr, &l) ? NULL : &j->hdr;
}

ss_plan *plan_nested_loop(ss_plan_builder *pb, ss_join_type type, ss_plan *left, ss_plan *right,
                          const ss_expr *cond)
{
    ss_nested_loop_node *j = (ss_nested_loop_node *)join_new(pb, sizeof *j, SS_NODE_NESTED_LOOP, type, left, right);
    if (!j)
        return NULL;
    j->join_type = type;
    j->condition = cond;
    return set_params(pb, &j->hdr, &cond, 1) ? NULL : &j->hdr;
}

ss_plan *plan_nested_loop_param(ss_plan_builder *pb, ss_join_type type, ss_plan *left, ss_plan *right,
                                const ss_expr *cond, uint32_t nsetters, const ss_expr *const *setters,
                                ss_param_set assigned)
{
    ss_nested_loop_param_node *j =
        (ss_nested_loop_param_node *)join_new(pb, sizeof *j, SS_NODE_NESTED_LOOP_PARAM, type, left, right);
    if (!j)
        return NULL;
    j->join_type = type;
    j->condition = cond;
    j->nsetters = nsetters;
    j->setters = setters;
    j->assigned = assigned;
    param_list l = {0};
    params_of_exprs(pb, &l, &cond, 1);
    params_of_exprs(pb, &l, setters, nsetters);
    return params_finish(pb, &j->hdr, &l) ? NULL : &j->hdr;
}

ss_plan *plan_cte_scan(ss_plan_builder *pb, uint32_t cte_id, const char *name, ss_plan *cte, uint32_t ncols,
                       const ss_type *types, const char *const *names)
{
    ss_cte_scan_node *c = (ss_cte_scan_node *)node_new(pb, sizeof *c, SS_NODE_CTE_SCAN, cte);
    if (!c || set_output(pb, &c->hdr, ncols, types, names))
        return NULL;
    c->cte_id = cte_id;
    c->cte_name = name;
    c->hdr.estimated_rows = cte ? cte->estimated_rows : -1;
    return set_params(pb, &c->hdr, NULL, 0) ? NULL : &c->hdr;
}

void plan_cte_scan_detach(ss_plan *cte_scan)
{
    cte_scan->nchildren = 0;
    cte_scan->children = NULL;
}

ss_plan *plan_recursive_union(ss_plan_builder *pb, uint32_t worktable_id, const char *name, bool all,
                              ss_plan *nonrec, ss_plan *rec, const char *const *names)
{
    ss_plan *children[2] = {nonrec, rec};
    ss_recursive_union_node *r = (ss_recursive_union_node *)node_over(pb, sizeof(ss_recursive_union_node),
                                                                      SS_NODE_RECURSIVE_UNION, 2, children, names);
    if (!r)
        return NULL;
    r->worktable_id = worktable_id;
    r->all = all;
    r->cte_name = name;
    return &r->hdr;
}

ss_plan *plan_worktable_scan(ss_plan_builder *pb, uint32_t worktable_id, const char *name, uint32_t ncols,
                             const ss_type *types, const char *const *names)
{
    ss_worktable_scan_node *w = (ss_worktable_scan_node *)node_new(pb, sizeof *w, SS_NODE_WORKTABLE_SCAN, NULL);
    if (!w || set_output(pb, &w->hdr, ncols, types, names))
        return NULL;
    w->worktable_id = worktable_id;
    w->cte_name = name;
    return &w->hdr;
}

ss_plan *plan_index_scan(ss_plan_builder *pb, const ss_index_scan_node *tmpl, double rows)
{
    ss_index_scan_node *s = (ss_index_scan_node *)node_new(pb, sizeof *s, SS_NODE_INDEX_SCAN, NULL);
    if (!s)
        return NULL;
    ss_plan_node hdr = s->hdr;
    *s = *tmpl;
    s->hdr = hdr;
    const ss_table *t = tmpl->table;
    ss_type *types = pb_alloc(pb, sizeof(ss_type) * (tmpl->ncols ? tmpl->ncols : 1));
    const char **names = pb_alloc(pb, sizeof(char *) * (tmpl->ncols ? tmpl->ncols : 1));
    if (!types || !names)
        return NULL;
    for (uint32_t i = 0; i < tmpl->ncols; i++) {
        bool rowid = tmpl->columns[i] == SS_SCAN_COLUMN_ROWID; /* UPDATE / DELETE, as plan_scan */
        types[i] = rowid ? (ss_type){SS_TYPE_INT8, -1} : t->types[tmpl->columns[i]];
        names[i] = rowid ? "ctid" : t->cols[tmpl->columns[i]].name;
    }
    s->hdr.ncols = tmpl->ncols;
    s->hdr.col_types = types;
    s->hdr.col_names = names;
    s->hdr.estimated_rows = rows < 0 ? -1 : rows;
    /* the parameters its bounds and filter read: a rescan with any of them changed
       evaluates the bounds again */
    uint32_t n = tmpl->neq + tmpl->nin + 3, k = 0;
    const ss_expr **exprs = pb_alloc(pb, sizeof(ss_expr *) * n);
    if (!exprs)
        return NULL;
    for (uint32_t i = 0; i < tmpl->neq; i++)
        if (tmpl->eq[i])
            exprs[k++] = tmpl->eq[i];
    for (uint32_t i = 0; i < tmpl->nin; i++)
        exprs[k++] = tmpl->in[i];
    if (tmpl->lower)
        exprs[k++] = tmpl->lower;
    if (tmpl->upper)
        exprs[k++] = tmpl->upper;
    if (tmpl->filter)
        exprs[k++] = tmpl->filter;
    return set_params(pb, &s->hdr, (const ss_expr *const *)exprs, k) ? NULL : &s->hdr;
}
