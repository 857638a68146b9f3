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
       opening (the backend's resolution leaves no other in its stamps); and (gch11) the
       commits being made durable (ss_txn_history_prepare), oldest seq first: their records
       were stored in this order, and they become visible in it (txn_end waits on `turn`
       until a commit's entry is the first) */
    ss_xid earlier_floor;
    struct ss_prepared_commit *prepared;
    uint32_t nprepared, cap_prepared;
    pthread_cond_t turn;      /* broadcast whenever the first prepared commit changes */
};

/* (gch11) One commit whose record was handed to the database file: the record, and the seq
   below which the history goes with it (0: none). */
typedef struct ss_prepared_commit {
    ss_xid top;
    ss_commit_record rec;
    uint64_t forget;
} ss_prepared_commit;

/* (gch11, txn_history.c, m->mu held) whether top's commit is prepared and not yet visible;
   and the removal of its entry (its durable commit failed, or it aborted). */
bool ss_txn_history_is_prepared_locked(const ss_txn_manager *m, ss_xid top);
void ss_txn_history_unprepare_locked(ss_txn_manager *m, ss_xid top);

/* ss_txn_horizon with m->mu held (txn_snapshot.c). */
ss_xid ss_txn_horizon_locked(ss_txn_manager *m);
/* Registers s's xmin for ss_txn_horizon (txn_snapshot.c); m->mu held; -1 when memory runs
   out. */
int ss_txn_snapshot_register_locked(ss_txn_manager *m, ss_txn_snapshot *s);

/* Stores xid's status (a release store); the caller holds m->mu. */
void ss_txn_clog_set(ss_txn_manager *m, ss_xid xid, ss_xid_status status);

#endif
