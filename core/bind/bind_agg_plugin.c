/* bind_agg_plugin.c — aggregates registered by modules (plugins of kind aggregate,
 * sunstone/aggregate.h): finding one by name in the registry of the database being bound,
 * and binding a call of one (argument count, argument types, result type from the
 * aggregate's own result_type callback). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"
#include "exec/expr_walk.h"
#include "types/func_volatility.h"
#include "loader/registry.h"
#include "sunstone/window.h"
#include "types/registry.h"

/* The registry of the statement being bound on this thread: is_aggregate_name is a plain
 * predicate over AST nodes (ast_any), so it reaches the registry here. */
static _Thread_local const ss_registry *bind_registry;

void bind_agg_registry_use(const struct ss_registry *r)
{
    bind_registry = r;
}

const ss_aggregate_vtable *bind_find_plugin_aggregate(const char *name)
{
    if (!bind_registry || !name)
        return NULL;
    const ss_registration *reg = ss_registry_find(bind_registry, SS_KIND_AGGREGATE, name);
    return reg ? reg->vtable : NULL;
}

const ss_window_vtable *bind_find_plugin_window(const char *name)
{
    if (!bind_registry || !name)
        return NULL;
    const ss_registration *reg = ss_registry_find(bind_registry, SS_KIND_WINDOW, name);
    return reg ? reg->vtable : NULL;
}

int bind_plugin_aggregate_call(binder *b, const ast_expr *a, const ss_aggregate_vtable *vt, ss_expr **args,
                               ss_agg_call *call)
{
    uint32_t n = a->nargs;
    ss_type types[16];
    char sig[512] = "";
    size_t off = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!(args[i] = resolve_unknown(b, args[i], a->args[i]->location)))
            return SS_ERROR;
        char b1[96];
        if (i < sizeof types / sizeof types[0])
            types[i] = args[i]->type;
        if (off < sizeof sig)
            off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "",
                                    tname(args[i]->type, b1, sizeof b1));
    }
    if (n < vt->min_args || n > vt->max_args || n > sizeof types / sizeof types[0]) {
        no_such_function(b, a->location, a->names[0], sig);
        return SS_ERROR;
    }
    ss_type out;
    memset(&out, 0, sizeof out);
    if (vt->result_type(b->ctx, types, n, &out)) {
        /* an error the aggregate recorded (0A000 for a signature it does not implement)
           stands; none: no such signature, the kernel's 42883 with position and HINT */
        if (b->ctx->err && b->ctx->err->message) {
            if (!b->ctx->err->position)
                ss_ctx_error_position(b->ctx, a->location + 1);
            return SS_ERROR;
        }
        no_such_function(b, a->location, a->names[0], sig);
        return SS_ERROR;
    }
    if (out.id == SS_TYPE_INVALID || out.id == SS_TYPE_UNKNOWN || !ss_type_registry_get(out.id))
        return bind_error(b, a->location, SS_SQLSTATE_PLUGIN_ERROR,
                          "aggregate \"%s\" returned no result type for %s(%s)", vt->name, a->names[0], sig);
    for (uint32_t i = 0; i < n; i++)
        if (types[i].id != args[i]->type.id &&
            !(args[i] = coerce_expr(b, args[i], types[i], CAST_IMPLICIT, a->args[i]->location)))
            return SS_ERROR;
    call->arg = args[0];
    call->result_type = out;
    return SS_OK;
}

/* "f(direct types, WITHIN GROUP types)": PostgreSQL's 42883 for a WITHIN GROUP call that
 * matches no ordered-set aggregate, argument types as written (unknown literals stay
 * unknown). */
/* The argument types of a WITHIN GROUP call as written, direct then aggregated ones, into sig;
 * false on an error binding one. */
static bool within_group_signature(binder *b, const ast_expr *a, char *sig, size_t size)
{
    size_t off = 0;
    bool saved = b->agg_mode;
    sig[0] = 0;
    b->agg_mode = false;
    for (uint32_t i = 0; i < a->nargs + a->nagg_order && off < size; i++) {
        const ast_expr *x = i < a->nargs ? a->args[i] : a->agg_order[i - a->nargs].expr;
        ss_expr *e = bind_expr(b, x);
        if (!e) {
            b->agg_mode = saved;
            return false;
        }
        char b1[96];
        off += (size_t)snprintf(sig + off, size - off, "%s%s", i ? ", " : "", tname(e->type, b1, sizeof b1));
    }
    b->agg_mode = saved;
    return true;
}

ss_expr *bind_no_such_within_group(binder *b, const ast_expr *a)
{
    char sig[512];
    if (!within_group_signature(b, a, sig, sizeof sig))
        return NULL;
    return no_such_function(b, a->location, a->names[a->nnames - 1], sig);
}

ss_expr *bind_within_group_unregistered(binder *b, const ast_expr *a)
{
    /* PostgreSQL 15's ordered-set and hypothetical-set aggregates */
    static const char *const pg[] = {"percentile_cont", "percentile_disc", "mode",     "rank",
                                     "dense_rank",      "percent_rank",    "cume_dist"};
    const char *name = a->names[a->nnames - 1];
    for (size_t i = 0; i < sizeof pg / sizeof pg[0]; i++)
        if (!strcmp(name, pg[i])) {
            bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                       "feature not supported: %s(...) WITHIN GROUP", name);
            return NULL;
        }
    return bind_no_such_within_group(b, a);
}

/* Whether a direct argument of type t may be coerced to want: the same type, an untyped
 * literal, or a number for a number (PostgreSQL's implicit casts within the numeric
 * category). */
static bool number_type(int32_t t)
{
    return ss_type_is_integer(t) || t == SS_TYPE_NUMERIC || t == SS_TYPE_FLOAT4 || t == SS_TYPE_FLOAT8;
}

static bool direct_coercible(const ss_expr *e, ss_type want)
{
    int32_t t = e->type.id;
    if (t == want.id || is_unknown_const(e))
        return true;
    bool number = number_type(t);
    return number && (want.id == SS_TYPE_FLOAT8 || (want.id == SS_TYPE_NUMERIC && t != SS_TYPE_FLOAT8 &&
                                                    t != SS_TYPE_FLOAT4));
}

/* Whether e has one value per execution of the statement (constants, $n parameters and
 * non-volatile functions of them): the aggregate operator evaluates such a direct argument
 * once per scan; a column (of the query or an outer one), a subquery or a volatile function
 * makes it a direct argument per group (bind_direct_per_group). */
static int note_not_per_statement(const ss_expr *e, void *arg)
{
    bool bad = e->kind == EXPR_COLUMN || e->kind == EXPR_SUBLINK || e->kind == EXPR_SET_PARAM ||
               (e->kind == EXPR_PARAM && e->u.param.index >= SS_EXEC_PARAM_BASE) ||
               (e->kind == EXPR_FUNC && ss_func_volatility(e->u.func.def) == SS_VOLATILE);
    if (!bad)
        return SS_WALK_CONTINUE;
    *(bool *)arg = true;
    return SS_WALK_STOP;
}

static bool direct_argument_is_per_statement(const ss_expr *e)
{
    bool bad = false;
    return ss_expr_walk_const(e, note_not_per_statement, &bad, NULL) != SS_WALK_NOMEM && !bad;
}

/* The same for an array direct argument against an array of want (its elements coercible). */
static bool direct_coercible_array(const ss_expr *e, ss_type want)
{
    int32_t t = ss_type_element_of(e->type.id);
    return t == want.id || (number_type(t) && want.id == SS_TYPE_FLOAT8);
}

/* e over the aggregate's groups rewritten over its input: a group column of st's relation
 * becomes its GROUP BY expression, or, with a grouping set (set[0..nset), set NULL: every
 * group) that leaves the group out, a NULL of its type, as PostgreSQL sees it there; the
 * nodes on the path to a replaced one are copies, e itself stays. */
ss_expr *bind_direct_over_input(binder *b, const agg_state *st, const ss_expr *e, const uint32_t *set,
                                uint32_t nset)
{
    if (e->kind == EXPR_COLUMN && e->u.column.rel == st->rel && e->u.column.index < st->ngroups && st->groups) {
        uint32_t i = e->u.column.index;
        bool in = !set;
        for (uint32_t k = 0; !in && k < nset; k++)
            in = set[k] == i;
        return in ? st->groups[i] : make_null(b, e->type);
    }
    ss_expr *copy = NULL;
    for (uint32_t c = 0; c < ss_expr_nchildren(e); c++) {
        const ss_expr *child = ss_expr_child_const(e, c);
        if (!child)
            continue;
        ss_expr *r = bind_direct_over_input(b, st, child, set, nset);
        if (!r)
            return NULL;
        if (r == child)
            continue;
        if (!copy && !(copy = ss_expr_copy_node(b->arena, e))) {
            ss_ctx_error(b->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        *ss_expr_child(copy, c) = r;
    }
    return copy ? copy : (ss_expr *)e;
}

/* A direct argument with a value per group (PostgreSQL evaluates direct arguments once per
 * group, over its grouped columns): bound as an expression over the groups (an ungrouped
 * column is 42803 with PostgreSQL's DETAIL, raised with the query's other grouping errors),
 * coerced to want, then rewritten over the aggregate's input, where the aggregate operator
 * evaluates it at each group's first row; outer-query columns stay outer references. */
static ss_expr *bind_direct_per_group(binder *b, const ast_expr *x, ss_type want)
{
    bool saved_mode = b->agg_mode, saved_direct = b->in_direct_args;
    b->agg_mode = true;
    b->in_direct_args = true;
    ss_expr *e = bind_expr(b, x);
    b->agg_mode = saved_mode;
    b->in_direct_args = saved_direct;
    if (!e || !(e = coerce_expr(b, e, want, CAST_IMPLICIT, x->location)))
        return NULL;
    /* with GROUPING SETS each set's aggregate gets its own rewrite (bind_grouping_sets.c) */
    return b->agg->has_sets ? e : bind_direct_over_input(b, b->agg, e, NULL, 0);
}

/* vt's result type for a WITHIN GROUP call whose aggregated arguments have types[0..n) (which
 * result_type may change to what they are to be coerced to): the error the aggregate recorded,
 * else PostgreSQL's 42883; XX-class PLUGIN_ERROR for an aggregate that names no type. */
static int within_group_result_type(binder *b, const ast_expr *a, const ss_aggregate_vtable *vt, ss_type *types,
                                    uint32_t n, ss_type *out)
{
    char sig[512] = "";
    size_t off = 0;
    for (uint32_t i = 0; i < n && off < sizeof sig; i++) {
        char b1[96];
        off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s", i ? ", " : "", tname(types[i], b1, sizeof b1));
    }
    memset(out, 0, sizeof *out);
    if (vt->result_type(b->ctx, types, n, out)) {
        if (b->ctx->err && b->ctx->err->message) {
            if (!b->ctx->err->position)
                ss_ctx_error_position(b->ctx, a->location + 1);
            return SS_ERROR;
        }
        bind_no_such_within_group(b, a);
        return SS_ERROR;
    }
    if (out->id == SS_TYPE_INVALID || out->id == SS_TYPE_UNKNOWN || !ss_type_registry_get(out->id))
        return bind_error(b, a->location, SS_SQLSTATE_PLUGIN_ERROR,
                          "aggregate \"%s\" returned no result type for %s(%s)", vt->name, a->names[0], sig);
    return SS_OK;
}

int bind_ordered_set_call(binder *b, const ast_expr *a, const ss_aggregate_vtable *vt, ss_agg_call *call,
                          ss_expr ***direct, uint32_t *ndirect, bool *per_group)
{
    *per_group = false;
    if (a->nargs != vt->direct_args || a->nagg_order < vt->min_args || a->nagg_order > vt->max_args ||
        a->nagg_order > 16) {
        bind_no_such_within_group(b, a);
        return SS_ERROR;
    }
    ss_expr **d = bind_alloc(b, sizeof(ss_expr *) * (a->nargs ? a->nargs : 1));
    bool array = false;
    if (!d)
        return SS_ERROR;
    for (uint32_t i = 0; i < a->nargs; i++) {
        b->agg_mode = false;
        ss_expr *e = bind_expr(b, a->args[i]);
        b->agg_mode = true;
        if (!e)
            return SS_ERROR;
        ss_type want = vt->direct_type;
        if (ss_type_is_array(e->type.id) && vt->direct_array && a->nargs == 1) {
            /* percentile_cont(float8[]): several fractions, an array of results */
            if (!direct_coercible_array(e, vt->direct_type)) {
                bind_no_such_within_group(b, a);
                return SS_ERROR;
            }
            want = (ss_type){ss_type_array_of(vt->direct_type.id), -1};
            array = true;
        } else if (ss_type_is_array(e->type.id) || !direct_coercible(e, vt->direct_type)) {
            bind_no_such_within_group(b, a);
            return SS_ERROR;
        }
        if (!(e = coerce_expr(b, e, want, CAST_IMPLICIT, a->args[i]->location)))
            return SS_ERROR;
        if (!direct_argument_is_per_statement(e)) {
            if (!(e = bind_direct_per_group(b, a->args[i], want)))
                return SS_ERROR;
            *per_group = true;
        }
        d[i] = e;
    }
    ss_type types[16];
    ss_expr *first = NULL;
    int first_location = 0;
    for (uint32_t i = 0; i < a->nagg_order; i++) {
        b->agg_mode = false;
        ss_expr *e = bind_expr(b, a->agg_order[i].expr);
        b->agg_mode = true;
        if (!e || !(e = resolve_unknown(b, e, a->agg_order[i].expr->location)))
            return SS_ERROR;
        types[i] = e->type;
        if (!i) {
            first = e;
            first_location = a->agg_order[i].expr->location;
        }
    }
    ss_type out;
    if (within_group_result_type(b, a, vt, types, a->nagg_order, &out))
        return SS_ERROR;
    if (types[0].id != first->type.id && !(first = coerce_expr(b, first, types[0], CAST_IMPLICIT, first_location)))
        return SS_ERROR;
    if (array) {
        int32_t arr = ss_type_array_of(out.id);
        if (arr == SS_TYPE_INVALID)
            return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "feature not supported: %s with an array of fractions over %s", a->names[0],
                              tname(out, (char[96]){0}, 96));
        out = (ss_type){arr, -1};
    }
    call->arg = first;
    call->result_type = out;
    *direct = d;
    *ndirect = a->nargs;
    return SS_OK;
}

/* A hypothetical-set aggregate's call (PostgreSQL's rank(args) WITHIN GROUP (ORDER BY keys)):
 * as many direct arguments as keys (else 42883 with PostgreSQL's HINT), each direct argument
 * and its key coerced to their common type (unify_hypothetical_args: 42804 "WITHIN GROUP
 * types ... cannot be matched" at the direct argument), the keys as the call's arguments
 * (*keys, in order), the direct arguments as its hypothetical row. */
int bind_hypothetical_call(binder *b, const ast_expr *a, const ss_aggregate_vtable *vt, ss_agg_call *call,
                           ss_expr ***direct, ss_expr ***keys, uint32_t *n, bool *per_group)
{
    *per_group = false;
    const char *name = a->names[a->nnames - 1];
    if (a->nargs != a->nagg_order) {
        char sig[512];
        if (!within_group_signature(b, a, sig, sizeof sig))
            return SS_ERROR;
        bind_error(b, a->location, SS_SQLSTATE_UNDEFINED_FUNCTION, "function %s(%s) does not exist", name, sig);
        ss_ctx_error_hint(b->ctx,
                          "To use the hypothetical-set aggregate %s, the number of hypothetical direct arguments "
                          "(here %u) must match the number of ordering columns (here %u).",
                          name, a->nargs, a->nagg_order);
        return SS_ERROR;
    }
    if (a->nagg_order > vt->max_args || a->nagg_order > SS_AGG_MAX_HYPOTHETICAL)
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: %s WITHIN GROUP with more than %u ordering columns", name,
                          vt->max_args < SS_AGG_MAX_HYPOTHETICAL ? vt->max_args : SS_AGG_MAX_HYPOTHETICAL);
    uint32_t k = a->nagg_order;
    ss_expr **d = bind_alloc(b, sizeof(ss_expr *) * k), **e = bind_alloc(b, sizeof(ss_expr *) * k);
    ss_type types[SS_AGG_MAX_HYPOTHETICAL];
    if (!d || !e)
        return SS_ERROR;
    for (uint32_t i = 0; i < k; i++) {
        b->agg_mode = false;
        ss_expr *pair[2] = {bind_expr(b, a->agg_order[i].expr), NULL};
        if (pair[0])
            pair[1] = bind_expr(b, a->args[i]);
        b->agg_mode = true;
        if (!pair[0] || !pair[1])
            return SS_ERROR;
        int locs[2] = {a->agg_order[i].expr->location, a->args[i]->location};
        if (!unify(b, pair, locs, 2, "WITHIN GROUP", &types[i]))
            return SS_ERROR;
        e[i] = pair[0];
        d[i] = pair[1];
        if (!direct_argument_is_per_statement(d[i])) {
            if (!(d[i] = bind_direct_per_group(b, a->args[i], types[i])))
                return SS_ERROR;
            *per_group = true;
        }
    }
    ss_type out;
    if (within_group_result_type(b, a, vt, types, k, &out))
        return SS_ERROR;
    for (uint32_t i = 0; i < k; i++)
        if (types[i].id != e[i]->type.id &&
            !(e[i] = coerce_expr(b, e[i], types[i], CAST_IMPLICIT, a->agg_order[i].expr->location)))
            return SS_ERROR;
    call->arg = e[0];
    call->result_type = out;
    *direct = d;
    *keys = e;
    *n = k;
    return SS_OK;
}

bool bind_agg_is_hypothetical(const ss_aggregate_vtable *vt)
{
    return vt && vt->ordered_set &&
           vt->struct_size >= offsetof(ss_aggregate_vtable, hypothetical) + sizeof vt->hypothetical &&
           vt->hypothetical;
}
