/* test_arena_state.c — test plugin: a filter operator ("arena_filter") that keeps its whole
 * state, selection buffer included, in ss_api.arena_alloc memory taken at open, and checks on
 * every next_batch and rescan that nothing else has written it.  A prepared statement whose
 * tree is kept between executions (parked) runs it many times (tests/embed/
 * test_arena_lifetime.c): the state must survive every execution.  Per-execution scratch is
 * taken at each rescan from the execution arena (ss_api.exec_arena_alloc, ABI 1.2) and
 * written all over, so memory handed out again while the state still lives there is caught
 * at once; a state part bigger than an arena block sits in a block of its own, which a
 * wrongly reset arena frees (AddressSanitizer reports the use after free).  EXPLAIN reports
 * how many instances were opened in this process, so the test can tell that the tree was
 * reused rather than rebuilt. */
#include <stdio.h>
#include <string.h>

#include "sunstone/plugin.h"

#include "filter_rows.h"

#define STATE_MAGIC 0x5354415445u /* "STATE" */
#define PATTERN_BYTES 192
/* bigger than an arena block: its own block, which a wrongly reset arena frees (ASan) */
#define BIG_BYTES 20000

static const ss_api *g_api;
/* process-wide, for EXPLAIN only: instances opened so far */
static unsigned long g_opens;

typedef struct arena_state {
    uint64_t magic;
    const ss_filter_node *node;
    ss_op *child;
    uint64_t executions;          /* rescans since open */
    uint32_t *sel;                /* SS_BATCH_CAPACITY entries, arena memory too */
    unsigned char *big;           /* BIG_BYTES of pattern, arena memory too */
    unsigned char pattern[PATTERN_BYTES];
} arena_state;

static unsigned char pattern_byte(size_t i)
{
    return (unsigned char)(0xA5 ^ (i * 31));
}

static int check_state(ss_ctx *ctx, const arena_state *st, const char *where)
{
    bool intact = st->magic == STATE_MAGIC && st->sel != NULL && st->big != NULL;
    for (size_t i = 0; intact && i < PATTERN_BYTES; i++)
        intact = st->pattern[i] == pattern_byte(i);
    for (size_t i = 0; intact && i < BIG_BYTES; i += 61)
        intact = st->big[i] == pattern_byte(i);
    if (!intact)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "arena_filter: state allocated at open was overwritten (seen in %s, "
                            "execution %llu)",
                            where, (unsigned long long)st->executions + 1);
    return SS_OK;
}

static int arena_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_filter_node *filter = SS_PLAN_NODE_AS(node, SS_NODE_FILTER, ss_filter_node);
    if (node->nchildren != 1 || !filter || !filter->predicate)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "arena_filter: plan node needs one child and a predicate");
    arena_state *st = g_api->arena_alloc(ctx, sizeof *st);
    uint32_t *sel = st ? g_api->arena_alloc(ctx, SS_BATCH_CAPACITY * sizeof *sel) : NULL;
    unsigned char *big = sel ? g_api->arena_alloc(ctx, BIG_BYTES) : NULL;
    if (!big)
        return SS_ERROR; /* arena_alloc recorded the error */
    st->magic = STATE_MAGIC;
    st->node = filter;
    st->child = g_api->op_child(self, 0);
    st->sel = sel;
    st->big = big;
    for (size_t i = 0; i < PATTERN_BYTES; i++)
        st->pattern[i] = pattern_byte(i);
    for (size_t i = 0; i < BIG_BYTES; i++)
        big[i] = pattern_byte(i);
    g_opens++;
    *state = st;
    return SS_OK;
}

static int arena_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    arena_state *st = state;
    *out = NULL;
    if (check_state(ctx, st, "next_batch") != SS_OK)
        return SS_ERROR;
    return filter_rows_next(g_api, ctx, st->child, st->node->predicate, st->sel, out);
}

static int arena_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)self;
    arena_state *st = state;
    if (check_state(ctx, st, "rescan") != SS_OK)
        return SS_ERROR;
    /* scratch for this execution only, of a size that changes from one execution to the
       next; written all over */
    size_t n = 64 + (size_t)(st->executions % 7) * 48;
    unsigned char *scratch = SS_API_HAS(g_api, exec_arena_alloc) ? g_api->exec_arena_alloc(ctx, n)
                                                                  : g_api->arena_alloc(ctx, n);
    if (!scratch)
        return SS_ERROR;
    memset(scratch, 0xEE, n);
    st->executions++;
    if (check_state(ctx, st, "rescan, after taking scratch memory") != SS_OK)
        return SS_ERROR;
    return g_api->op_rescan(ctx, st->child, changed);
}

static void arena_close(ss_ctx *ctx, ss_op *self, void *state)
{
    /* everything lives in the arena: nothing to free */
    (void)ctx;
    (void)self;
    (void)state;
}

static int arena_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    (void)ctx;
    (void)self;
    (void)state;
    snprintf(buf, buflen, "state in arena memory (instances opened in this process: %lu)", g_opens);
    return SS_OK;
}

static const ss_operator_vtable arena_filter_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "arena_filter",
    .node_kind = SS_NODE_FILTER,
    .caps = SS_OPCAP_PARKABLE,
    .description = "test: a filter whose state lives in arena memory, checked at every call",
    .open = arena_open,
    .next_batch = arena_next_batch,
    .close = arena_close,
    .rescan = arena_rescan,
    .explain = arena_explain,
};

SS_PLUGIN_MAGIC("test_arena_state", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    g_api = api;
    return api->register_operator(plugin, &arena_filter_vtable, false);
}
