/* plan_build.c — constructors for plan nodes (ss_plan) in the statement arena. */
#include <string.h>

#include "plan/binder_internal.h"

ss_plan *plan_new(binder *b, int role, uint32_t nchildren)
{
    ss_plan *p = bind_alloc(b, sizeof *p);
    if (!p)
        return NULL;
    p->node.struct_size = sizeof(ss_plan_node);
    p->node.role = role;
    p->node.nchildren = nchildren;
    p->node.estimated_rows = -1;
    p->node.limit.limit = -1;
    p->node.sort_limit = -1;
    if (nchildren && !(p->children = bind_alloc(b, sizeof(ss_plan *) * nchildren)))
        return NULL;
    return p;
}

int plan_set_output(binder *b, ss_plan *p, uint32_t ncols, const ss_type *types, const char *const *names)
{
    ss_type *t = bind_alloc(b, sizeof(ss_type) * (ncols ? ncols : 1));
    const char **n = bind_alloc(b, sizeof(char *) * (ncols ? ncols : 1));
    if (!t || !n)
        return SS_ERROR;
    if (ncols) {
        memcpy(t, types, sizeof(ss_type) * ncols);
        for (uint32_t i = 0; i < ncols; i++)
            n[i] = names ? names[i] : "?column?";
    }
    p->node.ncols = ncols;
    p->node.col_types = t;
    p->node.col_names = n;
    return SS_OK;
}

int plan_copy_output(binder *b, ss_plan *p, const ss_plan *child)
{
    p->node.ncols = child->node.ncols;
    p->node.col_types = child->node.col_types;
    p->node.col_names = child->node.col_names;
    return SS_OK;
}
