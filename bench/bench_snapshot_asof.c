/* bench_snapshot_asof.c — AS OF resolution by the two snapshot manager modules (sunstone/
 * snapshot.h): the newest commit at or before a time (at_time) and a transaction's commit
 * (of_xid) with 100, 10k and 1M recorded commits, for "ordered" (binary searches: flat) and
 * "linear" (the reference walk: grows with the history); and what recording commits costs
 * the commit path (xid assignment + commit on the kernel's transaction manager with no
 * manager, ordered and linear).  Medians of per-batch means over random lookups.
 *
 *   build/bench/bench_snapshot_asof [max_commits]   (default 1000000)
 *
 * Links the kernel's objects (it reaches the registry and the transaction manager). */
#include <stdio.h>
#include <stdlib.h>

#include "api/database.h"
#include "bench_util.h"
#include "txn/txn_history.h"

static const ss_snapshot_vtable *manager(sunstone *db, const char *name)
{
    const ss_registration *r = ss_registry_find(&db->database->registry, SS_KIND_SNAPSHOT, name);
    if (!r)
        bench_die("snapshot manager module not loaded (run from the build directory or set SUNSTONE_PLUGIN_PATH)");
    return r->vtable;
}

/* A history of n commits: xids nearly ascending (neighbours swapped), 1-3 µs apart. */
static void fill(const ss_snapshot_vtable *vt, void *m, uint64_t n, ss_xid *xids, int64_t *times)
{
    for (uint64_t i = 0; i < n; i++)
        xids[i] = 2 * i + 1;
    for (uint64_t k = 0; k + 1 < n; k += 7) {
        ss_xid t = xids[k];
        xids[k] = xids[k + 1];
        xids[k + 1] = t;
    }
    int64_t t = 1700000000000000;
    for (uint64_t i = 0; i < n; i++) {
        t += 1 + rand() % 3;
        times[i] = t;
        ss_commit_record r = {.struct_size = sizeof r, .xid = xids[i], .seq = i + 1, .time_us = t,
                              .xmin = xids[i], .xmax = 2 * n + 1};
        if (vt->record_commit(m, &r) != SS_OK)
            bench_die("out of memory");
    }
}

/* ns per lookup: median over batches of `per` random lookups. */
static double measure(const ss_snapshot_vtable *vt, void *m, uint64_t n, const ss_xid *xids, const int64_t *times,
                      bool by_time, int batches, int per)
{
    bench_samples s;
    bench_samples_init(&s, (size_t)batches);
    volatile uint64_t sink = 0;
    for (int b = 0; b < batches + 1; b++) {
        int64_t *keys = malloc((size_t)per * sizeof *keys); /* gathered before the clock runs */
        if (!keys)
            bench_die("out of memory");
        for (int i = 0; i < per; i++) {
            uint64_t pick = ((uint64_t)rand() << 20 ^ (uint64_t)rand()) % n;
            keys[i] = by_time ? times[pick] : (int64_t)xids[pick];
        }
        double t0 = bench_now_ns();
        for (int i = 0; i < per; i++) {
            ss_commit_record r;
            bool found = by_time ? vt->at_time(m, keys[i], &r) : vt->of_xid(m, (ss_xid)keys[i], &r);
            sink += found ? r.seq : 0;
        }
        double dt = (bench_now_ns() - t0) / per;
        free(keys);
        if (b > 0) /* the first batch warms up */
            bench_samples_add(&s, dt);
    }
    (void)sink;
    double med = bench_samples_median(&s);
    bench_samples_free(&s);
    return med;
}

/* ns per assign + commit of a top-level transaction with vt recording (NULL: none). */
static double commit_cost(const ss_snapshot_vtable *vt, int batches, int per)
{
    bench_samples s;
    bench_samples_init(&s, (size_t)batches);
    for (int b = 0; b < batches + 1; b++) {
        ss_txn_manager *m = ss_txn_manager_create();
        if (!m || ss_txn_history_use(m, vt) != SS_OK)
            bench_die("out of memory");
        double t0 = bench_now_ns();
        for (int i = 0; i < per; i++)
            ss_txn_commit(m, ss_txn_assign(m, 0));
        double dt = (bench_now_ns() - t0) / per;
        ss_txn_manager_destroy(m);
        if (b > 0)
            bench_samples_add(&s, dt);
    }
    double med = bench_samples_median(&s);
    bench_samples_free(&s);
    return med;
}

int main(int argc, char **argv)
{
    uint64_t max = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000000;
    sunstone *db;
    if (sunstone_open(NULL, &db) != SUNSTONE_OK)
        bench_die("cannot open a database");
    const char *names[] = {"ordered", "linear"};
    const uint64_t sizes[] = {100, 10000, 1000000};
    ss_xid *xids = malloc(max * sizeof *xids);
    int64_t *times = malloc(max * sizeof *times);
    if (!xids || !times)
        bench_die("out of memory");
    printf("%-8s %10s %14s %14s\n", "manager", "commits", "at_time ns", "of_xid ns");
    for (size_t k = 0; k < 2; k++) {
        const ss_snapshot_vtable *vt = manager(db, names[k]);
        for (size_t j = 0; j < 3 && sizes[j] <= max; j++) {
            uint64_t n = sizes[j];
            void *m;
            if (vt->create(&m) != SS_OK)
                bench_die("out of memory");
            srand(11);
            fill(vt, m, n, xids, times);
            bool linear = k == 1;
            /* about the same total work per cell: the walk over 1M commits takes ~ms */
            int per = linear ? (n >= 1000000 ? 5 : n >= 10000 ? 200 : 20000) : 20000;
            int batches = linear && n >= 1000000 ? 11 : 21;
            double at = measure(vt, m, n, xids, times, true, batches, per);
            double of = measure(vt, m, n, xids, times, false, batches, per);
            printf("%-8s %10llu %14.1f %14.1f\n", names[k], (unsigned long long)n, at, of);
            vt->destroy(m);
        }
    }
    printf("\ncommit path (ss_txn_assign + ss_txn_commit, 100k commits per batch, median of 11)\n");
    double none = commit_cost(NULL, 11, 100000);
    printf("%-8s %10.1f ns/commit\n", "none", none);
    for (size_t k = 0; k < 2; k++) {
        double c = commit_cost(manager(db, names[k]), 11, 100000);
        printf("%-8s %10.1f ns/commit (+%.1f)\n", names[k], c, c - none);
    }
    free(xids);
    free(times);
    sunstone_close(db);
    return 0;
}
