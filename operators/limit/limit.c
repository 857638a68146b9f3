/* limit.c — the "limit" operator module: evaluates the node's LIMIT and OFFSET expressions at
 * open and rescan (they may read parameters), bounds its child (top-N sort), skips OFFSET
 * rows, then passes at most LIMIT rows of child 0 by narrowing batch selections; stops pulling
 * once the limit is reached.  WITH TIES keeps the LIMIT-th row's tie columns (column buffers)
 * and passes the rows after it while they are equal to it. */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/column_buffer.h"
#include "common/explain_text.h"
#include "common/plan_node.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct limit_state {
    const ss_limit_node *node;
    ss_op *child;
    int64_t limit;    /* this execution's LIMIT, -1 = none (negative values only EXPLAIN shows) */
    bool has_limit;   /* LIMIT has a non-NULL value */
    bool explain_only; /* opened for EXPLAIN: nothing runs, values are only shown */
    int64_t offset;   /* this execution's OFFSET */
    int64_t to_skip;  /* offset rows still to drop */
    int64_t to_emit;  /* rows still allowed; -1 = unlimited */
    ops_column *tie;  /* WITH TIES: per tie column, the LIMIT-th row's value */
    bool tail;        /* WITH TIES: the limit is reached, rows equal to tie still pass */
    bool done;        /* WITH TIES: a row differed from tie, nothing more passes */
    uint32_t sel[SS_BATCH_CAPACITY];
} limit_state;

/* One of the node's bigint expressions (NULL = none: *out keeps its default and *set is
 * false); a negative value is refused with PostgreSQL's SQLSTATE and message, except under
 * EXPLAIN, which shows the plan without running it, as PostgreSQL's does. */
static int eval_count(ss_ctx *ctx, const limit_state *st, const ss_expr *e, const char *sqlstate, const char *what,
                      int64_t *out, bool *set)
{
    *set = false;
    if (!e)
        return SS_OK;
    ss_value v;
    if (g_api->expr_eval_scalar(ctx, e, &v) != SS_OK)
        return SS_ERROR;
    if (v.is_null)
        return SS_OK;
    if (v.v.i < 0 && !st->explain_only)
        return g_api->error(ctx, sqlstate, "%s must not be negative", what);
    *out = v.v.i;
    *set = true;
    return SS_OK;
}

/* Evaluates LIMIT and OFFSET for this execution (they may read parameters) into the state and
 * restarts the counters. */
static int limit_start(ss_ctx *ctx, limit_state *st)
{
    st->limit = -1;
    st->offset = 0;
    bool has_offset;
    /* OFFSET first, as PostgreSQL's recompute_limits: which error a query with both wrong
       reports depends on it */
    if (eval_count(ctx, st, st->node->offset, SS_SQLSTATE_INVALID_ROW_COUNT_IN_OFFSET, "OFFSET", &st->offset,
                   &has_offset) ||
        eval_count(ctx, st, st->node->limit, SS_SQLSTATE_INVALID_ROW_COUNT_IN_LIMIT, "LIMIT", &st->limit,
                   &st->has_limit))
        return SS_ERROR;
    st->to_skip = st->offset;
    st->to_emit = st->limit;
    st->tail = st->done = false;
    return SS_OK;
}

/* Tells the child how many of its rows will be read, LIMIT + OFFSET (a sort emits top-N). */
static int limit_bound_child(ss_ctx *ctx, limit_state *st)
{
    int64_t bound = -1;
    /* WITH TIES reads past the limit: the child must not stop there */
    if (st->limit >= 0 && st->offset <= INT64_MAX - st->limit && st->node->nties == 0)
        bound = st->limit + st->offset;
    return g_api->op_set_bound(ctx, st->child, bound);
}

static void limit_close(ss_ctx *ctx, ss_op *self, void *state)
{
    limit_state *st = state;
    if (!st)
        return;
    for (uint32_t k = 0; st->tie && k < st->node->nties; k++)
        ops_column_release(&st->tie[k]);
    ops_free(g_api, st->tie);
    g_api->free(st);
}

/* WITH TIES: remembers row's tie columns. */
static int save_tie(ss_ctx *ctx, limit_state *st, const ss_batch *b, uint32_t row)
{
    for (uint32_t k = 0; k < st->node->nties; k++)
        if (ops_column_keep_one(ctx, &st->tie[k], b->cols[st->node->ties[k]], row, "FETCH ... WITH TIES") != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

/* WITH TIES: how many of the live rows from the from-th on equal the saved tie; sets done
 * when a row differs. */
static uint32_t count_ties(limit_state *st, const ss_batch *b, uint32_t from, uint32_t live)
{
    uint32_t k = from;
    for (; k < live; k++) {
        uint32_t row = b->sel ? b->sel[k] : k;
        bool same = true;
        for (uint32_t c = 0; same && c < st->node->nties; c++)
            same = ops_column_equals_vector(&st->tie[c], 0, b->cols[st->node->ties[c]], row);
        if (!same) {
            st->done = true;
            break;
        }
    }
    return k - from;
}

static int limit_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_limit_node *limit = OPS_NODE_OF(ctx, g_api, node, SS_NODE_LIMIT, ss_limit_node, "limit");
    if (!limit)
        return SS_ERROR;
    if (node->nchildren < 1)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "limit: plan node has no child");
    limit_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = limit;
    st->child = g_api->op_child(self, 0);
    st->explain_only = (flags & SS_OPEN_EXPLAIN_ONLY) != 0;
    *state = st;
    if (limit->nties) {
        if (!(st->tie = ops_zalloc_array(ctx, g_api, limit->nties, sizeof *st->tie)))
            return SS_ERROR;
        for (uint32_t k = 0; k < limit->nties; k++)
            if (limit->ties[k] >= node->children[0]->ncols)
                return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "limit: tie column %u of %u", limit->ties[k],
                                    node->children[0]->ncols);
        for (uint32_t k = 0; k < limit->nties; k++)
            if (ops_column_init(ctx, &st->tie[k], g_api, node->children[0]->col_types[limit->ties[k]],
                                "FETCH ... WITH TIES") != SS_OK)
                return SS_ERROR;
    }
    if (limit_start(ctx, st) != SS_OK)
        return SS_ERROR;
    return st->explain_only ? SS_OK : limit_bound_child(ctx, st);
}

static int limit_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    limit_state *st = state;
    *out = NULL;
    while (!st->done && (st->to_emit != 0 || st->tail)) {
        ss_batch *b = NULL;
        if (g_api->op_next(ctx, st->child, &b) != SS_OK)
            return SS_ERROR;
        if (!b)
            return SS_OK;
        uint32_t live = ss_batch_rows(b);
        uint32_t skip = st->to_skip < (int64_t)live ? (uint32_t)st->to_skip : live;
        st->to_skip -= skip;
        uint32_t take;
        if (st->tail) {
            take = count_ties(st, b, skip, live);
        } else {
            take = live - skip;
            if (st->to_emit >= 0 && st->to_emit < (int64_t)take)
                take = (uint32_t)st->to_emit;
            if (st->to_emit > 0)
                st->to_emit -= take;
            if (st->node->nties && st->to_emit == 0 && take > 0) {
                uint32_t last = skip + take - 1;
                if (save_tie(ctx, st, b, b->sel ? b->sel[last] : last) != SS_OK)
                    return SS_ERROR;
                st->tail = true;
                take += count_ties(st, b, skip + take, live);
            }
        }
        if (take == 0)
            continue;
        if (skip == 0 && take == live) {
            *out = b; /* whole batch passes: keep its selection as it is */
            return SS_OK;
        }
        if (b->count > SS_BATCH_CAPACITY)
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "limit: child batch has %u rows, more than %u", b->count,
                                SS_BATCH_CAPACITY);
        if (b->sel) {
            for (uint32_t k = 0; k < take; k++)
                st->sel[k] = b->sel[skip + k];
        } else {
            for (uint32_t k = 0; k < take; k++)
                st->sel[k] = skip + k;
        }
        b->sel = st->sel;
        b->sel_count = take;
        *out = b;
        return SS_OK;
    }
    return SS_OK;
}

static int limit_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    limit_state *st = state;
    /* evaluated again whatever changed: the expressions may be volatile, as PostgreSQL's
       ExecReScanLimit recomputes them every time */
    if (limit_start(ctx, st) != SS_OK || g_api->op_rescan(ctx, st->child, changed) != SS_OK)
        return SS_ERROR;
    return limit_bound_child(ctx, st);
}

static int limit_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const limit_state *st = state;
    if (!st)
        return SS_OK;
    if (!st->has_limit)
        return ops_explain_appendf(buf, buflen, "offset %lld, no limit", (long long)st->offset);
    return ops_explain_appendf(buf, buflen, "limit %lld%s offset %lld", (long long)st->limit,
                               st->node->nties ? " with ties" : "", (long long)st->offset);
}

static const ss_operator_vtable limit_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "limit",
    .node_kind = SS_NODE_LIMIT,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "skips OFFSET rows then passes at most LIMIT rows by narrowing selections",
    .open = limit_open,
    .next_batch = limit_next_batch,
    .close = limit_close,
    .rescan = limit_rescan,
    .explain = limit_explain,
};

SS_PLUGIN_MAGIC("limit", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &limit_vtable, false);
}
