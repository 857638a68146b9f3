/* agg_spill.c — partitioning a hash aggregation's input rows beyond work_mem and the passes
 * over the partitions (agg_spill.h). */
#include "agg_spill.h"

#include <string.h>

#include "agg_plugin.h"
#include "common/api_memory.h"

void agg_spill_init(agg_spill *sp, const ss_api *api, size_t budget, uint32_t ncols, const ss_type *types)
{
    memset(sp, 0, sizeof *sp);
    ops_spill_conf_init(&sp->conf, api, budget, ncols, types, 1);
    for (uint32_t k = 0; k < SS_BATCH_CAPACITY; k++)
        sp->identity[k] = k;
}

size_t agg_spill_memory(const group_table *groups, const agg_accum *accs, const distinct_set *distinct,
                        const agg_spec *specs, uint32_t naggs)
{
    size_t n = group_table_memory(groups);
    for (uint32_t a = 0; a < naggs; a++) {
        const agg_accum *acc = &accs[a];
        size_t per = (acc->n ? 8 : 0) +
                     (acc->t ? sizeof(agg_text) : 0) +
                     (specs[a].kind == AGG_PLUGIN ? acc->stride : 0);
        n += (size_t)acc->capacity * per;
        if (specs[a].distinct)
            n += distinct_set_memory(&distinct[a]);
    }
    return n;
}

int agg_spill_next_input(ss_ctx *ctx, agg_spill *sp, ss_op *child, ss_batch **out)
{
    return sp->reading ? ops_spill_read_batch(ctx, &sp->reader, out) : sp->conf.api->op_next(ctx, child, out);
}

int agg_spill_check(ss_ctx *ctx, agg_spill *sp, size_t memory)
{
    if (sp->spilling || !sp->conf.budget || memory <= sp->conf.budget)
        return SS_OK;
    if (ops_spill_parts_open(ctx, sp->conf.api, &sp->parts, sp->conf.nparts, sp->conf.ncols, sp->conf.types) != SS_OK)
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
    const ss_api *api = sp->conf.api;
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
        if (ops_spill_parts_write(ctx, &sp->parts, b->cols, pos[k], sp->hashes[k], sp->conf.depth) != SS_OK)
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
    for (uint32_t p = 0; p < sp->conf.nparts; p++) {
        ops_spill_writer *w = &sp->parts.w[p];
        if (w->rows == 0)
            continue;
        if (ops_spill_writer_finish(ctx, w) != SS_OK)
            return SS_ERROR;
        if (ops_array_reserve(ctx, sp->conf.api, (void **)&sp->pending, &sp->cap_pending, sp->npending + 1,
                              sizeof *sp->pending, 32))
            return SS_ERROR;
        /* the writer moves to the stack: its slot is left empty */
        sp->pending[sp->npending++] = (agg_partition){*w, sp->conf.depth + 1};
        memset(w, 0, sizeof *w);
        sp->files++;
    }
    ops_spill_parts_release(ctx, sp->conf.api, &sp->parts);
    sp->spilling = false;
    return SS_OK;
}

int agg_spill_next_pass(ss_ctx *ctx, agg_spill *sp, bool *more)
{
    *more = false;
    ops_spill_reader_release(ctx, &sp->reader); /* the last pass's, read to its end */
    sp->reading = false;
    if (sp->npending == 0)
        return SS_OK;
    agg_partition part = sp->pending[--sp->npending];
    sp->conf.depth = part.depth;
    int rc = ops_spill_reader_open(ctx, sp->conf.api, &sp->reader, &part.w, sp->conf.types);
    ops_spill_writer_release(ctx, &part.w);
    if (rc != SS_OK)
        return SS_ERROR;
    sp->reading = true;
    *more = true;
    return SS_OK;
}

void agg_spill_reset(ss_ctx *ctx, agg_spill *sp)
{
    ops_spill_parts_release(ctx, sp->conf.api, &sp->parts);
    for (uint32_t i = 0; i < sp->npending; i++)
        ops_spill_writer_release(ctx, &sp->pending[i].w);
    ops_free(sp->conf.api, sp->pending);
    sp->pending = NULL;
    sp->npending = sp->cap_pending = 0;
    ops_spill_reader_release(ctx, &sp->reader);
    sp->reading = false;
    sp->spilling = false;
    sp->conf.depth = 0;
    sp->rows_spilled = 0;
    sp->files = 0;
}
