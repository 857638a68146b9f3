/* memory_backend.c — lifecycle of the memory backend: opening and closing the per-database
 * instance, creating and dropping tables, and the row count estimate. */
#include "memory.h"

/* Frees a table and every chunk it holds; the caller has unlinked it from its backend. */
static void memory_table_destroy(memory_table *t)
{
    const ss_api *api = t->api;
    for (size_t i = 0; i < t->nchunks; i++)
        memory_chunk_destroy(t, t->chunks[i]);
    /* ss_api.free is only given pointers it returned: zero-column tables have no arrays */
    if (t->chunks)
        api->free(t->chunks);
    memory_refs_free(t);
    if (t->text_blocks)
        api->free(t->text_blocks);
    if (t->types)
        api->free(t->types);
    pthread_mutex_destroy(&t->lock);
    api->free(t);
}

int memory_backend_open(ss_ctx *ctx, const char *path, void **backend)
{
    const ss_api *api = memory_api();
    if (path)
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "the memory backend cannot open a database file");
    memory_backend *b = api->alloc(sizeof *b);
    if (!b)
        return memory_out_of_memory(api, ctx);
    *b = (memory_backend){.api = api};
    *backend = b;
    return SS_OK;
}

/* Tables the kernel did not drop before closing the database are freed here. */
void memory_backend_close(void *backend)
{
    memory_backend *b = backend;
    if (!b)
        return;
    while (b->tables) {
        memory_table *t = b->tables;
        b->tables = t->next;
        memory_table_destroy(t);
    }
    b->api->free(b);
}

/* Only the column types are kept: the kernel's catalog owns names and NOT NULL, and def's
 * memory belongs to the caller. */
int memory_table_create(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table)
{
    memory_backend *b = backend;
    const ss_api *api = b->api;
    for (uint32_t c = 0; c < def->ncols; c++) {
        if (ss_type_width(def->cols[c].type.id) == 0)
            return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                              "the memory backend does not support the type (oid %d) of column "
                              "\"%s\"",
                              (int)def->cols[c].type.id,
                              def->cols[c].name ? def->cols[c].name : "?");
    }

    memory_table *t = api->alloc(sizeof *t);
    if (!t)
        return memory_out_of_memory(api, ctx);
    *t = (memory_table){.api = api, .backend = b, .ncols = def->ncols};
    if (def->ncols > 0) {
        size_t type_bytes, block_bytes;
        if (memory_array_bytes(0, def->ncols, sizeof(ss_type), &type_bytes) &&
            memory_array_bytes(0, def->ncols, sizeof(char *), &block_bytes)) {
            t->types = api->alloc(type_bytes);
            t->text_blocks = api->alloc(block_bytes);
        }
        if (!t->types || !t->text_blocks) {
            if (t->types)
                api->free(t->types);
            if (t->text_blocks)
                api->free(t->text_blocks);
            api->free(t);
            return memory_out_of_memory(api, ctx);
        }
        for (uint32_t c = 0; c < def->ncols; c++)
            t->types[c] = def->cols[c].type;
    }
    if (pthread_mutex_init(&t->lock, NULL) != 0) {
        if (t->types)
            api->free(t->types);
        if (t->text_blocks)
            api->free(t->text_blocks);
        api->free(t);
        return memory_out_of_memory(api, ctx);
    }

    t->next = b->tables;
    if (b->tables)
        b->tables->prev = t;
    b->tables = t;
    *table = t;
    return SS_OK;
}

int memory_table_drop(ss_ctx *ctx, void *backend, void *table)
{
    (void)ctx;
    memory_backend *b = backend;
    memory_table *t = table;
    memory_stmt_forget(t);
    if (t->prev)
        t->prev->next = t->next;
    else
        b->tables = t->next;
    if (t->next)
        t->next->prev = t->prev;
    memory_table_destroy(t);
    return SS_OK;
}

/* Exact: the number of rows stored (read under the lock appends take). */
int64_t memory_table_row_estimate(void *table)
{
    memory_table *t = table;
    pthread_mutex_lock(&t->lock);
    int64_t n = t->nrows;
    pthread_mutex_unlock(&t->lock);
    return n;
}
