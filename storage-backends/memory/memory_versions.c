/* memory_versions.c — the version-3 storage callbacks (row ids, snapshot scans, point
 * fetches) over the append-only memory table: a row's id is its chunk index << 16 | its
 * position in the chunk, which never changes because rows are only appended (a statement's
 * undo cuts back only rows no index keeps, since the kernel's index maintenance is undone
 * with it).  There are no row versions yet: every stored row is visible and the snapshot
 * is not consulted. */
#include "memory.h"

static ss_rowid make_rowid(size_t chunk, uint32_t row)
{
    return ((ss_rowid)chunk << 16) | row;
}

int memory_insert_versions(ss_ctx *ctx, void *table, const ss_batch *rows, ss_rowid *rowids)
{
    memory_table *t = table;
    /* every chunk but the tail is full: the next row goes to position nrows */
    int64_t first = t->nrows;
    if (memory_insert(ctx, table, rows) != SS_OK)
        return SS_ERROR;
    uint32_t n = ss_batch_rows(rows);
    for (uint32_t k = 0; k < n; k++) {
        int64_t pos = first + k;
        rowids[k] = make_rowid((size_t)(pos / SS_BATCH_CAPACITY), (uint32_t)(pos % SS_BATCH_CAPACITY));
    }
    return SS_OK;
}

int memory_scan_begin_snapshot(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                               const ss_snapshot *snap, bool rowids, void **scan)
{
    (void)snap;
    memory_table *t = table;
    if (memory_scan_begin(ctx, table, spec, scan) != SS_OK)
        return SS_ERROR;
    if (rowids) {
        ss_rowid *buf = t->api->alloc(SS_BATCH_CAPACITY * sizeof *buf);
        if (!buf) {
            memory_scan_end(*scan);
            *scan = NULL;
            return memory_out_of_memory(t->api, ctx);
        }
        *memory_scan_rowid_slot(*scan) = buf;
    }
    return SS_OK;
}

const ss_rowid *memory_scan_rowids(void *scan)
{
    ss_rowid *buf = *memory_scan_rowid_slot(scan);
    size_t returned = memory_scan_batches_returned(scan);
    if (!buf || returned == 0)
        return buf;
    /* the last batch was chunk returned - 1, rows 0.. of it in order */
    for (uint32_t r = 0; r < SS_BATCH_CAPACITY; r++)
        buf[r] = make_rowid(returned - 1, r);
    return buf;
}

int memory_fetch_versions(ss_ctx *ctx, void *table, const ss_scan_spec *spec,
                          const ss_snapshot *snap, const ss_rowid *rowids, uint32_t n,
                          ss_batch *out, bool *found)
{
    (void)snap;
    const memory_table *t = table;
    const ss_api *api = t->api;
    out->sel = NULL;
    out->sel_count = 0;
    out->count = 0;
    for (uint32_t k = 0; k < n; k++) {
        size_t c = (size_t)(rowids[k] >> 16);
        uint32_t r = (uint32_t)(rowids[k] & 0xffff);
        found[k] = rowids[k] != SS_ROWID_INVALID && c < t->nchunks && r < t->chunks[c]->count;
        if (!found[k])
            continue;
        for (uint32_t i = 0; i < spec->ncols; i++) {
            ss_value v;
            ss_vector_get_value(t->chunks[c]->cols[spec->columns[i]], r, &v);
            if (api->vector_set_value(ctx, out->cols[i], out->count, &v) != SS_OK)
                return SS_ERROR;
        }
        out->count++;
    }
    return SS_OK;
}
