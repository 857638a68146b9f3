/* deferred_error.h — an error found by a type's registry callback (compare, equal, hash),
 * which has no ss_ctx to report it: the callback records it here, for the calling thread,
 * and the executor raises it when the operator that called the callback returns
 * (exec/executor.c's ss_exec_next).  PostgreSQL raises these errors at the comparison itself
 * (record_cmp's "could not identify a comparison function for type unknown"), so a statement
 * fails exactly when a comparison reaches the offending value. */
#ifndef SS_TYPES_DEFERRED_ERROR_H
#define SS_TYPES_DEFERRED_ERROR_H

#include "exec/context.h"

/* Records an error for the calling thread unless one is already pending (the first wins). */
void ss_deferred_error_set(const char *sqlstate, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* SS_OK when no error is pending; else records the pending error on ctx (when ctx has none
 * yet), forgets it and returns SS_ERROR. */
int ss_deferred_error_raise(ss_ctx *ctx);
/* Forgets a pending error (a statement starts). */
void ss_deferred_error_clear(void);

#endif
