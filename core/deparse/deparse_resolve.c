/* deparse_resolve.c — a view's expressions resolved as PostgreSQL's parser analyses them
 * (columns found in the FROM scopes, literals typed, operators and functions chosen, the
 * implicit casts they need made explicit nodes), for the forms the deparser prints;
 * anything else is 0A000.  deparse_print.c prints the result. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deparse/deparse_internal.h"
#include "sunstone/operator.h"
#include "types/functions.h"
#include "types/typeio.h"

int dp_unsupported(dp *d, const char *what)
{
    return ss_ctx_error(d->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "pg_get_viewdef of %s is not supported", what);
}

static dp_node *fail(dp *d, const char *what)
{
    dp_unsupported(d, what);
    return NULL;
}

static dp_node *node(dp *d, dp_kind kind, ss_type type, uint32_t nargs)
{
    dp_node *n = ss_arena_alloc(d->arena, sizeof *n);
    if (!n) {
        ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->type = type;
    n->nargs = nargs;
    if (nargs && !(n->args = ss_arena_alloc(d->arena, sizeof *n->args * nargs))) {
        ss_ctx_error(d->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    return n;
}

static ss_type ty(int32_t id)
{
    return (ss_type){id, -1};
}

static bool is_int(int32_t id)
{
    return id == SS_TYPE_INT2 || id == SS_TYPE_INT4 || id == SS_TYPE_INT8;
}

/* PostgreSQL's numeric category in its implicit-cast order */
static int numeric_rank(int32_t id)
{
    switch (id) {
    case SS_TYPE_INT2: return 1;
    case SS_TYPE_INT4: return 2;
    case SS_TYPE_INT8: return 3;
    case SS_TYPE_NUMERIC: return 4;
    case SS_TYPE_FLOAT4: return 5;
    case SS_TYPE_FLOAT8: return 6;
    default: return 0;
    }
}

static bool is_string(int32_t id)
{
    return id == SS_TYPE_TEXT || id == SS_TYPE_VARCHAR || id == SS_TYPE_BPCHAR;
}

/* ---- columns --------------------------------------------------------------------------- */

static bool rel_column(const dp_rel *r, const char *name, uint32_t *at)
{
    for (uint32_t i = 0; i < r->ncols; i++)
        if (r->cols[i] && strcmp(r->cols[i], name) == 0) {
            *at = i;
            return true;
        }
    return false;
}

static dp_node *var_node(dp *d, const dp_rel *r, uint32_t at)
{
    dp_node *n = node(d, DN_VAR, r->types[at], 0);
    if (!n)
        return NULL;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (r->refname) { /* NULL: the one relation of a default or a CHECK, unqualified */
        dp_put_ident(&sb, r->refname);
        ss_strbuf_putc(&sb, '.');
    }
    dp_put_ident(&sb, r->print_cols[at]);
    n->text = ss_arena_strdup(d->arena, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    n->colname = r->print_cols[at];
    n->query_colname = r->cols[at];
    return n->text ? n : fail(d, "a column");
}

static dp_node *column(dp *d, const ast_expr *e)
{
    if (e->nnames < 1 || e->nnames > 2)
        return fail(d, "a column reference with a schema");
    const char *col = e->names[e->nnames - 1];
    for (const dp_scope *s = d->scope; s; s = s->outer) {
        const dp_rel *hit = NULL;
        uint32_t at = 0;
        for (uint32_t i = s->nmerges; e->nnames == 1 && i-- > 0;) /* the outermost join's */
            if (strcmp(s->merges[i].name, col) == 0)
                return var_node(d, s->merges[i].rel, s->merges[i].at);
        for (uint32_t i = 0; i < s->nrels; i++) {
            const dp_rel *r = s->rels[i];
            uint32_t k;
            if (e->nnames == 2 && strcmp(r->qualifier ? r->qualifier : r->refname, e->names[0]) != 0)
                continue;
            if (!rel_column(r, col, &k))
                continue;
            if (hit)
                return fail(d, "an ambiguous column");
            hit = r;
            at = k;
        }
        if (hit)
            return var_node(d, hit, at);
    }
    return fail(d, "this column reference");
}

/* t or t.* as a value (the whole row of FROM item t, a record printed "t.*"): t names no
   column of the scopes, as PostgreSQL's parser tries a column first; NULL without an error
   when e is not one */
static dp_node *whole_row(dp *d, const ast_expr *e)
{
    if ((e->kind != AE_COLUMN && e->kind != AE_STAR) || e->nnames != 1)
        return NULL;
    for (const dp_scope *s = d->scope; s; s = s->outer) {
        uint32_t k;
        for (uint32_t i = 0; e->kind == AE_COLUMN && i < s->nrels; i++)
            if (rel_column(s->rels[i], e->names[0], &k))
                return NULL;
        for (uint32_t i = 0; i < s->nrels; i++) {
            const dp_rel *r = s->rels[i];
            if (!r->refname || strcmp(r->qualifier ? r->qualifier : r->refname, e->names[0]) != 0)
                continue;
            dp_node *n = node(d, DN_VAR, ty(SS_TYPE_RECORD), 0);
            if (!n)
                return NULL;
            ss_strbuf sb;
            ss_strbuf_init(&sb);
            dp_put_ident(&sb, r->refname);
            ss_strbuf_puts(&sb, ".*");
            n->text = ss_arena_strdup(d->arena, sb.data ? sb.data : "");
            ss_strbuf_free(&sb);
            return n->text ? n : fail(d, "a whole-row reference");
        }
    }
    return NULL;
}

/* ---- constants and coercions ----------------------------------------------------------- */

static dp_node *const_node(dp *d, ss_type t, const char *text)
{
    dp_node *n = node(d, DN_CONST, t, 0);
    if (n)
        n->text = text;
    return n;
}

/* text read by t's input function and printed by its output function (the constant the
 * parser makes of a literal of that type) */
static const char *canonical(dp *d, ss_type t, const char *text)
{
    ss_value v;
    if (ss_value_parse(d->ctx, t, text, strlen(text), &v) != SS_OK)
        return NULL;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    ss_value_format(t, &v, &sb);
    const char *out = ss_arena_strdup(d->arena, sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
    return out;
}

static dp_node *cast_node(dp *d, dp_node *arg, ss_type t, bool implicit)
{
    dp_node *n = node(d, DN_CAST, t, 1);
    if (!n)
        return NULL;
    n->args[0] = arg;
    n->implicit = implicit;
    return n;
}

dp_node *dp_coerce(dp *d, dp_node *e, ss_type t)
{
    if (e->type.id == t.id && (t.typmod < 0 || e->type.typmod == t.typmod))
        return e;
    if (e->type.id == SS_TYPE_UNKNOWN && e->kind == DN_CONST) {
        if (!e->text)
            return const_node(d, t, NULL);
        const char *text = t.id == SS_TYPE_TEXT || t.id == SS_TYPE_VARCHAR ? e->text : canonical(d, t, e->text);
        return text ? const_node(d, t, text) : NULL;
    }
    int rf = numeric_rank(e->type.id), rt = numeric_rank(t.id);
    if (rf && rt && rf < rt && t.typmod < 0)
        return cast_node(d, e, t, true);
    if (e->type.id == SS_TYPE_VARCHAR && t.id == SS_TYPE_TEXT)
        return cast_node(d, e, t, true); /* a binary-coercible relabelling */
    return fail(d, "an implicit coercion");
}

static dp_node *coerce_or_fail(dp *d, dp_node *e, ss_type t)
{
    return e ? dp_coerce(d, e, t) : NULL;
}

/* select_common_type over n nodes (unknown literals go to the others' type, or text) */
static bool common_type(dp_node *const *v, uint32_t n, ss_type *out)
{
    ss_type best = ty(SS_TYPE_UNKNOWN);
    for (uint32_t i = 0; i < n; i++) {
        ss_type t = v[i]->type;
        if (t.id == SS_TYPE_UNKNOWN)
            continue;
        if (best.id == SS_TYPE_UNKNOWN) {
            best = t;
            continue;
        }
        if (t.id == best.id) {
            if (t.typmod != best.typmod)
                best.typmod = -1;
            continue;
        }
        int rb = numeric_rank(best.id), rt = numeric_rank(t.id);
        if (rb && rt) {
            if (rt > rb)
                best = ty(t.id);
            continue;
        }
        if (is_string(best.id) && is_string(t.id) && (best.id == SS_TYPE_TEXT || t.id == SS_TYPE_TEXT)) {
            best = ty(SS_TYPE_TEXT);
            continue;
        }
        return false;
    }
    *out = best.id == SS_TYPE_UNKNOWN ? ty(SS_TYPE_TEXT) : best;
    return true;
}

bool dp_common_type(ss_type a, ss_type b, ss_type *out)
{
    dp_node na = {.kind = DN_VAR, .type = a}, nb = {.kind = DN_VAR, .type = b};
    dp_node *v[2] = {&na, &nb};
    return common_type(v, 2, out);
}

/* ---- operators ------------------------------------------------------------------------- */

static bool is_comparison(const char *op)
{
    return !strcmp(op, "=") || !strcmp(op, "<>") || !strcmp(op, "<") || !strcmp(op, ">") || !strcmp(op, "<=") ||
           !strcmp(op, ">=");
}

static bool is_arith(const char *op)
{
    return !strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*") || !strcmp(op, "/") || !strcmp(op, "%");
}

static dp_node *binary(dp *d, const char *op, dp_node *l, dp_node *r);

/* (a, b) = (x, y) as PostgreSQL's make_row_comparison_op makes it: = the AND of the fields'
   =, <> the OR of their <>; (a, b) IS DISTINCT FROM (x, y) as make_row_distinct_op: the OR
   of the fields' IS DISTINCT FROM (IS NOT DISTINCT FROM: its NOT) */
static dp_node *row_compare(dp *d, const ast_expr *e, const char *op, bool distinct)
{
    const ast_expr *l = distinct ? e->args[0] : e->left, *r = distinct ? e->args[1] : e->right;
    if (l->kind != AE_ROW || r->kind != AE_ROW || l->nargs != r->nargs || l->nargs == 0)
        return fail(d, "this row comparison");
    if (!distinct && strcmp(op, "=") && strcmp(op, "<>") && strcmp(op, "!="))
        return fail(d, "this row comparison");
    bool eq = !distinct && !strcmp(op, "=");
    dp_node *n = l->nargs == 1 ? NULL : node(d, eq ? DN_AND : DN_OR, ty(SS_TYPE_BOOL), l->nargs);
    if (l->nargs > 1 && !n)
        return NULL;
    for (uint32_t i = 0; i < l->nargs; i++) {
        dp_node *a = dp_resolve(d, l->args[i]), *b = dp_resolve(d, r->args[i]);
        dp_node *f = binary(d, distinct ? "=" : op, a, b);
        if (!f)
            return NULL;
        if (distinct) {
            dp_node *x = node(d, DN_DISTINCT, ty(SS_TYPE_BOOL), 2);
            if (!x)
                return NULL;
            x->args[0] = f->args[0];
            x->args[1] = f->args[1];
            f = x;
        }
        if (l->nargs == 1)
            n = f;
        else
            n->args[i] = f;
    }
    if (distinct && e->negated) {
        dp_node *not = node(d, DN_NOT, ty(SS_TYPE_BOOL), 1);
        if (!not)
            return NULL;
        not->args[0] = n;
        n = not;
    }
    return n;
}

/* timestamp[tz] + interval, timestamp[tz] - interval, json(b) -> / ->> (text or integer
   key): the left side as it is, the right one coerced to *rt (an untyped literal: interval,
   text), the result in *res; 0: not one of them */
static int32_t special_operator(const char *op, int32_t l, int32_t r, ss_type *rt, ss_type *res)
{
    if ((l == SS_TYPE_TIMESTAMP || l == SS_TYPE_TIMESTAMPTZ) &&
        ((!strcmp(op, "+") && (r == SS_TYPE_INTERVAL || r == SS_TYPE_UNKNOWN)) ||
         (!strcmp(op, "-") && r == SS_TYPE_INTERVAL))) {
        *rt = ty(SS_TYPE_INTERVAL);
        *res = ty(l);
        return l;
    }
    if ((l == SS_TYPE_JSON || l == SS_TYPE_JSONB) && (!strcmp(op, "->") || !strcmp(op, "->>")) &&
        (r == SS_TYPE_UNKNOWN || r == SS_TYPE_TEXT || r == SS_TYPE_INT4)) {
        *rt = ty(r == SS_TYPE_INT4 ? SS_TYPE_INT4 : SS_TYPE_TEXT);
        *res = ty(op[2] ? SS_TYPE_TEXT : l);
        return l;
    }
    return 0;
}

static dp_node *binary(dp *d, const char *op, dp_node *l, dp_node *r)
{
    if (!l || !r)
        return NULL;
    if (!strcmp(op, "!="))
        op = "<>";
    ss_type res = ty(SS_TYPE_BOOL);
    ss_type lt = l->type, rt = r->type;
    bool cmp = is_comparison(op), arith = is_arith(op);
    int32_t special = special_operator(op, lt.id, rt.id, &rt, &res);
    if (special) {
        dp_node *n = node(d, DN_OP, res, 2);
        if (!n || !(n->args[0] = l) || !(n->args[1] = coerce_or_fail(d, r, rt)))
            return NULL;
        n->text = op;
        return n;
    }
    if (lt.id == SS_TYPE_UNKNOWN && rt.id == SS_TYPE_UNKNOWN)
        lt = rt = ty(SS_TYPE_TEXT);
    else if (lt.id == SS_TYPE_UNKNOWN)
        lt = rt.id == SS_TYPE_VARCHAR ? ty(SS_TYPE_TEXT) : rt;
    else if (rt.id == SS_TYPE_UNKNOWN)
        rt = lt.id == SS_TYPE_VARCHAR ? ty(SS_TYPE_TEXT) : lt;
    if ((cmp || arith) && numeric_rank(lt.id) && numeric_rank(rt.id)) {
        if (!(is_int(lt.id) && is_int(rt.id))) {
            /* no cross-type operator: both sides to the wider type */
            ss_type w = numeric_rank(lt.id) > numeric_rank(rt.id) ? lt : rt;
            if (w.id == SS_TYPE_FLOAT4)
                return fail(d, "an operator over real");
            lt = rt = ty(w.id);
        }
        if (arith) {
            if (!strcmp(op, "%") && !(is_int(lt.id) || lt.id == SS_TYPE_NUMERIC))
                return fail(d, "this operator");
            res = numeric_rank(lt.id) >= numeric_rank(rt.id) ? ty(lt.id) : ty(rt.id);
            if (res.id == SS_TYPE_INT2)
                res = ty(SS_TYPE_INT2);
        }
    } else if (cmp && is_string(lt.id) && is_string(rt.id)) {
        if (lt.id != rt.id || lt.id == SS_TYPE_VARCHAR)
            lt = rt = ty(SS_TYPE_TEXT);
        if (lt.id == SS_TYPE_BPCHAR)
            lt = rt = ty(SS_TYPE_BPCHAR);
    } else if (cmp && lt.id == rt.id &&
               (lt.id == SS_TYPE_BOOL || lt.id == SS_TYPE_DATE || lt.id == SS_TYPE_TIMESTAMP ||
                lt.id == SS_TYPE_TIMESTAMPTZ || lt.id == SS_TYPE_UUID || lt.id == SS_TYPE_INTERVAL)) {
        lt = rt = ty(lt.id);
    } else if ((!strcmp(op, "~~") || !strcmp(op, "!~~") || !strcmp(op, "~~*") || !strcmp(op, "!~~*")) &&
               (lt.id == SS_TYPE_TEXT || lt.id == SS_TYPE_VARCHAR) && (rt.id == SS_TYPE_TEXT || rt.id == SS_TYPE_VARCHAR)) {
        lt = rt = ty(SS_TYPE_TEXT);
    } else if (!strcmp(op, "||") && is_string(lt.id) && is_string(rt.id)) {
        lt = rt = ty(SS_TYPE_TEXT);
        res = ty(SS_TYPE_TEXT);
    } else
        return fail(d, "this operator");
    dp_node *n = node(d, DN_OP, res, 2);
    if (!n || !(n->args[0] = coerce_or_fail(d, l, lt)) || !(n->args[1] = coerce_or_fail(d, r, rt)))
        return NULL;
    n->text = op;
    return n;
}

static dp_node *prefix(dp *d, const char *op, dp_node *a)
{
    if (!a)
        return NULL;
    if (strcmp(op, "-") || !numeric_rank(a->type.id) || a->type.id == SS_TYPE_FLOAT4)
        return fail(d, "this prefix operator");
    dp_node *n = node(d, DN_OP, ty(a->type.id), 2);
    if (!n)
        return NULL;
    n->args[1] = a;
    n->text = op;
    return n;
}

/* ---- functions ------------------------------------------------------------------------- */

static bool agg_result(const char *name, const dp_node *arg, ss_type *out)
{
    int32_t t = arg ? arg->type.id : SS_TYPE_INVALID;
    if (!strcmp(name, "count")) {
        *out = ty(SS_TYPE_INT8);
        return true;
    }
    if (!arg)
        return false;
    if (!strcmp(name, "min") || !strcmp(name, "max")) {
        *out = ty(t);
        return t != SS_TYPE_UNKNOWN;
    }
    if (!strcmp(name, "sum")) {
        *out = ty(t == SS_TYPE_INT2 || t == SS_TYPE_INT4 ? SS_TYPE_INT8 : t == SS_TYPE_INT8 ? SS_TYPE_NUMERIC : t);
        return numeric_rank(t) != 0;
    }
    if (!strcmp(name, "avg")) {
        *out = ty(t == SS_TYPE_FLOAT4 || t == SS_TYPE_FLOAT8 ? SS_TYPE_FLOAT8 : SS_TYPE_NUMERIC);
        return numeric_rank(t) != 0;
    }
    if (!strcmp(name, "bool_and") || !strcmp(name, "bool_or") || !strcmp(name, "every")) {
        *out = ty(SS_TYPE_BOOL);
        return t == SS_TYPE_BOOL;
    }
    if (!strcmp(name, "array_agg")) { /* of a scalar: its array type */
        *out = ty(ss_type_array_of(t));
        return out->id != SS_TYPE_INVALID;
    }
    if (!strcmp(name, "json_agg") || !strcmp(name, "jsonb_agg")) {
        *out = ty(name[4] == 'b' ? SS_TYPE_JSONB : SS_TYPE_JSON);
        return t != SS_TYPE_UNKNOWN;
    }
    return false;
}

static bool is_aggregate_name(const char *name)
{
    static const char *const names[] = {"count", "sum", "avg", "min", "max", "bool_and", "bool_or", "every",
                                        "string_agg", "array_agg", "stddev", "variance", "json_agg", "jsonb_agg"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(names[i], name))
            return true;
    return false;
}

/* string_agg(text, text): both arguments text (an untyped literal made text, as PostgreSQL
   resolves it and prints ','::text) */
static bool string_agg_args(dp *d, dp_node **args, uint32_t nargs, ss_type *res)
{
    if (nargs != 2)
        return false;
    for (uint32_t i = 0; i < 2; i++) {
        if (args[i]->type.id == SS_TYPE_UNKNOWN && !(args[i] = coerce_or_fail(d, args[i], ty(SS_TYPE_TEXT))))
            return false;
        if (args[i]->type.id != SS_TYPE_TEXT)
            return false;
    }
    *res = ty(SS_TYPE_TEXT);
    return true;
}

static dp_node *aggregate(dp *d, const ast_expr *e, const char *name)
{
    if (!d->in_agg_ok)
        return fail(d, "an aggregate here");
    bool string_agg = !strcmp(name, "string_agg");
    if (e->within_group || e->arg_names || e->variadic || e->nargs > (string_agg ? 2u : 1u) || (!e->nargs && !e->star))
        return fail(d, "this aggregate call");
    dp_node *args[2] = {NULL, NULL};
    bool ok = d->in_agg_ok;
    d->in_agg_ok = false; /* no nested aggregates in the arguments, FILTER or ORDER BY */
    bool json_agg = !strcmp(name, "json_agg") || !strcmp(name, "jsonb_agg");
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(json_agg && (args[i] = whole_row(d, e->args[i]))) && !(args[i] = dp_resolve(d, e->args[i]))) {
            d->in_agg_ok = ok;
            return NULL;
        }
    ss_type res;
    bool typed;
    if (string_agg) {
        typed = string_agg_args(d, args, e->nargs, &res);
    } else {
        if (args[0] && args[0]->type.id == SS_TYPE_UNKNOWN && strcmp(name, "array_agg") && strcmp(name, "json_agg") &&
            strcmp(name, "jsonb_agg") && !(args[0] = coerce_or_fail(d, args[0], ty(SS_TYPE_TEXT)))) {
            d->in_agg_ok = ok;
            return NULL;
        }
        typed = agg_result(name, args[0], &res);
    }
    dp_node *n = typed ? node(d, DN_AGG, res, e->nargs) : NULL;
    if (n) {
        for (uint32_t i = 0; i < e->nargs; i++)
            n->args[i] = args[i];
        n->text = name;
        n->star = e->star;
        n->distinct = e->distinct;
    }
    if (n && e->filter && !(n->filter = coerce_or_fail(d, dp_resolve(d, e->filter), ty(SS_TYPE_BOOL))))
        n = NULL;
    if (n && e->nagg_order) { /* ORDER BY inside the call: printed as the window's */
        if (!(n->ord = ss_arena_alloc(d->arena, sizeof *n->ord * e->nagg_order)))
            n = NULL;
        for (uint32_t i = 0; n && i < e->nagg_order; i++)
            if (!(n->ord[i] = dp_resolve(d, e->agg_order[i].expr)))
                n = NULL;
        if (n) {
            n->nord = e->nagg_order;
            n->ord_items = e->agg_order;
        }
    }
    d->in_agg_ok = ok;
    if (!typed)
        return fail(d, "this aggregate call");
    return n;
}

static bool window_result(const char *name, const dp_node *arg, uint32_t nargs, ss_type *out)
{
    if (!strcmp(name, "row_number") || !strcmp(name, "rank") || !strcmp(name, "dense_rank")) {
        *out = ty(SS_TYPE_INT8);
        return nargs == 0;
    }
    if (!strcmp(name, "percent_rank") || !strcmp(name, "cume_dist")) {
        *out = ty(SS_TYPE_FLOAT8);
        return nargs == 0;
    }
    if (!strcmp(name, "lag") || !strcmp(name, "lead") || !strcmp(name, "first_value") || !strcmp(name, "last_value")) {
        *out = arg ? arg->type : ty(SS_TYPE_INVALID);
        return nargs == 1 && arg->type.id != SS_TYPE_UNKNOWN;
    }
    return is_aggregate_name(name) && nargs <= 1 && agg_result(name, arg, out);
}

/* an integer constant frame offset (the parser makes it bigint for ROWS / GROUPS) */
static dp_node *frame_offset(dp *d, const ast_expr *e, int frame)
{
    if (!e)
        return NULL;
    if (e->kind != AE_INT || !(frame & (SS_WINDOW_FRAME_ROWS | SS_WINDOW_FRAME_GROUPS)))
        return fail(d, "this window frame offset");
    dp_node *n = dp_resolve(d, e);
    return n ? coerce_or_fail(d, n, ty(SS_TYPE_INT8)) : NULL;
}

/* The window of the current query's WINDOW clause named name (NULL: none). */
static const ast_window *named_window(const dp *d, const char *name)
{
    for (uint32_t i = 0; d->win_query && i < d->win_query->nwindows; i++)
        if (strcmp(d->win_query->windows[i].name, name) == 0)
            return &d->win_query->windows[i];
    return NULL;
}

/* A window specification's parts (partition, order, frame) into n (a DN_WINDOW). */
static bool window_spec(dp *d, dp_node *n, const ast_window *w)
{
    int known = SS_WINDOW_FRAME_NONDEFAULT | SS_WINDOW_FRAME_RANGE | SS_WINDOW_FRAME_ROWS | SS_WINDOW_FRAME_GROUPS |
                SS_WINDOW_FRAME_BETWEEN | SS_WINDOW_FRAME_START_UNBOUNDED_PRECEDING |
                SS_WINDOW_FRAME_END_UNBOUNDED_FOLLOWING | SS_WINDOW_FRAME_START_CURRENT_ROW |
                SS_WINDOW_FRAME_END_CURRENT_ROW | SS_WINDOW_FRAME_START_OFFSET_PRECEDING |
                SS_WINDOW_FRAME_END_OFFSET_PRECEDING | SS_WINDOW_FRAME_START_OFFSET_FOLLOWING |
                SS_WINDOW_FRAME_END_OFFSET_FOLLOWING | SS_WINDOW_FRAME_EXCLUDE_CURRENT_ROW |
                SS_WINDOW_FRAME_EXCLUDE_GROUP | SS_WINDOW_FRAME_EXCLUDE_TIES;
    if (w->frame_options & ~known)
        return fail(d, "this window frame") != NULL;
    if (w->refname && !named_window(d, w->refname))
        return fail(d, "a window that does not exist") != NULL;
    bool agg = d->in_agg_ok;
    d->in_agg_ok = false;
    bool ok = true;
    if (w->npartition)
        ok = (n->part = ss_arena_alloc(d->arena, sizeof *n->part * w->npartition)) != NULL;
    for (uint32_t i = 0; ok && i < w->npartition; i++)
        ok = (n->part[i] = dp_resolve(d, w->partition[i])) != NULL;
    if (ok && w->norder)
        ok = (n->ord = ss_arena_alloc(d->arena, sizeof *n->ord * w->norder)) != NULL;
    for (uint32_t i = 0; ok && i < w->norder; i++)
        ok = (n->ord[i] = dp_resolve(d, w->order[i].expr)) != NULL;
    n->frame = ok ? w->frame_options : 0;
    if (ok && w->start_offset)
        ok = (n->start_off = frame_offset(d, w->start_offset, w->frame_options)) != NULL;
    if (ok && w->end_offset)
        ok = (n->end_off = frame_offset(d, w->end_offset, w->frame_options)) != NULL;
    d->in_agg_ok = agg;
    n->npart = w->npartition;
    n->nord = w->norder;
    n->ord_items = w->order;
    n->win_ref = w->refname;
    return ok;
}

dp_node *dp_resolve_window(dp *d, const ast_window *w)
{
    dp_node *n = node(d, DN_WINDOW, ty(SS_TYPE_INVALID), 0);
    return n && window_spec(d, n, w) ? n : NULL;
}

/* An inline window identical to a window of the WINDOW clause is that window, as
   PostgreSQL's transformWindowFuncCall finds it (compared here as printed). */
static const char *same_named_window(dp *d, const dp_node *n)
{
    if (n->win_ref || !d->win_query)
        return NULL;
    ss_strbuf mine, *keep = d->sb;
    ss_strbuf_init(&mine);
    d->sb = &mine;
    int rc = dp_print_window_spec(d, n);
    const char *hit = NULL;
    for (uint32_t i = 0; rc == SS_OK && !hit && i < d->win_query->nwindows; i++) {
        const ast_window *w = &d->win_query->windows[i];
        if (w->refname)
            continue;
        dp_node *other = dp_resolve_window(d, w);
        if (!other) {
            ss_error_clear(d->ctx->err);
            continue;
        }
        ss_strbuf theirs;
        ss_strbuf_init(&theirs);
        d->sb = &theirs;
        if (dp_print_window_spec(d, other) == SS_OK && mine.data && theirs.data && strcmp(mine.data, theirs.data) == 0)
            hit = w->name;
        ss_strbuf_free(&theirs);
        d->sb = &mine;
    }
    ss_strbuf_free(&mine);
    d->sb = keep;
    if (rc)
        ss_error_clear(d->ctx->err);
    return hit;
}

static dp_node *window_call(dp *d, const ast_expr *e, const char *name)
{
    const ast_window *w = e->over;
    if (!d->in_agg_ok)
        return fail(d, "a window function here");
    if (e->distinct || e->nagg_order || e->arg_names || e->nargs > 1 || e->filter)
        return fail(d, "this window function call");
    if (w->name && !named_window(d, w->name))
        return fail(d, "a window that does not exist");
    d->in_agg_ok = false;
    dp_node *n = node(d, DN_WINDOW, ty(SS_TYPE_INVALID), e->nargs);
    bool ok = n != NULL;
    if (ok && e->nargs)
        ok = (n->args[0] = dp_resolve(d, e->args[0])) != NULL;
    if (ok && e->nargs && n->args[0]->type.id == SS_TYPE_UNKNOWN)
        ok = (n->args[0] = coerce_or_fail(d, n->args[0], ty(SS_TYPE_TEXT))) != NULL;
    if (ok && !window_result(name, e->nargs ? n->args[0] : NULL, e->nargs, &n->type))
        ok = fail(d, "this window function call") != NULL;
    if (ok && e->star && strcmp(name, "count") != 0)
        ok = fail(d, "this window function call") != NULL;
    d->in_agg_ok = true;
    if (ok && w->name)
        n->win_name = w->name;
    else if (ok) {
        ok = window_spec(d, n, w);
        if (ok)
            n->win_name = same_named_window(d, n);
    }
    if (!ok)
        return NULL;
    n->text = name;
    n->star = e->star;
    return n;
}

/* GROUPING(args): integer */
static dp_node *grouping_func(dp *d, const ast_expr *e)
{
    if (!d->in_agg_ok)
        return fail(d, "GROUPING here");
    dp_node *n = node(d, DN_GROUPING, ty(SS_TYPE_INT4), e->nargs);
    if (!n)
        return NULL;
    bool agg = d->in_agg_ok;
    d->in_agg_ok = false;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(n->args[i] = dp_resolve(d, e->args[i]))) {
            d->in_agg_ok = agg;
            return NULL;
        }
    d->in_agg_ok = agg;
    return n;
}

static dp_node *function(dp *d, const ast_expr *e)
{
    if (e->nnames != 1)
        return fail(d, "a schema-qualified function call");
    const char *name = e->names[0];
    if (e->over)
        return window_call(d, e, name);
    if (is_aggregate_name(name))
        return aggregate(d, e, name);
    if (e->star || e->distinct || e->filter || e->nagg_order || e->arg_names || e->variadic ||
        e->nargs > SS_FUNC_MAX_ARGS)
        return fail(d, "this function call");
    dp_node *n = node(d, DN_FUNC, ty(SS_TYPE_INVALID), e->nargs);
    if (!n)
        return NULL;
    n->text = name;
    bool jsonb = !strcmp(name, "to_jsonb");
    if (e->nargs == 1 && (jsonb || !strcmp(name, "to_json") || !strcmp(name, "row_to_json")) &&
        (n->args[0] = whole_row(d, e->args[0]))) {
        n->type = ty(jsonb ? SS_TYPE_JSONB : SS_TYPE_JSON); /* of a row: its object */
        return n;
    }
    ss_type types[SS_FUNC_MAX_ARGS], params[SS_FUNC_MAX_ARGS], res;
    for (uint32_t i = 0; i < e->nargs; i++) {
        if (!(n->args[i] = dp_resolve(d, e->args[i])))
            return NULL;
        types[i] = n->args[i]->type;
    }
    const ss_func_def *def;
    if (ss_func_resolve(name, e->nargs, types, &def, params, &res) != SS_OK || def->variadic_any)
        return fail(d, "this function call");
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(n->args[i] = coerce_or_fail(d, n->args[i], params[i])))
            return NULL;
    n->type = res;
    n->text = name;
    return n;
}

/* ---- the rest -------------------------------------------------------------------------- */

static dp_node *explicit_cast(dp *d, dp_node *a, ss_type t);

int dp_type_name(dp *d, const ast_type_name *tn, ss_type *out)
{
    int32_t id;
    if (!ss_type_lookup_name(tn->name, &id))
        return dp_unsupported(d, "this type name");
    ss_type t = {id, -1};
    if (tn->typmod >= 0) {
        if (id == SS_TYPE_NUMERIC)
            t.typmod = ((tn->typmod << 16) | (tn->typmod2 == INT32_MIN ? 0 : tn->typmod2)) + 4;
        else if (id == SS_TYPE_VARCHAR || id == SS_TYPE_BPCHAR)
            t.typmod = tn->typmod + 4;
        else
            return dp_unsupported(d, "a type with a type modifier");
    } else if (id == SS_TYPE_BPCHAR && !strcmp(tn->name, "bpchar"))
        t.typmod = -1;
    else if (id == SS_TYPE_BPCHAR)
        t.typmod = 1 + 4;
    *out = t;
    return SS_OK;
}

/* ARRAY[a, b, ...]::t[]: PostgreSQL's transformArrayExpr casts each element to t
   (ARRAY[(1)::bigint]); sub-arrays are not printed here */
static dp_node *array_cast(dp *d, const ast_expr *arr, ss_type t)
{
    int32_t at = ss_type_array_of(t.id);
    if (at == SS_TYPE_INVALID || t.typmod >= 0)
        return fail(d, "a cast to this array type");
    dp_node *n = node(d, DN_ARRAY, ty(at), arr->nargs);
    if (!n)
        return NULL;
    for (uint32_t i = 0; i < arr->nargs; i++) {
        if (arr->args[i]->kind == AE_ARRAY)
            return fail(d, "a cast of ARRAY[] of sub-arrays");
        if (!(n->args[i] = explicit_cast(d, dp_resolve(d, arr->args[i]), t)))
            return NULL;
    }
    return n;
}

static dp_node *type_cast(dp *d, const ast_expr *e)
{
    int32_t id;
    if (e->type.is_array && e->args[0]->kind == AE_ARRAY && !e->args[0]->nargs && e->type.typmod < 0 &&
        ss_type_lookup_name(e->type.name, &id) && ss_type_array_of(id) != SS_TYPE_INVALID) {
        /* ARRAY[]::t[]: an empty array of that type, printed with the cast (get_rule_expr) */
        dp_node *n = node(d, DN_ARRAY, ty(ss_type_array_of(id)), 0);
        return n;
    }
    if (e->type.is_array && e->args[0]->kind != AE_ARRAY)
        return fail(d, "this cast");
    ss_type t;
    if (dp_type_name(d, &e->type, &t))
        return NULL;
    if (e->type.is_array)
        return array_cast(d, e->args[0], t);
    return explicit_cast(d, dp_resolve(d, e->args[0]), t);
}

/* a::t as PostgreSQL's coerce_type makes it of a resolved argument (an unknown literal
   becomes a constant of t) */
static dp_node *explicit_cast(dp *d, dp_node *a, ss_type t)
{
    if (!a)
        return NULL;
    if (a->kind == DN_CONST && a->type.id == SS_TYPE_UNKNOWN) {
        if (t.typmod >= 0 && t.id != SS_TYPE_VARCHAR)
            return fail(d, "a cast of a literal with a type modifier");
        if (t.typmod >= 0 && a->text && strlen(a->text) > (size_t)(t.typmod - 4))
            return fail(d, "a cast of a literal that the type modifier shortens");
        dp_node *c = dp_coerce(d, a, ty(t.id));
        if (c)
            c->type = t;
        return c;
    }
    if (a->type.id == t.id && t.typmod < 0)
        return a;
    if (!numeric_rank(a->type.id) && !is_string(a->type.id) && a->type.id != SS_TYPE_BOOL)
        return fail(d, "this cast");
    return cast_node(d, a, t, false);
}

static dp_node *bool_arg(dp *d, const ast_expr *e)
{
    return coerce_or_fail(d, dp_resolve(d, e), ty(SS_TYPE_BOOL));
}

static dp_node *boolean(dp *d, const ast_expr *e)
{
    dp_kind k = e->kind == AE_AND ? DN_AND : e->kind == AE_OR ? DN_OR : DN_NOT;
    dp_node *n = node(d, k, ty(SS_TYPE_BOOL), e->nargs);
    if (!n)
        return NULL;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(n->args[i] = bool_arg(d, e->args[i])))
            return NULL;
    return n;
}

static dp_node *case_expr(dp *d, const ast_expr *e)
{
    if (e->arg)
        return fail(d, "a simple CASE");
    dp_node *n = node(d, DN_CASE, ty(SS_TYPE_INVALID), 0);
    dp_node **all = ss_arena_alloc(d->arena, sizeof *all * (e->nwhens + 1));
    if (!n || !all || !(n->whens = ss_arena_alloc(d->arena, sizeof *n->whens * e->nwhens)) ||
        !(n->thens = ss_arena_alloc(d->arena, sizeof *n->thens * e->nwhens)))
        return fail(d, "CASE");
    n->nwhens = e->nwhens;
    for (uint32_t i = 0; i < e->nwhens; i++)
        if (!(n->whens[i] = bool_arg(d, e->whens[i])) || !(all[i] = n->thens[i] = dp_resolve(d, e->thens[i])))
            return NULL;
    uint32_t nall = e->nwhens;
    if (e->els && !(all[nall++] = n->els = dp_resolve(d, e->els)))
        return NULL;
    if (!common_type(all, nall, &n->type))
        return fail(d, "CASE over these types");
    for (uint32_t i = 0; i < e->nwhens; i++)
        if (!(n->thens[i] = coerce_or_fail(d, n->thens[i], n->type)))
            return NULL;
    if (!(n->els = n->els ? coerce_or_fail(d, n->els, n->type) : const_node(d, n->type, NULL)))
        return NULL;
    return n;
}

static dp_node *coalesce(dp *d, const ast_expr *e)
{
    dp_node *n = node(d, DN_COALESCE, ty(SS_TYPE_INVALID), e->nargs);
    if (!n)
        return NULL;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(n->args[i] = dp_resolve(d, e->args[i])))
            return NULL;
    if (!common_type(n->args, n->nargs, &n->type))
        return fail(d, "COALESCE over these types");
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(n->args[i] = coerce_or_fail(d, n->args[i], n->type)))
            return NULL;
    return n;
}

/* x BETWEEN a AND b is (x >= a) AND (x <= b); NOT BETWEEN (x < a) OR (x > b) */
/* One half of x [NOT] BETWEEN lo AND hi as PostgreSQL prints it: x >= lo AND x <= hi (x < lo
 * OR x > hi when negated). */
static dp_node *between_half(dp *d, const ast_expr *e, const ast_expr *lo_ast, const ast_expr *hi_ast)
{
    dp_node *x1 = dp_resolve(d, e->args[0]), *x2 = dp_resolve(d, e->args[0]);
    dp_node *lo = dp_resolve(d, lo_ast), *hi = dp_resolve(d, hi_ast);
    if (!x1 || !x2 || !lo || !hi)
        return NULL;
    dp_node *n = node(d, e->negated ? DN_OR : DN_AND, ty(SS_TYPE_BOOL), 2);
    if (!n || !(n->args[0] = binary(d, e->negated ? "<" : ">=", x1, lo)) ||
        !(n->args[1] = binary(d, e->negated ? ">" : "<=", x2, hi)))
        return NULL;
    return n;
}

/* BETWEEN SYMMETRIC: both halves, OR-ed (AND-ed when negated) */
static dp_node *between(dp *d, const ast_expr *e)
{
    if (!e->bval)
        return between_half(d, e, e->args[1], e->args[2]);
    dp_node *n = node(d, e->negated ? DN_AND : DN_OR, ty(SS_TYPE_BOOL), 2);
    if (!n || !(n->args[0] = between_half(d, e, e->args[1], e->args[2])) ||
        !(n->args[1] = between_half(d, e, e->args[2], e->args[1])))
        return NULL;
    return n;
}

static dp_node *in_list(dp *d, const ast_expr *e)
{
    dp_node *n = node(d, DN_ANY_ARRAY, ty(SS_TYPE_BOOL), e->nargs);
    if (!n)
        return NULL;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(n->args[i] = dp_resolve(d, e->args[i])))
            return NULL;
    ss_type t;
    if (e->nargs < 3 || !common_type(n->args, n->nargs, &t) || (is_string(t.id) && t.id != SS_TYPE_TEXT) ||
        !(numeric_rank(t.id) || t.id == SS_TYPE_TEXT || t.id == SS_TYPE_DATE))
        return fail(d, "this IN list");
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(n->args[i] = coerce_or_fail(d, n->args[i], t)))
            return NULL;
    n->text = e->negated ? "<>" : "=";
    n->negated = e->negated;
    return n;
}

static dp_node *sublink(dp *d, const ast_expr *e)
{
    bool cmp = e->sublink == AST_SUBLINK_ANY || e->sublink == AST_SUBLINK_ALL;
    if (e->sublink != AST_SUBLINK_EXISTS && e->sublink != AST_SUBLINK_EXPR && !(cmp && e->nargs == 1))
        return fail(d, "this kind of subquery");
    dp_node *left = cmp ? dp_resolve(d, e->args[0]) : NULL;
    if (cmp && !left)
        return NULL;
    ss_strbuf scratch, *keep = d->sb;
    ss_strbuf_init(&scratch);
    d->sb = &scratch;
    int indent = d->indent;
    ss_type t = ty(SS_TYPE_BOOL);
    bool agg = d->in_agg_ok;
    d->in_agg_ok = false;
    dp_rel out = {0};
    int rc = dp_query(d, e->subselect, d->scope, 0, NULL, false, e->sublink != AST_SUBLINK_EXISTS ? &out : NULL);
    d->in_agg_ok = agg;
    d->indent = indent;
    d->sb = keep;
    ss_strbuf_free(&scratch);
    if (rc)
        return NULL;
    if (e->sublink != AST_SUBLINK_EXISTS && out.ncols != 1)
        return fail(d, "a subquery of several columns");
    if (e->sublink == AST_SUBLINK_EXPR)
        t = out.types[0];
    dp_node *n = node(d, DN_SUBLINK, t, cmp ? 1 : 0);
    if (!n)
        return NULL;
    if (cmp) {
        /* the operator must take both types as they are */
        dp_node sub = {.kind = DN_VAR, .type = out.types[0]};
        dp_node *op = binary(d, e->str, left, &sub);
        if (!op)
            return NULL;
        if (op->args[0] != left || op->args[1] != &sub)
            return fail(d, "a subquery comparison with an implicit coercion");
        n->args[0] = left;
        n->sub_op = op->text;
        n->negated = e->sublink == AST_SUBLINK_ALL;
    }
    n->exists = e->sublink == AST_SUBLINK_EXISTS;
    n->sub = e->subselect;
    n->scope = d->scope;
    return n;
}

static dp_node *sql_func(dp *d, const ast_expr *e)
{
    dp_node *n = node(d, e->kind == AE_DISTINCT ? DN_DISTINCT : DN_SQLFUNC, ty(SS_TYPE_BOOL), e->nargs);
    if (!n)
        return NULL;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(n->args[i] = dp_resolve(d, e->args[i])))
            return NULL;
    if (e->kind == AE_MINMAX) {
        if (!common_type(n->args, n->nargs, &n->type))
            return fail(d, "GREATEST or LEAST over these types");
        for (uint32_t i = 0; i < e->nargs; i++)
            if (!(n->args[i] = coerce_or_fail(d, n->args[i], n->type)))
                return NULL;
        n->text = e->negated ? "LEAST" : "GREATEST";
        return n;
    }
    /* NULLIF and IS DISTINCT FROM use the = operator of their arguments */
    dp_node *eq = binary(d, "=", n->args[0], n->args[1]);
    if (!eq)
        return NULL;
    n->args[0] = eq->args[0];
    n->args[1] = eq->args[1];
    if (e->kind == AE_NULLIF) {
        n->type = n->args[0]->type;
        n->text = "NULLIF";
        return n;
    }
    if (!e->negated)
        return n;
    dp_node *not = node(d, DN_NOT, ty(SS_TYPE_BOOL), 1);
    if (not)
        not->args[0] = n;
    return not;
}

/* ARRAY[ARRAY[...], ...]: sub-arrays of one array type, the result of that type (PostgreSQL's
   transformArrayExpr; sub-arrays of different types are not printed here) */
static dp_node *array_expr(dp *d, const ast_expr *e);

static dp_node *nested_array(dp *d, const ast_expr *e, dp_node *n)
{
    for (uint32_t i = 0; i < e->nargs; i++) {
        if (e->args[i]->kind != AE_ARRAY)
            return fail(d, "an ARRAY[] mixing sub-arrays and elements");
        if (!(n->args[i] = array_expr(d, e->args[i])))
            return NULL;
        if (n->args[i]->type.id != n->args[0]->type.id)
            return fail(d, "sub-arrays of different types");
    }
    n->type = n->args[0]->type;
    return n;
}

/* ARRAY[a, b, ...]: the elements of their common type */
static dp_node *array_expr(dp *d, const ast_expr *e)
{
    if (!e->nargs)
        return fail(d, "an empty ARRAY[] without a cast to an array type");
    dp_node *n = node(d, DN_ARRAY, ty(SS_TYPE_INVALID), e->nargs);
    if (!n)
        return NULL;
    if (e->args[0]->kind == AE_ARRAY)
        return nested_array(d, e, n);
    for (uint32_t i = 0; i < e->nargs; i++) {
        if (e->args[i]->kind == AE_ARRAY)
            return fail(d, "an ARRAY[] mixing sub-arrays and elements");
        if (!(n->args[i] = dp_resolve(d, e->args[i])))
            return NULL;
    }
    ss_type t;
    if (!common_type(n->args, n->nargs, &t) || ss_type_array_of(t.id) == SS_TYPE_INVALID)
        return fail(d, "ARRAY[] over these types");
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!(n->args[i] = coerce_or_fail(d, n->args[i], t)))
            return NULL;
    n->type = ty(ss_type_array_of(t.id));
    return n;
}

/* a column's subscripts and slices: integer bounds; an element, or an array for a slice */
static dp_node *subscript(dp *d, const ast_expr *e)
{
    dp_node *base = dp_resolve(d, e->left);
    if (!base)
        return NULL;
    if (base->kind != DN_VAR || !ss_type_is_array(base->type.id))
        return fail(d, "this subscript");
    dp_node *n = node(d, DN_SUBSCRIPT, ty(SS_TYPE_INVALID), e->nargs + 1);
    if (!n)
        return NULL;
    n->args[0] = base;
    for (uint32_t i = 0; i < e->nargs; i++) {
        n->args[i + 1] = NULL;
        if (!e->args[i])
            continue;
        dp_node *b = dp_resolve(d, e->args[i]);
        if (!b || !(b = coerce_or_fail(d, b, ty(SS_TYPE_INT4))))
            return NULL;
        n->args[i + 1] = b;
    }
    n->frame = (int)e->ival;
    n->type = e->ival ? base->type : ty(ss_type_element_of(base->type.id));
    return n;
}

/* x op ANY / ALL (array): the operator over the element type as it is */
static dp_node *array_cmp(dp *d, const ast_expr *e)
{
    dp_node *l = dp_resolve(d, e->left), *r = dp_resolve(d, e->right);
    if (!l || !r)
        return NULL;
    if (!ss_type_is_array(r->type.id))
        return fail(d, "op ANY / ALL over this");
    dp_node elem = {.kind = DN_VAR, .type = ty(ss_type_element_of(r->type.id))};
    dp_node *op = binary(d, e->str, l, &elem);
    if (!op)
        return NULL;
    /* an unknown literal takes the element's type; other coercions are not printed here */
    if ((op->args[0] != l && l->type.id != SS_TYPE_UNKNOWN) || op->args[1] != &elem || op->type.id != SS_TYPE_BOOL)
        return fail(d, "op ANY / ALL with an implicit coercion");
    dp_node *n = node(d, DN_ANY_ARRAY, ty(SS_TYPE_BOOL), 2);
    if (!n)
        return NULL;
    n->args[0] = op->args[0];
    n->args[1] = r;
    n->text = op->text;
    n->negated = e->bval;
    n->array_arg = true;
    return n;
}

dp_node *dp_resolve(dp *d, const ast_expr *e)
{
    char buf[32];
    switch (e->kind) {
    case AE_COLUMN:
        return column(d, e);
    case AE_INT:
        snprintf(buf, sizeof buf, "%lld", (long long)e->ival);
        return const_node(d, ty(e->ival >= INT32_MIN && e->ival <= INT32_MAX ? SS_TYPE_INT4 : SS_TYPE_INT8),
                          ss_arena_strdup(d->arena, buf));
    case AE_NUMERIC: {
        /* an integer literal beyond int4 that fits int8 is int8, as PostgreSQL's scanner reads it */
        const char *digits = e->str[0] == '-' ? e->str + 1 : e->str;
        if (*digits && strspn(digits, "0123456789") == strlen(digits) && strlen(digits) <= 19) {
            errno = 0;
            char *end;
            long long v = strtoll(e->str, &end, 10);
            if (errno == 0 && *end == '\0') {
                snprintf(buf, sizeof buf, "%lld", v);
                return const_node(d, ty(SS_TYPE_INT8), ss_arena_strdup(d->arena, buf));
            }
        }
        const char *text = canonical(d, ty(SS_TYPE_NUMERIC), e->str);
        return text ? const_node(d, ty(SS_TYPE_NUMERIC), text) : NULL;
    }
    case AE_STRING:
        return const_node(d, ty(SS_TYPE_UNKNOWN), e->str);
    case AE_NULL:
        return const_node(d, ty(SS_TYPE_UNKNOWN), NULL);
    case AE_BOOL:
        return const_node(d, ty(SS_TYPE_BOOL), e->bval ? "t" : "f");
    case AE_OP:
        if (e->left && (e->left->kind == AE_ROW || e->right->kind == AE_ROW))
            return row_compare(d, e, e->str, false);
        if (!e->left)
            return prefix(d, e->str, dp_resolve(d, e->right));
        return binary(d, e->str, dp_resolve(d, e->left), dp_resolve(d, e->right));
    case AE_AND:
    case AE_OR:
    case AE_NOT:
        return boolean(d, e);
    case AE_IS_NULL:
    case AE_IS_NOT_NULL: {
        dp_node *n = node(d, DN_NULLTEST, ty(SS_TYPE_BOOL), 1);
        if (!n || !(n->args[0] = dp_resolve(d, e->args[0])))
            return NULL;
        if (n->args[0]->type.id == SS_TYPE_UNKNOWN && !(n->args[0] = coerce_or_fail(d, n->args[0], ty(SS_TYPE_TEXT))))
            return NULL;
        n->negated = e->kind == AE_IS_NOT_NULL;
        return n;
    }
    case AE_BOOLTEST: { /* printed as a null test is, with its own words (text) */
        static const char *const words[] = {" IS TRUE", " IS NOT TRUE", " IS FALSE", " IS NOT FALSE",
                                            " IS UNKNOWN", " IS NOT UNKNOWN"};
        dp_node *n = node(d, DN_NULLTEST, ty(SS_TYPE_BOOL), 1);
        if (!n || !(n->args[0] = coerce_or_fail(d, dp_resolve(d, e->args[0]), ty(SS_TYPE_BOOL))))
            return NULL;
        n->text = words[e->ival];
        return n;
    }
    case AE_FUNC:
        return function(d, e);
    case AE_CAST:
        return type_cast(d, e);
    case AE_CASE:
        return case_expr(d, e);
    case AE_COALESCE:
        return coalesce(d, e);
    case AE_BETWEEN:
        return between(d, e);
    case AE_IN_LIST:
        return in_list(d, e);
    case AE_SUBLINK:
        return sublink(d, e);
    case AE_DISTINCT:
        if (e->args[0]->kind == AE_ROW || e->args[1]->kind == AE_ROW)
            return row_compare(d, e, NULL, true);
        return sql_func(d, e);
    case AE_NULLIF:
    case AE_MINMAX:
        return sql_func(d, e);
    case AE_GROUPING_FUNC:
        return grouping_func(d, e);
    case AE_ARRAY:
        return array_expr(d, e);
    case AE_SUBSCRIPT:
        return subscript(d, e);
    case AE_ARRAY_CMP:
        return array_cmp(d, e);
    case AE_COLLATE:
        return fail(d, "COLLATE");
    default:
        return fail(d, "this expression");
    }
}
