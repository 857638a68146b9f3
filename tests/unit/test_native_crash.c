/* test_native_crash.c — kill -9 recovery of the native storage library: a child process runs
 * a write workload (row-group appends, in-place deletes, catalog replacements, aborted
 * transactions, checkpoints) with synchronous commits and reports each acknowledged commit
 * through a pipe; the parent SIGKILLs it at a random moment, reopens the database and checks
 * that every acknowledged commit is there and nothing else is, except possibly the one commit
 * in flight. SUNSTONE_NATIVE_KILLS sets the number of kills (ctest: 20; the long mode,
 * `cmake --build build --target native_kill_soak`, runs 500). */
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "check_suite.h"
#include "native_rowgroup.h"
#include "native_test_util.h"

enum { MSG_APPEND = 1, MSG_DELETE = 2, MSG_CATALOG = 3 };
typedef struct msg {
    uint64_t xid, rg;
    uint32_t kind, row, nrows, pad;
} msg;

#define MAX_XID 200000
static uint32_t *model_rows;  /* rows appended by xid */
static uint64_t *model_xmax;  /* deletes: key rg * 65536 + row -> xid, kept in a list */
static uint64_t *del_rg;
static uint32_t *del_row;
static size_t ndel, capdel;
static uint64_t last_catalog_xid;
static uint64_t *rgs;         /* row groups known (committed) */
static size_t nrgs, caprgs;

static void add_rg(uint64_t rg)
{
    if (nrgs == caprgs) {
        caprgs = caprgs ? caprgs * 2 : 64;
        rgs = realloc(rgs, caprgs * sizeof *rgs);
    }
    rgs[nrgs++] = rg;
}

/* A delete of (rg, row) by xid; a later delete of the same row overwrites its xmax (the
 * workload does not check visibility: that is the kernel's job). */
static void add_del(uint64_t rg, uint32_t row, uint64_t xid)
{
    for (size_t d = 0; d < ndel; d++)
        if (del_rg[d] == rg && del_row[d] == row) {
            model_xmax[d] = xid;
            return;
        }
    if (ndel == capdel) {
        capdel = capdel ? capdel * 2 : 64;
        del_rg = realloc(del_rg, capdel * sizeof *del_rg);
        del_row = realloc(del_row, capdel * sizeof *del_row);
        model_xmax = realloc(model_xmax, capdel * sizeof *model_xmax);
    }
    del_rg[ndel] = rg;
    del_row[ndel] = row;
    model_xmax[ndel++] = xid;
}

static void child_workload(uint64_t root, int wfd, unsigned seed)
{
    native_options o;
    native_options_default(&o);
    o.cache_pages = 32;
    o.checkpoint_wal_bytes = 1u << 20;
    native_db *db = native_db_open(nt_path, &o, NULL);
    if (!db)
        _exit(3);
    srand(seed);
    uint64_t xid = native_db_max_committed_xid(db) + 1;
    for (;; xid++) {
        native_txn *t = native_txn_begin(db, xid, NULL);
        if (!t)
            _exit(4);
        msg m = {.xid = xid};
        int r = rand() % 10;
        if (r < 5 || nrgs == 0) {
            uint32_t n = 1 + (uint32_t)(rand() % 3000);
            int64_t *ids = malloc(n * sizeof *ids);
            for (uint32_t i = 0; i < n; i++)
                ids[i] = (int64_t)xid * 100000 + i;
            native_column c = {.type = NATIVE_COL_INT64, .i64 = ids};
            if (native_table_append(t, root, &c, 1, n, xid, 0, &m.rg, NULL) != 0)
                _exit(5);
            free(ids);
            m.kind = MSG_APPEND;
            m.nrows = n;
        } else if (r < 8) {
            /* delete a random row of a known row group not deleted yet (a few tries) */
            m.rg = rgs[(size_t)rand() % nrgs];
            m.row = (uint32_t)rand() % 3000;
            m.kind = MSG_DELETE;
            if (native_rowgroup_set_xmax(t, m.rg, m.row, xid, 0, NULL) != 0) {
                native_txn_abort(t);
                continue; /* row beyond that group's end */
            }
        } else {
            char v[40];
            snprintf(v, sizeof v, "xid=%llu", (unsigned long long)xid);
            if (native_txn_set_catalog(t, v, strlen(v), NULL) != 0)
                _exit(6);
            m.kind = MSG_CATALOG;
        }
        if (rand() % 8 == 0) { /* an aborted transaction: never visible */
            native_txn_abort(t);
            continue;
        }
        if (native_txn_commit(t, (int64_t)xid, NULL) != 0)
            _exit(7);
        if (m.kind == MSG_APPEND)
            add_rg(m.rg);
        if (write(wfd, &m, sizeof m) != (ssize_t)sizeof m)
            _exit(8);
        if (rand() % 50 == 0)
            native_db_checkpoint(db, NULL);
    }
}

typedef struct seen_state {
    uint32_t *rows; /* by xmin */
    uint64_t inflight;
} seen_state;

/* Checks the reopened database against the model; the commit in flight (xid > last acked)
 * may or may not be there. Adopts what it finds of it. */
static void verify(native_db *db, uint64_t root, uint64_t last_acked)
{
    native_error e = {0};
    uint32_t *rows = calloc(MAX_XID, sizeof *rows);
    uint64_t inflight = 0;
    unsigned proj = 0;
    native_scan *s = native_scan_open(db, NULL, root, &proj, 1, NULL, 0, &e);
    ck_assert_msg(s != NULL, "%s", e.message);
    native_batch *b;
    int rc;
    nrgs = 0;
    while ((rc = native_scan_next(s, &b, &e)) == 1) {
        add_rg(b->rowgroup_id);
        for (uint32_t i = 0; i < b->nrows; i++) {
            uint64_t x = b->xmin[i];
            ck_assert_uint_lt(x, MAX_XID);
            ck_assert_int_eq(b->cols[0].i64[i], (int64_t)x * 100000 + i);
            if (!model_rows[x]) {
                ck_assert_msg(x > last_acked, "rows of xid %llu, never acknowledged (last %llu)", (unsigned long long)x,
                              (unsigned long long)last_acked);
                ck_assert(inflight == 0 || inflight == x);
                inflight = x;
            }
            rows[x]++;
            if (b->xmax[i]) {
                int found = 0;
                for (size_t d = 0; d < ndel && !found; d++)
                    found = del_rg[d] == b->rowgroup_id && del_row[d] == i && model_xmax[d] == b->xmax[i];
                if (!found) {
                    ck_assert_msg(b->xmax[i] > last_acked, "xmax %llu never acknowledged", (unsigned long long)b->xmax[i]);
                    ck_assert(inflight == 0 || inflight == b->xmax[i]);
                    inflight = b->xmax[i];
                    add_del(b->rowgroup_id, i, b->xmax[i]);
                }
            }
        }
    }
    ck_assert_msg(rc == 0, "%s", e.message);
    native_scan_close(s);
    for (uint64_t x = 0; x < MAX_XID; x++)
        if (model_rows[x] || rows[x]) {
            if (!model_rows[x])
                model_rows[x] = rows[x]; /* the in-flight append committed */
            ck_assert_msg(rows[x] == model_rows[x], "xid %llu: %u rows, acknowledged %u", (unsigned long long)x, rows[x], model_rows[x]);
        }
    /* every acknowledged delete is there: checked through a second scan of xmax */
    s = native_scan_open(db, NULL, root, NULL, 0, NULL, 0, &e);
    size_t found = 0;
    while (native_scan_next(s, &b, &e) == 1)
        for (size_t d = 0; d < ndel; d++)
            if (del_rg[d] == b->rowgroup_id) {
                ck_assert_uint_eq(b->xmax[del_row[d]], model_xmax[d]);
                found++;
            }
    native_scan_close(s);
    ck_assert_uint_eq(found, ndel);
    char *cat = nt_catalog(db);
    if (last_catalog_xid) {
        unsigned long long v = 0;
        ck_assert_int_eq(sscanf(cat, "xid=%llu", &v), 1);
        ck_assert_msg(v == last_catalog_xid || v > last_acked, "catalog %s, last acknowledged xid=%llu", cat,
                      (unsigned long long)last_catalog_xid);
        last_catalog_xid = v;
    } else if (cat[0]) {
        unsigned long long v = 0;
        ck_assert_int_eq(sscanf(cat, "xid=%llu", &v), 1);
        ck_assert(v > last_acked);
        last_catalog_xid = v;
    }
    free(cat);
    free(rows);
}

START_TEST(kill9_recovery)
{
    const char *env = getenv("SUNSTONE_NATIVE_KILLS");
    int kills = env ? atoi(env) : 20;
    model_rows = calloc(MAX_XID, sizeof *model_rows);
    native_db *db = nt_open(NULL);
    native_error e = {0};
    native_txn *t = native_txn_begin(db, 0, &e);
    uint64_t root;
    ck_assert_int_eq(native_table_create(t, &root, &e), 0);
    ck_assert_int_eq(native_txn_commit(t, 0, &e), 0);
    nt_close(db);
    unsigned seed = (unsigned)time(NULL);
    fprintf(stderr, "kill9_recovery: seed %u, %d kills\n", seed, kills);
    srand(seed);
    uint64_t last_acked = 0, acked_total = 0;
    for (int k = 0; k < kills; k++) {
        int fds[2];
        ck_assert_int_eq(pipe(fds), 0);
        unsigned child_seed = (unsigned)rand();
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            child_workload(root, fds[1], child_seed);
        }
        close(fds[1]);
        struct timespec ts = {0, (long)(rand() % 60 + 5) * 1000000L};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        int st;
        waitpid(pid, &st, 0);
        ck_assert_msg(WIFSIGNALED(st), "the child exited with %d before the kill", WEXITSTATUS(st));
        msg m;
        while (read(fds[0], &m, sizeof m) == (ssize_t)sizeof m) {
            ck_assert_uint_lt(m.xid, MAX_XID);
            if (m.kind == MSG_APPEND)
                model_rows[m.xid] = m.nrows;
            else if (m.kind == MSG_DELETE)
                add_del(m.rg, m.row, m.xid);
            else
                last_catalog_xid = m.xid;
            last_acked = m.xid;
            acked_total++;
        }
        close(fds[0]);
        db = nt_open(NULL);
        verify(db, root, last_acked);
        /* the next child starts above everything seen, in flight or not */
        if (native_db_max_committed_xid(db) > last_acked)
            last_acked = native_db_max_committed_xid(db);
        nt_close(db);
    }
    fprintf(stderr, "kill9_recovery: %d kills, %llu acknowledged commits, 0 lost, 0 uncommitted visible\n", kills,
            (unsigned long long)acked_total);
    free(model_rows);
}
END_TEST

static void add(TCase *tc)
{
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, kill9_recovery);
}

int main(void) { return run_suite("native_crash", nt_setup, nt_teardown, add); }
