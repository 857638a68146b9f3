/* interrupt.h — cancelling a running statement: sunstone_interrupt's flag and the
 * statement_timeout deadline, tested at the executor's check points. */
#ifndef SS_EXEC_INTERRUPT_H
#define SS_EXEC_INTERRUPT_H

#include <stdint.h>

#include "exec/context.h"

/* A statement starts executing on ctx: clears the session's interrupt flag (an interrupt while
 * nothing ran is ignored) and sets the deadline timeout_ms from now (0: none). */
void ss_interrupt_begin(ss_ctx *ctx, int64_t timeout_ms);
/* SS_OK, or SS_ERROR with 57014 recorded on ctx when the statement was interrupted
 * ("canceling statement due to user request") or its deadline passed ("... due to statement
 * timeout").  Cheap (an atomic load, and a vDSO clock read only when a deadline is set):
 * call it between batches and every few thousand iterations of a long loop. */
int ss_check_interrupt(ss_ctx *ctx);

#endif
