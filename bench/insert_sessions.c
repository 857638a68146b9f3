/* insert_sessions.c — bench_insert_sessions: commit throughput of autocommit single-row
 * INSERTs from 1 and from 8 concurrent sessions on one database file (issue 11: group commit).
 * Engines, all measured in the same run on the same file system: Sunstone (a native database
 * file, synchronous_commit on and off), SQLite 3 (WAL mode, synchronous FULL and NORMAL, one
 * connection per thread, busy_timeout) and, when SUNSTONE_BENCH_PG holds a libpq connection
 * string (and the bench was built with libpq), PostgreSQL (default synchronous_commit = on,
 * one connection per thread).  Every thread runs the same prepared
 * `INSERT INTO ins_t VALUES ($1, $2, $3)` (bigint id, int session, text payload) N times,
 * each its own transaction.  A round runs every configuration once (the order rotating by
 * round); round 0 is a warm-up.  Prints the median, min and max commits/s of each
 * configuration, the 8-session/1-session ratio, and a raw 8 kB write + fdatasync loop on the
 * same directory (what one synchronous commit at a time could reach at best).  After every
 * run the rows are counted back (count and sum of the ids); a mismatch exits 1.
 * Usage: bench_insert_sessions [inserts per session (250)] [rounds (5)] [directory (.)]
 *                              [engines (sunstone,sqlite,postgresql)] */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_util.h"
#include "insert_engine.h"

#define MAX_CONFIGS 16

typedef struct config {
    ins_engine *e;
    int sessions;
    bench_samples rate; /* commits per second of each timed round */
} config;

typedef struct worker {
    ins_engine *e;
    int session;
    long n;
    int64_t first_id;
    pthread_barrier_t *start;
    double t_start, t_end; /* this thread's first insert began, its last one ended */
} worker;

void ins_remove_db_files(const char *path)
{
    static const char *suffixes[] = {"", "-wal", "-lock", "-shm", "-journal"};
    char p[4200];
    for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
        snprintf(p, sizeof p, "%s%s", path, suffixes[i]);
        unlink(p);
    }
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    char payload[64];
    pthread_barrier_wait(w->start);
    w->t_start = bench_now_ns();
    for (long i = 0; i < w->n; i++) {
        snprintf(payload, sizeof payload, "session %d row %ld", w->session, i);
        w->e->insert(w->e, w->session, w->first_id + i, payload);
    }
    w->t_end = bench_now_ns();
    return NULL;
}

/* Runs c once: c->sessions threads of n inserts with ids from *next_id; commits/s. */
static double run_once(config *c, long n, int64_t *next_id)
{
    pthread_t th[INS_MAX_SESSIONS];
    worker w[INS_MAX_SESSIONS];
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, (unsigned)c->sessions + 1);
    int64_t base = *next_id;
    for (int s = 0; s < c->sessions; s++) {
        w[s] = (worker){c->e, s, n, base + (int64_t)s * n, &start, 0, 0};
        if (pthread_create(&th[s], NULL, worker_main, &w[s]) != 0)
            bench_die("pthread_create failed");
    }
    pthread_barrier_wait(&start);
    for (int s = 0; s < c->sessions; s++)
        pthread_join(th[s], NULL);
    /* from the first thread's start to the last one's end (each thread reads the clock
       itself: the main thread may be descheduled past the barrier on a loaded machine) */
    double t0 = w[0].t_start, t1 = w[0].t_end;
    for (int s = 1; s < c->sessions; s++) {
        t0 = w[s].t_start < t0 ? w[s].t_start : t0;
        t1 = w[s].t_end > t1 ? w[s].t_end : t1;
    }
    double ns = t1 - t0;
    pthread_barrier_destroy(&start);
    int64_t total = (int64_t)c->sessions * n, count, sum;
    *next_id = base + total;
    c->e->count_range(c->e, base, base + total - 1, &count, &sum);
    int64_t want_sum = total * base + total * (total - 1) / 2;
    if (count != total || sum != want_sum) {
        fprintf(stderr, "MISMATCH: %s (%s), %d sessions: %lld rows with sum %lld, expected %lld rows with sum %lld\n",
                c->e->name, c->e->mode, c->sessions, (long long)count, (long long)sum, (long long)total,
                (long long)want_sum);
        exit(1);
    }
    return (double)total / (ns / 1e9);
}

/* Raw 8 kB pwrite + fdatasync of one file in dir, `count` times: syncs per second. */
static double raw_fdatasync_rate(const char *dir, int count)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/bench_insert_fdatasync_%d.tmp", dir, (int)getpid());
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        bench_die("cannot create the fdatasync probe file");
    char page[8192];
    memset(page, 'x', sizeof page);
    double t0 = bench_now_ns();
    for (int i = 0; i < count; i++)
        if (pwrite(fd, page, sizeof page, (off_t)(i % 64) * (off_t)sizeof page) != (ssize_t)sizeof page || fdatasync(fd) != 0)
            bench_die("fdatasync probe failed");
    double ns = bench_now_ns() - t0;
    close(fd);
    unlink(path);
    return count / (ns / 1e9);
}

static double samples_min(const bench_samples *s)
{
    double m = s->n ? s->v[0] : 0;
    for (size_t i = 1; i < s->n; i++)
        m = s->v[i] < m ? s->v[i] : m;
    return m;
}

static double samples_max(const bench_samples *s)
{
    double m = 0;
    for (size_t i = 0; i < s->n; i++)
        m = s->v[i] > m ? s->v[i] : m;
    return m;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 250;
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    const char *dir = argc > 3 ? argv[3] : ".";
    const char *only = argc > 4 ? argv[4] : "sunstone,sqlite,postgresql";
    if (n < 1 || rounds < 1)
        bench_die("usage: bench_insert_sessions [inserts per session] [rounds] [directory]");
    ins_engine *engines[8];
    int nengines = 0;
    if (strstr(only, "sunstone")) {
        engines[nengines++] = ins_sunstone_open(dir, 1);
        engines[nengines++] = ins_sunstone_open(dir, 0);
    }
    if (strstr(only, "sqlite")) {
        engines[nengines++] = ins_sqlite_open(dir, 1);
        engines[nengines++] = ins_sqlite_open(dir, 0);
    }
    if (strstr(only, "postgresql")) {
#ifdef BENCH_HAVE_LIBPQ
        const char *pg = getenv("SUNSTONE_BENCH_PG");
        if (pg && *pg)
            engines[nengines++] = ins_pg_open(pg);
        else
            printf("postgresql: SKIPPED (set SUNSTONE_BENCH_PG to a libpq connection string, e.g. \"dbname=bench\")\n");
#else
        printf("postgresql: SKIPPED (built without libpq: install libpq-dev and run cmake again)\n");
#endif
    }
    config configs[MAX_CONFIGS];
    int nconfigs = 0;
    for (int i = 0; i < nengines; i++)
        for (int k = 0; k < 2; k++) {
            configs[nconfigs] = (config){engines[i], k ? INS_MAX_SESSIONS : 1, {0}};
            bench_samples_init(&configs[nconfigs].rate, (size_t)rounds);
            nconfigs++;
        }
    double sync_before = raw_fdatasync_rate(dir, 200);
    int64_t next_id = 1;
    for (int r = 0; r <= rounds; r++)
        for (int j = 0; j < nconfigs; j++) {
            config *c = &configs[(j + r) % nconfigs];
            double rate = run_once(c, n, &next_id);
            if (r > 0)
                bench_samples_add(&c->rate, rate);
        }
    double sync_after = raw_fdatasync_rate(dir, 200);
    printf("%ld autocommit single-row INSERTs per session, %d timed rounds (+1 warm-up), directory %s\n", n, rounds, dir);
    printf("raw 8 kB pwrite + fdatasync, one at a time: %.0f/s before, %.0f/s after\n", sync_before, sync_after);
    printf("%-11s %-24s %8s %12s %12s %12s %10s\n", "engine", "mode", "sessions", "commits/s", "min", "max", "8 / 1");
    for (int j = 0; j < nconfigs; j++) {
        config *c = &configs[j];
        double med = bench_samples_median(&c->rate);
        char ratio[16] = "";
        if (c->sessions > 1 && j > 0 && configs[j - 1].e == c->e)
            snprintf(ratio, sizeof ratio, "%.2fx", med / bench_samples_median(&configs[j - 1].rate));
        printf("%-11s %-24s %8d %12.0f %12.0f %12.0f %10s\n", c->e->name, c->e->mode, c->sessions, med, samples_min(&c->rate),
               samples_max(&c->rate), ratio);
    }
    for (int j = 0; j < nconfigs; j++)
        bench_samples_free(&configs[j].rate);
    for (int i = 0; i < nengines; i++)
        engines[i]->close(engines[i]);
    return 0;
}
