/* lmdb_vacuum.c — VACUUM and CHECKPOINT of the lmdb backend (storage.h version 7).  VACUUM
 * is one LMDB write transaction over the table's versions: each one the reclamation horizon
 * no longer sees is reported to the kernel (its row id and the columns asked for, batch by
 * batch) and then deleted, so LMDB reuses its pages; row ids come from the table's counter
 * and are never given again.  CHECKPOINT syncs the environment. */
#include <stdlib.h>

#include "lmdb_backend.h"

typedef struct vacuum_state {
    lmdb_table *t;
    const ss_scan_spec *spec;
    ss_vacuum_reclaimed_fn reclaimed;
    void *arg;
    ss_batch *batch;          /* the pending reclaimed versions' columns */
    ss_rowid pending[SS_BATCH_CAPACITY];
    ss_rowid *doomed;         /* every reported row id, deleted after the pass */
    size_t ndoomed, cap_doomed;
} vacuum_state;

static int flush(ss_ctx *ctx, vacuum_state *v)
{
    uint32_t n = v->batch->count;
    if (n == 0)
        return SS_OK;
    if (v->ndoomed + n > v->cap_doomed) {
        size_t cap = v->cap_doomed ? v->cap_doomed * 2 : SS_BATCH_CAPACITY;
        while (cap < v->ndoomed + n)
            cap *= 2;
        ss_rowid *grown = v->t->api->realloc(v->doomed, cap * sizeof *grown);
        if (!grown)
            return lmdb_out_of_memory(v->t->api, ctx);
        v->doomed = grown;
        v->cap_doomed = cap;
    }
    if (v->reclaimed(ctx, v->arg, v->batch, v->pending) != SS_OK)
        return SS_ERROR;
    for (uint32_t k = 0; k < n; k++)
        v->doomed[v->ndoomed++] = v->pending[k];
    v->t->api->batch_reset(v->batch);
    return SS_OK;
}

/* Adds the version val of row id to the pending batch. */
static int add_dead(ss_ctx *ctx, vacuum_state *v, const MDB_val *val, ss_rowid id)
{
    const ss_api *api = v->t->api;
    uint32_t n = v->spec->ncols;
    ss_value values[n ? n : 1];
    if (lmdb_row_decode(ctx, v->t, val, v->spec->columns, n, values) != SS_OK)
        return SS_ERROR;
    uint32_t row = v->batch->count;
    for (uint32_t i = 0; i < n; i++)
        if (api->vector_set_value(ctx, v->batch->cols[i], row, &values[i]) != SS_OK)
            return SS_ERROR;
    v->pending[row] = id;
    v->batch->count = row + 1;
    return v->batch->count == SS_BATCH_CAPACITY ? flush(ctx, v) : SS_OK;
}

/* The pass over t's versions in txn: the dead ones reported, the others counted. */
static int find_dead(ss_ctx *ctx, vacuum_state *v, MDB_txn *txn, const ss_snapshot *h, ss_vacuum_stats *stats)
{
    lmdb_table *t = v->t;
    const ss_api *api = t->api;
    MDB_cursor *cur;
    int rc = mdb_cursor_open(txn, t->backend->rows, &cur);
    if (rc != MDB_SUCCESS)
        return lmdb_fail(ctx, api, rc, "vacuuming a table");
    uint8_t kb[LMDB_KEY_BYTES];
    lmdb_key_encode(kb, t->id, 0);
    MDB_val key = {LMDB_KEY_BYTES, kb}, val;
    int out = SS_OK;
    for (rc = mdb_cursor_get(cur, &key, &val, MDB_SET_RANGE); rc == MDB_SUCCESS && out == SS_OK;
         rc = mdb_cursor_get(cur, &key, &val, MDB_NEXT)) {
        if (lmdb_key_table(&key) != t->id)
            break;
        ss_version_stamp s;
        if (!lmdb_row_stamps(&val, &s, NULL)) {
            out = api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                             "lmdb backend: a stored row version of table %llu is damaged", (unsigned long long)t->id);
            break;
        }
        uint32_t sel[1], seen = 1;
        bool old = s.xmin < h->xmin && s.xmax < h->xmin;
        if (old && api->versions_visible(ctx, h, &s, NULL, 1, sel, &seen) != SS_OK) {
            out = SS_ERROR;
            break;
        }
        if (old && seen == 0)
            out = add_dead(ctx, v, &val, lmdb_key_rowid(&key));
        else
            stats->remain++;
    }
    mdb_cursor_close(cur);
    if (out == SS_OK && rc != MDB_SUCCESS && rc != MDB_NOTFOUND)
        out = lmdb_fail(ctx, api, rc, "vacuuming a table");
    return out == SS_OK ? flush(ctx, v) : out;
}

int lmdb_vacuum(ss_ctx *ctx, void *table, const ss_snapshot *horizon, const ss_scan_spec *spec,
                ss_vacuum_reclaimed_fn reclaimed, void *arg, ss_vacuum_stats *stats)
{
    lmdb_table *t = table;
    const ss_api *api = t->api;
    if (lmdb_check_spec(ctx, t, spec) != SS_OK)
        return SS_ERROR;
    ss_type types[spec->ncols ? spec->ncols : 1];
    for (uint32_t i = 0; i < spec->ncols; i++)
        types[i] = t->phys[t->map[spec->columns[i]]].type;
    vacuum_state v = {.t = t, .spec = spec, .reclaimed = reclaimed, .arg = arg};
    if (!(v.batch = api->batch_create(spec->ncols, types, SS_BATCH_CAPACITY)))
        return lmdb_out_of_memory(api, ctx);
    MDB_txn *txn = NULL;
    int rc = mdb_txn_begin(t->backend->env, NULL, 0, &txn);
    int out = rc == MDB_SUCCESS ? find_dead(ctx, &v, txn, horizon, stats) : lmdb_fail(ctx, api, rc, "vacuuming a table");
    for (size_t k = 0; out == SS_OK && k < v.ndoomed; k++) {
        uint8_t kb[LMDB_KEY_BYTES];
        lmdb_key_encode(kb, t->id, v.doomed[k]);
        MDB_val key = {LMDB_KEY_BYTES, kb};
        if ((rc = mdb_del(txn, t->backend->rows, &key, NULL)) != MDB_SUCCESS)
            out = lmdb_fail(ctx, api, rc, "vacuuming a table");
    }
    if (out == SS_OK) {
        if ((rc = mdb_txn_commit(txn)) != MDB_SUCCESS)
            out = lmdb_fail(ctx, api, rc, "vacuuming a table");
    } else if (txn) {
        mdb_txn_abort(txn);
    }
    if (out == SS_OK) {
        stats->removed += v.ndoomed;
        pthread_mutex_lock(&t->lock);
        t->nrows -= (int64_t)v.ndoomed;
        pthread_mutex_unlock(&t->lock);
    }
    api->free(v.doomed);
    api->batch_destroy(v.batch);
    return out;
}

int lmdb_checkpoint(ss_ctx *ctx, void *backend)
{
    lmdb_backend *b = backend;
    int rc = mdb_env_sync(b->env, 1);
    return rc == MDB_SUCCESS ? SS_OK : lmdb_fail(ctx, b->api, rc, "checkpointing the database");
}
