/* bind_view_check.c — WITH [LOCAL | CASCADED] CHECK OPTION for INSERT through views
 * (PostgreSQL's rewriteTargetView / ExecWithCheckOptions): the WHERE of each view on the way
 * down to the table that has the option, or that a CASCADED view above it reaches, bound over
 * the table's row and kept innermost first in binder.view_checks; the INSERT checks them
 * after the table's constraints (catalog/constraints.h, 44000).  CREATE VIEW refuses the
 * option on a view that is not automatically updatable, as PostgreSQL does. */
#include <string.h>

#include "bind/binder_internal.h"
#include "bind/view_options.h"
#include "catalog/constraints.h"
#include "catalog/namespace.h"
#include "exec/expr_walk.h"

typedef struct to_base {
    uint32_t rel;
    const int32_t *map;
    int bad; /* a column read that is not a base table column */
} to_base;

static int to_base_position(ss_expr **slot, void *arg)
{
    to_base *tb = arg;
    ss_expr *e = *slot;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == tb->rel) {
        int32_t k = tb->map[e->u.column.index];
        if (k < 0) {
            tb->bad = 1;
            return SS_WALK_STOP;
        }
        e->u.column.rel = 0;
        e->u.column.index = (uint32_t)k;
    }
    return SS_WALK_CONTINUE;
}

static bool is_sublink(const ast_expr *e)
{
    return e->kind == AE_SUBLINK;
}

int bind_view_check(binder *b, const ss_view *v, const ast_select *s, uint32_t ncols, const char *const *names,
                    const ss_type *types, const int32_t *map)
{
    if (!s->where)
        return SS_OK;
    const ast_expr *sub = ast_find(s->where, is_sublink);
    if (sub)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: subqueries in the WHERE of view \"%s\" WITH CHECK OPTION", v->name);
    const ast_from_item *f = s->from;
    uint32_t nscope = b->nscope, lo = b->scope_lo, hi = b->scope_hi;
    range_entry re;
    memset(&re, 0, sizeof re);
    re.ref = f->alias ? f->alias : ss_ns_rel(f->table); /* s.t is named t */
    re.table_name = f->table;
    re.ncols = ncols;
    re.col_names = names;
    re.col_types = types;
    re.rel = new_rel(b);
    b->scope_lo = b->nscope;
    if (push_entry(b, &re))
        return SS_ERROR;
    ss_expr *e = bind_bool_expr(b, s->where, "WHERE");
    b->nscope = nscope;
    b->scope_lo = lo;
    b->scope_hi = hi;
    if (!e)
        return SS_ERROR;
    to_base tb = {re.rel, map, 0};
    ss_expr_walker w = {to_base_position, NULL, &tb, NULL};
    if (ss_expr_walk(&e, &w) == SS_WALK_NOMEM)
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (tb.bad)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: WITH CHECK OPTION of view \"%s\" over a column of a view below it "
                          "that is not a table column",
                          v->name);
    ss_bound_checks *old = b->view_checks, *bc = bind_alloc(b, sizeof *bc);
    uint32_t n = old ? old->n : 0;
    if (!bc || !(bc->exprs = bind_alloc(b, sizeof(ss_expr *) * (n + 1))) ||
        !(bc->names = bind_alloc(b, sizeof(char *) * (n + 1))))
        return SS_ERROR;
    if (n) {
        memcpy(bc->exprs, old->exprs, sizeof(ss_expr *) * n);
        memcpy(bc->names, old->names, sizeof(char *) * n);
    }
    bc->exprs[n] = e;
    bc->names[n] = v->name;
    bc->n = n + 1;
    b->view_checks = bc;
    return SS_OK;
}

int bind_view_check_option_allowed(binder *b, const ast_stmt *st)
{
    if (!bind_view_has_check_option(st))
        return SS_OK;
    const char *reason = view_not_updatable_reason(st->select);
    /* view_query_is_auto_updatable's check_cols: a plain column (or *) among the items */
    bool updatable_col = false;
    for (uint32_t i = 0; !reason && i < st->select->ntargets; i++)
        updatable_col = updatable_col || st->select->targets[i].expr->kind == AE_COLUMN ||
                        st->select->targets[i].expr->kind == AE_STAR;
    if (!reason && !updatable_col)
        reason = "Views that have no updatable columns are not automatically updatable.";
    if (!reason)
        return SS_OK;
    bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
               "WITH CHECK OPTION is supported only on automatically updatable views");
    ss_ctx_error_hint(b->ctx, "%s", reason);
    return SS_ERROR;
}
