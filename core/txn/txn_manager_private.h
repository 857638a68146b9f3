/* txn_manager_private.h — the transaction manager's state, shared by the files of core/txn
 * (txn_manager.c, txn_snapshot.c, txn_wait.c, txn_visibility.c) and no one else. */
#ifndef SS_TXN_MANAGER_PRIVATE_H
#define SS_TXN_MANAGER_PRIVATE_H

#include <pthread.h>

#include "sunstone/snapshot.h"
#include "txn/txn_manager.h"
#include "txn/txn_row_locks.h"

#define CLOG_PAGE_BITS 16
#define CLOG_PAGE_SIZE (1u << CLOG_PAGE_BITS)
#define CLOG_MAX_PAGES 16384u /* 2^30 xids per database */
#define SS_TXN_FIRST_XID ((ss_xid)1)

typedef struct clog_page {
    _Atomic uint8_t status[CLOG_PAGE_SIZE]; /* ss_xid_status */
    _Atomic ss_xid parent[CLOG_PAGE_SIZE];  /* 0 for a top-level xid */
} clog_page;

/* One edge of the wait-for graph: top-level waiter waits for top-level holder. */
typedef struct txn_waiter {
    ss_xid waiter;
    ss_xid holder;
} txn_waiter;

struct ss_txn_manager {
    pthread_mutex_t mu;       /* xid assignment, the running set, ends, the waiters */
    pthread_cond_t ended;     /* broadcast whenever an xid ends */
    ss_xid next_xid;
    ss_xid *running;          /* ascending */
    uint32_t nrunning, cap_running;
    txn_waiter *waiters;
    uint32_t nwaiters, cap_waiters;
    _Atomic(clog_page *) pages[CLOG_MAX_PAGES];
    /* the xmin of every snapshot in use (registered by ss_txn_snapshot_take and
       ss_txn_snapshot_register, 0: a free slot), for ss_txn_horizon */
    ss_xid *snap_xmins;
    uint32_t nsnap_slots;
    ss_row_locks *row_locks;  /* (LK) SELECT ... FOR UPDATE and the like (txn_row_locks.h) */
    struct ss_table_locks *table_locks; /* (LK) LOCK TABLE's (txn_table_locks.h) */
    /* the commit history (txn_history.c): the snapshot manager and its instance (NULL:
       none), the last commit's seq and time, the first commit's time (0: none yet), whether
       commits went unrecorded (no manager, or out of memory: older history is unreadable
       up to seq hist_gap), the highest horizon handed out (versions below it may be gone),
       the sessions' retention requirements, and the seq up to which forgetting was checked */
    const struct ss_snapshot_vtable *hist_vt;
    void *hist;
    uint64_t commit_seq;
    int64_t last_commit_us, first_commit_us;
    uint64_t hist_gap;
    ss_xid reclaimed;
    struct ss_retention_slot *retains;
    uint32_t nretains;
    uint64_t forget_checked;
    /* (hist11) a database file whose history is stored (storage.h version 9): every xid in
       [SS_TXN_FIRST_XID, earlier_floor) was a committed top-level transaction of an earlier
       opening (the backend's resolution leaves no other in its stamps); and the record of
       the commit being made durable (ss_txn_history_prepare) for top-level xid prepared_top
       (SS_XID_INVALID: none), with the seq below which its commit forgets the history */
    ss_xid earlier_floor;
    ss_xid prepared_top;
    ss_commit_record prepared;
    uint64_t prepared_forget;
};

/* ss_txn_horizon with m->mu held (txn_snapshot.c). */
ss_xid ss_txn_horizon_locked(ss_txn_manager *m);
/* Registers s's xmin for ss_txn_horizon (txn_snapshot.c); m->mu held; -1 when memory runs
   out. */
int ss_txn_snapshot_register_locked(ss_txn_manager *m, ss_txn_snapshot *s);

/* Stores xid's status (a release store); the caller holds m->mu. */
void ss_txn_clog_set(ss_txn_manager *m, ss_xid xid, ss_xid_status status);

#endif
