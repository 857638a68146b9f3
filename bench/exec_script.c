/* exec_script.c — a script of many small statements through one call: Sunstone's
 * sunstone_exec against SQLite's sqlite3_exec on the same text (N single-row INSERTs into an
 * empty in-memory table, each its own autocommitted statement in both engines), and the
 * same script statement by statement through prepare + tail (sunstone_prepare /
 * sqlite3_prepare_v2), which is how the shell runs a file.  Same process, alternating
 * engines, one warm-up round, medians; N/4 statements too, to show the cost is linear.
 * Both engines must end with the same rows (count, sum, max) after every run.
 * Usage: bench_exec_script [statements (default 65536)] [runs (default 7)] */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "sunstone.h"

typedef struct engines {
    sunstone *ss;
    sqlite3 *sl;
} engines;

static void ss_must(sunstone *db, int rc, const char *what)
{
    if (rc != SUNSTONE_OK && rc != SUNSTONE_DONE && rc != SUNSTONE_ROW) {
        fprintf(stderr, "sunstone %s: %s (%s)\n", what, sunstone_errmsg(db), sunstone_sqlstate(db));
        exit(1);
    }
}

static void sl_must(sqlite3 *db, int rc, const char *what)
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "sqlite %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static char *make_script(long n)
{
    char *s = malloc((size_t)n * 48 + 1);
    if (!s)
        bench_die("out of memory");
    size_t len = 0;
    for (long i = 0; i < n; i++)
        len += (size_t)sprintf(s + len, "INSERT INTO t VALUES (%ld, 'row %ld');\n", i, i);
    return s;
}

static void fresh_tables(engines *e)
{
    ss_must(e->ss, sunstone_exec(e->ss, "DROP TABLE IF EXISTS t; CREATE TABLE t (a int, b text)", NULL, NULL),
            "create");
    sl_must(e->sl, sqlite3_exec(e->sl, "DROP TABLE IF EXISTS t; CREATE TABLE t (a int, b text)", NULL, NULL, NULL),
            "create");
}

static int keep_row(void *arg, int ncols, char **values, char **names)
{
    (void)names;
    char *out = arg;
    out[0] = '\0';
    for (int i = 0; i < ncols; i++) {
        strcat(out, values[i] ? values[i] : "NULL");
        strcat(out, "|");
    }
    return 0;
}

static int keep_row_ss(void *arg, int ncols, const char *const *values, const char *const *names)
{
    return keep_row(arg, ncols, (char **)values, (char **)names);
}

/* Both engines must hold the same n rows. */
static void check_same(engines *e, long n)
{
    const char *q = "SELECT count(*), sum(a), max(b) FROM t";
    char a[256], b[256];
    ss_must(e->ss, sunstone_exec(e->ss, q, keep_row_ss, a), "check");
    sl_must(e->sl, sqlite3_exec(e->sl, q, keep_row, b, NULL), "check");
    char want[32];
    snprintf(want, sizeof want, "%ld|", n);
    if (strcmp(a, b) != 0 || strncmp(a, want, strlen(want)) != 0) {
        fprintf(stderr, "MISMATCH after %ld statements: sunstone %s, sqlite %s\n", n, a, b);
        exit(1);
    }
}

static double ss_exec(engines *e, const char *script)
{
    double t0 = bench_now_ns();
    ss_must(e->ss, sunstone_exec(e->ss, script, NULL, NULL), "exec");
    return bench_now_ns() - t0;
}

static double sl_exec(engines *e, const char *script)
{
    double t0 = bench_now_ns();
    sl_must(e->sl, sqlite3_exec(e->sl, script, NULL, NULL, NULL), "exec");
    return bench_now_ns() - t0;
}

static double ss_prepare_loop(engines *e, const char *script)
{
    double t0 = bench_now_ns();
    const char *p = script;
    while (*p) {
        sunstone_stmt *st;
        const char *tail;
        ss_must(e->ss, sunstone_prepare(e->ss, p, -1, &st, &tail), "prepare");
        if (!st)
            break;
        ss_must(e->ss, sunstone_step(st), "step");
        sunstone_finalize(st);
        p = tail;
    }
    return bench_now_ns() - t0;
}

static double sl_prepare_loop(engines *e, const char *script)
{
    double t0 = bench_now_ns();
    const char *p = script;
    while (*p) {
        sqlite3_stmt *st;
        const char *tail;
        sl_must(e->sl, sqlite3_prepare_v2(e->sl, p, -1, &st, &tail), "prepare");
        if (!st)
            break;
        sl_must(e->sl, sqlite3_step(st), "step");
        sqlite3_finalize(st);
        p = tail;
    }
    return bench_now_ns() - t0;
}

typedef double (*runner)(engines *, const char *);

/* Median of runs timed executions of script by each engine, alternating which goes first. */
static void measure(engines *e, const char *label, long n, int runs, runner ss, runner sl)
{
    char *script = make_script(n);
    bench_samples a, b;
    bench_samples_init(&a, (size_t)runs);
    bench_samples_init(&b, (size_t)runs);
    for (int r = -1; r < runs; r++) {
        fresh_tables(e);
        for (int side = 0; side < 2; side++) {
            bool ss_turn = (side == 0) == (r % 2 == 0);
            double t = ss_turn ? ss(e, script) : sl(e, script);
            if (r >= 0)
                bench_samples_add(ss_turn ? &a : &b, t);
        }
        check_same(e, n);
    }
    double ma = bench_samples_median(&a), mb = bench_samples_median(&b);
    printf("%-34s %7ld %12.1f %12.1f %8.2fx %9.2f %9.2f\n", label, n, ma / 1e3, mb / 1e3, ma / mb, ma / (double)n,
           mb / (double)n);
    bench_samples_free(&a);
    bench_samples_free(&b);
    free(script);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 65536;
    int runs = argc > 2 ? atoi(argv[2]) : 7;
    if (n < 4 || runs < 1)
        bench_die("usage: bench_exec_script [statements >= 4] [runs >= 1]");
    engines e;
    if (sunstone_open(NULL, &e.ss) != SUNSTONE_OK || sqlite3_open(":memory:", &e.sl) != SQLITE_OK)
        bench_die("cannot open the databases");
    printf("%-34s %7s %12s %12s %9s %9s %9s\n", "script of single-row INSERTs", "stmts", "sunstone µs",
           "sqlite µs", "ratio", "ss ns/st", "sl ns/st");
    measure(&e, "exec (sunstone_exec/sqlite3_exec)", n / 4, runs, ss_exec, sl_exec);
    measure(&e, "exec (sunstone_exec/sqlite3_exec)", n, runs, ss_exec, sl_exec);
    measure(&e, "prepare + tail, step each", n / 4, runs, ss_prepare_loop, sl_prepare_loop);
    measure(&e, "prepare + tail, step each", n, runs, ss_prepare_loop, sl_prepare_loop);
    sunstone_close(e.ss);
    sqlite3_close(e.sl);
    return 0;
}
