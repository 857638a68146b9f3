/* lmdb_durable.c — what makes an lmdb database file durable (storage.h version 6): the
 * kernel's catalog image stored and loaded, commits recorded (and synced) in one LMDB write
 * transaction each (hist11: with the kernel's commit record, lmdb_history.c), and, at open,
 * every stored version resolved by the recorded commits: removed when its writer did not
 * commit, frozen or removed when its writer or deleter committed before the oldest stored
 * history record, else kept with top-level xids for the history's snapshots to read. */
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

/* One commit: xids (with their top-level xid, xids[0]), (hist11) the history record and
   forgetting, the image. */
static int commit(ss_ctx *ctx, lmdb_backend *b, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                  const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len)
{
    MDB_txn *txn;
    int rc = mdb_txn_begin(b->env, NULL, 0, &txn);
    for (uint32_t i = 0; rc == MDB_SUCCESS && i < n; i++) {
        uint64_t x = xids[i], v[2] = {(uint64_t)commit_time_us, xids[0]};
        MDB_val key = {sizeof x, &x}, val = {sizeof v, v};
        rc = mdb_put(txn, b->commits, &key, &val, 0);
    }
    if (rc == MDB_SUCCESS && (rec || forget_before))
        rc = lmdb_history_put(txn, b, rec, forget_before);
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

int lmdb_txn_commit(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                    const void *image, size_t len)
{
    return commit(ctx, backend, xids, n, commit_time_us, NULL, 0, image, len);
}

int lmdb_txn_commit_history(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                            const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len)
{
    return commit(ctx, backend, xids, n, commit_time_us, rec, forget_before, image, len);
}

/* Nothing to do at once: versions of xids that "commits" never names are removed at the next
 * open (lmdb_resolve_commits), and until then the kernel knows the xid aborted. */
void lmdb_txn_abort(ss_ctx *ctx, void *backend, ss_xid top)
{
    (void)ctx;
    (void)backend;
    (void)top;
}

/* The top-level xid of committed xid x, 0 when x did not commit: (hist11) an xid below
   resolved_below survived an earlier open's resolution (committed, top-level); a "commits"
   value of an older file holds no top-level xid (x is then read as one). */
static ss_xid committed_top(MDB_txn *txn, MDB_dbi commits, ss_xid resolved_below, ss_xid x)
{
    if (x < resolved_below)
        return x;
    MDB_val key = {sizeof x, &x}, val;
    if (mdb_get(txn, commits, &key, &val) != MDB_SUCCESS)
        return 0;
    uint64_t v[2];
    if (val.mv_size != sizeof v)
        return x;
    memcpy(v, val.mv_data, sizeof v);
    return v[1];
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

/* The xids an earlier open resolved: "next_xid" in "meta" as that open left it (0: none). */
static int resolved_below(MDB_txn *txn, lmdb_backend *b, ss_xid *below)
{
    *below = 0;
    MDB_val key = {sizeof next_xid_key - 1, (void *)next_xid_key}, val;
    int rc = mdb_get(txn, b->meta, &key, &val);
    if (rc == MDB_SUCCESS && val.mv_size == sizeof *below)
        memcpy(below, val.mv_data, sizeof *below);
    return rc == MDB_NOTFOUND ? MDB_SUCCESS : rc;
}

/* One write transaction over every stored version (so an open interrupted by a crash leaves
 * the file as it was): xmin not recorded -> removed, xmax not recorded -> cleared; (hist11)
 * a recorded one whose top-level xid is below the oldest stored history record's xmin:
 * xmin -> 0, xmax -> removed; any other recorded one -> its top-level xid (the history's
 * snapshots read it, storage.h version 9). */
int lmdb_resolve_commits(ss_ctx *ctx, lmdb_backend *b)
{
    const ss_api *api = b->api;
    MDB_txn *txn;
    MDB_cursor *cur = NULL;
    ss_xid below = 0;
    uint64_t keep_from = UINT64_MAX;
    int rc = mdb_txn_begin(b->env, NULL, 0, &txn);
    if (rc == MDB_SUCCESS)
        rc = resolved_below(txn, b, &below);
    if (rc == MDB_SUCCESS)
        rc = lmdb_history_oldest_xmin(txn, b, &keep_from);
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
        ss_rowid next = SS_ROWID_INVALID;
        (void)lmdb_row_stamps(&val, &s, &next);
        ss_xid t0 = s.xmin == SS_XID_INVALID ? 0 : committed_top(txn, b->commits, below, s.xmin);
        ss_xid t1 = s.xmax == SS_XID_INVALID ? 0 : committed_top(txn, b->commits, below, s.xmax);
        bool keep = (s.xmin == SS_XID_INVALID || t0) && !(t1 && t1 < keep_from);
        ss_version_stamp now = {t0 >= keep_from ? t0 : 0, t1, 0, 0};
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
        if (now.xmin != s.xmin || now.xmax != s.xmax || s.cmin || s.cmax || next != SS_ROWID_INVALID) {
            void *buf = api->alloc(val.mv_size);
            if (!buf) {
                mdb_cursor_close(cur);
                mdb_txn_abort(txn);
                return lmdb_out_of_memory(api, ctx);
            }
            memcpy(buf, val.mv_data, val.mv_size);
            lmdb_row_set_stamps(buf, &now);
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
