/* lmdb_fetch.c — point reads by row id (storage.h version 3's fetch_versions): one read-only
 * LMDB transaction per call; the values are copied into the caller's batch, since the
 * transaction (and with it the map's bytes) ends before the call returns. */
#include "lmdb_backend.h"

int lmdb_fetch_versions(ss_ctx *ctx, void *table, const ss_scan_spec *spec, const ss_snapshot *snap,
                        const ss_rowid *rowids, uint32_t n, ss_batch *out, bool *found)
{
    lmdb_table *t = table;
    const ss_api *api = t->api;
    if (out->ncols != spec->ncols)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "lmdb backend: fetch batch has %u columns, expected %u",
                          out->ncols, spec->ncols);
    if (lmdb_check_spec(ctx, t, spec) != SS_OK)
        return SS_ERROR;
    out->sel = NULL;
    out->sel_count = 0;
    out->count = 0;
    ss_value values[spec->ncols ? spec->ncols : 1];
    MDB_txn *txn;
    int rc = mdb_txn_begin(t->backend->env, NULL, MDB_RDONLY, &txn);
    if (rc != MDB_SUCCESS)
        return lmdb_fail(ctx, api, rc, "reading rows by row id");
    int result = SS_OK;
    for (uint32_t k = 0; k < n && result == SS_OK; k++) {
        found[k] = false;
        uint8_t kb[LMDB_KEY_BYTES];
        lmdb_key_encode(kb, t->id, rowids[k]);
        MDB_val key = {LMDB_KEY_BYTES, kb}, val;
        rc = mdb_get(txn, t->backend->rows, &key, &val);
        if (rc == MDB_NOTFOUND)
            continue;
        if (rc != MDB_SUCCESS) {
            result = lmdb_fail(ctx, api, rc, "reading rows by row id");
            break;
        }
        ss_version_stamp stamp;
        if (!lmdb_row_stamps(&val, &stamp, NULL)) {
            result = api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                "lmdb backend: a stored row version of table %llu is damaged",
                                (unsigned long long)t->id);
            break;
        }
        uint32_t sel[1], seen = 1;
        if (snap && (result = api->versions_visible(ctx, snap, &stamp, NULL, 1, sel, &seen)) != SS_OK)
            break;
        if (!seen)
            continue;
        if ((result = lmdb_row_decode(ctx, t, &val, spec->columns, spec->ncols, values)) != SS_OK)
            break;
        for (uint32_t i = 0; i < spec->ncols && result == SS_OK; i++)
            result = api->vector_set_value(ctx, out->cols[i], out->count, &values[i]);
        if (result == SS_OK) {
            out->count++;
            found[k] = true;
        }
    }
    mdb_txn_abort(txn);
    return result;
}
