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

/* e[lo:hi]...: the subscripts of indirection items [from, to) over e. */
static ast_expr *subscripts(transform_state *ts, A_Indirection *ind, ast_expr *left, int from, int to)
{
    int n = to - from;
    if (n > 6) {
        tr_error(ts, "54000", tr_location(ind->arg),
                 "number of array dimensions (%d) exceeds the maximum allowed (6)", n);
        return NULL;
    }
    ast_expr *e = tr_new_expr(ts, AE_SUBSCRIPT, tr_location(ind->arg));
    if (!e)
        return NULL;
    e->left = left;
    e->nargs = (uint32_t)n * 2;
    e->args = tr_alloc(ts, sizeof(ast_expr *) * e->nargs);
    if (!e->args)
        return NULL;
    for (int i = 0; i < n; i++) {
        A_Indices *x = list_nth(ind->indirection, from + i);
        if (x->is_slice)
            e->ival |= (int64_t)1 << i;
        if (x->lidx && !(e->args[2 * i] = tr_expr(ts, x->lidx)))
            return NULL;
        if (x->uidx && !(e->args[2 * i + 1] = tr_expr(ts, x->uidx)))
            return NULL;
    }
    return e;
}

/* (left).name, or (left).* (star: every field, expanded by the select list) */
static ast_expr *field(transform_state *ts, A_Indirection *ind, ast_expr *left, Node *item)
{
    ast_expr *e = tr_new_expr(ts, AE_FIELD, tr_location(ind->arg));
    if (!e)
        return NULL;
    e->left = left;
    if (IsA(item, A_Star))
        e->star = true;
    else if (!(e->str = tr_strdup(ts, strVal(item))))
        return NULL;
    return e;
}

ast_expr *tr_indirection(transform_state *ts, A_Indirection *ind)
{
    int n = list_length(ind->indirection), i = 0;
    ast_expr *e = NULL;
    Node *first = n ? linitial(ind->indirection) : NULL;
    if (IsA(ind->arg, ColumnRef) && first && (IsA(first, String) || IsA(first, A_Star)) &&
        list_length(((ColumnRef *)ind->arg)->fields) == 1 && IsA(linitial(((ColumnRef *)ind->arg)->fields), String)) {
        /* (t).a over a FROM item's whole row t: the column t.a, as PostgreSQL resolves it;
           (x).a over a column x its field (the binder's choice, bval) */
        ColumnRef *c = (ColumnRef *)ind->arg;
        e = tr_new_expr(ts, AE_COLUMN, c->location);
        const char **names = e ? tr_alloc(ts, sizeof(char *) * 2) : NULL;
        if (!names || !(names[0] = tr_strdup(ts, strVal(linitial(c->fields)))))
            return NULL;
        e->names = names;
        e->bval = true;
        if (IsA(first, String)) {
            if (!(names[1] = tr_strdup(ts, strVal(first))))
                return NULL;
            e->nnames = 2;
        } else { /* (x).*: the field list of x, or t.* */
            e->nnames = 1;
            if (!(e = field(ts, ind, e, first)))
                return NULL;
        }
        i = 1;
    } else if (!(e = tr_expr(ts, ind->arg)))
        return NULL;
    while (i < n) {
        Node *item = list_nth(ind->indirection, i);
        if (IsA(item, A_Indices)) {
            int j = i;
            while (j < n && IsA(list_nth(ind->indirection, j), A_Indices))
                j++;
            if (!(e = subscripts(ts, ind, e, i, j)))
                return NULL;
            i = j;
            continue;
        }
        if (IsA(item, A_Star) && i != n - 1) {
            tr_error(ts, "42601", tr_location(ind->arg), "row expansion via \"*\" is not supported here");
            return NULL;
        }
        if (!(e = field(ts, ind, e, item)))
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
