/* cancel.h — Ctrl-C while SQL runs, as psql: during a statement the SIGINT handler cancels it
 * through sunstone_interrupt and writes "Cancel request sent"; a script (-f, stdin, \i)
 * stops at the next statement with exit code 3, whether a statement was running or not. */
#ifndef CLI_CANCEL_H
#define CLI_CANCEL_H

#include <stdbool.h>

#include "sunstone.h"

/* From here to the matching cancel_end, SIGINT is handled here (the previous action is saved
 * by the outermost call and restored by its cancel_end).  db non-NULL: a statement of db
 * runs until cancel_end, and SIGINT interrupts it; db NULL: nothing runs (a script is
 * between statements). */
void cancel_begin(sunstone *db);
void cancel_end(void);
/* Whether Ctrl-C was pressed since the last cancel_clear. */
bool cancel_was_pressed(void);
void cancel_clear(void);

#endif
