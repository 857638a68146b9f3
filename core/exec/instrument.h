/* instrument.h — per operator instance counters for EXPLAIN ANALYZE (PostgreSQL's
 * Instrumentation): the executor (executor.c) counts around each next_batch of an instance
 * that has them — batches, live rows, loops (a rescan ends one) and, with timing, the time to
 * its first batch and in all its calls, children included.  Instances without them cost one
 * test per batch. */
#ifndef SS_EXEC_INSTRUMENT_H
#define SS_EXEC_INSTRUMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ss_instr {
    bool timing;
    bool in_loop, got_first;
    uint64_t loops, batches, rows;
    double startup_ms, total_ms; /* summed over finished loops */
    double loop_ms, loop_first_ms; /* the running loop */
} ss_instr;

/* Milliseconds of the monotonic clock. */
double ss_instr_now_ms(void);
/* Before a call of next_batch: *t0 receives the clock when timing. */
void ss_instr_before(ss_instr *in, double *t0);
/* After it: rows = live rows of the batch returned, or -1 at the end of the stream. */
void ss_instr_after(ss_instr *in, double t0, int64_t rows);
/* A rescan (or the end of the statement) ends the running loop. */
void ss_instr_end_loop(ss_instr *in);
/* PostgreSQL's text: " (actual time=S..T rows=R loops=L)" (per-loop averages, with
 * batches=B before loops), " (actual rows=R ...)" without timing, " (never executed)". */
void ss_instr_format(const ss_instr *in, char *buf, size_t size);

#endif
