/* memory_chunk.c — creating and destroying a memory table's row chunks: one kernel vector of
 * capacity SS_BATCH_CAPACITY per table column. */
#include "memory.h"

memory_chunk *memory_chunk_create(ss_ctx *ctx, const memory_table *t)
{
    const ss_api *api = t->api;
    size_t bytes;
    memory_chunk *chunk = NULL;
    if (memory_array_bytes(sizeof(memory_chunk), t->ncols, sizeof(ss_vector *), &bytes))
        chunk = api->alloc(bytes);
    if (!chunk) {
        memory_out_of_memory(api, ctx);
        return NULL;
    }
    chunk->count = 0;
    atomic_init(&chunk->max_xmin, 0);
    atomic_init(&chunk->frozen, 0);
    atomic_init(&chunk->freeze_tried, 0);
    atomic_init(&chunk->dead, 0);
    chunk->stamps = api->alloc(SS_BATCH_CAPACITY * sizeof *chunk->stamps);
    chunk->next = chunk->stamps ? api->alloc(SS_BATCH_CAPACITY * sizeof *chunk->next) : NULL;
    if (!chunk->next) {
        if (chunk->stamps)
            api->free(chunk->stamps);
        api->free(chunk);
        memory_out_of_memory(api, ctx);
        return NULL;
    }
    for (uint32_t r = 0; r < SS_BATCH_CAPACITY; r++)
        chunk->next[r] = SS_ROWID_INVALID;
    for (uint32_t c = 0; c < t->ncols; c++) {
        chunk->cols[c] = api->vector_create(t->types[c], SS_BATCH_CAPACITY);
        if (!chunk->cols[c]) {
            for (uint32_t done = 0; done < c; done++)
                api->vector_destroy(chunk->cols[done]);
            api->free(chunk->stamps);
            api->free(chunk->next);
            api->free(chunk);
            memory_out_of_memory(api, ctx);
            return NULL;
        }
    }
    return chunk;
}

void memory_chunk_destroy(const memory_table *t, memory_chunk *chunk)
{
    for (uint32_t c = 0; c < t->ncols; c++)
        t->api->vector_destroy(chunk->cols[c]);
    t->api->free(chunk->stamps);
    t->api->free(chunk->next);
    t->api->free(chunk);
}
