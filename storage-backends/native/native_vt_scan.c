/* native_vt_scan.c — the native module's scans: the table's row groups as of scan_begin, each
 * decoded whole by the library into column vectors, then handed out SS_BATCH_CAPACITY rows at
 * a time: the rows' stamps go to the kernel's visibility check in one call per slice and the
 * visible rows' values are copied column by column into the scan's vectors (text pointing
 * into copies of the decoded bytes, kept until scan_end). The kernel's hints (storage.h
 * version 8) become the library's predicates, so row groups whose zone maps rule one out are
 * never read (native_scan.c), and scan_stats reports the row groups read and skipped. While a scan runs, the write path
 * defers freeing replaced tails (native_vt_insert.c), so the row groups listed at scan_begin
 * stay readable. */
#include <stdlib.h>
#include <string.h>

#include "native_vt.h"

typedef enum scan_mode { SCAN_UNSTARTED = 0, SCAN_BATCHES, SCAN_ROWS } scan_mode;

typedef struct nv_scan {
    const ss_api *api;
    nv_table *table;
    uint32_t ncols;
    unsigned *columns;
    const ss_snapshot *snap;     /* NULL: every stored version but the dead */
    bool want_rowids;
    scan_mode mode;
    native_scan *ns;
    uint64_t listed;             /* nv_scans_enter's token */
    native_batch *nb;            /* the current row group */
    uint32_t pos;                /* its next row */
    const uint8_t **bytes;       /* per output column: the kept copy of nb's bytes */
    uint8_t **kept;              /* every copy, freed at scan_end */
    size_t nkept, capkept;
    uint32_t count;              /* rows of the current block (in vecs) */
    uint32_t next;               /* rows mode: next row of the block */
    int group_visible;           /* a uniform row group (every row stamped alike): whether
                                    snap sees its rows, -1 not asked yet */
    uint64_t vis_gen;            /* the all-visible map's count for the current row group
                                    (native_vt_visible.c), taken before its stamps were read */
    int horizon_state;           /* 0 not taken yet, 1 taken (horizon), -1 not available */
    ss_snapshot horizon;
    ss_version_stamp stamps[SS_BATCH_CAPACITY];
    uint32_t live[SS_BATCH_CAPACITY];
    uint32_t sel[SS_BATCH_CAPACITY];
    ss_rowid out_ids[SS_BATCH_CAPACITY];
    ss_vector **vecs;
} nv_scan;

void nv_scan_end(void *scan)
{
    nv_scan *s = scan;
    if (!s)
        return;
    const ss_api *api = s->api;
    if (s->ns)
        native_scan_close(s->ns);
    nv_backend *b = s->table->b;
    pthread_mutex_lock(&b->mu);
    nv_scans_leave(b, s->listed);
    nv_free_deferred(b);
    pthread_mutex_unlock(&b->mu);
    for (size_t i = 0; i < s->nkept; i++)
        free(s->kept[i]);
    api->free(s->kept);
    for (uint32_t i = 0; s->vecs && i < s->ncols; i++)
        if (s->vecs[i])
            api->vector_destroy(s->vecs[i]);
    api->free(s->vecs);
    api->free(s->bytes);
    api->free(s->columns);
    api->free(s);
}

uint64_t nv_scans_enter(nv_backend *b)
{
    b->active_scans++;
    uint64_t *slot = nv_push((void **)&b->listed, &b->nlisted, &b->caplisted, sizeof *slot);
    if (!slot) {
        b->unlisted++;
        return UINT64_MAX;
    }
    *slot = b->group_seq;
    return b->group_seq;
}

void nv_scans_leave(nv_backend *b, uint64_t token)
{
    b->active_scans--;
    if (token == UINT64_MAX) {
        b->unlisted--;
        return;
    }
    for (size_t i = 0; i < b->nlisted; i++)
        if (b->listed[i] == token) {
            b->listed[i] = b->listed[--b->nlisted];
            return;
        }
}

bool nv_scans_listed(const nv_backend *b, uint64_t seq)
{
    if (b->unlisted)
        return true;
    for (size_t i = 0; i < b->nlisted; i++)
        if (b->listed[i] >= seq)
            return true;
    return false;
}

/* native_scan's question before it reads a row group's stamps: the all-visible map's answer. */
static int skip_stamps(void *arg, uint32_t gi, uint64_t first)
{
    nv_scan *s = arg;
    return nv_vis_known(s->table, gi, first, &s->vis_gen) ? 1 : 0;
}

int nv_scan_begin_snapshot(ss_ctx *ctx, void *table, const ss_scan_spec *spec, const ss_snapshot *snap, bool rowids,
                           void **scan)
{
    nv_table *t = table;
    const ss_api *api = t->api;
    if (nv_check_spec(ctx, t, spec) != SS_OK)
        return SS_ERROR;
    nv_scan *s = api->alloc(sizeof *s);
    if (!s)
        return nv_oom(api, ctx);
    memset(s, 0, sizeof *s);
    s->api = api;
    s->table = t;
    s->ncols = spec->ncols;
    s->snap = snap;
    s->want_rowids = rowids;
    size_t n = spec->ncols ? spec->ncols : 1;
    s->columns = api->alloc(n * sizeof *s->columns);
    s->bytes = api->alloc(n * sizeof *s->bytes);
    s->vecs = api->alloc(n * sizeof *s->vecs);
    nv_backend *b = t->b;
    pthread_mutex_lock(&b->mu);
    s->listed = nv_scans_enter(b);
    uint64_t *pairs = malloc((t->ngroups ? t->ngroups : 1) * 2 * sizeof *pairs);
    for (size_t g = 0; pairs && g < t->ngroups; g++) {
        pairs[2 * g] = t->groups[g].first;
        pairs[2 * g + 1] = t->groups[g].len;
    }
    size_t ngroups = t->ngroups;
    pthread_mutex_unlock(&b->mu);
    if (!s->columns || !s->bytes || !s->vecs || !pairs) {
        free(pairs);
        nv_scan_end(s);
        return nv_oom(api, ctx);
    }
    memset(s->vecs, 0, n * sizeof *s->vecs);
    for (uint32_t i = 0; i < spec->ncols; i++) {
        s->columns[i] = spec->columns[i];
        if (!(s->vecs[i] = api->vector_create(t->cols[spec->columns[i]].type, SS_BATCH_CAPACITY))) {
            free(pairs);
            nv_scan_end(s);
            return nv_oom(api, ctx);
        }
    }
    native_error err;
    s->ns = native_scan_open_groups(b->db, NULL, pairs, ngroups, s->columns, s->ncols, &err);
    free(pairs);
    if (!s->ns) {
        nv_scan_end(s);
        return nv_fail(ctx, api, &err);
    }
    native_scan_lazy_stamps(s->ns); /* fill_block reads a uniform row group's first stamp only */
    native_scan_skip_stamps(s->ns, skip_stamps, s);
    *scan = s;
    return SS_OK;
}

/* The library's predicate for hint h on a column of t, false when the column's zone maps do
 * not order its type as SQL does (numeric's encoding, char(n)'s padding, ...). */
static bool pred_of_hint(const nv_table *t, const ss_scan_hint *h, native_pred *p)
{
    static const native_pred_op ops[] = {[SS_HINT_EQ] = NATIVE_OP_EQ, [SS_HINT_LT] = NATIVE_OP_LT,
                                         [SS_HINT_LE] = NATIVE_OP_LE, [SS_HINT_GT] = NATIVE_OP_GT,
                                         [SS_HINT_GE] = NATIVE_OP_GE, [SS_HINT_IS_NULL] = NATIVE_OP_IS_NULL,
                                         [SS_HINT_IS_NOT_NULL] = NATIVE_OP_IS_NOT_NULL};
    if (h->column >= t->ncols || h->op < SS_HINT_EQ || h->op > SS_HINT_IS_NOT_NULL)
        return false;
    const nv_column *c = &t->cols[h->column];
    memset(p, 0, sizeof *p);
    p->col = h->column;
    p->op = ops[h->op];
    if (h->op == SS_HINT_IS_NULL || h->op == SS_HINT_IS_NOT_NULL)
        return true;
    switch (c->ntype) {
    case NATIVE_COL_INT64: /* integers, date, time, timestamp[tz]: their order is the integers' */
        p->i64 = h->value.v.i;
        return c->type.id != SS_TYPE_REGTYPE;
    case NATIVE_COL_BOOL:
        p->i64 = h->value.v.b ? 1 : 0;
        return true;
    case NATIVE_COL_FLOAT64: /* float4 / float8: native_float_cmp is PostgreSQL's order */
        p->f64 = h->value.v.f;
        return true;
    case NATIVE_COL_BYTES: /* zone maps order bytes as memcmp: the kernel's text order */
        p->bytes = (const uint8_t *)h->value.v.s.ptr;
        p->len = h->value.v.s.len;
        switch (c->type.id) {
        case SS_TYPE_TEXT: case SS_TYPE_VARCHAR: case SS_TYPE_NAME: case SS_TYPE_BYTEA: case SS_TYPE_UUID:
            return true;
        default:
            return false;
        }
    }
    return false;
}

int nv_scan_hint(ss_ctx *ctx, void *scan, const ss_scan_hint *hints, uint32_t n)
{
    nv_scan *s = scan;
    native_pred *preds = malloc((n ? n : 1) * sizeof *preds);
    if (!preds)
        return nv_oom(s->api, ctx);
    unsigned np = 0;
    for (uint32_t i = 0; i < n; i++)
        if (pred_of_hint(s->table, &hints[i], &preds[np]))
            np++;
    native_error err;
    int rc = np ? native_scan_set_preds(s->ns, preds, np, &err) : 0;
    free(preds);
    return rc == 0 ? SS_OK : nv_fail(ctx, s->api, &err);
}

bool nv_scan_stats(void *scan, ss_scan_stats *stats)
{
    const nv_scan *s = scan;
    native_scan_counts(s->ns, &stats->blocks_read, &stats->blocks_skipped);
    native_scan_row_counts(s->ns, &stats->rows_read, &stats->rows_skipped);
    stats->unit = "Row Groups";
    return true;
}

int nv_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan)
{
    return nv_scan_begin_snapshot(ctx, table, spec, NULL, false, scan);
}

const ss_rowid *nv_scan_rowids(void *scan)
{
    const nv_scan *s = scan;
    return s->want_rowids ? s->out_ids : NULL;
}

/* Whether every row of nb (its stamps read) is visible to every snapshot in use and to every
 * later one: no xmax, each xmin frozen (0) or below the reclamation horizon and committed
 * (the horizon, a snapshot with nothing running, sees it). Then the all-visible map marks it. */
static int mark_all_visible(ss_ctx *ctx, nv_scan *s, const native_batch *nb)
{
    const ss_api *api = s->api;
    if (nb->tail) /* appended to in place: a mark naming its first page would outlive new rows */
        return SS_OK;
    if (s->horizon_state == 0) {
        /* a scan of a statement (it has a snapshot) runs in a transaction: the horizon is there */
        s->horizon_state = -1;
        if (s->snap && SS_API_HAS(api, txn_horizon) && api->txn_horizon) {
            if (api->txn_horizon(ctx, &s->horizon) != SS_OK)
                return SS_ERROR;
            s->horizon_state = 1;
        }
    }
    if (s->horizon_state < 0)
        return SS_OK;
    uint32_t n = nb->uniform ? 1 : nb->nrows; /* a uniform batch holds row 0's stamps only */
    bool frozen = true;
    for (uint32_t r = 0; r < n; r++) {
        if (nb->xmax[r] != 0 || nb->xmin[r] == NV_XID_DEAD ||
            (nb->xmin[r] != 0 && nb->xmin[r] >= s->horizon.xmin))
            return SS_OK;
        frozen &= nb->xmin[r] == 0;
    }
    for (uint32_t lo = 0; !frozen && lo < n; lo += SS_BATCH_CAPACITY) {
        uint32_t k = n - lo < SS_BATCH_CAPACITY ? n - lo : SS_BATCH_CAPACITY, nvis = 0;
        for (uint32_t j = 0; j < k; j++)
            s->stamps[j] = (ss_version_stamp){nb->xmin[lo + j], 0, nb->cmin[lo + j], nb->cmax[lo + j]};
        if (api->versions_visible(ctx, &s->horizon, s->stamps, NULL, k, s->live, &nvis) != SS_OK)
            return SS_ERROR;
        if (nvis != k) /* an xmin that rolled back */
            return SS_OK;
    }
    nv_vis_set(s->table, nb->group_index, nb->rowgroup_id, s->vis_gen);
    return SS_OK;
}

/* The next row group; its bytes columns copied to outlive it. 0 at the end. */
static int next_group(ss_ctx *ctx, nv_scan *s)
{
    native_error err;
    int rc = native_scan_next(s->ns, &s->nb, &err);
    if (rc < 0)
        return nv_fail(ctx, s->api, &err);
    s->pos = 0;
    s->group_visible = -1;
    if (rc == 0) {
        s->nb = NULL;
        return 0;
    }
    if (s->nb->stamps_skipped)
        s->group_visible = 1; /* the all-visible map: every row, no stamps read */
    else if (mark_all_visible(ctx, s, s->nb) != SS_OK)
        return SS_ERROR;
    for (uint32_t i = 0; i < s->ncols; i++) {
        const native_column *c = &s->nb->cols[i];
        s->bytes[i] = NULL;
        if (c->type != NATIVE_COL_BYTES)
            continue;
        uint32_t len = c->offsets[s->nb->nrows];
        uint8_t *copy = malloc(len ? len : 1);
        uint8_t **slot = copy ? nv_push((void **)&s->kept, &s->nkept, &s->capkept, sizeof *slot) : NULL;
        if (!slot) {
            free(copy);
            return nv_oom(s->api, ctx);
        }
        *slot = copy;
        if (len)
            memcpy(copy, c->bytes, len);
        s->bytes[i] = copy;
    }
    return 1;
}

int nv_put_value(ss_ctx *ctx, const ss_api *api, ss_vector *out, uint32_t orow, const native_column *c, uint32_t row)
{
    ss_value v = {.is_null = c->nulls && c->nulls[row]};
    if (!v.is_null) {
        switch (ss_type_storage(out->type.id)) {
        case SS_TYPE_BOOL: v.v.b = c->b[row] != 0; break;
        case SS_TYPE_INT2:
        case SS_TYPE_INT4:
        case SS_TYPE_INT8: v.v.i = c->i64[row]; break;
        case SS_TYPE_FLOAT8: v.v.f = c->f64[row]; break;
        default:
            v.v.s = (ss_text){(const char *)c->bytes + c->offsets[row], c->offsets[row + 1] - c->offsets[row], 0};
            break;
        }
    }
    return api->vector_set_value(ctx, out, orow, &v);
}

/* Copies rows lo .. lo + n of column c into vector out: the whole slice of a row group every
 * row of which is visible, without a selection. */
static int copy_range(ss_ctx *ctx, const ss_api *api, ss_vector *out, const native_column *c, const uint8_t *bytes,
                      uint32_t lo, uint32_t n)
{
    if (out->validity)
        memset(out->validity, 0xff, (SS_BATCH_CAPACITY + 63) / 64 * sizeof(uint64_t));
    if (c->nulls) {
        if (!out->validity && api->vector_ensure_validity(ctx, out) != SS_OK)
            return SS_ERROR;
        for (uint32_t j = 0; j < n; j++)
            if (c->nulls[lo + j])
                ss_vector_set_null(out, j);
    }
    switch (ss_type_storage(out->type.id)) {
    case SS_TYPE_BOOL: {
        uint8_t *d = out->data;
        const uint8_t *src = c->b + lo;
        for (uint32_t j = 0; j < n; j++)
            d[j] = src[j];
        break;
    }
    case SS_TYPE_INT2: {
        int16_t *d = out->data;
        const int64_t *src = c->i64 + lo;
        for (uint32_t j = 0; j < n; j++)
            d[j] = (int16_t)src[j];
        break;
    }
    case SS_TYPE_INT4: {
        int32_t *d = out->data;
        const int64_t *src = c->i64 + lo;
        for (uint32_t j = 0; j < n; j++)
            d[j] = (int32_t)src[j];
        break;
    }
    case SS_TYPE_INT8:
        memcpy(out->data, c->i64 + lo, (size_t)n * sizeof(int64_t));
        break;
    case SS_TYPE_FLOAT8:
        memcpy(out->data, c->f64 + lo, (size_t)n * sizeof(double));
        break;
    default: {
        ss_text *d = out->data;
        for (uint32_t j = 0; j < n; j++) {
            uint32_t r = lo + j;
            d[j] = (ss_text){(const char *)bytes + c->offsets[r], c->offsets[r + 1] - c->offsets[r], 0};
        }
        break;
    }
    }
    return SS_OK;
}

/* Copies rows sel[0..n) of column c into vector out (bytes: the kept copy). */
static int copy_column(ss_ctx *ctx, const ss_api *api, ss_vector *out, const native_column *c, const uint8_t *bytes,
                       const uint32_t *sel, uint32_t n)
{
    if (out->validity)
        memset(out->validity, 0xff, (SS_BATCH_CAPACITY + 63) / 64 * sizeof(uint64_t));
    if (c->nulls) {
        if (!out->validity && api->vector_ensure_validity(ctx, out) != SS_OK)
            return SS_ERROR;
        for (uint32_t j = 0; j < n; j++)
            if (c->nulls[sel[j]])
                ss_vector_set_null(out, j);
    }
    switch (ss_type_storage(out->type.id)) {
    case SS_TYPE_BOOL:
        for (uint32_t j = 0; j < n; j++)
            ((uint8_t *)out->data)[j] = c->b[sel[j]];
        break;
    case SS_TYPE_INT2:
        for (uint32_t j = 0; j < n; j++)
            ((int16_t *)out->data)[j] = (int16_t)c->i64[sel[j]];
        break;
    case SS_TYPE_INT4:
        for (uint32_t j = 0; j < n; j++)
            ((int32_t *)out->data)[j] = (int32_t)c->i64[sel[j]];
        break;
    case SS_TYPE_INT8:
        for (uint32_t j = 0; j < n; j++)
            ((int64_t *)out->data)[j] = c->i64[sel[j]];
        break;
    case SS_TYPE_FLOAT8:
        for (uint32_t j = 0; j < n; j++)
            ((double *)out->data)[j] = c->f64[sel[j]];
        break;
    default:
        for (uint32_t j = 0; j < n; j++) {
            uint32_t r = sel[j];
            ((ss_text *)out->data)[j] = (ss_text){(const char *)bytes + c->offsets[r], c->offsets[r + 1] - c->offsets[r], 0};
        }
        break;
    }
    return SS_OK;
}

/* The rows s->sel[0..n) of row group nb into the scan's vectors (and their row ids). */
static int emit_rows(ss_ctx *ctx, nv_scan *s, const native_batch *nb, uint32_t n)
{
    for (uint32_t i = 0; i < s->ncols; i++)
        if (copy_column(ctx, s->api, s->vecs[i], &nb->cols[i], s->bytes[i], s->sel, n) != SS_OK)
            return SS_ERROR;
    if (s->want_rowids)
        for (uint32_t j = 0; j < n; j++)
            s->out_ids[j] = NV_ROWID(nb->group_index, s->sel[j]);
    s->count = n;
    return SS_OK;
}

/* Fills the scan's vectors with the next visible rows (s->count; 0 at the end). */
static int fill_block(ss_ctx *ctx, nv_scan *s)
{
    s->count = s->next = 0;
    for (;;) {
        if (!s->nb || s->pos >= s->nb->nrows) {
            int rc = next_group(ctx, s);
            if (rc <= 0)
                return rc < 0 ? SS_ERROR : SS_OK;
        }
        const native_batch *nb = s->nb;
        uint32_t lo = s->pos, hi = nb->nrows - lo > SS_BATCH_CAPACITY ? lo + SS_BATCH_CAPACITY : nb->nrows;
        s->pos = hi;
        if (nb->uniform) { /* one answer for the whole row group */
            if (s->group_visible < 0) {
                ss_version_stamp st = {nb->xmin[0], nb->xmax[0], nb->cmin[0], nb->cmax[0]};
                uint32_t vis[1], one = 1;
                if (nb->xmin[0] == NV_XID_DEAD)
                    one = 0;
                else if (s->snap && (st.xmin | st.xmax) != 0 &&
                         s->api->versions_visible(ctx, s->snap, &st, NULL, 1, vis, &one) != SS_OK)
                    return SS_ERROR;
                s->group_visible = one ? 1 : 0;
            }
            if (!s->group_visible) {
                s->pos = nb->nrows;
                continue;
            }
            uint32_t n = hi - lo;
            for (uint32_t i = 0; i < s->ncols; i++)
                if (copy_range(ctx, s->api, s->vecs[i], &nb->cols[i], s->bytes[i], lo, n) != SS_OK)
                    return SS_ERROR;
            if (s->want_rowids)
                for (uint32_t j = 0; j < n; j++)
                    s->out_ids[j] = NV_ROWID(nb->group_index, lo + j);
            s->count = n;
            return SS_OK;
        }
        uint32_t nlive = 0;
        bool frozen = true; /* every live version of the slice frozen and not deleted: all visible */
        bool uniform = true; /* every live version stamped alike (one bulk write): one answer */
        for (uint32_t r = lo; r < hi; r++)
            if (nb->xmin[r] != NV_XID_DEAD) {
                s->live[nlive] = r;
                s->stamps[nlive] = (ss_version_stamp){nb->xmin[r], nb->xmax[r], nb->cmin[r], nb->cmax[r]};
                frozen &= (nb->xmin[r] | nb->xmax[r]) == 0;
                uniform &= nb->xmin[r] == s->stamps[0].xmin && nb->xmax[r] == s->stamps[0].xmax &&
                           nb->cmin[r] == s->stamps[0].cmin && nb->cmax[r] == s->stamps[0].cmax;
                nlive++;
            }
        uint32_t nvis = nlive;
        if (s->snap && nlive && !frozen && uniform) {
            uint32_t vis[1], one;
            if (s->api->versions_visible(ctx, s->snap, s->stamps, NULL, 1, vis, &one) != SS_OK)
                return SS_ERROR;
            nvis = one ? nlive : 0;
            memcpy(s->sel, s->live, nvis * sizeof *s->sel);
        } else if (s->snap && nlive && !frozen) {
            uint32_t vis[SS_BATCH_CAPACITY];
            if (s->api->versions_visible(ctx, s->snap, s->stamps, NULL, nlive, vis, &nvis) != SS_OK)
                return SS_ERROR;
            for (uint32_t j = 0; j < nvis; j++)
                s->sel[j] = s->live[vis[j]];
        } else {
            memcpy(s->sel, s->live, nlive * sizeof *s->sel);
        }
        if (nvis == 0)
            continue;
        return emit_rows(ctx, s, nb, nvis);
    }
}

static int enter_mode(ss_ctx *ctx, nv_scan *s, scan_mode mode)
{
    if (s->mode != SCAN_UNSTARTED && s->mode != mode)
        return s->api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                             "the native backend cannot mix batch and row reads in one scan");
    s->mode = mode;
    return SS_OK;
}

int nv_scan_next_batch(ss_ctx *ctx, void *scan, ss_batch *out)
{
    nv_scan *s = scan;
    if (enter_mode(ctx, s, SCAN_BATCHES) != SS_OK)
        return SS_ERROR;
    if (out->ncols != s->ncols)
        return s->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "native backend: scan output batch has %u columns, expected %u",
                             out->ncols, s->ncols);
    out->sel = NULL;
    out->sel_count = 0;
    if (fill_block(ctx, s) != SS_OK)
        return SS_ERROR;
    for (uint32_t i = 0; i < s->ncols; i++)
        out->cols[i] = s->vecs[i];
    out->count = s->count;
    return SS_OK;
}

int nv_scan_next_row(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row)
{
    nv_scan *s = scan;
    if (enter_mode(ctx, s, SCAN_ROWS) != SS_OK)
        return SS_ERROR;
    if (s->next >= s->count) {
        if (fill_block(ctx, s) != SS_OK)
            return SS_ERROR;
        if (s->count == 0) {
            *has_row = false;
            return SS_OK;
        }
    }
    uint32_t j = s->next++;
    for (uint32_t i = 0; i < s->ncols; i++)
        ss_vector_get_value(s->vecs[i], j, &values[i]);
    if (s->want_rowids)
        s->out_ids[0] = s->out_ids[j];
    *has_row = true;
    return SS_OK;
}
