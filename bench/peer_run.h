/* peer_run.h — runs one benchmark query against two engines in the same process: checks
 * that both give the same answer, warms up, then times alternating runs and takes medians. */
#ifndef SUNSTONE_BENCH_PEER_RUN_H
#define SUNSTONE_BENCH_PEER_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "peer_engine.h"

typedef struct peer_side {
    const peer_engine *engine;
    void *db;
} peer_side;

typedef struct peer_query {
    const char *name;
    /* May hold "{id}": replaced in run i by (i % id_range) + 1. */
    const char *sql;
    int id_range; /* 0 when sql has no {id} */
    bool ordered; /* the answer's row order is defined (ORDER BY): compare it too */
    int warmups, iters;
} peer_query;

typedef struct peer_result {
    double median_ns[2]; /* per side: prepare + step to the end + finalize */
    size_t rows;         /* rows returned per run (for {id} queries: the last run's) */
} peer_result;

/* Relative tolerance for float cells: sums of floats may differ in their last bits. */
#define PEER_FLOAT_TOLERANCE 1e-9

/* Compares both sides' answers (every id for {id} queries), then runs q->warmups untimed and
 * q->iters timed rounds, each round running both sides in alternating order.  0, or -1 after
 * printing why (an engine error, or answers that differ between the engines or between runs). */
int peer_run_query(const peer_side side[2], const peer_query *q, peer_result *out);

/* Opens Sunstone (side 0) and peer (side 1) in memory and writes the run's date
 * ("YYYY-MM-DD HH:MM UTC") into date.  0, or -1 when an engine does not open. */
int peer_sides_open(peer_side side[2], const peer_engine *peer, char *date, size_t n);

/* Checks what run i consumed on both sides: the same row count on each, and, for a fixed
 * statement (fixed) the same rows and text bytes as that side's first run, which it records
 * in first at i == 0.  0, or -1 after printing the MISMATCH. */
int peer_check_run(const peer_side side[2], const char *name, int i, bool fixed, const peer_consumed got[2],
                   peer_consumed first[2]);

/* Runs sql once on both sides and compares the answers.  0, or -1 after printing why. */
int peer_cross_check(const peer_side side[2], const char *sql, bool ordered);

#endif
