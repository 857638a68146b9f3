/* bind_returning.c — binds the RETURNING list of INSERT, UPDATE and DELETE
 * (ss_bound_stmt.returning, bind_returning.h).
 *
 * UPDATE / DELETE: the list was appended to the finding query's targets (parse_update.c), so
 * it is bound in that query's scope (FROM / USING items can be named); for UPDATE every
 * reference to a column of the target is replaced by the new version's value of that column
 * (PostgreSQL returns the new row), and the values come out as the last columns of the
 * finding query's rows (api/run_modify.c copies those of the rows it changed).
 * INSERT: SELECT <list> FROM target [AS alias] is bound as a query, and the target's table
 * read is replaced by a worktable scan of the same columns (the same binding id, so every
 * bound reference stays valid); api/run_returning.c publishes the written rows as that
 * worktable and runs the query over them. */
#include <string.h>

#include "bind/bind_returning.h"
#include "bind/bind_update.h"
#include "bind/binder_internal.h"
#include "bind/bind_alter.h"
#include "exec/expr_walk.h"

ss_expr *bind_replace_columns(binder *b, ss_expr *e, uint32_t rel, uint32_t ncols, ss_expr *const *values)
{
    if (e->kind == EXPR_COLUMN && e->u.column.rel == rel && e->u.column.index < ncols)
        return values[e->u.column.index];
    uint32_t n = ss_expr_nchildren(e);
    if (n == 0)
        return e;
    ss_expr *c = ss_expr_copy_node(b->arena, e);
    if (!c) {
        ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++) {
        ss_expr **slot = ss_expr_child(c, i);
        if (*slot && !(*slot = bind_replace_columns(b, *slot, rel, ncols, values)))
            return NULL;
    }
    return c;
}

/* An untyped literal in the list ('x', NULL) is text, as in a select list. */
static ss_expr *resolve_text(binder *b, ss_expr *e, int location)
{
    if (e->type.id != SS_TYPE_UNKNOWN)
        return e;
    return coerce_expr(b, e, type_of(SS_TYPE_TEXT), CAST_IMPLICIT, location);
}

/* Whether e reads a column of rel whose new value (values[index]) calls something volatile:
 * substituted, the call would run again for RETURNING and return another value than the
 * one written. */
typedef struct volatile_use {
    uint32_t rel, ncols;
    ss_expr *const *values;
} volatile_use;

static int stop_at_volatile_column(const ss_expr *e, void *arg)
{
    const volatile_use *u = arg;
    if (e->kind == EXPR_COLUMN && e->u.column.rel == u->rel && e->u.column.index < u->ncols &&
        ss_expr_has_volatile(u->values[e->u.column.index]))
        return SS_WALK_STOP;
    return SS_WALK_CONTINUE;
}

static ss_bound_returning *new_returning(binder *b)
{
    ss_bound_returning *r = bind_alloc(b, sizeof *r);
    if (r)
        memset(r, 0, sizeof *r);
    return r;
}

static int refuse_aggregate(binder *b, const ast_stmt *st)
{
    return bind_error(b, st->returning[0].location, SS_SQLSTATE_GROUPING_ERROR,
                      "aggregate functions are not allowed in RETURNING");
}

int bind_returning_modify(binder *b, const ast_stmt *st, const ss_bound_stmt *sub, const ss_lop *get,
                          ss_expr *const *new_values, uint32_t *n, ss_expr ***exprs, ss_bound_stmt *out)
{
    const ss_lop *top = sub->query;
    uint32_t first = st->nset, nret = top->u.project.n - st->nset;
    ss_expr **all = bind_alloc(b, sizeof(ss_expr *) * (*n + nret));
    ss_bound_returning *r = new_returning(b);
    const char **names = bind_alloc(b, sizeof(char *) * (nret ? nret : 1));
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (nret ? nret : 1));
    if (!all || !r || !names || !types)
        return SS_ERROR;
    memcpy(all, *exprs, sizeof(ss_expr *) * *n);
    const ss_table *t = get->u.get.table;
    for (uint32_t i = 0; i < nret; i++) {
        ss_expr *e = top->u.project.exprs[first + i];
        if (new_values) {
            volatile_use u = {get->rel, t->ncols, new_values};
            ss_ptrmap seen;
            ss_ptrmap_init(&seen, b->arena);
            if (ss_expr_walk_const(e, stop_at_volatile_column, &u, &seen) != SS_WALK_CONTINUE)
                return bind_error(b, st->returning[0].location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                  "feature not supported: RETURNING a column that UPDATE sets with a volatile "
                                  "expression (nextval, a SERIAL or identity DEFAULT, random())");
        }
        if (new_values && !(e = bind_replace_columns(b, e, get->rel, t->ncols, new_values)))
            return SS_ERROR;
        if (!(e = resolve_text(b, e, st->returning[0].location)))
            return SS_ERROR;
        all[*n + i] = e;
        names[i] = sub->col_names ? sub->col_names[first + i] : "?column?";
        types[i] = e->type;
    }
    r->first_col = *n;
    *n += nret;
    *exprs = all;
    out->returning = r;
    out->ncols = nret;
    out->col_names = names;
    out->col_types = types;
    return SS_OK;
}

int bind_returning_check_modify(binder *b, const ast_stmt *st, const ss_lop *top)
{
    if (st->nreturning && top && top->kind == LOP_PROJECT && top->children[0]->kind == LOP_AGGREGATE)
        return refuse_aggregate(b, st);
    return SS_OK;
}

/* RETURNING excluded.x of INSERT ... ON CONFLICT: PostgreSQL knows the entry, which
 * RETURNING may not reference. */
static void excluded_error(binder *b, const ast_stmt *st)
{
    ss_error *err = b->ctx->err;
    if (!st->on_conflict || !err || !err->message ||
        strcmp(err->message, "missing FROM-clause entry for table \"excluded\"") != 0)
        return;
    int position = err->position;
    ss_error_clear(err);
    bind_error(b, -1, SS_SQLSTATE_UNDEFINED_TABLE, "invalid reference to FROM-clause entry for table \"excluded\"");
    err->position = position;
    ss_ctx_error_hint(b->ctx, "There is an entry for table \"excluded\", but it cannot be referenced from this part "
                              "of the query.");
}

/* INSERT into an automatically updatable view: its columns are its query's outputs over the
 * base row written, as PostgreSQL's rewriter substitutes them — the views' WHERE conditions
 * on the way from top down to the base table's read are not applied (their CHECK OPTION is
 * checked apart).  false: an operator a view that INSERT goes through cannot have. */
static bool drop_view_filters(ss_lop *op, const ss_lop *get)
{
    while (op != get) {
        if ((op->kind != LOP_PROJECT && op->kind != LOP_FILTER) || op->nchildren != 1)
            return false;
        ss_lop *child = op->children[0];
        if (child->kind == LOP_FILTER) {
            op->children[0] = child->children[0];
            continue;
        }
        op = child;
    }
    return true;
}

int bind_returning_insert(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    ss_table *t = out->table;
    if (!st->returning_select)
        return SS_OK;
    bool view = ss_catalog_find_view(b->catalog, st->table) != NULL;
    if (!t)
        return bind_error(b, st->returning[0].location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: RETURNING of INSERT into a view");
    ss_bound_stmt sub;
    memset(&sub, 0, sizeof sub);
    if (bind_select(b, st->returning_select, &sub)) {
        excluded_error(b, st);
        return SS_ERROR;
    }
    ss_lop *top = sub.query;
    if (top && top->kind == LOP_PROJECT && top->children[0]->kind == LOP_AGGREGATE)
        return refuse_aggregate(b, st);
    ss_lop *get = top ? bind_find_target(top, t) : NULL;
    if (!get || (view && (top == get || !drop_view_filters(top, get))))
        return bind_error(b, st->returning[0].location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: this form of RETURNING");
    ss_bound_returning *r = new_returning(b);
    if (!r)
        return SS_ERROR;
    r->worktable_id = ++b->ncte_ids;
    ss_lop *wt = lop_worktable_scan(b->ctx, b->arena, get->rel, r->worktable_id, t->name, t->ncols, get->types,
                                    get->names);
    if (!wt)
        return SS_ERROR;
    *get = *wt;
    r->query = top;
    out->returning = r;
    out->ncols = sub.ncols;
    out->col_names = sub.col_names;
    out->col_types = sub.col_types;
    return SS_OK;
}
