/* hash_join_spill.c — partition pairs of a hash join beyond its memory budget and the passes
 * over them (hash_join_spill.h). */
#include "hash_join_spill.h"

#include <string.h>

#include "common/api_memory.h"
#include "common/value_hash.h"

/* A pair still too large at this depth is joined in memory (only keys sharing a hash stay
 * together that long). */
#define HJ_MAX_DEPTH 8
/* A build side is split only once it holds this many rows, so every split divides
 * something: a budget smaller than a few batches still makes progress. */
#define HJ_MIN_SPLIT_ROWS (4 * SS_BATCH_CAPACITY)

/* The next batch of the current pass's build (1) or probe (0) input. */
static int source_next(ss_ctx *ctx, hj_spill *sp, int side, ss_batch **out)
{
    if (sp->reading)
        return ops_spill_read_batch(ctx, side ? &sp->build_in : &sp->probe_in, out);
    return sp->api->op_next(ctx, side ? sp->j->right : sp->j->left, out);
}

/* The join's pull hook: the build input ends early once the build side outgrows the budget. */
static int hj_pull(ss_ctx *ctx, void *arg, int side, ss_batch **out)
{
    hj_spill *sp = arg;
    *out = NULL;
    if (side == 1 && sp->depth < HJ_MAX_DEPTH && sp->j->nbuild >= HJ_MIN_SPLIT_ROWS &&
        ops_join_memory(sp->j) > sp->budget) {
        sp->overflow = true;
        return SS_OK;
    }
    return source_next(ctx, sp, side, out);
}

int hj_spill_init(ss_ctx *ctx, hj_spill *sp, const ss_api *api, ops_join *j, const ss_plan_node *node,
                  size_t budget)
{
    memset(sp, 0, sizeof *sp);
    sp->api = api;
    sp->j = j;
    sp->budget = budget;
    if (!budget)
        return SS_OK;
    sp->ltypes = node->children[0]->col_types;
    sp->rtypes = node->children[1]->col_types;
    sp->nparts = ops_spill_fanout(budget, 2);
    uint32_t nk = j->spec.nkeys;
    sp->lkeys = ops_zalloc_array(ctx, api, nk ? nk : 1, sizeof *sp->lkeys);
    sp->rkeys = ops_zalloc_array(ctx, api, nk ? nk : 1, sizeof *sp->rkeys);
    if (!sp->lkeys || !sp->rkeys)
        return SS_ERROR;
    for (uint32_t k = 0; k < nk; k++)
        if (!(sp->lkeys[k] = api->vector_create(api->expr_type(j->spec.left_keys[k]), SS_BATCH_CAPACITY)) ||
            !(sp->rkeys[k] = api->vector_create(api->expr_type(j->spec.right_keys[k]), SS_BATCH_CAPACITY)))
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    j->pull = hj_pull;
    j->pull_arg = sp;
    return SS_OK;
}

static void close_inputs(ss_ctx *ctx, hj_spill *sp)
{
    ops_spill_reader_release(ctx, &sp->build_in);
    ops_spill_reader_release(ctx, &sp->probe_in);
    sp->reading = false;
}

/* Writes every live row of b to the partition of its key hash: keys (over b) evaluated
 * into vecs. */
static int route_batch(ss_ctx *ctx, hj_spill *sp, ss_batch *b, const ss_expr *const *keys, ss_vector **vecs,
                       ops_spill_parts *parts)
{
    const ss_api *api = sp->api;
    uint32_t n = ss_batch_rows(b);
    for (uint32_t k = 0; k < sp->j->spec.nkeys; k++) {
        if (api->expr_eval(ctx, keys[k], b, vecs[k]) != SS_OK)
            return SS_ERROR;
        ops_hash_vector(vecs[k], b->sel, n, sp->hashes, k > 0);
    }
    for (uint32_t i = 0; i < n; i++)
        if (ops_spill_parts_write(ctx, parts, b->cols, ss_batch_row(b, i), sp->hashes[i], sp->depth) != SS_OK)
            return SS_ERROR;
    sp->rows_spilled += n;
    return SS_OK;
}

static int push_pair(ss_ctx *ctx, hj_spill *sp, ops_spill_writer *build, ops_spill_writer *probe)
{
    if (ops_array_reserve(ctx, sp->api, (void **)&sp->pending, &sp->cap_pending, sp->npending + 1,
                          sizeof *sp->pending, 32))
        return SS_ERROR;
    sp->pending[sp->npending++] = (hj_pending){*build, *probe, sp->depth + 1};
    memset(build, 0, sizeof *build);
    memset(probe, 0, sizeof *probe);
    sp->pairs++;
    return SS_OK;
}

/* The current pass's build stopped at the budget: partitions what it built, the rest of its
 * build input and its whole probe input into pairs waiting to be joined. */
static int split(ss_ctx *ctx, hj_spill *sp)
{
    const ss_api *api = sp->api;
    ops_join *j = sp->j;
    uint32_t np = sp->nparts;
    int rc = SS_ERROR;
    ops_spill_parts bparts = {0}, pparts = {0};
    ss_vector *views = ops_zalloc_array(ctx, api, j->nr ? j->nr : 1, sizeof *views);
    ss_vector **vp = ops_zalloc_array(ctx, api, j->nr ? j->nr : 1, sizeof *vp);
    if (!views || !vp || ops_spill_parts_open(ctx, api, &bparts, np, j->nr, sp->rtypes) != SS_OK ||
        ops_spill_parts_open(ctx, api, &pparts, np, j->nl, sp->ltypes) != SS_OK)
        goto done;
    /* the rows built so far, by the hashes the join computed for them */
    for (uint32_t c = 0; c < j->nr; c++) {
        views[c] = ops_column_view(&j->rcols[c]);
        vp[c] = &views[c];
    }
    for (uint32_t r = 0; r < j->nbuild; r++)
        if (ops_spill_parts_write(ctx, &bparts, vp, r, j->hashes[r], sp->depth) != SS_OK)
            goto done;
    sp->rows_spilled += j->nbuild;
    ops_join_restart(j); /* its memory goes before the rest streams through */
    for (int side = 1; side >= 0; side--)
        for (;;) {
            ss_batch *b;
            if (api->check_interrupt(ctx) != SS_OK || source_next(ctx, sp, side, &b) != SS_OK)
                goto done;
            if (!b)
                break;
            if (ss_batch_rows(b) == 0)
                continue;
            if (side ? route_batch(ctx, sp, b, j->spec.right_keys, sp->rkeys, &bparts)
                     : route_batch(ctx, sp, b, j->spec.left_keys, sp->lkeys, &pparts))
                goto done;
        }
    close_inputs(ctx, sp);
    for (uint32_t p = 0; p < np; p++) {
        ops_spill_writer *bw = &bparts.w[p], *pw = &pparts.w[p];
        /* a pair without probe rows joins nothing unless unmatched build rows are emitted
           (FULL); without build rows an inner join emits nothing */
        if (pw->rows == 0 && j->spec.join_type != SS_JOIN_FULL)
            continue;
        if (bw->rows == 0 && j->spec.join_type == SS_JOIN_INNER)
            continue;
        if (ops_spill_writer_finish(ctx, bw) != SS_OK || ops_spill_writer_finish(ctx, pw) != SS_OK ||
            push_pair(ctx, sp, bw, pw) != SS_OK)
            goto done;
    }
    sp->partitioned = true;
    sp->overflow = false;
    rc = SS_OK;
done:
    ops_spill_parts_release(ctx, api, &bparts);
    ops_spill_parts_release(ctx, api, &pparts);
    ops_free(api, views);
    ops_free(api, vp);
    return rc;
}

/* Starts the pass of the next waiting pair: *more false when none is left. */
static int next_pass(ss_ctx *ctx, hj_spill *sp, bool *more)
{
    *more = false;
    close_inputs(ctx, sp);
    if (sp->npending == 0)
        return SS_OK;
    hj_pending p = sp->pending[--sp->npending];
    sp->depth = p.depth;
    int rc = ops_spill_reader_open(ctx, sp->api, &sp->build_in, &p.build, sp->rtypes);
    if (rc == SS_OK)
        rc = ops_spill_reader_open(ctx, sp->api, &sp->probe_in, &p.probe, sp->ltypes);
    ops_spill_writer_release(ctx, &p.build);
    ops_spill_writer_release(ctx, &p.probe);
    if (rc != SS_OK)
        return SS_ERROR;
    sp->reading = true;
    ops_join_restart(sp->j);
    *more = true;
    return SS_OK;
}

int hj_spill_next(ss_ctx *ctx, hj_spill *sp, ss_batch **out)
{
    *out = NULL;
    ops_join *j = sp->j;
    if (!sp->budget)
        return ops_join_next(ctx, j, out);
    for (;;) {
        bool more;
        if (!j->built) {
            if (ops_join_build(ctx, j) != SS_OK)
                return SS_ERROR;
            if (sp->overflow) {
                if (split(ctx, sp) != SS_OK || next_pass(ctx, sp, &more) != SS_OK)
                    return SS_ERROR;
                if (!more)
                    return SS_OK;
                continue;
            }
        }
        if (ops_join_next(ctx, j, out) != SS_OK)
            return SS_ERROR;
        if (*out || !sp->partitioned)
            return SS_OK;
        if (next_pass(ctx, sp, &more) != SS_OK)
            return SS_ERROR;
        if (!more)
            return SS_OK;
    }
}

bool hj_spill_partitioned(const hj_spill *sp)
{
    return sp->partitioned;
}

void hj_spill_reset(ss_ctx *ctx, hj_spill *sp)
{
    close_inputs(ctx, sp);
    for (uint32_t i = 0; i < sp->npending; i++) {
        ops_spill_writer_release(ctx, &sp->pending[i].build);
        ops_spill_writer_release(ctx, &sp->pending[i].probe);
    }
    sp->npending = 0;
    sp->depth = 0;
    sp->overflow = false;
    sp->partitioned = false;
}

void hj_spill_release(ss_ctx *ctx, hj_spill *sp)
{
    if (!sp->api)
        return;
    hj_spill_reset(ctx, sp);
    ops_free(sp->api, sp->pending);
    for (uint32_t k = 0; sp->j && k < sp->j->spec.nkeys; k++) {
        if (sp->lkeys && sp->lkeys[k])
            sp->api->vector_destroy(sp->lkeys[k]);
        if (sp->rkeys && sp->rkeys[k])
            sp->api->vector_destroy(sp->rkeys[k]);
    }
    ops_free(sp->api, sp->lkeys);
    ops_free(sp->api, sp->rkeys);
    memset(sp, 0, sizeof *sp);
}
