/* txn_manager.h — the kernel's transaction manager, one per database and shared by its
 * sessions (any thread): 64-bit transaction ids, the commit log (running / committed /
 * aborted, and for a subtransaction its parent), the set of running xids from which
 * snapshots are taken, waiting for a transaction to end (row locks) with deadlock detection,
 * and the vectorised visibility check behind ss_api.versions_visible.
 *
 * Rules (those of PostgreSQL's heap visibility, HeapTupleSatisfiesMVCC): a subtransaction's
 * xid is "sub-committed" when it is released and then shares its parent's fate; a
 * transaction's subtransactions stay in the running set until the top-level transaction ends,
 * so a snapshot sees all of a transaction's writes or none.  Commit and abort of a top-level
 * xid and the taking of a snapshot are serialised by one mutex; the commit log itself is read
 * without it (its pages never move once published). */
#ifndef SS_TXN_MANAGER_H
#define SS_TXN_MANAGER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "sunstone/txn.h"

typedef struct ss_txn_manager ss_txn_manager;

typedef enum ss_xid_status {
    SS_XID_UNKNOWN = 0,     /* never assigned (treated as aborted) */
    SS_XID_RUNNING = 1,
    SS_XID_COMMITTED = 2,
    SS_XID_ABORTED = 3,
    SS_XID_SUBCOMMITTED = 4 /* a released subtransaction: its parent decides */
} ss_xid_status;

/* How a wait for another transaction ended (ss_txn_wait). */
typedef enum ss_txn_wait_result {
    SS_WAIT_DONE = 0,       /* the awaited transaction ended */
    SS_WAIT_DEADLOCK,       /* waiting would close a cycle: 40P01 */
    SS_WAIT_TIMEOUT,        /* lock_timeout passed: 55P03 */
    SS_WAIT_INTERRUPTED,    /* the session's interrupt flag was set: 57014 */
    SS_WAIT_NO_MEMORY
} ss_txn_wait_result;

/* NULL when memory runs out. */
ss_txn_manager *ss_txn_manager_create(void);
void ss_txn_manager_destroy(ss_txn_manager *m);

/* A new top-level xid (parent 0) or subtransaction xid (parent: the enclosing xid), marked
 * running.  SS_XID_INVALID when memory runs out or the commit log is full. */
ss_xid ss_txn_assign(ss_txn_manager *m, ss_xid parent);
/* Ends a subtransaction: released (its writes become its parent's) or rolled back. */
void ss_txn_subcommit(ss_txn_manager *m, ss_xid sub);
void ss_txn_subabort(ss_txn_manager *m, ss_xid sub);
/* Ends a top-level transaction; its sub-committed subtransactions share the outcome and its
 * still-running ones abort.  Wakes every waiter. */
void ss_txn_commit(ss_txn_manager *m, ss_xid top);
void ss_txn_abort(ss_txn_manager *m, ss_xid top);

/* The recorded status of xid (SUBCOMMITTED as such) and the status it has in effect
 * (following sub-committed xids to their parents). */
ss_xid_status ss_txn_status(const ss_txn_manager *m, ss_xid xid);
ss_xid_status ss_txn_effective_status(const ss_txn_manager *m, ss_xid xid);
/* The top-level transaction xid belongs to (xid itself for a top-level one). */
ss_xid ss_txn_top(const ss_txn_manager *m, ss_xid xid);
/* (LK) The database's row locks (txn_row_locks.h). */
struct ss_row_locks *ss_txn_row_locks(ss_txn_manager *m);
/* (LK) The database's LOCK TABLE locks (txn_table_locks.h). */
struct ss_table_locks *ss_txn_table_locks(ss_txn_manager *m);
/* Makes the next xid at least `at` (a database file's earlier openings used the xids below
 * it: storage.h xid_floor); false when `at` is beyond the xids a database can have. */
bool ss_txn_raise_next_xid(ss_txn_manager *m, ss_xid at);
/* The next xid to be assigned (every xid below it has been). */
ss_xid ss_txn_next_xid(ss_txn_manager *m);

/* A snapshot owned by its taker: snap.running points into buf. */
typedef struct ss_txn_snapshot {
    ss_snapshot snap;
    ss_xid *buf;
    uint32_t cap;
    uint32_t slot1;          /* its registration (ss_txn_horizon): slot + 1, 0 none */
    ss_txn_manager *reg;     /* the manager it is registered with */
} ss_txn_snapshot;

/* Fills s for reader top-level xid self (0: none assigned yet) and command id cid; SS_OK,
 * or SS_ERROR when memory runs out (s unchanged). */
int ss_txn_snapshot_take(ss_txn_manager *m, ss_txn_snapshot *s, ss_xid self, uint32_t cid);
void ss_txn_snapshot_free(ss_txn_snapshot *s);
/* Registration of snapshots in use, behind ss_txn_horizon: take registers (or re-registers)
 * s; register does it for a snapshot copied from a registered one (s->snap filled), -1 when
 * memory runs out; release ends it (s stays usable as a buffer; free releases too). */
int ss_txn_snapshot_register(ss_txn_manager *m, ss_txn_snapshot *s);
void ss_txn_snapshot_release(ss_txn_snapshot *s);
/* The reclamation horizon: at or below the xmin of every registered snapshot and of every
 * snapshot taken from now on (the oldest running xid, the next xid).  A version whose
 * xmin and xmax (when set) are below it and that a snapshot {xmin = xmax = horizon, nothing
 * running} does not see is invisible to every snapshot in use and to come. */
ss_xid ss_txn_horizon(ss_txn_manager *m);

/* Whether xid (any level) counts as running for snap: at or above its xmax, or in its
 * running list.  The reader's own transaction is not special here. */
bool ss_txn_snapshot_running(const ss_snapshot *snap, ss_xid xid);

/* The visibility check: of the n versions stamps[sel[i]] (sel NULL: stamps[0..n)), writes
 * to sel_out those snap sees, in order, and returns how many.  sel_out may be sel. */
uint32_t ss_txn_versions_visible(const ss_txn_manager *m, const ss_snapshot *snap,
                                 const ss_version_stamp *stamps, const uint32_t *sel,
                                 uint32_t n, uint32_t *sel_out);

/* Waits until the top-level transaction of xid ends.  waiter is the waiting session's
 * top-level xid (the wait-for graph's node); timeout_ms <= 0 waits without limit; interrupt
 * (may be NULL) is polled.  On SS_WAIT_DEADLOCK *cycle_holder gets the xid the cycle closes
 * through (for the DETAIL). */
/* Calls the waiting thread makes around a wait that blocks (set once per process by the API
   layer: it lets go of the database lock while the thread waits, and takes it back). */
void ss_txn_wait_set_hooks(void (*suspend)(void), void (*resume)(void));
ss_txn_wait_result ss_txn_wait(ss_txn_manager *m, ss_xid waiter, ss_xid xid, int64_t timeout_ms,
                               atomic_int *interrupt, ss_xid *cycle_holder);

#endif
