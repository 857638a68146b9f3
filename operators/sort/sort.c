/* sort.c — the "sort" operator module: materialises every row of child 0 (values and text
 * bytes copied, since child batches only live until the next pull), orders them stably by
 * the node's keys (see sort_order.c) and emits them in batches of SS_BATCH_CAPACITY rows.
 * Under a small bound (LIMIT + OFFSET above it) it keeps only the rows that can still be
 * among the first `bound`: once it holds a compacted best `bound`, a row enters only when it
 * sorts strictly before the last of them.  Beyond work_mem the rows held so far go to a
 * temporary file as a sorted run and the output is the merge of the runs (sort_spill.c). */
#include <string.h>

#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/column_buffer.h"
#include "common/explain_text.h"
#include "common/owned_batch.h"
#include "common/plan_node.h"
#include "sort_order.h"
#include "common/type_layout.h"
#include "sort_spill.h"

static const ss_api *g_api;

/* Bounds up to this keep only their candidate rows while reading; the buffer is compacted to
 * the best `bound` rows whenever it holds twice as many (and at least SORT_TOPN_MIN_BUFFER). */
#define SORT_TOPN_MAX 65536
#define SORT_TOPN_MIN_BUFFER 4096

typedef struct sort_state {
    const ss_sort_node *node;
    ss_op *child;
    int64_t bound;        /* rows the consumer will read (set_bound), -1 = all */
    uint32_t ncols;
    ops_column *cols;     /* materialised input, one buffer per column */
    uint32_t nrows;
    bool sorted;          /* input consumed and order computed */
    uint32_t *order;      /* row numbers in output order */
    uint32_t emitted;     /* rows of order already returned */
    sort_method method;
    ops_owned_batch out;
    size_t budget;        /* work_mem in bytes; 0: no spilling (kernel without temp files) */
    sort_spill spill;     /* runs beyond the budget */
    uint32_t best;        /* bounded: rows 0..best-1 are the best `bound` so far, in order */
    ss_vector *views;     /* ncols: the column buffers read as vectors (the bounded filter) */
    ss_vector **viewp;
    uint32_t cand[SS_BATCH_CAPACITY]; /* bounded: the rows of a batch that may still enter */
} sort_state;

/* Empties the column buffers (keeping their types). */
/* Empties the column buffers for the next rows.  A column whose type the buffers cannot
 * hold (refused when the sort opened) stays released rather than reporting again. */
static void sort_clear_columns(sort_state *st)
{
    for (uint32_t c = 0; c < st->ncols; c++) {
        ss_type t = st->cols[c].type;
        bool held = st->cols[c].layout != OPS_LAYOUT_NONE;
        ops_column_release(&st->cols[c]);
        if (held)
            ops_column_init(NULL, &st->cols[c], g_api, t, "sort");
    }
}

static void sort_discard_rows(ss_ctx *ctx, sort_state *st)
{
    sort_clear_columns(st);
    sort_spill_release(ctx, &st->spill);
    st->best = 0;
    ops_free(g_api, st->order);
    st->order = NULL;
    st->nrows = 0;
    st->sorted = false;
    st->emitted = 0;
}

static void sort_close(ss_ctx *ctx, ss_op *self, void *state)
{
    sort_state *st = state;
    if (!st)
        return;
    if (st->cols) {
        sort_discard_rows(ctx, st);
        for (uint32_t c = 0; c < st->ncols; c++)
            ops_column_release(&st->cols[c]);
        g_api->free(st->cols);
    }
    ops_owned_batch_release(g_api, &st->out);
    ops_free(g_api, st->views);
    ops_free(g_api, st->viewp);
    g_api->free(st);
}

static int sort_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_sort_node *sort = OPS_NODE_OF(ctx, g_api, node, SS_NODE_SORT, ss_sort_node, "sort");
    if (!sort)
        return SS_ERROR;
    if (node->nchildren < 1)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "sort: plan node has no child");
    for (uint32_t k = 0; k < sort->nkeys; k++)
        if (sort->keys[k].column >= node->ncols)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "sort: key %u refers to column %u of %u", k + 1,
                                sort->keys[k].column + 1, node->ncols);
    sort_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = sort;
    st->bound = -1;
    st->child = g_api->op_child(self, 0);
    st->cols = ops_zalloc_array(ctx, g_api, node->ncols ? node->ncols : 1, sizeof *st->cols);
    if (!st->cols)
        goto fail;
    for (uint32_t c = 0; c < node->ncols; c++) {
        st->ncols = c + 1; /* close releases only initialised buffers */
        if (ops_column_init(ctx, &st->cols[c], g_api, node->col_types[c], "sort") != SS_OK)
            goto fail;
    }
    st->ncols = node->ncols;
    st->views = ops_zalloc_array(ctx, g_api, node->ncols ? node->ncols : 1, sizeof *st->views);
    st->viewp = ops_zalloc_array(ctx, g_api, node->ncols ? node->ncols : 1, sizeof *st->viewp);
    if (!st->views || !st->viewp)
        goto fail;
    for (uint32_t c = 0; c < node->ncols; c++)
        st->viewp[c] = &st->views[c];
    if (ops_spill_available(g_api) && !(flags & SS_OPEN_EXPLAIN_ONLY))
        st->budget = g_api->work_mem(ctx, false);
    sort_spill_init(&st->spill, g_api, sort->keys, sort->nkeys, node->ncols, node->col_types, st->budget);
    if (ops_owned_batch_init(ctx, g_api, &st->out, node->ncols, node->col_types,
                             SS_BATCH_CAPACITY) != SS_OK)
        goto fail;
    *state = st;
    return SS_OK;
fail:
    sort_close(ctx, self, st);
    return SS_ERROR;
}

/* The child's batch must have the plan's columns, with the same physical layouts. */
static int check_child_batch(ss_ctx *ctx, const sort_state *st, const ss_batch *b)
{
    if (b->ncols != st->ncols)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "sort: child batch has %u columns, expected %u", b->ncols, st->ncols);
    for (uint32_t c = 0; c < st->ncols; c++)
        if (ops_layout_of(b->cols[c]->type.id) != st->cols[c].layout)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "sort: child column %u has type %s, expected %s", c + 1,
                                g_api->type_name(b->cols[c]->type),
                                g_api->type_name(st->cols[c].type));
    return SS_OK;
}

/* Bounded: keeps only the best `limit` rows of the buffer, in order. */
static int compact_best(ss_ctx *ctx, sort_state *st, uint32_t limit)
{
    uint32_t *order = g_api->alloc((size_t)limit * sizeof *order);
    ops_column *fresh = ops_zalloc_array(ctx, g_api, st->ncols ? st->ncols : 1, sizeof *fresh);
    uint32_t kept = 0;
    int rc = SS_ERROR;
    if (!order || !fresh) {
        g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        goto done;
    }
    if (sort_compute_top(ctx, g_api, st->cols, st->nrows, st->node->keys, st->node->nkeys, limit, order, &kept))
        goto done;
    for (uint32_t c = 0; c < st->ncols; c++) {
        ss_vector view = ops_column_view(&st->cols[c]);
        if (ops_column_init(ctx, &fresh[c], g_api, st->cols[c].type, "sort") != SS_OK ||
            ops_column_append(ctx, &fresh[c], &view, order, kept) != SS_OK)
            goto done;
    }
    for (uint32_t c = 0; c < st->ncols; c++) {
        ops_column_release(&st->cols[c]);
        st->cols[c] = fresh[c];
    }
    ops_free(g_api, fresh);
    fresh = NULL;
    st->nrows = st->best = kept;
    rc = SS_OK;
done:
    for (uint32_t c = 0; fresh && c < st->ncols; c++)
        ops_column_release(&fresh[c]);
    ops_free(g_api, fresh);
    ops_free(g_api, order);
    return rc;
}

/* Bounded, once the best `limit` rows are known: the live rows of b that sort strictly
 * before the last of them (an equal row comes later in the input, so it cannot enter). */
static uint32_t filter_candidates(sort_state *st, const ss_batch *b, uint32_t limit)
{
    for (uint32_t c = 0; c < st->ncols; c++)
        st->views[c] = ops_column_view(&st->cols[c]);
    uint32_t n = ss_batch_rows(b), nc = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = ss_batch_row(b, k);
        if (sort_compare_vectors(st->node->keys, st->node->nkeys, b->cols, row, st->viewp, limit - 1) < 0)
            st->cand[nc++] = row;
    }
    return nc;
}

static int sort_materialize(ss_ctx *ctx, sort_state *st)
{
    bool checked = false;
    bool bounded = st->bound > 0 && st->bound <= SORT_TOPN_MAX && st->node->nkeys > 0;
    uint32_t limit = bounded ? (uint32_t)st->bound : 0;
    uint32_t compact_at = limit * 2 > SORT_TOPN_MIN_BUFFER ? limit * 2 : SORT_TOPN_MIN_BUFFER;
    for (;;) {
        ss_batch *b = NULL;
        if (g_api->op_next(ctx, st->child, &b) != SS_OK)
            return SS_ERROR;
        if (!b)
            break;
        uint32_t n = ss_batch_rows(b);
        if (n == 0)
            continue;
        if (!checked) {
            if (check_child_batch(ctx, st, b) != SS_OK)
                return SS_ERROR;
            checked = true;
        }
        const uint32_t *rows = b->sel;
        if (bounded && st->best == limit) {
            if ((n = filter_candidates(st, b, limit)) == 0)
                continue;
            rows = st->cand;
        }
        if (n > UINT32_MAX - st->nrows)
            return g_api->error(ctx, OPS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED,
                                "sort input has more than %u rows", (unsigned)UINT32_MAX);
        for (uint32_t c = 0; c < st->ncols; c++)
            if (ops_column_append(ctx, &st->cols[c], b->cols[c], rows, n) != SS_OK)
                return SS_ERROR;
        st->nrows += n;
        if (bounded && st->nrows >= compact_at) {
            if (compact_best(ctx, st, limit) != SS_OK)
                return SS_ERROR;
            continue;
        }
        /* beyond work_mem: the rows so far become a sorted run on disk */
        if (st->budget && st->node->nkeys > 0 &&
            sort_spill_memory(st->cols, st->ncols, st->nrows) > st->budget) {
            if (sort_spill_write_run(ctx, &st->spill, st->cols, st->nrows) != SS_OK)
                return SS_ERROR;
            sort_clear_columns(st);
            st->nrows = st->best = 0;
        }
    }
    if (st->spill.nruns) {
        if (sort_spill_write_run(ctx, &st->spill, st->cols, st->nrows) != SS_OK)
            return SS_ERROR;
        sort_clear_columns(st);
        st->nrows = 0;
        if (sort_spill_start_merge(ctx, &st->spill) != SS_OK)
            return SS_ERROR;
        st->method = SORT_METHOD_EXTERNAL;
        st->sorted = true;
        return SS_OK;
    }
    /* the bound set by LIMIT + OFFSET above us: when it keeps a small part of the input, a
       bounded heap beats sorting every row */
    int64_t bound = st->bound;
    bool top_n = bound >= 0 && st->node->nkeys > 0 && (bounded || bound < (int64_t)(st->nrows / 8));
    size_t order_len = top_n ? (size_t)bound : st->nrows;
    st->order = g_api->alloc((order_len ? order_len : 1) * sizeof *st->order);
    if (!st->order)
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (top_n) {
        uint32_t kept;
        if (sort_compute_top(ctx, g_api, st->cols, st->nrows, st->node->keys, st->node->nkeys,
                             (uint32_t)bound, st->order, &kept) != SS_OK)
            return SS_ERROR;
        st->nrows = kept; /* only these are emitted */
        st->method = SORT_METHOD_TOP_N;
    } else if (sort_compute_order(ctx, g_api, st->cols, st->nrows, st->node->keys,
                                  st->node->nkeys, st->order, &st->method) != SS_OK) {
        return SS_ERROR;
    }
    st->sorted = true;
    st->emitted = 0;
    return SS_OK;
}

static int sort_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    sort_state *st = state;
    *out = NULL;
    if (!st->sorted && sort_materialize(ctx, st) != SS_OK)
        return SS_ERROR;
    if (st->spill.merging) {
        if (sort_spill_next(ctx, &st->spill, &st->out, out) != SS_OK)
            return SS_ERROR;
        if (!*out)
            sort_spill_release(ctx, &st->spill); /* every run file goes as the stream ends */
        return SS_OK;
    }
    uint32_t n = ops_owned_batch_next_slice(g_api, &st->out, st->emitted, st->nrows);
    if (n == 0)
        return SS_OK;
    const uint32_t *idx = st->order + st->emitted;
    for (uint32_t c = 0; c < st->ncols; c++)
        if (ops_column_gather(ctx, &st->cols[c], idx, 0, n, st->out.vectors[c]) != SS_OK)
            return SS_ERROR;
    ops_owned_batch_emit(&st->out, n, &st->emitted, out);
    return SS_OK;
}

/* Re-reads the child: its rows may differ on a new scan, so nothing is kept, not even the
 * bound (the consumer sets it again). */
static int sort_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    sort_state *st = state;
    sort_discard_rows(ctx, st);
    st->bound = -1;
    return g_api->op_rescan(ctx, st->child, changed);
}

static int sort_set_bound(ss_ctx *ctx, ss_op *self, void *state, int64_t bound)
{
    sort_state *st = state;
    st->bound = bound;
    return SS_OK;
}

static int sort_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const sort_state *st = state;
    if (!st)
        return SS_OK;
    const ss_sort_node *node = st->node;
    const char *const *names = node->hdr.col_names;
    ops_explain_appendf(buf, buflen, "by ");
    for (uint32_t k = 0; k < node->nkeys; k++) {
        const ss_sort_key *key = &node->keys[k];
        const char *name = names && names[key->column] ? names[key->column] : NULL;
        if (name)
            ops_explain_appendf(buf, buflen, "%s%s", k ? ", " : "", name);
        else
            ops_explain_appendf(buf, buflen, "%s#%u", k ? ", " : "", key->column + 1);
        /* only what differs from PostgreSQL's defaults, as EXPLAIN shows it */
        if (key->descending)
            ops_explain_appendf(buf, buflen, " DESC");
        if (key->nulls_first != key->descending)
            ops_explain_appendf(buf, buflen, key->nulls_first ? " NULLS FIRST" : " NULLS LAST");
    }
    if (st->sorted && st->method == SORT_METHOD_EXTERNAL)
        ops_explain_appendf(buf, buflen, " (%s, %llu rows in %u runs)", sort_method_name(st->method),
                            (unsigned long long)st->spill.rows, st->spill.nruns);
    else if (st->sorted)
        ops_explain_appendf(buf, buflen, " (%s, %u rows)", sort_method_name(st->method),
                            st->nrows);
    return SS_OK;
}

static const ss_operator_vtable sort_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "sort",
    .node_kind = SS_NODE_SORT,
    .caps = SS_OPCAP_BOUND | SS_OPCAP_PARAM_RESCAN, /* holds its whole input: not parkable */
    .description = "stable sort (radix for one fixed-width key, else merge sort; external merge beyond work_mem)",
    .open = sort_open,
    .next_batch = sort_next_batch,
    .close = sort_close,
    .rescan = sort_rescan,
    .explain = sort_explain,
    .set_bound = sort_set_bound,
};

SS_PLUGIN_MAGIC("sort", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &sort_vtable, false);
}
