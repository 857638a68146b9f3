/* txn_table_locks.h — (LK) the table locks LOCK TABLE takes, in PostgreSQL's eight modes
 * (1 ACCESS SHARE, 2 ROW SHARE, 3 ROW EXCLUSIVE, 4 SHARE UPDATE EXCLUSIVE, 5 SHARE, 6 SHARE
 * ROW EXCLUSIVE, 7 EXCLUSIVE, 8 ACCESS EXCLUSIVE) with its conflict table; one per database
 * (in the transaction manager).  An entry is (table, xid, mode): the (sub)transaction that
 * took it, so it ends when that xid ends in effect (transaction end, ROLLBACK TO of the
 * savepoint that took it); dead entries are dropped lazily.  Statements do not enter
 * themselves: their ROW EXCLUSIVE is the table's writers record (fkey/fkey_writers.c) and
 * their ROW SHARE the row-lock table (txn_row_locks.h); they only look here for a
 * conflicting LOCK (catalog/lock_table.h).  The exception is ACCESS SHARE: a statement of a
 * transaction block that reads a table enters it once per (sub)transaction and table
 * (catalog_txn.c), so that ACCESS EXCLUSIVE waits for the transaction. */
#ifndef SS_TXN_TABLE_LOCKS_H
#define SS_TXN_TABLE_LOCKS_H

#include <stdbool.h>

#include "txn/txn_manager.h"

typedef struct ss_table_locks ss_table_locks;

/* NULL when memory runs out. */
ss_table_locks *ss_table_locks_create(void);
void ss_table_locks_destroy(ss_table_locks *tl);

/* PostgreSQL's conflict table of lock modes a and b (1..8). */
bool ss_table_lock_conflicts(int a, int b);

/* Whether no entry (live or dead) of a mode above ACCESS SHARE is recorded: statements
 * skip the mutex then (ACCESS SHARE conflicts with ACCESS EXCLUSIVE only). */
bool ss_table_locks_empty(ss_table_locks *tl);
/* Whether no entry at all is recorded (what ACCESS EXCLUSIVE looks at). */
bool ss_table_locks_none(ss_table_locks *tl);
/* Whether top-level transaction top holds a lock on table (any mode, any of its levels). */
bool ss_table_locks_held(ss_table_locks *tl, const ss_txn_manager *m, const void *table, ss_xid top);

/* A running xid (not of top-level transaction top) holding a lock on table that conflicts
 * with mode; SS_XID_INVALID when there is none. */
ss_xid ss_table_locks_conflicting(ss_table_locks *tl, const ss_txn_manager *m, const void *table, int mode,
                                  ss_xid top);
/* Records xid's (of top-level transaction top) lock of table in mode when no other
 * transaction holds a conflicting one (the check and the add are one step under the
 * mutex); else *holder gets a conflicting holder and nothing is added.  -1 when memory runs
 * out. */
int ss_table_locks_add(ss_table_locks *tl, const ss_txn_manager *m, const void *table, ss_xid xid, ss_xid top,
                       int mode, ss_xid *holder);
/* Drops xid's entry of table in mode (if any). */
void ss_table_locks_remove(ss_table_locks *tl, const void *table, ss_xid xid, int mode);
/* Whether table's entries name a running transaction other than top (any mode). */
ss_xid ss_table_locks_other(ss_table_locks *tl, const ss_txn_manager *m, const void *table, ss_xid top);

#endif
