/* timing.h — elapsed-time measurement for \timing and psql's "Time: ..." line format. */
#ifndef SUNSTONE_CLI_TIMING_H
#define SUNSTONE_CLI_TIMING_H

#include "buf.h"

/* Milliseconds on a monotonic clock. */
double timing_now_ms(void);

/* "Time: 1.234 ms", and from one second on also the duration as [[d ]hh:]mm:ss.sss in
 * parentheses, e.g. "Time: 61234.600 ms (01:01.235)".  No trailing newline. */
void format_timing(buf *out, double elapsed_ms);

#endif
