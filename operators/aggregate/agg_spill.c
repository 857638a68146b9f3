/* agg_spill.c — partitioning a hash aggregation's input rows beyond work_mem and the passes
 * over the partitions (agg_spill.h). */
#include "agg_spill.h"

#include <string.h>

#include "common/api_memory.h"

void agg_spill_init(agg_spill *sp, const ss_api *api, size_t budget, uint32_t ncols, const ss_type *types)
{
    memset(sp, 0, sizeof *sp);
    sp->api = api;
    sp->budget = budget;
    sp->ncols = ncols;
    sp->types = types;
    /* each partition's writer buffers OPS_SPILL_BUFFER bytes: a quarter of the budget for them */
    size_t n = budget / (4 * OPS_SPILL_BUFFER);
    sp->nparts = 4;
    while (sp->nparts < 32 && sp->nparts * 2 <= n)
        sp->nparts *= 2;
    for (uint32_t k = 0; k < SS_BATCH_CAPACITY; k++)
        sp->identity[k] = k;
}

size_t agg_spill_memory(const group_table *groups, const agg_accum *accs, const distinct_set *distinct,
                        const agg_spec *specs, uint32_t naggs)
{
    size_t n = group_table_memory(groups);
    for (uint32_t a = 0; a < naggs; a++) {
        const agg_accum *acc = &accs[a];
        size_t per = (acc->n ? 8 : 0) + (acc->i ? 8 : 0) + (acc->f ? 8 : 0) + (acc->f2 ? 8 : 0) +
                     (acc->t ? sizeof(agg_text) : 0);
        n += (size_t)acc->capacity * per;
        if (specs[a].distinct) {
            const distinct_set *ds = &distinct[a];
            n += ops_column_bytes(&ds->values) + (size_t)ds->capacity * (sizeof(uint32_t) + sizeof(uint64_t)) +
                 (size_t)ds->nslots * sizeof(uint32_t);
        }
    }
    return n;
}

int agg_spill_next_input(ss_ctx *ctx, agg_spill *sp, ss_op *child, ss_batch **out)
{
    if (!sp->reading)
        return sp->api->op_next(ctx, child, out);
    if (ops_spill_read_batch(ctx, &sp->reader, out) != SS_OK)
        return SS_ERROR;
    if (!*out) {
        ops_spill_reader_release(ctx, &sp->reader); /* read once: the file goes now */
        sp->reading = false;
    }
    return SS_OK;
}

static void release_parts(ss_ctx *ctx, agg_spill *sp)
{
    for (uint32_t p = 0; sp->parts && p < sp->nparts; p++)
        ops_spill_writer_release(ctx, &sp->parts[p]);
    ops_free(sp->api, sp->parts);
    sp->parts = NULL;
}

int agg_spill_check(ss_ctx *ctx, agg_spill *sp, size_t memory)
{
    if (sp->spilling || !sp->budget || memory <= sp->budget)
        return SS_OK;
    sp->parts = ops_zalloc_array(ctx, sp->api, sp->nparts, sizeof *sp->parts);
    if (!sp->parts)
        return SS_ERROR;
    for (uint32_t p = 0; p < sp->nparts; p++)
        if (ops_spill_writer_init(ctx, sp->api, &sp->parts[p], sp->ncols, sp->types) != SS_OK)
            return SS_ERROR;
    sp->spilling = true;
    return SS_OK;
}

int agg_spill_route(ss_ctx *ctx, agg_spill *sp, const group_table *gt, const ss_expr *const *groups,
                    ss_vector *const *key_vectors, ss_batch *b, ss_batch **kept)
{
    *kept = b;
    if (!sp->spilling)
        return SS_OK;
    const ss_api *api = sp->api;
    uint32_t n = ss_batch_rows(b);
    for (uint32_t c = 0; c < gt->nkeys; c++)
        if (api->expr_eval(ctx, groups[c], b, key_vectors[c]) != SS_OK)
            return SS_ERROR;
    const uint32_t *pos = b->sel ? b->sel : sp->identity;
    group_table_probe(gt, key_vectors, pos, n, sp->hashes, sp->gids);
    uint32_t nkeep = 0;
    for (uint32_t k = 0; k < n; k++) {
        if (sp->gids[k] != GROUP_TABLE_MISS) {
            sp->keep[nkeep++] = pos[k];
            continue;
        }
        uint32_t p = ops_spill_partition(sp->hashes[k], sp->depth, sp->nparts);
        if (ops_spill_write_rows(ctx, &sp->parts[p], b->cols, &pos[k], 1) != SS_OK)
            return SS_ERROR;
        sp->rows_spilled++;
    }
    sp->kept = *b;
    sp->kept.sel = sp->keep;
    sp->kept.sel_count = nkeep;
    *kept = &sp->kept;
    return SS_OK;
}

int agg_spill_end_pass(ss_ctx *ctx, agg_spill *sp)
{
    if (!sp->spilling)
        return SS_OK;
    for (uint32_t p = 0; p < sp->nparts; p++) {
        ops_spill_writer *w = &sp->parts[p];
        if (w->rows == 0)
            continue;
        if (ops_spill_writer_finish(ctx, w) != SS_OK)
            return SS_ERROR;
        if (ops_array_reserve(ctx, sp->api, (void **)&sp->pending, &sp->cap_pending, sp->npending + 1,
                              sizeof *sp->pending, 32))
            return SS_ERROR;
        /* the writer moves to the stack: its slot is left empty */
        sp->pending[sp->npending++] = (agg_partition){*w, sp->depth + 1};
        memset(w, 0, sizeof *w);
        sp->files++;
    }
    release_parts(ctx, sp);
    sp->spilling = false;
    return SS_OK;
}

int agg_spill_next_pass(ss_ctx *ctx, agg_spill *sp, bool *more)
{
    *more = false;
    if (sp->npending == 0)
        return SS_OK;
    agg_partition part = sp->pending[--sp->npending];
    sp->depth = part.depth;
    int rc = ops_spill_reader_open(ctx, sp->api, &sp->reader, &part.w, sp->types);
    ops_spill_writer_release(ctx, &part.w);
    if (rc != SS_OK)
        return SS_ERROR;
    sp->reading = true;
    *more = true;
    return SS_OK;
}

void agg_spill_reset(ss_ctx *ctx, agg_spill *sp)
{
    release_parts(ctx, sp);
    for (uint32_t i = 0; i < sp->npending; i++)
        ops_spill_writer_release(ctx, &sp->pending[i].w);
    ops_free(sp->api, sp->pending);
    sp->pending = NULL;
    sp->npending = sp->cap_pending = 0;
    ops_spill_reader_release(ctx, &sp->reader);
    sp->reading = false;
    sp->spilling = false;
    sp->depth = 0;
    sp->rows_spilled = 0;
    sp->files = 0;
}
