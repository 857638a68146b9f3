/* bind_named_args.c — calls in named or mixed notation (make_interval(days => 3)): the
 * parameter names and defaults of PostgreSQL's built-in functions that have them, and the
 * rewrite of such a call into positional notation (PostgreSQL's expand_function_arguments)
 * before the call is resolved as usual; 42883 with the named signature when no function
 * takes those names. */
#include <stdio.h>
#include <string.h>

#include "bind/binder_internal.h"

/* One overload's parameters in order; defaults[i] is the default of parameter i in
 * PostgreSQL's pg_proc as literal text ("0", "true", ...), NULL when it has none. */
typedef struct named_params {
    const char *function;
    const char *names[8];
    const char *defaults[8];
} named_params;

#define JSON_SRF(F) {F, {"from_json"}, {NULL}}
/* the jsonpath functions (target, path, vars default '{}', silent default false) */
#define JSONPATH_FN(F) {F, {"target", "path", "vars", "silent"}, {NULL, NULL, "'{}'", "false"}}

static const named_params params[] = {
    {"make_interval",
     {"years", "months", "weeks", "days", "hours", "mins", "secs"},
     {"0", "0", "0", "0", "0", "0", "0.0"}},
    {"make_date", {"year", "month", "day"}, {NULL}},
    {"make_time", {"hour", "min", "sec"}, {NULL}},
    {"make_timestamp", {"year", "month", "mday", "hour", "min", "sec"}, {NULL}},
    {"make_timestamptz", {"year", "month", "mday", "hour", "min", "sec"}, {NULL}},
    {"make_timestamptz", {"year", "month", "mday", "hour", "min", "sec", "timezone"}, {NULL}},
    {"jsonb_set", {"jsonb_in", "path", "replacement", "create_if_missing"}, {NULL, NULL, NULL, "true"}},
    {"jsonb_insert", {"jsonb_in", "path", "replacement", "insert_after"}, {NULL, NULL, NULL, "false"}},
    /* VARIADIC path_elems => text[] (bind_variadic.c) */
    {"json_extract_path", {"from_json", "path_elems"}, {NULL}},
    {"json_extract_path_text", {"from_json", "path_elems"}, {NULL}},
    {"jsonb_extract_path", {"from_json", "path_elems"}, {NULL}},
    {"jsonb_extract_path_text", {"from_json", "path_elems"}, {NULL}},
    {"jsonb_delete", {"from_json", "path_elems"}, {NULL}},
    JSON_SRF("json_array_elements"),
    JSON_SRF("json_array_elements_text"),
    JSON_SRF("jsonb_array_elements"),
    JSON_SRF("jsonb_array_elements_text"),
    JSON_SRF("json_each"),
    JSON_SRF("json_each_text"),
    JSON_SRF("jsonb_each"),
    JSON_SRF("jsonb_each_text"),
    JSONPATH_FN("jsonb_path_exists"),
    JSONPATH_FN("jsonb_path_match"),
    JSONPATH_FN("jsonb_path_query"),
    JSONPATH_FN("jsonb_path_query_array"),
    JSONPATH_FN("jsonb_path_query_first"),
    JSONPATH_FN("jsonb_path_exists_tz"),
    JSONPATH_FN("jsonb_path_match_tz"),
    JSONPATH_FN("jsonb_path_query_tz"),
    JSONPATH_FN("jsonb_path_query_array_tz"),
    JSONPATH_FN("jsonb_path_query_first_tz"),
};

static uint32_t param_count(const named_params *p)
{
    uint32_t n = 0;
    while (n < sizeof p->names / sizeof p->names[0] && p->names[n])
        n++;
    return n;
}

static int param_index(const named_params *p, const char *name)
{
    for (uint32_t i = 0; i < param_count(p); i++)
        if (strcmp(p->names[i], name) == 0)
            return (int)i;
    return -1;
}

/* A literal AST node for default text d (an integer, a decimal, a boolean or a quoted
 * string, untyped). */
static ast_expr *default_literal(binder *b, const char *d, int location)
{
    ast_expr *e = bind_alloc(b, sizeof *e);
    if (!e)
        return NULL;
    memset(e, 0, sizeof *e);
    e->location = location;
    if (d[0] == '\'') {
        size_t l = strlen(d);
        char *s = bind_alloc(b, l);
        if (!s)
            return NULL;
        memcpy(s, d + 1, l - 2);
        s[l - 2] = '\0';
        e->kind = AE_STRING;
        e->str = s;
    } else if (!strcmp(d, "true") || !strcmp(d, "false")) {
        e->kind = AE_BOOL;
        e->bval = d[0] == 't';
    } else if (strchr(d, '.')) {
        e->kind = AE_NUMERIC;
        e->str = d;
    } else {
        e->kind = AE_INT;
        e->ival = 0;
        for (const char *c = d; *c; c++)
            e->ival = e->ival * 10 + (*c - '0');
    }
    return e;
}

/* The arguments of a laid out in p's positions (*out, *nout: up to the last one given,
 * defaults filling the gaps); false when p does not take them. */
static bool lay_out(binder *b, const ast_expr *a, const named_params *p, ast_expr ***out, uint32_t *nout)
{
    uint32_t np = param_count(p), last = 0;
    const ast_expr *at[8] = {NULL};
    if (a->nargs > np)
        return false;
    for (uint32_t i = 0; i < a->nargs; i++) {
        int k = a->arg_names[i] ? param_index(p, a->arg_names[i]) : (int)i;
        if (k < 0 || at[k])
            return false;
        at[k] = a->args[i];
        if ((uint32_t)k + 1 > last)
            last = (uint32_t)k + 1;
    }
    for (uint32_t k = last; k < np; k++)
        if (!p->defaults[k])
            return false; /* a parameter without a default is left out */
    ast_expr **args = bind_alloc(b, sizeof(ast_expr *) * (last ? last : 1));
    if (!args)
        return false;
    for (uint32_t k = 0; k < last; k++) {
        if (at[k])
            args[k] = (ast_expr *)at[k];
        else if (!p->defaults[k] || !(args[k] = default_literal(b, p->defaults[k], a->location)))
            return false;
    }
    *out = args;
    *nout = last;
    return true;
}

/* PostgreSQL's 42883 naming the arguments: positional types, then "name => type". */
static const ast_expr *no_named_function(binder *b, const ast_expr *a)
{
    char sig[512] = "";
    size_t off = 0;
    for (uint32_t i = 0; i < a->nargs && off < sizeof sig; i++) {
        ss_expr *e = bind_expr(b, a->args[i]);
        if (!e)
            return NULL;
        char b1[96];
        ss_type t = is_unknown_param(b, e) ? type_of(SS_TYPE_UNKNOWN) : type_of(e->type.id);
        off += (size_t)snprintf(sig + off, sizeof sig - off, "%s%s%s%s", i ? ", " : "",
                                a->arg_names[i] ? a->arg_names[i] : "", a->arg_names[i] ? " => " : "",
                                tname(t, b1, sizeof b1));
    }
    no_such_function(b, a->location, a->names[a->nnames - 1], sig);
    return NULL;
}

const ast_expr *bind_named_call(binder *b, const ast_expr *a)
{
    if (!a->arg_names)
        return a;
    const char *name = a->names[a->nnames - 1];
    /* a variadic parameter is named only as VARIADIC name => array (PostgreSQL's
       FuncnameGetCandidates without expand_variadic) */
    bool variadic_named = false;
    for (uint32_t i = 0; i < a->nargs; i++)
        variadic_named |= a->arg_names[i] && !strcmp(a->arg_names[i], "path_elems");
    if (variadic_named && !a->variadic && bind_is_variadic_function(name))
        return no_named_function(b, a);
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        ast_expr **args;
        uint32_t n;
        if (strcmp(params[i].function, name) != 0 || !lay_out(b, a, &params[i], &args, &n)) {
            if (ss_ctx_error_pending(b->ctx))
                return NULL;
            continue;
        }
        ast_expr *call = bind_alloc(b, sizeof *call);
        if (!call)
            return NULL;
        *call = *a;
        call->args = args;
        call->nargs = n;
        call->arg_names = NULL;
        call->arg_name_locations = NULL;
        return call;
    }
    return no_named_function(b, a);
}

bool ast_arg_names_equal(const ast_expr *x, const ast_expr *y)
{
    if (!x->arg_names || !y->arg_names)
        return x->arg_names == y->arg_names;
    for (uint32_t i = 0; i < x->nargs; i++) {
        const char *p = x->arg_names[i], *q = y->arg_names[i];
        if ((p == NULL) != (q == NULL) || (p && strcmp(p, q) != 0))
            return false;
    }
    return true;
}
