/* lmdb_insert.c — writing rows to an lmdb table: each call is one LMDB write transaction
 * (all-or-nothing), each live row of the batch one encoded version under a fresh row id. */
#include "lmdb_backend.h"

/* Writes the live rows of rows as versions stamped stamp; rowids (may be NULL) gets their ids. */
static int write_versions(ss_ctx *ctx, lmdb_table *t, const ss_batch *rows, ss_version_stamp stamp,
                          ss_rowid *rowids)
{
    const ss_api *api = t->api;
    if (rows->ncols != t->ncols)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "lmdb backend: insert batch has %u columns, expected %u",
                          rows->ncols, t->ncols);
    uint32_t n = ss_batch_rows(rows);
    if (n == 0)
        return SS_OK;
    pthread_mutex_lock(&t->lock);
    uint64_t first = t->next_rowid;
    t->next_rowid += n;
    pthread_mutex_unlock(&t->lock);
    MDB_txn *txn;
    int rc = mdb_txn_begin(t->backend->env, NULL, 0, &txn);
    if (rc != MDB_SUCCESS)
        return lmdb_fail(ctx, api, rc, "inserting rows");
    for (uint32_t k = 0; k < n && rc == MDB_SUCCESS; k++) {
        uint32_t row = ss_batch_row(rows, k);
        uint8_t kb[LMDB_KEY_BYTES];
        lmdb_key_encode(kb, t->id, first + k);
        MDB_val key = {LMDB_KEY_BYTES, kb}, val = {lmdb_row_size(t, rows, row), NULL};
        rc = mdb_put(txn, t->backend->rows, &key, &val, MDB_RESERVE);
        if (rc == MDB_SUCCESS)
            lmdb_row_encode(t, rows, row, &stamp, val.mv_data);
    }
    if (rc != MDB_SUCCESS) {
        mdb_txn_abort(txn);
        return lmdb_fail(ctx, api, rc, "inserting rows");
    }
    if ((rc = mdb_txn_commit(txn)) != MDB_SUCCESS)
        return lmdb_fail(ctx, api, rc, "inserting rows");
    pthread_mutex_lock(&t->lock);
    t->nrows += n;
    pthread_mutex_unlock(&t->lock);
    if (rowids)
        for (uint32_t k = 0; k < n; k++)
            rowids[k] = first + k;
    return SS_OK;
}

/* Outside any transaction: xmin 0, visible to every snapshot (txn.h). */
int lmdb_insert(ss_ctx *ctx, void *table, const ss_batch *rows)
{
    return write_versions(ctx, table, rows, (ss_version_stamp){0, 0, 0, 0}, NULL);
}

int lmdb_insert_versions(ss_ctx *ctx, void *table, const ss_batch *rows, ss_rowid *rowids)
{
    lmdb_table *t = table;
    ss_version_stamp stamp = {0, 0, 0, 0};
    if (t->api->txn_current(ctx, &stamp.xmin, &stamp.cmin) != SS_OK)
        return SS_ERROR;
    return write_versions(ctx, t, rows, stamp, rowids);
}
