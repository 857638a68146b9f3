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
/* The next up to SS_BATCH_CAPACITY rows in the order written (*out NULL at the end, when the
 * file is closed and removed); the batch and its text live until the next call. */
int ops_spill_read_batch(ss_ctx *ctx, ops_spill_reader *r, ss_batch **out);
/* Closes and removes the file and frees the reader; tolerates a zeroed struct. */
void ops_spill_reader_release(ss_ctx *ctx, ops_spill_reader *r);

/* What a spilling hash operator (aggregate, set operation) splits by: its budget, the types
 * of the rows it writes, the partitions per split and the depth of its current pass. */
typedef struct ops_spill_conf {
    const ss_api *api;
    size_t budget;        /* bytes; 0: in memory only */
    uint32_t ncols;
    const ss_type *types;
    uint32_t nparts;      /* partitions per split (ops_spill_fanout) */
    uint32_t depth;       /* the current pass: 0 reads the children, d a partition of split level d */
} ops_spill_conf;

/* conf for rows of these types, splits keeping `sides` writers per partition. */
void ops_spill_conf_init(ops_spill_conf *conf, const ss_api *api, size_t budget, uint32_t ncols,
                         const ss_type *types, uint32_t sides);

/* One split of a spilling hash operator: a writer per partition. */
typedef struct ops_spill_parts {
    uint32_t n;            /* partitions, a power of two */
    ops_spill_writer *w;   /* n writers, NULL while closed */
} ops_spill_parts;

/* Partitions per split for a hash operator with budget bytes whose splits keep `sides`
 * writers per partition (each buffering OPS_SPILL_BUFFER): 4 to 32, their buffers a quarter
 * of the budget where it allows. */
uint32_t ops_spill_fanout(size_t budget, uint32_t sides);
/* n writers for rows of these column types. */
int ops_spill_parts_open(ss_ctx *ctx, const ss_api *api, ops_spill_parts *parts, uint32_t n, uint32_t ncols,
                         const ss_type *types);
/* Writes row pos of cols to the partition of hash at depth (ops_spill_partition). */
int ops_spill_parts_write(ss_ctx *ctx, ops_spill_parts *parts, ss_vector *const *cols, uint32_t pos, uint64_t hash,
                          uint32_t depth);
/* Closes every writer still holding a file and frees them; tolerates closed parts. */
void ops_spill_parts_release(ss_ctx *ctx, const ss_api *api, ops_spill_parts *parts);

/* The partition (0 .. nparts-1, nparts a power of two) of a row hash at recursion depth
 * depth: each depth remixes the hash, so a partition that is still too large splits anew. */
uint32_t ops_spill_partition(uint64_t hash, uint32_t depth, uint32_t nparts);

#endif
