/* bench_util.c — monotonic clock, timing samples and medians for the benchmark programs. */
#if !defined(_GNU_SOURCE) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* clock_gettime, when built outside the project's flags */
#endif
#include "bench_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

void bench_die(const char *msg)
{
    fprintf(stderr, "%s\n", msg);
    exit(1);
}

void bench_samples_init(bench_samples *s, size_t expected)
{
    s->n = 0;
    s->cap = expected > 0 ? expected : 16;
    s->v = malloc(s->cap * sizeof(double));
    if (s->v == NULL)
        bench_die("out of memory");
}

void bench_samples_add(bench_samples *s, double ns)
{
    if (s->n == s->cap) {
        double *grown = realloc(s->v, 2 * s->cap * sizeof(double));
        if (grown == NULL)
            bench_die("out of memory");
        s->v = grown;
        s->cap *= 2;
    }
    s->v[s->n++] = ns;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double bench_samples_median(bench_samples *s)
{
    if (s->n == 0)
        return 0;
    qsort(s->v, s->n, sizeof(double), cmp_double);
    return s->v[s->n / 2];
}

void bench_samples_free(bench_samples *s)
{
    free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}
