/* txn_history.h — the transaction manager's commit history, kept by the database's snapshot
 * manager module (sunstone/snapshot.h), and what it is for: snapshots "as of" a past commit
 * (time travel: AS OF TIMESTAMP / AS OF TRANSACTION, sunstone.as_of) and the history
 * retention that holds the reclamation horizon (ss_txn_horizon) back so that the versions
 * those snapshots read are still there.
 *
 * A snapshot as of commit c sees exactly the transactions that had committed when c did,
 * c included: its xmin and xmax are the bounds just after c (ss_commit_record), and its
 * running list holds every xid in [xmin, xmax) whose top-level transaction was still running
 * then (it committed later, or still runs).  So it is an ordinary ss_snapshot: every backend
 * reads it through scan_begin_snapshot / versions_visible as any other. */
#ifndef SS_TXN_HISTORY_H
#define SS_TXN_HISTORY_H

#include "sunstone/snapshot.h"
#include "txn/txn_manager.h"

/* What a statement reads as of. */
typedef enum ss_as_of_kind {
    SS_AS_OF_NONE = 0,
    SS_AS_OF_TIME,            /* the newest commit at or before time_us */
    SS_AS_OF_XID              /* the commit of top-level transaction xid */
} ss_as_of_kind;

typedef struct ss_as_of {
    ss_as_of_kind kind;
    int64_t time_us;          /* SS_AS_OF_TIME: µs since the Unix epoch */
    ss_xid xid;               /* SS_AS_OF_XID */
} ss_as_of;

/* Why ss_txn_snapshot_as_of found no snapshot. */
typedef enum ss_as_of_result {
    SS_AS_OF_OK = 0,
    SS_AS_OF_NO_MANAGER,      /* the database has no snapshot manager */
    SS_AS_OF_BEFORE_FIRST,    /* a time before the database's first commit */
    SS_AS_OF_NOT_COMMITTED,   /* xid is not a committed top-level transaction */
    SS_AS_OF_NOT_RETAINED,    /* the commit is older than the retained history */
    SS_AS_OF_NO_MEMORY
} ss_as_of_result;

/* Makes vt (NULL: none) the database's snapshot manager: a new instance gets the retained
 * history of the current one, which is destroyed.  SS_OK, or SS_ERROR when memory runs out
 * (nothing changed). */
int ss_txn_history_use(ss_txn_manager *m, const ss_snapshot_vtable *vt);

/* Fills s (as ss_txn_snapshot_take does, registered) with the snapshot as of a's commit; the
 * resolved commit goes to *c.  On SS_AS_OF_BEFORE_FIRST / NOT_RETAINED, *bound gets the time
 * (µs since the Unix epoch) of the first commit / of the oldest commit still readable (0 when
 * none is). */
ss_as_of_result ss_txn_snapshot_as_of(ss_txn_manager *m, ss_txn_snapshot *s, const ss_as_of *a,
                                      ss_commit_record *c, int64_t *bound);

/* A session's history retention: keep what a snapshot as of any time in the last `us`
 * microseconds, and as of any of the last `commits` commits, reads (0: no requirement).  The
 * horizon honours the largest requirement of all sessions; *slot1 is the session's
 * registration (0 none: one is made; a requirement of 0 and 0 frees it).  Cheap to call with
 * unchanged values (no lock). */
typedef struct ss_txn_retention {
    uint32_t slot1;
    int64_t us;
    int64_t commits;
} ss_txn_retention;
void ss_txn_retention_publish(ss_txn_manager *m, ss_txn_retention *r, int64_t us, int64_t commits);

/* (txn_manager.c, m->mu held) records the commit of top-level xid top; (txn_snapshot.c, m->mu
 * held) lowers the horizon h to what the retention keeps, and notes h as reclaimed. */
void ss_txn_history_commit_locked(ss_txn_manager *m, ss_xid top);
ss_xid ss_txn_history_horizon_locked(ss_txn_manager *m, ss_xid h);
/* (hist11) A database file that stores its history (storage.h version 9).
 * prepare: the record of top's commit as it will be made (seq, time, the bounds just after
 * it) and the seq below which the history goes with it (0: none), computed before the
 * commit is made durable; the commit of top that follows records exactly that.  (gch11)
 * Several commits may be prepared at once (the file's commit lock serialises the prepares
 * with the stores of their records, so seqs follow the stored order); ss_txn_commit of a
 * prepared commit waits until every commit prepared before it became visible or was
 * unprepared, so commits become visible in seq order.  SS_ERROR when memory runs out
 * (nothing prepared).
 * unprepare: top's durable commit failed: its entry goes (ss_txn_abort does it too), and
 * the commits prepared after it no longer wait for it.
 * forget_unreadable: forgets the history no snapshot in use or kept by the retention can read
 * (the horizon just taken), returning the seq below which it went (0: none).
 * earlier_openings: at open, before the catalog's replay (whose index builds read the stored
 * versions), every xid below floor counts as a committed top-level transaction of an earlier
 * opening from now on.
 * load: at open, after the catalog's replay, the file's stored records (oldest first) replace
 * the history; first_time_us is the database's first commit time, next_seq the seq of the
 * next commit (above every seq the file used).  SS_ERROR when memory runs out (the history
 * before the failing record is forgotten). */
int ss_txn_history_prepare(ss_txn_manager *m, ss_xid top, ss_commit_record *r, uint64_t *forget_before);
void ss_txn_history_unprepare(ss_txn_manager *m, ss_xid top);
uint64_t ss_txn_history_forget_unreadable(ss_txn_manager *m);
void ss_txn_history_earlier_openings(ss_txn_manager *m, ss_xid floor);
int ss_txn_history_load(ss_txn_manager *m, const ss_commit_record *recs, uint64_t n, int64_t first_time_us,
                        uint64_t next_seq);

/* (txn_manager.c) frees the history and the retention slots. */
void ss_txn_history_free(ss_txn_manager *m);

#endif
