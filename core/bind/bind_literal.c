/* bind_literal.c — literals, column references and parameters: constants (a decimal literal,
 * or an integer too wide for bigint, is numeric as in PostgreSQL), table columns (and the
 * grouping check of an aggregate query), and $n parameters with their inferred types. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bind/binder_internal.h"
#include "catalog/namespace.h"
#include "types/typeio.h"

ss_expr *bind_const(binder *b, const ast_expr *a)
{
    ss_expr *e;
    switch (a->kind) {
    case AE_INT:
        if (a->ival >= INT32_MIN && a->ival <= INT32_MAX)
            e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT4));
        else
            e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_INT8));
        if (e)
            e->u.cnst.v.i = a->ival;
        return e;
    case AE_NUMERIC: {
        /* an integer literal too wide for int4 is int8 when it fits, as in PostgreSQL */
        char *end;
        errno = 0;
        long long ll = strtoll(a->str, &end, 10);
        if (errno == 0 && *end == '\0' && end != a->str) {
            /* -2147483648 arrives here (the lexer saw 2147483648) and is int4 in PostgreSQL */
            e = new_expr(b, EXPR_CONST, type_of(ll >= INT32_MIN && ll <= INT32_MAX ? SS_TYPE_INT4 : SS_TYPE_INT8));
            if (e)
                e->u.cnst.v.i = ll;
            return e;
        }
        /* the other numeric literals are numeric; the value lives with the bound statement */
        e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_NUMERIC));
        if (e && ss_value_parse(b->ctx, e->type, a->str, strlen(a->str), &e->u.cnst)) {
            ss_ctx_error_position(b->ctx, a->location + 1);
            return NULL;
        }
        if (e) {
            char *p = ss_arena_alloc(b->arena, e->u.cnst.v.s.len);
            if (!p) {
                ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                return NULL;
            }
            memcpy(p, e->u.cnst.v.s.ptr, e->u.cnst.v.s.len);
            e->u.cnst.v.s.ptr = p;
        }
        return e;
    }
    case AE_STRING:
        e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_UNKNOWN));
        if (e) {
            e->u.cnst.v.s.ptr = a->str;
            e->u.cnst.v.s.len = (uint32_t)strlen(a->str);
        }
        return e;
    case AE_NULL:
        return make_null(b, type_of(SS_TYPE_UNKNOWN));
    case AE_BOOL:
        e = new_expr(b, EXPR_CONST, type_of(SS_TYPE_BOOL));
        if (e)
            e->u.cnst.v.b = a->bval;
        return e;
    default:
        return NULL;
    }
}

ss_expr *entry_column(binder *b, const range_entry *re, uint32_t c, const char **ref)
{
    if (!re->src_entry) {
        if (ref)
            *ref = re->ref;
        return make_column(b, re->rel, c, re->col_types[c]);
    }
    ss_expr *l = entry_column(b, &b->scope[re->src_entry[c]], re->src_col[c], ref);
    ss_type cast = re->casts ? re->casts[c] : type_of(SS_TYPE_INVALID);
    if (l && cast.id)
        l = coerce_expr(b, l, cast, CAST_IMPLICIT, -1);
    if (!l || !re->src_entry2 || re->src_entry2[c] == UINT32_MAX)
        return l;
    /* COALESCE(l, r) = CASE WHEN l IS NOT NULL THEN l ELSE r END */
    ss_expr *r = entry_column(b, &b->scope[re->src_entry2[c]], re->src_col2[c], NULL);
    if (r && cast.id)
        r = coerce_expr(b, r, cast, CAST_IMPLICIT, -1);
    return r ? make_coalesce2(b, l, r) : NULL;
}

bool scope_has_column(const binder *b, const char *name)
{
    for (uint32_t r = b->scope_base; r < b->nscope; r++)
        for (uint32_t i = 0; !b->scope[r].cols_hidden && i < b->scope[r].ncols; i++)
            if (strcmp(b->scope[r].col_names[i], name) == 0)
                return true;
    return false;
}

/* Column index of name in the FROM item re, -1 when it has none, -2 when several (a
 * subquery's or column aliases' names may repeat). */
int64_t range_column_of(const range_entry *re, const char *name)
{
    int64_t found = -1;
    for (uint32_t i = 0; i < re->ncols; i++)
        if (strcmp(re->col_names[i], name) == 0) {
            if (found >= 0)
                return -2;
            found = i;
        }
    return found;
}

/* The FROM entry a qualified reference names (PostgreSQL's refnameNamespaceItem), or NULL
 * with the error raised: 42P01 when none, or one outside the visible part of the scope (or
 * inside an aliased join). */
const range_entry *find_schema_qualified_entry(binder *b, const ast_expr *a)
{
    /* schema.table.column: a table entry of that schema named without an alias */
    const char *schema = a->names[0], *table = a->names[1];
    for (uint32_t r = b->scope_lo; r < b->scope_hi; r++) {
        const range_entry *e = &b->scope[r];
        if (e->ns && !e->ref_hidden && strcmp(e->ref, table) == 0 && strcmp(ss_ns_name(e->ns), schema) == 0)
            return e;
    }
    /* PostgreSQL's errorMissingRTE: an entry of that name in another schema */
    const range_entry *found = NULL;
    for (uint32_t r = 0; r < b->nscope && !found; r++)
        if (b->scope[r].ref && strcmp(b->scope[r].ref, table) == 0)
            found = &b->scope[r];
    if (found) {
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_TABLE, "invalid reference to FROM-clause entry for table \"%s\"",
                   table);
        ss_ctx_error_hint(b->ctx, "There is an entry for table \"%s\", but it cannot be referenced from this part "
                          "of the query.", table);
    } else {
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_TABLE, "missing FROM-clause entry for table \"%s\"", table);
    }
    return NULL;
}

const range_entry *find_qualified_entry(binder *b, const ast_expr *a)
{
    const char *name = a->names[0];
    const range_entry *found = NULL;
    for (uint32_t r = b->scope_lo; r < b->scope_hi; r++)
        if (b->scope[r].ref && !b->scope[r].ref_hidden && strcmp(b->scope[r].ref, name) == 0) {
            /* two unaliased tables of different schemas (check_ref_unique_ns) */
            if (found) {
                bind_error(b, a->location, "42P09", "table reference \"%s\" is ambiguous", name);
                return NULL;
            }
            found = &b->scope[r];
        }
    if (found)
        return found;
    for (uint32_t r = 0; r < b->nscope; r++)
        if (b->scope[r].ref && strcmp(b->scope[r].ref, name) == 0) {
            bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_TABLE,
                       "invalid reference to FROM-clause entry for table \"%s\"", name);
            ss_ctx_error_hint(b->ctx, "There is an entry for table \"%s\", but it cannot be referenced from this "
                              "part of the query.", name);
            return NULL;
        }
    /* a table referenced by its name while it has an alias */
    for (uint32_t r = b->scope_lo; r < b->scope_hi; r++)
        if (b->scope[r].table_name && strcmp(b->scope[r].table_name, name) == 0) {
            bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_TABLE,
                       "invalid reference to FROM-clause entry for table \"%s\"", name);
            ss_ctx_error_hint(b->ctx, "Perhaps you meant to reference the table alias \"%s\".", b->scope[r].ref);
            return NULL;
        }
    bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_TABLE, "missing FROM-clause entry for table \"%s\"", name);
    return NULL;
}

ss_expr *bind_column(binder *b, const ast_expr *a)
{
    const char *col = a->names[a->nnames - 1];
    if (a->nnames > 3) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "cross-database references are not implemented: %s.%s.%s.%s", a->names[0], a->names[1],
                   a->names[2], a->names[3]);
        return NULL;
    }
    if (b->nouter) {
        bool outer = false;
        ss_expr *e = bind_outer_column(b, a, &outer);
        if (outer)
            return e;
    }
    b->own_col_refs++;
    const range_entry *found = NULL;
    int64_t index = -1;
    if (a->nnames == 3) {
        if (!(found = find_schema_qualified_entry(b, a)))
            return NULL;
        if ((index = range_column_of(found, col)) < 0) {
            bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_COLUMN, "column %s.%s does not exist", a->names[1], col);
            hint_missing_column(b, a->names[1], col);
            return NULL;
        }
    } else if (a->nnames == 2) {
        if (!(found = find_qualified_entry(b, a)))
            return NULL;
        if ((index = range_column_of(found, col)) == -2) {
            bind_error(b, a->location, "42702", "column reference \"%s\" is ambiguous", col);
            return NULL;
        }
        if (index < 0) {
            bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_COLUMN, "column %s.%s does not exist", a->names[0], col);
            hint_missing_column(b, a->names[0], col);
            return NULL;
        }
    } else {
        for (uint32_t r = b->scope_lo; r < b->scope_hi; r++) {
            if (b->scope[r].cols_hidden)
                continue;
            int64_t i = range_column_of(&b->scope[r], col);
            if (i == -1)
                continue;
            if (found || i == -2) {
                bind_error(b, a->location, "42702", "column reference \"%s\" is ambiguous", col);
                return NULL;
            }
            found = &b->scope[r];
            index = i;
        }
        if (!found) {
            bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" does not exist", col);
            hint_missing_column(b, NULL, col);
            return NULL;
        }
    }
    /* an ungrouped column: binding goes on (the plan is never built) */
    const char *ref;
    ss_expr *e = entry_column(b, found, (uint32_t)index, &ref);
    b->table_ref = ref;
    /* PostgreSQL's COALESCE of a FULL JOIN's merged column has no location */
    bool dependent = false;
    if (b->agg_mode && fd_grouped_column(b, e, &dependent))
        return NULL;
    if (b->agg_mode && !dependent && note_grouping_error(b, e && e->kind == EXPR_CASE ? -1 : a->location, col))
        return NULL;
    return e;
}

ss_expr *bind_param(binder *b, const ast_expr *a)
{
    if (a->ival < 1 || a->ival > 65535) {
        bind_error(b, a->location, "42P02", "there is no parameter $%lld", (long long)a->ival);
        return NULL;
    }
    uint32_t idx = (uint32_t)a->ival - 1;
    if (idx >= b->nparams) {
        if ((b->nfixed && !b->params_extend) || b->no_params) {
            bind_error(b, a->location, "42P02", "there is no parameter $%lld", (long long)a->ival);
            return NULL;
        }
        if (idx >= b->cap_params) {
            uint32_t cap = idx + 8 > b->cap_params * 2 ? idx + 8 : b->cap_params * 2; /* amortised */
            ss_type *p = bind_alloc(b, cap * sizeof *p);
            if (!p)
                return NULL;
            if (b->nparams)
                memcpy(p, b->param_types, b->nparams * sizeof *p);
            b->param_types = p;
            b->cap_params = cap;
        }
        for (uint32_t i = b->nparams; i <= idx; i++)
            b->param_types[i] = type_of(SS_TYPE_UNKNOWN);
        b->nparams = idx + 1;
    }
    ss_expr *e = new_expr(b, EXPR_PARAM, b->param_types[idx]);
    if (!e)
        return NULL;
    e->u.param.index = idx;
    if (b->nparam_nodes == b->cap_param_nodes) {
        uint32_t cap = b->cap_param_nodes ? b->cap_param_nodes * 2 : 8;
        ss_expr **p = bind_alloc(b, cap * sizeof *p);
        uint32_t *prev = bind_alloc(b, cap * sizeof *prev);
        if (!p || !prev)
            return NULL;
        if (b->nparam_nodes) {
            memcpy(p, b->param_nodes, b->nparam_nodes * sizeof *p);
            memcpy(prev, b->param_prev, b->nparam_nodes * sizeof *prev);
        }
        b->param_nodes = p;
        b->param_prev = prev;
        b->cap_param_nodes = cap;
    }
    if (idx >= b->cap_param_last) {
        uint32_t cap = b->cap_params > idx ? b->cap_params : idx + 8;
        uint32_t *last = bind_alloc(b, cap * sizeof *last);
        if (!last)
            return NULL;
        if (b->cap_param_last)
            memcpy(last, b->param_last, b->cap_param_last * sizeof *last);
        b->param_last = last;
        b->cap_param_last = cap;
    }
    b->param_prev[b->nparam_nodes] = b->param_last[idx];
    b->param_nodes[b->nparam_nodes++] = e;
    b->param_last[idx] = b->nparam_nodes;
    return e;
}

ss_expr *numeric_unsupported(binder *b, const char *func, int location)
{
    bind_error(b, location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
               "feature not supported: function %s(numeric)", func);
    ss_ctx_error_hint(b->ctx, "Cast the argument to double precision for the float8 function.");
    return NULL;
}
