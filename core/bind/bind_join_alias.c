/* bind_join_alias.c — aliases on joins (PostgreSQL's transformFromClauseItem for JoinExpr):
 * JOIN ... USING (...) AS u names the merged USING columns (u.col, u.*) without hiding
 * anything; (a JOIN b ...) AS j (c1, ...) is an entry of its own over every column the join
 * shows (renamed by the column aliases), and the entries inside it can no longer be
 * referenced, not even qualified, and their names may be used again. */
#include "bind/binder_internal.h"

/* An entry ref over the columns s of other entries, named names; visible to unqualified
 * names and * unless hidden. */
static int push_alias_entry(binder *b, const char *ref, const side_cols *s, uint32_t n, const char **names,
                            bool hidden)
{
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    if (!types)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        types[i] = side_type(b, s, i);
    if (check_ref_unique(b, ref))
        return SS_ERROR;
    return push_entry(b, &(range_entry){.ref = ref, .ncols = n, .col_names = names, .col_types = types,
                                        .src_entry = s->ents, .src_col = s->cols, .cols_hidden = hidden});
}

int bind_join_aliases(binder *b, const ast_from_item *f, uint32_t lo)
{
    if (f->using_alias) {
        /* the USING join's own entry, the last one, starts with its merged columns */
        uint32_t join = b->nscope - 1, n = b->scope[join].ncols;
        uint32_t nusing = f->natural ? 0 : f->nusing;
        side_cols s;
        if (visible_columns(b, join, join + 1, &s))
            return SS_ERROR;
        if (nusing > n)
            nusing = n;
        s.n = nusing;
        const char **names = bind_alloc(b, sizeof(char *) * (nusing ? nusing : 1));
        if (!names)
            return SS_ERROR;
        for (uint32_t i = 0; i < nusing; i++)
            names[i] = side_name(b, &s, i);
        if (push_alias_entry(b, f->using_alias, &s, nusing, names, true))
            return SS_ERROR;
    }
    if (!f->alias)
        return SS_OK;
    side_cols s;
    if (visible_columns(b, lo, b->nscope, &s))
        return SS_ERROR;
    if (f->ncolnames > s.n)
        return bind_error(b, -1, "42P10", "join expression \"%s\" has %u columns available but %u columns specified",
                          f->alias, s.n, f->ncolnames);
    const char **names = bind_alloc(b, sizeof(char *) * (s.n ? s.n : 1));
    if (!names)
        return SS_ERROR;
    for (uint32_t i = 0; i < s.n; i++)
        names[i] = i < f->ncolnames ? f->colnames[i] : side_name(b, &s, i);
    for (uint32_t r = lo; r < b->nscope; r++) {
        b->scope[r].cols_hidden = true;
        b->scope[r].ref_hidden = true;
    }
    return push_alias_entry(b, f->alias, &s, s.n, names, false);
}
