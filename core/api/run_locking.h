/* run_locking.h — SELECT with a locking clause (run_locking.c). */
#ifndef SS_RUN_LOCKING_H
#define SS_RUN_LOCKING_H

#include "api/statement.h"

/* Runs st (its bound->locking set): the rows locked are kept for the client, the tag set. */
int ss_run_locking_select(sunstone_stmt *st);

/* EXPLAIN of such a SELECT: the plan's lines (*lines, *n) under PostgreSQL's LockRows, and
 * its Limit above that when the query has LIMIT / OFFSET. */
int ss_locking_explain(sunstone_stmt *st, char ***lines, uint32_t *n);

#endif
