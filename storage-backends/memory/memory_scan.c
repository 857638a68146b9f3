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
 * DELETE and DROP TABLE are not run while a scan of the table is open.
 *
 * With a snapshot (scan_begin_snapshot, storage.h version 3) a batch is still one chunk, with
 * a selection of the rows the snapshot sees (memory_chunk_visible); chunks it sees nothing of
 * are skipped.  Other sessions may append to the table meanwhile (on other threads): the
 * chunk array is read under t->lock, and the rows a scan returns lie below the counts it read
 * under that lock, which no append changes. */
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
    const ss_snapshot *snap;  /* NULL: every stored row (plain scan_begin) */
    uint32_t *sel;            /* with snap: the visible rows of the current chunk */
    ss_rowid *rowids;         /* with snap and rowids requested: of the last batch */
    uint32_t nsel;            /* rows mode: visible rows of the current chunk (sel or all) */
    bool sel_all;             /* rows mode: the current chunk is all visible */
    bool sel_ready;           /* rows mode: nsel / sel_all describe s->chunk */
} memory_scan;

/* Chunk i of the table, read under its lock (appends may move the chunk array). */
static memory_chunk *chunk_at(const memory_scan *s, size_t i)
{
    memory_table *t = (memory_table *)s->table;
    pthread_mutex_lock(&t->lock);
    memory_chunk *c = t->chunks[i];
    pthread_mutex_unlock(&t->lock);
    return c;
}

/* Rows of chunk i that belong to the scan's snapshot. */
static uint32_t visible_rows(const memory_scan *s, size_t i)
{
    return i + 1 == s->end_chunk ? s->end_tail_rows : chunk_at(s, i)->count;
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
    *s = (memory_scan){.api = api, .table = t, .ncols = spec->ncols};
    pthread_mutex_lock(&((memory_table *)t)->lock);
    s->end_chunk = t->nchunks;
    if (t->nchunks > 0)
        s->end_tail_rows = t->chunks[t->nchunks - 1]->count;
    pthread_mutex_unlock(&((memory_table *)t)->lock);
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
    for (;;) {
        if (s->chunk >= s->end_chunk) {
            out->count = 0;
            return SS_OK;
        }
        memory_chunk *chunk = chunk_at(s, s->chunk);
        uint32_t n = visible_rows(s, s->chunk), live = n;
        bool all = true;
        if (s->snap && memory_chunk_visible(ctx, s->table, chunk, n, s->snap, s->sel, &live,
                                            &all) != SS_OK)
            return SS_ERROR;
        size_t index = s->chunk++;
        if (live == 0)
            continue;
        for (uint32_t i = 0; i < s->ncols; i++)
            out->cols[i] = chunk->cols[s->columns[i]];
        out->count = n;
        if (!all) {
            out->sel = s->sel;
            out->sel_count = live;
        }
        if (s->rowids)
            for (uint32_t k = 0; k < live; k++)
                s->rowids[k] = MEMORY_ROWID(index, all ? k : s->sel[k]);
        return SS_OK;
    }
}

int memory_scan_next_row(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row)
{
    memory_scan *s = scan;
    if (enter_mode(ctx, s, MEMORY_SCAN_ROWS) != SS_OK)
        return SS_ERROR;
    for (;;) {
        if (s->chunk >= s->end_chunk) {
            *has_row = false;
            return SS_OK;
        }
        if (!s->sel_ready) {
            s->nsel = visible_rows(s, s->chunk);
            s->sel_all = true;
            if (s->snap && memory_chunk_visible(ctx, s->table, chunk_at(s, s->chunk), s->nsel,
                                                s->snap, s->sel, &s->nsel,
                                                &s->sel_all) != SS_OK)
                return SS_ERROR;
            s->sel_ready = true;
        }
        if (s->row < s->nsel)
            break;
        s->chunk++;
        s->row = 0;
        s->sel_ready = false;
    }
    const memory_chunk *chunk = chunk_at(s, s->chunk);
    uint32_t row = s->sel_all ? s->row : s->sel[s->row];
    for (uint32_t i = 0; i < s->ncols; i++)
        ss_vector_get_value(chunk->cols[s->columns[i]], row, &values[i]);
    if (s->rowids)
        s->rowids[0] = MEMORY_ROWID(s->chunk, row);
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
    if (s->sel)
        s->api->free(s->sel);
    if (s->rowids)
        s->api->free(s->rowids);
    s->api->free(s);
}

int memory_scan_begin_snapshot(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                               const ss_snapshot *snap, bool rowids, void **scan)
{
    if (memory_scan_begin(ctx, table, spec, scan) != SS_OK)
        return SS_ERROR;
    memory_scan *s = *scan;
    s->snap = snap;
    s->sel = s->api->alloc(SS_BATCH_CAPACITY * sizeof *s->sel);
    if (s->sel && rowids)
        s->rowids = s->api->alloc(SS_BATCH_CAPACITY * sizeof *s->rowids);
    if (!s->sel || (rowids && !s->rowids)) {
        const ss_api *api = s->api;
        memory_scan_end(s);
        *scan = NULL;
        return memory_out_of_memory(api, ctx);
    }
    return SS_OK;
}

const ss_rowid *memory_scan_rowids(void *scan)
{
    const memory_scan *s = scan;
    return s->rowids;
}
