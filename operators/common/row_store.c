/* row_store.c — rows kept in column buffers (row_store.h). */
#include "common/row_store.h"

#include <string.h>

#include "common/api_memory.h"

int ops_row_store_init(ss_ctx *ctx, const ss_api *api, ops_row_store *rs, uint32_t ncols, const ss_type *types,
                       const char *who)
{
    memset(rs, 0, sizeof *rs);
    rs->api = api;
    rs->who = who;
    rs->cols = ops_zalloc_array(ctx, api, ncols ? ncols : 1, sizeof *rs->cols);
    rs->types = ops_zalloc_array(ctx, api, ncols ? ncols : 1, sizeof *rs->types);
    if (!rs->cols || !rs->types)
        return SS_ERROR;
    rs->ncols = ncols;
    for (uint32_t c = 0; c < ncols; c++) {
        rs->types[c] = types[c];
        if (ops_column_init(ctx, &rs->cols[c], api, types[c], who) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

int ops_row_store_clear(ss_ctx *ctx, ops_row_store *rs)
{
    for (uint32_t c = 0; c < rs->ncols; c++) {
        ops_column_release(&rs->cols[c]);
        if (ops_column_init(ctx, &rs->cols[c], rs->api, rs->types[c], rs->who) != SS_OK)
            return SS_ERROR;
    }
    rs->count = 0;
    return SS_OK;
}

void ops_row_store_release(ops_row_store *rs)
{
    if (!rs->api)
        return;
    for (uint32_t c = 0; rs->cols && c < rs->ncols; c++)
        ops_column_release(&rs->cols[c]);
    ops_free(rs->api, rs->cols);
    ops_free(rs->api, rs->types);
    memset(rs, 0, sizeof *rs);
}

int ops_row_store_append(ss_ctx *ctx, ops_row_store *rs, const ss_batch *b, const uint32_t *rows, uint32_t n)
{
    if ((uint64_t)rs->count + n > UINT32_MAX)
        return rs->api->error(ctx, OPS_SQLSTATE_PROGRAM_LIMIT_EXCEEDED, "%s: more than %u rows", rs->who, UINT32_MAX);
    for (uint32_t c = 0; c < rs->ncols; c++)
        if (ops_column_append(ctx, &rs->cols[c], b->cols[c], rows, n) != SS_OK)
            return SS_ERROR;
    rs->count += n;
    return SS_OK;
}

int ops_row_store_append_live(ss_ctx *ctx, ops_row_store *rs, const ss_batch *b)
{
    return ops_row_store_append(ctx, rs, b, b->sel, ss_batch_rows(b));
}

int ops_row_store_read(ss_ctx *ctx, const ops_row_store *rs, uint32_t first, uint32_t n, ss_batch *out)
{
    rs->api->batch_reset(out);
    for (uint32_t c = 0; c < rs->ncols; c++)
        if (ops_column_gather(ctx, &rs->cols[c], NULL, first, n, out->cols[c]) != SS_OK)
            return SS_ERROR;
    out->count = n;
    return SS_OK;
}

void ops_row_store_swap(ops_row_store *a, ops_row_store *b)
{
    ops_row_store t = *a;
    *a = *b;
    *b = t;
}
