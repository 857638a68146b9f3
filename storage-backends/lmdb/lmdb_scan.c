/* lmdb_scan.c — reading an lmdb table in row-id order, by batches or by rows, with or without
 * a snapshot.  A scan holds one read-only LMDB transaction (lmdb_backend.h): it sees the
 * table as of scan_begin, and text values point into LMDB's map until scan_end.  It reads the
 * versions SS_BATCH_CAPACITY at a time, asks the kernel which of them the snapshot sees
 * (ss_api.versions_visible, one call per block), and decodes only those. */
#include <string.h>

#include "lmdb_backend.h"

typedef enum scan_mode { SCAN_UNSTARTED = 0, SCAN_BATCHES, SCAN_ROWS } scan_mode;

typedef struct lmdb_scan {
    const ss_api *api;
    const lmdb_table *table;
    uint32_t ncols;
    uint32_t *columns;           /* table column positions, in output order */
    const ss_snapshot *snap;     /* NULL: every stored version */
    bool want_rowids;
    scan_mode mode;
    MDB_txn *txn;
    MDB_cursor *cur;
    bool positioned;             /* the cursor has been placed on the table's first key */
    bool at_end;                 /* the cursor has left the table */
    /* the current block of versions */
    uint32_t nblock;
    MDB_val vals[SS_BATCH_CAPACITY];
    ss_rowid ids[SS_BATCH_CAPACITY];
    ss_version_stamp stamps[SS_BATCH_CAPACITY];
    uint32_t sel[SS_BATCH_CAPACITY]; /* the visible entries of the block */
    uint32_t nsel;
    uint32_t next;               /* rows mode: next entry of sel to return */
    ss_rowid out_ids[SS_BATCH_CAPACITY];
    ss_vector **vecs;            /* batches: one vector per output column */
    ss_value *values;            /* batches: one decoded row */
} lmdb_scan;

int lmdb_check_spec(ss_ctx *ctx, const lmdb_table *t, const ss_scan_spec *spec)
{
    for (uint32_t i = 0; i < spec->ncols; i++)
        if (spec->columns[i] >= t->ncols)
            return t->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                 "lmdb backend: a read asks for column %u of a table with %u columns",
                                 spec->columns[i] + 1, t->ncols);
    return SS_OK;
}

void lmdb_scan_end(void *scan)
{
    lmdb_scan *s = scan;
    if (!s)
        return;
    const ss_api *api = s->api;
    if (s->cur)
        mdb_cursor_close(s->cur);
    if (s->txn)
        mdb_txn_abort(s->txn);
    if (s->vecs) {
        for (uint32_t i = 0; i < s->ncols; i++)
            if (s->vecs[i])
                api->vector_destroy(s->vecs[i]);
        api->free(s->vecs);
    }
    if (s->values)
        api->free(s->values);
    if (s->columns)
        api->free(s->columns);
    api->free(s);
}

int lmdb_scan_begin(ss_ctx *ctx, void *table, const ss_scan_spec *spec, void **scan)
{
    const lmdb_table *t = table;
    const ss_api *api = t->api;
    if (lmdb_check_spec(ctx, t, spec) != SS_OK)
        return SS_ERROR;
    lmdb_scan *s = api->alloc(sizeof *s);
    if (!s)
        return lmdb_out_of_memory(api, ctx);
    memset(s, 0, sizeof *s);
    s->api = api;
    s->table = t;
    s->ncols = spec->ncols;
    size_t n = spec->ncols ? spec->ncols : 1;
    s->columns = api->alloc(n * sizeof *s->columns);
    s->values = api->alloc(n * sizeof *s->values);
    if (!s->columns || !s->values) {
        lmdb_scan_end(s);
        return lmdb_out_of_memory(api, ctx);
    }
    for (uint32_t i = 0; i < spec->ncols; i++)
        s->columns[i] = spec->columns[i];
    int rc = mdb_txn_begin(t->backend->env, NULL, MDB_RDONLY, &s->txn);
    if (rc == MDB_SUCCESS)
        rc = mdb_cursor_open(s->txn, t->backend->rows, &s->cur);
    if (rc != MDB_SUCCESS) {
        lmdb_scan_end(s);
        return lmdb_fail(ctx, api, rc, "beginning a scan");
    }
    *scan = s;
    return SS_OK;
}

int lmdb_scan_begin_snapshot(ss_ctx *ctx, void *table, const ss_scan_spec *spec, const ss_snapshot *snap,
                             bool rowids, void **scan)
{
    if (lmdb_scan_begin(ctx, table, spec, scan) != SS_OK)
        return SS_ERROR;
    lmdb_scan *s = *scan;
    s->snap = snap;
    s->want_rowids = rowids;
    return SS_OK;
}

const ss_rowid *lmdb_scan_rowids(void *scan)
{
    const lmdb_scan *s = scan;
    return s->want_rowids ? s->out_ids : NULL;
}

/* Reads the next block of versions and selects the visible ones (s->sel, s->nsel); nblock 0
 * at the table's end. */
static int read_block(ss_ctx *ctx, lmdb_scan *s)
{
    const lmdb_table *t = s->table;
    s->nblock = s->nsel = s->next = 0;
    while (!s->at_end && s->nblock < SS_BATCH_CAPACITY) {
        MDB_val key, val;
        int rc;
        if (!s->positioned) {
            uint8_t kb[LMDB_KEY_BYTES];
            lmdb_key_encode(kb, t->id, 0);
            key = (MDB_val){LMDB_KEY_BYTES, kb};
            rc = mdb_cursor_get(s->cur, &key, &val, MDB_SET_RANGE);
            s->positioned = true;
        } else {
            rc = mdb_cursor_get(s->cur, &key, &val, MDB_NEXT);
        }
        if (rc == MDB_NOTFOUND || (rc == MDB_SUCCESS && lmdb_key_table(&key) != t->id)) {
            s->at_end = true;
            break;
        }
        if (rc != MDB_SUCCESS)
            return lmdb_fail(ctx, s->api, rc, "reading a table");
        uint32_t k = s->nblock;
        if (!lmdb_row_stamps(&val, &s->stamps[k], NULL))
            return s->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                 "lmdb backend: a stored row version of table %llu is damaged",
                                 (unsigned long long)t->id);
        s->vals[k] = val;
        s->ids[k] = lmdb_key_rowid(&key);
        s->nblock++;
    }
    if (s->snap)
        return s->api->versions_visible(ctx, s->snap, s->stamps, NULL, s->nblock, s->sel, &s->nsel);
    for (uint32_t k = 0; k < s->nblock; k++)
        s->sel[k] = k;
    s->nsel = s->nblock;
    return SS_OK;
}

static int enter_mode(ss_ctx *ctx, lmdb_scan *s, scan_mode mode)
{
    if (s->mode != SCAN_UNSTARTED && s->mode != mode)
        return s->api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                             "the lmdb backend cannot mix batch and row reads in one scan");
    s->mode = mode;
    return SS_OK;
}

/* The scan's own output vectors, typed like the columns it reads. */
static int make_vectors(ss_ctx *ctx, lmdb_scan *s)
{
    const ss_api *api = s->api;
    s->vecs = api->alloc((s->ncols ? s->ncols : 1) * sizeof *s->vecs);
    if (!s->vecs)
        return lmdb_out_of_memory(api, ctx);
    memset(s->vecs, 0, (s->ncols ? s->ncols : 1) * sizeof *s->vecs);
    for (uint32_t i = 0; i < s->ncols; i++) {
        const lmdb_table *t = s->table;
        if (!(s->vecs[i] = api->vector_create(t->phys[t->map[s->columns[i]]].type, SS_BATCH_CAPACITY)))
            return lmdb_out_of_memory(api, ctx);
    }
    return SS_OK;
}

/* Stores value v at row of vector out (text points where v's bytes are: LMDB's map). */
static int put_value(ss_ctx *ctx, const ss_api *api, ss_vector *out, uint32_t row, const ss_value *v)
{
    if (v->is_null) {
        if (!out->validity && api->vector_ensure_validity(ctx, out) != SS_OK)
            return SS_ERROR;
        ss_vector_set_null(out, row);
        return SS_OK;
    }
    ss_vector_set_valid(out, row);
    switch (ss_type_storage(out->type.id)) {
    case SS_TYPE_BOOL: ((uint8_t *)out->data)[row] = v->v.b; break;
    case SS_TYPE_INT2: ((int16_t *)out->data)[row] = (int16_t)v->v.i; break;
    case SS_TYPE_INT4: ((int32_t *)out->data)[row] = (int32_t)v->v.i; break;
    case SS_TYPE_INT8: ((int64_t *)out->data)[row] = v->v.i; break;
    case SS_TYPE_FLOAT8: ((double *)out->data)[row] = v->v.f; break;
    default: ((ss_text *)out->data)[row] = v->v.s; break;
    }
    return SS_OK;
}

int lmdb_scan_next_batch(ss_ctx *ctx, void *scan, ss_batch *out)
{
    lmdb_scan *s = scan;
    const ss_api *api = s->api;
    if (enter_mode(ctx, s, SCAN_BATCHES) != SS_OK)
        return SS_ERROR;
    if (out->ncols != s->ncols)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "lmdb backend: scan output batch has %u columns, expected %u",
                          out->ncols, s->ncols);
    if (!s->vecs && make_vectors(ctx, s) != SS_OK)
        return SS_ERROR;
    out->sel = NULL;
    out->sel_count = 0;
    do {
        if (read_block(ctx, s) != SS_OK)
            return SS_ERROR;
    } while (s->nblock > 0 && s->nsel == 0);
    for (uint32_t i = 0; i < s->ncols; i++)
        if (s->vecs[i]->validity)
            memset(s->vecs[i]->validity, 0xff, (SS_BATCH_CAPACITY + 63) / 64 * sizeof(uint64_t));
    for (uint32_t j = 0; j < s->nsel; j++) {
        uint32_t k = s->sel[j];
        if (lmdb_row_decode(ctx, s->table, &s->vals[k], s->columns, s->ncols, s->values) != SS_OK)
            return SS_ERROR;
        for (uint32_t i = 0; i < s->ncols; i++)
            if (put_value(ctx, api, s->vecs[i], j, &s->values[i]) != SS_OK)
                return SS_ERROR;
        s->out_ids[j] = s->ids[k];
    }
    for (uint32_t i = 0; i < s->ncols; i++)
        out->cols[i] = s->vecs[i];
    out->count = s->nsel;
    return SS_OK;
}

int lmdb_scan_next_row(ss_ctx *ctx, void *scan, ss_value *values, bool *has_row)
{
    lmdb_scan *s = scan;
    if (enter_mode(ctx, s, SCAN_ROWS) != SS_OK)
        return SS_ERROR;
    while (s->next >= s->nsel) {
        if (read_block(ctx, s) != SS_OK)
            return SS_ERROR;
        if (s->nblock == 0) {
            *has_row = false;
            return SS_OK;
        }
    }
    uint32_t k = s->sel[s->next++];
    if (lmdb_row_decode(ctx, s->table, &s->vals[k], s->columns, s->ncols, values) != SS_OK)
        return SS_ERROR;
    s->out_ids[0] = s->ids[k];
    *has_row = true;
    return SS_OK;
}
