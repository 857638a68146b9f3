/* txn_visibility.c — the vectorised visibility check (txn_manager.h, ss_api.versions_visible):
 * PostgreSQL's MVCC rules for a version's (xmin, cmin, xmax, cmax) against a snapshot.
 *
 * A version is visible when its writer is visible and its deleter is not.  A writer (or
 * deleter) xid of the reader's own transaction counts when it was not rolled back and its
 * command id is below the snapshot's; another transaction's xid counts when it had ended by
 * the snapshot (not in its running set) and committed.  The common case, a version written
 * well before every running transaction and never deleted, costs one comparison and one
 * commit-log read. */
#include "txn/txn_manager_private.h"

/* Whether the write (or delete) by xid with command id cid is in effect for snap. */
static bool write_counts(const ss_txn_manager *m, const ss_snapshot *snap, ss_xid xid,
                         uint32_t cid)
{
    if (snap->self != SS_XID_INVALID && xid >= snap->self && ss_txn_top(m, xid) == snap->self) {
        /* our own transaction: in effect unless rolled back (to a savepoint) or done by
           this or a later command */
        if (cid >= snap->command_id)
            return false;
        return ss_txn_effective_status(m, xid) != SS_XID_ABORTED;
    }
    if (ss_txn_snapshot_running(snap, xid))
        return false;
    return ss_txn_effective_status(m, xid) == SS_XID_COMMITTED;
}

static bool version_visible(const ss_txn_manager *m, const ss_snapshot *snap,
                            const ss_version_stamp *v)
{
    if (v->xmin < snap->xmin && v->xmax == SS_XID_INVALID)
        return v->xmin == SS_XID_INVALID ||
               ss_txn_effective_status(m, v->xmin) == SS_XID_COMMITTED;
    if (v->xmin != SS_XID_INVALID && !write_counts(m, snap, v->xmin, v->cmin))
        return false;
    return v->xmax == SS_XID_INVALID || !write_counts(m, snap, v->xmax, v->cmax);
}

uint32_t ss_txn_versions_visible(const ss_txn_manager *m, const ss_snapshot *snap,
                                 const ss_version_stamp *stamps, const uint32_t *sel,
                                 uint32_t n, uint32_t *sel_out)
{
    uint32_t k = 0;
    if (sel) {
        for (uint32_t i = 0; i < n; i++) {
            uint32_t row = sel[i];
            if (version_visible(m, snap, &stamps[row]))
                sel_out[k++] = row;
        }
    } else {
        for (uint32_t i = 0; i < n; i++)
            if (version_visible(m, snap, &stamps[i]))
                sel_out[k++] = i;
    }
    return k;
}
