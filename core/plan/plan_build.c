/* plan_build.c — constructors of physical plan nodes (plan_build.h). */
#include "plan/plan_build.h"

#include <string.h>

#include "catalog/catalog.h"
#include "exec/expr.h"
#include "util/arena.h"

static void *pb_alloc(ss_plan_builder *pb, size_t n)
{
    void *p = ss_arena_alloc(pb->arena, n ? n : 1);
    if (!p)
        ss_ctx_error(pb->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return p;
}

static ss_plan *node_new(ss_plan_builder *pb, int role, ss_plan *child)
{
    ss_plan *p = pb_alloc(pb, sizeof *p);
    if (!p)
        return NULL;
    p->node.struct_size = sizeof(ss_plan_node);
    p->node.role = role;
    p->node.estimated_rows = -1;
    p->node.limit.limit = -1;
    p->node.sort_limit = -1;
    if (child) {
        if (!(p->children = pb_alloc(pb, sizeof(ss_plan *))))
            return NULL;
        p->children[0] = child;
        p->node.nchildren = 1;
    }
    return p;
}

/* Output schema: the given types and names (NULL names: "?column?"). */
static int set_output(ss_plan_builder *pb, ss_plan *p, uint32_t ncols, const ss_type *types,
                      const char *const *names)
{
    const char **n = pb_alloc(pb, sizeof(char *) * ncols);
    if (!n)
        return SS_ERROR;
    for (uint32_t i = 0; i < ncols; i++)
        n[i] = names ? names[i] : "?column?";
    p->node.ncols = ncols;
    p->node.col_types = types;
    p->node.col_names = n;
    return SS_OK;
}

static void pass_through_output(ss_plan *p, const ss_plan *child)
{
    p->node.ncols = child->node.ncols;
    p->node.col_types = child->node.col_types;
    p->node.col_names = child->node.col_names;
}

ss_plan *plan_scan(ss_plan_builder *pb, const ss_table *t, uint32_t ncols, const uint32_t *columns)
{
    ss_plan *p = node_new(pb, SS_ROLE_SCAN, NULL);
    ss_type *types = pb_alloc(pb, sizeof(ss_type) * ncols);
    const char **names = pb_alloc(pb, sizeof(char *) * ncols);
    if (!p || !types || !names)
        return NULL;
    for (uint32_t i = 0; i < ncols; i++) {
        types[i] = t->types[columns[i]];
        names[i] = t->cols[columns[i]].name;
    }
    p->node.scan.table = t;
    p->node.scan.ncols = ncols;
    p->node.scan.columns = columns;
    return set_output(pb, p, ncols, types, names) ? NULL : p;
}

ss_plan *plan_values(ss_plan_builder *pb, uint32_t ncols, const ss_type *types, const char *const *names,
                     uint32_t nrows, const ss_expr *const *exprs)
{
    ss_plan *p = node_new(pb, SS_ROLE_VALUES, NULL);
    if (!p || set_output(pb, p, ncols, types, names))
        return NULL;
    p->node.values.nrows = nrows;
    p->node.values.exprs = exprs;
    return p;
}

ss_plan *plan_filter(ss_plan_builder *pb, ss_plan *child, const ss_expr *pred)
{
    ss_plan *p = node_new(pb, SS_ROLE_FILTER, child);
    if (!p)
        return NULL;
    p->node.filter.predicate = pred;
    pass_through_output(p, child);
    return p;
}

ss_plan *plan_project(ss_plan_builder *pb, ss_plan *child, uint32_t n, const ss_expr *const *exprs,
                      const char *const *names)
{
    ss_plan *p = node_new(pb, SS_ROLE_PROJECT, child);
    ss_type *types = pb_alloc(pb, sizeof(ss_type) * n);
    if (!p || !types)
        return NULL;
    for (uint32_t i = 0; i < n; i++)
        types[i] = exprs[i]->type;
    p->node.project.nexprs = n;
    p->node.project.exprs = exprs;
    return set_output(pb, p, n, types, names) ? NULL : p;
}

ss_plan *plan_aggregate(ss_plan_builder *pb, ss_plan *child, uint32_t ngroups, const ss_expr *const *groups,
                        uint32_t naggs, const ss_agg_call *aggs, const char *const *names)
{
    ss_plan *p = node_new(pb, SS_ROLE_AGGREGATE, child);
    ss_type *types = pb_alloc(pb, sizeof(ss_type) * (ngroups + naggs));
    if (!p || !types)
        return NULL;
    for (uint32_t i = 0; i < ngroups; i++)
        types[i] = groups[i]->type;
    for (uint32_t i = 0; i < naggs; i++)
        types[ngroups + i] = aggs[i].result_type;
    p->node.aggregate.ngroups = ngroups;
    p->node.aggregate.groups = groups;
    p->node.aggregate.naggs = naggs;
    p->node.aggregate.aggs = aggs;
    return set_output(pb, p, ngroups + naggs, types, names) ? NULL : p;
}

ss_plan *plan_sort(ss_plan_builder *pb, ss_plan *child, uint32_t nkeys, const ss_sort_key *keys)
{
    ss_plan *p = node_new(pb, SS_ROLE_SORT, child);
    if (!p)
        return NULL;
    p->node.sort.nkeys = nkeys;
    p->node.sort.keys = keys;
    pass_through_output(p, child);
    return p;
}

ss_plan *plan_limit(ss_plan_builder *pb, ss_plan *child, const ss_expr *limit, const ss_expr *offset)
{
    ss_plan *p = node_new(pb, SS_ROLE_LIMIT, child);
    if (!p)
        return NULL;
    p->limit_expr = limit;
    p->offset_expr = offset;
    pass_through_output(p, child);
    return p;
}
