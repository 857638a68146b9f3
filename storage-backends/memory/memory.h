/* memory.h — private declarations shared by the files of the memory storage backend: its data
 * structures (backend instance, tables, row chunks) and the callbacks its vtable points to.
 *
 * Layout: a table is a growing array of chunks; each chunk holds up to SS_BATCH_CAPACITY rows
 * as one ss_vector per table column (created with ss_api.vector_create, so a chunk column can
 * be handed to a scan's consumer as is).  Rows are only ever appended: every chunk but the
 * last is full, and the last one (the tail) fills up before a new chunk is added. */
#ifndef SUNSTONE_MEMORY_H
#define SUNSTONE_MEMORY_H

#include <stdint.h>

#include "sunstone/plugin.h"

typedef struct memory_table memory_table;

/* One instance per database (backend_open). */
typedef struct memory_backend {
    const ss_api *api;
    memory_table *tables; /* every live table, so backend_close can free leftovers */
} memory_backend;

typedef struct memory_chunk {
    uint32_t count;    /* rows stored, <= SS_BATCH_CAPACITY */
    ss_vector *cols[]; /* one vector per table column, capacity SS_BATCH_CAPACITY */
} memory_chunk;

struct memory_table {
    const ss_api *api;
    memory_backend *backend;
    memory_table *prev;
    memory_table *next;
    uint32_t ncols;
    ss_type *types;         /* column types, copied from the ss_table_def */
    memory_chunk **chunks;  /* [0, nchunks) are visible; slots up to cap_chunks are free */
    size_t nchunks;
    size_t cap_chunks;
    int64_t nrows;
    char **text_blocks;     /* insert's scratch: one text block per column (see insert) */
};

/* The kernel's function table, recorded by sunstone_plugin_init. */
const ss_api *memory_api(void);

/* Bytes for a header of `header` bytes followed by n elements of elem bytes; false when that
 * does not fit in size_t. */
static inline bool memory_array_bytes(size_t header, size_t n, size_t elem, size_t *bytes)
{
    if (elem != 0 && n > (SIZE_MAX - header) / elem)
        return false;
    *bytes = header + n * elem;
    return true;
}

/* Records an out-of-memory error (53200) on ctx and returns SS_ERROR. */
int memory_out_of_memory(const ss_api *api, ss_ctx *ctx);

/* Chunks (memory_chunk.c). */
memory_chunk *memory_chunk_create(ss_ctx *ctx, const memory_table *t);
void memory_chunk_destroy(const memory_table *t, memory_chunk *chunk);

/* Backend and table lifecycle (memory_backend.c). */
int memory_backend_open(ss_ctx *ctx, const char *path, void **backend);
void memory_backend_close(void *backend);
int memory_table_create(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table);
int memory_table_drop(ss_ctx *ctx, void *backend, void *table);
int64_t memory_table_row_estimate(void *table);

/* Writes (memory_insert.c). */
int memory_insert(ss_ctx *ctx, void *table, const ss_batch *rows);

/* Reads (memory_scan.c). */
int memory_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan);
int memory_scan_next_batch(ss_ctx *ctx, void *scan, ss_batch *out);
int memory_scan_next_row(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row);
void memory_scan_end(void *scan);

#endif
