/* run_locking.h — SELECT with a locking clause (run_locking.c). */
#ifndef SS_RUN_LOCKING_H
#define SS_RUN_LOCKING_H

#include "api/statement.h"

/* Runs st (its bound->locking set): the rows locked are kept for the client, the tag set. */
int ss_run_locking_select(sunstone_stmt *st);

#endif
