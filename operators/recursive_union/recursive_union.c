/* recursive_union.c — the "recursive_union" operator module: WITH RECURSIVE (PostgreSQL's
 * RecursiveUnion).  It emits the rows of child 0 (the non-recursive term) as they come and
 * keeps them as the next round's worktable; then, while the last round produced rows, it
 * rescans child 1 (the recursive term), whose worktable scans read those rows through the
 * ss_worktable it publishes in its shared slot, emitting and keeping what that produces.
 * Rows go out batch by batch as they are produced, so a LIMIT above ends an infinite
 * recursion.  With UNION (not ALL) a hash table of every row produced so far drops
 * duplicates, so a cycle ends. */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/group_table.h"
#include "common/plan_node.h"
#include "common/row_store.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct ru_state {
    const ss_recursive_union_node *node;
    ss_op *child[2];
    int phase;                /* 0: the non-recursive term; 1: the recursive term; 2: done */
    uint64_t rounds;          /* rounds of the recursive term started */
    ops_row_store work;       /* the previous round's rows: what the worktable scans read */
    ops_row_store next;       /* this round's rows */
    bool dedup;               /* UNION: seen holds every row produced */
    group_table seen;
    uint32_t *pos, *gids, *sel;
    uint64_t *hashes;
    ss_worktable wt;
} ru_state;

static void ru_close(ss_ctx *ctx, ss_op *self, void *state)
{
    (void)ctx;
    (void)self;
    ru_state *st = state;
    if (!st)
        return;
    ops_row_store_release(&st->work);
    ops_row_store_release(&st->next);
    group_table_release(&st->seen);
    ops_free(g_api, st->pos);
    ops_free(g_api, st->gids);
    ops_free(g_api, st->sel);
    ops_free(g_api, st->hashes);
    g_api->free(st);
}

/* ss_worktable.read: the previous round's rows from *pos on. */
static int ru_read(ss_ctx *ctx, void *impl, uint64_t *pos, ss_batch *out)
{
    ru_state *st = impl;
    uint64_t n = *pos < st->work.count ? st->work.count - *pos : 0;
    if (n > SS_BATCH_CAPACITY)
        n = SS_BATCH_CAPACITY;
    if (ops_row_store_read(ctx, &st->work, (uint32_t)*pos, (uint32_t)n, out) != SS_OK)
        return SS_ERROR;
    *pos += n;
    return SS_OK;
}

static int ru_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    (void)flags;
    *state = NULL;
    const ss_recursive_union_node *node =
        OPS_NODE_OF(ctx, g_api, plan, SS_NODE_RECURSIVE_UNION, ss_recursive_union_node, "recursive_union");
    if (!node)
        return SS_ERROR;
    if (plan->nchildren != 2 || plan->children[0]->ncols != plan->ncols || plan->children[1]->ncols != plan->ncols)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "recursive_union: plan node needs two children of its schema");
    ru_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    *state = st;
    st->node = node;
    st->child[0] = g_api->op_child(self, 0);
    st->child[1] = g_api->op_child(self, 1);
    if (ops_row_store_init(ctx, g_api, &st->work, plan->ncols, plan->col_types, "recursive_union") != SS_OK ||
        ops_row_store_init(ctx, g_api, &st->next, plan->ncols, plan->col_types, "recursive_union") != SS_OK)
        return SS_ERROR;
    st->dedup = !node->all;
    if (st->dedup) {
        if (group_table_init(ctx, g_api, &st->seen, plan->ncols, plan->col_types) != SS_OK)
            return SS_ERROR;
        st->pos = ops_zalloc_array(ctx, g_api, SS_BATCH_CAPACITY, sizeof *st->pos);
        st->gids = ops_zalloc_array(ctx, g_api, SS_BATCH_CAPACITY, sizeof *st->gids);
        st->sel = ops_zalloc_array(ctx, g_api, SS_BATCH_CAPACITY, sizeof *st->sel);
        st->hashes = ops_zalloc_array(ctx, g_api, SS_BATCH_CAPACITY, sizeof *st->hashes);
        if (!st->pos || !st->gids || !st->sel || !st->hashes)
            return SS_ERROR;
    }
    st->wt = (ss_worktable){.struct_size = sizeof(ss_worktable), .impl = st, .read = ru_read};
    void **slot = g_api->shared_slot(ctx, self, SS_NODE_RECURSIVE_UNION, node->worktable_id);
    if (!slot)
        return SS_ERROR;
    *slot = &st->wt;
    return SS_OK;
}

/* UNION: narrows b to its rows not produced before (the first of equal ones); false when
 * none is left. */
static int keep_new_rows(ss_ctx *ctx, ru_state *st, ss_batch *b, bool *any)
{
    uint32_t n = ss_batch_rows(b);
    for (uint32_t k = 0; k < n; k++)
        st->pos[k] = ss_batch_row(b, k);
    uint32_t expect = st->seen.ngroups;
    if (group_table_lookup(ctx, &st->seen, b->cols, st->pos, n, st->hashes, st->gids) != SS_OK)
        return SS_ERROR;
    /* new groups get ids in order of first appearance */
    uint32_t m = 0;
    for (uint32_t k = 0; k < n; k++)
        if (st->gids[k] == expect) {
            st->sel[m++] = st->pos[k];
            expect++;
        }
    b->sel = st->sel;
    b->sel_count = m;
    *any = m > 0;
    return SS_OK;
}

/* The end of a round: its rows become the worktable, and the recursive term runs over them
 * (or nothing is left to do). */
static int next_round(ss_ctx *ctx, ru_state *st)
{
    ops_row_store_swap(&st->work, &st->next);
    if (ops_row_store_clear(ctx, &st->next) != SS_OK)
        return SS_ERROR;
    if (st->work.count == 0) {
        st->phase = 2;
        return SS_OK;
    }
    st->phase = 1;
    st->rounds++;
    /* the worktable changed: NULL tells every operator of the term that anything may have */
    return g_api->op_rescan(ctx, st->child[1], NULL);
}

static int ru_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    ru_state *st = state;
    *out = NULL;
    while (st->phase < 2) {
        ss_batch *b;
        if (g_api->op_next(ctx, st->child[st->phase], &b) != SS_OK)
            return SS_ERROR;
        if (!b) {
            if (next_round(ctx, st) != SS_OK)
                return SS_ERROR;
            continue;
        }
        if (ss_batch_rows(b) == 0)
            continue;
        bool any = true;
        if (st->dedup && keep_new_rows(ctx, st, b, &any) != SS_OK)
            return SS_ERROR;
        if (!any)
            continue;
        if (ops_row_store_append_live(ctx, &st->next, b) != SS_OK)
            return SS_ERROR;
        *out = b;
        return SS_OK;
    }
    return SS_OK;
}

static int ru_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)self;
    ru_state *st = state;
    if (ops_row_store_clear(ctx, &st->work) != SS_OK || ops_row_store_clear(ctx, &st->next) != SS_OK)
        return SS_ERROR;
    if (st->dedup)
        group_table_clear(&st->seen);
    st->phase = 0;
    st->rounds = 0;
    return g_api->op_rescan(ctx, st->child[0], changed);
}

static int ru_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    (void)ctx;
    (void)self;
    const ru_state *st = state;
    if (!st)
        return SS_OK;
    return ops_explain_appendf(buf, buflen, "%s, worktable of %s", st->node->all ? "UNION ALL" : "UNION",
                               st->node->cte_name);
}

static const ss_operator_vtable ru_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "recursive_union",
    .node_kind = SS_NODE_RECURSIVE_UNION,
    .caps = 0,
    .description = "WITH RECURSIVE: the non-recursive term, then the recursive term round by round over its worktable",
    .open = ru_open,
    .next_batch = ru_next_batch,
    .close = ru_close,
    .rescan = ru_rescan,
    .explain = ru_explain,
};

SS_PLUGIN_MAGIC("recursive_union", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &ru_vtable, false);
}
