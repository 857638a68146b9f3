/* defer.h — the checks of DEFERRABLE constraints that wait, as PostgreSQL's after-trigger
 * queue makes them wait, and SET CONSTRAINTS' modes.
 *
 * A DEFERRABLE UNIQUE / PRIMARY KEY constraint lets a row whose key may conflict into its
 * index (index_maintain.c) and queues that row; a DEFERRABLE FOREIGN KEY that is deferred
 * when a row is written queues the new row instead of checking it (exec/dml_versions.c).
 * The queue belongs to the session's transaction (ss_txn_state.defer, made at the first
 * use and freed when the transaction ends).  A queued check runs at the end of the
 * statement when its constraint is not deferred then (a DEFERRABLE unique constraint is
 * checked at the end of the statement, not row by row), at SET CONSTRAINTS ... IMMEDIATE for
 * the constraints it names, else at COMMIT; in the order the rows were queued, the first
 * failure being the statement's error (the COMMIT's: the transaction then rolls back).  A
 * check of a row that the transaction deleted or updated since is skipped, as
 * PostgreSQL's RI_FKey_check and unique_key_recheck skip it.
 *
 * Savepoints: ROLLBACK TO drops the checks queued after the savepoint and puts back the
 * SET CONSTRAINTS modes it had; RELEASE keeps both.
 *
 * Constraints are named by their catalog object (an ss_index or an ss_fkey); a table with
 * queued checks is refused by ALTER TABLE, DROP TABLE and TRUNCATE (55006), so the objects
 * and row ids a check names stay as they were until it runs. */
#ifndef SS_DEFER_DEFER_H
#define SS_DEFER_DEFER_H

#include "catalog/catalog.h"

struct ss_index;
struct ss_fkey;
struct ss_txn_state;

/* Whether the DEFERRABLE constraint con (an ss_index or ss_fkey, initdeferred its INITIALLY
 * DEFERRED) is deferred now in transaction t: SET CONSTRAINTS naming it, else SET
 * CONSTRAINTS ALL, else initdeferred.  (t NULL: initdeferred.) */
bool ss_defer_is_deferred(const struct ss_txn_state *t, const void *con, bool initdeferred);

/* Queues the unique check of row version rowid of ix's table (its key may conflict). */
int ss_defer_queue_unique(ss_ctx *ctx, const struct ss_index *ix, ss_rowid rowid);
/* Queues the foreign key checks of new row versions rowids[0..n) of fk's table. */
int ss_defer_queue_fkey(ss_ctx *ctx, const struct ss_fkey *fk, const ss_rowid *rowids, uint32_t n);
/* Queues the NO ACTION check of fk for the row version old of its referenced table that the
 * current command deletes or (update) replaces: it is read again as it was before the
 * command, and its key must then be held by a row again or referenced by none. */
int ss_defer_queue_removed(ss_ctx *ctx, const struct ss_fkey *fk, ss_rowid old, bool update);

/* Runs the queued checks: at_commit false, those whose constraint is not deferred now
 * (the end of a statement, SET CONSTRAINTS ... IMMEDIATE); true, all of them (COMMIT).
 * The checks run leave the queue whatever their outcome.  SS_OK or the first failure. */
int ss_defer_fire(ss_ctx *ctx, bool at_commit);
/* Whether transaction t has queued checks (quick test before ss_defer_fire). */
bool ss_defer_pending(const struct ss_txn_state *t);
/* 55006 "cannot <what> \"t\" because it has pending trigger events" when a check of a row
 * of table waits in ctx's transaction (PostgreSQL's CheckTableNotInUse). */
int ss_defer_check_table_free(ss_ctx *ctx, const ss_table *table, const char *what);

/* SET CONSTRAINTS ALL { DEFERRED | IMMEDIATE } (con NULL) or of one constraint: recorded in
 * the transaction (saved first for a ROLLBACK TO of the innermost savepoint). */
int ss_defer_set_mode(ss_ctx *ctx, const void *con, bool deferred);

#endif
