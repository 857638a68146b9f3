/* lmdb_locks.c — the lmdb backend's delete / update / lock callbacks (storage.h version 4):
 * the compare-and-set of versions' xmax and the forward link of an updated version, each
 * call one LMDB write transaction.  LMDB admits one write transaction at a time, so a
 * compare-and-set is atomic with respect to every other one. */
#include <string.h>

#include "lmdb_backend.h"

/* Rewrites the stored version of rowid in txn through edit (which changes a copy of its
 * bytes); *stamp gets its stamps and *next its successor as they were before.  A missing
 * version is XX000. */
typedef bool (*edit_fn)(void *buf, const ss_version_stamp *before, void *arg);

static int edit_version(ss_ctx *ctx, lmdb_table *t, MDB_txn *txn, ss_rowid rowid, ss_version_stamp *stamp,
                        ss_rowid *next, edit_fn edit, void *arg)
{
    const ss_api *api = t->api;
    uint8_t kb[LMDB_KEY_BYTES];
    lmdb_key_encode(kb, t->id, rowid);
    MDB_val key = {LMDB_KEY_BYTES, kb}, val;
    int rc = mdb_get(txn, t->backend->rows, &key, &val);
    if (rc == MDB_NOTFOUND)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "lmdb backend: row id %llu names no row version",
                          (unsigned long long)rowid);
    if (rc != MDB_SUCCESS)
        return lmdb_fail(ctx, api, rc, "changing a row version");
    if (!lmdb_row_stamps(&val, stamp, next))
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                          "lmdb backend: a stored row version of table %llu is damaged", (unsigned long long)t->id);
    if (!edit)
        return SS_OK;
    /* the version's bytes live in the map: the new value is written from a copy */
    void *buf = api->alloc(val.mv_size);
    if (!buf)
        return lmdb_out_of_memory(api, ctx);
    memcpy(buf, val.mv_data, val.mv_size);
    if (edit(buf, stamp, arg)) {
        MDB_val nv = {val.mv_size, buf};
        rc = mdb_put(txn, t->backend->rows, &key, &nv, 0);
    }
    api->free(buf);
    return rc == MDB_SUCCESS ? SS_OK : lmdb_fail(ctx, api, rc, "changing a row version");
}

typedef struct lock_arg {
    ss_xid expect, xid;
    uint32_t cid;
} lock_arg;

static bool set_xmax(void *buf, const ss_version_stamp *before, void *arg)
{
    const lock_arg *a = arg;
    if (before->xmax != a->expect)
        return false;
    ss_version_stamp s = *before;
    s.xmax = a->xid;
    s.cmax = a->cid;
    lmdb_row_set_stamps(buf, &s);
    return true;
}

static bool set_next(void *buf, const ss_version_stamp *before, void *arg)
{
    (void)before;
    lmdb_row_set_next(buf, *(const ss_rowid *)arg);
    return true;
}

/* Begins the LMDB transaction of one call (read-only when it changes nothing). */
static int in_write_txn(ss_ctx *ctx, lmdb_table *t, bool write, MDB_txn **txn)
{
    int rc = mdb_txn_begin(t->backend->env, NULL, write ? 0 : MDB_RDONLY, txn);
    return rc == MDB_SUCCESS ? SS_OK : lmdb_fail(ctx, t->api, rc, "changing row versions");
}

static int end_txn(ss_ctx *ctx, lmdb_table *t, MDB_txn *txn, int result)
{
    if (result != SS_OK) {
        mdb_txn_abort(txn);
        return result;
    }
    int rc = mdb_txn_commit(txn);
    return rc == MDB_SUCCESS ? SS_OK : lmdb_fail(ctx, t->api, rc, "changing row versions");
}

int lmdb_lock_versions(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, ss_xid xid, uint32_t cid,
                       const ss_xid *expect, ss_version_stamp *seen)
{
    lmdb_table *t = table;
    bool peek = true;
    for (uint32_t k = 0; k < n && peek; k++)
        peek = expect[k] == SS_XID_PEEK;
    MDB_txn *txn;
    if (in_write_txn(ctx, t, !peek, &txn) != SS_OK)
        return SS_ERROR;
    int result = SS_OK;
    for (uint32_t k = 0; k < n && result == SS_OK; k++) {
        lock_arg a = {expect[k], xid, cid};
        result = edit_version(ctx, t, txn, rowids[k], &seen[k], NULL, expect[k] == SS_XID_PEEK ? NULL : set_xmax, &a);
    }
    return end_txn(ctx, t, txn, result);
}

int lmdb_link_versions(ss_ctx *ctx, void *table, const ss_rowid *older, uint32_t n, const ss_rowid *newer,
                       ss_rowid *next)
{
    lmdb_table *t = table;
    MDB_txn *txn;
    if (in_write_txn(ctx, t, newer != NULL, &txn) != SS_OK)
        return SS_ERROR;
    int result = SS_OK;
    for (uint32_t k = 0; k < n && result == SS_OK; k++) {
        ss_version_stamp stamp;
        ss_rowid succ = SS_ROWID_INVALID;
        ss_rowid to = newer ? newer[k] : SS_ROWID_INVALID;
        result = edit_version(ctx, t, txn, older[k], &stamp, &succ, newer ? set_next : NULL, &to);
        if (next)
            next[k] = succ;
    }
    return end_txn(ctx, t, txn, result);
}
