/* setop.c — the "setop" operator module: INTERSECT / EXCEPT [ALL] by hashing (PostgreSQL's
 * HashSetOp).  It reads child 0 then child 1 whole, counting per distinct row (NULLs equal)
 * how often it occurs in each, then emits every distinct row as many times as the node's
 * operation says, in order of first appearance.  Beyond work_mem * hash_mem_multiplier the
 * rows not counted in memory go to partition files, counted and emitted pair by pair after
 * the rows in memory (setop_spill.c). */
#include <string.h>

#include "sunstone/plugin.h"

#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/group_table.h"
#include "common/owned_batch.h"
#include "common/plan_node.h"
#include "common/type_layout.h"
#include "setop_spill.h"

static const ss_api *g_api;

typedef struct setop_state {
    const ss_setop_node *node;
    ss_op *child[2];
    group_table rows;
    uint64_t *count[2];      /* per distinct row: occurrences in child 0, child 1 */
    uint32_t count_cap;
    bool built;
    uint32_t next_row;       /* the distinct row emitted next */
    uint64_t copies_left;    /* copies of next_row still to emit */
    bool copies_known;
    ops_owned_batch out;
    setop_spill spill;       /* rows beyond the memory budget */
    uint64_t hashes[SS_BATCH_CAPACITY];
    uint32_t pos[SS_BATCH_CAPACITY];
    uint32_t ids[SS_BATCH_CAPACITY];
} setop_state;

static void setop_close(ss_ctx *ctx, ss_op *self, void *state)
{
    setop_state *st = state;
    if (!st)
        return;
    setop_spill_reset(ctx, &st->spill);
    group_table_release(&st->rows);
    ops_free(g_api, st->count[0]);
    ops_free(g_api, st->count[1]);
    ops_owned_batch_release(g_api, &st->out);
    g_api->free(st);
}

static int setop_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *plan, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_setop_node *node = OPS_NODE_OF(ctx, g_api, plan, SS_NODE_SETOP, ss_setop_node, "setop");
    if (!node)
        return SS_ERROR;
    if (plan->nchildren != 2 || plan->children[0]->ncols != plan->ncols || plan->children[1]->ncols != plan->ncols ||
        (node->op != SS_SETOP_INTERSECT && node->op != SS_SETOP_EXCEPT))
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "setop: plan node needs two children of its columns and INTERSECT or EXCEPT");
    setop_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    *state = st;
    st->node = node;
    st->child[0] = g_api->op_child(self, 0);
    st->child[1] = g_api->op_child(self, 1);
    if (group_table_init(ctx, g_api, &st->rows, plan->ncols, plan->col_types) != SS_OK)
        return SS_ERROR;
    size_t budget = ops_spill_available(g_api) && !(flags & SS_OPEN_EXPLAIN_ONLY) ? g_api->work_mem(ctx, true) : 0;
    setop_spill_init(&st->spill, g_api, budget, plan->ncols, plan->col_types);
    return ops_owned_batch_init(ctx, g_api, &st->out, plan->ncols, plan->col_types, SS_BATCH_CAPACITY);
}

/* Room for a count per distinct row known so far. */
static int grow_counts(ss_ctx *ctx, setop_state *st)
{
    if (st->rows.ngroups <= st->count_cap)
        return SS_OK;
    uint32_t cap = st->count_cap ? st->count_cap : 256;
    while (cap < st->rows.ngroups)
        cap *= 2;
    for (int k = 0; k < 2; k++) {
        uint64_t *c = ops_realloc(g_api, st->count[k], (size_t)cap * sizeof *c);
        if (!c)
            return g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        memset(c + st->count_cap, 0, (size_t)(cap - st->count_cap) * sizeof *c);
        st->count[k] = c;
    }
    st->count_cap = cap;
    return SS_OK;
}

/* Counts the rows of child `side` (or of its partition in a later pass).  Rows of child 1
 * that match no row of child 0 in memory cannot be emitted: they are dropped, or spilled
 * while rows of child 0 were. */
static int count_child(ss_ctx *ctx, setop_state *st, int side)
{
    for (;;) {
        ss_batch *b;
        if (setop_spill_next_input(ctx, &st->spill, side, st->child[side], &b) != SS_OK)
            return SS_ERROR;
        if (!b)
            return SS_OK;
        uint32_t n = b->sel ? b->sel_count : b->count;
        for (uint32_t k = 0; k < n; k++)
            st->pos[k] = b->sel ? b->sel[k] : k;
        memset(st->hashes, 0, sizeof(uint64_t) * n); /* zero columns: every row alike */
        uint64_t *count = st->count[side];
        if (side == 0 && !st->spill.spilling) {
            if (group_table_lookup(ctx, &st->rows, b->cols, st->pos, n, st->hashes, st->ids) != SS_OK ||
                grow_counts(ctx, st) != SS_OK)
                return SS_ERROR;
            count = st->count[side];
            for (uint32_t k = 0; k < n; k++)
                count[st->ids[k]]++;
            if (setop_spill_check(ctx, &st->spill,
                                  group_table_memory(&st->rows) + (size_t)st->count_cap * 2 * sizeof(uint64_t)))
                return SS_ERROR;
            continue;
        }
        group_table_probe(&st->rows, b->cols, st->pos, n, st->hashes, st->ids);
        for (uint32_t k = 0; k < n; k++) {
            if (st->ids[k] != GROUP_TABLE_MISS)
                count[st->ids[k]]++;
            else if (st->spill.spilling &&
                     setop_spill_write(ctx, &st->spill, side, b, st->pos[k], st->hashes[k]) != SS_OK)
                return SS_ERROR;
        }
    }
}

/* Forgets every distinct row and count; the inputs stay where they are. */
static void setop_clear(setop_state *st)
{
    group_table_clear(&st->rows);
    if (st->count_cap) {
        memset(st->count[0], 0, (size_t)st->count_cap * sizeof(uint64_t));
        memset(st->count[1], 0, (size_t)st->count_cap * sizeof(uint64_t));
    }
    st->built = false;
    st->next_row = 0;
    st->copies_known = false;
    st->copies_left = 0;
}

/* How many copies of distinct row g the operation emits. */
static uint64_t copies_of(const setop_state *st, uint32_t g)
{
    uint64_t l = st->count[0][g], r = st->count[1][g];
    if (st->node->op == SS_SETOP_INTERSECT)
        return st->node->all ? (l < r ? l : r) : (l && r);
    return st->node->all ? (l > r ? l - r : 0) : (l && !r);
}

/* Fills ids with the next up to SS_BATCH_CAPACITY distinct rows to emit, one entry a copy;
 * returns how many, UINT32_MAX after an error. */
static uint32_t emit_rows(ss_ctx *ctx, setop_state *st)
{
    uint32_t n = 0;
    while (n < SS_BATCH_CAPACITY && st->next_row < st->rows.ngroups) {
        if (!st->copies_known) {
            st->copies_left = copies_of(st, st->next_row);
            st->copies_known = true;
        }
        while (n < SS_BATCH_CAPACITY && st->copies_left) {
            st->ids[n++] = st->next_row;
            st->copies_left--;
        }
        if (!st->copies_left) {
            st->copies_known = false;
            /* many rows may emit nothing: stay interruptible */
            if ((++st->next_row & 0xffff) == 0 && g_api->check_interrupt(ctx) != SS_OK)
                return UINT32_MAX;
        }
    }
    return n;
}

static int setop_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    setop_state *st = state;
    *out = NULL;
    uint32_t n = 0;
    for (;;) {
        if (!st->built) {
            if (count_child(ctx, st, 0) != SS_OK || count_child(ctx, st, 1) != SS_OK ||
                setop_spill_end_pass(ctx, &st->spill) != SS_OK)
                return SS_ERROR;
            st->built = true;
        }
        if ((n = emit_rows(ctx, st)) == UINT32_MAX)
            return SS_ERROR;
        if (n)
            break;
        /* the rows in memory are out: count the next spilled pair afresh */
        bool more;
        if (setop_spill_next_pass(ctx, &st->spill, &more) != SS_OK)
            return SS_ERROR;
        if (!more)
            return SS_OK;
        setop_clear(st);
    }
    ops_owned_batch_reset(g_api, &st->out);
    for (uint32_t c = 0; c < st->rows.nkeys; c++)
        if (ops_column_gather(ctx, &st->rows.keys[c], st->ids, 0, n, st->out.vectors[c]) != SS_OK)
            return SS_ERROR;
    st->out.batch.count = n;
    *out = &st->out.batch;
    return SS_OK;
}

static int setop_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    setop_state *st = state;
    setop_clear(st);
    setop_spill_reset(ctx, &st->spill);
    if (g_api->op_rescan(ctx, st->child[0], changed) != SS_OK)
        return SS_ERROR;
    return g_api->op_rescan(ctx, st->child[1], changed);
}

static int setop_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const setop_state *st = state;
    if (!st)
        return SS_OK;
    int rc = ops_explain_appendf(buf, buflen, "%s%s", st->node->op == SS_SETOP_INTERSECT ? "INTERSECT" : "EXCEPT",
                                 st->node->all ? " ALL" : "");
    if (rc == SS_OK && st->spill.pairs)
        rc = ops_explain_appendf(buf, buflen, " (spilled %llu rows to %u partition pairs)",
                                 (unsigned long long)st->spill.rows_spilled, st->spill.pairs);
    return rc;
}

static const ss_operator_vtable setop_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "setop",
    .node_kind = SS_NODE_SETOP,
    .caps = SS_OPCAP_PARAM_RESCAN, /* holds its whole input: not parkable */
    .description = "hashed INTERSECT / EXCEPT [ALL]: rows counted per input",
    .open = setop_open,
    .next_batch = setop_next_batch,
    .close = setop_close,
    .rescan = setop_rescan,
    .explain = setop_explain,
};

SS_PLUGIN_MAGIC("setop", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    return api->register_operator(plugin, &setop_vtable, false);
}
