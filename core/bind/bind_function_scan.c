/* bind_function_scan.c — function calls in FROM (PostgreSQL's transformRangeFunction):
 * generate_series(start, stop [, step]) over integer, bigint or numeric, or (start, stop, interval)
 * over timestamp or timestamptz, becomes a function scan (a
 * relation of its own); its column is named after the table alias, else the function (a
 * function returning a scalar), WITH ORDINALITY adds a bigint "ordinality".  The arguments
 * are bound over the FROM items before the call (functions in FROM are implicitly LATERAL in
 * PostgreSQL): one that reads their columns makes its join a lateral one, rerun per left row
 * (a join of which a parenthesised join holding it is the right side too,
 * bind_lateral_join.c).
 *
 * unnest(array [, ...]) is a function scan too, one column per array (an array of a row type:
 * its fields; several arrays are only allowed here, 42883 elsewhere as PostgreSQL); so are json's
 * set-returning functions (types/json/json_srf.h), which the kernel expands, and
 * json(b)_populate_record(set) / json(b)_to_record(set) with their row type's columns
 * (bind_json_record.c; a column definition list is theirs alone, 42601 elsewhere).
 *
 * In the select list of a query without aggregates, one generate_series, unnest(array) or
 * one-column json function
 * (PostgreSQL's ProjectSet) becomes a join of the FROM rows with its function scan, LATERAL
 * when its arguments read them; other set-returning functions there are refused (0A000). */
#include <stdio.h>
#include <string.h>

#include "exec/expr_walk.h"
#include "bind/binder_internal.h"
#include "types/json/json_srf.h"
#include "types/json_record.h"
#include "types/multirange/multirange.h"
#include "types/record/record.h"

/* json(b)_populate_recordset / json(b)_to_recordset (bind_json_record.c). */
static bool json_recordset(const char *name)
{
    json_record_kind k;
    return json_record_function(name, &k) && k.set;
}

bool is_set_returning(const char *name)
{
    return !strcmp(name, "generate_series") || !strcmp(name, "unnest") || !strcmp(name, "generate_subscripts") ||
           !strcmp(name, "regexp_matches") || !strcmp(name, "regexp_split_to_table") ||
           !strcmp(name, "string_to_table") ||
           !strcmp(name, "json_array_elements") || !strcmp(name, "jsonb_array_elements") || json_recordset(name) ||
           json_srf_describe(name, &(int32_t){0}, &(uint32_t){0}, (ss_type[2]){{0, 0}, {0, 0}},
                             (const char *[2]){NULL, NULL});
}

static bool is_srf_call(const ast_expr *e)
{
    return e->kind == AE_FUNC && is_set_returning(e->names[e->nnames - 1]);
}

/* generate_series's element type from its arguments, as PostgreSQL's function resolution
 * picks among (int4, int4), (int8, int8), (numeric, numeric) and the timestamp forms:
 * numeric when an argument is numeric, else bigint when one is bigint, else integer when one
 * is integer; only smallint and untyped arguments are ambiguous (42725). */
static int series_type(binder *b, const ast_expr *a, ss_expr **args, uint32_t n, ss_type *out)
{
    bool any8 = false, any4 = false, other = false, numeric = false;
    /* (timestamp, timestamp, interval) exactly, else (timestamptz, timestamptz, interval) for
       any of the date/time types or untyped literals (timestamptz is the preferred type) */
    if (n == 3 && (args[2]->type.id == SS_TYPE_INTERVAL || args[2]->type.id == SS_TYPE_UNKNOWN)) {
        bool all_ts = true, dt = true, any_dt = false;
        for (uint32_t i = 0; i < 2; i++) {
            int32_t t = args[i]->type.id;
            all_ts &= t == SS_TYPE_TIMESTAMP || (t == SS_TYPE_UNKNOWN && args[1 - i]->type.id == SS_TYPE_TIMESTAMP);
            any_dt |= t == SS_TYPE_TIMESTAMP || t == SS_TYPE_TIMESTAMPTZ || t == SS_TYPE_DATE;
            dt &= t == SS_TYPE_TIMESTAMP || t == SS_TYPE_TIMESTAMPTZ || t == SS_TYPE_DATE || t == SS_TYPE_UNKNOWN;
        }
        if (dt && (any_dt || args[2]->type.id == SS_TYPE_INTERVAL)) {
            *out = type_of(all_ts ? SS_TYPE_TIMESTAMP : SS_TYPE_TIMESTAMPTZ);
            return SS_OK;
        }
    }
    char sig[512] = "";
    size_t off = 0;
    for (uint32_t i = 0; i < n; i++) {
        int32_t t = args[i]->type.id;
        numeric |= t == SS_TYPE_NUMERIC;
        any8 |= t == SS_TYPE_INT8;
        any4 |= t == SS_TYPE_INT4;
        other |= t != SS_TYPE_INT8 && t != SS_TYPE_INT4 && t != SS_TYPE_INT2 && t != SS_TYPE_UNKNOWN &&
                 t != SS_TYPE_NUMERIC;
        char b1[96];
        if (off < sizeof sig)
            off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                    tname(type_of(t), b1, sizeof b1));
    }
    if (n < 2 || n > 3 || other) {
        no_such_function(b, a->location, "generate_series", sig);
        return SS_ERROR;
    }
    if (!any8 && !any4 && !numeric) {
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function generate_series(%s) is not unique", sig);
        ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add explicit type "
                                  "casts.");
        return SS_ERROR;
    }
    *out = type_of(numeric ? SS_TYPE_NUMERIC : any8 ? SS_TYPE_INT8 : SS_TYPE_INT4);
    return SS_OK;
}

/* A json set-returning function (json_srf.h) over its one argument, json or jsonb (an untyped
 * literal becomes that type; another type is 42883): its columns key / value, value, or one
 * named colname (jsonb_object_keys), then WITH ORDINALITY's. */
static ss_lop *json_function_lop(binder *b, const ast_expr *a, ss_expr **args, uint32_t n, bool ordinality,
                                 const char *colname, uint32_t rel, int32_t arg_type, uint32_t ncols,
                                 const ss_type *types, const char *const *names)
{
    const char *name = a->names[a->nnames - 1];
    /* jsonb_path_query(_tz)(target, path [, vars [, silent]]): the arguments after the first as jsonpath, jsonb, bool */
    static const int32_t path_args[] = {SS_TYPE_JSONPATH, SS_TYPE_JSONB, SS_TYPE_BOOL};
    bool path_query = !strcmp(name, "jsonb_path_query") || !strcmp(name, "jsonb_path_query_tz");
    bool ok = (path_query ? n >= 2 && n <= 4 : n == 1) &&
              (args[0]->type.id == arg_type || is_unknown_const(args[0]) || is_unknown_param(b, args[0]));
    for (uint32_t i = 1; ok && i < n; i++)
        ok = args[i]->type.id == path_args[i - 1] || is_unknown_const(args[i]) || is_unknown_param(b, args[i]);
    if (!ok) {
        char sig[512] = "";
        size_t off = 0;
        for (uint32_t i = 0; i < n && off < sizeof sig; i++) {
            char b1[96];
            off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                    tname(args[i]->type, b1, sizeof b1));
        }
        no_such_function(b, a->location, name, sig);
        return NULL;
    }
    if (!(args[0] = coerce_expr(b, args[0], type_of(arg_type), CAST_IMPLICIT, a->args[0]->location)))
        return NULL;
    for (uint32_t i = 1; i < n; i++)
        if (!(args[i] = coerce_expr(b, args[i], type_of(path_args[i - 1]), CAST_IMPLICIT, a->args[i]->location)))
            return NULL;
    uint32_t total = ncols + (ordinality ? 1 : 0);
    ss_type *t = bind_alloc(b, sizeof(ss_type) * total);
    const char **cn = bind_alloc(b, sizeof(char *) * total);
    if (!t || !cn)
        return NULL;
    for (uint32_t i = 0; i < ncols; i++) {
        t[i] = types[i];
        cn[i] = names[i] ? names[i] : colname;
    }
    if (ordinality) {
        t[ncols] = type_of(SS_TYPE_INT8);
        cn[ncols] = "ordinality";
    }
    return lop_function(b->ctx, b->arena, rel, name, n, args, ordinality, total, t, cn);
}

ss_lop *one_column_function_lop(binder *b, const char *name, ss_expr **args, uint32_t n, bool ordinality,
                                const char *colname, uint32_t rel, ss_type column)
{
    ss_type *t = bind_alloc(b, sizeof(ss_type) * 2);
    const char **cn = bind_alloc(b, sizeof(char *) * 2);
    if (!t || !cn)
        return NULL;
    t[0] = column;
    cn[0] = colname;
    t[1] = type_of(SS_TYPE_INT8);
    cn[1] = "ordinality";
    return lop_function(b->ctx, b->arena, rel, name, n, args, ordinality, ordinality ? 2 : 1, t, cn);
}

/* The row type of an array of a named row type (t[]): its descriptor; NULL for other arrays. */
static const rec_desc *named_row_items(const ss_expr *arg)
{
    const rec_desc *d = arg->type.id == SS_TYPE_RECORD_ARRAY ? rec_desc_get(arg->type.typmod) : NULL;
    return d && d->name ? d : NULL;
}

/* unnest(array [, array ...]) in FROM with an array of a row type among them: the function
 * scan of the items under a relation of its own, projected so that each row-type column
 * becomes its fields (PostgreSQL's columns of a function returning a composite type, ROWS
 * FROM's for several arrays), the others kept, then ordinality. */
static ss_lop *unnest_expand_lop(binder *b, ss_expr **args, uint32_t n, bool ordinality, const ss_type *t,
                                 const char **cn, uint32_t rel)
{
    uint32_t inner = new_rel(b), nout = ordinality ? 1 : 0;
    for (uint32_t i = 0; i < n; i++)
        nout += named_row_items(args[i]) ? named_row_items(args[i])->nfields : 1;
    ss_lop *scan = lop_function(b->ctx, b->arena, inner, "unnest", n, args, ordinality, n + (ordinality ? 1 : 0), t, cn);
    ss_expr **exprs = bind_alloc(b, sizeof(ss_expr *) * (nout ? nout : 1));
    const char **names = bind_alloc(b, sizeof(char *) * (nout ? nout : 1));
    if (!scan || !exprs || !names)
        return NULL;
    uint32_t o = 0;
    for (uint32_t i = 0; i < n; i++) {
        const rec_desc *d = named_row_items(args[i]);
        if (!d) {
            if (!(exprs[o] = make_column(b, inner, i, t[i])))
                return NULL;
            names[o++] = cn[i];
            continue;
        }
        for (uint32_t k = 0; k < d->nfields; k++, o++) {
            ss_expr *idx = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT4));
            ss_expr **fa = bind_alloc(b, sizeof(ss_expr *) * 2);
            if (!idx || !fa || !(fa[0] = make_column(b, inner, i, t[i])))
                return NULL;
            idx->u.cnst.v.i = k;
            fa[1] = idx;
            if (!(exprs[o] = make_func(b, &rec_field_select_def, d->types[k], fa, 2)))
                return NULL;
            names[o] = d->names[k];
        }
    }
    if (ordinality) {
        if (!(exprs[o] = make_column(b, inner, n, t[n])))
            return NULL;
        names[o] = "ordinality";
    }
    return lop_project(b->ctx, b->arena, rel, scan, nout, exprs, names);
}

/* PostgreSQL's errors for unnest's arguments: several arrays in FROM are ROWS FROM
 * (unnest(a1), unnest(a2), ...), each call resolved alone (pg_catalog.unnest(unknown) is
 * not unique, pg_catalog.unnest(integer) does not exist); one array as one call. */
static bool unnest_args_bad(binder *b, const ast_expr *a, ss_expr **args, uint32_t n)
{
    char sig[512] = "";
    size_t off = 0;
    bool bad = n == 0, unknown = false;
    for (uint32_t i = 0; i < n; i++) {
        bool u = is_unknown_const(args[i]) || is_unknown_param(b, args[i]);
        bool not_array = !u && !ss_type_is_array(args[i]->type.id);
        char b1[96];
        if (n > 1 && (u || not_array)) {
            tname(u ? type_of(SS_TYPE_UNKNOWN) : type_of(args[i]->type.id), b1, sizeof b1);
            snprintf(sig, sizeof sig, "pg_catalog.unnest(%s)", b1);
            if (!u) {
                bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function %s does not exist", sig);
                ss_ctx_error_hint(b->ctx, "No function matches the given name and argument types. You might need "
                                          "to add explicit type casts.");
                return true;
            }
            bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function %s is not unique", sig);
            ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add explicit "
                                      "type casts.");
            return true;
        }
        unknown |= u;
        bad |= not_array;
        if (off < sizeof sig)
            off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                    tname(u ? type_of(SS_TYPE_UNKNOWN) : type_of(args[i]->type.id), b1, sizeof b1));
    }
    if (unknown && n == 1) {
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function unnest(%s) is not unique", sig);
        ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add explicit type "
                                  "casts.");
        return true;
    }
    if (bad || unknown) {
        no_such_function(b, a->location, "unnest", sig);
        return true;
    }
    return false;
}

/* unnest(record[]) AS t(a int, ...) in FROM: the scan of the items projected to the
 * definition list's columns, the array's items checked as a whole first (one row type, then
 * the list: PostgreSQL's 42804s, even when no column is read); its 42601s for other
 * arguments. */
static ss_lop *unnest_coldef_lop(binder *b, const ast_from_item *from, ss_expr **args, uint32_t n, bool ordinality,
                                 uint32_t rel)
{
    int loc = from->coldef_location;
    if (n > 1) {
        bind_error(b, loc, "42601", "UNNEST() with multiple arguments cannot have a column definition list");
        ss_ctx_error_hint(b->ctx, "Use separate UNNEST() calls inside ROWS FROM(), and attach a column definition "
                                  "list to each one.");
        return NULL;
    }
    if (ordinality && from->rows_from_member) {
        bind_error(b, loc, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: unnest with a column definition list among the functions of ROWS FROM");
        return NULL;
    }
    if (ordinality) {
        bind_error(b, loc, "42601", "WITH ORDINALITY cannot be used with a column definition list");
        ss_ctx_error_hint(b->ctx, "Put the column definition list inside ROWS FROM().");
        return NULL;
    }
    if (named_row_items(args[0])) {
        bind_error(b, loc, "42601", "a column definition list is redundant for a function returning a named composite type");
        return NULL;
    }
    if (args[0]->type.id != SS_TYPE_RECORD_ARRAY) {
        bind_error(b, loc, "42601", "a column definition list is only allowed for functions returning \"record\"");
        return NULL;
    }
    ss_type row;
    const rec_desc *d;
    if (bind_coldef_list(b, from, &row) || !(d = rec_desc_get(row.typmod)))
        return NULL;
    uint32_t inner = new_rel(b), nf = d->nfields;
    ss_type *t = bind_alloc(b, sizeof(ss_type));
    const char **cn = bind_alloc(b, sizeof(char *));
    ss_expr **exprs = bind_alloc(b, sizeof(ss_expr *) * (nf ? nf : 1));
    if (!t || !cn || !exprs)
        return NULL;
    t[0] = type_of(SS_TYPE_RECORD), cn[0] = "unnest";
    ss_expr *check_tm = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT4)), **check_args = bind_alloc(b, sizeof(ss_expr *) * 2);
    if (!check_tm || !check_args)
        return NULL;
    check_tm->u.cnst.v.i = row.typmod;
    check_args[0] = args[0], check_args[1] = check_tm;
    if (!(args[0] = make_func(b, &rec_coldef_rows_check_def, args[0]->type, check_args, 2)))
        return NULL;
    ss_lop *scan = lop_function(b->ctx, b->arena, inner, "unnest", 1, args, false, 1, t, cn);
    if (!scan)
        return NULL;
    for (uint32_t k = 0; k < nf; k++) {
        ss_expr **fa = bind_alloc(b, sizeof(ss_expr *) * 2);
        ss_expr *idx = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT4));
        if (!fa || !idx || !(fa[0] = make_column(b, inner, 0, t[0])))
            return NULL;
        idx->u.cnst.v.i = k;
        fa[1] = idx;
        if (!(exprs[k] = make_func(b, &rec_field_select_def, d->types[k], fa, 2)))
            return NULL;
    }
    return lop_project(b->ctx, b->arena, rel, scan, nf, exprs, (const char **)d->names);
}

/* unnest(array [, array ...]): one column per array of its element type, as many rows as the
 * longest has items (the shorter ones padded with NULLs); a single array's column is named
 * colname, several are each "unnest".  In FROM an array of a row type gives its fields
 * (unnest_expand_lop), an anonymous record[] those of its column definition list
 * (unnest_coldef_lop; PostgreSQL's 42601 without one). */
static ss_lop *unnest_lop(binder *b, const ast_expr *a, const ast_from_item *from, ss_expr **args, uint32_t n,
                          bool ordinality, const char *colname, uint32_t rel, bool select_list)
{
    if (n == 1 && mr_range_type(args[0]->type.id)) { /* unnest(anymultirange): its ranges */
        ss_expr **m = bind_alloc(b, sizeof(ss_expr *));
        if (!m)
            return NULL;
        m[0] = args[0];
        if (!(args[0] = make_func(b, &mr_ranges_def, type_of(ss_type_array_of(mr_range_type(m[0]->type.id))), m, 1)))
            return NULL;
    }
    if (unnest_args_bad(b, a, args, n))
        return NULL;
    if (!select_list && from && from->ncoldefs)
        return unnest_coldef_lop(b, from, args, n, ordinality, rel);
    bool expand = false;
    for (uint32_t i = 0; !select_list && i < n; i++) {
        if (args[i]->type.id == SS_TYPE_RECORD_ARRAY && !named_row_items(args[i])) {
            bind_error(b, a->location, "42601", "a column definition list is required for functions returning "
                                                "\"record\"");
            return NULL;
        }
        expand |= named_row_items(args[i]) != NULL;
    }
    uint32_t ncols = n + (ordinality ? 1 : 0);
    ss_type *types = bind_alloc(b, sizeof(ss_type) * ncols);
    const char **names = bind_alloc(b, sizeof(char *) * ncols);
    if (!types || !names)
        return NULL;
    for (uint32_t i = 0; i < n; i++) {
        types[i] = (ss_type){ss_type_element_of(args[i]->type.id), args[i]->type.typmod};
        names[i] = n == 1 ? colname : "unnest";
    }
    if (ordinality) {
        types[n] = type_of(SS_TYPE_INT8);
        names[n] = "ordinality";
    }
    if (expand)
        return unnest_expand_lop(b, args, n, ordinality, types, names, rel);
    return lop_function(b->ctx, b->arena, rel, "unnest", n, args, ordinality, ncols, types, names);
}

/* The function scan of the call a (generate_series) as relation rel, its column named
 * colname (WITH ORDINALITY: a second, bigint column "ordinality"); NULL with the error set.
 * lateral_ok: an argument that reads a column is refused by the caller (*reads_column). */
static ss_lop *function_lop_of(binder *b, const ast_expr *a, const ast_from_item *from, bool ordinality,
                               const char *colname, uint32_t rel, bool lateral, bool *reads_column, bool select_list);

ss_lop *function_lop(binder *b, const ast_expr *a, bool ordinality, const char *colname, uint32_t rel, bool lateral,
                     bool *reads_column, bool select_list)
{
    return function_lop_of(b, a, NULL, ordinality, colname, rel, lateral, reads_column, select_list);
}

/* function_lop of the FROM item from (NULL: in the select list), whose column definition
 * list only the json record functions take. */
static ss_lop *function_lop_of(binder *b, const ast_expr *a, const ast_from_item *from, bool ordinality,
                               const char *colname, uint32_t rel, bool lateral, bool *reads_column, bool select_list)
{
    const char *name = a->names[a->nnames - 1];
    *reads_column = false;
    if (a->nnames > 2 || (a->nnames == 2 && strcmp(a->names[0], "pg_catalog") != 0)) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: functions in schemas other than pg_catalog");
        return NULL;
    }
    if (!(a = bind_named_call(b, a)))
        return NULL;
    bool unnest = !strcmp(name, "unnest");
    int32_t srf_arg = 0;
    uint32_t srf_ncols = 0;
    ss_type srf_types[2];
    const char *srf_names[2];
    bool json_srf = json_srf_describe(name, &srf_arg, &srf_ncols, srf_types, srf_names);
    bool regex_srf = is_regex_srf(name), subscripts = !strcmp(name, "generate_subscripts");
    bool json_record = json_record_function(name, NULL);
    if (from && from->ncoldefs && !json_record && !unnest) {
        bind_error(b, from->coldef_location, "42601",
                   "a column definition list is only allowed for functions returning \"record\"");
        return NULL;
    }
    if (!unnest && !json_srf && !regex_srf && !subscripts && !json_record && strcmp(name, "generate_series") != 0) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: function %s in FROM (only generate_series, generate_subscripts, "
                   "unnest, regexp_matches, regexp_split_to_table and the json set-returning functions)", name);
        return NULL;
    }
    if (a->star || a->distinct || a->filter || a->nagg_order) {
        bind_error(b, a->location, "42809", "%s specified, but %s is not an aggregate function",
                   a->star ? "*" : a->distinct ? "DISTINCT" : a->nagg_order ? "ORDER BY" : "FILTER", name);
        return NULL;
    }
    /* the arguments see the FROM items before this one; with lateral as an outer level, as a
       LATERAL subquery does (a function in FROM is implicitly LATERAL in PostgreSQL), so that
       their columns become the parameters of a nested loop that reruns the function per row */
    uint32_t lo = b->scope_lo, hi = b->scope_hi;
    const char *context = b->no_agg_context;
    agg_state *agg = b->agg;
    bool agg_mode = b->agg_mode;
    if (lateral) {
        if (bind_push_outer(b, b->scope_base, b->nscope))
            return NULL;
        b->outer[b->nouter - 1].lateral_refused = b->lateral_refused;
        b->outer[b->nouter - 1].no_agg_context = "functions in FROM"; /* an outer-level aggregate */
        b->outer[b->nouter - 1].want_agg = NULL;
        b->scope_lo = b->scope_hi = b->nscope;
    } else {
        b->scope_lo = b->scope_base;
        b->scope_hi = b->nscope;
    }
    b->no_agg_context = "functions in FROM";
    b->agg = NULL;
    b->agg_mode = false;
    uint32_t n = a->nargs;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (n > 3 ? n : 3));
    int rc = args ? SS_OK : SS_ERROR;
    uint32_t own_refs = b->own_col_refs, outer_refs = b->outer_col_refs;
    for (uint32_t i = 0; rc == SS_OK && i < n; i++)
        if (!(args[i] = bind_expr(b, a->args[i])))
            rc = SS_ERROR;
    if (lateral)
        b->nouter--;
    b->scope_lo = lo;
    b->scope_hi = hi;
    b->no_agg_context = context;
    b->agg = agg;
    b->agg_mode = agg_mode;
    if (rc)
        return NULL;
    /* lateral: whether the arguments read the items on the left (or an enclosing query's
       columns, which are parameters either way); otherwise whether they read a column of this
       query's FROM items, which nothing could feed them (an enclosing query's are fine) */
    *reads_column = lateral ? b->outer_col_refs != outer_refs : b->own_col_refs != own_refs;
    if (*reads_column && !lateral)
        return NULL;
    if (json_record)
        return json_record_lop(b, a, from, args, n, ordinality, rel, select_list ? colname : NULL);
    if (json_srf)
        return json_function_lop(b, a, args, n, ordinality, colname, rel, srf_arg, srf_ncols, srf_types,
                                 select_list ? (const char *[2]){NULL, NULL} : srf_names);
    if (regex_srf)
        return regex_function_lop(b, a, args, n, ordinality, colname, rel);
    if (subscripts)
        return subscripts_function_lop(b, a, args, n, ordinality, colname, rel);
    if (unnest)
        return unnest_lop(b, a, from, args, n, ordinality, colname, rel, select_list);
    ss_type t;
    if (series_type(b, a, args, n, &t))
        return NULL;
    bool ts = t.id == SS_TYPE_TIMESTAMP || t.id == SS_TYPE_TIMESTAMPTZ;
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = coerce_expr(b, args[i], ts && i == 2 ? type_of(SS_TYPE_INTERVAL) : t, CAST_IMPLICIT,
                                    a->args[i]->location)))
            return NULL;
    if (t.id == SS_TYPE_NUMERIC && n == 2) {
        /* the step PostgreSQL's generate_series(numeric, numeric) takes: numeric 1 */
        ss_expr *one = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT4));
        if (!one)
            return NULL;
        one->u.cnst.v.i = 1;
        if (!(args[n++] = coerce_expr(b, one, t, CAST_IMPLICIT, a->location)))
            return NULL;
    }
    ss_type *types = bind_alloc(b, sizeof(ss_type) * 2);
    const char **names = bind_alloc(b, sizeof(char *) * 2);
    if (!types || !names)
        return NULL;
    types[0] = t;
    types[1] = type_of(SS_TYPE_INT8);
    names[0] = colname;
    names[1] = "ordinality";
    return lop_function(b->ctx, b->arena, rel, "generate_series", n, args, ordinality, ordinality ? 2 : 1, types,
                        names);
}

ss_lop *function_lop_from(binder *b, const ast_from_item *from, bool ordinality, const char *colname, uint32_t rel,
                          bool lateral, bool *reads_column)
{
    return function_lop_of(b, from->func, from, ordinality, colname, rel, lateral, reads_column, false);
}

int bind_from_function(binder *b, const ast_from_item *f, ss_lop **out)
{
    const ast_expr *a = f->func;
    const char *name = a->names[a->nnames - 1];
    uint32_t rel = new_rel(b);
    /* implicitly LATERAL wherever FROM items precede it (PostgreSQL): directly the right
       side of a join, or the first item of a parenthesised join on a join's right side */
    bool reads_column, lateral = b->lateral_slot || b->nscope > b->scope_base;
    b->lateral_slot = false;
    ss_lop *op = f->nrows_from ? rows_from_lop(b, f, rel, lateral, &reads_column)
                               : function_lop_of(b, a, f, f->ordinality, f->alias ? f->alias : name, rel, lateral,
                                                 &reads_column, false);
    b->function_lateral = op && reads_column;
    if (!op) {
        if (!reads_column || lateral)
            return SS_ERROR;
        /* the first FROM item of its query (nothing precedes it that a nested loop could
           feed it the columns of) */
        for (uint32_t i = 0; i < a->nargs; i++)
            if (first_column_location(a->args[i]) >= 0)
                return bind_error(b, first_column_location(a->args[i]), SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                  "feature not supported: column references in the arguments of a function in FROM "
                                  "that is not directly the right side of a join");
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: column references in the arguments of a function in FROM "
                          "that is not directly the right side of a join");
    }
    if (add_scope_entry(b, f, f->alias ? f->alias : name, NULL, rel, op->ncols, op->names, op->types))
        return SS_ERROR;
    if (op->kind == LOP_PROJECT && !f->ordinality && op->children[0]->kind == LOP_FUNCTION &&
        !strcmp(op->children[0]->u.function.name, "unnest") &&
        op->children[0]->u.function.nargs == 1) /* unnest_expand_lop of one t[]: its rows are t's */
        b->scope[b->nscope - 1].row_type = op->children[0]->types[0];
    *out = op;
    return SS_OK;
}

/* ---- set-returning functions in the select list ---------------------------------------- */

/* The distinct set-returning function calls of a select list (srf_list.n of them; more
 * than SRF_LOCKSTEP_MAX, or one nested in another's arguments, is *several). */
typedef struct srf_list {
    const ast_expr *calls[SRF_LOCKSTEP_MAX];
    uint32_t n;
} srf_list;

static void note_srf(srf_list *l, const ast_expr *e, bool *several)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (ast_equal(l->calls[i], e))
            return;
    if (l->n == SRF_LOCKSTEP_MAX)
        *several = true;
    else
        l->calls[l->n++] = e;
}

/* Finds the set-returning function calls of e: *found the first, the distinct ones in *list
 * (NULL: others must be equal to the first, else *several); PostgreSQL's error for one inside
 * CASE or COALESCE. */
static int find_srf_in(binder *b, const ast_expr *e, const char *inside, const ast_expr **found, bool *several,
                       srf_list *list)
{
    if (!e)
        return SS_OK;
    if (ss_ctx_check_stack(b->ctx))
        return SS_ERROR;
    if (e->kind == AE_FUNC && is_set_returning(e->names[e->nnames - 1])) {
        if (inside) {
            bind_error(b, e->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "set-returning functions are not allowed in %s", inside);
            ss_ctx_error_hint(b->ctx, "You might be able to move the set-returning function into a LATERAL FROM item.");
            return SS_ERROR;
        }
        if (!*found)
            *found = e;
        else if (list)
            note_srf(list, e, several);
        else if (!ast_equal(*found, e))
            *several = true;
        if (list && list->n == 0)
            list->calls[list->n++] = e;
        for (uint32_t i = 0; i < e->nargs; i++)
            if (ast_any(e->args[i], is_srf_call))
                *several = true; /* nested: ProjectSet over ProjectSet */
        return SS_OK;
    }
    const char *in = e->kind == AE_CASE ? "CASE" : e->kind == AE_COALESCE ? "COALESCE" : inside;
    if (find_srf_in(b, e->left, in, found, several, list) || find_srf_in(b, e->right, in, found, several, list) ||
        find_srf_in(b, e->arg, in, found, several, list) || find_srf_in(b, e->els, in, found, several, list))
        return SS_ERROR;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (find_srf_in(b, e->args[i], in, found, several, list))
            return SS_ERROR;
    for (uint32_t i = 0; i < e->nwhens; i++)
        if (find_srf_in(b, e->whens[i], in, found, several, list) ||
            find_srf_in(b, e->thens[i], in, found, several, list))
            return SS_ERROR;
    return SS_OK;
}

int check_srf_placement(binder *b, const ast_expr *e)
{
    const ast_expr *found = NULL;
    bool several = false;
    return find_srf_in(b, e, NULL, &found, &several, NULL);
}

/* unnest(a1, a2, ...) outside FROM: no such function (PostgreSQL expands it only as a
 * FROM item), named with its bound arguments' types. */
ss_expr *unnest_outside_from(binder *b, const ast_expr *a)
{
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * a->nargs);
    if (!args)
        return NULL;
    for (uint32_t i = 0; i < a->nargs; i++)
        if (!(args[i] = bind_expr(b, a->args[i])))
            return NULL;
    return no_such_function_of(b, a, args, a->nargs);
}

/* Whether the select list's set-returning function call a is one run as a join. */
bool srf_joinable(const ast_expr *a)
{
    const char *fname = a->names[a->nnames - 1];
    uint32_t fcols = 0;
    bool json_one = json_srf_describe(fname, &(int32_t){0}, &fcols, (ss_type[2]){{0, 0}, {0, 0}},
                                      (const char *[2]){NULL, NULL}) && fcols == 1;
    return !strcmp(fname, "generate_series") || json_one || is_regex_srf(fname) || json_recordset(fname) ||
           !strcmp(fname, "generate_subscripts") || (!strcmp(fname, "unnest") && a->nargs == 1);
}

int attach_target_srf(binder *b, const ast_select *s, bool is_agg, ss_lop **top)
{
    b->srf_ast = NULL;
    b->srf_col = NULL;
    b->nsrf_more = 0;
    const ast_expr *found = NULL;
    bool several = false;
    srf_list list = {.n = 0};
    for (uint32_t i = 0; i < s->ntargets; i++)
        if (find_srf_in(b, s->targets[i].expr, NULL, &found, &several, &list))
            return SS_ERROR;
    for (uint32_t i = 0; i < s->norder; i++) /* ORDER BY's run with the select list's */
        if (find_srf_in(b, s->order_by[i].expr, NULL, &found, &several, &list))
            return SS_ERROR;
    /* window functions run before the set-returning functions in PostgreSQL (ProjectSet over
       WindowAgg); joined in below them they would count the expanded rows: refused (0A000,
       where bind_func.c binds the call) until that order is built */
    for (uint32_t i = 0; !is_agg && i < s->ntargets; i++)
        is_agg = ast_has_window(s->targets[i].expr);
    for (uint32_t i = 0; i < list.n; i++)
        if (!strcmp(list.calls[i]->names[list.calls[i]->nnames - 1], "unnest") && list.calls[i]->nargs > 1) {
            unnest_outside_from(b, list.calls[i]); /* its 42883 */
            return SS_ERROR;
        }
    if (list.n > 1) {
        /* several: run in lockstep (bind_srf_lockstep.c) */
        bool joinable = !several && !is_agg;
        for (uint32_t i = 0; joinable && i < list.n; i++)
            joinable = srf_joinable(list.calls[i]);
        return joinable ? attach_srf_lockstep(b, s, list.calls, list.n, top) : SS_OK;
    }
    /* one generate_series, unnest(array) or one-column json function (written once or several
       times the same) in a query without aggregates: PostgreSQL's ProjectSet is then a join of
       each input row with the function's rows (LATERAL when the arguments read the row); the
       others stay refused */
    if (!found || several || is_agg || !srf_joinable(found))
        return SS_OK;
    const char *fname = found->names[found->nnames - 1];
    uint32_t rel = new_rel(b);
    bool reads_column;
    ss_lop *op = function_lop(b, found, false, fname, rel, false, &reads_column, true);
    bool lateral = !op && reads_column && s->from;
    if (lateral && !(op = function_lop(b, found, false, fname, rel, true, &reads_column, true)))
        return SS_ERROR;
    if (!op)
        return reads_column ? SS_OK : SS_ERROR;
    if (!(*top = lop_join(b->ctx, b->arena, SS_JOIN_INNER, *top, op, NULL)))
        return SS_ERROR;
    (*top)->u.join.lateral = lateral;
    b->srf_ast = found;
    return (b->srf_col = make_column(b, rel, 0, op->types[0])) ? SS_OK : SS_ERROR;
}
