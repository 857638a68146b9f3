/* spill_file.h — rows of a batch written to a kernel temporary file (ss_api.temp_*) and read
 * back as batches: what the bundled operators spill beyond work_mem (sort runs, hash
 * aggregate, hash join and set operation partitions).
 *
 * Row format (native byte order, the file never leaves the process): a uint32 byte length
 * of the rest, a NULL bitmap of (ncols + 7) / 8 bytes (bit set = NULL), then each non-NULL
 * value: the vector layout's bytes for fixed-width types, a uint32 length and the bytes for
 * text.  Writers and readers buffer OPS_SPILL_BUFFER bytes each. */
#ifndef OPS_SPILL_FILE_H
#define OPS_SPILL_FILE_H

#include "sunstone/plugin.h"

#include "common/owned_batch.h"
#include "common/type_layout.h"

#define OPS_SPILL_BUFFER ((size_t)16 * 1024)

/* Whether the kernel offers temporary files and a memory budget (ABI 2.1): without them an
 * operator runs in memory only. */
static inline bool ops_spill_available(const ss_api *api)
{
    return SS_API_HAS(api, temp_close) && api->temp_create;
}

typedef struct ops_spill_writer {
    const ss_api *api;
    ss_temp_file *file;     /* NULL before the first row (created lazily) and after handing it on */
    uint32_t ncols;
    ops_layout *layouts;    /* ncols */
    char *buf;
    size_t len, cap;
    uint64_t rows;          /* rows written */
} ops_spill_writer;

/* Prepares a writer for rows of these column types (no file yet). */
int ops_spill_writer_init(ss_ctx *ctx, const ss_api *api, ops_spill_writer *w, uint32_t ncols,
                          const ss_type *types);
/* Appends the rows rows[0..n) (physical positions; NULL: 0..n-1) of cols (ncols vectors). */
int ops_spill_write_rows(ss_ctx *ctx, ops_spill_writer *w, ss_vector *const *cols, const uint32_t *rows,
                         uint32_t n);
/* Flushes the buffer and rewinds the file for reading. */
int ops_spill_writer_finish(ss_ctx *ctx, ops_spill_writer *w);
/* Closes and removes the file (if any) and frees the writer; tolerates a zeroed struct. */
void ops_spill_writer_release(ss_ctx *ctx, ops_spill_writer *w);

typedef struct ops_spill_reader {
    const ss_api *api;
    ss_temp_file *file;
    uint32_t ncols;
    ops_layout *layouts;
    uint64_t rows_left;
    char *buf;
    size_t len, pos, cap;
    ops_owned_batch out;
} ops_spill_reader;

/* Takes over w's finished file (w keeps no file, it can be reused or released) and prepares
 * to read its rows as batches of these column types. */
int ops_spill_reader_open(ss_ctx *ctx, const ss_api *api, ops_spill_reader *r, ops_spill_writer *w,
                          const ss_type *types);
/* The next up to SS_BATCH_CAPACITY rows in the order written (*out NULL at the end); the
 * batch and its text live until the next call. */
int ops_spill_read_batch(ss_ctx *ctx, ops_spill_reader *r, ss_batch **out);
/* Closes and removes the file and frees the reader; tolerates a zeroed struct. */
void ops_spill_reader_release(ss_ctx *ctx, ops_spill_reader *r);

/* The partition (0 .. nparts-1, nparts a power of two) of a row hash at recursion depth
 * depth: each depth remixes the hash, so a partition that is still too large splits anew. */
uint32_t ops_spill_partition(uint64_t hash, uint32_t depth, uint32_t nparts);

#endif
