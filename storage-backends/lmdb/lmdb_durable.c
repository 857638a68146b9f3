/* lmdb_durable.c — what makes an lmdb database file durable (storage.h version 6): the
 * kernel's catalog image stored and loaded, commits recorded (and synced) in one LMDB write
 * transaction each, and, at open, every stored version resolved by the recorded commits:
 * frozen when its writer committed, removed when it did not or its deleter did. */
#include <string.h>

#include "lmdb_backend.h"

static const char catalog_key[] = "catalog";

int lmdb_catalog_load(ss_ctx *ctx, void *backend, void **image, size_t *len)
{
    lmdb_backend *b = backend;
    *image = NULL;
    *len = 0;
    MDB_txn *txn;
    int rc = mdb_txn_begin(b->env, NULL, MDB_RDONLY, &txn);
    if (rc != MDB_SUCCESS)
        return lmdb_fail(ctx, b->api, rc, "loading the catalog");
    MDB_val key = {sizeof catalog_key - 1, (void *)catalog_key}, val;
    rc = mdb_get(txn, b->meta, &key, &val);
    if (rc == MDB_SUCCESS) {
        if (!(*image = b->api->alloc(val.mv_size ? val.mv_size : 1))) {
            mdb_txn_abort(txn);
            return lmdb_out_of_memory(b->api, ctx);
        }
        memcpy(*image, val.mv_data, val.mv_size);
        *len = val.mv_size;
    }
    mdb_txn_abort(txn);
    return rc == MDB_SUCCESS || rc == MDB_NOTFOUND ? SS_OK : lmdb_fail(ctx, b->api, rc, "loading the catalog");
}

int lmdb_txn_commit(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                    const void *image, size_t len)
{
    lmdb_backend *b = backend;
    MDB_txn *txn;
    int rc = mdb_txn_begin(b->env, NULL, 0, &txn);
    for (uint32_t i = 0; rc == MDB_SUCCESS && i < n; i++) {
        uint64_t x = xids[i];
        MDB_val key = {sizeof x, &x}, val = {sizeof commit_time_us, &commit_time_us};
        rc = mdb_put(txn, b->commits, &key, &val, 0);
    }
    if (rc == MDB_SUCCESS && image) {
        MDB_val key = {sizeof catalog_key - 1, (void *)catalog_key}, val = {len, (void *)image};
        rc = mdb_put(txn, b->meta, &key, &val, 0);
    }
    if (rc != MDB_SUCCESS) {
        if (txn)
            mdb_txn_abort(txn);
        return lmdb_fail(ctx, b->api, rc, "committing a transaction");
    }
    /* the meta page too (MDB_NOMETASYNC): the commit is durable; synchronous_commit = off
       leaves that to the next synced commit or the system (LMDB keeps the file consistent
       either way: a crash loses at most the commits since the last sync) */
    const char *sync = SS_API_HAS(b->api, setting) ? b->api->setting(ctx, "synchronous_commit") : NULL;
    bool want_sync = b->durable && !(sync && strcmp(sync, "off") == 0);
    if ((rc = mdb_txn_commit(txn)) == MDB_SUCCESS && want_sync)
        rc = mdb_env_sync(b->env, 1);
    return rc == MDB_SUCCESS ? SS_OK : lmdb_fail(ctx, b->api, rc, "committing a transaction");
}

/* Nothing to do at once: versions of xids that "commits" never names are removed at the next
 * open (lmdb_resolve_commits), and until then the kernel knows the xid aborted. */
void lmdb_txn_abort(ss_ctx *ctx, void *backend, ss_xid top)
{
    (void)ctx;
    (void)backend;
    (void)top;
}

static bool committed(MDB_txn *txn, MDB_dbi commits, ss_xid xid)
{
    MDB_val key = {sizeof xid, &xid}, val;
    return mdb_get(txn, commits, &key, &val) == MDB_SUCCESS;
}

static const char next_xid_key[] = "next_xid";

/* "next_xid" in "meta" (and b->xid_floor) above every xid "commits" records, before it is
 * emptied: the kernel's xids of this opening start there (storage.h xid_floor). */
static int raise_xid_floor(MDB_txn *txn, lmdb_backend *b)
{
    ss_xid floor = 0;
    MDB_val key = {sizeof next_xid_key - 1, (void *)next_xid_key}, val;
    int rc = mdb_get(txn, b->meta, &key, &val);
    if (rc == MDB_SUCCESS && val.mv_size == sizeof floor)
        memcpy(&floor, val.mv_data, sizeof floor);
    else if (rc != MDB_NOTFOUND && rc != MDB_SUCCESS)
        return rc;
    MDB_cursor *cur;
    if ((rc = mdb_cursor_open(txn, b->commits, &cur)) != MDB_SUCCESS)
        return rc;
    MDB_val k, v;
    for (rc = mdb_cursor_get(cur, &k, &v, MDB_FIRST); rc == MDB_SUCCESS; rc = mdb_cursor_get(cur, &k, &v, MDB_NEXT)) {
        ss_xid x;
        if (k.mv_size != sizeof x)
            continue;
        memcpy(&x, k.mv_data, sizeof x);
        if (x >= floor)
            floor = x + 1;
    }
    mdb_cursor_close(cur);
    if (rc != MDB_NOTFOUND)
        return rc;
    b->xid_floor = floor;
    MDB_val nv = {sizeof floor, &floor};
    return floor ? mdb_put(txn, b->meta, &key, &nv, 0) : MDB_SUCCESS;
}

ss_xid lmdb_xid_floor(void *backend)
{
    return ((const lmdb_backend *)backend)->xid_floor;
}

/* One write transaction over every stored version (so an open interrupted by a crash leaves
 * the file as it was): xmin recorded -> 0, not recorded -> removed; xmax recorded -> removed,
 * not recorded -> cleared. */
int lmdb_resolve_commits(ss_ctx *ctx, lmdb_backend *b)
{
    const ss_api *api = b->api;
    MDB_txn *txn;
    MDB_cursor *cur = NULL;
    int rc = mdb_txn_begin(b->env, NULL, 0, &txn);
    if (rc == MDB_SUCCESS)
        rc = mdb_cursor_open(txn, b->rows, &cur);
    MDB_val key, val;
    if (rc == MDB_SUCCESS)
        rc = mdb_cursor_get(cur, &key, &val, MDB_FIRST);
    while (rc == MDB_SUCCESS) {
        ss_version_stamp s;
        if (!lmdb_row_stamps(&val, &s, NULL)) {
            mdb_cursor_close(cur);
            mdb_txn_abort(txn);
            return api->error(ctx, "XX001", "lmdb backend: a stored row version is damaged");
        }
        bool keep = (s.xmin == SS_XID_INVALID || committed(txn, b->commits, s.xmin)) &&
                    !(s.xmax != SS_XID_INVALID && committed(txn, b->commits, s.xmax));
        if (!keep) {
            uint8_t kb[LMDB_KEY_BYTES];
            size_t klen = key.mv_size < sizeof kb ? key.mv_size : sizeof kb;
            memcpy(kb, key.mv_data, klen);
            rc = mdb_cursor_del(cur, 0);
            /* on to the first key after the deleted one, found again (no reliance on where
               a delete leaves the cursor) */
            key = (MDB_val){klen, kb};
            if (rc == MDB_SUCCESS)
                rc = mdb_cursor_get(cur, &key, &val, MDB_SET_RANGE);
            continue;
        }
        if (s.xmin != SS_XID_INVALID || s.xmax != SS_XID_INVALID) {
            void *buf = api->alloc(val.mv_size);
            if (!buf) {
                mdb_cursor_close(cur);
                mdb_txn_abort(txn);
                return lmdb_out_of_memory(api, ctx);
            }
            memcpy(buf, val.mv_data, val.mv_size);
            ss_version_stamp frozen = {0, 0, 0, 0};
            lmdb_row_set_stamps(buf, &frozen);
            lmdb_row_set_next(buf, SS_ROWID_INVALID);
            MDB_val nv = {val.mv_size, buf};
            rc = mdb_cursor_put(cur, &key, &nv, MDB_CURRENT);
            api->free(buf);
        }
        if (rc == MDB_SUCCESS)
            rc = mdb_cursor_get(cur, &key, &val, MDB_NEXT);
    }
    if (cur)
        mdb_cursor_close(cur);
    if (rc == MDB_NOTFOUND)
        rc = raise_xid_floor(txn, b);
    if (rc == MDB_SUCCESS)
        rc = mdb_drop(txn, b->commits, 0);
    if (rc != MDB_SUCCESS) {
        if (txn)
            mdb_txn_abort(txn);
        return lmdb_fail(ctx, api, rc, "resolving the commits of the last session");
    }
    rc = mdb_txn_commit(txn);
    if (rc == MDB_SUCCESS)
        rc = mdb_env_sync(b->env, 1);
    return rc == MDB_SUCCESS ? SS_OK : lmdb_fail(ctx, api, rc, "resolving the commits of the last session");
}
