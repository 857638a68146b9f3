/* native_vt_commit.c — the native module's durable-database callbacks (storage.h version 6)
 * that concern transactions and the catalog: catalog_load (the kernel image of the meta
 * image), txn_commit (the xids appended to the commit log, and a changed catalog image, in
 * one library commit fsynced unless synchronous_commit is off; the library transaction carries
 * the highest of the xids, so the file's header keeps the highest xid ever committed) and
 * txn_abort; xid_floor (version 7) lies above that xid; (hist11) txn_commit_history
 * (version 9) also appends the kernel's commit record to the history chain and forgets its
 * head in the same library commit. The fsync is waited for after the backend mutex is
 * released, so concurrent commits share it (group commit); (gch11) version 11 splits
 * txn_commit_history into that append (txn_commit_append, token: the WAL position) and that
 * wait (txn_commit_wait), so that the kernel's commit lock is not held across the fsync
 * either. */
#include <string.h>

#include "native_vt.h"

int nv_catalog_load(ss_ctx *ctx, void *backend, void **image, size_t *len)
{
    nv_backend *b = backend;
    *image = NULL;
    *len = 0;
    pthread_mutex_lock(&b->mu);
    int rc = SS_OK;
    if (b->image_len) {
        if ((*image = b->api->alloc(b->image_len))) {
            memcpy(*image, b->image, b->image_len);
            *len = b->image_len;
        } else {
            rc = nv_oom(b->api, ctx);
        }
    }
    pthread_mutex_unlock(&b->mu);
    return rc;
}

/* One commit appended (not yet synced): xids, the history record and forgetting (hist11),
   the image; *lsn the WAL position a sync must reach (0: none wanted, synchronous_commit
   off). */
static int append(ss_ctx *ctx, nv_backend *b, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                  const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len, uint64_t *sync_lsn)
{
    const ss_api *api = b->api;
    const char *sync = SS_API_HAS(api, setting) ? api->setting(ctx, "synchronous_commit") : NULL;
    bool want_sync = b->durable && !(sync && strcmp(sync, "off") == 0);
    uint8_t *copy = NULL;
    if (image && len && !(copy = api->alloc(len)))
        return nv_oom(api, ctx);
    if (copy)
        memcpy(copy, image, len);
    native_error err;
    pthread_mutex_lock(&b->mu);
    uint64_t tail = b->clog_tail;
    uint64_t hist[3] = {b->hist_root, b->hist_tail, b->hist_forget};
    int64_t first_time = b->hist_first_time;
    bool meta_changed = false;
    ss_xid top = 0; /* the file's header keeps the highest, for xid_floor */
    for (uint32_t i = 0; i < n; i++)
        top = xids[i] > top ? xids[i] : top;
    native_txn *txn = native_txn_begin(b->db, top, &err);
    int rc = txn ? nv_clog_append(b, txn, xids, n, &err) : -1;
    if (rc == 0)
        rc = nv_history_add(b, txn, rec, forget_before, &meta_changed, &err);
    if (rc == 0 && (image || meta_changed))
        rc = nv_meta_store(b, txn, image, len, &err);
    uint64_t lsn = 0;
    if (rc == 0)
        rc = native_txn_commit_lsn(txn, commit_time_us, &lsn, &err);
    else if (txn)
        native_txn_abort(txn);
    if (rc != 0) {
        b->clog_tail = tail;
        b->hist_root = hist[0];
        b->hist_tail = hist[1];
        b->hist_forget = hist[2];
        b->hist_first_time = first_time;
        api->free(copy);
    } else if (image) {
        api->free(b->image);
        b->image = copy;
        b->image_len = len;
    }
    pthread_mutex_unlock(&b->mu);
    *sync_lsn = rc == 0 && want_sync ? lsn : 0;
    return rc == 0 ? SS_OK : nv_fail(ctx, api, &err);
}

/* Waits for the WAL sync up to lsn (0: only that the database has not failed).  Without the
   backend mutex: other sessions' commits append meanwhile and share the fsync (group
   commit); the kernel makes the commit visible only after this returns.  A failed sync
   fails the database (sticky): no later commit's wait succeeds. */
static int wait_sync(ss_ctx *ctx, nv_backend *b, uint64_t lsn)
{
    native_error err;
    if (native_db_sync_wal(b->db, lsn, &err) != 0)
        return nv_fail(ctx, b->api, &err);
    return SS_OK;
}

/* One durable commit: the append, then its sync. */
static int commit(ss_ctx *ctx, nv_backend *b, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                  const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len)
{
    uint64_t lsn = 0;
    if (append(ctx, b, xids, n, commit_time_us, rec, forget_before, image, len, &lsn) != SS_OK)
        return SS_ERROR;
    return lsn ? wait_sync(ctx, b, lsn) : SS_OK;
}

int nv_txn_commit_cb(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                     const void *image, size_t len)
{
    return commit(ctx, backend, xids, n, commit_time_us, NULL, 0, image, len);
}

int nv_txn_commit_history_cb(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                             const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len)
{
    return commit(ctx, backend, xids, n, commit_time_us, rec, forget_before, image, len);
}

/* (gch11) version 11: the commit log, history chain and image appended in WAL order (the
   kernel serialises these calls), the token the WAL position to sync to. */
int nv_txn_commit_append_cb(ss_ctx *ctx, void *backend, const ss_xid *xids, uint32_t n, int64_t commit_time_us,
                            const ss_commit_record *rec, uint64_t forget_before, const void *image, size_t len,
                            uint64_t *wait_token)
{
    return append(ctx, backend, xids, n, commit_time_us, rec, forget_before, image, len, wait_token);
}

/* The WAL is a prefix on disk, so a later commit is never durable without the earlier ones;
   token 0 (synchronous_commit off) still refuses after a failure. */
int nv_txn_commit_wait_cb(ss_ctx *ctx, void *backend, uint64_t wait_token)
{
    return wait_sync(ctx, backend, wait_token);
}

/* Nothing to do at once: the commit log never names the xid, so the next backend_open
 * removes its versions, and until then the kernel knows it aborted. */
void nv_txn_abort_cb(ss_ctx *ctx, void *backend, ss_xid top)
{
    (void)ctx;
    (void)backend;
    (void)top;
}

ss_xid nv_xid_floor(void *backend)
{
    const nv_backend *b = backend;
    return native_db_max_committed_xid(b->db) + 1;
}
