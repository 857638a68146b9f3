/* memory_alter.c — ALTER TABLE ... ADD COLUMN in place (storage.h version 5): add_column gives
 * every chunk one more vector holding the fill value in each stored row; drop_column takes a
 * column's vectors out of every chunk again; both lay the table's cell map (memory_refs.c) out
 * again.  The kernel holds the table's exclusive lock, so
 * no scan holds a chunk pointer while the chunks are reallocated. */
#include <string.h>

#include "memory.h"

/* Everything is allocated first (new vectors, larger chunks, larger per-column arrays), so a
 * failure leaves the table as it was. */
int memory_add_column(ss_ctx *ctx, void *table, ss_type type, const ss_value *fill)
{
    memory_table *t = table;
    const ss_api *api = t->api;
    if (ss_type_width(type.id) == 0)
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "the memory backend does not support the type (oid %d) of a new column",
                          (int)type.id);
    pthread_mutex_lock(&t->lock);
    size_t n = t->nchunks, type_bytes, block_bytes, vec_bytes, chunk_bytes;
    int rc = SS_OK;
    ss_vector **vecs = NULL;
    ss_type *types = NULL;
    char **blocks = NULL;
    if (!memory_array_bytes(0, t->ncols + 1u, sizeof(ss_type), &type_bytes) ||
        !memory_array_bytes(0, t->ncols + 1u, sizeof(char *), &block_bytes) ||
        !memory_array_bytes(0, n ? n : 1, sizeof(ss_vector *), &vec_bytes) ||
        !memory_array_bytes(sizeof(memory_chunk), t->ncols + 1u, sizeof(ss_vector *), &chunk_bytes)) {
        pthread_mutex_unlock(&t->lock);
        return memory_out_of_memory(api, ctx);
    }
    types = api->alloc(type_bytes);
    blocks = api->alloc(block_bytes);
    vecs = api->alloc(vec_bytes);
    memory_refs *refs = NULL;
    if (!types || !blocks || !vecs)
        rc = memory_out_of_memory(api, ctx);
    else
        rc = memory_refs_prepare_layout(ctx, t, t->ncols + 1u, &refs);
    size_t made = 0;
    for (; rc == SS_OK && made < n; made++) {
        const memory_chunk *ch = t->chunks[made];
        ss_vector *v = api->vector_create(type, SS_BATCH_CAPACITY);
        if (!v) {
            rc = memory_out_of_memory(api, ctx);
            break;
        }
        for (uint32_t r = 0; rc == SS_OK && r < ch->count; r++)
            rc = api->vector_set_value(ctx, v, r, fill);
        if (rc != SS_OK) {
            api->vector_destroy(v);
            break;
        }
        vecs[made] = v;
    }
    /* the chunks grow one slot; realloc keeps the old block on failure, and a grown block
       is only larger: the table reads the same until ncols changes */
    for (size_t i = 0; rc == SS_OK && i < n; i++) {
        memory_chunk *grown = api->realloc(t->chunks[i], chunk_bytes);
        if (!grown)
            rc = memory_out_of_memory(api, ctx);
        else
            t->chunks[i] = grown;
    }
    if (rc != SS_OK) {
        for (size_t i = 0; i < made; i++)
            api->vector_destroy(vecs[i]);
        if (types)
            api->free(types);
        if (blocks)
            api->free(blocks);
        if (vecs)
            api->free(vecs);
        if (refs)
            api->free(refs);
        pthread_mutex_unlock(&t->lock);
        return rc;
    }
    for (uint32_t c = 0; c < t->ncols; c++)
        types[c] = t->types[c];
    types[t->ncols] = type;
    for (size_t i = 0; i < n; i++)
        t->chunks[i]->cols[t->ncols] = vecs[i];
    if (t->types)
        api->free(t->types);
    if (t->text_blocks)
        api->free(t->text_blocks);
    t->types = types;
    t->text_blocks = blocks;
    t->ncols++;
    memory_refs_install(t, refs);
    api->free(vecs);
    pthread_mutex_unlock(&t->lock);
    return SS_OK;
}

/* The arrays keep their size (one slot too many is harmless): nothing to allocate, nothing
 * that can fail. */
void memory_drop_column(ss_ctx *ctx, void *table, uint32_t col)
{
    (void)ctx;
    memory_table *t = table;
    const ss_api *api = t->api;
    if (col >= t->ncols)
        return;
    pthread_mutex_lock(&t->lock);
    for (size_t i = 0; i < t->nchunks; i++) {
        memory_chunk *ch = t->chunks[i];
        api->vector_destroy(ch->cols[col]);
        memmove(&ch->cols[col], &ch->cols[col + 1], sizeof *ch->cols * (t->ncols - col - 1));
    }
    memmove(&t->types[col], &t->types[col + 1], sizeof *t->types * (t->ncols - col - 1));
    t->ncols--;
    memory_refs_refill(t);
    pthread_mutex_unlock(&t->lock);
}
