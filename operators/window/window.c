/* window.c — the "window" operator module: PostgreSQL's WindowAgg.  Child 0 comes sorted by
 * the partition columns then the order keys; the operator materialises it (its columns and
 * every call's evaluated arguments and FILTER), computes each partition's peers and frames
 * and each call's result per row (a window function through sunstone/window.h, an aggregate
 * over the frames in window_agg.c), then emits the child's rows with the results appended. */
#include <string.h>

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/plan_node.h"
#include "common/type_layout.h"
#include "window_internal.h"

const ss_api *g_win_api;
#define g_api g_win_api

static void win_close(ss_ctx *ctx, ss_op *self, void *state)
{
    (void)ctx;
    (void)self;
    win_state *st = state;
    if (!st)
        return;
    const ss_window_node *w = st->node;
    for (uint32_t i = 0; st->cols && i < st->ncols; i++)
        ops_column_release(&st->cols[i]);
    for (uint32_t k = 0; k < w->ncalls; k++) {
        const ss_window_call *c = w->calls[k];
        for (uint32_t a = 0; st->args && st->args[k] && a < c->nargs; a++)
            ops_column_release(&st->args[k][a]);
        if (st->args)
            ops_free(g_api, st->args[k]);
        if (st->filters)
            ops_column_release(&st->filters[k]);
        if (st->results)
            ops_column_release(&st->results[k]);
        for (uint32_t a = 0; st->scratch && st->scratch[k] && a < c->nargs; a++)
            g_api->vector_destroy(st->scratch[k][a]);
        if (st->scratch)
            ops_free(g_api, st->scratch[k]);
        if (st->fscratch && st->fscratch[k])
            g_api->vector_destroy(st->fscratch[k]);
    }
    ops_free(g_api, st->cols);
    ops_free(g_api, st->args);
    ops_free(g_api, st->filters);
    ops_free(g_api, st->results);
    ops_free(g_api, st->scratch);
    ops_free(g_api, st->fscratch);
    ops_free(g_api, st->peer_start);
    ops_free(g_api, st->peer_first);
    ops_free(g_api, st->peer_end);
    ops_free(g_api, st->group_of);
    ops_free(g_api, st->group_first);
    ops_free(g_api, st->group_end);
    ops_free(g_api, st->frame_start);
    ops_free(g_api, st->frame_end);
    if (st->out)
        g_api->batch_destroy(st->out);
    g_api->free(st);
}

static win_algo algo_of(ss_ctx *ctx)
{
    const char *s = g_api->setting(ctx, "sunstone.window_frame_algorithm");
    if (!s)
        return WIN_ALGO_AUTO;
    if (!strcmp(s, "naive"))
        return WIN_ALGO_NAIVE;
    if (!strcmp(s, "incremental"))
        return WIN_ALGO_INCREMENTAL;
    if (!strcmp(s, "segment_tree"))
        return WIN_ALGO_SEGMENT_TREE;
    return WIN_ALGO_AUTO;
}

static int win_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    (void)flags;
    *state = NULL;
    const ss_window_node *w = OPS_NODE_OF(ctx, g_api, node, SS_NODE_WINDOW, ss_window_node, "window");
    if (!w)
        return SS_ERROR;
    if (node->nchildren < 1)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "window: plan node has no child");
    win_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    *state = st;
    st->node = w;
    st->child = g_api->op_child(self, 0);
    const ss_plan_node *child = node->children[0];
    st->ncols = child->ncols;
    uint32_t nc = w->ncalls ? w->ncalls : 1;
    st->cols = ops_zalloc_array(ctx, g_api, st->ncols ? st->ncols : 1, sizeof *st->cols);
    st->args = ops_zalloc_array(ctx, g_api, nc, sizeof *st->args);
    st->filters = ops_zalloc_array(ctx, g_api, nc, sizeof *st->filters);
    st->results = ops_zalloc_array(ctx, g_api, nc, sizeof *st->results);
    st->scratch = ops_zalloc_array(ctx, g_api, nc, sizeof *st->scratch);
    st->fscratch = ops_zalloc_array(ctx, g_api, nc, sizeof *st->fscratch);
    st->out = g_api->batch_create(node->ncols, node->col_types, SS_BATCH_CAPACITY);
    if (!st->cols || !st->args || !st->filters || !st->results || !st->scratch || !st->fscratch || !st->out)
        return st->out ? SS_ERROR : g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < st->ncols; i++)
        if (ops_column_init(ctx, &st->cols[i], g_api, child->col_types[i], "window"))
            return SS_ERROR;
    for (uint32_t k = 0; k < w->ncalls; k++) {
        const ss_window_call *c = w->calls[k];
        if (ops_column_init(ctx, &st->results[k], g_api, c->result_type, "window") ||
            ops_column_init(ctx, &st->filters[k], g_api, (ss_type){.id = SS_TYPE_BOOL, .typmod = -1}, "window"))
            return SS_ERROR;
        if (c->filter && !(st->fscratch[k] = g_api->vector_create(g_api->expr_type(c->filter), SS_BATCH_CAPACITY)))
            return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (!c->nargs)
            continue;
        st->args[k] = ops_zalloc_array(ctx, g_api, c->nargs, sizeof **st->args);
        st->scratch[k] = ops_zalloc_array(ctx, g_api, c->nargs, sizeof **st->scratch);
        if (!st->args[k] || !st->scratch[k])
            return SS_ERROR;
        for (uint32_t a = 0; a < c->nargs; a++) {
            ss_type t = g_api->expr_type(c->args[a]);
            if (ops_column_init(ctx, &st->args[k][a], g_api, t, "window"))
                return SS_ERROR;
            if (!(st->scratch[k][a] = g_api->vector_create(t, SS_BATCH_CAPACITY)))
                return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
    }
    st->algo = algo_of(ctx);
    return SS_OK;
}

/* Appends one child batch: its live rows' columns, arguments and FILTER values. */
static int take_batch(ss_ctx *ctx, win_state *st, ss_batch *b)
{
    const ss_window_node *w = st->node;
    uint32_t n = ss_batch_rows(b);
    if (!n)
        return SS_OK;
    for (uint32_t i = 0; i < st->ncols; i++)
        if (ops_column_append(ctx, &st->cols[i], b->cols[i], b->sel, n))
            return SS_ERROR;
    for (uint32_t k = 0; k < w->ncalls; k++) {
        const ss_window_call *c = w->calls[k];
        for (uint32_t a = 0; a < c->nargs; a++) {
            ss_vector *v = st->scratch[k][a];
            g_api->vector_reset(v);
            if (g_api->expr_eval(ctx, c->args[a], b, v) || ops_column_append(ctx, &st->args[k][a], v, b->sel, n))
                return SS_ERROR;
        }
        if (c->filter) {
            ss_vector *v = st->fscratch[k];
            g_api->vector_reset(v);
            if (g_api->expr_eval(ctx, c->filter, b, v) || ops_column_append(ctx, &st->filters[k], v, b->sel, n))
                return SS_ERROR;
        }
    }
    if (st->nrows > UINT32_MAX - n)
        return g_api->error(ctx, OPS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "window: more than 2^32 - 1 rows");
    st->nrows += n;
    return SS_OK;
}

static int grow(ss_ctx *ctx, win_state *st, uint32_t n)
{
    if (n <= st->cap)
        return SS_OK;
    uint32_t cap = n;
    uint32_t **arrays[] = {&st->peer_first, &st->peer_end, &st->group_of, &st->group_first,
                           &st->group_end, &st->frame_start, &st->frame_end};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
        uint32_t *p = ops_realloc(g_api, *arrays[i], sizeof(uint32_t) * cap);
        if (!p)
            return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        *arrays[i] = p;
    }
    uint8_t *ps = ops_realloc(g_api, st->peer_start, cap);
    if (!ps)
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    st->peer_start = ps;
    st->cap = cap;
    return SS_OK;
}

/* A vector of n rows of column c's values from the partition's first row. */
static ss_vector *partition_vector(ss_ctx *ctx, const ops_column *c, uint32_t first, uint32_t n)
{
    ss_vector *v = g_api->vector_create(c->type, n ? n : 1);
    if (!v) {
        g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    if (ops_column_gather(ctx, c, NULL, first, n, v)) {
        g_api->vector_destroy(v);
        return NULL;
    }
    return v;
}

/* Call k, a window function, over the partition into out. */
static int run_function(ss_ctx *ctx, win_state *st, uint32_t k, ss_vector *out)
{
    const ss_window_call *c = st->node->calls[k];
    ss_vector *args[16] = {0};
    int rc = SS_OK;
    for (uint32_t a = 0; a < c->nargs && a < 16 && rc == SS_OK; a++)
        if (!(args[a] = partition_vector(ctx, &st->args[k][a], st->ps, st->n)))
            rc = SS_ERROR;
    if (rc == SS_OK) {
        ss_window_partition part = {
            .nrows = st->n,
            .nargs = c->nargs,
            .args = (const ss_vector *const *)args,
            .peer_start = st->peer_start,
            .frame_start = c->window->uses_frame ? st->frame_start : NULL,
            .frame_end = c->window->uses_frame ? st->frame_end : NULL,
            .exclude = st->node->frame & (SS_WINDOW_FRAME_EXCLUDE_CURRENT_ROW | SS_WINDOW_FRAME_EXCLUDE_GROUP |
                                          SS_WINDOW_FRAME_EXCLUDE_TIES),
            .peer_first = st->peer_first,
            .peer_end = st->peer_end,
        };
        rc = c->window->evaluate(ctx, &part, out);
    }
    for (uint32_t a = 0; a < c->nargs && a < 16; a++)
        if (args[a])
            g_api->vector_destroy(args[a]);
    return rc;
}

/* Every partition's results. */
static int compute(ss_ctx *ctx, win_state *st)
{
    const ss_window_node *w = st->node;
    if (win_eval_offsets(ctx, st))
        return SS_ERROR;
    for (uint32_t ps = 0; ps < st->nrows;) {
        uint32_t pe = ps + 1;
        for (; pe < st->nrows; pe++) {
            bool same = true;
            for (uint32_t p = 0; same && p < w->npartition; p++)
                same = win_rows_equal(&st->cols[w->partition[p]], pe - 1, pe);
            if (!same)
                break;
        }
        st->ps = ps;
        st->n = pe - ps;
        if (grow(ctx, st, st->n) || win_partition_frames(ctx, st))
            return SS_ERROR;
        for (uint32_t k = 0; k < w->ncalls; k++) {
            const ss_window_call *c = w->calls[k];
            ss_vector *out = g_api->vector_create(c->result_type, st->n);
            if (!out)
                return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
            int rc = g_api->vector_ensure_validity(ctx, out);
            if (rc == SS_OK)
                rc = c->window ? run_function(ctx, st, k, out) : win_aggregate(ctx, st, k, out);
            if (rc == SS_OK)
                rc = ops_column_append(ctx, &st->results[k], out, NULL, st->n);
            g_api->vector_destroy(out);
            if (rc)
                return SS_ERROR;
        }
        if (g_api->check_interrupt(ctx))
            return SS_ERROR;
        ps = pe;
    }
    st->computed = true;
    return SS_OK;
}

static int win_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    win_state *st = state;
    *out = NULL;
    if (!st->computed) {
        for (;;) {
            ss_batch *b = NULL;
            if (g_api->op_next(ctx, st->child, &b))
                return SS_ERROR;
            if (!b)
                break;
            if (take_batch(ctx, st, b))
                return SS_ERROR;
        }
        if (compute(ctx, st))
            return SS_ERROR;
    }
    if (st->emitted >= st->nrows)
        return SS_OK;
    uint32_t n = st->nrows - st->emitted;
    if (n > SS_BATCH_CAPACITY)
        n = SS_BATCH_CAPACITY;
    ss_batch *b = st->out;
    g_api->batch_reset(b);
    for (uint32_t i = 0; i < st->ncols; i++)
        if (ops_column_gather(ctx, &st->cols[i], NULL, st->emitted, n, b->cols[i]))
            return SS_ERROR;
    for (uint32_t k = 0; k < st->node->ncalls; k++)
        if (ops_column_gather(ctx, &st->results[k], NULL, st->emitted, n, b->cols[st->ncols + k]))
            return SS_ERROR;
    b->count = n;
    b->sel = NULL;
    st->emitted += n;
    *out = b;
    return SS_OK;
}

static int win_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)self;
    win_state *st = state;
    for (uint32_t i = 0; i < st->ncols; i++) {
        ss_type t = st->cols[i].type;
        ops_column_release(&st->cols[i]);
        if (ops_column_init(ctx, &st->cols[i], g_api, t, "window"))
            return SS_ERROR;
    }
    for (uint32_t k = 0; k < st->node->ncalls; k++) {
        ops_column *cs[2] = {&st->results[k], &st->filters[k]};
        for (int j = 0; j < 2; j++) {
            ss_type t = cs[j]->type;
            ops_column_release(cs[j]);
            if (ops_column_init(ctx, cs[j], g_api, t, "window"))
                return SS_ERROR;
        }
        for (uint32_t a = 0; a < st->node->calls[k]->nargs; a++) {
            ss_type t = st->args[k][a].type;
            ops_column_release(&st->args[k][a]);
            if (ops_column_init(ctx, &st->args[k][a], g_api, t, "window"))
                return SS_ERROR;
        }
    }
    st->nrows = st->emitted = 0;
    st->computed = false;
    st->algo = algo_of(ctx);
    return g_api->op_rescan(ctx, st->child, changed);
}

static int win_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    (void)ctx;
    (void)self;
    const win_state *st = state;
    if (!st)
        return SS_OK;
    static const char *const algos[] = {"naive", "incremental", "segment_tree", "auto"};
    ops_explain_appendf(buf, buflen, "WindowAgg: %u call%s, %u partition key%s, %u order key%s, frames %s",
                        st->node->ncalls, st->node->ncalls == 1 ? "" : "s", st->node->npartition,
                        st->node->npartition == 1 ? "" : "s", st->node->norder, st->node->norder == 1 ? "" : "s",
                        algos[st->algo]);
    return SS_OK;
}

static const ss_operator_vtable win_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "window",
    .node_kind = SS_NODE_WINDOW,
    .caps = SS_OPCAP_PARAM_RESCAN,
    .description = "window functions and aggregates with OVER over sorted input (WindowAgg)",
    .open = win_open,
    .next_batch = win_next_batch,
    .close = win_close,
    .rescan = win_rescan,
    .explain = win_explain,
};

SS_PLUGIN_MAGIC("window", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_win_api = api;
    return api->register_operator(plugin, &win_vtable, false);
}
