/* bench_spill.c — issue 7's memory-limit measurement: with SET work_mem = '1MB', a hash join
 * of two 2M-row tables, a GROUP BY with 1M groups and an ORDER BY over 4M rows, each timed
 * and measured for the process's peak resident memory during the query (VmHWM, reset before
 * each query through /proc/self/clear_refs, which resets getrusage's ru_maxrss as well: the
 * process's peak is the largest of the load's and the queries' peaks),
 * then the same queries with work_mem = 4GB (in memory).  Every answer is read to its last
 * row and reduced to an order-sensitive checksum of its text; the spilled and the in-memory
 * checksums must be equal, else the program prints MISMATCH and exits 1.
 * Usage: bench_spill [log2 rows per table (default 21: 2,097,152)] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "bench_util.h"
#include "sunstone.h"

static void must(sunstone *db, int rc, const char *what)
{
    if (rc != SUNSTONE_OK && rc != SUNSTONE_DONE) {
        fprintf(stderr, "%s: %s (%s)\n", what, sunstone_errmsg(db), sunstone_sqlstate(db));
        exit(1);
    }
}

static void exec(sunstone *db, const char *sql)
{
    must(db, sunstone_exec(db, sql, NULL, NULL), sql);
}

/* Resets the peak resident set size the kernel reports as VmHWM (Linux 4.0+); false where
 * it cannot. */
static int reset_peak(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f)
        return 0;
    int ok = fputs("5", f) >= 0;
    return fclose(f) == 0 && ok;
}

/* A "VmHWM:" / "VmRSS:" line of /proc/self/status in kB, -1 when missing. */
static long status_kb(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return -1;
    char line[256];
    long kb = -1;
    size_t n = strlen(field);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0) {
            kb = atol(line + n);
            break;
        }
    fclose(f);
    return kb;
}

static long maxrss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

typedef struct answer {
    unsigned long long rows;
    unsigned long long checksum; /* FNV-1a over every value's text, row after row */
    char first[128];             /* the first row's text */
    double ms;
    long peak_kb;                /* VmHWM during the query, -1 when unknown */
} answer;

static void run(sunstone *db, const char *sql, answer *a)
{
    memset(a, 0, sizeof *a);
    int peak_known = reset_peak();
    double t0 = bench_now_ns();
    sunstone_stmt *st;
    must(db, sunstone_prepare(db, sql, -1, &st, NULL), sql);
    unsigned long long h = 1469598103934665603ULL;
    int rc, ncols = sunstone_column_count(st);
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW) {
        for (int c = 0; c < ncols; c++) {
            const char *v = sunstone_column_is_null(st, c) ? "\\N" : sunstone_column_text(st, c);
            for (const unsigned char *p = (const unsigned char *)v; *p; p++)
                h = (h ^ *p) * 1099511628211ULL;
            h = (h ^ (unsigned char)(c + 1 < ncols ? '|' : '\n')) * 1099511628211ULL;
            if (a->rows == 0) {
                size_t len = strlen(a->first);
                snprintf(a->first + len, sizeof a->first - len, "%s%s", c ? "|" : "", v);
            }
        }
        a->rows++;
    }
    must(db, rc, sql);
    sunstone_finalize(st);
    a->ms = (bench_now_ns() - t0) / 1e6;
    a->checksum = h;
    a->peak_kb = peak_known ? status_kb("VmHWM:") : -1;
}

/* Runs the queries at this work_mem; returns the largest of peak and the queries' peaks. */
static long run_all(sunstone *db, const char *work_mem, const char *const *queries, int n, answer *out, long peak)
{
    char sql[64];
    snprintf(sql, sizeof sql, "SET work_mem = '%s'", work_mem);
    exec(db, sql);
    for (int q = 0; q < n; q++) {
        run(db, queries[q], &out[q]);
        if (out[q].peak_kb > peak)
            peak = out[q].peak_kb;
    }
    return peak;
}

int main(int argc, char **argv)
{
    int lg = argc > 1 ? atoi(argv[1]) : 21;
    if (lg < 10 || lg > 24) {
        fprintf(stderr, "usage: %s [log2 rows per table, 10..24]\n", argv[0]);
        return 2;
    }
    long rows = 1L << lg;
    sunstone *db = NULL;
    int rc = sunstone_open(NULL, &db);
    must(db, rc, "open");
    /* a(k, v): k = 0..rows-1; b(k, w): k a permutation of a's (an odd multiplier modulo a
       power of two), so every row of each side matches exactly one of the other */
    exec(db, "CREATE TABLE a (k int, v int)");
    exec(db, "INSERT INTO a VALUES (0, 0)");
    char sql[512];
    for (long have = 1; have < rows; have *= 2) {
        snprintf(sql, sizeof sql, "INSERT INTO a SELECT k + %ld, (k + %ld) %% 1000 FROM a", have, have);
        exec(db, sql);
    }
    exec(db, "CREATE TABLE b (k int, w int)");
    snprintf(sql, sizeof sql, "INSERT INTO b SELECT (k::int8 * 7919 %% %ld)::int, k %% 997 FROM a", rows);
    exec(db, sql);
    long groups = rows / 2;
    long after_load = status_kb("VmRSS:"), load_peak = maxrss_kb();

    char q_join[256], q_group[320], q_sort[256];
    snprintf(q_join, sizeof q_join,
             "SELECT count(*), sum(a.v + b.w), min(a.k - b.w), max(b.k + a.v) FROM a JOIN b ON a.k = b.k");
    snprintf(q_group, sizeof q_group,
             "SELECT count(*), sum(c::float8), sum(s::float8), min(s), max(s) FROM "
             "(SELECT k %% %ld AS g, count(*) AS c, sum(v) AS s FROM a GROUP BY k %% %ld) x",
             groups, groups);
    snprintf(q_sort, sizeof q_sort, "SELECT k, v FROM (SELECT k, v FROM a UNION ALL SELECT k, w FROM b) s ORDER BY v DESC, k");
    const char *names[3] = {"hash join", "group by", "order by"};
    const char *const queries[3] = {q_join, q_group, q_sort};
    char what[3][64];
    snprintf(what[0], sizeof what[0], "%ld x %ld rows", rows, rows);
    snprintf(what[1], sizeof what[1], "%ld rows, %ld groups", rows, groups);
    snprintf(what[2], sizeof what[2], "%ld rows", 2 * rows);

    answer spilled[3], mem[3];
    long peak_spilled = run_all(db, "1MB", queries, 3, spilled, load_peak);
    long peak_all = run_all(db, "4GB", queries, 3, mem, peak_spilled);

    printf("tables loaded: VmRSS %.1f MB (peak while loading %.1f MB)\n", after_load / 1024.0, load_peak / 1024.0);
    printf("%-10s %-30s %-9s %10s %9s %16s  %s\n", "query", "size", "work_mem", "rows out", "ms", "peak RSS (MB)",
           "first row");
    int bad = 0;
    for (int q = 0; q < 3; q++) {
        for (int m = 0; m < 2; m++) {
            const answer *a = m ? &mem[q] : &spilled[q];
            printf("%-10s %-30s %-9s %10llu %9.1f %16.1f  %s\n", names[q], what[q], m ? "4GB" : "1MB", a->rows,
                   a->ms, a->peak_kb / 1024.0, a->first);
        }
        if (spilled[q].rows != mem[q].rows || spilled[q].checksum != mem[q].checksum) {
            printf("MISMATCH %s: spilled %llu rows checksum %016llx, in memory %llu rows checksum %016llx\n", names[q],
                   spilled[q].rows, spilled[q].checksum, mem[q].rows, mem[q].checksum);
            bad = 1;
        }
    }
    printf("process peak through the 1MB runs (load included): %.1f MB; through the 4GB runs: %.1f MB\n",
           peak_spilled / 1024.0, peak_all / 1024.0);
    if (!bad)
        printf("every 1MB answer equals its in-memory answer\n");
    sunstone_close(db);
    return bad;
}
