/* agg_ordered.c — collection, sorting and the ordered feed of an ordered aggregate's input
 * (see agg_ordered.h). */
#include "agg_ordered.h"

#include <string.h>

#include "common/api_memory.h"
#include "common/index_sort.h"

int agg_ordered_init(ss_ctx *ctx, const ss_api *api, agg_ordered *ao, uint32_t nargs, uint32_t nkeys,
                     const ss_type *types, const ss_sort_key *keys, uint32_t distinct_args)
{
    memset(ao, 0, sizeof *ao);
    ao->api = api;
    ao->nargs = nargs;
    ao->nkeys = nkeys;
    bool distinct = distinct_args > 0;
    ao->distinct = distinct;
    ao->distinct_args = distinct_args < nargs ? distinct_args : nargs;
    uint32_t ncols = nargs + nkeys;
    ao->cols = ops_zalloc_array(ctx, api, ncols ? ncols : 1, sizeof *ao->cols);
    /* sorted by the order keys, then (DISTINCT) by every argument so duplicates meet */
    ao->keys = ops_zalloc_array(ctx, api, ncols ? ncols : 1, sizeof *ao->keys);
    if (!ao->cols || !ao->keys)
        return SS_ERROR;
    for (uint32_t c = 0; c < ncols; c++)
        if (ops_column_init(ctx, &ao->cols[c], api, types[c], "ordered aggregate") != SS_OK)
            return SS_ERROR;
    for (uint32_t k = 0; k < nkeys; k++) {
        ao->keys[ao->nsort] = keys[k];
        ao->keys[ao->nsort++].column = nargs + k;
    }
    for (uint32_t a = 0; a < ao->distinct_args; a++)
        ao->keys[ao->nsort++] = (ss_sort_key){.column = a};
    return SS_OK;
}

int agg_ordered_set_budget(ss_ctx *ctx, agg_ordered *ao, size_t budget)
{
    if (!budget)
        return SS_OK;
    ss_type *types = ops_zalloc_array(ctx, ao->api, ao->nargs + ao->nkeys + 1, sizeof *types);
    if (!types)
        return SS_ERROR;
    for (uint32_t c = 0; c < ao->nargs + ao->nkeys; c++)
        types[c] = ao->cols[c].type;
    int rc = agg_runs_init(ctx, ao->api, &ao->runs, budget, ao->nargs + ao->nkeys, types, ao->keys, ao->nsort,
                           ao->distinct ? ao->distinct_args : 0, ao->nargs);
    ao->api->free(types);
    ao->budget = rc == SS_OK ? budget : 0;
    return rc;
}

/* Forgets the rows held (not the runs). */
static void drop_rows(agg_ordered *ao)
{
    for (uint32_t c = 0; ao->cols && c < ao->nargs + ao->nkeys; c++) {
        ss_type t = ao->cols[c].type;
        ops_column_release(&ao->cols[c]);
        ops_column_init(NULL, &ao->cols[c], ao->api, t, "ordered aggregate");
    }
    ops_free(ao->api, ao->gids);
    ao->gids = NULL;
    ao->count = ao->capacity = 0;
}

void agg_ordered_clear(ss_ctx *ctx, agg_ordered *ao)
{
    if (!ao->api)
        return;
    drop_rows(ao);
    agg_runs_reset(ctx, &ao->runs);
}

void agg_ordered_release(ss_ctx *ctx, agg_ordered *ao)
{
    if (!ao->api)
        return;
    agg_runs_release(ctx, &ao->runs);
    for (uint32_t c = 0; ao->cols && c < ao->nargs + ao->nkeys; c++)
        ops_column_release(&ao->cols[c]);
    ops_free(ao->api, ao->cols);
    ops_free(ao->api, ao->keys);
    ops_free(ao->api, ao->gids);
    memset(ao, 0, sizeof *ao);
}

static int spill_if_over(ss_ctx *ctx, agg_ordered *ao);

int agg_ordered_add(ss_ctx *ctx, agg_ordered *ao, ss_vector *const *vecs, const uint32_t *pos,
                    const uint32_t *gids, uint32_t n)
{
    if (n == 0)
        return SS_OK;
    if (ao->count > UINT32_MAX - n)
        return ao->api->error(ctx, OPS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "too many rows in ordered aggregate");
    if (ao->count + n > ao->capacity) {
        uint64_t cap = ao->capacity ? ao->capacity : 256;
        while (cap < (uint64_t)ao->count + n)
            cap *= 2;
        if (cap > UINT32_MAX)
            cap = UINT32_MAX;
        uint32_t *g = ops_realloc(ao->api, ao->gids, (size_t)cap * sizeof *g);
        if (!g)
            return ao->api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        ao->gids = g;
        ao->capacity = (uint32_t)cap;
    }
    for (uint32_t c = 0; c < ao->nargs + ao->nkeys; c++)
        if (ops_column_append(ctx, &ao->cols[c], vecs[c], pos, n) != SS_OK)
            return SS_ERROR;
    memcpy(ao->gids + ao->count, gids, (size_t)n * sizeof *gids);
    ao->count += n;
    return spill_if_over(ctx, ao);
}

/* -1, 0, 1: value a of column c against value b, NULLs as the key says. */
static int compare_key(const ops_column *col, const ss_sort_key *k, uint32_t a, uint32_t b)
{
    bool an = ops_column_is_null(col, a), bn = ops_column_is_null(col, b);
    if (an || bn) {
        if (an && bn)
            return 0;
        return an == k->nulls_first ? -1 : 1;
    }
    int c = ops_column_compare(col, a, b);
    return k->descending ? -c : c;
}

static int compare_rows(const void *arg, uint32_t a, uint32_t b)
{
    const agg_ordered *ao = arg;
    if (ao->gids[a] != ao->gids[b])
        return ao->gids[a] < ao->gids[b] ? -1 : 1;
    for (uint32_t k = 0; k < ao->nsort; k++) {
        int c = compare_key(&ao->cols[ao->keys[k].column], &ao->keys[k], a, b);
        if (c)
            return c;
    }
    return 0;
}

/* Whether rows a and b have equal arguments (NULLs equal), as DISTINCT compares them. */
static bool same_args(const agg_ordered *ao, uint32_t a, uint32_t b)
{
    static const ss_sort_key asc = {0};
    for (uint32_t c = 0; c < ao->distinct_args; c++)
        if (compare_key(&ao->cols[c], &asc, a, b) != 0)
            return false;
    return true;
}

/* The rows held in feed order (group, order keys; DISTINCT duplicates dropped): *order and
 * *scratch (n entries each, api->alloc'd), *m of them used. */
static int sorted_rows(ss_ctx *ctx, agg_ordered *ao, uint32_t **order_out, uint32_t **scratch_out, uint32_t *m_out)
{
    const ss_api *api = ao->api;
    size_t n = ao->count;
    uint32_t *order = api->alloc(n * sizeof *order);
    uint32_t *scratch = api->alloc(n * sizeof *scratch);
    if (!order || !scratch) {
        ops_free(api, order);
        ops_free(api, scratch);
        return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    for (uint32_t r = 0; r < ao->count; r++)
        order[r] = r;
    ops_interrupt_arg cancel = {api, ctx};
    const ops_sort_check check = {ops_interrupt_stop, &cancel};
    if (ops_index_sort_checked(order, scratch, n, compare_rows, ao, &check)) {
        api->free(order);
        api->free(scratch);
        return SS_ERROR; /* check_interrupt recorded 57014 */
    }
    uint32_t m = 0;
    for (uint32_t k = 0; k < ao->count; k++) {
        uint32_t r = order[k];
        if (ao->distinct && m > 0 && ao->gids[order[m - 1]] == ao->gids[r] && same_args(ao, order[m - 1], r))
            continue;
        order[m++] = r;
    }
    *order_out = order;
    *scratch_out = scratch;
    *m_out = m;
    return SS_OK;
}

/* The rows held written as one sorted run, and forgotten. */
static int write_run(ss_ctx *ctx, agg_ordered *ao)
{
    uint32_t *order, *scratch, m;
    if (sorted_rows(ctx, ao, &order, &scratch, &m) != SS_OK)
        return SS_ERROR;
    int rc = agg_runs_write(ctx, &ao->runs, ao->cols, ao->gids, order, m);
    ao->api->free(order);
    ao->api->free(scratch);
    drop_rows(ao);
    return rc;
}

/* Writes the rows held as a run once they outgrow the budget. */
static int spill_if_over(ss_ctx *ctx, agg_ordered *ao)
{
    if (!ao->budget || ao->count == 0)
        return SS_OK;
    size_t bytes = (size_t)ao->capacity * (sizeof(uint32_t) * 3); /* gids, and the sort's two arrays */
    for (uint32_t c = 0; c < ao->nargs + ao->nkeys; c++)
        bytes += ops_column_bytes(&ao->cols[c]);
    return bytes > ao->budget ? write_run(ctx, ao) : SS_OK;
}

int agg_ordered_feed(ss_ctx *ctx, agg_ordered *ao, agg_accum *acc)
{
    if (ao->runs.nruns) {
        /* the rows held are the last run; the runs merge into acc */
        if (ao->count && write_run(ctx, ao) != SS_OK)
            return SS_ERROR;
        return agg_runs_feed(ctx, &ao->runs, acc);
    }
    if (ao->count == 0)
        return SS_OK;
    const ss_api *api = ao->api;
    uint32_t *order, *scratch, m;
    if (sorted_rows(ctx, ao, &order, &scratch, &m) != SS_OK)
        return SS_ERROR;
    /* the scratch array becomes the group of each fed row, in feed order */
    for (uint32_t k = 0; k < m; k++)
        scratch[k] = ao->gids[order[k]];
    agg_input in = {0};
    if (ao->nargs > 0)
        in = (agg_input){ao->cols[0].data, ao->cols[0].validity, NULL, NULL};
    if (ao->nargs > 1) {
        in.data2 = ao->cols[1].data;
        in.validity2 = ao->cols[1].validity;
    }
    int rc = agg_accum_update(ctx, api, acc, in, order, scratch, m);
    api->free(order);
    api->free(scratch);
    return rc;
}
