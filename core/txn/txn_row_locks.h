/* txn_row_locks.h — the kernel's table of row locks (SELECT ... FOR KEY SHARE / FOR SHARE /
 * FOR NO KEY UPDATE / FOR UPDATE, and the KEY SHARE a foreign-key check takes on the
 * referenced row), keyed by (table, row id), one per database (in the transaction manager).
 *
 * A lock is an entry (table, row id, xid, strength): xid is the (sub)transaction that took
 * it, so the lock ends when that xid ends in effect: at the end of the transaction, or when
 * the savepoint that took it rolls back, as in PostgreSQL.  Entries of xids that are no
 * longer running are dead and dropped lazily.  A row version's xmax (an UPDATE or DELETE
 * of a running transaction, storage.h lock_versions) counts as a lock of UPDATE strength.
 * Every check-then-take of a row (a row lock here, an xmax through lock_versions) runs
 * between ss_row_locks_enter and ss_row_locks_leave, so that the two kinds never race. */
#ifndef SS_TXN_ROW_LOCKS_H
#define SS_TXN_ROW_LOCKS_H

#include <stdbool.h>

#include "sunstone/storage.h"
#include "txn/txn_manager.h"

/* PostgreSQL's row lock strengths, weakest first. */
typedef enum ss_row_lock_mode {
    SS_ROW_LOCK_NONE = 0,
    SS_ROW_LOCK_KEY_SHARE = 1,
    SS_ROW_LOCK_SHARE = 2,
    SS_ROW_LOCK_NO_KEY_UPDATE = 3,
    SS_ROW_LOCK_UPDATE = 4,
} ss_row_lock_mode;

typedef struct ss_row_locks ss_row_locks;

/* NULL when memory runs out. */
ss_row_locks *ss_row_locks_create(void);
void ss_row_locks_destroy(ss_row_locks *rl);

/* PostgreSQL's conflict table of the four strengths. */
bool ss_row_lock_conflicts(ss_row_lock_mode a, ss_row_lock_mode b);

/* The table's mutex: every call below runs between them. */
void ss_row_locks_enter(ss_row_locks *rl);
void ss_row_locks_leave(ss_row_locks *rl);

/* A running xid (not of top-level transaction top) holding a lock on (table, row) that
 * conflicts with mode; SS_XID_INVALID when there is none. */
ss_xid ss_row_locks_conflicting(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_rowid row,
                                ss_row_lock_mode mode, ss_xid top);
/* Records the lock of xid on (table, row) (nothing when xid's transaction holds one at
 * least as strong taken by xid or an enclosing level still running).  -1 when memory runs
 * out. */
int ss_row_locks_add(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_rowid row, ss_xid xid,
                     ss_row_lock_mode mode);
/* Copies the running locks of other transactions than top on (table, from) to (table, to):
 * a non-key UPDATE's new version keeps the KEY SHARE locks of the old one, as PostgreSQL's
 * update chain does.  -1 when memory runs out. */
int ss_row_locks_carry(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_rowid from, ss_rowid to,
                       ss_xid top);
/* (LK) A running xid (not of top-level transaction top) holding any row lock of table
 * (LOCK TABLE ... EXCLUSIVE / ACCESS EXCLUSIVE waits for it, as those modes conflict with
 * ROW SHARE); SS_XID_INVALID when there is none.  Takes the mutex itself; scans every
 * entry. */
ss_xid ss_row_locks_table_holder(ss_row_locks *rl, const ss_txn_manager *m, const void *table, ss_xid top);

#endif
