/* agg_runs.c — sorted runs of an ordered or DISTINCT aggregate's input on temporary files and
 * their merge into the accumulator (agg_runs.h). */
#include "agg_runs.h"

#include <string.h>

#include "common/api_memory.h"

int agg_runs_init(ss_ctx *ctx, const ss_api *api, agg_runs *r, size_t budget, uint32_t nbuf,
                  const ss_type *types, const ss_sort_key *keys, uint32_t nkeys, uint32_t ndistinct,
                  uint32_t nfeed)
{
    memset(r, 0, sizeof *r);
    r->api = api;
    r->budget = budget;
    r->ncols = nbuf + 1;
    r->nfeed = nfeed;
    r->ndedup = ndistinct ? ndistinct + 1 : 0;
    r->types = ops_zalloc_array(ctx, api, r->ncols, sizeof *r->types);
    r->layouts = ops_zalloc_array(ctx, api, r->ncols, sizeof *r->layouts);
    r->infos = ops_zalloc_array(ctx, api, r->ncols, sizeof *r->infos);
    r->keys = ops_zalloc_array(ctx, api, nkeys + 1, sizeof *r->keys);
    if (!r->types || !r->layouts || !r->infos || !r->keys)
        return SS_ERROR;
    r->types[0] = (ss_type){SS_TYPE_INT4, -1};
    for (uint32_t c = 0; c < nbuf; c++)
        r->types[c + 1] = types[c];
    for (uint32_t c = 0; c < r->ncols; c++) {
        r->layouts[c] = ops_layout_of(r->types[c].id);
        r->infos[c] = r->layouts[c] == OPS_LAYOUT_CUSTOM ? ops_type_info(r->types[c].id) : NULL;
    }
    r->keys[r->nkeys++] = (ss_sort_key){.column = 0};
    for (uint32_t k = 0; k < nkeys; k++) {
        r->keys[r->nkeys] = keys[k];
        r->keys[r->nkeys++].column = keys[k].column + 1;
    }
    return SS_OK;
}

/* w (finished) becomes the run at position at, of this level; its write buffer is freed. */
static int push_run(ss_ctx *ctx, agg_runs *r, ops_spill_writer *w, uint32_t at, uint32_t level)
{
    if (ops_array_reserve(ctx, r->api, (void **)&r->runs, &r->cap, r->nruns + 1, sizeof *r->runs, 16))
        return SS_ERROR;
    memmove(r->runs + at + 1, r->runs + at, sizeof *r->runs * (r->nruns - at));
    ops_free(r->api, w->buf);
    w->buf = NULL;
    w->cap = w->len = 0;
    r->runs[at] = (agg_run){*w, level};
    r->nruns++;
    r->files++;
    memset(w, 0, sizeof *w);
    return SS_OK;
}

static int collapse(ss_ctx *ctx, agg_runs *r);

int agg_runs_write(ss_ctx *ctx, agg_runs *r, const ops_column *cols, const uint32_t *gids, const uint32_t *order,
                   uint32_t n)
{
    if (n == 0)
        return SS_OK;
    ss_vector views[64], *vecs[64];
    if (r->ncols > 64)
        return r->api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                             "feature not supported: an ordered aggregate with more than 63 sort keys beyond work_mem");
    uint32_t count = cols[0].count;
    views[0] = (ss_vector){.type = r->types[0], .capacity = count, .data = (void *)gids};
    for (uint32_t c = 1; c < r->ncols; c++)
        views[c] = ops_column_view(&cols[c - 1]);
    for (uint32_t c = 0; c < r->ncols; c++)
        vecs[c] = &views[c];
    ops_spill_writer w;
    if (ops_spill_writer_init(ctx, r->api, &w, r->ncols, r->types) != SS_OK)
        return SS_ERROR;
    if (ops_spill_write_rows(ctx, &w, vecs, order, n) != SS_OK || ops_spill_writer_finish(ctx, &w) != SS_OK ||
        push_run(ctx, r, &w, r->nruns, 0) != SS_OK) {
        ops_spill_writer_release(ctx, &w);
        return SS_ERROR;
    }
    r->rows_written += n;
    return collapse(ctx, r);
}

/* -1, 0, 1: value a of x against value b of y (one column's layout), NULLs as k says. */
static int compare_values(const agg_runs *r, uint32_t c, const ss_sort_key *k, const ss_vector *x, uint32_t a,
                          const ss_vector *y, uint32_t b)
{
    bool an = ss_vector_is_null(x, a), bn = ss_vector_is_null(y, b);
    if (an || bn) {
        if (an && bn)
            return 0;
        return an == k->nulls_first ? -1 : 1;
    }
    int d = 0;
    switch (r->layouts[c]) {
    case OPS_LAYOUT_BOOL: d = ops_cmp_int64(((const uint8_t *)x->data)[a], ((const uint8_t *)y->data)[b]); break;
    case OPS_LAYOUT_INT2: d = ops_cmp_int64(((const int16_t *)x->data)[a], ((const int16_t *)y->data)[b]); break;
    case OPS_LAYOUT_INT4: d = ops_cmp_int64(((const int32_t *)x->data)[a], ((const int32_t *)y->data)[b]); break;
    case OPS_LAYOUT_INT8: d = ops_cmp_int64(((const int64_t *)x->data)[a], ((const int64_t *)y->data)[b]); break;
    case OPS_LAYOUT_FLOAT8: d = ops_cmp_float8(((const double *)x->data)[a], ((const double *)y->data)[b]); break;
    case OPS_LAYOUT_TEXT: d = ops_cmp_text(&((const ss_text *)x->data)[a], &((const ss_text *)y->data)[b]); break;
    case OPS_LAYOUT_CUSTOM:
        d = r->infos[c]->compare(&((const ss_text *)x->data)[a], &((const ss_text *)y->data)[b]);
        d = (d > 0) - (d < 0);
        break;
    case OPS_LAYOUT_NONE: break;
    }
    return k->descending ? -d : d;
}

/* Row a of batch x against row b of batch y by the sort keys. */
static int compare_rows(const agg_runs *r, const ss_batch *x, uint32_t a, const ss_batch *y, uint32_t b)
{
    for (uint32_t k = 0; k < r->nkeys; k++) {
        uint32_t c = r->keys[k].column;
        int d = compare_values(r, c, &r->keys[k], x->cols[c], a, y->cols[c], b);
        if (d)
            return d;
    }
    return 0;
}

/* Whether row a of x equals row b of y in the DISTINCT columns (NULLs equal). */
static bool same_distinct(const agg_runs *r, const ss_batch *x, uint32_t a, const ss_batch *y, uint32_t b)
{
    static const ss_sort_key asc = {0};
    for (uint32_t c = 0; c < r->ndedup; c++)
        if (compare_values(r, c, &asc, x->cols[c], a, y->cols[c], b) != 0)
            return false;
    return true;
}

/* One input of a merge: its reader and its current batch. */
typedef struct merge_input {
    ops_spill_reader rd;
    ss_batch *b; /* NULL at its end */
    uint32_t pos;
} merge_input;

/* Where the merged rows go: a run being written, or the accumulator through a buffer. */
typedef struct merge_sink {
    ops_spill_writer *w;   /* an intermediate pass */
    agg_accum *acc;        /* the last pass */
    ops_column *feed;      /* nfeed columns buffering rows for acc */
    uint32_t *gids, *identity;
    uint32_t n;
    ops_column *prev;      /* ncols: the last row fed (DISTINCT) */
    bool have_prev;
} merge_sink;

static int flush_feed(ss_ctx *ctx, agg_runs *r, merge_sink *s)
{
    if (s->n == 0)
        return SS_OK;
    agg_input in = {s->feed[0].data, s->feed[0].validity, NULL, NULL};
    if (r->nfeed > 1) {
        in.data2 = s->feed[1].data;
        in.validity2 = s->feed[1].validity;
    }
    int rc = agg_accum_update(ctx, r->api, s->acc, in, s->identity, s->gids, s->n);
    for (uint32_t c = 0; c < r->nfeed; c++) {
        ops_column_release(&s->feed[c]);
        if (ops_column_init(ctx, &s->feed[c], r->api, r->types[c + 1], "ordered aggregate") != SS_OK)
            rc = SS_ERROR;
    }
    s->n = 0;
    return rc;
}

/* Row pos of b to the sink. */
static int emit(ss_ctx *ctx, agg_runs *r, merge_sink *s, ss_batch *b, uint32_t pos)
{
    if (r->ndedup) {
        if (s->have_prev) {
            ss_vector views[64];
            ss_vector *vecs[64];
            for (uint32_t c = 0; c < r->ndedup; c++) {
                views[c] = ops_column_view(&s->prev[c]);
                vecs[c] = &views[c];
            }
            ss_batch pb = {.ncols = r->ndedup, .count = 1, .cols = vecs};
            if (same_distinct(r, &pb, 0, b, pos))
                return SS_OK;
        }
        for (uint32_t c = 0; c < r->ndedup; c++)
            if (ops_column_keep_one(ctx, &s->prev[c], b->cols[c], pos, "ordered aggregate") != SS_OK)
                return SS_ERROR;
        s->have_prev = true;
    }
    if (s->w)
        return ops_spill_write_rows(ctx, s->w, b->cols, &pos, 1);
    for (uint32_t c = 0; c < r->nfeed; c++)
        if (ops_column_append(ctx, &s->feed[c], b->cols[c + 1], &pos, 1) != SS_OK)
            return SS_ERROR;
    s->gids[s->n++] = ((const uint32_t *)b->cols[0]->data)[pos];
    return s->n == SS_BATCH_CAPACITY ? flush_feed(ctx, r, s) : SS_OK;
}

static int advance(ss_ctx *ctx, merge_input *in)
{
    if (in->b && ++in->pos < ss_batch_rows(in->b))
        return SS_OK;
    in->pos = 0;
    do {
        if (ops_spill_read_batch(ctx, &in->rd, &in->b) != SS_OK)
            return SS_ERROR;
    } while (in->b && ss_batch_rows(in->b) == 0);
    return SS_OK;
}

static uint32_t row_of(const merge_input *in)
{
    return in->b->sel ? in->b->sel[in->pos] : in->pos;
}

/* Merges runs[at..at + n) (oldest first: ties go to the earlier) into the sink; they are
 * gone. */
static int merge(ss_ctx *ctx, agg_runs *r, uint32_t at, uint32_t n, merge_sink *s)
{
    const ss_api *api = r->api;
    merge_input *ins = ops_zalloc_array(ctx, api, n, sizeof *ins);
    if (!ins)
        return SS_ERROR;
    int rc = SS_OK;
    for (uint32_t i = 0; i < n && rc == SS_OK; i++) {
        rc = ops_spill_reader_open(ctx, api, &ins[i].rd, &r->runs[at + i].w, r->types);
        ops_spill_writer_release(ctx, &r->runs[at + i].w);
        if (rc == SS_OK)
            rc = advance(ctx, &ins[i]);
    }
    uint64_t steps = 0;
    while (rc == SS_OK) {
        int best = -1;
        for (uint32_t i = 0; i < n; i++)
            if (ins[i].b && (best < 0 || compare_rows(r, ins[i].b, row_of(&ins[i]), ins[best].b,
                                                      row_of(&ins[best])) < 0))
                best = (int)i;
        if (best < 0)
            break;
        rc = emit(ctx, r, s, ins[best].b, row_of(&ins[best]));
        if (rc == SS_OK)
            rc = advance(ctx, &ins[best]);
        if (rc == SS_OK && (++steps & 0xFFFF) == 0 && api->check_interrupt(ctx) != SS_OK)
            rc = SS_ERROR;
    }
    for (uint32_t i = 0; i < n; i++)
        ops_spill_reader_release(ctx, &ins[i].rd);
    api->free(ins);
    memmove(r->runs + at, r->runs + at + n, sizeof *r->runs * (r->nruns - at - n));
    r->nruns -= n;
    return rc;
}

/* Runs merged at once: a read buffer and a batch each, within the budget, at least 8. */
static uint32_t fan_in(const agg_runs *r)
{
    size_t per = 2 * OPS_SPILL_BUFFER + (size_t)SS_BATCH_CAPACITY * 16 * r->ncols;
    size_t n = r->budget / per;
    return n < 8 ? 8 : n > 64 ? 64 : (uint32_t)n;
}

/* The sink's copy of the last row (DISTINCT). */
static int prev_init(ss_ctx *ctx, agg_runs *r, merge_sink *s)
{
    if (!(s->prev = ops_zalloc_array(ctx, r->api, r->ncols, sizeof *s->prev)))
        return SS_ERROR;
    for (uint32_t c = 0; c < r->ndedup; c++)
        if (ops_column_init(ctx, &s->prev[c], r->api, r->types[c], "ordered aggregate") != SS_OK)
            return SS_ERROR;
    return SS_OK;
}

static void prev_release(agg_runs *r, merge_sink *s)
{
    for (uint32_t c = 0; s->prev && c < r->ncols; c++)
        ops_column_release(&s->prev[c]);
    ops_free(r->api, s->prev);
    s->prev = NULL;
}

/* Runs[at..at + n) merged into one run of this level, at their place. */
static int merge_into_run(ss_ctx *ctx, agg_runs *r, uint32_t at, uint32_t n, uint32_t level)
{
    ops_spill_writer w;
    if (ops_spill_writer_init(ctx, r->api, &w, r->ncols, r->types) != SS_OK)
        return SS_ERROR;
    merge_sink s = {.w = &w};
    int rc = prev_init(ctx, r, &s);
    if (rc == SS_OK)
        rc = merge(ctx, r, at, n, &s);
    prev_release(r, &s);
    if (rc != SS_OK || ops_spill_writer_finish(ctx, &w) != SS_OK) {
        ops_spill_writer_release(ctx, &w);
        return SS_ERROR;
    }
    r->rows_written += w.rows;
    if (push_run(ctx, r, &w, at, level) != SS_OK) {
        ops_spill_writer_release(ctx, &w);
        return SS_ERROR;
    }
    return SS_OK;
}

/* While the last fan-in runs have one level: merged into one of the next level. */
static int collapse(ss_ctx *ctx, agg_runs *r)
{
    uint32_t f = fan_in(r);
    while (r->nruns >= f) {
        uint32_t at = r->nruns - f, level = r->runs[at].level;
        for (uint32_t i = at + 1; i < r->nruns; i++)
            if (r->runs[i].level != level)
                return SS_OK;
        if (merge_into_run(ctx, r, at, f, level + 1) != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

int agg_runs_feed(ss_ctx *ctx, agg_runs *r, agg_accum *acc)
{
    const ss_api *api = r->api;
    uint32_t f = fan_in(r);
    /* earlier passes merge the oldest runs into one that takes their place */
    while (r->nruns > f)
        if (merge_into_run(ctx, r, 0, f, r->runs[f - 1].level + 1) != SS_OK)
            return SS_ERROR;
    if (r->nruns == 0)
        return SS_OK;
    merge_sink s = {.acc = acc};
    s.feed = ops_zalloc_array(ctx, api, r->nfeed, sizeof *s.feed);
    s.gids = ops_zalloc_array(ctx, api, SS_BATCH_CAPACITY, sizeof *s.gids);
    s.identity = ops_zalloc_array(ctx, api, SS_BATCH_CAPACITY, sizeof *s.identity);
    int rc = s.feed && s.gids && s.identity ? prev_init(ctx, r, &s) : SS_ERROR;
    for (uint32_t c = 0; rc == SS_OK && c < r->nfeed; c++)
        rc = ops_column_init(ctx, &s.feed[c], api, r->types[c + 1], "ordered aggregate");
    for (uint32_t k = 0; rc == SS_OK && k < SS_BATCH_CAPACITY; k++)
        s.identity[k] = k;
    if (rc == SS_OK)
        rc = merge(ctx, r, 0, r->nruns, &s);
    if (rc == SS_OK)
        rc = flush_feed(ctx, r, &s);
    for (uint32_t c = 0; s.feed && c < r->nfeed; c++)
        ops_column_release(&s.feed[c]);
    prev_release(r, &s);
    ops_free(api, s.feed);
    ops_free(api, s.gids);
    ops_free(api, s.identity);
    return rc;
}

void agg_runs_reset(ss_ctx *ctx, agg_runs *r)
{
    for (uint32_t i = 0; i < r->nruns; i++)
        ops_spill_writer_release(ctx, &r->runs[i].w);
    r->nruns = 0;
}

void agg_runs_release(ss_ctx *ctx, agg_runs *r)
{
    if (!r->api)
        return;
    agg_runs_reset(ctx, r);
    ops_free(r->api, r->runs);
    ops_free(r->api, r->types);
    ops_free(r->api, r->layouts);
    ops_free(r->api, r->infos);
    ops_free(r->api, r->keys);
    memset(r, 0, sizeof *r);
}
