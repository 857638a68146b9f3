/* row_lock_take.h — taking one row lock (SELECT ... FOR UPDATE and the like, a foreign-key
 * check's KEY SHARE) with PostgreSQL's waits: the kernel's row-lock table
 * (txn/txn_row_locks.h) and the row version's xmax (a running UPDATE / DELETE) are checked
 * together; a conflicting holder is waited for (40P01, lock_timeout 55P03, cancel), or
 * NOWAIT's 55P03, or SKIP LOCKED's skip. */
#ifndef SS_ROW_LOCK_TAKE_H
#define SS_ROW_LOCK_TAKE_H

#include "catalog/catalog.h"
#include "exec/context.h"
#include "txn/txn_row_locks.h"

typedef enum ss_row_lock_wait {
    SS_ROW_LOCK_WAIT = 0,
    SS_ROW_LOCK_NOWAIT,
    SS_ROW_LOCK_SKIP_LOCKED,
} ss_row_lock_wait;

typedef enum ss_row_lock_result {
    SS_ROW_LOCK_TAKEN = 0,
    SS_ROW_LOCK_SKIPPED,  /* SKIP LOCKED: another transaction holds it */
    SS_ROW_LOCK_CHANGED,  /* READ COMMITTED: a transaction that committed after the
                             statement's snapshot updated or deleted the row (the caller
                             reads again with a new snapshot); under REPEATABLE READ and
                             SERIALIZABLE this is 40001 instead */
} ss_row_lock_result;

/* Locks row version row of t (one the statement's snapshot sees) in mode for the session's
 * transaction (its current subtransaction level: a ROLLBACK TO releases it).  SS_ERROR with
 * the error set otherwise. */
int ss_row_lock_take(ss_ctx *ctx, const ss_table *t, ss_rowid row, ss_row_lock_mode mode, ss_row_lock_wait wait,
                     ss_row_lock_result *out);

/* 40001 "could not serialize access due to concurrent update" (row has a successor) or
 * "... delete" (it has none): row of t was changed by a transaction that committed after
 * the snapshot (REPEATABLE READ, SERIALIZABLE). */
int ss_row_serialization_failure(ss_ctx *ctx, const ss_table *t, ss_rowid row);

#endif
