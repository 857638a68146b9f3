/* bind_whole_row.c — a whole-row reference (a FROM item's name where a column is expected):
 * PostgreSQL's composite of the item's columns.  As a value it is a record of the columns
 * (core/types/record/, so it prints as (1,"a b") and compares with record_eq's rules): a
 * table's of its row type, another item's an anonymous record named by its columns
 * (bind_row_type.c); a side of a JOIN ... USING has one too;
 * t IS [NOT] NULL tests every field, as PostgreSQL's row null test does, and t IS [NOT] DISTINCT
 * FROM a row compares field by field (NULLs equal, as record_eq); as the argument of
 * to_json / row_to_json / to_jsonb and json_agg / jsonb_agg it is the object of its column
 * names and values (json: json_row_def's compact text, jsonb: jsonb_build_object).  Each column
 * is bound as t.col so GROUP BY and aggregate rules apply to it.  Not done (0A000): the value of
 * a null-extended outer-join side, which PostgreSQL makes a NULL record for a missing row and
 * this would make a record of NULLs (its IS NULL tests are right either way). */
#include <string.h>

#include "bind/binder_internal.h"
#include "types/functions.h"
#include "types/json/json_agg.h"
#include "types/record/record.h"

static const range_entry *whole_row_entry(const binder *b, const ast_expr *a)
{
    if (a->kind != AE_COLUMN || a->nnames != 1 || scope_has_column(b, a->names[0]))
        return NULL;
    for (uint32_t r = b->nscope; r-- > b->scope_base;) {
        const range_entry *re = &b->scope[r];
        if (re->ref && !re->ref_hidden && strcmp(re->ref, a->names[0]) == 0)
            return re;
    }
    return NULL;
}

bool bind_is_whole_row(const binder *b, const ast_expr *a)
{
    return whole_row_entry(b, a) != NULL;
}

/* 0A000 for the value of a row on the NULL-extended side of an outer join. */
static bool refuse_null_extended(binder *b, const range_entry *re, const ast_expr *a)
{
    if (!re->null_extended)
        return false;
    bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
               "feature not supported: a whole-row reference to the nullable side of an outer join");
    return true;
}

static ss_expr *text_const(binder *b, const char *s)
{
    size_t len = strlen(s);
    char *copy = bind_alloc(b, len + 1);
    ss_expr *e = copy ? new_expr(b, EXPR_CONST, type_of(SS_TYPE_TEXT)) : NULL;
    if (!e)
        return NULL;
    memcpy(copy, s, len + 1);
    e->u.cnst.v.s = (ss_text){copy, (uint32_t)len, 0};
    return e;
}

/* The AST t.col of column c of the entry, at the reference's location. */
static ast_expr *column_ast(binder *b, const range_entry *re, uint32_t c, int location)
{
    ast_expr *col = bind_alloc(b, sizeof *col);
    const char **names = bind_alloc(b, sizeof(char *) * 2);
    if (!col || !names)
        return NULL;
    memset(col, 0, sizeof *col);
    names[0] = re->ref, names[1] = re->col_names[c];
    col->kind = AE_COLUMN, col->names = names, col->nnames = 2, col->location = location;
    return col;
}

/* Column c of the entry bound with bind_col; a grouping error names the whole row t.*. */
static ss_expr *bind_row_column(binder *b, const range_entry *re, uint32_t c, const ast_expr *a,
                                ss_expr *(*bind_col)(binder *, const ast_expr *))
{
    if (!b->agg_mode && bind_col == bind_expr && range_column_of(re, re->col_names[c]) == -2) {
        /* a name several columns share (unnest(a1, a2)'s "unnest"s): t.col would be ambiguous,
           the column itself is what it means outside aggregation */
        const char *ref;
        ss_expr *e = entry_column(b, re, c, &ref);
        b->table_ref = ref;
        return e;
    }
    ast_expr *col = column_ast(b, re, c, a->location);
    if (!col)
        return NULL;
    int k = b->in_having ? 1 : 0;
    const char *noted = b->grouping_msg[k];
    ss_expr *e = bind_col(b, col);
    if (e && !noted && b->grouping_msg[k]) { /* PostgreSQL names the whole row in its grouping error */
        b->grouping_msg[k] = ss_arena_printf(b->arena,
                                             "column \"%s.*\" must appear in the GROUP BY clause or be used in "
                                             "an aggregate function",
                                             re->ref);
        if (!b->grouping_msg[k]) {
            ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        b->grouping_loc[k] = a->location;
    }
    return e;
}

ss_expr *bind_whole_row_record(binder *b, const ast_expr *a)
{
    const range_entry *re = whole_row_entry(b, a);
    if (!re || refuse_null_extended(b, re, a))
        return NULL;
    if (re->ncols > REC_MAX_FIELDS) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: a whole-row reference with more than %d columns", REC_MAX_FIELDS);
        return NULL;
    }
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (re->ncols ? re->ncols : 1));
    if (!args)
        return NULL;
    for (uint32_t c = 0; c < re->ncols; c++)
        if (!(args[c] = bind_row_column(b, re, c, a, bind_expr)))
            return NULL;
    ss_type t; /* a table's row type, else the anonymous record */
    if (bind_entry_row_type(b, re, &t))
        return NULL;
    return make_func(b, &rec_row_def, t, args, re->ncols);
}

ast_expr *bind_whole_row_ast(binder *b, const ast_expr *a)
{
    const range_entry *re = whole_row_entry(b, a);
    if (!re)
        return NULL;
    ast_expr *row = bind_alloc(b, sizeof *row);
    ast_expr **fields = bind_alloc(b, sizeof(ast_expr *) * (re->ncols ? re->ncols : 1));
    if (!row || !fields)
        return NULL;
    for (uint32_t c = 0; c < re->ncols; c++)
        if (!(fields[c] = column_ast(b, re, c, a->location)))
            return NULL;
    *row = (ast_expr){.kind = AE_ROW, .location = a->location, .args = fields, .nargs = re->ncols};
    return row;
}

ss_expr *bind_whole_row_null_test(binder *b, const ast_expr *a)
{
    ast_expr *test = bind_alloc(b, sizeof *test), **targ = bind_alloc(b, sizeof(ast_expr *));
    if (!test || !targ || !(targ[0] = bind_whole_row_ast(b, a->args[0])))
        return NULL;
    *test = *a;
    test->args = targ;
    return bind_row_null_test(b, test);
}

ss_expr *bind_whole_row_distinct(binder *b, const ast_expr *a)
{
    ast_expr *test = bind_alloc(b, sizeof *test), **targ = bind_alloc(b, sizeof(ast_expr *) * 2);
    if (!test || !targ)
        return NULL;
    for (int i = 0; i < 2; i++) {
        targ[i] = bind_is_whole_row(b, a->args[i]) ? bind_whole_row_ast(b, a->args[i]) : (ast_expr *)a->args[i];
        if (!targ[i])
            return NULL;
    }
    *test = *a;
    test->args = targ;
    return bind_row_distinct(b, test);
}

ss_expr *bind_whole_row_json(binder *b, const ast_expr *a, bool jsonb, ss_expr *(*bind_col)(binder *, const ast_expr *))
{
    const range_entry *re = whole_row_entry(b, a);
    if (!re || refuse_null_extended(b, re, a))
        return NULL;
    uint32_t n = re->ncols * 2;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (n ? n : 1));
    ss_type *types = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    if (!args || !types)
        return NULL;
    ss_type row; /* a table's columns are named as the table names them, aliases or not */
    if (bind_entry_row_type(b, re, &row))
        return NULL;
    const rec_desc *d = rec_desc_get(row.typmod);
    for (uint32_t c = 0; c < re->ncols; c++) {
        if (!(args[2 * c] = text_const(b, d && d->name ? d->names[c] : re->col_names[c])) ||
            !(args[2 * c + 1] = bind_row_column(b, re, c, a, bind_col)))
            return NULL;
        types[2 * c] = args[2 * c]->type, types[2 * c + 1] = args[2 * c + 1]->type;
    }
    if (!jsonb)
        return make_func(b, &json_row_def, type_of(SS_TYPE_JSON), args, n);
    const ss_func_def *def;
    ss_type result;
    ss_type *want = bind_alloc(b, sizeof(ss_type) * (n ? n : 1));
    if (!want || ss_func_resolve("jsonb_build_object", n, types, &def, want, &result) != SS_OK) {
        if (want)
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: to_jsonb of this row");
        return NULL;
    }
    return make_func(b, def, result, args, n);
}
