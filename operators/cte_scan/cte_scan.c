/* cte_scan.c — the "cte_scan" operator module: a WITH query computed once per execution and
 * read by each of its references (PostgreSQL's CteScan over a shared tuplestore).  The CTE
 * scans of one cte_id share one store of the query's rows, found through
 * ss_api.shared_slot(self, SS_NODE_CTE_SCAN, cte_id); the last of them to close releases it.
 * The first reference whose node carries the query's plan as its child runs it (a subquery's
 * tree shares the statement's slots, so its own copy of the plan is not run), and whichever
 * reference needs a row not kept yet pulls the next batch of that child into the store.  Each
 * reference reads the store at its own position: references may run interleaved (a join of
 * the query with itself) and a rescan starts a reference over without running the query
 * again, unless a parameter the query reads has changed. */
#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/plan_node.h"
#include "common/row_store.h"
#include "common/type_layout.h"

static const ss_api *g_api;

typedef struct cte_store {
    ops_row_store rows;
    ss_op *producer;            /* the owner's child: the query's plan */
    const ss_plan_node *query;  /* its node (the parameters it reads) */
    bool done;                  /* the producer's stream ended */
    bool ready;                 /* rows initialised */
    uint32_t users;             /* instances holding it: the last to close releases it */
    uint32_t ncols;             /* its rows' layout (a subquery's tree may have pruned its copy
                                   of the query to other columns: those references then share
                                   another store of the chain) */
    const ss_type *types;
    struct cte_store *next;     /* the store of another layout of the same WITH query */
} cte_store;

static bool same_layout(const cte_store *store, const ss_plan_node *plan)
{
    if (store->ncols != plan->ncols)
        return false;
    for (uint32_t i = 0; i < plan->ncols; i++)
        if (store->types[i].id != plan->col_types[i].id || store->types[i].typmod != plan->col_types[i].typmod)
            return false;
    return true;
}

typedef struct cte_scan_state {
    const ss_cte_scan_node *node;
    cte_store *store;
    bool owner;
    uint32_t pos;               /* the next row this reference reads */
    ss_batch *out;
} cte_scan_state;

static void cte_scan_close(ss_ctx *ctx, ss_op *self, void *state)
{
    (void)ctx;
    (void)self;
    cte_scan_state *st = state;
    if (!st)
        return;
    if (st->store && --st->store->users == 0)
        ops_row_store_release(&st->store->rows);
    if (st->out)
        g_api->batch_destroy(st->out);
    g_api->free(st);
}

static int cte_scan_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    (void)flags;
    *state = NULL;
    const ss_cte_scan_node *node = OPS_NODE_OF(ctx, g_api, plan, SS_NODE_CTE_SCAN, ss_cte_scan_node, "cte_scan");
    if (!node)
        return SS_ERROR;
    if (plan->nchildren > 1 || (plan->nchildren == 1 && plan->children[0]->ncols != plan->ncols))
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "cte_scan: the query's plan does not match the node");
    cte_scan_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    *state = st;
    st->node = node;
    st->owner = plan->nchildren == 1;
    if (!(st->out = g_api->batch_create(plan->ncols, plan->col_types, SS_BATCH_CAPACITY)))
        return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    void **slot = g_api->shared_slot(ctx, self, SS_NODE_CTE_SCAN, node->cte_id);
    if (!slot)
        return SS_ERROR;
    if (!*slot && !(*slot = g_api->arena_alloc(ctx, sizeof(cte_store))))
        return SS_ERROR;
    cte_store *store = *slot;
    while (store->ready && !same_layout(store, plan)) {
        if (!store->next && !(store->next = g_api->arena_alloc(ctx, sizeof(cte_store))))
            return SS_ERROR;
        store = store->next;
    }
    st->store = store;
    store->users++;
    if (!store->ready) {
        store->ready = true;
        store->ncols = plan->ncols;
        store->types = plan->col_types;
        if (ops_row_store_init(ctx, g_api, &store->rows, plan->ncols, plan->col_types, "cte_scan") != SS_OK)
            return SS_ERROR;
    }
    if (st->owner && !store->producer) {
        /* the first reference carrying the plan runs it; another one (a subquery's tree
           sharing the statement's slots) reads the same rows */
        store->producer = g_api->op_child(self, 0);
        store->query = plan->children[0];
    }
    return SS_OK;
}

/* Pulls the query's next batch into the store (store->done at its end). */
static int fill(ss_ctx *ctx, cte_store *store, uint32_t cte_id)
{
    if (!store->producer)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "cte_scan: no reference runs WITH query %u", cte_id);
    ss_batch *b;
    if (g_api->op_next(ctx, store->producer, &b) != SS_OK)
        return SS_ERROR;
    if (!b) {
        store->done = true;
        return SS_OK;
    }
    return ops_row_store_append_live(ctx, &store->rows, b);
}

static int cte_scan_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    (void)self;
    cte_scan_state *st = state;
    cte_store *store = st->store;
    *out = NULL;
    while (st->pos >= store->rows.count) {
        if (store->done)
            return SS_OK;
        if (fill(ctx, store, st->node->cte_id) != SS_OK)
            return SS_ERROR;
    }
    uint32_t n = store->rows.count - st->pos;
    if (n > SS_BATCH_CAPACITY)
        n = SS_BATCH_CAPACITY;
    if (ops_row_store_read(ctx, &store->rows, st->pos, n, st->out) != SS_OK)
        return SS_ERROR;
    st->pos += n;
    *out = st->out;
    return SS_OK;
}

static int cte_scan_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    (void)self;
    cte_scan_state *st = state;
    cte_store *store = st->store;
    st->pos = 0;
    /* the query reads a parameter that changed: its rows are computed again */
    if (store->query && ss_params_overlap(changed, store->query) && (store->rows.count || store->done)) {
        if (ops_row_store_clear(ctx, &store->rows) != SS_OK)
            return SS_ERROR;
        store->done = false;
        return g_api->op_rescan(ctx, store->producer, changed);
    }
    return SS_OK;
}

static int cte_scan_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    (void)ctx;
    (void)self;
    const cte_scan_state *st = state;
    if (!st)
        return SS_OK;
    return ops_explain_appendf(buf, buflen, "on %s%s", st->node->cte_name,
                               st->owner ? " (computes it)" : " (reads the rows computed once)");
}

static const ss_operator_vtable cte_scan_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "cte_scan",
    .node_kind = SS_NODE_CTE_SCAN,
    .caps = SS_OPCAP_PARAM_RESCAN,
    .description = "a WITH query computed once per execution, its rows kept for every reference",
    .open = cte_scan_open,
    .next_batch = cte_scan_next_batch,
    .close = cte_scan_close,
    .rescan = cte_scan_rescan,
    .explain = cte_scan_explain,
};

SS_PLUGIN_MAGIC("cte_scan", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &cte_scan_vtable, false);
}
