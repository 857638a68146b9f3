/* bind_cursor.c — DECLARE binds its query as a SELECT (the result columns kept in create_def:
 * DECLARE itself returns none), FETCH takes the columns of the session's cursor (34000 when
 * there is none), MOVE and CLOSE return nothing. */
#include <string.h>

#include "bind/binder_internal.h"
#include "bind/bind_locking.h"
#include "exec/cursors.h"
#include "exec/expr.h"
#include "exec/row_lock_filter.h"

/* Whether PostgreSQL's plan for q could run backward (its ExecSupportsBackwardScan): scans
   of tables, functions, WITH queries and VALUES lists of several rows, sorts, and filters,
   projections, limits and UNION ALL over them; not a FROM-less or one-row VALUES query (a
   Result), an aggregate, a join, DISTINCT or the other set operations. */
static bool plan_scrolls(const ss_lop *q)
{
    switch (q->kind) {
    case LOP_GET:
    case LOP_FUNCTION:
    case LOP_CTE_SCAN:
    case LOP_SORT:
        return true;
    case LOP_VALUES:
        return q->ncols > 0 && q->u.values.nrows > 1;
    case LOP_FILTER:
        /* (LK) a locking clause's rows (PostgreSQL's LockRows runs forward only) */
        if (q->u.filter.pred->kind == EXPR_FUNC && q->u.filter.pred->u.func.def == ss_row_lock_filter_def())
            return false;
        return q->nchildren == 1 && plan_scrolls(q->children[0]);
    case LOP_PROJECT:
    case LOP_LIMIT:
        return q->nchildren == 1 && plan_scrolls(q->children[0]);
    case LOP_SETOP:
        return q->u.setop.op == LSETOP_UNION && q->u.setop.all && plan_scrolls(q->children[0]) &&
               plan_scrolls(q->children[1]);
    default:
        return false;
    }
}

int bind_declare_cursor(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    /* (LK) PostgreSQL's refusals of its own locking clause (transformDeclareCursorStmt) */
    const ast_select *q = st->select;
    if (q->nlocking && (st->cursor_options & AST_CURSOR_HOLD)) {
        bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "DECLARE CURSOR WITH HOLD ... %s is not supported",
                   bind_locking_name(q->locking[0].strength));
        ss_ctx_error_detail(b->ctx, "Holdable cursors must be READ ONLY.");
        return SS_ERROR;
    }
    if (q->nlocking && (st->cursor_options & AST_CURSOR_SCROLL)) {
        bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "DECLARE SCROLL CURSOR ... %s is not supported",
                   bind_locking_name(q->locking[0].strength));
        ss_ctx_error_detail(b->ctx, "Scrollable cursors must be READ ONLY.");
        return SS_ERROR;
    }
    /* (EPQ) its own locking clause is a statement's (bind_locking_targets: run by
       api/run_locking.c, READ COMMITTED's re-check included); its nested queries' lock through
       row-lock filters (bind_locking_filter); out->locking tells the run (api/run_cursor.c) */
    b->locking_ok = true;
    if (bind_select(b, st->select, out) || bind_locking_nested_top(b, out))
        return SS_ERROR;
    ss_column_def *cols = bind_alloc(b, sizeof *cols * (out->ncols ? out->ncols : 1));
    if (!cols)
        return SS_ERROR;
    memset(cols, 0, sizeof *cols * (out->ncols ? out->ncols : 1));
    for (uint32_t i = 0; i < out->ncols; i++) {
        cols[i].name = out->col_names[i];
        cols[i].type = out->col_types[i];
    }
    out->kind = AST_DECLARE_CURSOR;
    out->create_def.name = st->str;
    out->create_def.ncols = out->ncols;
    out->create_def.cols = cols;
    out->ncols = 0;
    out->cursor_options = st->cursor_options;
    /* (LK) a locking clause's rows: PostgreSQL's LockRows runs forward only */
    if (!(st->cursor_options & (AST_CURSOR_SCROLL | AST_CURSOR_NO_SCROLL)) &&
        ((out->locking && out->locking->ntargets) || !plan_scrolls(out->query)))
        out->cursor_options |= AST_CURSOR_NO_SCROLL;
    return SS_OK;
}

int bind_fetch(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    const ss_cursor *c = ss_cursor_find(b->ctx->cursors, st->str);
    if (!c)
        return bind_error(b, -1, "34000", "cursor \"%s\" does not exist", st->str);
    out->kind = AST_FETCH;
    if (st->is_move)
        return SS_OK;
    if (c->options & AST_CURSOR_BINARY)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: FETCH from a BINARY cursor");
    out->ncols = c->ncols;
    out->col_names = bind_alloc(b, sizeof(char *) * (c->ncols ? c->ncols : 1));
    out->col_types = bind_alloc(b, sizeof(ss_type) * (c->ncols ? c->ncols : 1));
    if (!out->col_names || !out->col_types)
        return SS_ERROR;
    for (uint32_t i = 0; i < c->ncols; i++) {
        out->col_names[i] = c->col_names[i];
        out->col_types[i] = c->types[i];
    }
    return SS_OK;
}
