/* distinct_set.c — hashing, probing and growth of distinct_set, and the sorted feed of its
 * entries into an aggregate. */
#include "distinct_set.h"

#include <string.h>

#include "common/api_memory.h"
#include "common/hash_slots.h"
#include "common/index_sort.h"
#include "common/value_hash.h"

int distinct_set_init(ss_ctx *ctx, const ss_api *api, distinct_set *ds, ss_type type)
{
    memset(ds, 0, sizeof *ds);
    ds->api = api;
    return ops_column_init(ctx, &ds->values, api, type, "DISTINCT aggregate");
}

int distinct_set_set_budget(ss_ctx *ctx, distinct_set *ds, size_t budget)
{
    if (!budget)
        return SS_OK;
    const ss_sort_key asc = {0};
    if (agg_runs_init(ctx, ds->api, &ds->runs, budget, 1, &ds->values.type, &asc, 1, 1, 1) != SS_OK)
        return SS_ERROR;
    ds->budget = budget;
    return SS_OK;
}

size_t distinct_set_memory(const distinct_set *ds)
{
    return ops_column_bytes(&ds->values) + (size_t)ds->capacity * (sizeof(uint32_t) + sizeof(uint64_t)) +
           (size_t)ds->nslots * sizeof(uint32_t);
}

/* Forgets the entries held (not the runs). */
static void drop_entries(distinct_set *ds)
{
    ss_type type = ds->values.type;
    ops_column_release(&ds->values);
    ops_column_init(NULL, &ds->values, ds->api, type, "DISTINCT aggregate");
    ops_free(ds->api, ds->gids);
    ops_free(ds->api, ds->hashes);
    ops_free(ds->api, ds->slots);
    ds->gids = NULL;
    ds->hashes = NULL;
    ds->slots = NULL;
    ds->count = ds->capacity = ds->nslots = 0;
}

void distinct_set_clear(ss_ctx *ctx, distinct_set *ds)
{
    if (!ds->api)
        return;
    drop_entries(ds);
    agg_runs_reset(ctx, &ds->runs);
}

void distinct_set_release(ss_ctx *ctx, distinct_set *ds)
{
    distinct_set_clear(ctx, ds);
    agg_runs_release(ctx, &ds->runs);
}

static int grow_slots(ss_ctx *ctx, distinct_set *ds)
{
    return ops_hash_slots_grow(ctx, ds->api, &ds->slots, &ds->nslots, ds->hashes, ds->count,
                               "too many distinct values in aggregate");
}

static int add_entry(ss_ctx *ctx, distinct_set *ds, const ss_vector *v, uint32_t row,
                     uint32_t gid, uint64_t hash, uint32_t *entry)
{
    if (ds->count == ds->capacity) {
        uint32_t capacity = ds->capacity ? ds->capacity * 2 : 256;
        uint32_t *gids = ops_realloc(ds->api, ds->gids, (size_t)capacity * sizeof *gids);
        if (!gids)
            return ds->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        ds->gids = gids;
        uint64_t *hashes = ops_realloc(ds->api, ds->hashes, (size_t)capacity * sizeof *hashes);
        if (!hashes)
            return ds->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        ds->hashes = hashes;
        ds->capacity = capacity;
    }
    if (ops_column_append(ctx, &ds->values, v, &row, 1) != SS_OK)
        return SS_ERROR;
    ds->gids[ds->count] = gid;
    ds->hashes[ds->count] = hash;
    *entry = ds->count++;
    return SS_OK;
}

static int write_run(ss_ctx *ctx, distinct_set *ds);

int distinct_set_add(ss_ctx *ctx, distinct_set *ds, const ss_vector *v, const uint32_t *pos,
                     const uint32_t *gids, uint32_t n, uint64_t *hashes)
{
    ops_hash_vector(v, pos, n, hashes, false);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t row = pos[k];
        if (ss_vector_is_null(v, row))
            continue;
        if (ops_hash_slots_full(ds->nslots, ds->count) && grow_slots(ctx, ds) != SS_OK)
            return SS_ERROR;
        uint32_t gid = gids[k];
        uint64_t h = ops_hash_u64(ops_hash_combine(hashes[k], gid));
        uint32_t mask = ds->nslots - 1, s = (uint32_t)h & mask;
        for (;;) {
            uint32_t e = ds->slots[s];
            if (e == 0) {
                uint32_t entry = 0;
                if (add_entry(ctx, ds, v, row, gid, h, &entry) != SS_OK)
                    return SS_ERROR;
                ds->slots[s] = entry + 1;
                break;
            }
            if (ds->hashes[e - 1] == h && ds->gids[e - 1] == gid &&
                ops_column_equals_vector(&ds->values, e - 1, v, row))
                break;
            s = (s + 1) & mask;
        }
    }
    /* the sort that writes a run needs two more arrays of count entries */
    if (ds->budget && distinct_set_memory(ds) + (size_t)ds->count * 8 > ds->budget)
        return write_run(ctx, ds);
    return SS_OK;
}

static int compare_entries(const void *arg, uint32_t a, uint32_t b)
{
    const distinct_set *ds = arg;
    if (ds->gids[a] != ds->gids[b])
        return ds->gids[a] < ds->gids[b] ? -1 : 1;
    return ops_column_compare(&ds->values, a, b);
}

/* The entries in feed order (group, value): *order and *scratch, count entries each. */
static int sorted_entries(ss_ctx *ctx, distinct_set *ds, uint32_t **order_out, uint32_t **scratch_out)
{
    size_t n = ds->count;
    uint32_t *order = ds->api->alloc(n * sizeof *order);
    uint32_t *scratch = ds->api->alloc(n * sizeof *scratch);
    if (!order || !scratch) {
        ops_free(ds->api, order);
        ops_free(ds->api, scratch);
        return ds->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    for (uint32_t e = 0; e < ds->count; e++)
        order[e] = e;
    ops_interrupt_arg cancel = {ds->api, ctx};
    const ops_sort_check check = {ops_interrupt_stop, &cancel};
    if (ops_index_sort_checked(order, scratch, n, compare_entries, ds, &check)) {
        ds->api->free(order);
        ds->api->free(scratch);
        return SS_ERROR; /* check_interrupt recorded 57014 */
    }
    *order_out = order;
    *scratch_out = scratch;
    return SS_OK;
}

/* The entries written as one sorted run, and forgotten. */
static int write_run(ss_ctx *ctx, distinct_set *ds)
{
    uint32_t *order, *scratch;
    if (sorted_entries(ctx, ds, &order, &scratch) != SS_OK)
        return SS_ERROR;
    int rc = agg_runs_write(ctx, &ds->runs, &ds->values, ds->gids, order, ds->count);
    ds->api->free(order);
    ds->api->free(scratch);
    drop_entries(ds);
    return rc;
}

int distinct_set_feed(ss_ctx *ctx, distinct_set *ds, agg_accum *acc)
{
    if (ds->runs.nruns) {
        if (ds->count && write_run(ctx, ds) != SS_OK)
            return SS_ERROR;
        return agg_runs_feed(ctx, &ds->runs, acc);
    }
    if (ds->count == 0)
        return SS_OK;
    uint32_t *order, *scratch;
    if (sorted_entries(ctx, ds, &order, &scratch) != SS_OK)
        return SS_ERROR;
    /* the scratch array becomes the group of each fed value, in feed order */
    for (uint32_t k = 0; k < ds->count; k++)
        scratch[k] = ds->gids[order[k]];
    agg_input in = {ds->values.data, NULL, NULL, NULL};
    int rc = agg_accum_update(ctx, ds->api, acc, in, order, scratch, ds->count);
    ds->api->free(order);
    ds->api->free(scratch);
    return rc;
}
