/* parse_array.c — the array syntax of PostgreSQL's raw parse tree as Sunstone AST: ARRAY[...]
 * constructors (nested ones too), subscripts and slices (A_Indirection over A_Indices), and
 * op ANY / ALL over an array expression; (t).a over a whole-row reference is the column t.a,
 * over another expression a field selection (AE_FIELD). */
#include "sql/transform.h"

ast_expr *tr_array_expr(transform_state *ts, A_ArrayExpr *a)
{
    ast_expr *e = tr_new_expr(ts, AE_ARRAY, a->location);
    if (!e || !tr_list(ts, a->elements, &e->args, &e->nargs))
        return NULL;
    return e;
}

ast_expr *tr_indirection(transform_state *ts, A_Indirection *ind)
{
    ListCell *lc;
    /* (t).a over a FROM item's whole row t: the column t.a, as PostgreSQL resolves it */
    if (IsA(ind->arg, ColumnRef) && list_length(ind->indirection) == 1 && IsA(linitial(ind->indirection), String)) {
        ColumnRef *c = (ColumnRef *)ind->arg;
        if (list_length(c->fields) == 1 && IsA(linitial(c->fields), String)) {
            ast_expr *e = tr_new_expr(ts, AE_COLUMN, c->location);
            const char **names = e ? tr_alloc(ts, sizeof(char *) * 2) : NULL;
            if (!names)
                return NULL;
            names[0] = tr_strdup(ts, strVal(linitial(c->fields)));
            names[1] = tr_strdup(ts, strVal(linitial(ind->indirection)));
            if (!names[0] || !names[1])
                return NULL;
            e->names = names;
            e->nnames = 2;
            e->bval = true; /* written (x).a: x may be a column too (the binder's choice) */
            return e;
        }
    }
    /* (expr).a over another value: field selection from a row type */
    if (list_length(ind->indirection) == 1 && IsA(linitial(ind->indirection), String)) {
        ast_expr *e = tr_new_expr(ts, AE_FIELD, tr_location(ind->arg));
        if (!e || !(e->left = tr_expr(ts, ind->arg)) ||
            !(e->str = tr_strdup(ts, strVal(linitial(ind->indirection)))))
            return NULL;
        return e;
    }
    foreach (lc, ind->indirection) {
        if (!IsA(lfirst(lc), A_Indices)) {
            tr_unsupported(ts, tr_location(ind->arg), "field selection");
            return NULL;
        }
    }
    int n = list_length(ind->indirection);
    if (n > 6) {
        tr_error(ts, "54000", tr_location(ind->arg),
                 "number of array dimensions (%d) exceeds the maximum allowed (6)", n);
        return NULL;
    }
    ast_expr *e = tr_new_expr(ts, AE_SUBSCRIPT, tr_location(ind->arg));
    if (!e || !(e->left = tr_expr(ts, ind->arg)))
        return NULL;
    e->nargs = (uint32_t)n * 2;
    e->args = tr_alloc(ts, sizeof(ast_expr *) * e->nargs);
    if (!e->args)
        return NULL;
    int i = 0;
    foreach (lc, ind->indirection) {
        A_Indices *x = lfirst(lc);
        if (x->is_slice)
            e->ival |= (int64_t)1 << i;
        if (x->lidx && !(e->args[2 * i] = tr_expr(ts, x->lidx)))
            return NULL;
        if (x->uidx && !(e->args[2 * i + 1] = tr_expr(ts, x->uidx)))
            return NULL;
        i++;
    }
    return e;
}

ast_expr *tr_array_cmp(transform_state *ts, A_Expr *a)
{
    ast_expr *e = tr_new_expr(ts, AE_ARRAY_CMP, a->location);
    if (!e || !(e->str = tr_op_name(ts, a->name, a->location)))
        return NULL;
    e->bval = a->kind == AEXPR_OP_ALL;
    if (!(e->left = tr_expr(ts, a->lexpr)) || !(e->right = tr_expr(ts, a->rexpr)))
        return NULL;
    return e;
}
