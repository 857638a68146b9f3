/* sort_spill.c — sorted runs in temporary files and their k-way merge (sort_spill.h). */
#include "sort_spill.h"

#include <string.h>

#include "common/api_memory.h"
#include "sort_order.h"

/* sort_compute_order's scratch per row: order, two 64-bit key arrays and a row scratch */
#define SORT_SCRATCH_PER_ROW (4 + 8 + 8 + 4)

size_t sort_spill_memory(const ops_column *cols, uint32_t ncols, uint32_t nrows)
{
    size_t n = (size_t)nrows * SORT_SCRATCH_PER_ROW;
    for (uint32_t c = 0; c < ncols; c++)
        n += ops_column_bytes(&cols[c]);
    return n;
}

void sort_spill_init(sort_spill *sp, const ss_api *api, const ss_sort_key *keys, uint32_t nkeys,
                     uint32_t ncols, const ss_type *types, size_t budget)
{
    memset(sp, 0, sizeof *sp);
    sp->budget = budget;
    sp->api = api;
    sp->keys = keys;
    sp->nkeys = nkeys;
    sp->ncols = ncols;
    sp->types = types;
}

static int add_run(ss_ctx *ctx, sort_spill *sp, sort_run **out)
{
    if (ops_array_reserve(ctx, sp->api, (void **)&sp->runs, &sp->cap_runs, sp->nruns + 1, sizeof *sp->runs, 16))
        return SS_ERROR;
    sort_run *r = &sp->runs[sp->nruns++];
    memset(r, 0, sizeof *r);
    *out = r;
    return ops_spill_writer_init(ctx, sp->api, &r->w, sp->ncols, sp->types);
}

static int consolidate(ss_ctx *ctx, sort_spill *sp);

int sort_spill_write_run(ss_ctx *ctx, sort_spill *sp, const ops_column *cols, uint32_t nrows)
{
    const ss_api *api = sp->api;
    if (nrows == 0)
        return SS_OK;
    uint32_t *order = api->alloc((size_t)nrows * sizeof *order);
    ss_vector *views = api->alloc((size_t)(sp->ncols ? sp->ncols : 1) * sizeof *views);
    ss_vector **vp = api->alloc((size_t)(sp->ncols ? sp->ncols : 1) * sizeof *vp);
    int rc = SS_ERROR;
    if (!order || !views || !vp) {
        api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        goto done;
    }
    sort_method method;
    if (sort_compute_order(ctx, api, cols, nrows, sp->keys, sp->nkeys, order, &method) != SS_OK)
        goto done;
    /* the column buffers have vector layout: write them through vector views */
    for (uint32_t c = 0; c < sp->ncols; c++) {
        views[c] = ops_column_view(&cols[c]);
        vp[c] = &views[c];
    }
    sort_run *run = NULL;
    if (add_run(ctx, sp, &run) != SS_OK)
        goto done;
    for (uint32_t i = 0; i < nrows; i += SS_BATCH_CAPACITY) {
        uint32_t n = nrows - i < SS_BATCH_CAPACITY ? nrows - i : SS_BATCH_CAPACITY;
        if (ops_spill_write_rows(ctx, &run->w, vp, order + i, n) != SS_OK)
            goto done;
    }
    if (ops_spill_writer_finish(ctx, &run->w) != SS_OK)
        goto done;
    sp->rows += nrows;
    rc = consolidate(ctx, sp);
done:
    ops_free(api, order);
    ops_free(api, views);
    ops_free(api, vp);
    return rc;
}

/* ---- merging ------------------------------------------------------------------------------ */

/* Order of the current rows of readers i and j: the keys, then the earlier run first. */
static int compare_heads(const sort_spill *sp, uint32_t i, uint32_t j)
{
    int cmp = sort_compare_vectors(sp->keys, sp->nkeys, sp->cur[i]->cols, sp->pos[i], sp->cur[j]->cols, sp->pos[j]);
    return cmp ? cmp : i < j ? -1 : i > j;
}

static void heap_down(sort_spill *sp, uint32_t i)
{
    uint32_t *h = sp->heap, n = sp->nheap;
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && compare_heads(sp, h[l], h[m]) < 0)
            m = l;
        if (r < n && compare_heads(sp, h[r], h[m]) < 0)
            m = r;
        if (m == i)
            return;
        uint32_t t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

static void close_inputs(ss_ctx *ctx, sort_spill *sp)
{
    for (uint32_t i = 0; sp->in && i < sp->nin; i++)
        ops_spill_reader_release(ctx, &sp->in[i]);
    ops_free(sp->api, sp->in);
    ops_free(sp->api, sp->cur);
    ops_free(sp->api, sp->pos);
    ops_free(sp->api, sp->heap);
    sp->in = NULL;
    sp->cur = NULL;
    sp->pos = NULL;
    sp->heap = NULL;
    sp->nin = sp->nheap = 0;
}

/* Opens readers on runs[first .. first + n) (their files move to the readers) and heaps them. */
static int open_inputs(ss_ctx *ctx, sort_spill *sp, uint32_t first, uint32_t n)
{
    const ss_api *api = sp->api;
    sp->in = ops_zalloc_array(ctx, api, n, sizeof *sp->in);
    sp->cur = ops_zalloc_array(ctx, api, n, sizeof *sp->cur);
    sp->pos = ops_zalloc_array(ctx, api, n, sizeof *sp->pos);
    sp->heap = ops_zalloc_array(ctx, api, n, sizeof *sp->heap);
    if (!sp->in || !sp->cur || !sp->pos || !sp->heap)
        return SS_ERROR;
    sp->nin = n;
    for (uint32_t i = 0; i < n; i++) {
        if (ops_spill_reader_open(ctx, api, &sp->in[i], &sp->runs[first + i].w, sp->types) != SS_OK ||
            ops_spill_read_batch(ctx, &sp->in[i], &sp->cur[i]) != SS_OK)
            return SS_ERROR;
        if (sp->cur[i])
            sp->heap[sp->nheap++] = i;
    }
    for (uint32_t i = sp->nheap / 2; i-- > 0;)
        heap_down(sp, i);
    return SS_OK;
}

/* Moves the top reader past its current row and restores the heap. */
static int advance_top(ss_ctx *ctx, sort_spill *sp)
{
    uint32_t i = sp->heap[0];
    if (++sp->pos[i] >= sp->cur[i]->count) {
        sp->pos[i] = 0;
        if (ops_spill_read_batch(ctx, &sp->in[i], &sp->cur[i]) != SS_OK)
            return SS_ERROR;
        if (!sp->cur[i]) {
            ops_spill_reader_release(ctx, &sp->in[i]); /* its file goes at once */
            sp->heap[0] = sp->heap[--sp->nheap];
        }
    }
    if (sp->nheap)
        heap_down(sp, 0);
    return SS_OK;
}

/* Read buffers the budget affords: one reader's buffer and decoded batch each. */
static uint32_t fan_in(const sort_spill *sp, size_t budget)
{
    size_t row = 8;
    for (uint32_t c = 0; c < sp->ncols; c++)
        row += ss_type_width(sp->types[c].id) + (ss_type_is_varlen(sp->types[c].id) ? 16 : 0);
    size_t per = OPS_SPILL_BUFFER + (size_t)SS_BATCH_CAPACITY * row;
    size_t n = budget / per;
    return n < 2 ? 2 : n > 256 ? 256 : (uint32_t)n;
}

/* Merges runs[first .. first + n) into one run written to *dst. */
static int merge_into(ss_ctx *ctx, sort_spill *sp, uint32_t first, uint32_t n, ops_spill_writer *dst)
{
    if (open_inputs(ctx, sp, first, n) != SS_OK)
        return SS_ERROR;
    uint64_t since_check = 0;
    while (sp->nheap) {
        uint32_t i = sp->heap[0];
        uint32_t row = sp->pos[i];
        if (ops_spill_write_rows(ctx, dst, sp->cur[i]->cols, &row, 1) != SS_OK || advance_top(ctx, sp) != SS_OK)
            return SS_ERROR;
        if (++since_check == 65536) {
            since_check = 0;
            if (sp->api->check_interrupt(ctx) != SS_OK)
                return SS_ERROR;
        }
    }
    close_inputs(ctx, sp);
    return ops_spill_writer_finish(ctx, dst);
}

/* Merges runs[first .. first + n) into one run of the next level in their place. */
static int merge_in_place(ss_ctx *ctx, sort_spill *sp, uint32_t first, uint32_t n, uint32_t level)
{
    ops_spill_writer merged;
    if (ops_spill_writer_init(ctx, sp->api, &merged, sp->ncols, sp->types) != SS_OK ||
        merge_into(ctx, sp, first, n, &merged) != SS_OK) {
        ops_spill_writer_release(ctx, &merged);
        return SS_ERROR;
    }
    for (uint32_t i = first; i < first + n; i++)
        ops_spill_writer_release(ctx, &sp->runs[i].w);
    sp->runs[first] = (sort_run){merged, level};
    memmove(&sp->runs[first + 1], &sp->runs[first + n], (sp->nruns - first - n) * sizeof *sp->runs);
    sp->nruns -= n - 1;
    return SS_OK;
}

/* While the last fan-in runs are of one level, merges them into one run of the next. */
static int consolidate(ss_ctx *ctx, sort_spill *sp)
{
    uint32_t fan = fan_in(sp, sp->budget);
    while (sp->nruns >= fan) {
        uint32_t first = sp->nruns - fan, level = sp->runs[first].level;
        for (uint32_t i = first + 1; i < sp->nruns; i++)
            if (sp->runs[i].level != level)
                return SS_OK;
        if (merge_in_place(ctx, sp, first, fan, level + 1) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

int sort_spill_start_merge(ss_ctx *ctx, sort_spill *sp)
{
    uint32_t fan = fan_in(sp, sp->budget);
    while (sp->nruns > fan) {
        /* each group of fan consecutive runs becomes one run in its place: runs stay in
           input order, so ties keep going to the earlier row */
        for (uint32_t first = 0; first < sp->nruns; first++) {
            uint32_t n = sp->nruns - first < fan ? sp->nruns - first : fan;
            if (n > 1 && merge_in_place(ctx, sp, first, n, sp->runs[first].level + 1) != SS_OK)
                return SS_ERROR;
        }
        sp->passes++;
    }
    if (open_inputs(ctx, sp, 0, sp->nruns) != SS_OK)
        return SS_ERROR;
    sp->merging = true;
    return SS_OK;
}

/* Copies value row of src to row i of dst (same layout; text into dst's heap). */
static int copy_value(ss_ctx *ctx, const ss_api *api, const ss_vector *src, uint32_t row, ss_vector *dst, uint32_t i)
{
    if (ss_vector_is_null(src, row)) {
        if (api->vector_ensure_validity(ctx, dst) != SS_OK)
            return SS_ERROR;
        ss_vector_set_null(dst, i);
        return SS_OK;
    }
    switch (ops_layout_of(src->type.id)) {
    case OPS_LAYOUT_BOOL: ((uint8_t *)dst->data)[i] = ((const uint8_t *)src->data)[row]; break;
    case OPS_LAYOUT_INT2: ((int16_t *)dst->data)[i] = ((const int16_t *)src->data)[row]; break;
    case OPS_LAYOUT_INT4: ((int32_t *)dst->data)[i] = ((const int32_t *)src->data)[row]; break;
    case OPS_LAYOUT_INT8: ((int64_t *)dst->data)[i] = ((const int64_t *)src->data)[row]; break;
    case OPS_LAYOUT_FLOAT8: ((double *)dst->data)[i] = ((const double *)src->data)[row]; break;
    case OPS_LAYOUT_TEXT:
    case OPS_LAYOUT_CUSTOM: {
        const ss_text *t = &((const ss_text *)src->data)[row];
        char *bytes = t->len ? api->vector_text_alloc(ctx, dst, t->len) : NULL;
        if (t->len && !bytes)
            return SS_ERROR;
        if (t->len)
            memcpy(bytes, t->ptr, t->len);
        ((ss_text *)dst->data)[i] = (ss_text){bytes ? bytes : "", t->len, 0};
        break;
    }
    case OPS_LAYOUT_NONE: break;
    }
    return SS_OK;
}

int sort_spill_next(ss_ctx *ctx, sort_spill *sp, ops_owned_batch *out, ss_batch **out_batch)
{
    *out_batch = NULL;
    if (!sp->nheap)
        return SS_OK;
    ops_owned_batch_reset(sp->api, out);
    uint32_t n = 0;
    while (n < SS_BATCH_CAPACITY && sp->nheap) {
        uint32_t i = sp->heap[0];
        const ss_batch *b = sp->cur[i];
        for (uint32_t c = 0; c < sp->ncols; c++)
            if (copy_value(ctx, sp->api, b->cols[c], sp->pos[i], out->vectors[c], n) != SS_OK)
                return SS_ERROR;
        n++;
        if (advance_top(ctx, sp) != SS_OK)
            return SS_ERROR;
    }
    out->batch.count = n;
    *out_batch = &out->batch;
    return SS_OK;
}

void sort_spill_release(ss_ctx *ctx, sort_spill *sp)
{
    if (!sp->api)
        return;
    close_inputs(ctx, sp);
    for (uint32_t i = 0; i < sp->nruns; i++)
        ops_spill_writer_release(ctx, &sp->runs[i].w);
    ops_free(sp->api, sp->runs);
    sp->runs = NULL;
    sp->nruns = sp->cap_runs = 0;
    sp->passes = 0;
    sp->rows = 0;
    sp->merging = false;
}
