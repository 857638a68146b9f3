/* test_group_commit.c — group commit of a database file through the public API: eight
 * sessions on eight threads run autocommit INSERTs with synchronous_commit on while a ninth
 * session runs DDL and nextval; the commits must share WAL fsyncs (fewer syncs than commits,
 * on a native file that stores the commit history too), none may return before a WAL fsync
 * that began after it started has ended, and after a
 * reopen every acknowledged row, table and sequence value is there; (gch11) an AS OF
 * TRANSACTION read of each acknowledged commit of 8 sessions sees exactly the commits up to
 * it (one chain in commit order, the same after a reopen).  With synchronous_commit
 * off the commits do not wait for syncs at all.  This program defines fdatasync itself
 * (exported, so the dlopen'ed native module calls it): it counts the syncs of the WAL file and
 * makes each last SYNC_DELAY_US, so that concurrent commits meet at it.  And a kill -9 of a
 * process in the middle of such commits: every commit it acknowledged is there after a
 * reopen, and of each session's rows at most its one commit in flight besides. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <check.h>
#include <dlfcn.h>
#include <limits.h>
#include <signal.h>
#include <sys/wait.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sunstone.h"

#define SESSIONS 8
#define INSERTS 40
#define SYNC_DELAY_US 10000

static atomic_long wal_syncs_begun, wal_syncs_done;

static int is_wal(int fd)
{
    char link[64], target[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n < 4)
        return 0;
    target[n] = '\0';
    return strcmp(target + n - 4, "-wal") == 0;
}

/* The interposed fdatasync (see the top comment); the build hides symbols by default. */
__attribute__((visibility("default"))) int fdatasync(int fd)
{
    static int (*real)(int);
    if (!real)
        real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    int wal = is_wal(fd);
    if (wal) {
        atomic_fetch_add(&wal_syncs_begun, 1);
        usleep(SYNC_DELAY_US);
    }
    int rc = real(fd);
    if (wal)
        atomic_fetch_add(&wal_syncs_done, 1);
    return rc;
}

static char dir[64], path[128];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/sunstone_gc_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/app.db", dir);
}

static void teardown(void)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

static void exec_ok(sunstone *s, const char *sql)
{
    int rc = sunstone_exec(s, sql, NULL, NULL);
    ck_assert_msg(rc == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(s));
}

static int64_t scalar(sunstone *s, const char *sql)
{
    sunstone_stmt *st;
    ck_assert_msg(sunstone_prepare(s, sql, -1, &st, NULL) == SUNSTONE_OK, "%s: %s", sql, sunstone_errmsg(s));
    ck_assert_msg(sunstone_step(st) == SUNSTONE_ROW, "%s: %s", sql, sunstone_errmsg(s));
    int64_t v = sunstone_column_int64(st, 0);
    sunstone_finalize(st);
    return v;
}

typedef struct writer {
    sunstone *s;
    int id;
    int early; /* commits that returned before a WAL sync begun after them had ended */
    const char *error;
} writer;

static void *writer_main(void *arg)
{
    writer *w = arg;
    sunstone_stmt *ins;
    if (sunstone_prepare(w->s, "INSERT INTO t VALUES ($1, $2)", -1, &ins, NULL) != SUNSTONE_OK) {
        w->error = sunstone_errmsg(w->s);
        return NULL;
    }
    for (int i = 0; i < INSERTS; i++) {
        long begun = atomic_load(&wal_syncs_begun);
        sunstone_bind_int64(ins, 1, (int64_t)w->id * 1000 + i);
        sunstone_bind_int64(ins, 2, w->id);
        if (sunstone_step(ins) != SUNSTONE_DONE) {
            w->error = sunstone_errmsg(w->s);
            break;
        }
        /* WAL syncs run one at a time: the sync numbered `begun` began after this commit
           started; it must have ended before the commit returned */
        if (atomic_load(&wal_syncs_done) <= begun)
            w->early++;
        sunstone_reset(ins);
    }
    sunstone_finalize(ins);
    return NULL;
}

typedef struct ddl_runner {
    sunstone *s;
    atomic_int *stop;
    int tables;
    const char *error;
} ddl_runner;

/* DDL and sequence values committed while the writers run: each table is created, filled
 * and its rows counted after the reopen; every image these commits store must keep the
 * earlier ones' objects. */
static void *ddl_main(void *arg)
{
    ddl_runner *d = arg;
    char sql[200];
    while ((!atomic_load(d->stop) || d->tables < 3) && d->tables < 20) { /* 3 at least: the last ones after the writers */
        snprintf(sql, sizeof sql, "CREATE TABLE d%d (k int PRIMARY KEY); INSERT INTO d%d SELECT generate_series(1, %d)",
                 d->tables, d->tables, d->tables + 1);
        if (sunstone_exec(d->s, sql, NULL, NULL) != SUNSTONE_OK ||
            sunstone_exec(d->s, "SELECT nextval('q')", NULL, NULL) != SUNSTONE_OK) {
            d->error = sunstone_errmsg(d->s);
            break;
        }
        d->tables++;
    }
    return NULL;
}

static void run_writers(const char *sync, int with_ddl, long *syncs, int *tables)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(path, &db), SUNSTONE_OK);
    exec_ok(db, "CREATE TABLE t (id bigint, s int); CREATE SEQUENCE q");
    writer w[SESSIONS];
    pthread_t th[SESSIONS], dth;
    char set[64];
    snprintf(set, sizeof set, "SET synchronous_commit = %s", sync);
    for (int i = 0; i < SESSIONS; i++) {
        w[i] = (writer){NULL, i, 0, NULL};
        ck_assert_int_eq(sunstone_open_session(db, &w[i].s), SUNSTONE_OK);
        exec_ok(w[i].s, set);
    }
    atomic_int stop = 0;
    ddl_runner d = {db, &stop, 0, NULL};
    long before = atomic_load(&wal_syncs_begun);
    for (int i = 0; i < SESSIONS; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, writer_main, &w[i]), 0);
    if (with_ddl)
        ck_assert_int_eq(pthread_create(&dth, NULL, ddl_main, &d), 0);
    for (int i = 0; i < SESSIONS; i++)
        pthread_join(th[i], NULL);
    *syncs = atomic_load(&wal_syncs_begun) - before;
    atomic_store(&stop, 1);
    if (with_ddl)
        pthread_join(dth, NULL);
    for (int i = 0; i < SESSIONS; i++) {
        ck_assert_msg(w[i].error == NULL, "session %d: %s", i, w[i].error);
        if (strcmp(sync, "on") == 0)
            ck_assert_msg(w[i].early == 0, "session %d: %d commits returned before their WAL sync", i, w[i].early);
        sunstone_close(w[i].s);
    }
    ck_assert_msg(d.error == NULL, "ddl: %s", d.error);
    *tables = d.tables;
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
}

/* Reopens the file: every row of every session, the DDL session's tables, the sequence. */
static void check_reopened(int tables)
{
    sunstone *db;
    ck_assert_int_eq(sunstone_open(path, &db), SUNSTONE_OK);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM t"), SESSIONS * INSERTS);
    ck_assert_int_eq(scalar(db, "SELECT count(DISTINCT id) FROM t"), SESSIONS * INSERTS);
    for (int i = 0; i < SESSIONS; i++) {
        char sql[120];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM t WHERE s = %d AND id BETWEEN %d AND %d", i, i * 1000,
                 i * 1000 + INSERTS - 1);
        ck_assert_int_eq(scalar(db, sql), INSERTS);
    }
    for (int k = 0; k < tables; k++) {
        char sql[80];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM d%d", k);
        ck_assert_int_eq(scalar(db, sql), k + 1);
    }
    if (tables > 0)
        ck_assert_int_gt(scalar(db, "SELECT nextval('q')"), tables);
    sunstone_close(db);
}

START_TEST(eight_sessions_share_wal_syncs)
{
    long syncs;
    int tables;
    run_writers("on", 1, &syncs, &tables);
    fprintf(stderr, "synchronous_commit on: %d commits of 8 sessions (and %d DDL transactions), %ld WAL syncs\n",
            SESSIONS * INSERTS, tables, syncs);
    ck_assert_int_gt(tables, 0);
    /* One sync per commit when commits wait for each other's syncs; group commit shares them.
       A native file stores the commit history (storage.h version 9) whose records are stored
       and made visible in one order: (gch11) the record is appended under the file's commit
       lock and its sync waited for without it (version 11), so the syncs are shared again */
    ck_assert_int_gt(syncs, 0);
    ck_assert_int_lt(syncs, SESSIONS * INSERTS / 2);
    check_reopened(tables);
}
END_TEST

START_TEST(synchronous_commit_off_does_not_wait)
{
    long syncs;
    int tables;
    run_writers("off", 0, &syncs, &tables);
    fprintf(stderr, "synchronous_commit off: %d commits of 8 sessions, %ld WAL syncs\n", SESSIONS * INSERTS, syncs);
    /* only the WAL writer (every 200 ms) and checkpoints sync */
    ck_assert_int_lt(syncs, SESSIONS * INSERTS / 8);
    check_reopened(0);
}
END_TEST

/* ---- kill -9 during group commits ---- */
typedef struct acker {
    sunstone *s;
    int id, fd;
} acker;

/* Inserts ids id * 1000000 + 0, 1, ... and writes each id to the pipe once its commit
 * returned (an acknowledged commit); runs until killed. */
static void *acker_main(void *arg)
{
    acker *a = arg;
    sunstone_stmt *ins;
    if (sunstone_prepare(a->s, "INSERT INTO t VALUES ($1, $2)", -1, &ins, NULL) != SUNSTONE_OK)
        _exit(3);
    for (int64_t i = 0;; i++) {
        int64_t id = (int64_t)a->id * 1000000 + i;
        sunstone_bind_int64(ins, 1, id);
        sunstone_bind_int64(ins, 2, a->id);
        if (sunstone_step(ins) != SUNSTONE_DONE)
            _exit(4);
        sunstone_reset(ins);
        if (write(a->fd, &id, sizeof id) != (ssize_t)sizeof id)
            _exit(5);
    }
    return NULL;
}

static void child_acks(int fd)
{
    sunstone *db;
    if (sunstone_open(path, &db) != SUNSTONE_OK ||
        sunstone_exec(db, "CREATE TABLE t (id bigint, s int)", NULL, NULL) != SUNSTONE_OK)
        _exit(2);
    acker a[SESSIONS];
    pthread_t th[SESSIONS];
    for (int i = 0; i < SESSIONS; i++) {
        a[i] = (acker){NULL, i, fd};
        if (sunstone_open_session(db, &a[i].s) != SUNSTONE_OK)
            _exit(2);
        pthread_create(&th[i], NULL, acker_main, &a[i]);
    }
    for (int i = 0; i < SESSIONS; i++)
        pthread_join(th[i], NULL);
    _exit(0);
}

START_TEST(kill_during_group_commits_keeps_acknowledged)
{
    for (int round = 0; round < 3; round++) {
        snprintf(path, sizeof path, "%s/kill%d.db", dir, round);
        int p[2];
        ck_assert_int_eq(pipe(p), 0);
        pid_t pid = fork();
        ck_assert_int_ge(pid, 0);
        if (pid == 0) {
            close(p[0]);
            child_acks(p[1]);
        }
        close(p[1]);
        int64_t acked[SESSIONS];
        for (int i = 0; i < SESSIONS; i++)
            acked[i] = 0; /* each session's acknowledged commits: ids 0 .. acked-1 */
        int64_t id;
        int want = 40 + round * 60, got = 0;
        while (got < want && read(p[0], &id, sizeof id) == (ssize_t)sizeof id) {
            ck_assert_int_eq(id % 1000000, acked[id / 1000000]);
            acked[id / 1000000]++;
            got++;
        }
        ck_assert_int_eq(got, want);
        kill(pid, SIGKILL);
        while (read(p[0], &id, sizeof id) == (ssize_t)sizeof id) { /* written before the kill */
            ck_assert_int_eq(id % 1000000, acked[id / 1000000]);
            acked[id / 1000000]++;
        }
        close(p[0]);
        int st;
        waitpid(pid, &st, 0);
        ck_assert(WIFSIGNALED(st));
        sunstone *db;
        ck_assert_int_eq(sunstone_open(path, &db), SUNSTONE_OK);
        for (int i = 0; i < SESSIONS; i++) {
            char sql[160];
            snprintf(sql, sizeof sql, "SELECT count(*) FROM t WHERE s = %d", i);
            int64_t n = scalar(db, sql);
            /* a prefix of the session's ids: every acknowledged one, and its commit in flight at most */
            snprintf(sql, sizeof sql, "SELECT coalesce(max(id) - min(id) + 1, 0) FROM t WHERE s = %d", i);
            ck_assert_int_eq(scalar(db, sql), n);
            snprintf(sql, sizeof sql, "SELECT coalesce(min(id), %d) FROM t WHERE s = %d", i * 1000000, i);
            ck_assert_int_eq(scalar(db, sql), (int64_t)i * 1000000);
            ck_assert_msg(n >= acked[i] && n <= acked[i] + 1, "session %d: %lld rows after %lld acknowledged commits", i,
                          (long long)n, (long long)acked[i]);
        }
        sunstone_close(db);
    }
}
END_TEST

/* ---- (gch11) AS OF TRANSACTION of every acknowledged commit of 8 sessions ---- */
#define ASOF_COMMITS 20
#define ASOF_TOTAL (SESSIONS * ASOF_COMMITS)

/* One commit: its xid and the writers' xids its AS OF TRANSACTION read saw (sorted). */
typedef struct seen_commit {
    int64_t xid;
    int64_t seen[ASOF_TOTAL];
    int nseen;
} seen_commit;

static pthread_mutex_t acked_mu = PTHREAD_MUTEX_INITIALIZER;
static int64_t acked_xids[ASOF_TOTAL];
static int nacked;

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* The rows' xids of h as of commit xid, sorted, into c; false on an error. */
static int read_as_of(sunstone *s, int64_t xid, seen_commit *c, const char **error)
{
    char sql[120];
    snprintf(sql, sizeof sql, "SELECT w FROM h AS OF TRANSACTION %lld", (long long)xid);
    sunstone_stmt *st;
    if (sunstone_prepare(s, sql, -1, &st, NULL) != SUNSTONE_OK) {
        *error = sunstone_errmsg(s);
        return 0;
    }
    c->xid = xid;
    c->nseen = 0;
    int rc;
    while ((rc = sunstone_step(st)) == SUNSTONE_ROW && c->nseen < ASOF_TOTAL)
        c->seen[c->nseen++] = sunstone_column_int64(st, 0);
    sunstone_finalize(st);
    if (rc != SUNSTONE_DONE) {
        *error = rc == SUNSTONE_ROW ? "too many rows" : sunstone_errmsg(s);
        return 0;
    }
    qsort(c->seen, (size_t)c->nseen, sizeof c->seen[0], cmp_i64);
    return 1;
}

static int contains(const seen_commit *c, int64_t xid)
{
    return bsearch(&xid, c->seen, (size_t)c->nseen, sizeof xid, cmp_i64) != NULL;
}

typedef struct asof_writer {
    sunstone *s;
    int id;
    seen_commit *commits; /* ASOF_COMMITS of them */
    const char *error;
    char msg[200];
} asof_writer;

/* Each commit inserts one row naming its xid (every fifth also moves the sequence, so its
 * commit stores a catalog image and keeps the file's commit lock until visible); once it is
 * acknowledged, its AS OF TRANSACTION read must see itself, the session's earlier commits
 * and every commit acknowledged before this one began. */
static void *asof_main(void *arg)
{
    asof_writer *w = arg;
    for (int i = 0; i < ASOF_COMMITS && !w->error; i++) {
        char sql[200];
        snprintf(sql, sizeof sql, "BEGIN; INSERT INTO h VALUES (%d, txid_current())%s",
                 w->id * 1000 + i, i % 5 == 4 ? "; SELECT nextval('q')" : "");
        if (sunstone_exec(w->s, sql, NULL, NULL) != SUNSTONE_OK) {
            w->error = sunstone_errmsg(w->s);
            break;
        }
        int64_t xid = scalar(w->s, "SELECT txid_current()");
        pthread_mutex_lock(&acked_mu);
        int before = nacked;
        int64_t earlier[ASOF_TOTAL];
        memcpy(earlier, acked_xids, (size_t)before * sizeof earlier[0]);
        pthread_mutex_unlock(&acked_mu);
        if (sunstone_exec(w->s, "COMMIT", NULL, NULL) != SUNSTONE_OK) {
            w->error = sunstone_errmsg(w->s);
            break;
        }
        pthread_mutex_lock(&acked_mu);
        acked_xids[nacked++] = xid;
        pthread_mutex_unlock(&acked_mu);
        seen_commit *c = &w->commits[i];
        if (!read_as_of(w->s, xid, c, &w->error))
            break;
        if (!contains(c, xid))
            snprintf(w->msg, sizeof w->msg, "as of %lld: its own row is missing", (long long)xid);
        for (int k = 0; k < i && !w->msg[0]; k++)
            if (!contains(c, w->commits[k].xid))
                snprintf(w->msg, sizeof w->msg, "as of %lld: the session's earlier commit %lld is missing",
                         (long long)xid, (long long)w->commits[k].xid);
        for (int k = 0; k < before && !w->msg[0]; k++)
            if (!contains(c, earlier[k]))
                snprintf(w->msg, sizeof w->msg, "as of %lld: commit %lld acknowledged before it began is missing",
                         (long long)xid, (long long)earlier[k]);
        if (w->msg[0])
            w->error = w->msg;
    }
    return NULL;
}

static int by_seen(const void *a, const void *b)
{
    const seen_commit *x = *(seen_commit *const *)a, *y = *(seen_commit *const *)b;
    return x->nseen - y->nseen;
}

/* All commits' reads: one chain in which commit k sees exactly the commits 1 .. k (its own
 * last); and each read again now (from s) sees the same rows. */
static void check_chain(sunstone *s, seen_commit *all)
{
    seen_commit *order[ASOF_TOTAL];
    for (int i = 0; i < ASOF_TOTAL; i++)
        order[i] = &all[i];
    qsort(order, ASOF_TOTAL, sizeof order[0], by_seen);
    for (int k = 0; k < ASOF_TOTAL; k++) {
        seen_commit *c = order[k];
        ck_assert_msg(c->nseen == k + 1, "commit %lld sees %d rows, the %d-th commit in order", (long long)c->xid,
                      c->nseen, k + 1);
        for (int j = 0; j < k; j++)
            ck_assert_msg(contains(c, order[j]->xid), "commit %lld does not see the earlier commit %lld",
                          (long long)c->xid, (long long)order[j]->xid);
        ck_assert(contains(c, c->xid));
        static seen_commit again;
        const char *error = NULL;
        ck_assert_msg(read_as_of(s, c->xid, &again, &error), "as of %lld: %s", (long long)c->xid, error);
        ck_assert_int_eq(again.nseen, c->nseen);
        ck_assert(memcmp(again.seen, c->seen, (size_t)c->nseen * sizeof c->seen[0]) == 0);
    }
}

START_TEST(as_of_each_acknowledged_commit)
{
    static seen_commit all[ASOF_TOTAL];
    nacked = 0;
    sunstone *db;
    ck_assert_int_eq(sunstone_open(path, &db), SUNSTONE_OK);
    exec_ok(db, "CREATE TABLE h (k int, w bigint); CREATE SEQUENCE q");
    asof_writer w[SESSIONS];
    pthread_t th[SESSIONS];
    long before = atomic_load(&wal_syncs_begun);
    for (int i = 0; i < SESSIONS; i++) {
        w[i] = (asof_writer){.id = i, .commits = &all[i * ASOF_COMMITS]};
        ck_assert_int_eq(sunstone_open_session(db, &w[i].s), SUNSTONE_OK);
    }
    for (int i = 0; i < SESSIONS; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, asof_main, &w[i]), 0);
    for (int i = 0; i < SESSIONS; i++)
        pthread_join(th[i], NULL);
    long syncs = atomic_load(&wal_syncs_begun) - before;
    for (int i = 0; i < SESSIONS; i++) {
        ck_assert_msg(w[i].error == NULL, "session %d: %s", i, w[i].error);
        sunstone_close(w[i].s);
    }
    fprintf(stderr, "AS OF of each: %d commits of 8 sessions, %ld WAL syncs\n", ASOF_TOTAL, syncs);
    ck_assert_int_lt(syncs, ASOF_TOTAL);
    check_chain(db, all);
    ck_assert_int_eq(sunstone_close(db), SUNSTONE_OK);
    /* the stored history gives the same results in the next opening */
    ck_assert_int_eq(sunstone_open(path, &db), SUNSTONE_OK);
    check_chain(db, all);
    ck_assert_int_eq(scalar(db, "SELECT count(*) FROM h"), ASOF_TOTAL);
    sunstone_close(db);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("group_commit");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, eight_sessions_share_wal_syncs);
    tcase_add_test(tc, synchronous_commit_off_does_not_wait);
    tcase_add_test(tc, kill_during_group_commits_keeps_acknowledged);
    tcase_add_test(tc, as_of_each_acknowledged_commit);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
