/* bind_agg.c — aggregates (PostgreSQL's parse_agg): aggregate calls collected into the
 * query's aggregate node, expressions matched against GROUP BY items, and the grouping
 * errors raised once all outputs are bound. */
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"

int note_grouping_error(binder *b, int location, const char *column)
{
    int k = b->in_having ? 1 : 0;
    if (b->grouping_msg[k])
        return SS_OK;
    b->grouping_loc[k] = location;
    b->grouping_msg[k] = ss_arena_printf(b->arena, "column \"%s.%s\" must appear in the GROUP BY clause or be "
                                         "used in an aggregate function", b->table_ref, column);
    if (!b->grouping_msg[k])
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

int raise_grouping_error(binder *b)
{
    for (int k = 0; k < 2; k++)
        if (b->grouping_msg[k])
            return bind_error(b, b->grouping_loc[k], SS_SQLSTATE_GROUPING_ERROR, "%s", b->grouping_msg[k]);
    return SS_OK;
}

bool is_aggregate_name(const ast_expr *e)
{
    if (e->kind != AE_FUNC || e->nnames != 1)
        return false;
    const char *n = e->names[0];
    return !strcmp(n, "count") || !strcmp(n, "sum") || !strcmp(n, "min") || !strcmp(n, "max") ||
           !strcmp(n, "avg");
}

bool ast_has_aggregate(const ast_expr *e)
{
    return ast_any(e, is_aggregate_name);
}

/* Aggregate call: bind the argument over the input, pick the result type (PostgreSQL's
 * rules), and return a reference to the aggregate's output column. */
ss_expr *bind_aggregate(binder *b, const ast_expr *a)
{
    const char *name = a->names[0];
    if (!b->agg) {
        bind_error(b, a->location, SS_SQLSTATE_GROUPING_ERROR, "aggregate functions are not allowed in %s",
                   b->no_agg_context ? b->no_agg_context : "this context");
        return NULL;
    }
    if (!b->agg_mode) {
        bind_error(b, a->location, SS_SQLSTATE_GROUPING_ERROR, "aggregate function calls cannot be nested");
        return NULL;
    }
    ss_agg_call call;
    memset(&call, 0, sizeof call);
    call.name = name;
    call.distinct = a->distinct;
    if (a->star) {
        if (strcmp(name, "count") != 0 || a->nargs) {
            /* PostgreSQL reads f(*) as f() */
            return no_such_function(b, a->location, name, "");
        }
        call.result_type = type_of(SS_TYPE_INT8);
    } else {
        if (a->nargs == 0 && strcmp(name, "count") == 0) {
            bind_error(b, a->location, "42809",
                       "count(*) must be used to call a parameterless aggregate function");
            return NULL;
        }
        if (a->nargs != 1) {
            char sig[512] = "";
            size_t off = 0;
            b->agg_mode = false;
            for (uint32_t i = 0; i < a->nargs && off < sizeof sig; i++) {
                ss_expr *arg = bind_expr(b, a->args[i]);
                if (!arg)
                    return NULL;
                char b1[96];
                off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                        tname(type_of(arg->type.id), b1, sizeof b1));
            }
            b->agg_mode = true;
            return no_such_function(b, a->location, name, sig);
        }
        b->agg_mode = false;
        uint32_t own = b->own_col_refs, outer = b->outer_col_refs;
        ss_expr *arg = bind_expr(b, a->args[0]);
        b->agg_mode = true;
        if (!arg)
            return NULL;
        if (b->outer_col_refs != outer && b->own_col_refs == own) {
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "feature not supported: aggregate functions of outer-query columns in a subquery");
            return NULL;
        }
        if (strcmp(name, "count") != 0 && is_numeric_valued(b, NULL, arg))
            return numeric_unsupported(b, a->args[0]->location);
        /* sum/avg have only numeric candidates, so PostgreSQL cannot pick one for an untyped
           literal; min/max settle on text */
        if ((!strcmp(name, "sum") || !strcmp(name, "avg")) && is_unknown_const(arg)) {
            bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function %s(unknown) is not unique", name);
            ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add explicit "
                                      "type casts.");
            return NULL;
        }
        arg = resolve_unknown(b, arg, a->args[0]->location);
        if (!arg)
            return NULL;
        int32_t t = arg->type.id;
        char b1[96];
        if (!strcmp(name, "count")) {
            call.result_type = type_of(SS_TYPE_INT8);
        } else if (!strcmp(name, "sum")) {
            if (t == SS_TYPE_INT2 || t == SS_TYPE_INT4)
                call.result_type = type_of(SS_TYPE_INT8);
            else if (t == SS_TYPE_FLOAT8)
                call.result_type = type_of(SS_TYPE_FLOAT8);
            else if (t == SS_TYPE_INT8) {
                bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                           "feature not supported: sum(bigint) returns numeric, which Sunstone does not have yet");
                return NULL;
            } else {
                return no_such_function(b, a->location, "sum", tname(arg->type, b1, sizeof b1));
            }
        } else if (!strcmp(name, "avg")) {
            if (t == SS_TYPE_FLOAT8)
                call.result_type = type_of(SS_TYPE_FLOAT8);
            else if (ss_type_is_integer(t)) {
                bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                           "feature not supported: avg(%s) returns numeric, which Sunstone does not have yet",
                           tname(arg->type, b1, sizeof b1));
                ss_ctx_error_hint(b->ctx, "Use avg(x::float8).");
                return NULL;
            } else {
                return no_such_function(b, a->location, "avg", tname(arg->type, b1, sizeof b1));
            }
        } else {
            /* min / max: every type Sunstone has is ordered; varchar results are text */
            call.result_type = t == SS_TYPE_VARCHAR ? type_of(SS_TYPE_TEXT) : arg->type;
            if (t == SS_TYPE_BOOL)
                return no_such_function(b, a->location, name, "boolean");
        }
        call.arg = arg;
    }
    agg_state *st = b->agg;
    for (uint32_t i = 0; i < st->naggs; i++) {
        ss_agg_call *c = &st->aggs[i];
        if (!strcmp(c->name, call.name) && c->distinct == call.distinct &&
            ((!c->arg && !call.arg) || (c->arg && call.arg && expr_equal(c->arg, call.arg))))
            return make_column(b, st->rel, st->ngroups + i, c->result_type);
    }
    if (st->naggs == st->cap_aggs) {
        uint32_t cap = st->cap_aggs ? st->cap_aggs * 2 : 8;
        ss_agg_call *p = bind_alloc(b, cap * sizeof *p);
        if (!p)
            return NULL;
        if (st->naggs)
            memcpy(p, st->aggs, st->naggs * sizeof *p);
        st->aggs = p;
        st->cap_aggs = cap;
    }
    st->aggs[st->naggs] = call;
    return make_column(b, st->rel, st->ngroups + st->naggs++, call.result_type);
}

/* In an aggregate query's output, an expression equal to a GROUP BY expression becomes a
 * reference to that group column. */
ss_expr *match_group(binder *b, const ast_expr *a)
{
    if (!b->agg_mode || ast_has_aggregate(a) || a->kind == AE_STAR || a->kind == AE_SUBLINK)
        return NULL;
    b->agg_mode = false;
    ss_error *saved = b->ctx->err;
    ss_error scratch;
    memset(&scratch, 0, sizeof scratch);
    ss_error_clear(&scratch);
    b->ctx->err = &scratch; /* a failed try is not an error: binding continues below */
    ss_expr *e = bind_expr(b, a);
    b->ctx->err = saved;
    ss_error_clear(&scratch);
    b->agg_mode = true;
    if (!e)
        return NULL;
    /* PostgreSQL matches before folding: an expression folded to a constant (b AND false)
       is the group only when written the same way */
    for (uint32_t i = 0; i < b->agg->ngroups; i++)
        if (e->kind == EXPR_CONST ? ast_equal(a, b->agg->group_asts[i]) : expr_equal(e, b->agg->groups[i]))
            return make_column(b, b->agg->rel, i, b->agg->groups[i]->type);
    return NULL;
}
