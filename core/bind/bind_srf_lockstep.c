/* bind_srf_lockstep.c — several set-returning functions in one select list (PostgreSQL 10+'s
 * ProjectSet): they run in lockstep, row k of the output pairing row k of each function, the
 * functions that ran out giving NULL, until the longest ends.  Built from the logical plan's
 * own operators: each call is a function scan with its ordinality, the scans are FULL JOINed on
 * it (the next one on the first ordinality that is not NULL), projected to the calls' values
 * and that position, sorted by the position, and joined with each input row (LATERAL when an
 * argument reads the row), as the single-function case of attach_target_srf is. */
#include <string.h>

#include "bind/binder_internal.h"

ss_expr *make_coalesce2(binder *b, ss_expr *first, ss_expr *second)
{
    /* CASE WHEN first IS NOT NULL THEN first ELSE second END */
    ss_expr *test = new_expr(b, EXPR_IS_NOT_NULL, type_of(SS_TYPE_BOOL));
    ss_expr *e = new_expr(b, EXPR_CASE, first->type);
    ss_expr **arrays = bind_alloc(b, sizeof(ss_expr *) * 2);
    if (!test || !e || !arrays)
        return NULL;
    test->u.arg = first;
    arrays[0] = test;
    arrays[1] = first;
    e->u.kase.nwhen = 1;
    e->u.kase.whens = &arrays[0];
    e->u.kase.thens = &arrays[1];
    e->u.kase.els = second;
    return e;
}

int lockstep_add(binder *b, ss_lop **acc, ss_expr **position, ss_lop *op, ss_expr *ord)
{
    if (!*acc) {
        *acc = op, *position = ord;
        return SS_OK;
    }
    ss_expr *cond = new_expr(b, EXPR_OP, type_of(SS_TYPE_BOOL));
    if (!cond)
        return SS_ERROR;
    cond->u.op.op = OP_EQ;
    cond->u.op.left = *position;
    cond->u.op.right = ord;
    if (!(*acc = lop_join(b->ctx, b->arena, SS_JOIN_FULL, *acc, op, cond)) ||
        !(*position = make_coalesce2(b, *position, ord)))
        return SS_ERROR;
    return SS_OK;
}

ss_lop *lockstep_sorted(binder *b, ss_lop *acc, uint32_t n, ss_expr **values, const char **names, uint32_t *prel)
{
    *prel = new_rel(b);
    ss_lop *proj = lop_project(b->ctx, b->arena, *prel, acc, n, values, names);
    ss_lsort_key *key = bind_alloc(b, sizeof *key);
    if (!proj || !key || !(key->expr = make_column(b, *prel, n - 1, values[n - 1]->type)))
        return NULL;
    key->descending = key->nulls_first = false;
    return lop_sort(b->ctx, b->arena, proj, 1, key);
}

int attach_srf_lockstep(binder *b, const ast_select *s, const ast_expr *const *calls, uint32_t n, ss_lop **top)
{
    ss_expr **values = bind_alloc(b, sizeof(ss_expr *) * (n + 1));
    const char **names = bind_alloc(b, sizeof(char *) * (n + 1));
    if (!values || !names)
        return SS_ERROR;
    ss_lop *acc = NULL;
    ss_expr *position = NULL;
    bool lateral = false;
    for (uint32_t i = 0; i < n; i++) {
        const ast_expr *a = calls[i];
        const char *fname = a->names[a->nnames - 1];
        uint32_t rel = new_rel(b);
        bool reads_column;
        ss_lop *op = function_lop(b, a, true, fname, rel, false, &reads_column, true);
        if (!op && reads_column && s->from) {
            lateral = true;
            op = function_lop(b, a, true, fname, rel, true, &reads_column, true);
        }
        if (!op)
            return reads_column && !s->from ? SS_OK : SS_ERROR; /* refused where it is bound */
        ss_expr *ord = make_column(b, rel, op->ncols - 1, op->types[op->ncols - 1]);
        if (!ord || !(values[i] = make_column(b, rel, 0, op->types[0])))
            return SS_ERROR;
        names[i] = op->names[0];
        if (lockstep_add(b, &acc, &position, op, ord))
            return SS_ERROR;
    }
    values[n] = position;
    names[n] = "ordinality";
    uint32_t prel;
    ss_lop *sorted = lockstep_sorted(b, acc, n + 1, values, names, &prel);
    if (!sorted || !(*top = lop_join(b->ctx, b->arena, SS_JOIN_INNER, *top, sorted, NULL)))
        return SS_ERROR;
    (*top)->u.join.lateral = lateral;
    ss_expr **cols = bind_alloc(b, sizeof(ss_expr *) * n);
    const ast_expr **kept = bind_alloc(b, sizeof(ast_expr *) * n); /* calls is the caller's */
    if (!cols || !kept)
        return SS_ERROR;
    memcpy(kept, calls, sizeof(ast_expr *) * n);
    for (uint32_t i = 0; i < n; i++)
        if (!(cols[i] = make_column(b, prel, i, values[i]->type)))
            return SS_ERROR;
    b->srf_ast = kept[0];
    b->srf_col = cols[0];
    b->srf_more = kept + 1;
    b->srf_more_cols = cols + 1;
    b->nsrf_more = n - 1;
    return SS_OK;
}

/* ---- where a set-returning function may not be ------------------------------------------ */

int bind_srf_misplaced(binder *b, const ast_expr *a)
{
    /* PostgreSQL's check_srf_call_placement first, then check_agg_arguments */
    static const char *const refused[] = {"WHERE", "JOIN conditions", "FILTER", "VALUES", "check constraints",
                                          "HAVING", "LIMIT", "OFFSET"};
    const char *ctx = b->in_having ? "HAVING" : b->no_agg_context;
    for (size_t i = 0; ctx && i < sizeof refused / sizeof refused[0]; i++)
        if (!strcmp(ctx, refused[i]))
            return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "set-returning functions are not allowed in %s", ctx);
    if (ctx && !strcmp(ctx, "functions in FROM"))
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "set-returning functions must appear at top level of FROM");
    if (b->agg && !b->agg_mode) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "aggregate function calls cannot contain set-returning function calls");
        ss_ctx_error_hint(b->ctx, "You might be able to move the set-returning function into a LATERAL FROM item.");
        return SS_ERROR;
    }
    return SS_OK;
}
