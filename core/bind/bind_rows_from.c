/* bind_rows_from.c — ROWS FROM (f1(...), f2(...), ...) in FROM: the functions run side by side,
 * row k pairing row k of each, those that ran out giving NULLs, until the longest ends; each
 * function's columns as alone in FROM (a row type's fields, a column definition list's), named
 * after it, then WITH ORDINALITY's position.  Built as the select list's lockstep
 * (bind_srf_lockstep.c): each function a scan with its ordinality, the scans FULL JOINed on it
 * (the next one on the first ordinality that is not NULL), projected and sorted by that
 * position. */
#include "bind/binder_internal.h"

ss_lop *rows_from_lop(binder *b, const ast_from_item *f, uint32_t rel, bool lateral, bool *reads_column)
{
    *reads_column = false;
    uint32_t nf = f->nrows_from, ncols = f->ordinality ? 1 : 0;
    ss_lop **ops = bind_alloc(b, sizeof(ss_lop *) * nf);
    uint32_t *rels = bind_alloc(b, sizeof(uint32_t) * nf);
    if (!ops || !rels)
        return NULL;
    ss_lop *acc = NULL;
    ss_expr *position = NULL;
    for (uint32_t i = 0; i < nf; i++) {
        const ast_from_item *one = f->rows_from[i];
        const ast_expr *a = one->func;
        bool reads = false;
        rels[i] = new_rel(b);
        ops[i] = function_lop_from(b, one, true, a->names[a->nnames - 1], rels[i], lateral, &reads);
        *reads_column |= reads;
        if (!ops[i])
            return NULL;
        ncols += ops[i]->ncols - 1;
        ss_expr *ord = make_column(b, rels[i], ops[i]->ncols - 1, ops[i]->types[ops[i]->ncols - 1]);
        if (!ord)
            return NULL;
        if (lockstep_add(b, &acc, &position, ops[i], ord))
            return NULL;
    }
    /* the values, then the position (kept for the sort, the ordinality column when asked) */
    ss_expr **values = bind_alloc(b, sizeof(ss_expr *) * (ncols + 1));
    const char **names = bind_alloc(b, sizeof(char *) * (ncols + 1));
    if (!values || !names)
        return NULL;
    uint32_t o = 0;
    for (uint32_t i = 0; i < nf; i++)
        for (uint32_t c = 0; c + 1 < ops[i]->ncols; c++, o++) {
            if (!(values[o] = make_column(b, rels[i], c, ops[i]->types[c])))
                return NULL;
            names[o] = ops[i]->names[c];
        }
    values[o] = position;
    names[o] = "ordinality";
    uint32_t prel;
    ss_lop *sorted = lockstep_sorted(b, acc, o + 1, values, names, &prel);
    if (!sorted)
        return NULL;
    /* the relation's own columns over the sorted rows (the position only WITH ORDINALITY) */
    ss_expr **cols = bind_alloc(b, sizeof(ss_expr *) * (ncols ? ncols : 1));
    if (!cols)
        return NULL;
    for (uint32_t k = 0; k < ncols; k++)
        if (!(cols[k] = make_column(b, prel, k, values[k]->type)))
            return NULL;
    return lop_project(b->ctx, b->arena, rel, sorted, ncols, cols, names);
}
