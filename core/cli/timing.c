/* timing.c — elapsed-time measurement for \timing and psql's "Time: ..." line format. */
#include "timing.h"

#include <math.h>
#include <time.h>

double timing_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

void format_timing(buf *out, double ms)
{
    buf_printf(out, "Time: %.3f ms", ms);
    if (ms < 1000.0)
        return;
    double seconds = ms / 1000.0;
    double minutes = floor(seconds / 60.0);
    seconds -= 60.0 * minutes;
    if (minutes < 60.0) {
        buf_printf(out, " (%02d:%06.3f)", (int)minutes, seconds);
        return;
    }
    double hours = floor(minutes / 60.0);
    minutes -= 60.0 * hours;
    if (hours < 24.0) {
        buf_printf(out, " (%02d:%02d:%06.3f)", (int)hours, (int)minutes, seconds);
        return;
    }
    double days = floor(hours / 24.0);
    hours -= 24.0 * days;
    buf_printf(out, " (%.0f d %02d:%02d:%06.3f)", days, (int)hours, (int)minutes, seconds);
}
