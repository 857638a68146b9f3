/* bench_util.h — what every benchmark program shares: a monotonic clock in nanoseconds and
 * a growable set of timing samples with its median.  Benchmarks only, never tests. */
#ifndef SUNSTONE_BENCH_UTIL_H
#define SUNSTONE_BENCH_UTIL_H

#include <stddef.h>

/* Nanoseconds on CLOCK_MONOTONIC (wall time, not CPU time). */
double bench_now_ns(void);

/* Timing samples in nanoseconds.  Add only the measured (non-warm-up) runs. */
typedef struct bench_samples {
    double *v;
    size_t n, cap;
} bench_samples;

void bench_samples_init(bench_samples *s, size_t expected);
void bench_samples_add(bench_samples *s, double ns);
/* Median of the samples (the upper middle one for an even count); 0 when empty.  Sorts the
 * samples in place. */
double bench_samples_median(bench_samples *s);
void bench_samples_free(bench_samples *s);

/* Prints msg to stderr and exits with status 1 (for allocation failures and the like). */
_Noreturn void bench_die(const char *msg);

#endif
