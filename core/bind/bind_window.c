/* bind_window.c — window function calls (PostgreSQL's transformWindowFuncCall and
 * transformWindowDefinitions): the OVER clause resolved against the WINDOW clause, its
 * PARTITION BY / ORDER BY / frame bound over the query's input (an aggregate query's
 * output), identical windows shared, the call bound as a registered window function
 * (sunstone/window.h) or an aggregate, and one window operator per window clause stacked
 * below the query's projection, with PostgreSQL's errors. */
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"
#include "exec/expr_walk.h"
#include "sunstone/aggregate.h"
#include "sunstone/window.h"

#define WINDOWING_ERROR "42P20"

/* The effective specification of a window: its own items or those it copies. */
typedef struct win_spec {
    ast_expr **partition;
    uint32_t npartition;
    ast_sort_item *order;
    uint32_t norder;
    int frame_options;
    ast_expr *start_offset, *end_offset;
    int location;
} win_spec;

static const ast_window *named_window(const ast_select *s, const char *name, uint32_t limit)
{
    for (uint32_t i = 0; s && i < limit && i < s->nwindows; i++)
        if (s->windows[i].name && !strcmp(s->windows[i].name, name))
            return &s->windows[i];
    return NULL;
}

/* w's specification, with refname's partition and order copied (limit: the WINDOW clause
 * entries it may reference). */
static int resolve_spec(binder *b, const ast_window *w, uint32_t limit, bool bare_copy, win_spec *out)
{
    const ast_select *s = b->win->select;
    *out = (win_spec){w->partition, w->npartition, w->order, w->norder, w->frame_options,
                      w->start_offset, w->end_offset, w->location};
    if (!w->refname)
        return SS_OK;
    const ast_window *ref = named_window(s, w->refname, limit);
    if (!ref)
        return bind_error(b, w->location, SS_SQLSTATE_UNDEFINED_OBJECT, "window \"%s\" does not exist", w->refname);
    win_spec base;
    if (resolve_spec(b, ref, (uint32_t)(ref - s->windows), false, &base))
        return SS_ERROR;
    if (w->npartition)
        return bind_error(b, w->location, WINDOWING_ERROR, "cannot override PARTITION BY clause of window \"%s\"",
                          w->refname);
    if (w->norder && base.norder)
        return bind_error(b, w->location, WINDOWING_ERROR, "cannot override ORDER BY clause of window \"%s\"",
                          w->refname);
    if (base.frame_options & SS_WINDOW_FRAME_NONDEFAULT) {
        bind_error(b, w->location, WINDOWING_ERROR, "cannot copy window \"%s\" because it has a frame clause",
                   w->refname);
        if (bare_copy)
            ss_ctx_error_hint(b->ctx, "Omit the parentheses in this OVER clause.");
        return SS_ERROR;
    }
    out->partition = base.partition;
    out->npartition = base.npartition;
    if (!w->norder) {
        out->order = base.order;
        out->norder = base.norder;
    }
    return SS_OK;
}

static int find_column_ref(const ss_expr *e, void *arg)
{
    (void)arg;
    return e->kind == EXPR_COLUMN ? SS_WALK_STOP : SS_WALK_CONTINUE;
}

/* The offset type of RANGE offset PRECEDING / FOLLOWING over a key of type key, as
 * PostgreSQL's transformFrameOffset picks an in_range support function of the key's btree
 * opfamily: the one whose offset type is e's (or, e untyped, the key's), else the one e
 * coerces to implicitly; 0A000 for a key type without any, 42883 when e fits none. */
static int range_offset_type(binder *b, const ast_expr *a, ss_type key, const ss_expr *e, ss_type *want)
{
    int32_t k = key.id, t = e->type.id;
    bool untyped = is_unknown_const(e) || is_unknown_param(b, e);
    bool is_int = t == SS_TYPE_INT2 || t == SS_TYPE_INT4 || t == SS_TYPE_INT8;
    int32_t w;
    bool fits;
    if (k == SS_TYPE_INT2 || k == SS_TYPE_INT4) { /* in_range(int2 / int4, int2 / int4 / int8) */
        w = untyped ? k : is_int ? t : SS_TYPE_INT8;
        fits = untyped || is_int;
    } else if (k == SS_TYPE_INT8) {
        w = SS_TYPE_INT8;
        fits = untyped || is_int;
    } else if (k == SS_TYPE_FLOAT4 || k == SS_TYPE_FLOAT8) { /* in_range(float4 / float8, float8) */
        w = SS_TYPE_FLOAT8;
        fits = untyped || is_int || t == SS_TYPE_FLOAT4 || t == SS_TYPE_FLOAT8 || t == SS_TYPE_NUMERIC;
    } else if (k == SS_TYPE_NUMERIC) {
        w = SS_TYPE_NUMERIC;
        fits = untyped || is_int || t == SS_TYPE_NUMERIC;
    } else if (k == SS_TYPE_DATE || k == SS_TYPE_TIMESTAMP || k == SS_TYPE_TIMESTAMPTZ || k == SS_TYPE_TIME ||
               k == SS_TYPE_TIMETZ || k == SS_TYPE_INTERVAL) {
        w = SS_TYPE_INTERVAL;
        fits = untyped || t == SS_TYPE_INTERVAL;
    } else {
        return bind_error(b, expr_location(a), SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "RANGE with offset PRECEDING/FOLLOWING is not supported for column type %s",
                          tname(key, (char[96]){0}, 96));
    }
    if (!fits) {
        char b1[96], b2[96];
        bind_error(b, expr_location(a), SS_SQLSTATE_UNDEFINED_FUNCTION,
                   "RANGE with offset PRECEDING/FOLLOWING is not supported for column type %s and offset type %s",
                   tname(key, b1, sizeof b1), tname(type_of(t), b2, sizeof b2));
        ss_ctx_error_hint(b->ctx, "Cast the offset value to an appropriate type.");
        return SS_ERROR;
    }
    *want = type_of(w);
    return SS_OK;
}

/* A frame offset: bigint for ROWS / GROUPS; for RANGE the type in_range takes with the
 * ORDER BY column's type; its negation for PRECEDING. */
static int bind_offset(binder *b, const ast_expr *a, uint32_t frame, ss_type key, ss_expr **out, ss_expr **neg)
{
    const char *mode = frame & SS_WINDOW_FRAME_ROWS ? "ROWS" : frame & SS_WINDOW_FRAME_GROUPS ? "GROUPS" : "RANGE";
    ss_expr *e = bind_expr(b, a);
    if (!e)
        return SS_ERROR;
    ss_ptrmap seen;
    ss_ptrmap_init(&seen, b->arena);
    if (ss_expr_walk_const(e, find_column_ref, NULL, &seen) == SS_WALK_STOP)
        return bind_error(b, expr_location(a), "42P10", "argument of %s must not contain variables", mode);
    ss_type want = type_of(SS_TYPE_INT8);
    if (!(frame & (SS_WINDOW_FRAME_ROWS | SS_WINDOW_FRAME_GROUPS)) && range_offset_type(b, a, key, e, &want))
        return SS_ERROR;
    if (!(e = coerce_expr(b, e, want, CAST_IMPLICIT, expr_location(a))))
        return SS_ERROR;
    *out = e;
    if (neg && !(frame & (SS_WINDOW_FRAME_ROWS | SS_WINDOW_FRAME_GROUPS))) {
        ast_expr *minus = bind_alloc(b, sizeof *minus), *cast = bind_alloc(b, sizeof *cast);
        if (!minus || !cast)
            return SS_ERROR;
        cast->kind = AE_CAST;
        cast->location = expr_location(a);
        ast_expr **cargs = bind_alloc(b, sizeof(ast_expr *));
        if (!cargs)
            return SS_ERROR;
        cargs[0] = (ast_expr *)a;
        cast->args = cargs;
        cast->nargs = 1;
        cast->type = (ast_type_name){.name = ss_type_internal_name(want.id), .typmod = -1, .typmod2 = INT32_MIN,
                                     .location = -1};
        minus->kind = AE_OP;
        minus->location = expr_location(a);
        minus->str = "-";
        minus->right = cast;
        ss_expr *n = bind_expr(b, minus);
        if (!n || !(n = coerce_expr(b, n, want, CAST_IMPLICIT, expr_location(a))))
            return SS_ERROR;
        *neg = n;
    }
    return SS_OK;
}

/* Room for one more of n elements of elem bytes in the arena array *v (capacity *cap, which
 * doubles from 4 when full; the elements are copied). */
static int grow_array(binder *b, void **v, uint32_t *cap, uint32_t n, size_t elem)
{
    uint32_t want = n < *cap ? 0 : *cap ? *cap * 2 : 4;
    char *m = want ? bind_alloc(b, elem * want) : *v;
    if (m && want) {
        if (n)
            memcpy(m, *v, elem * n);
        *v = m;
        *cap = want;
    }
    return m || !want ? SS_OK : SS_ERROR;
}

/* e, or an equal key expression of a window clause bound before: one expression for both,
 * so the planner computes it once and windows keyed on it can share a sort. */
static ss_expr *shared_key(const window_state *ws, ss_expr *e)
{
    for (uint32_t k = 0; k < ws->n; k++) {
        const window_clause *o = &ws->v[k];
        for (uint32_t i = 0; i < o->npartition + o->norder; i++) {
            ss_expr *x = i < o->npartition ? o->partition[i] : o->order[i - o->npartition].expr;
            if (x != e && expr_equal(x, e))
                return x;
        }
    }
    return e;
}

/* The window clause of spec (an equal one is shared), bound now. */
static window_clause *window_of(binder *b, const win_spec *sp)
{
    window_state *ws = b->win;
    window_clause c;
    memset(&c, 0, sizeof c);
    c.frame = (uint32_t)sp->frame_options;
    c.npartition = sp->npartition;
    c.norder = sp->norder;
    c.partition = bind_alloc(b, sizeof(ss_expr *) * (sp->npartition ? sp->npartition : 1));
    c.order = bind_alloc(b, sizeof(ss_lsort_key) * (sp->norder ? sp->norder : 1));
    if (!c.partition || !c.order)
        return NULL;
    ws->in_definition = true;
    for (uint32_t i = 0; i < sp->npartition; i++) {
        ss_expr *e = bind_expr(b, sp->partition[i]);
        if (!e || !(e = resolve_unknown(b, e, expr_location(sp->partition[i]))) ||
            bind_check_equality(b, e->type, expr_location(sp->partition[i])))
            return NULL;
        c.partition[i] = shared_key(ws, e);
    }
    for (uint32_t i = 0; i < sp->norder; i++) {
        const ast_sort_item *it = &sp->order[i];
        ss_expr *e = bind_expr(b, it->expr);
        if (!e || !(e = resolve_unknown(b, e, expr_location(it->expr))) ||
            bind_check_ordering(b, e->type, expr_location(it->expr)))
            return NULL;
        c.order[i] = (ss_lsort_key){shared_key(ws, e), it->descending, it->nulls ? it->nulls == 1 : it->descending};
    }
    bool range = c.frame & SS_WINDOW_FRAME_RANGE;
    bool offsets = c.frame & (SS_WINDOW_FRAME_START_OFFSET_PRECEDING | SS_WINDOW_FRAME_START_OFFSET_FOLLOWING |
                              SS_WINDOW_FRAME_END_OFFSET_PRECEDING | SS_WINDOW_FRAME_END_OFFSET_FOLLOWING);
    if (range && offsets && sp->norder != 1) {
        bind_error(b, sp->location, WINDOWING_ERROR,
                   "RANGE with offset PRECEDING/FOLLOWING requires exactly one ORDER BY column");
        return NULL;
    }
    if ((c.frame & SS_WINDOW_FRAME_GROUPS) && !sp->norder) {
        bind_error(b, sp->location, WINDOWING_ERROR, "GROUPS mode requires an ORDER BY clause");
        return NULL;
    }
    ss_type key = sp->norder ? c.order[0].expr->type : type_of(SS_TYPE_INT8);
    if (sp->start_offset && bind_offset(b, sp->start_offset, c.frame, key, &c.start_offset, &c.start_neg))
        return NULL;
    if (sp->end_offset && bind_offset(b, sp->end_offset, c.frame, key, &c.end_offset, &c.end_neg))
        return NULL;
    ws->in_definition = false;
    for (uint32_t k = 0; k < ws->n; k++) {
        window_clause *o = &ws->v[k];
        bool same = o->frame == c.frame && o->npartition == c.npartition && o->norder == c.norder &&
                    ((!o->start_offset && !c.start_offset) ||
                     (o->start_offset && c.start_offset && expr_equal(o->start_offset, c.start_offset))) &&
                    ((!o->end_offset && !c.end_offset) ||
                     (o->end_offset && c.end_offset && expr_equal(o->end_offset, c.end_offset)));
        for (uint32_t i = 0; same && i < c.npartition; i++)
            same = expr_equal(o->partition[i], c.partition[i]);
        for (uint32_t i = 0; same && i < c.norder; i++)
            same = o->order[i].descending == c.order[i].descending &&
                   o->order[i].nulls_first == c.order[i].nulls_first && expr_equal(o->order[i].expr, c.order[i].expr);
        if (same)
            return o;
    }
    if (grow_array(b, (void **)&ws->v, &ws->cap, ws->n, sizeof *ws->v))
        return NULL;
    c.rel = new_rel(b);
    ws->v[ws->n] = c;
    return &ws->v[ws->n++];
}

static int add_call(binder *b, window_clause *c, ss_window_call *call, uint32_t *index)
{
    uint32_t cap = c->cap;
    if (grow_array(b, (void **)&c->calls, &c->cap, c->ncalls, sizeof *c->calls) ||
        grow_array(b, (void **)&c->names, &cap, c->ncalls, sizeof *c->names))
        return SS_ERROR;
    c->names[c->ncalls] = call->name;
    c->calls[c->ncalls] = call;
    *index = c->ncalls++;
    return SS_OK;
}

static bool is_window_call(const ast_expr *e)
{
    return e->kind == AE_FUNC && e->over;
}

bool ast_has_window(const ast_expr *e)
{
    return ast_any(e, is_window_call);
}

/* Whether a window's PARTITION BY / ORDER BY names an aggregate. */
static bool spec_has_aggregate(const ast_window *w)
{
    for (uint32_t i = 0; i < w->npartition; i++)
        if (ast_has_aggregate(w->partition[i]))
            return true;
    for (uint32_t i = 0; i < w->norder; i++)
        if (ast_has_aggregate(w->order[i].expr))
            return true;
    return false;
}

static bool is_window_call_over_aggregate(const ast_expr *e)
{
    return is_window_call(e) && spec_has_aggregate(e->over);
}

int check_window_names(binder *b, const ast_select *s)
{
    window_state *saved = b->win, scratch = {.select = s};
    b->win = &scratch;
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < s->nwindows; i++) {
        win_spec sp;
        if (s->windows[i].name && named_window(s, s->windows[i].name, i))
            rc = bind_error(b, s->windows[i].location, WINDOWING_ERROR, "window \"%s\" is already defined",
                            s->windows[i].name);
        else
            rc = resolve_spec(b, &s->windows[i], i, false, &sp);
    }
    b->win = saved;
    return rc;
}

bool select_windows_have_aggregate(const ast_select *s)
{
    for (uint32_t i = 0; i < s->nwindows; i++)
        if (spec_has_aggregate(&s->windows[i]))
            return true;
    for (uint32_t i = 0; i < s->ntargets; i++)
        if (ast_any(s->targets[i].expr, is_window_call_over_aggregate))
            return true;
    for (uint32_t i = 0; i < s->norder; i++)
        if (ast_any(s->order_by[i].expr, is_window_call_over_aggregate))
            return true;
    return false;
}

int walk_window_exprs(const window_state *ws, int (*visit)(const ss_expr *, void *), void *arg, ss_ptrmap *seen)
{
    for (uint32_t k = 0; ws && k < ws->n; k++) {
        const window_clause *c = &ws->v[k];
        const ss_expr *list[4] = {c->start_offset, c->end_offset, c->start_neg, c->end_neg};
        for (uint32_t i = 0; i < 4; i++)
            if (ss_expr_walk_const(list[i], visit, arg, seen) == SS_WALK_NOMEM)
                return SS_WALK_NOMEM;
        for (uint32_t i = 0; i < c->npartition + c->norder; i++)
            if (ss_expr_walk_const(i < c->npartition ? c->partition[i] : c->order[i - c->npartition].expr, visit,
                                   arg, seen) == SS_WALK_NOMEM)
                return SS_WALK_NOMEM;
        for (uint32_t j = 0; j < c->ncalls; j++) {
            const ss_window_call *call = c->calls[j];
            if (ss_expr_walk_const(call->filter, visit, arg, seen) == SS_WALK_NOMEM)
                return SS_WALK_NOMEM;
            for (uint32_t i = 0; i < call->nargs; i++)
                if (ss_expr_walk_const(call->args[i], visit, arg, seen) == SS_WALK_NOMEM)
                    return SS_WALK_NOMEM;
        }
    }
    return SS_WALK_CONTINUE;
}

/* The first aggregate call in e (pre-order), or NULL. */
static const ast_expr *first_aggregate(const ast_expr *e)
{
    if (!e)
        return NULL;
    if (is_aggregate_name(e) && e->kind == AE_FUNC)
        return e;
    const ast_expr *f;
    if ((f = first_aggregate(e->left)) || (f = first_aggregate(e->right)) || (f = first_aggregate(e->arg)) ||
        (f = first_aggregate(e->els)))
        return f;
    for (uint32_t i = 0; i < e->nargs; i++)
        if ((f = first_aggregate(e->args[i])))
            return f;
    for (uint32_t i = 0; i < e->nwhens; i++)
        if ((f = first_aggregate(e->whens[i])) || (f = first_aggregate(e->thens[i])))
            return f;
    return NULL;
}

ss_expr *bind_window_agg_arg(binder *b, const ast_expr *a, bool is_filter)
{
    window_state *ws = b->win;
    agg_state *scratch = b->agg;
    bool mode = b->agg_mode;
    b->agg = ws->outer_agg;
    b->agg_mode = ws->outer_mode;
    ws->in_window_agg = false;
    const ast_expr *nested = is_filter ? first_aggregate(a) : NULL;
    ss_expr *e = NULL;
    if (nested) /* PostgreSQL's check_agg_arguments: FILTER takes no aggregate, window or not */
        bind_error(b, nested->location, SS_SQLSTATE_GROUPING_ERROR, "aggregate functions are not allowed in FILTER");
    else
        e = is_filter ? bind_bool_expr(b, a, "FILTER") : bind_expr(b, a);
    ws->in_window_agg = true;
    b->agg = scratch;
    b->agg_mode = mode;
    return e;
}

/* A registered window function's call. */
static int bind_window_function(binder *b, const ast_expr *a, const ss_window_vtable *vt, ss_window_call *call)
{
    const char *name = a->names[a->nnames - 1];
    if (a->star || a->distinct || a->nagg_order) {
        bind_error(b, a->location, "42809", "%s specified, but %s is not an aggregate function",
                   a->star ? "*" : a->distinct ? "DISTINCT" : "ORDER BY", name);
        return SS_ERROR;
    }
    if (a->filter)
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "FILTER is not implemented for non-aggregate window functions");
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (a->nargs ? a->nargs : 1));
    uint32_t bound = 0;
    while (args && bound < a->nargs && (args[bound] = bind_expr(b, a->args[bound])))
        bound++;
    if (!args || bound < a->nargs)
        return SS_ERROR;
    if (a->nargs < vt->min_args || a->nargs > vt->max_args) {
        no_such_function_of(b, a, args, a->nargs);
        return SS_ERROR;
    }
    bool has_conv = vt->struct_size >= offsetof(ss_window_vtable, common_args) + sizeof(uint32_t);
    uint32_t ints = has_conv ? vt->integer_args : 0, common = has_conv ? vt->common_args : 0;
    for (uint32_t i = 0; i < a->nargs; i++)
        if ((ints >> i) & 1u) {
            int32_t t = args[i]->type.id;
            bool ok = t == SS_TYPE_INT2 || t == SS_TYPE_INT4 || is_unknown_const(args[i]) || is_unknown_param(b, args[i]);
            if (!ok) {
                no_such_function_of(b, a, args, a->nargs);
                return SS_ERROR;
            }
            if (!(args[i] = coerce_expr(b, args[i], type_of(SS_TYPE_INT4), CAST_IMPLICIT, expr_location(a->args[i]))))
                return SS_ERROR;
        }
    ss_expr *items[8];
    int locs[8];
    uint32_t idx[8], n = 0;
    for (uint32_t i = 0; i < a->nargs && n < 8; i++)
        if ((common >> i) & 1u) {
            items[n] = args[i];
            locs[n] = expr_location(a->args[i]);
            idx[n++] = i;
        }
    if (n > 1) {
        ss_type t;
        if (!unify(b, items, locs, n, name, &t))
            return SS_ERROR;
        for (uint32_t k = 0; k < n; k++)
            args[idx[k]] = items[k];
    }
    for (uint32_t i = 0; i < a->nargs; i++)
        if (!(args[i] = resolve_unknown(b, args[i], expr_location(a->args[i]))))
            return SS_ERROR;
    ss_type types[16];
    for (uint32_t i = 0; i < a->nargs && i < 16; i++)
        types[i] = args[i]->type;
    if (vt->result_type(b->ctx, types, a->nargs, &call->result_type) != SS_OK) {
        if (ss_ctx_error_pending(b->ctx))
            return SS_ERROR;
        no_such_function_of(b, a, args, a->nargs);
        return SS_ERROR;
    }
    call->window = vt;
    call->nargs = a->nargs;
    call->args = (const ss_expr *const *)args;
    return SS_OK;
}

/* An aggregate used with OVER: bound by bind_aggregate into a scratch aggregate state, its
 * arguments and FILTER over the query's outputs. */
static int bind_window_aggregate(binder *b, const ast_expr *a, ss_window_call *call,
                                 const struct ss_func_def **result_def)
{
    window_state *ws = b->win;
    const char *name = a->names[a->nnames - 1];
    if (a->distinct)
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "DISTINCT is not implemented for window functions");
    if (a->nagg_order && !a->within_group)
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "aggregate ORDER BY is not implemented for window functions");
    const ss_aggregate_vtable *plugin = bind_find_plugin_aggregate(name);
    if (a->within_group || (plugin && plugin->ordered_set))
        return bind_error(b, a->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "OVER is not supported for ordered-set aggregate %s", name);
    ast_expr plain = *a;
    plain.over = NULL;
    agg_state scratch;
    memset(&scratch, 0, sizeof scratch);
    ws->outer_agg = b->agg;
    ws->outer_mode = b->agg_mode;
    ws->in_window_agg = true;
    b->agg = &scratch;
    b->agg_mode = true;
    ss_expr *r = bind_aggregate(b, &plain);
    b->agg = ws->outer_agg;
    b->agg_mode = ws->outer_mode;
    ws->in_window_agg = false;
    if (!r)
        return SS_ERROR;
    /* a json aggregate's column is JSON text its result function reads back as json / jsonb;
       a range aggregate's the array its final function makes the result of */
    *result_def = (is_json_aggregate(name) || is_range_aggregate(name)) && r->kind == EXPR_FUNC ? r->u.func.def : NULL;
    const ss_agg_call *ac = &scratch.aggs[0];
    const ss_agg_extra *x = scratch.extras[0];
    uint32_t nmore = x ? x->nargs : 0;
    ss_expr **args = bind_alloc(b, sizeof(ss_expr *) * (1 + nmore));
    if (!args)
        return SS_ERROR;
    uint32_t n = 0;
    if (ac->arg)
        args[n++] = (ss_expr *)ac->arg;
    for (uint32_t i = 0; i < nmore; i++)
        args[n++] = (ss_expr *)x->args[i];
    call->nargs = n;
    call->args = (const ss_expr *const *)args;
    call->result_type = ac->result_type;
    call->aggregate = x ? x->function : NULL;
    call->filter = x ? x->filter : NULL;
    call->star = a->star;
    return SS_OK;
}

ss_expr *bind_window_call(binder *b, const ast_expr *a)
{
    window_state *ws = b->win;
    if (!ws || b->in_having) {
        const char *where = b->in_having ? "HAVING" : b->no_agg_context ? b->no_agg_context : "this context";
        if (!strcmp(where, "this context") && b->agg && !b->agg_mode)
            where = "FILTER";
        bind_error(b, a->location, WINDOWING_ERROR, "window functions are not allowed in %s", where);
        return NULL;
    }
    if (ws->in_definition) {
        bind_error(b, a->location, WINDOWING_ERROR, "window functions are not allowed in window definitions");
        return NULL;
    }
    if (ws->agg_arg_depth) {
        bind_error(b, a->location, SS_SQLSTATE_GROUPING_ERROR, "aggregate function calls cannot contain window function calls");
        return NULL;
    }
    if (ws->in_call) {
        bind_error(b, a->location, WINDOWING_ERROR, "window function calls cannot be nested");
        return NULL;
    }
    const char *name = a->names[a->nnames - 1];
    /* rank(...) WITHIN GROUP is the hypothetical-set aggregate (which refuses OVER), not the
       window function */
    const ss_window_vtable *wvt = a->nnames == 1 && !a->within_group ? bind_find_plugin_window(name) : NULL;
    if (wvt && a->nargs && bind_agg_is_hypothetical(bind_find_plugin_aggregate(name))) {
        /* rank(x) OVER (...): PostgreSQL's rank("any") is the hypothetical-set aggregate */
        bind_error(b, a->location, "42809", "WITHIN GROUP is required for ordered-set aggregate %s", name);
        return NULL;
    }
    bool is_agg = !wvt && is_aggregate_name(&(ast_expr){.kind = AE_FUNC, .names = a->names, .nnames = a->nnames});
    if (!wvt && !is_agg) {
        ast_expr plain = *a; /* an unknown name is PostgreSQL's 42883 first */
        plain.over = NULL;
        if (!is_set_returning(name) && !bind_func(b, &plain)) /* (a set-returning one would be refused here) */
            return NULL;
        bind_error(b, a->location, "42809", "OVER specified, but %s is not a window function nor an aggregate function",
                   name);
        return NULL;
    }
    /* the window: OVER name is that WINDOW clause entry, OVER (...) may copy one */
    const ast_window *w = a->over;
    win_spec sp;
    if (w->name && !w->refname && !w->npartition && !w->norder && !(w->frame_options & SS_WINDOW_FRAME_NONDEFAULT)) {
        const ast_window *named = named_window(ws->select, w->name, UINT32_MAX);
        if (!named) {
            bind_error(b, w->location, SS_SQLSTATE_UNDEFINED_OBJECT, "window \"%s\" does not exist", w->name);
            return NULL;
        }
        if (resolve_spec(b, named, (uint32_t)(named - ws->select->windows), false, &sp))
            return NULL;
    } else {
        bool bare = w->refname && !w->npartition && !w->norder && !(w->frame_options & SS_WINDOW_FRAME_NONDEFAULT);
        if (resolve_spec(b, w, UINT32_MAX, bare, &sp))
            return NULL;
    }
    ss_window_call *call = bind_alloc(b, sizeof *call);
    if (!call)
        return NULL;
    call->struct_size = sizeof *call;
    call->name = name;
    ws->in_call = true;
    const struct ss_func_def *result_def = NULL;
    int rc = wvt ? bind_window_function(b, a, wvt, call) : bind_window_aggregate(b, a, call, &result_def);
    ws->in_call = false;
    if (rc)
        return NULL;
    window_clause *c = window_of(b, &sp);
    ws->in_definition = false;
    uint32_t index;
    if (!c || add_call(b, c, call, &index))
        return NULL;
    return json_agg_result(b, result_def, make_column(b, c->rel, index, call->result_type));
}

/* Stacks the windows so that those sorted on more keys come first (below): a window whose
 * keys are a prefix of the one below it then needs no sort of its own (the planner's
 * check), as PostgreSQL orders its window clauses. */
ss_lop *stack_windows(binder *b, window_state *ws, ss_lop *top)
{
    uint32_t *ord = bind_alloc(b, sizeof(uint32_t) * ws->n);
    if (!ord)
        return NULL;
    for (uint32_t i = 0; i < ws->n; i++)
        ord[i] = i;
    for (uint32_t i = 1; i < ws->n; i++)
        for (uint32_t j = i; j > 0; j--) {
            const window_clause *x = &ws->v[ord[j - 1]], *y = &ws->v[ord[j]];
            if (x->npartition + x->norder >= y->npartition + y->norder)
                break;
            uint32_t t = ord[j - 1];
            ord[j - 1] = ord[j];
            ord[j] = t;
        }
    for (uint32_t i = 0; i < ws->n; i++) {
        window_clause *c = &ws->v[ord[i]];
        if (!c->ncalls)
            continue;
        ss_lop *op = lop_window(b->ctx, b->arena, c->rel, top, c->ncalls, c->calls, c->names);
        if (!op)
            return NULL;
        op->u.window.npartition = c->npartition;
        op->u.window.partition = c->partition;
        op->u.window.norder = c->norder;
        op->u.window.order = c->order;
        op->u.window.frame = c->frame;
        op->u.window.start_offset = c->start_offset;
        op->u.window.end_offset = c->end_offset;
        op->u.window.start_neg = c->start_neg;
        op->u.window.end_neg = c->end_neg;
        top = op;
    }
    return top;
}
