/* memory_refs.c — a memory table's flat map of where each chunk's column cells are
 * (memory.h: memory_refs), kept beside the chunk array so that a read by row id
 * (fetch_versions) reaches a cell with one load after the table's instead of a chain through
 * the chunk header and the column's vector header: growth with the chunk array, one chunk's
 * entries when it is created, a new layout when ALTER TABLE changes the columns. */
#include <string.h>

#include "memory.h"

/* A refs array for cap entries (cap > 0), its older link NULL; NULL when out of memory. */
static memory_refs *refs_alloc(const memory_table *t, size_t cap)
{
    size_t bytes;
    if (!memory_array_bytes(sizeof(memory_refs), cap, sizeof(memory_colref), &bytes))
        return NULL;
    memory_refs *r = t->api->alloc(bytes);
    if (r) {
        r->older = NULL;
        r->cap = cap;
    }
    return r;
}

int memory_refs_reserve(ss_ctx *ctx, memory_table *t, size_t cap_chunks)
{
    if (t->ncols == 0 || cap_chunks == 0)
        return SS_OK;
    if (cap_chunks > SIZE_MAX / t->ncols)
        return memory_out_of_memory(t->api, ctx);
    size_t need = cap_chunks * t->ncols;
    if (t->refs && t->refs->cap >= need)
        return SS_OK;
    memory_refs *r = refs_alloc(t, need);
    if (!r)
        return memory_out_of_memory(t->api, ctx);
    if (t->refs) {
        /* readers that found the old array under the table's lock may still read it (its
           entries for the chunks they saw stay right): it is freed with the table */
        memcpy(r->r, t->refs->r, t->nchunks * t->ncols * sizeof r->r[0]);
        r->older = t->refs;
    }
    t->refs = r;
    return SS_OK;
}

void memory_refs_set(memory_table *t, size_t ci)
{
    if (!t->refs)
        return; /* a table without columns has no cells */
    const memory_chunk *chunk = t->chunks[ci];
    memory_colref *r = &t->refs->r[ci * t->ncols];
    for (uint32_t c = 0; c < t->ncols; c++) {
        const ss_vector *v = chunk->cols[c];
        int32_t storage = ss_type_storage(v->type.id);
        uint32_t copy = storage == SS_TYPE_TEXT ? MEMORY_CELL_TEXT : storage != 0 ? MEMORY_CELL_FIXED : MEMORY_CELL_VALUE;
        r[c] = (memory_colref){v->data, v, (uint32_t)ss_type_width(v->type.id), copy};
    }
}

/* Frees r and every array it replaced. */
static void refs_free_chain(const memory_table *t, memory_refs *r)
{
    while (r) {
        memory_refs *older = r->older;
        t->api->free(r);
        r = older;
    }
}

int memory_refs_prepare_layout(ss_ctx *ctx, const memory_table *t, uint32_t ncols, memory_refs **out)
{
    *out = NULL;
    if (ncols == 0 || t->cap_chunks == 0)
        return SS_OK;
    if (t->cap_chunks > SIZE_MAX / ncols || !(*out = refs_alloc(t, t->cap_chunks * ncols)))
        return memory_out_of_memory(t->api, ctx);
    return SS_OK;
}

void memory_refs_install(memory_table *t, memory_refs *fresh)
{
    refs_free_chain(t, t->refs);
    t->refs = fresh;
    for (size_t ci = 0; fresh && ci < t->nchunks; ci++)
        memory_refs_set(t, ci);
}

void memory_refs_refill(memory_table *t)
{
    if (t->ncols == 0) {
        refs_free_chain(t, t->refs);
        t->refs = NULL;
        return;
    }
    for (size_t ci = 0; ci < t->nchunks; ci++)
        memory_refs_set(t, ci);
}

void memory_refs_free(memory_table *t)
{
    refs_free_chain(t, t->refs);
    t->refs = NULL;
}
