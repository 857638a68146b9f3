/* owned_batch.c — creation, reset and release of ops_owned_batch (see owned_batch.h). */
#include "common/owned_batch.h"

#include <string.h>

#include "common/api_memory.h"

int ops_owned_batch_init(ss_ctx *ctx, const ss_api *api, ops_owned_batch *ob, uint32_t ncols,
                         const ss_type *types, uint32_t capacity)
{
    memset(ob, 0, sizeof *ob);
    ob->vectors = ops_zalloc_array(ctx, api, ncols ? ncols : 1, sizeof *ob->vectors);
    if (!ob->vectors)
        return SS_ERROR;
    ob->ncols = ncols;
    for (uint32_t c = 0; c < ncols; c++) {
        ob->vectors[c] = api->vector_create(types[c], capacity);
        if (!ob->vectors[c])
            return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    ob->batch.ncols = ncols;
    ob->batch.cols = ob->vectors;
    return SS_OK;
}

void ops_owned_batch_reset(const ss_api *api, ops_owned_batch *ob)
{
    for (uint32_t c = 0; c < ob->ncols; c++)
        api->vector_reset(ob->vectors[c]);
    ob->batch.ncols = ob->ncols;
    ob->batch.count = 0;
    ob->batch.sel = NULL;
    ob->batch.sel_count = 0;
    ob->batch.cols = ob->vectors;
}

uint32_t ops_owned_batch_next_slice(const ss_api *api, ops_owned_batch *ob, uint32_t emitted, uint32_t total)
{
    if (emitted >= total)
        return 0;
    ops_owned_batch_reset(api, ob);
    uint32_t n = total - emitted;
    return n > SS_BATCH_CAPACITY ? SS_BATCH_CAPACITY : n;
}

void ops_owned_batch_emit(ops_owned_batch *ob, uint32_t n, uint32_t *emitted, ss_batch **out)
{
    ob->batch.count = n;
    *emitted += n;
    *out = &ob->batch;
}

void ops_owned_batch_release(const ss_api *api, ops_owned_batch *ob)
{
    if (!ob->vectors)
        return;
    for (uint32_t c = 0; c < ob->ncols; c++)
        if (ob->vectors[c])
            api->vector_destroy(ob->vectors[c]);
    api->free(ob->vectors);
    memset(ob, 0, sizeof *ob);
}
