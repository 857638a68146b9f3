/* bind_agg.c — aggregates (PostgreSQL's parse_agg): aggregate calls collected into the
 * query's aggregate node (with FILTER, ORDER BY and extra arguments in a parallel
 * ss_agg_extra array), expressions matched against GROUP BY items, and the grouping
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
    if (b->in_direct_args && b->in_outer_level_agg) /* as the subquery sees its outer query's column */
        b->grouping_msg[k] = ss_arena_printf(b->arena, "subquery uses ungrouped column \"%s.%s\" from outer query",
                                             b->table_ref, column);
    else
        b->grouping_msg[k] = ss_arena_printf(b->arena, "column \"%s.%s\" must appear in the GROUP BY clause or be "
                                             "used in an aggregate function%s", b->table_ref, column,
                                             b->in_direct_args ? "\001Direct arguments of an ordered-set aggregate "
                                                                 "must use only grouped columns." : "");
    if (!b->grouping_msg[k])
        return ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return SS_OK;
}

int raise_grouping_error(binder *b)
{
    for (int k = 0; k < 2; k++)
        if (b->grouping_msg[k]) {
            const char *msg = b->grouping_msg[k], *detail = strchr(msg, '\x01');
            bind_error(b, b->grouping_loc[k], SS_SQLSTATE_GROUPING_ERROR, "%.*s",
                       (int)(detail ? (size_t)(detail - msg) : strlen(msg)), msg);
            if (detail)
                ss_ctx_error_detail(b->ctx, "%s", detail + 1);
            return SS_ERROR;
        }
    return SS_OK;
}

bool is_aggregate_name(const ast_expr *e)
{
    if (e->kind == AE_GROUPING_FUNC)
        return true; /* GROUPING(...) makes a query an aggregate one, as an aggregate does */
    if (e->kind != AE_FUNC || e->nnames != 1 || e->over)
        return false;
    static const char *const names[] = {"count", "sum", "min", "max", "avg", "string_agg", "bool_and", "bool_or",
                                        "every", "array_agg", "json_agg", "jsonb_agg", "json_object_agg",
                                        "jsonb_object_agg", "range_agg", "range_intersect_agg"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(e->names[0], names[i]))
            return true;
    return bind_find_plugin_aggregate(e->names[0]) != NULL;
}

bool ast_has_aggregate(const ast_expr *e)
{
    return ast_any(e, is_aggregate_name);
}

bool ast_has_own_aggregate(const binder *b, const ast_expr *e)
{
    if (!e)
        return false;
    if (is_aggregate_name(e))
        return bind_aggregate_level(b, e) == 0; /* an outer query's holds none of this one's */
    if (ast_has_own_aggregate(b, e->left) || ast_has_own_aggregate(b, e->right) || ast_has_own_aggregate(b, e->arg) ||
        ast_has_own_aggregate(b, e->els))
        return true;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (ast_has_own_aggregate(b, e->args[i]))
            return true;
    for (uint32_t i = 0; i < e->nwhens; i++)
        if (ast_has_own_aggregate(b, e->whens[i]) || ast_has_own_aggregate(b, e->thens[i]))
            return true;
    return false;
}

/* f(args) that matches no aggregate: PostgreSQL's 42883 naming the argument types. */
static ss_expr *no_such_aggregate(binder *b, const ast_expr *a)
{
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
    return no_such_function(b, a->location, a->names[0], sig);
}

/* Argument i of a over the aggregate's input (nested aggregates refused).  An argument that
 * reads outer-query columns and none of its own query's only through a subquery of its own
 * would make the aggregate the outer query's (bind_aggregate_level finds the other
 * outer-level aggregates): refused. */
static ss_expr *bind_agg_arg(binder *b, const ast_expr *a)
{
    if (b->win && b->win->in_window_agg)
        return bind_window_agg_arg(b, a, false);
    uint32_t own = b->own_col_refs, outer = b->outer_col_refs;
    b->agg_mode = false;
    if (b->win)
        b->win->agg_arg_depth++;
    ss_expr *e = bind_expr(b, a);
    if (b->win)
        b->win->agg_arg_depth--;
    b->agg_mode = true;
    if (e && ((b->outer_col_refs != outer && b->own_col_refs == own) || bind_agg_arg_outer_only(b, e))) {
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: aggregate functions of outer-query columns in a subquery");
        return NULL;
    }
    return e;
}

/* string_agg(text, text) / (bytea, bytea) and bool_and / bool_or / every(boolean): the
 * arguments coerced to the signature (the first argument's, for string_agg), or 42883. */
static int bind_typed_args(binder *b, const ast_expr *a, ss_type want, uint32_t nargs, ss_expr **args)
{
    if (a->nargs != nargs) {
        no_such_aggregate(b, a);
        return SS_ERROR;
    }
    for (uint32_t i = 0; i < nargs; i++) {
        if (!(args[i] = bind_agg_arg(b, a->args[i])))
            return SS_ERROR;
        int32_t t = args[i]->type.id;
        if (i == 0 && nargs == 2 && want.id == SS_TYPE_TEXT && t == SS_TYPE_BYTEA)
            want = type_of(SS_TYPE_BYTEA); /* string_agg(bytea, bytea) */
        bool ok = t == want.id || is_unknown_const(args[i]) || is_unknown_param(b, args[i]) ||
                  (want.id == SS_TYPE_TEXT && (t == SS_TYPE_VARCHAR || t == SS_TYPE_BPCHAR));
        if (!ok) {
            no_such_aggregate(b, a);
            return SS_ERROR;
        }
    }
    for (uint32_t i = 0; i < nargs; i++)
        if (!(args[i] = coerce_expr(b, args[i], want, CAST_IMPLICIT, a->args[i]->location)))
            return SS_ERROR;
    return SS_OK;
}

/* FILTER (WHERE ...) and ORDER BY inside the call, over the aggregate's input.  With
 * DISTINCT every ORDER BY expression must be an argument (42P10). */
static int bind_agg_extra(binder *b, const ast_expr *a, ss_agg_call *call, ss_expr **more, uint32_t nmore,
                          ss_expr *const *dargs, uint32_t ndargs, ss_agg_extra **out)
{
    *out = NULL;
    if (!nmore && !a->filter && !a->nagg_order)
        return SS_OK;
    ss_agg_extra *x = bind_alloc(b, sizeof *x);
    if (!x)
        return SS_ERROR;
    memset(x, 0, sizeof *x);
    x->struct_size = sizeof *x;
    x->nargs = nmore;
    x->args = (const ss_expr *const *)more;
    if (a->nagg_order) {
        ss_expr **order = bind_alloc(b, sizeof(ss_expr *) * a->nagg_order);
        ss_sort_key *keys = bind_alloc(b, sizeof(ss_sort_key) * a->nagg_order);
        if (!order || !keys)
            return SS_ERROR;
        for (uint32_t i = 0; i < a->nagg_order; i++) {
            const ast_sort_item *it = &a->agg_order[i];
            ss_expr *e = bind_agg_arg(b, it->expr);
            if (!e || !(e = resolve_unknown(b, e, it->expr->location)) ||
                bind_check_ordering(b, e->type, expr_location(it->expr)))
                return SS_ERROR;
            if (call->distinct) {
                /* the arguments as written (dargs: the json aggregates' before their JSON text) */
                bool found = !dargs && call->arg && expr_equal(call->arg, e);
                for (uint32_t k = 0; !found && k < (dargs ? ndargs : nmore); k++)
                    found = expr_equal(dargs ? dargs[k] : more[k], e);
                if (!found)
                    return bind_error(b, expr_location(it->expr), "42P10",
                                      "in an aggregate with DISTINCT, ORDER BY expressions must appear in argument list");
            }
            order[i] = e;
            keys[i] = (ss_sort_key){.column = i,
                                    .descending = it->descending,
                                    .nulls_first = it->nulls ? it->nulls == 1 : it->descending};
        }
        x->norder = a->nagg_order;
        x->order = (const ss_expr *const *)order;
        x->order_keys = keys;
    }
    if (a->filter && b->win && b->win->in_window_agg) {
        if (!(x->filter = bind_window_agg_arg(b, a->filter, true)))
            return SS_ERROR;
    } else if (a->filter) {
        agg_state *saved = b->agg;
        const char *saved_context = b->no_agg_context;
        b->agg = NULL;
        b->agg_mode = false;
        b->no_agg_context = "FILTER";
        x->filter = bind_bool_expr(b, a->filter, "FILTER");
        b->agg = saved;
        b->agg_mode = true;
        b->no_agg_context = saved_context;
        if (!x->filter)
            return SS_ERROR;
    }
    *out = x;
    return SS_OK;
}

/* Whether a call's extra data is at most its registered aggregate (no FILTER, ORDER BY, more
 * arguments or direct arguments): equal such calls share one aggregate column. */
static bool plain_extra(const ss_agg_extra *x)
{
    return !x || (!x->filter && !x->norder && !x->nargs && !x->ndirect);
}

/* PostgreSQL's candidates for the kernel-named aggregates the registered ones cannot tell
 * apart from their argument types alone: bool_and / bool_or / every take an untyped literal
 * as boolean, sum / avg of an untyped literal are ambiguous
 * (42725: only numeric candidates), and min / max have no version for the types the
 * binder's type rules mark (bytea, uuid, json, ...: 42883). */
static bool pg_builtin_agg_refuses(binder *b, const ast_expr *a, ss_expr **args)
{
    const char *name = a->names[0];
    if (a->nargs != 1)
        return false;
    if ((!strcmp(name, "bool_and") || !strcmp(name, "bool_or") || !strcmp(name, "every")) &&
        (is_unknown_const(args[0]) || is_unknown_param(b, args[0]))) {
        /* the one candidate takes boolean: an untyped literal or parameter is one */
        return !(args[0] = coerce_expr(b, args[0], type_of(SS_TYPE_BOOL), CAST_IMPLICIT, a->args[0]->location));
    }
    if ((!strcmp(name, "sum") || !strcmp(name, "avg")) && is_unknown_const(args[0])) {
        bind_error(b, a->location, SS_SQLSTATE_AMBIGUOUS_FUNCTION, "function %s(unknown) is not unique", name);
        ss_ctx_error_hint(b->ctx, "Could not choose a best candidate function. You might need to add explicit "
                                  "type casts.");
        return true;
    }
    if ((!strcmp(name, "min") || !strcmp(name, "max")) && args[0]->type.id == SS_TYPE_NAME)
        /* no min(name): PostgreSQL takes min(text) through name's implicit cast */
        return !(args[0] = coerce_expr(b, args[0], type_of(SS_TYPE_TEXT), CAST_IMPLICIT, a->args[0]->location));
    if ((!strcmp(name, "min") || !strcmp(name, "max")) && !is_unknown_const(args[0]) &&
        !bind_type_has_minmax(args[0]->type)) {
        char b1[96];
        no_such_function(b, a->location, name, tname(args[0]->type, b1, sizeof b1));
        return true;
    }
    return false;
}

/* Aggregate call: bind the arguments over the input, pick the result type (PostgreSQL's
 * rules), and return a reference to the aggregate's output column. */
ss_expr *bind_aggregate(binder *b, const ast_expr *a)
{
    const char *name = a->names[0];
    /* a window aggregate (OVER) is always its own query's */
    uint32_t level = b->win && b->win->in_window_agg ? 0 : bind_aggregate_level(b, a);
    if (level)
        return bind_outer_aggregate(b, a, level);
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
    ss_expr **more = NULL, **dargs = NULL;
    uint32_t nmore = 0, ndargs = 0;
    const struct ss_func_def *json_result = NULL;
    /* count / sum / avg / min / max are registered aggregates too (the aggregate operator
       module's, operators/aggregate/agg_builtin.c): their result types are theirs */
    /* string_agg / array_agg and the json aggregates are registered too
       (operators/aggregate/agg_builtin_collect.c, agg_builtin_json.c) but keep PostgreSQL's
       signature rules below (untyped literals, bytea, varchar, the JSON text wrappers); the
       call then names their vtable (with OVER too: the window operator runs it) */
    bool kernel_typed = !strcmp(name, "string_agg") || !strcmp(name, "array_agg") || is_json_aggregate(name);
    const ss_aggregate_vtable *plugin = kernel_typed ? NULL : bind_find_plugin_aggregate(name);
    const ss_aggregate_vtable *typed_fn = kernel_typed ? bind_find_plugin_aggregate(name) : NULL;
    if (typed_fn && typed_fn->ordered_set)
        typed_fn = NULL;
    ss_expr **direct = NULL;
    uint32_t ndirect = 0;
    bool direct_per_group = false;
    bool ordered_set = plugin && plugin->ordered_set;
    bool hypothetical = bind_agg_is_hypothetical(plugin);
    ss_expr **hypothetical_keys = NULL;
    if (a->within_group && a->star) {
        bind_error(b, a->location, "42809", "%s is not an ordered-set aggregate, so it cannot have WITHIN GROUP",
                   name);
        return NULL;
    }
    if (hypothetical && !a->within_group) {
        /* PostgreSQL's hypothetical-set aggregates take any arguments ("any" variadic) */
        bind_error(b, a->location, "42809", "WITHIN GROUP is required for ordered-set aggregate %s", name);
        return NULL;
    }
    if (a->within_group != ordered_set)
        return bind_no_such_within_group(b, a); /* PostgreSQL's signature with both lists */
    if (a->star) {
        if (strcmp(name, "count") != 0 || a->nargs || !plugin) {
            /* PostgreSQL reads f(*) as f() */
            return no_such_function(b, a->location, name, "");
        }
        call.result_type = type_of(SS_TYPE_INT8); /* count(*): the count aggregate without an argument */
    } else if (hypothetical) {
        ss_expr **keys;
        if (bind_hypothetical_call(b, a, plugin, &call, &direct, &keys, &ndirect, &direct_per_group))
            return NULL;
        more = keys + 1;
        nmore = ndirect - 1;
        hypothetical_keys = keys;
    } else if (ordered_set) {
        if (bind_ordered_set_call(b, a, plugin, &call, &direct, &ndirect, &direct_per_group))
            return NULL;
    } else if (plugin) {
        if (a->nargs == 0 && strcmp(name, "count") == 0) {
            bind_error(b, a->location, "42809", "count(*) must be used to call a parameterless aggregate function");
            return NULL;
        }
        ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (a->nargs ? a->nargs : 1));
        if (!args)
            return NULL;
        for (uint32_t i = 0; i < a->nargs; i++)
            if (!(args[i] = bind_agg_arg(b, a->args[i])))
                return NULL;
        if (pg_builtin_agg_refuses(b, a, args))
            return NULL;
        if (bind_plugin_aggregate_call(b, a, plugin, args, &call))
            return NULL;
        more = args + 1;
        nmore = a->nargs - 1;
    } else if (is_json_aggregate(name) && !a->star) {
        uint32_t want = strstr(name, "object") ? 2 : 1;
        if (a->nargs != want)
            return no_such_aggregate(b, a);
        ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * want);
        if (!args)
            return NULL;
        ss_expr *row_json = NULL;
        for (uint32_t i = 0; i < want; i++) {
            if (want == 1 && bind_is_whole_row(b, a->args[i])) { /* json_agg(t): each row's object */
                ss_expr *j = bind_whole_row_json(b, a->args[i], name[4] == 'b', bind_agg_arg);
                if (!j)
                    return NULL;
                /* DISTINCT compares the row's record, not its JSON */
                if (a->distinct && !(args[i] = bind_agg_arg(b, a->args[i])))
                    return NULL;
                if (a->distinct)
                    row_json = j;
                else
                    args[i] = j;
                continue;
            }
            if (!(args[i] = bind_agg_arg(b, a->args[i])))
                return NULL;
        }
        if (bind_json_agg(b, a, args, row_json, &call, &more, &nmore, &json_result, &dargs, &ndargs))
            return NULL;
    } else if (is_range_aggregate(name) && !a->star) {
        if (a->nargs != 1)
            return no_such_aggregate(b, a);
        ss_expr *arg = bind_agg_arg(b, a->args[0]);
        if (!arg || bind_range_agg(b, a, arg, &call, &json_result))
            return NULL;
        typed_fn = bind_find_plugin_aggregate("array_agg"); /* under the result's final function */
    } else if (!strcmp(name, "string_agg")) {
        ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * 2);
        if (!args || bind_typed_args(b, a, type_of(SS_TYPE_TEXT), 2, args))
            return NULL;
        call.arg = args[0];
        more = args + 1;
        nmore = 1;
        call.result_type = type_of(args[0]->type.id == SS_TYPE_BYTEA ? SS_TYPE_BYTEA : SS_TYPE_TEXT);
    } else if (!strcmp(name, "array_agg")) {
        if (a->nargs != 1)
            return no_such_aggregate(b, a);
        ss_expr *arg = bind_agg_arg(b, a->args[0]);
        if (!arg)
            return NULL;
        if (is_unknown_const(arg)) {
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
        /* anynonarray -> anyarray; an array -> the same array type, one dimension up */
        call.result_type = type_of(ss_type_is_array(t) ? t : ss_type_array_of(t));
        if (t == SS_TYPE_RECORD || t == SS_TYPE_RECORD_ARRAY)
            call.result_type.typmod = arg->type.typmod; /* a row type's array: t[] */
        if (call.result_type.id == SS_TYPE_INVALID)
            return no_such_function(b, a->location, name, tname(type_of(t), b1, sizeof b1));
        call.arg = arg;
    } else {
        /* count / sum / avg / min / max / bool_and / bool_or / every without the module that registers them */
        bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                   "feature not supported: aggregate %s (no loaded module registers it)", name);
        return NULL;
    }
    ss_agg_extra *extra;
    if (bind_agg_extra(b, a, &call, more, nmore, dargs, ndargs, &extra))
        return NULL;
    if (hypothetical_keys && extra)
        extra->order = (const ss_expr *const *)hypothetical_keys; /* sorted as compared: in their common types */
    if (!plugin)
        plugin = typed_fn;
    if (plugin) {
        if (!extra && !(extra = bind_alloc(b, sizeof *extra)))
            return NULL;
        if (!extra->struct_size) {
            memset(extra, 0, sizeof *extra);
            extra->struct_size = sizeof *extra;
        }
        extra->function = plugin;
        extra->ndirect = ndirect;
        extra->direct = (const ss_expr *const *)direct;
        extra->direct_per_group = direct_per_group;
    }
    agg_state *st = b->agg;
    for (uint32_t i = 0; plain_extra(extra) && i < st->naggs; i++) {
        ss_agg_call *c = &st->aggs[i];
        if (plain_extra(st->extras[i]) && (extra ? extra->function : NULL) ==
                                              (st->extras[i] ? st->extras[i]->function : NULL) &&
            !strcmp(c->name, call.name) && c->distinct == call.distinct &&
            ((!c->arg && !call.arg) || (c->arg && call.arg && expr_equal(c->arg, call.arg))))
            return json_agg_result(b, json_result, make_column(b, st->rel, st->ngroups + i, c->result_type));
    }
    uint32_t index;
    if (add_agg_call(b, st, &call, extra, &index))
        return NULL;
    return json_agg_result(b, json_result, make_column(b, st->rel, st->ngroups + index, call.result_type));
}

int add_agg_call(binder *b, agg_state *st, const ss_agg_call *call, ss_agg_extra *extra, uint32_t *index)
{
    if (st->naggs == st->cap_aggs) {
        uint32_t cap = st->cap_aggs ? st->cap_aggs * 2 : 8;
        ss_agg_call *p = bind_alloc(b, cap * sizeof *p);
        ss_agg_extra **x = bind_alloc(b, cap * sizeof *x);
        if (!p || !x)
            return SS_ERROR;
        if (st->naggs) {
            memcpy(p, st->aggs, st->naggs * sizeof *p);
            memcpy(x, st->extras, st->naggs * sizeof *x);
        }
        st->aggs = p;
        st->extras = x;
        st->cap_aggs = cap;
    }
    st->aggs[st->naggs] = *call;
    st->extras[st->naggs] = extra;
    st->any_extra |= extra != NULL;
    *index = st->naggs++;
    return SS_OK;
}

/* In an aggregate query's output, an expression equal to a GROUP BY expression becomes a
 * reference to that group column. */
ss_expr *match_group(binder *b, const ast_expr *a)
{
    if (!b->agg_mode || ast_has_aggregate(a) || a->kind == AE_STAR || ast_has_window(a))
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
    /* a constant written without any column is the same value in every group: it stays a
       constant, so that folding goes on above it as PostgreSQL's planner folds the HAVING
       before matching it to the grouping (count(*) > NULL::int with GROUP BY NULL::int); not
       under grouping sets, where a set without it shows it NULL */
    if (e->kind == EXPR_CONST && !b->agg->has_sets && !ast_any(a, ast_reads_input))
        return NULL;
    /* PostgreSQL matches before folding: an expression folded to a constant (b AND false)
       is the group only when written the same way */
    for (uint32_t i = 0; i < b->agg->ngroups; i++)
        if (e->kind == EXPR_CONST ? ast_equal(a, b->agg->group_asts[i])
                                  : expr_equal(e, b->agg->groups[i]) && unfolded_agree(a, b->agg->group_asts[i]))
            return make_column(b, b->agg->rel, i, b->agg->groups[i]->type);
    return NULL;
}
