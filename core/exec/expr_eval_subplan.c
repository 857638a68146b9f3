/* expr_eval_subplan.c — evaluation of subqueries in expressions (EXPR_SUBLINK, PostgreSQL's
 * SubPlan): each subquery's operator tree is built from the registry like the statement's
 * own, opened at its first use and closed with the statement's tree.  An uncorrelated one
 * runs once per execution (PostgreSQL's InitPlan; an IN of one column as a hash set of its
 * values, the hashed SubPlan); a correlated one runs per row, its exec parameters set from
 * the row and its tree rescanned with them as the changed parameters (rows repeating the
 * previous row's values reuse its answer). */
#include "exec/expr_eval_impl.h"

#include <stdlib.h>
#include <string.h>

#include "exec/expr_eval_subplan.h"
#include "types/array/array.h"
#include "exec/executor.h"

struct ss_subplan_state {
    ss_op *root;
    bool started; /* the tree has run: the next run rescans it */
    bool fresh;   /* a new execution: its next rescan may see any parameter changed */
    bool done;    /* an uncorrelated result (value, or set) holds for this execution */
    ss_value value;
    const ss_in_set *set;
    ss_expr **items;
    uint32_t nitems;
};

/* ---- the state's life ------------------------------------------------------------------- */

void ss_subplans_close(ss_ctx *ctx)
{
    for (uint32_t i = 0; i < ctx->nsubplans; i++)
        if (ctx->subplans[i]) {
            ss_exec_finish(ctx, ctx->subplans[i]->root);
            free(ctx->subplans[i]);
        }
    free(ctx->subplans);
    free(ctx->exec_params);
    ctx->subplans = NULL;
    ctx->nsubplans = 0;
    ctx->exec_params = NULL;
    ctx->nexec_params = 0;
}

void ss_subplans_new_execution(ss_ctx *ctx)
{
    for (uint32_t i = 0; i < ctx->nsubplans; i++)
        if (ctx->subplans[i]) {
            ctx->subplans[i]->done = false;
            ctx->subplans[i]->fresh = true;
            ctx->subplans[i]->set = NULL;
        }
}

static struct ss_subplan_state *state_of(ss_ctx *ctx, const ss_expr *e)
{
    uint32_t id = e->u.sub.id;
    if (!e->u.sub.plan) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "subquery was not planned");
        return NULL;
    }
    if (!ctx->subplan_owner) {
        ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: a subquery in this context");
        return NULL;
    }
    if (id >= ctx->nsubplans) {
        struct ss_subplan_state **v = realloc(ctx->subplans, sizeof *v * (id + 1));
        if (!v) {
            ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            return NULL;
        }
        memset(v + ctx->nsubplans, 0, sizeof *v * (id + 1 - ctx->nsubplans));
        ctx->subplans = v;
        ctx->nsubplans = id + 1;
    }
    struct ss_subplan_state *st = ctx->subplans[id];
    if (st)
        return st;
    if (!(st = calloc(1, sizeof *st))) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    ctx->subplans[id] = st;
    if (ss_exec_start_subplan(ctx, e->u.sub.plan, SS_OPEN_REWIND, &st->root) ||
        (ctx->instrument_subplans && ss_exec_instrument(ctx, st->root, ctx->instrument_subplans_timing)))
        return NULL;
    return st;
}

ss_op *ss_subplan_root(const ss_ctx *ctx, uint32_t id)
{
    return id < ctx->nsubplans && ctx->subplans[id] ? ctx->subplans[id]->root : NULL;
}

static int set_param(ss_ctx *ctx, uint32_t index, const ss_value *v)
{
    uint32_t k = index - SS_EXEC_PARAM_BASE;
    if (k >= ctx->nexec_params) {
        uint32_t n = k + 8;
        ss_value *p = realloc(ctx->exec_params, sizeof *p * n);
        if (!p)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memset(p + ctx->nexec_params, 0, sizeof *p * (n - ctx->nexec_params));
        ctx->exec_params = p;
        ctx->nexec_params = n;
    }
    ctx->exec_params[k] = *v;
    return SS_OK;
}

/* ---- one run ----------------------------------------------------------------------------- */

/* Restarts the subquery's stream (its parameters set). */
static int restart(ss_ctx *ctx, const ss_expr *e, struct ss_subplan_state *st)
{
    if (!st->started) {
        st->started = true;
        st->fresh = false;
        return SS_OK;
    }
    ss_param_set changed = {.n = e->u.sub.ncorr, .index = e->u.sub.changed};
    int rc = ss_exec_rescan(ctx, st->root, st->fresh ? NULL : &changed);
    st->fresh = false;
    return rc;
}

static int copy_text(ss_ctx *ctx, ss_type t, ss_value *v)
{
    if (v->is_null || !ss_type_is_varlen(t.id))
        return SS_OK;
    char *p = ss_ctx_alloc(ctx, (size_t)v->v.s.len + 1);
    if (!p)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (v->v.s.len)
        memcpy(p, v->v.s.ptr, v->v.s.len);
    v->v.s.ptr = p;
    return SS_OK;
}

/* ANY / ALL over one batch of the subquery: *decided when a row settles the answer. */
static int test_batch(ss_ctx *ctx, const ss_expr *e, ss_batch *b, bool *saw_null, bool *decided)
{
    bool any = e->u.sub.kind == SS_SUBLINK_ANY || e->u.sub.kind == SS_SUBLINK_ROWCOMPARE;
    uint32_t n = ss_batch_rows(b);
    ss_vector *v = ev_temp(ctx, e->u.sub.test->type, b);
    if (!v)
        return SS_ERROR;
    int rc = ev_node(ctx, e->u.sub.test, b, b->sel, n, v);
    for (uint32_t k = 0; rc == SS_OK && k < n && !*decided; k++) {
        uint32_t i = b->sel ? b->sel[k] : k;
        if (ss_vector_is_null(v, i))
            *saw_null = true;
        else if ((((const uint8_t *)v->data)[i] != 0) == any)
            *decided = true;
    }
    ev_temp_release(v);
    return rc;
}

/* The subquery's next batch with live rows (*n of them), or *b = NULL at its end. */
static int next_rows(ss_ctx *ctx, struct ss_subplan_state *st, ss_batch **b, uint32_t *n)
{
    do {
        if (ss_exec_next(ctx, st->root, b))
            return SS_ERROR;
        *n = *b ? ss_batch_rows(*b) : 0;
    } while (*b && *n == 0);
    return SS_OK;
}

/* ARRAY (subquery): the values of its column, copied, then the array of them. */
static int array_rows(ss_ctx *ctx, const ss_expr *e, struct ss_subplan_state *st, ss_value *out)
{
    ss_type col = {e->u.sub.plan->ncols ? e->u.sub.plan->col_types[0].id : SS_TYPE_INVALID, -1};
    uint32_t n = 0, cap = 0;
    ss_value *items = NULL;
    int rc = SS_OK;
    for (;;) {
        ss_batch *b;
        uint32_t rows;
        if ((rc = next_rows(ctx, st, &b, &rows)) != SS_OK || !b)
            break;
        for (uint32_t k = 0; rc == SS_OK && k < rows; k++) {
            if (n == cap) {
                cap = cap ? cap * 2 : 64;
                ss_value *v = realloc(items, sizeof *v * cap);
                if (!v) {
                    rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                    break;
                }
                items = v;
            }
            ss_vector_get_value(b->cols[0], b->sel ? b->sel[k] : k, &items[n]);
            rc = copy_text(ctx, col, &items[n++]);
        }
        if (rc != SS_OK)
            break;
    }
    if (rc == SS_OK)
        rc = arr_build_value(ctx, e->type.id, ss_type_is_array(col.id), items, n, &out->v.s);
    out->is_null = false;
    free(items);
    return rc;
}

/* Runs the subquery once with its parameters as they are set: its value into *out. */
static int run_once(ss_ctx *ctx, const ss_expr *e, struct ss_subplan_state *st, ss_value *out)
{
    if (restart(ctx, e, st))
        return SS_ERROR;
    ss_sublink_kind kind = e->u.sub.kind;
    if (kind == SS_SUBLINK_ARRAY)
        return array_rows(ctx, e, st, out);
    bool found = false, saw_null = false, decided = false;
    *out = (ss_value){.is_null = true};
    for (;;) {
        ss_batch *b;
        uint32_t n;
        if (next_rows(ctx, st, &b, &n))
            return SS_ERROR;
        if (!b)
            break;
        if (kind == SS_SUBLINK_EXISTS) {
            found = true;
            break;
        }
        if (kind == SS_SUBLINK_EXPR) {
            if (found || n > 1)
                return ss_ctx_error(ctx, "21000", "more than one row returned by a subquery used as an expression");
            found = true;
            ss_vector_get_value(b->cols[0], b->sel ? b->sel[0] : 0, out);
            if (copy_text(ctx, e->type, out))
                return SS_ERROR;
            continue;
        }
        if (kind == SS_SUBLINK_ROWCOMPARE) {
            if (found || n > 1)
                return ss_ctx_error(ctx, "21000", "more than one row returned by a subquery used as an expression");
            found = true;
        }
        if (test_batch(ctx, e, b, &saw_null, &decided))
            return SS_ERROR;
        if (decided && kind != SS_SUBLINK_ROWCOMPARE)
            break;
    }
    if (kind == SS_SUBLINK_EXISTS)
        *out = (ss_value){.v.b = found};
    else if (kind == SS_SUBLINK_ROWCOMPARE)
        *out = decided ? (ss_value){.v.b = true} : !found || saw_null ? (ss_value){.is_null = true} : (ss_value){.v.b = false};
    else if (kind != SS_SUBLINK_EXPR)
        *out = decided ? (ss_value){.v.b = kind == SS_SUBLINK_ANY}
               : saw_null ? (ss_value){.is_null = true}
                          : (ss_value){.v.b = kind == SS_SUBLINK_ALL};
    return SS_OK;
}

/* The hash set of an uncorrelated IN's values, built at its first use in an execution. */
static int build_set(ss_ctx *ctx, const ss_expr *e, struct ss_subplan_state *st)
{
    if (restart(ctx, e, st))
        return SS_ERROR;
    uint32_t n = 0, cap = 0;
    ss_expr **items = NULL;
    ss_type t = e->u.sub.args[0]->type;
    for (;;) {
        ss_batch *b;
        uint32_t rows;
        if (next_rows(ctx, st, &b, &rows))
            return SS_ERROR;
        if (!b)
            break;
        for (uint32_t k = 0; k < rows; k++) {
            if (n == cap) {
                cap = cap ? cap * 2 : 64;
                ss_expr **v = ss_ctx_alloc(ctx, sizeof *v * cap);
                if (!v)
                    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                if (n)
                    memcpy(v, items, sizeof *v * n);
                items = v;
            }
            ss_expr *c = ss_ctx_alloc(ctx, sizeof *c);
            if (!c)
                return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            memset(c, 0, sizeof *c);
            c->kind = EXPR_CONST;
            c->type = t;
            ss_vector_get_value(b->cols[0], b->sel ? b->sel[k] : k, &c->u.cnst);
            if (copy_text(ctx, t, &c->u.cnst))
                return SS_ERROR;
            items[n++] = c;
        }
    }
    st->items = items;
    st->nitems = n;
    st->set = n ? ss_in_set_build(ctx, ctx->arena, t, items, n) : NULL;
    return n && !st->set ? SS_ERROR : SS_OK;
}

/* ---- the expression ---------------------------------------------------------------------- */

static bool same_value(ss_type t, const ss_value *a, const ss_value *b)
{
    if (a->is_null || b->is_null)
        return a->is_null == b->is_null;
    if (ss_type_is_varlen(t.id)) /* numeric: equal bytes, equal value (and display) */
        return a->v.s.len == b->v.s.len && (a->v.s.len == 0 || memcmp(a->v.s.ptr, b->v.s.ptr, a->v.s.len) == 0);
    if (t.id == SS_TYPE_FLOAT8)
        return memcmp(&a->v.f, &b->v.f, sizeof(double)) == 0;
    if (t.id == SS_TYPE_BOOL)
        return a->v.b == b->v.b;
    return a->v.i == b->v.i;
}

int ev_sublink(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n, ss_vector *out)
{
    struct ss_subplan_state *st = state_of(ctx, e);
    if (!st)
        return SS_ERROR;
    if (e->u.sub.hashed) {
        if (!st->done && build_set(ctx, e, st))
            return SS_ERROR;
        st->done = true;
        if (!st->nitems) {
            ss_value no = {.v.b = false};
            return ev_broadcast(ctx, &no, sel, n, out);
        }
        ss_expr probe = {.kind = EXPR_IN, .type = e->type};
        probe.u.in.arg = e->u.sub.args[0];
        probe.u.in.nitems = st->nitems;
        probe.u.in.items = st->items;
        probe.u.in.set = st->set;
        return ev_in(ctx, &probe, in, sel, n, out);
    }
    uint32_t nargs = e->u.sub.nargs;
    if (nargs == 0) { /* runs once per execution */
        if (!st->done && run_once(ctx, e, st, &st->value))
            return SS_ERROR;
        st->done = true;
        return ev_broadcast(ctx, &st->value, sel, n, out);
    }
    ss_vector *argv[16], **args = nargs <= 16 ? argv : calloc(nargs, sizeof *args);
    ss_value lastv[16], *last = nargs <= 16 ? lastv : calloc(nargs, sizeof *last);
    if (!args || !last) {
        if (args != argv)
            free(args);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    memset(args, 0, sizeof *args * nargs);
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < nargs; i++) {
        if (!(args[i] = ev_temp(ctx, e->u.sub.args[i]->type, in)))
            rc = SS_ERROR;
        else
            rc = ev_node(ctx, e->u.sub.args[i], in, sel, n, args[i]);
    }
    bool have_last = false;
    ss_value result = {.is_null = true};
    for (uint32_t k = 0; rc == SS_OK && k < n; k++) {
        uint32_t row = sel ? sel[k] : k;
        bool same = have_last;
        for (uint32_t i = 0; i < nargs; i++) {
            ss_value v;
            ss_vector_get_value(args[i], row, &v);
            same = same && same_value(e->u.sub.args[i]->type, &v, &last[i]);
            last[i] = v;
            if ((rc = set_param(ctx, e->u.sub.params[i], &v)))
                break;
        }
        if (rc == SS_OK && !same)
            rc = run_once(ctx, e, st, &result);
        if (rc == SS_OK)
            rc = ss_vector_set_value(ctx, out, row, &result);
        have_last = true;
    }
    for (uint32_t i = 0; i < nargs; i++)
        if (args[i])
            ev_temp_release(args[i]);
    if (args != argv)
        free(args);
    if (last != lastv)
        free(last);
    return rc;
}

int ev_set_param(ss_ctx *ctx, const ss_expr *e, const ss_batch *in, const uint32_t *sel, uint32_t n,
                 ss_vector *out)
{
    if (ev_node(ctx, e->u.set_param.arg, in, sel, n, out))
        return SS_ERROR;
    ss_value v;
    ss_vector_get_value(out, sel ? sel[n - 1] : n - 1, &v);
    return set_param(ctx, e->u.set_param.index, &v);
}

const ss_value *ev_exec_param_value(ss_ctx *ctx, uint32_t index)
{
    uint32_t k = index - SS_EXEC_PARAM_BASE;
    if (k >= ctx->nexec_params) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "exec parameter %u has no value", k);
        return NULL;
    }
    return &ctx->exec_params[k];
}
