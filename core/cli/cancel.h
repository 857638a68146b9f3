/* cancel.h — Ctrl-C while a statement runs, as psql: the SIGINT handler cancels it through
 * sunstone_interrupt and writes "Cancel request sent"; a script then stops (EXIT_USER). */
#ifndef CLI_CANCEL_H
#define CLI_CANCEL_H

#include <stdbool.h>

#include "sunstone.h"

/* From here to cancel_end, SIGINT interrupts db's statement (the previous SIGINT action is
 * saved and restored by cancel_end). */
void cancel_begin(sunstone *db);
void cancel_end(void);
/* True (once) when Ctrl-C cancelled something since the last call. */
bool cancel_take_pressed(void);

#endif
