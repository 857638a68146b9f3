/* memory_insert.c — appending a batch of rows to a memory table, all or nothing.
 *
 * The live rows of the batch go first into the free positions of the tail chunk, then into as
 * many new chunks as needed.  Each destination run ("segment") is handled in two steps:
 * segment_prepare does every allocation the run needs (validity bitmap when a NULL lands in
 * it, one block of the chunk vector's string heap per text column) and may fail;
 * segment_write then copies the values and cannot fail.
 *
 * Order of work, so that a failure leaves the table as it was:
 *   1. grow the chunk pointer array (more capacity changes nothing visible);
 *   2. build and fill the new chunks in free slots past nchunks, invisible to readers;
 *   3. prepare the tail's segment;
 *   4. write the tail's segment, then publish: tail count, nchunks, nrows.
 * A failure in 1-3 destroys the new chunks.  Step 3 may by then have given the tail vectors a
 * validity bitmap (all rows valid) or string-heap bytes no row points to; both are invisible
 * (every stored row keeps its value and NULL flag, row counts are unchanged) and are freed with
 * the chunk — the SDK offers no way to give them back earlier. */
#include <stdint.h>
#include <string.h>

#include "memory.h"

/* Empty strings point here rather than at a zero-length heap allocation; the module is never
 * unloaded, so the pointer stays valid as long as any vector refers to it. */
static const char memory_empty_text[1] = "";

/* Live input rows [first, first + n) of the batch go to positions [dst, dst + n) of chunk. */
typedef struct memory_segment {
    memory_chunk *chunk;
    uint32_t dst;
    uint32_t first;
    uint32_t n;
} memory_segment;

static bool segment_has_null(const ss_batch *rows, uint32_t col, const memory_segment *s)
{
    const ss_vector *src = rows->cols[col];
    if (!src->validity)
        return false;
    for (uint32_t k = 0; k < s->n; k++)
        if (ss_vector_is_null(src, ss_batch_row(rows, s->first + k)))
            return true;
    return false;
}

/* Total text bytes of the segment's non-NULL values in column col. */
static int segment_text_bytes(ss_ctx *ctx, const memory_table *t, const ss_batch *rows,
                              uint32_t col, const memory_segment *s, size_t *total)
{
    const ss_vector *src = rows->cols[col];
    const ss_text *values = src->data;
    size_t sum = 0;
    for (uint32_t k = 0; k < s->n; k++) {
        uint32_t row = ss_batch_row(rows, s->first + k);
        if (ss_vector_is_null(src, row))
            continue;
        if (values[row].len > SIZE_MAX - sum)
            return t->api->error(ctx, "54000",
                                 "text values of one INSERT batch are too large to store");
        sum += values[row].len;
    }
    *total = sum;
    return SS_OK;
}

/* Fallible step: allocates what segment_write will need, into t->text_blocks. */
static int segment_prepare(ss_ctx *ctx, memory_table *t, const ss_batch *rows,
                           const memory_segment *s)
{
    const ss_api *api = t->api;
    for (uint32_t c = 0; c < t->ncols; c++) {
        ss_vector *dst = s->chunk->cols[c];
        t->text_blocks[c] = NULL;
        /* the kernel records its own error on failure; the first error recorded wins, so the
           extra report below only matters if it did not */
        if (segment_has_null(rows, c, s) && api->vector_ensure_validity(ctx, dst) != SS_OK)
            return memory_out_of_memory(api, ctx);
        if (!ss_type_is_varlen(t->types[c].id))
            continue;
        size_t total = 0;
        if (segment_text_bytes(ctx, t, rows, c, s, &total) != SS_OK)
            return SS_ERROR;
        if (total == 0)
            continue;
        t->text_blocks[c] = api->vector_text_alloc(ctx, dst, total);
        if (!t->text_blocks[c])
            return memory_out_of_memory(api, ctx);
    }
    return SS_OK;
}

/* Infallible step: copies the segment's values (text bytes into the blocks prepared in
 * t->text_blocks).  Reads only input positions, writes only positions >= s->dst of the chunk,
 * so it is also correct when an input vector is this very chunk's vector (INSERT ... SELECT
 * from the same table hands us the scan's zero-copy vectors): the rows read are below the
 * count the scan returned, which is <= s->dst. */
static void segment_write(const memory_table *t, const ss_batch *rows, const memory_segment *s)
{
    for (uint32_t c = 0; c < t->ncols; c++) {
        const ss_vector *src = rows->cols[c];
        ss_vector *dst = s->chunk->cols[c];
        size_t width = ss_type_width(t->types[c].id);
        bool is_text = ss_type_is_varlen(t->types[c].id);
        char *block = t->text_blocks[c];
        for (uint32_t k = 0; k < s->n; k++) {
            uint32_t row = ss_batch_row(rows, s->first + k);
            uint32_t pos = s->dst + k;
            char *out = (char *)dst->data + (size_t)pos * width;
            if (ss_vector_is_null(src, row)) {
                ss_vector_set_null(dst, pos); /* segment_prepare gave dst a bitmap */
                memset(out, 0, width);
                continue;
            }
            ss_vector_set_valid(dst, pos);
            if (is_text) {
                const ss_text *in = (const ss_text *)src->data + row;
                ss_text copy = {memory_empty_text, in->len, 0};
                if (in->len > 0) {
                    memcpy(block, in->ptr, in->len);
                    copy.ptr = block;
                    block += in->len;
                }
                memcpy(out, &copy, sizeof copy);
            } else {
                memcpy(out, (const char *)src->data + (size_t)row * width, width);
            }
        }
    }
}

/* The kernel promises a batch typed like the table; a mismatch is a kernel bug (XX000).  Text
 * types share one layout, so text, varchar and unknown vectors are interchangeable here. */
static int check_batch_shape(ss_ctx *ctx, const memory_table *t, const ss_batch *rows)
{
    if (rows->ncols != t->ncols)
        return t->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                             "memory backend: INSERT batch has %u columns, the table has %u",
                             rows->ncols, t->ncols);
    for (uint32_t c = 0; c < t->ncols; c++) {
        int32_t got = rows->cols[c]->type.id;
        int32_t want = t->types[c].id;
        if (got != want && !(ss_type_is_text(got) && ss_type_is_text(want)))
            return t->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                 "memory backend: INSERT batch column %u has type oid %d, the "
                                 "table column has type oid %d",
                                 c + 1, (int)got, (int)want);
    }
    return SS_OK;
}

/* Makes room for extra chunk pointers past nchunks. */
static int reserve_chunk_slots(ss_ctx *ctx, memory_table *t, size_t extra)
{
    const ss_api *api = t->api;
    if (extra <= t->cap_chunks - t->nchunks)
        return SS_OK;
    if (extra > SIZE_MAX / sizeof(memory_chunk *) - t->nchunks)
        return memory_out_of_memory(api, ctx);
    size_t need = t->nchunks + extra;
    size_t cap = t->cap_chunks ? t->cap_chunks : 8;
    while (cap < need)
        cap = cap > SIZE_MAX / sizeof(memory_chunk *) / 2 ? need : cap * 2;
    /* the cell map first: grown alone, it only has room to spare */
    if (memory_refs_reserve(ctx, t, cap) != SS_OK)
        return SS_ERROR;
    memory_chunk **grown = t->chunks ? api->realloc(t->chunks, cap * sizeof *grown)
                                     : api->alloc(cap * sizeof *grown);
    if (!grown)
        return memory_out_of_memory(api, ctx);
    t->chunks = grown;
    t->cap_chunks = cap;
    return SS_OK;
}

int memory_chunk_fill(ss_ctx *ctx, memory_table *t, memory_chunk *chunk, const ss_batch *rows,
                      uint32_t first, uint32_t n)
{
    memory_segment seg = {chunk, 0, first, n};
    if (segment_prepare(ctx, t, rows, &seg) != SS_OK)
        return SS_ERROR;
    segment_write(t, rows, &seg);
    chunk->count = n;
    return SS_OK;
}

/* Rows [from, to) of chunk get stamp. */
static void stamp_rows(memory_chunk *chunk, uint32_t from, uint32_t to, ss_version_stamp stamp)
{
    for (uint32_t r = from; r < to; r++)
        chunk->stamps[r] = stamp;
    if (stamp.xmin > atomic_load_explicit(&chunk->max_xmin, memory_order_relaxed))
        atomic_store_explicit(&chunk->max_xmin, stamp.xmin, memory_order_relaxed);
}

int memory_insert(ss_ctx *ctx, void *table, const ss_batch *rows)
{
    memory_table *t = table;
    pthread_mutex_lock(&t->lock);
    ss_rowid first;
    int rc = memory_insert_locked(ctx, t, rows, (ss_version_stamp){0, 0, 0, 0}, &first);
    pthread_mutex_unlock(&t->lock);
    return rc;
}

int memory_insert_locked(ss_ctx *ctx, memory_table *t, const ss_batch *rows,
                         ss_version_stamp stamp, ss_rowid *first)
{
    *first = SS_ROWID_INVALID;
    if (check_batch_shape(ctx, t, rows) != SS_OK)
        return SS_ERROR;
    uint32_t n = ss_batch_rows(rows);
    if (n == 0)
        return SS_OK;
    if (t->backend->in_stmt)
        memory_stmt_note_write(t);

    memory_chunk *tail = t->nchunks > 0 ? t->chunks[t->nchunks - 1] : NULL;
    uint32_t tail_free = tail ? SS_BATCH_CAPACITY - tail->count : 0;
    uint32_t into_tail = n < tail_free ? n : tail_free;
    size_t new_chunks = ((size_t)(n - into_tail) + SS_BATCH_CAPACITY - 1) / SS_BATCH_CAPACITY;

    if (reserve_chunk_slots(ctx, t, new_chunks) != SS_OK)
        return SS_ERROR;

    /* New chunks, filled while still invisible (their slots are past nchunks). */
    size_t built = 0;
    uint32_t next_row = into_tail;
    while (built < new_chunks) {
        memory_chunk *chunk = memory_chunk_create(ctx, t);
        if (!chunk)
            goto fail;
        t->chunks[t->nchunks + built++] = chunk;
        memory_refs_set(t, t->nchunks + built - 1);
        uint32_t left = n - next_row;
        uint32_t take = left < SS_BATCH_CAPACITY ? left : SS_BATCH_CAPACITY;
        if (memory_chunk_fill(ctx, t, chunk, rows, next_row, take) != SS_OK)
            goto fail;
        next_row += take;
    }

    /* The tail: prepare (the last step that can fail), then write. */
    if (into_tail > 0) {
        memory_segment seg = {tail, tail->count, 0, into_tail};
        if (segment_prepare(ctx, t, rows, &seg) != SS_OK)
            goto fail;
        segment_write(t, rows, &seg);
        *first = MEMORY_ROWID(t->nchunks - 1, tail->count);
        stamp_rows(tail, tail->count, tail->count + into_tail, stamp);
        tail->count += into_tail;
    } else {
        *first = MEMORY_ROWID(t->nchunks, 0);
    }
    for (size_t i = 0; i < new_chunks; i++)
        stamp_rows(t->chunks[t->nchunks + i], 0, t->chunks[t->nchunks + i]->count, stamp);

    t->nchunks += new_chunks;
    t->nrows += n;
    return SS_OK;

fail:
    for (size_t i = 0; i < built; i++)
        memory_chunk_destroy(t, t->chunks[t->nchunks + i]);
    return SS_ERROR;
}
