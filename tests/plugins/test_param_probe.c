/* test_param_probe.c — test plugin: a filter operator ("param_probe") that declares
 * SS_OPCAP_PARKABLE and SS_OPCAP_PARAM_RESCAN and reports, with a NOTICE at every rescan, the
 * set of changed parameters the kernel handed it ("param_probe: rescan, changed: 2" or
 * "changed: any" for NULL), and at open the parameters its node's subtree reads ("param_probe:
 * open, node reads: 1,2") and whether it was opened with SS_OPEN_REWIND
 * (tests/embed/test_abi2_execution.c). */
#include <stdio.h>

#include "sunstone/plugin.h"

#include "filter_rows.h"

static const ss_api *g_api;

typedef struct probe_state {
    const ss_filter_node *node;
    ss_op *child;
    uint32_t sel[SS_BATCH_CAPACITY];
} probe_state;

/* "1,2" (empty for no member) */
static void format_set(char *buf, size_t n, const ss_param_set *set)
{
    size_t used = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < set->n && used < n; i++) {
        int w = snprintf(buf + used, n - used, "%s%u", i ? "," : "", set->index[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

static int probe_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_filter_node *filter = SS_PLAN_NODE_AS(node, SS_NODE_FILTER, ss_filter_node);
    if (!filter || node->nchildren != 1)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "param_probe: not a filter node");
    probe_state *st = g_api->alloc(sizeof *st);
    if (!st)
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    st->node = filter;
    st->child = g_api->op_child(self, 0);
    *state = st;
    char reads[256];
    format_set(reads, sizeof reads, &node->params);
    g_api->notice(ctx, "param_probe: open%s, node reads: %s", flags & SS_OPEN_REWIND ? " (rewind)" : "", reads);
    return SS_OK;
}

static int probe_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    probe_state *st = state;
    return filter_rows_next(g_api, ctx, st->child, st->node->predicate, st->sel, out);
}

static int probe_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)self;
    probe_state *st = state;
    char set[256] = "any";
    if (changed)
        format_set(set, sizeof set, changed);
    g_api->notice(ctx, "param_probe: rescan, changed: %s", set);
    return g_api->op_rescan(ctx, st->child, changed);
}

static void probe_close(ss_ctx *ctx, ss_op *self, void *state)
{
    (void)ctx;
    (void)self;
    if (state)
        g_api->free(state);
}

static const ss_operator_vtable probe_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "param_probe",
    .node_kind = SS_NODE_FILTER,
    .caps = SS_OPCAP_PARKABLE | SS_OPCAP_PARAM_RESCAN,
    .description = "test: a filter that reports the changed parameters of each rescan",
    .open = probe_open,
    .next_batch = probe_next_batch,
    .close = probe_close,
    .rescan = probe_rescan,
};

SS_PLUGIN_MAGIC("test_param_probe", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    g_api = api;
    return api->register_operator(plugin, &probe_vtable, false);
}
