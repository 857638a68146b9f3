/* instrument.c — EXPLAIN ANALYZE's counters per operator instance (instrument.h). */
#include "exec/instrument.h"

#include <stdio.h>
#include <time.h>

double ss_instr_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void ss_instr_before(ss_instr *in, double *t0)
{
    if (!in->in_loop) {
        in->in_loop = true;
        in->got_first = false;
        in->loop_ms = 0;
        in->loops++;
    }
    *t0 = in->timing ? ss_instr_now_ms() : 0;
}

void ss_instr_after(ss_instr *in, double t0, int64_t rows)
{
    if (in->timing)
        in->loop_ms += ss_instr_now_ms() - t0;
    if (rows < 0)
        return;
    in->batches++;
    in->rows += (uint64_t)rows;
    if (!in->got_first) {
        in->got_first = true;
        in->loop_first_ms = in->loop_ms;
    }
}

void ss_instr_end_loop(ss_instr *in)
{
    if (!in->in_loop)
        return;
    in->total_ms += in->loop_ms;
    in->startup_ms += in->got_first ? in->loop_first_ms : in->loop_ms;
    in->in_loop = false;
}

void ss_instr_format(const ss_instr *in, char *buf, size_t size)
{
    if (!in->loops) {
        snprintf(buf, size, " (never executed)");
        return;
    }
    double loops = (double)in->loops;
    if (in->timing)
        snprintf(buf, size, " (actual time=%.3f..%.3f rows=%.0f batches=%.0f loops=%.0f)", in->startup_ms / loops,
                 in->total_ms / loops, (double)in->rows / loops, (double)in->batches / loops, loops);
    else
        snprintf(buf, size, " (actual rows=%.0f batches=%.0f loops=%.0f)", (double)in->rows / loops,
                 (double)in->batches / loops, loops);
}
