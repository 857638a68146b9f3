/* aggregate.c — the "aggregate" operator module: hash aggregation of child 0.  For every
 * input batch it evaluates the GROUP BY expressions and aggregate arguments into vectors,
 * maps rows to dense group ids (group_table.c; all rows are group 0 without GROUP BY) and
 * folds the arguments into per-group state (agg_accum.c; registered aggregates, this
 * module's count / sum / avg / min / max / string_agg / array_agg / json aggregates among
 * them, through their vtables: agg_plugin.c, agg_builtin*.c).  DISTINCT
 * aggregates collect (group, value) sets first (distinct_set.c); ordered ones (ORDER BY in
 * the call; DISTINCT in string_agg, array_agg and json_agg) collect their rows and feed them sorted at the end
 * (agg_ordered.c).  A call's FILTER narrows the rows it folds; an ordered-set aggregate's
 * direct arguments over the groups are kept per group (agg_direct.c).  Output: group keys, then one
 * column per aggregate, groups in order of first appearance.  Beyond work_mem (times
 * hash_mem_multiplier) the rows of groups not yet in memory go to partition files and are
 * aggregated pass by pass after the groups in memory (agg_spill.c); when every call can join
 * partial states with combine (agg_plugin_spills_states), the groups' states go there
 * instead and each pass combines them. */
#include <stdint.h>
#include <string.h>

#include "sunstone/plugin.h"

#include "agg_accum.h"
#include "agg_builtin.h"
#include "agg_direct.h"
#include "agg_ordered.h"
#include "agg_plugin.h"
#include "agg_spec.h"
#include "agg_spill.h"
#include "common/api_memory.h"
#include "common/explain_text.h"
#include "common/owned_batch.h"
#include "common/plan_node.h"
#include "distinct_set.h"
#include "common/group_table.h"
#include "common/type_layout.h"

static const ss_api *g_api;

/* What one call evaluates besides its argument: FILTER, extra argument, ORDER BY. */
typedef struct agg_call_state {
    ss_vector *filter;   /* FILTER's value over the batch */
    ss_vector *more;     /* string_agg's delimiter */
    ss_vector **vecs;    /* ordered: the argument(s) (string_agg's delimiter second), then
                            the ORDER BY values */
    uint32_t nargs, nvecs;
    agg_ordered ordered; /* used when the spec is ordered */
    agg_direct direct;   /* used when the spec's direct arguments are per group */
} agg_call_state;

typedef struct aggregate_state {
    const ss_aggregate_node *node;
    ss_op *child;
    uint32_t nkeys;          /* GROUP BY expressions */
    uint32_t naggs;
    ss_type *key_types;
    ss_vector **key_vectors; /* evaluated GROUP BY expressions */
    ss_vector **arg_vectors; /* evaluated arguments; NULL for count(*) */
    uint32_t *arg_source;    /* aggregate whose arg_vector this one reads (shared args) */
    agg_spec *specs;
    agg_accum *accs;
    distinct_set *distinct;  /* per aggregate, used when specs[a].distinct */
    agg_call_state *calls;   /* per aggregate */
    group_table groups;      /* used when nkeys > 0 */
    uint32_t acc_capacity;   /* groups the accumulators hold */
    bool built;              /* all input consumed */
    uint32_t emitted;        /* groups already returned */
    uint64_t rows_in;
    agg_spill spill;         /* input rows (or partial states) beyond the memory budget */
    /* every call joins partial states with combine (agg_plugin_spills_states): beyond the
       budget the groups in memory go to the partitions as (keys, one bytea state per call)
       records and are forgotten; a pass over a partition combines its records */
    bool spill_states;
    ss_type *state_types;    /* the records' columns: key types, then bytea per call */
    ss_vector **flush_vecs;  /* a record batch being written */
    uint64_t states_spilled, states_combined;
    size_t input_budget;     /* each ordered or DISTINCT call's sorted input (0: in memory) */
    ops_owned_batch out;
    uint32_t identity[SS_BATCH_CAPACITY]; /* positions of a batch without selection */
    uint32_t gids[SS_BATCH_CAPACITY];     /* group of each live row; all 0 without GROUP BY */
    uint64_t hashes[SS_BATCH_CAPACITY];   /* scratch */
    uint32_t fpos[SS_BATCH_CAPACITY];     /* the rows a FILTER keeps, and their groups */
    uint32_t fgids[SS_BATCH_CAPACITY];
} aggregate_state;

static uint32_t group_count(const aggregate_state *st)
{
    return st->nkeys ? st->groups.ngroups : 1;
}

/* Drops all groups and aggregate state (rescan); the structures stay usable. */
static void aggregate_discard(ss_ctx *ctx, aggregate_state *st)
{
    group_table_clear(&st->groups);
    for (uint32_t a = 0; a < st->naggs; a++) {
        if (st->accs)
            agg_accum_release(g_api, &st->accs[a]);
        if (st->distinct)
            distinct_set_clear(ctx, &st->distinct[a]);
        if (st->calls) {
            agg_ordered_clear(ctx, &st->calls[a].ordered);
            agg_direct_clear(&st->calls[a].direct);
        }
    }
    st->acc_capacity = 0;
    st->built = false;
    st->emitted = 0;
    st->rows_in = 0;
}

static void aggregate_close(ss_ctx *ctx, ss_op *self, void *state)
{
    aggregate_state *st = state;
    if (!st)
        return;
    agg_spill_reset(ctx, &st->spill);
    group_table_release(&st->groups);
    for (uint32_t a = 0; a < st->naggs; a++) {
        if (st->accs)
            agg_accum_release(g_api, &st->accs[a]);
        if (st->distinct)
            distinct_set_release(ctx, &st->distinct[a]);
        if (st->arg_vectors && st->arg_vectors[a] && st->arg_source[a] == a)
            g_api->vector_destroy(st->arg_vectors[a]);
        if (st->calls) {
            agg_call_state *cs = &st->calls[a];
            agg_ordered_release(ctx, &cs->ordered);
            agg_direct_release(&cs->direct);
            if (cs->filter)
                g_api->vector_destroy(cs->filter);
            if (cs->more)
                g_api->vector_destroy(cs->more);
            for (uint32_t v = cs->nargs; cs->vecs && v < cs->nvecs; v++)
                if (cs->vecs[v])
                    g_api->vector_destroy(cs->vecs[v]);
            ops_free(g_api, cs->vecs);
        }
    }
    if (st->key_vectors)
        for (uint32_t c = 0; c < st->nkeys; c++)
            if (st->key_vectors[c])
                g_api->vector_destroy(st->key_vectors[c]);
    for (uint32_t c = 0; st->flush_vecs && c < st->nkeys + st->naggs; c++)
        if (st->flush_vecs[c])
            g_api->vector_destroy(st->flush_vecs[c]);
    ops_free(g_api, st->flush_vecs);
    ops_free(g_api, st->state_types);
    ops_owned_batch_release(g_api, &st->out);
    ops_free(g_api, st->key_types);
    ops_free(g_api, st->key_vectors);
    ops_free(g_api, st->arg_vectors);
    ops_free(g_api, st->arg_source);
    ops_free(g_api, st->specs);
    ops_free(g_api, st->accs);
    ops_free(g_api, st->distinct);
    ops_free(g_api, st->calls);
    g_api->free(st);
}

static ss_vector *create_vector(ss_ctx *ctx, ss_type type)
{
    ss_vector *v = g_api->vector_create(type, SS_BATCH_CAPACITY);
    if (!v)
        g_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return v;
}

static int setup_keys(ss_ctx *ctx, aggregate_state *st)
{
    const ss_aggregate_node *node = st->node;
    const ss_type *col_types = node->hdr.col_types;
    for (uint32_t c = 0; c < st->nkeys; c++) {
        st->key_types[c] = g_api->expr_type(node->groups[c]);
        if (ops_layout_of(st->key_types[c].id) != ops_layout_of(col_types[c].id))
            return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "aggregate: group key %u is %s but its output column is %s",
                                c + 1, g_api->type_name(st->key_types[c]),
                                g_api->type_name(col_types[c]));
        st->key_vectors[c] = create_vector(ctx, st->key_types[c]);
        if (!st->key_vectors[c])
            return SS_ERROR;
    }
    return group_table_init(ctx, g_api, &st->groups, st->nkeys, st->key_types);
}

/* The vectors and ordered buffer of call a's FILTER, delimiter and ORDER BY. */
static int setup_call(ss_ctx *ctx, aggregate_state *st, uint32_t a)
{
    const agg_spec *spec = &st->specs[a];
    const ss_agg_extra *x = spec->extra;
    agg_call_state *cs = &st->calls[a];
    if (spec->direct_per_group) {
        if (agg_direct_init(ctx, g_api, &cs->direct, spec) != SS_OK)
            return SS_ERROR;
        st->accs[a].direct = &cs->direct;
    }
    if (!x && !spec->ordered)
        return SS_OK;
    /* array_agg(DISTINCT x) is ordered without any extra */
    uint32_t norder = x ? x->norder : 0;
    if (x && x->filter && !(cs->filter = create_vector(ctx, g_api->expr_type(x->filter))))
        return SS_ERROR;
    if (spec->two_args && !(cs->more = create_vector(ctx, spec->arg2_type)))
        return SS_ERROR;
    if (!spec->ordered)
        return SS_OK;
    uint32_t nargs = spec->two_args ? 2 : 1;
    cs->nargs = nargs;
    cs->nvecs = nargs + norder;
    cs->vecs = ops_zalloc_array(ctx, g_api, cs->nvecs, sizeof *cs->vecs);
    ss_type *types = ops_zalloc_array(ctx, g_api, cs->nvecs, sizeof *types);
    if (!cs->vecs || !types) {
        ops_free(g_api, types);
        return SS_ERROR;
    }
    types[0] = spec->arg_type;
    if (nargs == 2)
        types[1] = spec->arg2_type;
    for (uint32_t k = 0; k < norder; k++) {
        types[nargs + k] = g_api->expr_type(x->order[k]);
        if (!(cs->vecs[nargs + k] = create_vector(ctx, types[nargs + k]))) {
            ops_free(g_api, types);
            return SS_ERROR;
        }
    }
    int rc = agg_ordered_init(ctx, g_api, &cs->ordered, nargs, norder, types, x ? x->order_keys : NULL,
                              spec->distinct ? spec->distinct_args : 0);
    ops_free(g_api, types);
    return rc == SS_OK ? agg_ordered_set_budget(ctx, &cs->ordered, st->input_budget) : rc;
}

static int setup_aggregates(ss_ctx *ctx, aggregate_state *st)
{
    const ss_aggregate_node *node = st->node;
    for (uint32_t a = 0; a < st->naggs; a++) {
        const ss_agg_call *call = &node->aggs[a];
        st->arg_source[a] = a;
        const ss_agg_extra *extra = node->extras ? node->extras[a] : NULL;
        if (agg_spec_resolve(ctx, g_api, call, extra, node->hdr.col_types[st->nkeys + a], &st->specs[a]) !=
            SS_OK)
            return SS_ERROR;
        agg_accum_init(&st->accs[a], &st->specs[a]);
        if (st->specs[a].distinct && !st->specs[a].ordered &&
            (distinct_set_init(ctx, g_api, &st->distinct[a], st->specs[a].arg_type) != SS_OK ||
             distinct_set_set_budget(ctx, &st->distinct[a], st->input_budget) != SS_OK))
            return SS_ERROR;
        if (!call->arg)
            continue;
        /* the same argument expression is evaluated once per batch */
        for (uint32_t b = 0; b < a; b++)
            if (node->aggs[b].arg == call->arg && st->arg_vectors[b]) {
                st->arg_source[a] = b;
                st->arg_vectors[a] = st->arg_vectors[b];
                break;
            }
        if (st->arg_source[a] == a) {
            st->arg_vectors[a] = create_vector(ctx, st->specs[a].arg_type);
            if (!st->arg_vectors[a])
                return SS_ERROR;
        }
    }
    for (uint32_t a = 0; a < st->naggs; a++)
        if (setup_call(ctx, st, a) != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

/* The columns of a partial-state record and the vectors a flush writes them from. */
static int setup_state_records(ss_ctx *ctx, aggregate_state *st)
{
    uint32_t ncols = st->nkeys + st->naggs;
    st->state_types = ops_zalloc_array(ctx, g_api, ncols, sizeof *st->state_types);
    st->flush_vecs = ops_zalloc_array(ctx, g_api, ncols, sizeof *st->flush_vecs);
    if (!st->state_types || !st->flush_vecs)
        return SS_ERROR;
    for (uint32_t c = 0; c < ncols; c++) {
        st->state_types[c] = c < st->nkeys ? st->key_types[c] : (ss_type){SS_TYPE_BYTEA, -1};
        if (!(st->flush_vecs[c] = create_vector(ctx, st->state_types[c])))
            return SS_ERROR;
    }
    return SS_OK;
}

static int aggregate_open(ss_ctx *ctx, ss_op *self, const ss_plan_node *node, uint32_t flags, void **state)
{
    *state = NULL;
    const ss_aggregate_node *agg = OPS_NODE_OF(ctx, g_api, node, SS_NODE_AGGREGATE, ss_aggregate_node, "aggregate");
    if (!agg)
        return SS_ERROR;
    if (node->nchildren < 1)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "aggregate: plan node has no child");
    if (node->ncols != agg->ngroups + agg->naggs)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "aggregate: %u output columns for %u groups and %u aggregates",
                            node->ncols, agg->ngroups, agg->naggs);
    aggregate_state *st = ops_zalloc(ctx, g_api, sizeof *st);
    if (!st)
        return SS_ERROR;
    st->node = agg;
    st->child = g_api->op_child(self, 0);
    st->nkeys = agg->ngroups;
    st->naggs = agg->naggs;
    for (uint32_t k = 0; k < SS_BATCH_CAPACITY; k++)
        st->identity[k] = k;

    size_t nk = st->nkeys ? st->nkeys : 1, na = st->naggs ? st->naggs : 1;
    st->key_types = ops_zalloc_array(ctx, g_api, nk, sizeof *st->key_types);
    st->key_vectors = ops_zalloc_array(ctx, g_api, nk, sizeof *st->key_vectors);
    st->arg_vectors = ops_zalloc_array(ctx, g_api, na, sizeof *st->arg_vectors);
    st->arg_source = ops_zalloc_array(ctx, g_api, na, sizeof *st->arg_source);
    st->specs = ops_zalloc_array(ctx, g_api, na, sizeof *st->specs);
    st->accs = ops_zalloc_array(ctx, g_api, na, sizeof *st->accs);
    st->distinct = ops_zalloc_array(ctx, g_api, na, sizeof *st->distinct);
    st->calls = ops_zalloc_array(ctx, g_api, na, sizeof *st->calls);
    if (!st->key_types || !st->key_vectors || !st->arg_vectors || !st->arg_source ||
        !st->specs || !st->accs || !st->distinct || !st->calls)
        goto fail;
    /* an ordered or DISTINCT call's input is a sort of its own: work_mem each, as PostgreSQL */
    st->input_budget = ops_spill_available(g_api) && !(flags & SS_OPEN_EXPLAIN_ONLY) ? g_api->work_mem(ctx, false) : 0;
    if (setup_keys(ctx, st) != SS_OK || setup_aggregates(ctx, st) != SS_OK)
        goto fail;
    if (ops_owned_batch_init(ctx, g_api, &st->out, node->ncols, node->col_types,
                             SS_BATCH_CAPACITY) != SS_OK)
        goto fail;
    /* grouped aggregation spills beyond its hash table budget */
    size_t budget = st->nkeys && ops_spill_available(g_api) && !(flags & SS_OPEN_EXPLAIN_ONLY)
                        ? g_api->work_mem(ctx, true) : 0;
    st->spill_states = budget > 0;
    for (uint32_t a = 0; a < st->naggs && st->spill_states; a++)
        st->spill_states = agg_plugin_spills_states(&st->specs[a]);
    if (st->spill_states) {
        if (setup_state_records(ctx, st) != SS_OK)
            goto fail;
        agg_spill_init(&st->spill, g_api, budget, st->nkeys + st->naggs, st->state_types);
    } else {
        agg_spill_init(&st->spill, g_api, budget, node->children[0]->ncols, node->children[0]->col_types);
    }
    *state = st;
    return SS_OK;
fail:
    aggregate_close(ctx, self, st);
    return SS_ERROR;
}

/* Grows every accumulator to hold at least ngroups groups. */
static int ensure_group_capacity(ss_ctx *ctx, aggregate_state *st, uint32_t ngroups)
{
    if (ngroups <= st->acc_capacity)
        return SS_OK;
    uint32_t capacity = st->acc_capacity ? st->acc_capacity : 1;
    while (capacity < ngroups)
        capacity = capacity > UINT32_MAX / 2 ? UINT32_MAX : capacity * 2;
    for (uint32_t a = 0; a < st->naggs; a++)
        if (agg_accum_grow(ctx, g_api, &st->accs[a], capacity) != SS_OK)
            return SS_ERROR;
    st->acc_capacity = capacity;
    return SS_OK;
}

/* Folds rows pos[0..n) of b (groups st->gids) into call a: those its FILTER keeps, through
 * its DISTINCT set or ordered buffer when it has one. */
static int fold_call(ss_ctx *ctx, aggregate_state *st, uint32_t a, const ss_batch *b, const uint32_t *pos,
                     uint32_t n)
{
    const agg_spec *spec = &st->specs[a];
    agg_call_state *cs = &st->calls[a];
    const ss_vector *arg = st->arg_vectors[a];
    const uint32_t *gids = st->gids;
    if (spec->filter) {
        if (g_api->expr_eval(ctx, spec->filter, b, cs->filter) != SS_OK)
            return SS_ERROR;
        const uint8_t *keep = cs->filter->data;
        uint32_t m = 0;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t p = pos[k];
            if (!ss_vector_is_null(cs->filter, p) && keep[p]) { /* the data at a NULL row is unset */
                st->fpos[m] = p;
                st->fgids[m++] = st->gids[k];
            }
        }
        pos = st->fpos;
        gids = st->fgids;
        n = m;
        if (n == 0)
            return SS_OK;
    }
    if (cs->more && g_api->expr_eval(ctx, spec->extra->args[0], b, cs->more) != SS_OK)
        return SS_ERROR;
    if (spec->ordered) {
        cs->vecs[0] = (ss_vector *)arg;
        if (cs->more)
            cs->vecs[1] = cs->more;
        for (uint32_t k = 0; spec->extra && k < spec->extra->norder; k++)
            if (g_api->expr_eval(ctx, spec->extra->order[k], b, cs->vecs[cs->nargs + k]) != SS_OK)
                return SS_ERROR;
        return agg_ordered_add(ctx, &cs->ordered, cs->vecs, pos, gids, n);
    }
    if (spec->distinct)
        return distinct_set_add(ctx, &st->distinct[a], arg, pos, gids, n, st->hashes);
    agg_input in = {arg ? arg->data : NULL, arg ? arg->validity : NULL, cs->more ? cs->more->data : NULL,
                    cs->more ? cs->more->validity : NULL};
    return agg_accum_update(ctx, g_api, &st->accs[a], in, pos, st->nkeys ? gids : NULL, n);
}

static int consume_batch(ss_ctx *ctx, aggregate_state *st, const ss_batch *b)
{
    uint32_t n = ss_batch_rows(b);
    if (b->count > SS_BATCH_CAPACITY)
        return g_api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                            "aggregate: child batch has %u rows, more than %u", b->count,
                            SS_BATCH_CAPACITY);
    const uint32_t *pos = b->sel ? b->sel : st->identity;
    const ss_aggregate_node *node = st->node;

    for (uint32_t c = 0; c < st->nkeys; c++)
        if (g_api->expr_eval(ctx, node->groups[c], b, st->key_vectors[c]) != SS_OK)
            return SS_ERROR;
    for (uint32_t a = 0; a < st->naggs; a++)
        if (st->arg_vectors[a] && st->arg_source[a] == a &&
            g_api->expr_eval(ctx, node->aggs[a].arg, b, st->arg_vectors[a]) != SS_OK)
            return SS_ERROR;

    if (st->nkeys) {
        if (group_table_lookup(ctx, &st->groups, st->key_vectors, pos, n, st->hashes, st->gids) !=
                SS_OK ||
            ensure_group_capacity(ctx, st, st->groups.ngroups) != SS_OK)
            return SS_ERROR;
    }

    for (uint32_t a = 0; a < st->naggs; a++) {
        /* direct arguments per group: from each group's first row, whatever FILTER keeps */
        if (st->specs[a].direct_per_group &&
            agg_direct_note(ctx, &st->calls[a].direct, b, pos, st->nkeys ? st->gids : NULL, n) != SS_OK)
            return SS_ERROR;
        if (fold_call(ctx, st, a, b, pos, n) != SS_OK)
            return SS_ERROR;
    }
    st->rows_in += n;
    return SS_OK;
}

/* Beyond the budget with spill_states: every group in memory goes to its partition as a
 * record (its keys, then each call's state bytes), then the groups are forgotten; rows of
 * the same group that come later start a new partial state. */
static int flush_states(ss_ctx *ctx, aggregate_state *st)
{
    agg_spill *sp = &st->spill;
    if (!sp->spilling && agg_spill_check(ctx, sp, SIZE_MAX) != SS_OK) /* opens the partitions */
        return SS_ERROR;
    uint32_t ngroups = st->groups.ngroups;
    for (uint32_t first = 0; first < ngroups; first += SS_BATCH_CAPACITY) {
        uint32_t n = ngroups - first < SS_BATCH_CAPACITY ? ngroups - first : SS_BATCH_CAPACITY;
        for (uint32_t c = 0; c < st->nkeys; c++) {
            g_api->vector_reset(st->flush_vecs[c]); /* no NULL bits of the last chunk */
            if (ops_column_gather(ctx, &st->groups.keys[c], NULL, first, n, st->flush_vecs[c]) != SS_OK)
                return SS_ERROR;
        }
        for (uint32_t a = 0; a < st->naggs; a++) {
            const agg_accum *acc = &st->accs[a];
            ss_text *t = st->flush_vecs[st->nkeys + a]->data;
            for (uint32_t k = 0; k < n; k++)
                t[k] = (ss_text){(const char *)acc->states + (size_t)(first + k) * acc->stride,
                                 (uint32_t)acc->stride, 0};
        }
        for (uint32_t k = 0; k < n; k++)
            if (ops_spill_parts_write(ctx, &sp->parts, st->flush_vecs, k, st->groups.hashes[first + k],
                                      sp->conf.depth) != SS_OK)
                return SS_ERROR;
        st->states_spilled += n;
    }
    uint64_t rows_in = st->rows_in;
    aggregate_discard(ctx, st);
    st->rows_in = rows_in;
    return SS_OK;
}

/* A batch of partial-state records (a pass over a partition with spill_states): each one's
 * states joined into its group's with combine. */
static int consume_states(ss_ctx *ctx, aggregate_state *st, const ss_batch *b)
{
    uint32_t n = ss_batch_rows(b);
    const uint32_t *pos = b->sel ? b->sel : st->identity;
    if (group_table_lookup(ctx, &st->groups, b->cols, pos, n, st->hashes, st->gids) != SS_OK ||
        ensure_group_capacity(ctx, st, st->groups.ngroups) != SS_OK)
        return SS_ERROR;
    for (uint32_t a = 0; a < st->naggs; a++) {
        const ss_text *t = b->cols[st->nkeys + a]->data;
        for (uint32_t k = 0; k < n; k++)
            if (agg_plugin_combine_bytes(ctx, g_api, &st->accs[a], st->gids[k], &t[pos[k]]) != SS_OK)
                return SS_ERROR;
    }
    st->states_combined += n;
    return SS_OK;
}

static int aggregate_build(ss_ctx *ctx, aggregate_state *st)
{
    /* without GROUP BY there is exactly one group, even for empty input */
    if (st->nkeys == 0 && ensure_group_capacity(ctx, st, 1) != SS_OK)
        return SS_ERROR;
    for (;;) {
        ss_batch *b = NULL;
        if (agg_spill_next_input(ctx, &st->spill, st->child, &b) != SS_OK)
            return SS_ERROR;
        if (!b)
            break;
        if (ss_batch_rows(b) == 0)
            continue;
        if (st->spill_states) {
            if ((st->spill.reading ? consume_states(ctx, st, b) : consume_batch(ctx, st, b)) != SS_OK)
                return SS_ERROR;
            if (agg_spill_memory(&st->groups, st->accs, st->distinct, st->specs, st->naggs) > st->spill.conf.budget &&
                flush_states(ctx, st) != SS_OK)
                return SS_ERROR;
            continue;
        }
        if (st->nkeys && agg_spill_route(ctx, &st->spill, &st->groups, st->node->groups, st->key_vectors, b, &b) != SS_OK)
            return SS_ERROR;
        if (ss_batch_rows(b) && consume_batch(ctx, st, b) != SS_OK)
            return SS_ERROR;
        if (st->nkeys && st->spill.conf.budget &&
            agg_spill_check(ctx, &st->spill,
                            agg_spill_memory(&st->groups, st->accs, st->distinct, st->specs, st->naggs)) != SS_OK)
            return SS_ERROR;
    }
    /* the groups still in memory join their partial states in the partitions */
    if (st->spill_states && st->spill.spilling && flush_states(ctx, st) != SS_OK)
        return SS_ERROR;
    if (agg_spill_end_pass(ctx, &st->spill) != SS_OK)
        return SS_ERROR;
    for (uint32_t a = 0; a < st->naggs; a++) {
        if (st->specs[a].ordered) {
            if (agg_ordered_feed(ctx, &st->calls[a].ordered, &st->accs[a]) != SS_OK)
                return SS_ERROR;
        } else if (st->specs[a].distinct &&
                   distinct_set_feed(ctx, &st->distinct[a], &st->accs[a]) != SS_OK) {
            return SS_ERROR;
        }
    }
    st->built = true;
    st->emitted = 0;
    return SS_OK;
}

static int aggregate_next_batch(ss_ctx *ctx, ss_op *self, void *state, ss_batch **out)
{
    aggregate_state *st = state;
    *out = NULL;
    if (!st->built && aggregate_build(ctx, st) != SS_OK)
        return SS_ERROR;
    uint32_t n = ops_owned_batch_next_slice(g_api, &st->out, st->emitted, group_count(st));
    while (n == 0) {
        /* the groups in memory are out: aggregate the next spilled partition afresh */
        bool more;
        if (agg_spill_next_pass(ctx, &st->spill, &more) != SS_OK)
            return SS_ERROR;
        if (!more)
            return SS_OK;
        aggregate_discard(ctx, st);
        if (aggregate_build(ctx, st) != SS_OK)
            return SS_ERROR;
        n = ops_owned_batch_next_slice(g_api, &st->out, st->emitted, group_count(st));
    }
    for (uint32_t c = 0; c < st->nkeys; c++)
        if (ops_column_gather(ctx, &st->groups.keys[c], NULL, st->emitted, n,
                              st->out.vectors[c]) != SS_OK)
            return SS_ERROR;
    for (uint32_t a = 0; a < st->naggs; a++)
        if (agg_accum_result(ctx, g_api, &st->accs[a], st->emitted, n,
                             st->out.vectors[st->nkeys + a]) != SS_OK)
            return SS_ERROR;
    ops_owned_batch_emit(&st->out, n, &st->emitted, out);
    return SS_OK;
}

/* Re-reads the child: its rows may differ on a new scan, so no group is kept. */
static int aggregate_rescan(ss_ctx *ctx, ss_op *self, void *state, const ss_param_set *changed)
{
    aggregate_state *st = state;
    aggregate_discard(ctx, st);
    agg_spill_reset(ctx, &st->spill);
    for (uint32_t a = 0; a < st->naggs; a++)
        if (agg_spec_eval_direct(ctx, g_api, &st->specs[a]) != SS_OK)
            return SS_ERROR;
    return g_api->op_rescan(ctx, st->child, changed);
}

static int aggregate_explain(ss_ctx *ctx, ss_op *self, void *state, char *buf, size_t buflen)
{
    const aggregate_state *st = state;
    if (!st)
        return SS_OK;
    if (st->nkeys)
        ops_explain_appendf(buf, buflen, "hash, %u group key%s%s", st->nkeys, st->nkeys == 1 ? "" : "s",
                            st->naggs ? ": " : "");
    else
        ops_explain_appendf(buf, buflen, "plain: ");
    for (uint32_t a = 0; a < st->naggs; a++) {
        const agg_spec *s = &st->specs[a];
        ops_explain_appendf(buf, buflen, "%s%s(%s%s%s%s%s)%s", a ? ", " : "", s->call->name,
                            s->call->distinct ? "DISTINCT " : "",
                            s->call->arg ? g_api->type_name(s->arg_type) : "*", s->two_args ? ", " : "",
                            s->two_args ? g_api->type_name(s->arg2_type) : "",
                            s->extra && s->extra->norder ? " ORDER BY" : "", s->filter ? " FILTER" : "");
    }
    if (st->built)
        ops_explain_appendf(buf, buflen, " (%llu rows in, %u groups)",
                            (unsigned long long)st->rows_in, group_count(st));
    if (st->spill.files && st->states_spilled)
        ops_explain_appendf(buf, buflen, " (spilled %llu partial states to %u partitions, %llu combined)",
                            (unsigned long long)st->states_spilled, st->spill.files,
                            (unsigned long long)st->states_combined);
    else if (st->spill.files)
        ops_explain_appendf(buf, buflen, " (spilled %llu rows to %u partitions)",
                            (unsigned long long)st->spill.rows_spilled, st->spill.files);
    /* ordered and DISTINCT calls whose sorted input went to runs (agg_runs.h) */
    uint64_t rows = 0;
    uint32_t runs = 0;
    for (uint32_t a = 0; a < st->naggs; a++) {
        const agg_runs *r = st->specs[a].ordered ? &st->calls[a].ordered.runs
                            : st->specs[a].distinct ? &st->distinct[a].runs : NULL;
        if (r) {
            rows += r->rows_written;
            runs += r->files;
        }
    }
    if (runs)
        ops_explain_appendf(buf, buflen, " (sorted input in %u runs, %llu rows written)", runs,
                            (unsigned long long)rows);
    return SS_OK;
}

static const ss_operator_vtable aggregate_vtable = {
    .struct_size = sizeof(ss_operator_vtable),
    .version = SS_OPERATOR_VTABLE_VERSION,
    .name = "aggregate",
    .node_kind = SS_NODE_AGGREGATE,
    .caps = SS_OPCAP_PARAM_RESCAN, /* holds every group: not parkable */
    .description = "hash aggregation of registered aggregates (this module registers count, sum, avg, min, "
                   "max, bool_and, bool_or, every, string_agg, array_agg, json_agg, json_object_agg and the jsonb "
                   "ones), with DISTINCT, FILTER and ORDER BY",
    .open = aggregate_open,
    .next_batch = aggregate_next_batch,
    .close = aggregate_close,
    .rescan = aggregate_rescan,
    .explain = aggregate_explain,
};

SS_PLUGIN_MAGIC("aggregate", "1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    ops_types_bind(api);
    g_api = api;
    if (api->register_operator(plugin, &aggregate_vtable, false) != SS_OK)
        return SS_ERROR;
    return agg_builtin_register(api, plugin);
}
