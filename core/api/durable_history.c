/* durable_history.c — (hist11) a database file's commit history (durable_history.h): the
 * record of each commit stored by the backend in the same durable step as the commit
 * (storage.h version 9, txn_commit_history), so that a crash never keeps one without the
 * other; the stored records reloaded into the snapshot manager at open; the history the
 * transaction manager forgets removed from the file too (bounded growth), before VACUUM can
 * reclaim what a stored record's snapshot reads. */
#include <stdlib.h>
#include <time.h>

#include "api/durable_history.h"
#include "exec/context.h"
#include "sunstone/errors.h"
#include "txn/txn_history.h"

bool ss_durable_history_kept(const ss_storage_vtable *vt)
{
    return SS_STORAGE_HAS(vt, history_load) && vt->history_load && vt->txn_commit_history;
}

/* (gch11) Whether the backend splits its commit (storage.h version 11). */
static bool split_commit(const ss_storage_vtable *vt)
{
    return SS_STORAGE_HAS(vt, txn_commit_wait) && vt->txn_commit_append && vt->txn_commit_wait;
}

int ss_durable_history_commit(ss_ctx *ctx, const ss_storage_vtable *vt, void *backend, ss_txn_manager *m, ss_xid top,
                              const ss_xid *xids, uint32_t n, int64_t time_us, const void *image, size_t len,
                              bool *pending, uint64_t *token)
{
    ss_commit_record rec;
    uint64_t forget = 0;
    *pending = false;
    *token = 0;
    if (top == SS_XID_INVALID)
        return vt->txn_commit_history(ctx, backend, xids, n, time_us, NULL, 0, image, len);
    if (ss_txn_history_prepare(m, top, &rec, &forget) != SS_OK)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    int rc;
    if (split_commit(vt)) {
        rc = vt->txn_commit_append(ctx, backend, xids, n, rec.time_us, &rec, forget, image, len, token);
        *pending = rc == SS_OK;
    } else {
        rc = vt->txn_commit_history(ctx, backend, xids, n, rec.time_us, &rec, forget, image, len);
    }
    if (rc != SS_OK)
        ss_txn_history_unprepare(m, top);
    return rc;
}

int ss_durable_history_wait(ss_ctx *ctx, const ss_storage_vtable *vt, void *backend, ss_txn_manager *m, ss_xid top,
                            uint64_t token)
{
    int rc = vt->txn_commit_wait(ctx, backend, token);
    if (rc != SS_OK)
        ss_txn_history_unprepare(m, top);
    return rc;
}

int ss_durable_history_load(ss_ctx *ctx, const ss_storage_vtable *vt, void *backend, ss_txn_manager *m,
                            const char *path)
{
    ss_commit_record *recs = NULL;
    uint64_t n = 0;
    int64_t first = 0;
    uint64_t next = 1;
    if (vt->history_load(ctx, backend, &recs, &n, &first, &next) != SS_OK)
        return SS_ERROR;
    if (next == 0 || (n > 0 && recs[n - 1].seq >= next)) {
        free(recs);
        return ss_ctx_error(ctx, "XX001", "database file \"%s\": its stored commit history is damaged", path);
    }
    for (uint64_t i = 1; i < n; i++)
        if (recs[i].seq != recs[i - 1].seq + 1 || recs[i].time_us < recs[i - 1].time_us ||
            recs[i].xmin < recs[i - 1].xmin || recs[i].xmax < recs[i - 1].xmax) {
            free(recs);
            return ss_ctx_error(ctx, "XX001", "database file \"%s\": its stored commit history is damaged", path);
        }
    int rc = ss_txn_history_load(m, recs, n, first, next);
    free(recs);
    return rc == SS_OK ? SS_OK : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

int ss_durable_history_forget(ss_ctx *ctx, const ss_storage_vtable *vt, void *backend, ss_txn_manager *m)
{
    uint64_t before = ss_txn_history_forget_unreadable(m);
    if (!before)
        return SS_OK;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return vt->txn_commit_history(ctx, backend, NULL, 0, (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000, NULL,
                                  before, NULL, 0);
}
