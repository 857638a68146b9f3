/* window_agg.c — aggregates over window frames.  Every aggregate with OVER runs through its
 * registered vtable (sunstone/aggregate.h): the kernel's count / sum / avg / min / max /
 * bool_* / string_agg / array_agg / json aggregates exactly like a module's (a module that
 * replaces "sum" is reached here too), with FILTER, strictness and EXCLUDE, by one of three
 * frame algorithms (sunstone.window_frame_algorithm): naive (each row's frame aggregated
 * again), incremental (the running state moved with the frame: rows entering stepped in,
 * rows leaving removed by inverse, PostgreSQL's moving aggregates) and segment tree (a tree
 * over the partition: of row positions when the aggregate selects one of its rows
 * (select_row: min / max), else of states joined by combine; each frame's result from
 * O(log n) nodes; not for a floating-point result, whose rounding would depend on the
 * grouping).  auto picks incremental where the aggregate has an inverse, else the tree,
 * else naive.  All three give the same results. */
#include <string.h>

#include "common/api_memory.h"
#include "window_internal.h"

#define g_api g_win_api

typedef struct agg_run {
    win_state *st;
    uint32_t k;
    const ss_window_call *call;
    const ss_aggregate_vtable *vt;
    ss_vector *views;               /* the call's argument columns as vectors (nargs) */
    const ss_vector **vptr;
    ss_type *types;
    ss_aggregate_call_info info;
    size_t bytes;                   /* one state */
    bool varlen;                    /* the result's values are ss_text (copied after final) */
    uint32_t *pos;                  /* scratch row positions (absolute), st->n of them */
    void *states[SS_BATCH_CAPACITY]; /* step's per-row states, each the one being folded */
} agg_run;

/* select_row and step_dense are appended vtable fields. */
static bool has_select_row(const ss_aggregate_vtable *vt)
{
    return vt->struct_size >= offsetof(ss_aggregate_vtable, select_row) + sizeof vt->select_row && vt->select_row;
}

/* Whether row r (absolute) reaches the aggregate: FILTER true and, for a strict aggregate,
 * no NULL argument (count(*) has none). */
static bool counts(const agg_run *a, uint32_t r)
{
    const win_state *st = a->st;
    if (a->call->filter) {
        const ops_column *f = &st->filters[a->k];
        if (ops_column_is_null(f, r) || !((const uint8_t *)f->data)[r])
            return false;
    }
    for (uint32_t i = 0; a->vt->strict && i < a->call->nargs; i++)
        if (ops_column_is_null(&st->args[a->k][i], r))
            return false;
    return true;
}

/* A state set up afresh (what it owned released first when it was in use). */
static void state_reset(agg_run *a, void *state, bool used)
{
    if (used && a->vt->release)
        a->vt->release(&a->info, state);
    memset(state, 0, a->bytes);
    a->vt->init(&a->info, state);
}

/* Folds rows[0..m) into state (step, a batch at a time). */
static int step_rows(ss_ctx *ctx, agg_run *a, void *state, const uint32_t *rows, uint32_t m)
{
    for (uint32_t j = 0; j < m; j += SS_BATCH_CAPACITY) {
        uint32_t n = m - j < SS_BATCH_CAPACITY ? m - j : SS_BATCH_CAPACITY;
        for (uint32_t q = 0; q < n; q++)
            a->states[q] = state;
        if (a->vt->step(ctx, &a->info, a->states, a->vptr, rows + j, n))
            return SS_ERROR;
    }
    return SS_OK;
}

/* Removes rows[0..m) from state (inverse): SS_OK, SS_ERROR or SS_AGGREGATE_INVERSE_RESTART. */
static int inverse_rows(ss_ctx *ctx, agg_run *a, void *state, const uint32_t *rows, uint32_t m)
{
    for (uint32_t j = 0; j < m; j += SS_BATCH_CAPACITY) {
        uint32_t n = m - j < SS_BATCH_CAPACITY ? m - j : SS_BATCH_CAPACITY;
        for (uint32_t q = 0; q < n; q++)
            a->states[q] = state;
        int rc = a->vt->inverse(ctx, &a->info, a->states, a->vptr, rows + j, n);
        if (rc)
            return rc;
    }
    return SS_OK;
}

/* Row i of out from state: final, its text then copied into out (a final may point into
 * the state, which moves on or is released before the partition's results are kept). */
static int emit(ss_ctx *ctx, agg_run *a, const void *state, ss_vector *out, uint32_t i)
{
    if (a->vt->final(ctx, &a->info, state, out, i))
        return SS_ERROR;
    if (!a->varlen || ss_vector_is_null(out, i))
        return SS_OK;
    ss_text *t = &((ss_text *)out->data)[i];
    char *p = g_api->vector_text_alloc(ctx, out, t->len ? t->len : 1);
    if (!p)
        return SS_ERROR;
    if (t->len)
        memcpy(p, t->ptr, t->len);
    t->ptr = p;
    return SS_OK;
}

/* The counting rows of [from, to) of the partition (absolute positions) into a->pos; with
 * EXCLUDE, those row i's frame excludes are left out. */
static uint32_t frame_rows(agg_run *a, uint32_t from, uint32_t to, uint32_t i, bool excl)
{
    win_state *st = a->st;
    uint32_t m = 0;
    for (uint32_t r = from; r < to; r++)
        if (!(excl && win_excluded(st, i, r)) && counts(a, st->ps + r))
            a->pos[m++] = st->ps + r;
    return m;
}

/* (a) naive: every row's frame collected and aggregated in a new state. */
static int run_naive(ss_ctx *ctx, agg_run *a, bool excl, ss_vector *out)
{
    win_state *st = a->st;
    void *state = ops_zalloc(ctx, g_api, a->bytes);
    if (!state)
        return SS_ERROR;
    int rc = SS_OK;
    for (uint32_t i = 0; i < st->n && rc == SS_OK; i++) {
        state_reset(a, state, i > 0);
        uint32_t m = frame_rows(a, st->frame_start[i], st->frame_end[i], i, excl);
        if ((rc = step_rows(ctx, a, state, a->pos, m)) == SS_OK)
            rc = emit(ctx, a, state, out, i);
    }
    if (a->vt->release)
        a->vt->release(&a->info, state);
    ops_free(g_api, state);
    return rc;
}

/* (b) incremental: frames move forward (start and end never decrease), so a running state
 * takes the rows entering at the end and gives back (inverse) those leaving at the start;
 * SS_AGGREGATE_INVERSE_RESTART folds the frame's rows into a new state instead. */
static int run_incremental(ss_ctx *ctx, agg_run *a, ss_vector *out)
{
    win_state *st = a->st;
    void *state = ops_zalloc(ctx, g_api, a->bytes);
    if (!state)
        return SS_ERROR;
    a->vt->init(&a->info, state);
    uint32_t cs = 0, ce = 0;
    int rc = SS_OK;
    for (uint32_t i = 0; i < st->n && rc == SS_OK; i++) {
        uint32_t fs = st->frame_start[i], fe = st->frame_end[i];
        if (fs >= ce || fs < cs) { /* no overlap: start again */
            state_reset(a, state, true);
            cs = ce = fs;
        }
        uint32_t m = frame_rows(a, ce, fe, i, false);
        ce = fe;
        if ((rc = step_rows(ctx, a, state, a->pos, m)) != SS_OK)
            break;
        m = frame_rows(a, cs, fs, i, false);
        cs = fs;
        rc = inverse_rows(ctx, a, state, a->pos, m);
        if (rc == SS_AGGREGATE_INVERSE_RESTART) { /* the aggregate cannot remove them */
            state_reset(a, state, true);
            m = frame_rows(a, fs, fe, i, false);
            rc = step_rows(ctx, a, state, a->pos, m);
        }
        if (rc == SS_OK)
            rc = emit(ctx, a, state, out, i);
    }
    if (a->vt->release)
        a->vt->release(&a->info, state);
    ops_free(g_api, state);
    return rc == SS_OK ? SS_OK : SS_ERROR;
}

/* (c) segment tree of row positions for an aggregate that selects one of its rows
 * (select_row): node v holds the chosen row of its range (UINT32_MAX: no counting row); each
 * frame's row from O(log n) nodes, joined left to right; the result is its first argument. */
static uint32_t chosen(const agg_run *a, uint32_t x, uint32_t y)
{
    if (x == UINT32_MAX)
        return y;
    if (y == UINT32_MAX)
        return x;
    return a->vt->select_row(&a->info, a->vptr, x, y) ? y : x;
}

static int run_row_tree(ss_ctx *ctx, agg_run *a, ss_vector *out)
{
    win_state *st = a->st;
    uint32_t n = st->n, size = 1;
    while (size < n)
        size <<= 1;
    uint32_t *t = ops_zalloc_array(ctx, g_api, 2 * (size_t)size, sizeof *t);
    if (!t)
        return SS_ERROR;
    for (uint32_t i = 0; i < size; i++)
        t[size + i] = i < n && counts(a, st->ps + i) ? st->ps + i : UINT32_MAX;
    for (uint32_t v = size - 1; v >= 1; v--)
        t[v] = chosen(a, t[2 * v], t[2 * v + 1]);
    int rc = SS_OK;
    uint32_t right[64];
    for (uint32_t i = 0; i < n && rc == SS_OK; i++) {
        uint32_t best = UINT32_MAX, nr = 0;
        for (uint32_t lo = st->frame_start[i] + size, hi = st->frame_end[i] + size; lo < hi; lo >>= 1, hi >>= 1) {
            if (lo & 1)
                best = chosen(a, best, t[lo++]);
            if (hi & 1)
                right[nr++] = t[--hi];
        }
        while (nr)
            best = chosen(a, best, right[--nr]);
        if (best == UINT32_MAX) {
            ss_vector_set_null(out, i);
            continue;
        }
        ss_value v;
        ss_vector_get_value(&a->views[0], best, &v);
        rc = g_api->vector_set_value(ctx, out, i, &v);
    }
    ops_free(g_api, t);
    return rc;
}

/* (c) segment tree of states joined by combine: node v holds the state of its range (a
 * leaf: init, then its row when it counts; above: init, then combine of its two children in
 * order); each frame's state is combined from O(log n) nodes, left to right.  Nodes are
 * built when a frame first needs one, so rows are only ever combined with rows that share
 * a frame (bit_or of bit strings of different sizes fails only where PostgreSQL's would). */
typedef struct combine_tree {
    char *t;          /* 2 * size + 1 states; slot 0 is the frame's accumulator */
    uint8_t *ready;   /* per node: built */
    uint32_t size;
} combine_tree;

static void tree_release(agg_run *a, combine_tree *ct)
{
    size_t nstates = 2 * (size_t)ct->size + 1;
    for (size_t v = 0; ct->t && a->vt->release && v < nstates; v++)
        a->vt->release(&a->info, ct->t + v * a->bytes);
    ops_free(g_api, ct->t);
    ops_free(g_api, ct->ready);
}

static int tree_node(ss_ctx *ctx, agg_run *a, combine_tree *ct, uint32_t v)
{
    if (ct->ready[v])
        return SS_OK;
    char *node = ct->t + (size_t)v * a->bytes;
    if (v >= ct->size) { /* a leaf: its row, when there is one and it counts */
        uint32_t i = v - ct->size, r = a->st->ps + i;
        if (i < a->st->n && counts(a, r) && step_rows(ctx, a, node, &r, 1))
            return SS_ERROR;
    } else if (tree_node(ctx, a, ct, 2 * v) || tree_node(ctx, a, ct, 2 * v + 1) ||
               a->vt->combine(ctx, &a->info, node, ct->t + 2 * (size_t)v * a->bytes) ||
               a->vt->combine(ctx, &a->info, node, ct->t + (2 * (size_t)v + 1) * a->bytes)) {
        return SS_ERROR;
    }
    ct->ready[v] = 1;
    return SS_OK;
}

static int run_combine_tree(ss_ctx *ctx, agg_run *a, ss_vector *out)
{
    win_state *st = a->st;
    combine_tree ct = {.size = 1};
    while (ct.size < st->n)
        ct.size <<= 1;
    size_t ss = a->bytes, nstates = 2 * (size_t)ct.size + 1;
    ct.t = ops_zalloc_array(ctx, g_api, nstates, ss);
    ct.ready = ops_zalloc_array(ctx, g_api, nstates, 1);
    if (!ct.t || !ct.ready) {
        tree_release(a, &ct);
        return SS_ERROR;
    }
    for (size_t v = 1; v < nstates; v++)
        a->vt->init(&a->info, ct.t + v * ss);
    int rc = SS_OK;
    char *acc = ct.t;
    uint32_t right[64];
    for (uint32_t i = 0; i < st->n && rc == SS_OK; i++) {
        state_reset(a, acc, i > 0);
        uint32_t nr = 0;
        for (uint32_t lo = st->frame_start[i] + ct.size, hi = st->frame_end[i] + ct.size; lo < hi && rc == SS_OK;
             lo >>= 1, hi >>= 1) {
            if (lo & 1) {
                if ((rc = tree_node(ctx, a, &ct, lo)) == SS_OK)
                    rc = a->vt->combine(ctx, &a->info, acc, ct.t + (size_t)lo * ss);
                lo++;
            }
            if (hi & 1)
                right[nr++] = --hi;
        }
        while (nr && rc == SS_OK) {
            uint32_t v = right[--nr];
            if ((rc = tree_node(ctx, a, &ct, v)) == SS_OK)
                rc = a->vt->combine(ctx, &a->info, acc, ct.t + (size_t)v * ss);
        }
        if (rc == SS_OK)
            rc = emit(ctx, a, acc, out, i);
    }
    tree_release(a, &ct);
    return rc;
}

/* Whether the result is a floating-point one: its value then depends on the order its rows
 * are folded in, so it keeps PostgreSQL's sequential order (naive, or the inverse). */
static bool float_result(const ss_window_call *c)
{
    return c->result_type.id == SS_TYPE_FLOAT8 || c->result_type.id == SS_TYPE_FLOAT4;
}

static int run(ss_ctx *ctx, agg_run *a, ss_vector *out)
{
    win_state *st = a->st;
    const ss_aggregate_vtable *vt = a->vt;
    bool excl = st->node->frame &
                (SS_WINDOW_FRAME_EXCLUDE_CURRENT_ROW | SS_WINDOW_FRAME_EXCLUDE_GROUP | SS_WINDOW_FRAME_EXCLUDE_TIES);
    bool can_inc = !excl && vt->inverse;
    bool can_rows = !excl && a->call->nargs >= 1 && has_select_row(vt);
    bool can_combine = !excl && vt->combine && !float_result(a->call);
    bool tree = st->algo == WIN_ALGO_SEGMENT_TREE || st->algo == WIN_ALGO_AUTO;
    if ((st->algo == WIN_ALGO_INCREMENTAL || st->algo == WIN_ALGO_AUTO) && can_inc)
        return run_incremental(ctx, a, out);
    if (tree && can_rows)
        return run_row_tree(ctx, a, out);
    if (tree && can_combine)
        return run_combine_tree(ctx, a, out);
    return run_naive(ctx, a, excl, out);
}

int win_aggregate(ss_ctx *ctx, win_state *st, uint32_t k, ss_vector *out)
{
    const ss_window_call *c = st->node->calls[k];
    if (!c->aggregate) /* bound without the aggregate module that registers it */
        return g_api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: aggregate %s with OVER (no loaded module registers it)", c->name);
    agg_run *a = ops_zalloc(ctx, g_api, sizeof *a);
    if (!a)
        return SS_ERROR;
    uint32_t nargs = c->nargs;
    a->st = st;
    a->k = k;
    a->call = c;
    a->vt = c->aggregate;
    a->views = ops_zalloc_array(ctx, g_api, nargs ? nargs : 1, sizeof *a->views);
    a->vptr = ops_zalloc_array(ctx, g_api, nargs ? nargs : 1, sizeof *a->vptr);
    a->types = ops_zalloc_array(ctx, g_api, nargs ? nargs : 1, sizeof *a->types);
    a->pos = ops_zalloc_array(ctx, g_api, st->n ? st->n : 1, sizeof *a->pos);
    int rc = SS_ERROR;
    if (a->views && a->vptr && a->types && a->pos) {
        for (uint32_t i = 0; i < nargs; i++) {
            a->views[i] = ops_column_view(&st->args[k][i]);
            a->vptr[i] = &a->views[i];
            a->types[i] = st->args[k][i].type;
        }
        a->info = (ss_aggregate_call_info){.struct_size = sizeof a->info, .nargs = nargs, .arg_types = a->types,
                                           .result_type = c->result_type, .moving = 1};
        a->bytes = ss_aggregate_state_bytes(a->vt, &a->info);
        const ss_type_info *ri = g_api->type_info(c->result_type.id);
        a->varlen = ri && ri->layout == SS_LAYOUT_VARLEN;
        rc = run(ctx, a, out);
    }
    ops_free(g_api, a->views);
    ops_free(g_api, a->vptr);
    ops_free(g_api, a->types);
    ops_free(g_api, a->pos);
    ops_free(g_api, a);
    return rc;
}
