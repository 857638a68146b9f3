/* bind_index_exprs.c — the expression keys and the WHERE of CREATE INDEX bound over the
 * table's row, as PostgreSQL's transformIndexStmt and CheckPredicate / CheckMutability do:
 * no aggregates, window functions, subqueries or parameters, every function, operator and
 * cast immutable (exec/expr_volatility.h), a boolean predicate.  The trees are made in the index's own arena: the index keeps them for
 * its life (core/index/index_exprs.c evaluates them). */
#include <string.h>

#include "bind/bind_alter.h"
#include "bind/bind_index.h"
#include "bind/binder_internal.h"
#include "exec/expr_volatility.h"
#include "exec/expr_walk.h"

static int to_row(ss_expr **slot, void *arg)
{
    const uint32_t *rel = arg;
    if ((*slot)->kind == EXPR_COLUMN && (*slot)->u.column.rel == *rel)
        (*slot)->u.column.rel = 0;
    return SS_WALK_CONTINUE;
}

/* One expression (a key: predicate false; the WHERE: true) over the scope entry. */
static ss_expr *bind_one(binder *b, const ast_expr *a, uint32_t rel, bool predicate)
{
    b->no_agg_context = predicate ? "index predicates" : "index expressions";
    b->sublink_refused = predicate ? "index predicate" : "index expression";
    ss_expr *e = predicate ? bind_bool_expr(b, a, "WHERE") : bind_expr(b, a);
    if (!e)
        return NULL;
    if (!ss_expr_is_immutable(e)) {
        ss_ctx_error(b->ctx, "42P17", "functions in index %s must be marked IMMUTABLE",
                     predicate ? "predicate" : "expression");
        return NULL;
    }
    ss_expr_walker w = {to_row, NULL, &rel, NULL};
    ss_expr_walk(&e, &w);
    return e;
}

int bind_table_scope(binder *b, const ss_table *t, uint32_t *rel)
{
    const char **names = bind_alloc(b, sizeof(char *) * (t->ncols ? t->ncols : 1));
    if (!names)
        return SS_ERROR;
    for (uint32_t c = 0; c < t->ncols; c++)
        names[c] = t->cols[c].name;
    *rel = new_rel(b);
    range_entry re;
    memset(&re, 0, sizeof re);
    re.ref = t->name;
    re.table_name = t->name;
    re.ncols = t->ncols;
    re.col_names = names;
    re.col_types = t->types;
    re.rel = *rel;
    b->scope_lo = b->nscope;
    return push_entry(b, &re);
}

int bind_conflict_inference(binder *b, const ss_table *t, const ast_stmt *st, uint32_t *rel, ss_expr **exprs,
                            ss_expr **where)
{
    uint32_t nscope = b->nscope, lo = b->scope_lo, hi = b->scope_hi;
    const char *saved = b->no_agg_context, *saved_sub = b->sublink_refused;
    int rc = bind_table_scope(b, t, rel);
    for (uint32_t i = 0; rc == SS_OK && i < st->nconflict_cols; i++) {
        exprs[i] = NULL;
        const ast_expr *a = st->conflict_exprs ? st->conflict_exprs[i] : NULL;
        if (a) {
            b->no_agg_context = "index expressions";
            b->sublink_refused = "index expression";
            if (!(exprs[i] = bind_expr(b, a)))
                rc = SS_ERROR;
        }
    }
    *where = NULL;
    if (rc == SS_OK && st->conflict_infer_where) {
        b->no_agg_context = "index predicates";
        b->sublink_refused = "index predicate";
        if (!(*where = bind_bool_expr(b, st->conflict_infer_where, "WHERE")))
            rc = SS_ERROR;
    }
    b->no_agg_context = saved;
    b->sublink_refused = saved_sub;
    b->nscope = nscope;
    b->scope_lo = lo;
    b->scope_hi = hi;
    return rc;
}

int ss_bind_index_exprs(ss_ctx *ctx, const ss_table *t, const ast_stmt *st, ss_arena *arena, ss_expr **keys,
                        ss_expr **pred)
{
    binder b;
    memset(&b, 0, sizeof b);
    b.ctx = ctx;
    b.catalog = ctx->catalog;
    b.settings = ctx->settings;
    b.arena = arena;
    b.no_params = true;
    bind_agg_registry_use(ctx->registry);
    uint32_t rel;
    if (bind_table_scope(&b, t, &rel))
        return SS_ERROR;
    for (uint32_t k = 0; k < st->nindex_keys; k++) {
        keys[k] = NULL;
        if (st->index_keys[k].expr && !(keys[k] = bind_one(&b, st->index_keys[k].expr, rel, false)))
            return SS_ERROR;
    }
    *pred = NULL;
    if (st->index_where && !(*pred = bind_one(&b, st->index_where, rel, true)))
        return SS_ERROR;
    return SS_OK;
}
