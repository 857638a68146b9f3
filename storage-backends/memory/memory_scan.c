/* memory_scan.c — reading a memory table: batch-at-a-time (zero-copy, one chunk per batch) and
 * row-at-a-time, with projection to the scan spec's columns.
 *
 * Snapshot: scan_begin records how many chunks the table has and how many rows its tail chunk
 * holds, and the scan never returns anything past that.  Rows are only ever appended, so this
 * is exactly the table as of scan_begin; an INSERT ... SELECT from the same table therefore
 * does not see (and does not keep re-reading) the rows it inserts.
 *
 * Why handing out the chunk's own vectors is safe in this version: the kernel runs one
 * statement at a time per database, so the only write that can happen while a scan is open is
 * an INSERT fed by that very scan.  An insert writes only positions at or past the tail's
 * count (which is >= the count this scan returned for it), allocates new text bytes without
 * moving existing ones, never replaces a vector's data array (chunk vectors have fixed
 * capacity SS_BATCH_CAPACITY), and only adds chunks after the ones recorded here.  So every
 * value a returned batch exposes — rows [0, count) of each vector, their validity bits and
 * their text bytes — stays unchanged until scan_end, beyond what storage.h asks (until the
 * next scan_next_batch).  The table's chunk pointer array may be reallocated by such an insert, so
 * the scan looks chunks up by index each time instead of keeping that pointer.  UPDATE,
 * DELETE and DROP TABLE are not run while a scan of the table is open. */
#include "memory.h"

typedef enum memory_scan_mode {
    MEMORY_SCAN_UNSTARTED = 0,
    MEMORY_SCAN_BATCHES,
    MEMORY_SCAN_ROWS
} memory_scan_mode;

typedef struct memory_scan {
    const ss_api *api;
    const memory_table *table;
    uint32_t ncols;
    uint32_t *columns;        /* table column positions, in output order (copied spec) */
    size_t end_chunk;         /* chunks that existed at scan_begin */
    uint32_t end_tail_rows;   /* rows the last of them held at scan_begin */
    size_t chunk;             /* batches: next chunk to return; rows: current chunk */
    uint32_t row;             /* rows: next row within the current chunk */
    memory_scan_mode mode;
    ss_rowid *rowids;         /* scan_rowids' buffer (memory_versions.c), or NULL */
} memory_scan;

/* Rows of chunk i that belong to the scan's snapshot. */
static uint32_t visible_rows(const memory_scan *s, size_t i)
{
    return i + 1 == s->end_chunk ? s->end_tail_rows : s->table->chunks[i]->count;
}

/* Mixing the two access paths would need a batch starting in the middle of a chunk, which a
 * zero-copy batch without a selection cannot express. */
static int enter_mode(ss_ctx *ctx, memory_scan *s, memory_scan_mode mode)
{
    if (s->mode != MEMORY_SCAN_UNSTARTED && s->mode != mode)
        return s->api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                             "the memory backend cannot mix batch and row reads in one scan");
    s->mode = mode;
    return SS_OK;
}

int memory_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan)
{
    const memory_table *t = table;
    const ss_api *api = t->api;
    for (uint32_t i = 0; i < spec->ncols; i++)
        if (spec->columns[i] >= t->ncols)
            return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                              "memory backend: scan asks for column %u of a table with %u "
                              "columns",
                              spec->columns[i] + 1, t->ncols);

    memory_scan *s = api->alloc(sizeof *s);
    if (!s)
        return memory_out_of_memory(api, ctx);
    *s = (memory_scan){.api = api, .table = t, .ncols = spec->ncols, .end_chunk = t->nchunks};
    if (t->nchunks > 0)
        s->end_tail_rows = t->chunks[t->nchunks - 1]->count;
    if (spec->ncols > 0) {
        size_t bytes;
        if (memory_array_bytes(0, spec->ncols, sizeof(uint32_t), &bytes))
            s->columns = api->alloc(bytes);
        if (!s->columns) {
            api->free(s);
            return memory_out_of_memory(api, ctx);
        }
        for (uint32_t i = 0; i < spec->ncols; i++)
            s->columns[i] = spec->columns[i];
    }
    *scan = s;
    return SS_OK;
}

/* One chunk per batch: out->cols[i] becomes the chunk's own vector (see the top comment). */
int memory_scan_next_batch(ss_ctx *ctx, void *scan, ss_batch *out)
{
    memory_scan *s = scan;
    if (enter_mode(ctx, s, MEMORY_SCAN_BATCHES) != SS_OK)
        return SS_ERROR;
    if (out->ncols != s->ncols)
        return s->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                             "memory backend: scan output batch has %u columns, expected %u",
                             out->ncols, s->ncols);
    out->sel = NULL;
    out->sel_count = 0;
    if (s->chunk >= s->end_chunk) {
        out->count = 0;
        return SS_OK;
    }
    const memory_chunk *chunk = s->table->chunks[s->chunk];
    for (uint32_t i = 0; i < s->ncols; i++)
        out->cols[i] = chunk->cols[s->columns[i]];
    out->count = visible_rows(s, s->chunk);
    s->chunk++;
    return SS_OK;
}

int memory_scan_next_row(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row)
{
    memory_scan *s = scan;
    if (enter_mode(ctx, s, MEMORY_SCAN_ROWS) != SS_OK)
        return SS_ERROR;
    while (s->chunk < s->end_chunk && s->row >= visible_rows(s, s->chunk)) {
        s->chunk++;
        s->row = 0;
    }
    if (s->chunk >= s->end_chunk) {
        *has_row = false;
        return SS_OK;
    }
    const memory_chunk *chunk = s->table->chunks[s->chunk];
    for (uint32_t i = 0; i < s->ncols; i++)
        ss_vector_get_value(chunk->cols[s->columns[i]], s->row, &values[i]);
    s->row++;
    *has_row = true;
    return SS_OK;
}

void memory_scan_end(void *scan)
{
    memory_scan *s = scan;
    if (!s)
        return;
    if (s->columns)
        s->api->free(s->columns);
    s->api->free(s->rowids);
    s->api->free(s);
}

ss_rowid **memory_scan_rowid_slot(void *scan)
{
    return &((memory_scan *)scan)->rowids;
}

size_t memory_scan_batches_returned(const void *scan)
{
    return ((const memory_scan *)scan)->chunk;
}
