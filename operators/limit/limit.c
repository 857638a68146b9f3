/* limit.c — the "limit" operator module: skips OFFSET rows, then passes at most LIMIT rows of
 * child 0 by narrowing batch selections; stops pulling once the limit is reached. */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"

static const ss_api *g_api;

typedef struct limit_state {
    const ss_plan_node *node;
    ss_op *child;
    int64_t to_skip;  /* offset rows still to drop */
    int64_t to_emit;  /* rows still allowed; -1 = unlimited */
    uint32_t sel[SS_BATCH_CAPACITY];
} limit_state;

static void limit_reset(limit_state *st)
{
    st->to_skip = st->node->limit.offset;
    st->to_emit = st->node->limit.limit;
}

static void limit_close(ss_ctx *ctx, ss_op *self, void *state)
{
    if (state)
        g_api->free(state);
}

static int limit_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, void **state)
{
    *state = NULL;
    if (node->nchildren < 1)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "limit: plan node has no child");
    if (node->limit.limit < -1)
        return g_api->error(ctx, SS_SQLSTATE_INVALID_ROW_COUNT_IN_LIMIT,
                            "LIMIT must not be negative");
    if (node->limit.offset < 0)
        return g_api->error(ctx, SS_SQLSTATE_INVALID_ROW_COUNT_IN_OFFSET,
                            "OFFSET must not be negative");
    limit_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = node;
    st->child = g_api->op_child(self, 0);
    limit_reset(st);
    *state = st;
    return SS_OK;
}

static int limit_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    limit_state *st = state;
    *out = NULL;
    while (st->to_emit != 0) {
        ss_batch *b = NULL;
        if (g_api->op_next(ctx, st->child, &b) != SS_OK)
            return SS_ERROR;
        if (!b)
            return SS_OK;
        uint32_t live = ss_batch_rows(b);
        uint32_t skip = st->to_skip < (int64_t)live ? (uint32_t)st->to_skip : live;
        st->to_skip -= skip;
        uint32_t take = live - skip;
        if (st->to_emit >= 0 && st->to_emit < (int64_t)take)
            take = (uint32_t)st->to_emit;
        if (take == 0)
            continue;
        if (st->to_emit > 0)
            st->to_emit -= take;
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

static int limit_rescan(ss_ctx *ctx, ss_op *self, void *state)
{
    limit_state *st = state;
    limit_reset(st);
    return g_api->op_rescan(ctx, st->child);
}

static int limit_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const limit_state *st = state;
    if (!st)
        return SS_OK;
    if (st->node->limit.limit < 0)
        return ops_explain_appendf(buf, buflen, "offset %lld, no limit",
                                   (long long)st->node->limit.offset);
    return ops_explain_appendf(buf, buflen, "limit %lld offset %lld",
                               (long long)st->node->limit.limit,
                               (long long)st->node->limit.offset);
}

static const ss_operator_vtable limit_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "limit",
    .role = SS_ROLE_LIMIT,
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
    g_api = api;
    return api->register_operator(plugin, &limit_vtable, false);
}
