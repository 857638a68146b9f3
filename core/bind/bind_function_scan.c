/* bind_function_scan.c — function calls in FROM (PostgreSQL's transformRangeFunction):
 * generate_series(start, stop [, step]) over integer or bigint becomes a function scan (a
 * relation of its own); its column is named after the table alias, else the function (a
 * function returning a scalar), WITH ORDINALITY adds a bigint "ordinality".  The arguments
 * are bound over the FROM items before the call (functions in FROM are implicitly LATERAL in
 * PostgreSQL): one that reads a column is refused (0A000), as LATERAL is. */
#include <stdio.h>
#include <string.h>

#include "exec/expr_walk.h"
#include "bind/binder_internal.h"

bool is_set_returning(const char *name)
{
    return !strcmp(name, "generate_series") || !strcmp(name, "unnest") || !strcmp(name, "generate_subscripts") ||
           !strcmp(name, "regexp_matches") || !strcmp(name, "regexp_split_to_table") ||
           !strcmp(name, "json_array_elements") || !strcmp(name, "jsonb_array_elements");
}

static int has_column(const ss_expr *e, void *arg)
{
    (void)arg;
    return e->kind == EXPR_COLUMN ? SS_WALK_STOP : SS_WALK_CONTINUE;
}

/* generate_series's element type from its arguments, as PostgreSQL's function resolution
 * picks among (int4, int4), (int8, int8), (numeric, numeric) and the timestamp forms: bigint
 * when an argument is bigint, else integer when one is integer; only smallint and untyped
 * arguments are ambiguous (42725). */
static int series_type(binder *b, const ast_expr *a, ss_expr **args, uint32_t n, ss_type *out)
{
    bool any8 = false, any4 = false, other = false, numeric = false;
    char sig[512] = "";
    size_t off = 0;
    for (uint32_t i = 0; i < n; i++) {
        int32_t t = args[i]->type.id;
        numeric |= is_numeric_valued(b, a->args[i], args[i]);
        any8 |= t == SS_TYPE_INT8;
        any4 |= t == SS_TYPE_INT4;
        other |= t != SS_TYPE_INT8 && t != SS_TYPE_INT4 && t != SS_TYPE_INT2 && t != SS_TYPE_UNKNOWN;
        char b1[96];
        if (off < sizeof sig)
            off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                    tname(type_of(t), b1, sizeof b1));
    }
    if (numeric)
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: generate_series(numeric, numeric), numeric is not a Sunstone "
                          "type yet");
    if (n < 2 || n > 3 || other) {
        no_such_function(b, a->location, "generate_series", sig);
        return SS_ERROR;
    }
    if (!any8 && !any4) {
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function generate_series(%s) is not unique", sig);
        ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add explicit type "
                                  "casts.");
        return SS_ERROR;
    }
    *out = type_of(any8 ? SS_TYPE_INT8 : SS_TYPE_INT4);
    return SS_OK;
}

int bind_from_function(binder *b, const ast_from_item *f, ss_lop **out)
{
    const ast_expr *a = f->func;
    const char *name = a->names[a->nnames - 1];
    if (a->nnames > 2 || (a->nnames == 2 && strcmp(a->names[0], "pg_catalog") != 0))
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: functions in schemas other than pg_catalog");
    if (!strcmp(name, "unnest"))
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: unnest (Sunstone has no arrays yet)");
    if (strcmp(name, "generate_series") != 0)
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: function %s in FROM (only generate_series)", name);
    if (a->star || a->distinct || a->filter || a->nagg_order)
        return bind_error(b, a->location, "42809", "%s specified, but %s is not an aggregate function",
                          a->star ? "*" : a->distinct ? "DISTINCT" : a->nagg_order ? "ORDER BY" : "FILTER", name);
    /* the arguments see the FROM items before this one */
    uint32_t lo = b->scope_lo, hi = b->scope_hi;
    const char *context = b->no_agg_context;
    b->scope_lo = b->scope_base;
    b->scope_hi = b->nscope;
    b->no_agg_context = "functions in FROM";
    uint32_t n = a->nargs;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (n ? n : 1));
    int rc = args ? SS_OK : SS_ERROR;
    for (uint32_t i = 0; rc == SS_OK && i < n; i++)
        if (!(args[i] = bind_expr(b, a->args[i])))
            rc = SS_ERROR;
    b->scope_lo = lo;
    b->scope_hi = hi;
    b->no_agg_context = context;
    if (rc)
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        if (ss_expr_walk_const(args[i], has_column, NULL, NULL) == SS_WALK_STOP)
            return bind_error(b, a->args[i]->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "feature not supported: column references in the arguments of a function in FROM "
                              "(LATERAL)");
    ss_type t;
    if (series_type(b, a, args, n, &t))
        return SS_ERROR;
    for (uint32_t i = 0; i < n; i++)
        if (!(args[i] = coerce_expr(b, args[i], t, CAST_IMPLICIT, a->args[i]->location)))
            return SS_ERROR;
    uint32_t ncols = f->ordinality ? 2 : 1;
    ss_type *types = bind_alloc(b, sizeof(ss_type) * 2);
    const char **names = bind_alloc(b, sizeof(char *) * 2);
    if (!types || !names)
        return SS_ERROR;
    types[0] = t;
    types[1] = type_of(SS_TYPE_INT8);
    names[0] = f->alias ? f->alias : name;
    names[1] = "ordinality";
    uint32_t rel = new_rel(b);
    if (add_scope_entry(b, f, f->alias ? f->alias : name, NULL, rel, ncols, names, types))
        return SS_ERROR;
    return (*out = lop_function(b->ctx, b->arena, rel, "generate_series", n, args, f->ordinality, ncols, types,
                                names))
               ? SS_OK
               : SS_ERROR;
}
