/* sunstone/snapshot.h — snapshot managers (plugins of kind snapshot): the commit history of a
 * database, mapping wall-clock time and transaction ids to the commits that time travel
 * (AS OF TIMESTAMP / AS OF TRANSACTION, sunstone.as_of) reads as of.
 *
 * The kernel owns transaction ids and snapshots.  After every commit of a top-level
 * transaction that wrote (it has an xid) it calls record_commit with a ss_commit_record;
 * for `AS OF TIMESTAMP t` it asks at_time for the newest commit at or before t, for
 * `AS OF TRANSACTION n` of_xid for n's commit, and builds the snapshot of "just after that
 * commit" from the record itself (xmin, xmax) and of_xid answers about the transactions that
 * were still running then.  A database uses one manager at a time (the setting
 * sunstone.snapshot_manager names it); switching replays the history into the new one
 * (count and nth).
 *
 * Every call of a manager is made under the kernel's transaction-manager mutex: a manager
 * needs no locking of its own and must not call back into the kernel.  Calls are on the
 * commit path, so record_commit must be cheap (amortised O(1)), and the lookups O(log n) in
 * an implementation meant for use (the linear-scan reference, snapshot-linear, exists for
 * A/B comparison only).  No callback takes a ctx: errors are only out of memory (SS_ERROR),
 * which the kernel reports. */
#ifndef SUNSTONE_SNAPSHOT_H
#define SUNSTONE_SNAPSHOT_H

#include "sunstone/operator.h"
#include "sunstone/txn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SS_SNAPSHOT_VTABLE_VERSION 1

/* One commit, as the kernel records it.  seq numbers commits 1, 2, 3 ... in commit order
 * (which is not xid order: a transaction with a smaller xid may commit later); time_us never
 * decreases with seq; xmin and xmax are the transaction manager's bounds just after the
 * commit (every xid below xmin had ended; every xid at or above xmax started later), and
 * neither decreases with seq.  Grows append-only (struct_size). */
typedef struct ss_commit_record {
    uint32_t struct_size;
    uint32_t reserved;
    ss_xid xid;            /* the committed top-level transaction */
    uint64_t seq;          /* its position in commit order, from 1 */
    int64_t time_us;       /* wall-clock commit time, µs since the Unix epoch */
    ss_xid xmin;
    ss_xid xmax;
} ss_commit_record;

typedef struct ss_snapshot_vtable {
    uint32_t struct_size;
    uint32_t version;      /* SS_SNAPSHOT_VTABLE_VERSION */
    const char *name;
    const char *description;

    /* required: a new, empty manager in *manager; SS_ERROR when memory runs out */
    int (*create)(void **manager);
    void (*destroy)(void *manager);
    /* required: appends rec (copied), whose seq is one more than the last one's (or any seq
       for the first record, and for the first after forget_before emptied the manager) */
    int (*record_commit)(void *manager, const ss_commit_record *rec);
    /* required: the newest commit with time_us at or before time_us in *out; false when
       there is none (before the first retained commit) */
    bool (*at_time)(void *manager, int64_t time_us, ss_commit_record *out);
    /* required: the commit of top-level xid in *out; false when xid's commit is not
       retained (never committed, still running, aborted, or forgotten) */
    bool (*of_xid)(void *manager, ss_xid xid, ss_commit_record *out);
    /* required: how many commits are retained; the i-th oldest of them (0: the oldest) */
    uint64_t (*count)(void *manager);
    bool (*nth)(void *manager, uint64_t i, ss_commit_record *out);
    /* required: forgets the commits with seq below seq (history no one can read any more) */
    void (*forget_before)(void *manager, uint64_t seq);
} ss_snapshot_vtable;

#ifdef __cplusplus
}
#endif
#endif
