/* row_lock_filter.h — (LK) the locking clause of a nested query (a subquery of WHERE or
 * FROM, a WITH query, a view, INSERT ... SELECT, a cursor): a filter placed where
 * PostgreSQL's LockRows sits (above the query's sort, below its LIMIT), whose predicate
 * locks each row's locked relations' row versions as the row passes and is false for a row
 * SKIP LOCKED leaves out.  bind_select.c builds it from the query's bound targets
 * (bind/bind_locking.h). */
#ifndef SS_ROW_LOCK_FILTER_H
#define SS_ROW_LOCK_FILTER_H

#include "exec/context.h"

struct ss_func_def;

/* The predicate's function: non-strict, volatile, bool, over groups of four arguments
 * (int8 constant: the ss_table's address; int4 constants: the ss_row_lock_mode and the
 * ss_row_lock_wait; int8: the row id column, NULL: nothing to lock).  A row a transaction
 * that committed after the snapshot changed (READ COMMITTED), when ctx->lock_restart_ok,
 * sets ctx->lock_restart and stops the pass with an error the runner clears (the statement
 * then reads again with a fresh snapshot, keeping its locks and the changes made so far);
 * elsewhere it is 0A000. */
const struct ss_func_def *ss_row_lock_filter_def(void);

#endif
