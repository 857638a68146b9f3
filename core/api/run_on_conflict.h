/* run_on_conflict.h — INSERT ... ON CONFLICT's writing of the staged rows (run_on_conflict.c). */
#ifndef SS_API_RUN_ON_CONFLICT_H
#define SS_API_RUN_ON_CONFLICT_H

#include "api/statement.h"

/* Writes the proposed rows batches[0..n) (the table's columns, checked) of st's INSERT with
 * its ON CONFLICT clause: *written gets the rows inserted or updated; RETURNING's rows are
 * made here. */
int ss_run_on_conflict(sunstone_stmt *st, ss_batch *const *batches, uint32_t nbatches, int64_t *written);

#endif
