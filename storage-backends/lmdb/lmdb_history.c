/* lmdb_history.c — (hist11) the lmdb backend's store of the kernel's commit history
 * (storage.h version 9): the "history" database, seq (u64) -> record (xid, time_us, xmin,
 * xmax: u64 each), written in the LMDB write transaction of the commit it describes,
 * forgotten by deleting its oldest keys, read back at open; "history_first" in "meta" keeps
 * the first commit time ever stored, "history_forget" the highest forget_before given. */
#include <string.h>

#include "lmdb_backend.h"

static const char first_key[] = "history_first";
static const char forget_key[] = "history_forget";

/* A u64 / i64 of "meta" (0 when absent). */
static int meta_u64(MDB_txn *txn, lmdb_backend *b, const char *name, size_t len, uint64_t *v)
{
    *v = 0;
    MDB_val k = {len, (void *)name}, val;
    int rc = mdb_get(txn, b->meta, &k, &val);
    if (rc == MDB_SUCCESS && val.mv_size == sizeof *v)
        memcpy(v, val.mv_data, sizeof *v);
    return rc == MDB_NOTFOUND ? MDB_SUCCESS : rc;
}

int lmdb_history_put(MDB_txn *txn, lmdb_backend *b, const ss_commit_record *rec, uint64_t forget_before)
{
    int rc = MDB_SUCCESS;
    if (rec) {
        uint64_t seq = rec->seq, v[4] = {rec->xid, (uint64_t)rec->time_us, rec->xmin, rec->xmax};
        MDB_val key = {sizeof seq, &seq}, val = {sizeof v, v};
        rc = mdb_put(txn, b->history, &key, &val, 0);
        MDB_val fk = {sizeof first_key - 1, (void *)first_key}, fv;
        if (rc == MDB_SUCCESS && (rc = mdb_get(txn, b->meta, &fk, &fv)) == MDB_NOTFOUND) {
            int64_t t = rec->time_us;
            fv = (MDB_val){sizeof t, &t};
            rc = mdb_put(txn, b->meta, &fk, &fv, 0);
        }
    }
    if (rc != MDB_SUCCESS || !forget_before)
        return rc;
    uint64_t forgot;
    if ((rc = meta_u64(txn, b, forget_key, sizeof forget_key - 1, &forgot)) != MDB_SUCCESS)
        return rc;
    if (forget_before > forgot) {
        MDB_val fk = {sizeof forget_key - 1, (void *)forget_key}, fv = {sizeof forget_before, &forget_before};
        if ((rc = mdb_put(txn, b->meta, &fk, &fv, 0)) != MDB_SUCCESS)
            return rc;
    }
    MDB_cursor *cur;
    if ((rc = mdb_cursor_open(txn, b->history, &cur)) != MDB_SUCCESS)
        return rc;
    MDB_val k, v;
    while ((rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST)) == MDB_SUCCESS) {
        uint64_t seq;
        if (k.mv_size != sizeof seq)
            break;
        memcpy(&seq, k.mv_data, sizeof seq);
        if (seq >= forget_before || (rc = mdb_cursor_del(cur, 0)) != MDB_SUCCESS)
            break;
    }
    mdb_cursor_close(cur);
    return rc == MDB_NOTFOUND ? MDB_SUCCESS : rc;
}

/* Reads one stored record; false when it is damaged. */
static bool get_rec(const MDB_val *k, const MDB_val *v, ss_commit_record *r)
{
    uint64_t seq, f[4];
    if (k->mv_size != sizeof seq || v->mv_size != sizeof f)
        return false;
    memcpy(&seq, k->mv_data, sizeof seq);
    memcpy(f, v->mv_data, sizeof f);
    *r = (ss_commit_record){.struct_size = sizeof *r, .xid = f[0], .seq = seq, .time_us = (int64_t)f[1],
                            .xmin = f[2], .xmax = f[3]};
    return true;
}

int lmdb_history_oldest_xmin(MDB_txn *txn, lmdb_backend *b, uint64_t *xmin)
{
    *xmin = UINT64_MAX;
    MDB_cursor *cur;
    int rc = mdb_cursor_open(txn, b->history, &cur);
    if (rc != MDB_SUCCESS)
        return rc;
    MDB_val k, v;
    ss_commit_record r;
    if ((rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST)) == MDB_SUCCESS) {
        if (get_rec(&k, &v, &r))
            *xmin = r.xmin;
        else
            rc = MDB_CORRUPTED;
    }
    mdb_cursor_close(cur);
    return rc == MDB_NOTFOUND ? MDB_SUCCESS : rc;
}

int lmdb_history_load(ss_ctx *ctx, void *backend, ss_commit_record **recs, uint64_t *n, int64_t *first_time_us,
                      uint64_t *next_seq)
{
    lmdb_backend *b = backend;
    const ss_api *api = b->api;
    *recs = NULL;
    *n = 0;
    *first_time_us = 0;
    MDB_txn *txn;
    MDB_cursor *cur = NULL;
    MDB_stat st;
    int rc = mdb_txn_begin(b->env, NULL, MDB_RDONLY, &txn);
    if (rc == MDB_SUCCESS)
        rc = mdb_stat(txn, b->history, &st);
    ss_commit_record *out = NULL;
    if (rc == MDB_SUCCESS && st.ms_entries && !(out = api->alloc(st.ms_entries * sizeof *out))) {
        mdb_txn_abort(txn);
        return lmdb_out_of_memory(api, ctx);
    }
    uint64_t k = 0;
    if (rc == MDB_SUCCESS)
        rc = mdb_cursor_open(txn, b->history, &cur);
    MDB_val key, val;
    for (rc = rc == MDB_SUCCESS ? mdb_cursor_get(cur, &key, &val, MDB_FIRST) : rc; rc == MDB_SUCCESS && k < st.ms_entries;
         rc = mdb_cursor_get(cur, &key, &val, MDB_NEXT))
        if (!get_rec(&key, &val, &out[k++]))
            rc = MDB_CORRUPTED;
    if (cur)
        mdb_cursor_close(cur);
    uint64_t first = 0, forgot = 0;
    if (rc == MDB_NOTFOUND || (rc == MDB_SUCCESS && k == st.ms_entries))
        rc = meta_u64(txn, b, first_key, sizeof first_key - 1, &first);
    if (rc == MDB_SUCCESS)
        rc = meta_u64(txn, b, forget_key, sizeof forget_key - 1, &forgot);
    *first_time_us = (int64_t)first;
    *next_seq = k > 0 && out[k - 1].seq + 1 > forgot ? out[k - 1].seq + 1 : forgot > 1 ? forgot : 1;
    if (txn)
        mdb_txn_abort(txn);
    if (rc != MDB_SUCCESS) {
        api->free(out);
        return rc == MDB_CORRUPTED ? api->error(ctx, "XX001", "lmdb backend: the stored commit history is damaged")
                                   : lmdb_fail(ctx, api, rc, "loading the commit history");
    }
    *recs = out;
    *n = k;
    return SS_OK;
}
