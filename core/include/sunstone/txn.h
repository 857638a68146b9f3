/* sunstone/txn.h — transaction ids, snapshots and row ids: what the kernel's transaction
 * manager tells storage backends and index modules (storage.h, and the index vtable).
 *
 * The kernel owns transaction ids and decides visibility; a backend keeps row versions
 * (each stamped with the xid and command id that created it and, once deleted or
 * replaced, the xid and command id that did so) and answers "which of these versions does
 * this snapshot see" by handing its stamps to the kernel's vectorised visibility check
 * (ss_api.versions_visible, plugin.h), so every backend applies the same rules.
 *
 * Row ids: a backend gives every row version a 64-bit row id when it is written.  It stays
 * valid, naming that same version, until the version is reclaimed (VACUUM, TRUNCATE, DROP,
 * or the abort of the transaction that wrote it, after which no snapshot can see it); it is
 * never reused for another version while an index could still hold it (the backend reclaims
 * a row id only after the kernel has removed it from every index of the table).  Index modules store row ids and nothing else about a row; SS_ROWID_INVALID is
 * never a row id. */
#ifndef SUNSTONE_TXN_H
#define SUNSTONE_TXN_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t ss_xid;      /* transaction id: strictly increasing, never reused */
typedef uint64_t ss_rowid;    /* a row version's id within its table (see above) */

#define SS_XID_INVALID ((ss_xid)0)    /* "none": a version not deleted has xmax == 0 */
#define SS_XID_PEEK (~(ss_xid)0)      /* an xmax no version carries: storage.h lock_versions
                                         with it as expect only reads the stamps */
#define SS_ROWID_INVALID ((ss_rowid)UINT64_MAX)

/* A snapshot, taken by the kernel (per statement under READ COMMITTED, once per transaction
 * under REPEATABLE READ / SERIALIZABLE).  Backends pass it through to the kernel's
 * visibility check and never interpret it themselves; its fields are public so that a
 * backend can skip the check for whole chunks (every stamp of a chunk older than xmin
 * and committed, no xmax: all visible).  Grows append-only (struct_size). */
typedef struct ss_snapshot {
    uint32_t struct_size;
    uint32_t command_id;      /* the reading command: its own transaction's writes of
                                 earlier commands are visible, of this one are not */
    ss_xid xmin;              /* every xid below it had finished when it was taken */
    ss_xid xmax;              /* every xid at or above it started after: invisible */
    ss_xid self;              /* the reading transaction's top-level xid (0: none yet) */
    const ss_xid *running;    /* xids in [xmin, xmax) still running then, ascending */
    uint32_t nrunning;
    uint32_t reserved;
} ss_snapshot;

/* One version's stamps, as a backend keeps them (or assembles them for the check).  A
 * version with xmin SS_XID_INVALID was written outside any transaction (a backend's plain
 * insert, storage.h version 1): it counts as committed before every snapshot. */
typedef struct ss_version_stamp {
    ss_xid xmin;              /* the (sub)transaction that wrote the version */
    ss_xid xmax;              /* the one that deleted or replaced it; 0: live */
    uint32_t cmin;            /* command id of the write within xmin's transaction */
    uint32_t cmax;            /* command id of the delete within xmax's transaction */
} ss_version_stamp;

#ifdef __cplusplus
}
#endif
#endif
