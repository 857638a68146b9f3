/* setop_spill.c — partition pairs of a set operation beyond its memory budget and the passes
 * over them (setop_spill.h). */
#include "setop_spill.h"

#include <string.h>

#include "common/api_memory.h"

void setop_spill_init(setop_spill *sp, const ss_api *api, size_t budget, uint32_t ncols, const ss_type *types)
{
    memset(sp, 0, sizeof *sp);
    ops_spill_conf_init(&sp->conf, api, budget, ncols, types, 2);
}

int setop_spill_next_input(ss_ctx *ctx, setop_spill *sp, int side, ss_op *child, ss_batch **out)
{
    return sp->reading ? ops_spill_read_batch(ctx, &sp->in[side], out) : sp->conf.api->op_next(ctx, child, out);
}

static void release_parts(ss_ctx *ctx, setop_spill *sp)
{
    for (int side = 0; side < 2; side++)
        ops_spill_parts_release(ctx, sp->conf.api, &sp->parts[side]);
}

int setop_spill_check(ss_ctx *ctx, setop_spill *sp, size_t memory)
{
    if (sp->spilling || !sp->conf.budget || memory <= sp->conf.budget)
        return SS_OK;
    for (int side = 0; side < 2; side++)
        if (ops_spill_parts_open(ctx, sp->conf.api, &sp->parts[side], sp->conf.nparts, sp->conf.ncols, sp->conf.types) != SS_OK)
            return SS_ERROR;
    sp->spilling = true;
    return SS_OK;
}

int setop_spill_write(ss_ctx *ctx, setop_spill *sp, int side, ss_batch *b, uint32_t pos, uint64_t hash)
{
    sp->rows_spilled++;
    return ops_spill_parts_write(ctx, &sp->parts[side], b->cols, pos, hash, sp->conf.depth);
}

int setop_spill_end_pass(ss_ctx *ctx, setop_spill *sp)
{
    if (!sp->spilling)
        return SS_OK;
    for (uint32_t p = 0; p < sp->conf.nparts; p++) {
        ops_spill_writer *l = &sp->parts[0].w[p], *r = &sp->parts[1].w[p];
        if (l->rows == 0)
            continue; /* no row of child 0: nothing to emit */
        if (ops_spill_writer_finish(ctx, l) != SS_OK || ops_spill_writer_finish(ctx, r) != SS_OK ||
            ops_array_reserve(ctx, sp->conf.api, (void **)&sp->pending, &sp->cap_pending, sp->npending + 1,
                              sizeof *sp->pending, 32))
            return SS_ERROR;
        setop_pair *pair = &sp->pending[sp->npending++];
        pair->w[0] = *l;
        pair->w[1] = *r;
        pair->depth = sp->conf.depth + 1;
        memset(l, 0, sizeof *l);
        memset(r, 0, sizeof *r);
        sp->pairs++;
    }
    release_parts(ctx, sp);
    sp->spilling = false;
    return SS_OK;
}

int setop_spill_next_pass(ss_ctx *ctx, setop_spill *sp, bool *more)
{
    *more = false;
    for (int side = 0; side < 2; side++)
        ops_spill_reader_release(ctx, &sp->in[side]);
    sp->reading = false;
    if (sp->npending == 0)
        return SS_OK;
    setop_pair pair = sp->pending[--sp->npending];
    sp->conf.depth = pair.depth;
    int rc = SS_OK;
    for (int side = 0; side < 2; side++) {
        if (rc == SS_OK)
            rc = ops_spill_reader_open(ctx, sp->conf.api, &sp->in[side], &pair.w[side], sp->conf.types);
        ops_spill_writer_release(ctx, &pair.w[side]);
    }
    if (rc != SS_OK)
        return SS_ERROR;
    sp->reading = true;
    *more = true;
    return SS_OK;
}

void setop_spill_reset(ss_ctx *ctx, setop_spill *sp)
{
    release_parts(ctx, sp);
    for (uint32_t i = 0; i < sp->npending; i++)
        for (int side = 0; side < 2; side++)
            ops_spill_writer_release(ctx, &sp->pending[i].w[side]);
    ops_free(sp->conf.api, sp->pending);
    sp->pending = NULL;
    sp->npending = sp->cap_pending = 0;
    for (int side = 0; side < 2; side++)
        ops_spill_reader_release(ctx, &sp->in[side]);
    sp->reading = false;
    sp->spilling = false;
    sp->conf.depth = 0;
    sp->rows_spilled = 0;
    sp->pairs = 0;
}
