/* test_native_store.c — the native storage library's pages, WAL, recovery, checkpoints,
 * blobs, free-space reuse, group commit, locks, and its errors for foreign, newer, damaged and
 * truncated files and for injected write/fsync failures. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>

#include "check_suite.h"
#include "native_test_util.h"

static void page_write(native_txn *t, uint64_t pgno, uint64_t value)
{
    native_error e = {0};
    uint8_t *p = native_txn_page_for_write(t, pgno, &e);
    ck_assert_msg(p != NULL, "%s", e.message);
    memcpy(p + NATIVE_PAGE_HEADER, &value, 8);
    memset(p + NATIVE_PAGE_HEADER + 8, (int)(value & 0xFF), 100);
}

static uint64_t page_value(native_db *db, uint64_t pgno)
{
    uint8_t page[NATIVE_PAGE_SIZE];
    native_error e = {0};
    ck_assert_msg(native_page_read(db, NULL, pgno, page, &e) == 0, "%s", e.message);
    uint64_t v;
    memcpy(&v, page + NATIVE_PAGE_HEADER, 8);
    return v;
}

START_TEST(create_reopen)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    ck_assert_int_eq(nt_commit_catalog(db, 7, "hello", &e), 0);
    nt_close(db);
    db = nt_open(NULL);
    char *s = nt_catalog(db);
    ck_assert_str_eq(s, "hello");
    free(s);
    ck_assert_uint_eq(native_db_max_committed_xid(db), 7);
    ck_assert_int_eq(native_db_last_commit_time(db), 7000);
    size_t n;
    native_db_recovered_commits(db, &n);
    ck_assert_uint_eq(n, 0); /* closed cleanly: nothing to replay */
    nt_close(db);
}
END_TEST

/* A child commits and dies without closing: the parent's open replays the WAL. */
START_TEST(recovery_replays_wal)
{
    pid_t pid = fork();
    if (pid == 0) {
        native_db *db = native_db_open(nt_path, NULL, NULL);
        if (!db || nt_commit_catalog(db, 1, "one", NULL) != 0 || nt_commit_catalog(db, 2, "two", NULL) != 0)
            _exit(1);
        _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    native_db *db = nt_open(NULL);
    char *s = nt_catalog(db);
    ck_assert_str_eq(s, "two");
    free(s);
    size_t n;
    const native_commit_info *c = native_db_recovered_commits(db, &n);
    ck_assert_uint_eq(n, 2);
    ck_assert_uint_eq(c[0].xid, 1);
    ck_assert_uint_eq(c[1].xid, 2);
    ck_assert_int_eq(c[1].commit_time_us, 2000);
    nt_close(db);
}
END_TEST

START_TEST(blob_spans_pages_and_frees)
{
    native_options o;
    native_options_default(&o);
    o.cache_pages = 16; /* smaller than the data */
    native_db *db = nt_open(&o);
    size_t len = 3u << 20;
    char *big = malloc(len + 1);
    for (size_t i = 0; i < len; i++)
        big[i] = (char)('a' + (i * 7919) % 26);
    big[len] = '\0';
    native_error e = {0};
    ck_assert_msg(nt_commit_catalog(db, 1, big, &e) == 0, "%s", e.message);
    char *s = nt_catalog(db);
    ck_assert(strcmp(s, big) == 0);
    free(s);
    native_db_stats st;
    native_db_get_stats(db, &st);
    ck_assert_uint_gt(st.cache_evictions, 100);
    uint64_t pages = st.page_count;
    /* replacing it many times reuses the freed pages */
    for (int i = 0; i < 5; i++) {
        big[i] = 'Z';
        ck_assert_msg(nt_commit_catalog(db, 2 + (uint64_t)i, big, &e) == 0, "%s", e.message);
    }
    native_db_get_stats(db, &st);
    ck_assert_uint_le(st.page_count, pages * 2 + 2);
    ck_assert_msg(nt_commit_catalog(db, 9, "small", &e) == 0, "%s", e.message);
    native_db_get_stats(db, &st);
    ck_assert_uint_ge(st.free_pages, pages - 10);
    nt_close(db);
    db = nt_open(&o);
    s = nt_catalog(db);
    ck_assert_str_eq(s, "small");
    free(s);
    nt_close(db);
    free(big);
}
END_TEST

START_TEST(free_list_reuse_and_abort)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    native_txn *t = native_txn_begin(db, 1, &e);
    uint64_t p[10];
    for (int i = 0; i < 10; i++) {
        ck_assert_int_eq(native_txn_alloc_page(t, NATIVE_PT_BLOB, &p[i], &e), 0);
        page_write(t, p[i], 100 + (uint64_t)i);
    }
    ck_assert_int_eq(native_txn_commit(t, 1, &e), 0);
    native_db_stats st;
    native_db_get_stats(db, &st);
    uint64_t count = st.page_count;
    for (int i = 0; i < 10; i++)
        ck_assert_uint_eq(page_value(db, p[i]), 100 + (uint64_t)i);
    t = native_txn_begin(db, 2, &e);
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(native_txn_free_page(t, p[i], &e), 0);
    ck_assert_int_eq(native_txn_commit(t, 2, &e), 0);
    native_db_get_stats(db, &st);
    ck_assert_uint_eq(st.free_pages, 10);
    /* an aborted allocation returns its page */
    t = native_txn_begin(db, 3, &e);
    uint64_t a, b;
    ck_assert_int_eq(native_txn_alloc_page(t, NATIVE_PT_BLOB, &a, &e), 0);
    native_txn_abort(t);
    t = native_txn_begin(db, 4, &e);
    ck_assert_int_eq(native_txn_alloc_page(t, NATIVE_PT_BLOB, &b, &e), 0);
    ck_assert_uint_eq(a, b);
    for (int i = 1; i < 10; i++)
        ck_assert_int_eq(native_txn_alloc_page(t, NATIVE_PT_BLOB, &b, &e), 0);
    ck_assert_int_eq(native_txn_commit(t, 4, &e), 0);
    native_db_get_stats(db, &st);
    ck_assert_uint_eq(st.page_count, count);
    ck_assert_uint_eq(st.free_pages, 0);
    nt_close(db);
}
END_TEST

START_TEST(write_conflict_first_committer_wins)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    native_txn *t = native_txn_begin(db, 1, &e);
    uint64_t p;
    ck_assert_int_eq(native_txn_alloc_page(t, NATIVE_PT_BLOB, &p, &e), 0);
    page_write(t, p, 1);
    ck_assert_int_eq(native_txn_commit(t, 1, &e), 0);
    native_txn *a = native_txn_begin(db, 2, &e), *b = native_txn_begin(db, 3, &e);
    page_write(a, p, 2);
    page_write(b, p, 3);
    ck_assert_int_eq(native_txn_commit(a, 2, &e), 0);
    ck_assert_int_eq(native_txn_commit(b, 3, &e), -1);
    ck_assert_str_eq(e.sqlstate, "40001");
    ck_assert_uint_eq(page_value(db, p), 2);
    /* patches of one page by two transactions both apply */
    a = native_txn_begin(db, 4, &e);
    b = native_txn_begin(db, 5, &e);
    uint8_t x = 0xAA, y = 0xBB;
    ck_assert_int_eq(native_txn_patch(a, p, NATIVE_PAGE_HEADER + 200, &x, 1, &e), 0);
    ck_assert_int_eq(native_txn_patch(b, p, NATIVE_PAGE_HEADER + 201, &y, 1, &e), 0);
    ck_assert_int_eq(native_txn_commit(a, 4, &e), 0);
    ck_assert_int_eq(native_txn_commit(b, 5, &e), 0);
    nt_close(db);
    db = nt_open(NULL);
    uint8_t page[NATIVE_PAGE_SIZE];
    ck_assert_int_eq(native_page_read(db, NULL, p, page, &e), 0);
    ck_assert_uint_eq(page[NATIVE_PAGE_HEADER + 200], 0xAA);
    ck_assert_uint_eq(page[NATIVE_PAGE_HEADER + 201], 0xBB);
    nt_close(db);
}
END_TEST

START_TEST(not_a_database)
{
    FILE *f = fopen(nt_path, "w");
    fputs("hello, I am a text file\n", f);
    fclose(f);
    native_error e = {0};
    ck_assert_ptr_null(native_db_open(nt_path, NULL, &e));
    ck_assert_str_eq(e.sqlstate, "XX001");
    ck_assert(strstr(e.message, "is not a Sunstone database") && strstr(e.message, nt_path));
    ck_assert_int_eq(nt_file_size(nt_path), 24); /* unchanged */
    char wal[320];
    snprintf(wal, sizeof wal, "%s-wal", nt_path);
    ck_assert_int_eq(nt_file_size(wal), -1);
}
END_TEST

START_TEST(newer_format_version)
{
    nt_close(nt_open(NULL));
    nt_poke(nt_path, 32, 0x60); /* format version 1 -> 0x61 */
    native_error e = {0};
    ck_assert_ptr_null(native_db_open(nt_path, NULL, &e));
    ck_assert_str_eq(e.sqlstate, "0A000");
    ck_assert_msg(strstr(e.message, "format version 97"), "%s", e.message);
}
END_TEST

START_TEST(flipped_bit_names_page)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    ck_assert_int_eq(nt_commit_catalog(db, 1, "catalog text", &e), 0);
    nt_close(db);
    nt_poke(nt_path, 2 * 8192 + 40, 0x04); /* page 2: the catalog blob's page */
    db = nt_open(NULL);
    uint8_t *p;
    uint64_t n;
    ck_assert_int_eq(native_db_read_catalog(db, NULL, &p, &n, &e), -1);
    ck_assert_str_eq(e.sqlstate, "XX001");
    ck_assert_msg(strstr(e.message, "page 2 of") && strstr(e.message, "damaged"), "%s", e.message);
    nt_close(db);
    /* the header page: refused at open, nothing written */
    nt_poke(nt_path, 2 * 8192 + 40, 0x04);
    nt_poke(nt_path, 100, 0x01);
    off_t size = nt_file_size(nt_path);
    ck_assert_ptr_null(native_db_open(nt_path, NULL, &e));
    ck_assert_msg(strstr(e.message, "page 0 of") && strstr(e.message, "damaged"), "%s", e.message);
    ck_assert_int_eq(nt_file_size(nt_path), size);
}
END_TEST

START_TEST(truncated_data_file)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    char big[100000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    ck_assert_int_eq(nt_commit_catalog(db, 1, big, &e), 0);
    nt_close(db);
    ck_assert_int_eq(truncate(nt_path, 3 * 8192), 0);
    ck_assert_ptr_null(native_db_open(nt_path, NULL, &e));
    ck_assert_str_eq(e.sqlstate, "XX001");
    ck_assert_msg(strstr(e.message, "is truncated"), "%s", e.message);
    ck_assert_int_eq(nt_file_size(nt_path), 3 * 8192);
}
END_TEST

START_TEST(second_opener_refused)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    ck_assert_ptr_null(native_db_open(nt_path, NULL, &e));
    ck_assert_str_eq(e.sqlstate, "55006");
    pid_t pid = fork();
    if (pid == 0) {
        native_error ce = {0};
        native_db *other = native_db_open(nt_path, NULL, &ce);
        _exit(other == NULL && strcmp(ce.sqlstate, "55006") == 0 && strstr(ce.message, "in use by another process") ? 0 : 1);
    }
    int st;
    waitpid(pid, &st, 0);
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    /* the refused open did not drop this process's lock */
    ck_assert_int_eq(nt_commit_catalog(db, 1, "still mine", &e), 0);
    nt_close(db);
}
END_TEST

static void child_commits(int n, int sync)
{
    native_options o;
    native_options_default(&o);
    o.synchronous_commit = sync;
    native_db *db = native_db_open(nt_path, &o, NULL);
    if (!db)
        _exit(1);
    for (int i = 1; i <= n; i++) {
        char v[32];
        snprintf(v, sizeof v, "value %d", i);
        if (nt_commit_catalog(db, (uint64_t)i, v, NULL) != 0)
            _exit(2);
    }
    _exit(0);
}

START_TEST(torn_wal_tail_ignored)
{
    pid_t pid = fork();
    if (pid == 0)
        child_commits(3, 1);
    int st;
    waitpid(pid, &st, 0);
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    char wal[320];
    snprintf(wal, sizeof wal, "%s-wal", nt_path);
    ck_assert_int_eq(truncate(wal, nt_file_size(wal) - 10), 0);
    native_db *db = nt_open(NULL);
    char *s = nt_catalog(db);
    ck_assert_str_eq(s, "value 2");
    free(s);
    size_t n;
    native_db_recovered_commits(db, &n);
    ck_assert_uint_eq(n, 2);
    nt_close(db);
    /* garbage after the last record is ignored too */
    pid = fork();
    if (pid == 0)
        child_commits(2, 1);
    waitpid(pid, &st, 0);
    FILE *f = fopen(wal, "a");
    fputs("garbage garbage garbage garbage", f);
    fclose(f);
    db = nt_open(NULL);
    s = nt_catalog(db);
    ck_assert_str_eq(s, "value 2");
    free(s);
    nt_close(db);
}
END_TEST

START_TEST(sync_off_loses_at_most_a_suffix)
{
    pid_t pid = fork();
    if (pid == 0)
        child_commits(200, 0);
    int st;
    waitpid(pid, &st, 0);
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    native_db *db = nt_open(NULL);
    size_t n;
    const native_commit_info *c = native_db_recovered_commits(db, &n);
    for (size_t i = 0; i < n; i++)
        ck_assert_uint_eq(c[i].xid, i + 1); /* a prefix of the commits, in order */
    char *s = nt_catalog(db);
    if (n > 0) {
        char v[32];
        snprintf(v, sizeof v, "value %zu", n);
        ck_assert_str_eq(s, v);
    }
    free(s);
    nt_close(db);
}
END_TEST

/* ---- injected failures ---- */
typedef struct fault {
    int fail_wal_write, fail_wal_fsync, short_then_enospc, fail_data_write;
} fault;

static ssize_t fault_pwrite(void *ctx, native_file_kind kind, int fd, const void *buf, size_t n, off_t off)
{
    fault *f = ctx;
    if (kind == NATIVE_FILE_WAL && f->fail_wal_write) {
        errno = ENOSPC;
        return -1;
    }
    if (kind == NATIVE_FILE_DATA && f->fail_data_write) {
        errno = ENOSPC;
        return -1;
    }
    if (kind == NATIVE_FILE_WAL && f->short_then_enospc) {
        if (f->short_then_enospc == 1 && n > 1) {
            f->short_then_enospc = 2;
            return pwrite(fd, buf, n / 2, off);
        }
        errno = ENOSPC;
        return -1;
    }
    return pwrite(fd, buf, n, off);
}

static int fault_fsync(void *ctx, native_file_kind kind, int fd)
{
    fault *f = ctx;
    if (kind == NATIVE_FILE_WAL && f->fail_wal_fsync) {
        errno = EIO;
        return -1;
    }
    return fdatasync(fd);
}

static const native_io_hooks fault_hooks = {.pwrite = fault_pwrite, .fsync = fault_fsync};

static void check_fault(fault *f, int which, const char *sqlstate)
{
    native_options o;
    native_options_default(&o);
    o.io = &fault_hooks;
    o.io_ctx = f;
    native_db *db = nt_open(&o);
    native_error e = {0};
    ck_assert_int_eq(nt_commit_catalog(db, 1, "committed", &e), 0);
    if (which == 0)
        f->fail_wal_write = 1;
    else if (which == 1)
        f->fail_wal_fsync = 1;
    else
        f->short_then_enospc = 1;
    ck_assert_int_eq(nt_commit_catalog(db, 2, "not acknowledged", &e), -1);
    ck_assert_str_eq(e.sqlstate, sqlstate);
    ck_assert_msg(strstr(e.message, "-wal"), "%s", e.message);
    /* the database refuses work until reopened */
    ck_assert_int_eq(nt_commit_catalog(db, 3, "later", &e), -1);
    ck_assert_str_eq(e.sqlstate, "55000");
    ck_assert_int_eq(native_db_close(db, &e), 0);
    db = nt_open(NULL);
    char *s = nt_catalog(db);
    if (which == 1) /* the record reached the file; its fsync failed: either outcome is allowed */
        ck_assert(strcmp(s, "committed") == 0 || strcmp(s, "not acknowledged") == 0);
    else
        ck_assert_str_eq(s, "committed");
    free(s);
    ck_assert_int_eq(nt_commit_catalog(db, 4, "after recovery", &e), 0);
    nt_close(db);
}

START_TEST(injected_enospc)
{
    fault f = {0};
    check_fault(&f, 0, "53100");
}
END_TEST

START_TEST(injected_fsync_failure)
{
    fault f = {0};
    check_fault(&f, 1, "58030");
}
END_TEST

START_TEST(injected_short_write)
{
    fault f = {0};
    check_fault(&f, 2, "53100");
}
END_TEST

START_TEST(checkpoint_write_failure_keeps_commits)
{
    fault f = {0};
    native_options o;
    native_options_default(&o);
    o.io = &fault_hooks;
    o.io_ctx = &f;
    native_db *db = nt_open(&o);
    native_error e = {0};
    ck_assert_int_eq(nt_commit_catalog(db, 1, "durable in the WAL", &e), 0);
    f.fail_data_write = 1;
    ck_assert_int_eq(native_db_checkpoint(db, &e), -1);
    ck_assert_str_eq(e.sqlstate, "53100");
    ck_assert_msg(strstr(e.message, "could not write page"), "%s", e.message);
    native_db_close(db, &e);
    db = nt_open(NULL);
    char *s = nt_catalog(db);
    ck_assert_str_eq(s, "durable in the WAL");
    free(s);
    nt_close(db);
}
END_TEST

/* ---- group commit ---- */
typedef struct worker {
    native_db *db;
    int id;
    uint64_t pages[40];
} worker;

static void *worker_main(void *arg)
{
    worker *w = arg;
    for (int i = 0; i < 40; i++) {
        native_error e = {0};
        uint64_t xid = (uint64_t)w->id * 1000 + (uint64_t)i + 1;
        native_txn *t = native_txn_begin(w->db, xid, &e);
        if (!t || native_txn_alloc_page(t, NATIVE_PT_BLOB, &w->pages[i], &e) != 0)
            return (void *)1;
        uint8_t *p = native_txn_page_for_write(t, w->pages[i], &e);
        memcpy(p + NATIVE_PAGE_HEADER, &xid, 8);
        if (native_txn_commit(t, (int64_t)xid, &e) != 0)
            return (void *)1;
    }
    return NULL;
}

START_TEST(group_commit_threads)
{
    native_options o;
    native_options_default(&o);
    o.checkpoint_wal_bytes = 200 * 1024; /* checkpoints run between the threads' commits */
    o.cache_pages = 64;
    native_db *db = nt_open(&o);
    worker w[8];
    pthread_t th[8];
    for (int i = 0; i < 8; i++) {
        w[i].db = db;
        w[i].id = i + 1;
        pthread_create(&th[i], NULL, worker_main, &w[i]);
    }
    for (int i = 0; i < 8; i++) {
        void *r;
        pthread_join(th[i], &r);
        ck_assert_ptr_null(r);
    }
    native_db_stats st;
    native_db_get_stats(db, &st);
    ck_assert_uint_eq(st.commits, 320);
    ck_assert_uint_le(st.wal_syncs, 320);
    ck_assert_uint_gt(st.checkpoints, 0);
    fprintf(stderr, "group commit: 320 commits, %llu WAL syncs, %llu checkpoints\n", (unsigned long long)st.wal_syncs,
            (unsigned long long)st.checkpoints);
    nt_close(db);
    db = nt_open(NULL);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 40; k++)
            ck_assert_uint_eq(page_value(db, w[i].pages[k]), (uint64_t)(i + 1) * 1000 + (uint64_t)k + 1);
    nt_close(db);
}
END_TEST

/* native_txn_commit_lsn + native_db_sync_wal, the two halves of a synchronous commit that
 * the module calls apart (the sync without its own lock): the commit is visible but not
 * synced after the first, one fsync makes it durable, a second wait for the same LSN costs
 * none, and a failed fsync fails the database. */
START_TEST(commit_then_sync_apart)
{
    fault f = {0};
    native_options o;
    native_options_default(&o);
    o.io = &fault_hooks;
    o.io_ctx = &f;
    native_db *db = nt_open(&o);
    native_error e = {0};
    native_db_stats before, after;
    native_db_get_stats(db, &before);
    native_txn *t = native_txn_begin(db, 7, &e);
    uint64_t pg = 0, lsn = 0;
    ck_assert_int_eq(native_txn_alloc_page(t, NATIVE_PT_BLOB, &pg, &e), 0);
    uint8_t *p = native_txn_page_for_write(t, pg, &e);
    uint64_t v = 4242;
    memcpy(p + NATIVE_PAGE_HEADER, &v, 8);
    ck_assert_msg(native_txn_commit_lsn(t, 1, &lsn, &e) == 0, "%s", e.message);
    ck_assert_uint_gt(lsn, 0);
    native_db_get_stats(db, &after);
    ck_assert_uint_eq(after.wal_syncs, before.wal_syncs); /* appended and installed, not synced */
    ck_assert_uint_eq(after.commits, before.commits + 1);
    ck_assert_uint_eq(page_value(db, pg), 4242);          /* later readers see it */
    ck_assert_msg(native_db_sync_wal(db, lsn, &e) == 0, "%s", e.message);
    native_db_get_stats(db, &after);
    ck_assert_uint_eq(after.wal_syncs, before.wal_syncs + 1);
    ck_assert_int_eq(native_db_sync_wal(db, lsn, &e), 0); /* already durable: no fsync */
    native_db_get_stats(db, &after);
    ck_assert_uint_eq(after.wal_syncs, before.wal_syncs + 1);
    /* a failing fsync: the wait fails, and so does every later commit */
    ck_assert_int_eq(nt_commit_catalog(db, 8, "appended", &e), 0); /* synchronous_commit on: synced */
    t = native_txn_begin(db, 9, &e);
    ck_assert_int_eq(native_txn_alloc_page(t, NATIVE_PT_BLOB, &pg, &e), 0);
    ck_assert_int_eq(native_txn_commit_lsn(t, 2, &lsn, &e), 0);
    f.fail_wal_fsync = 1;
    ck_assert_int_eq(native_db_sync_wal(db, lsn, &e), -1);
    ck_assert_str_eq(e.sqlstate, "58030");
    ck_assert_int_eq(nt_commit_catalog(db, 10, "later", &e), -1);
    ck_assert_str_eq(e.sqlstate, "55000");
    native_db_close(db, &e);
    db = nt_open(NULL);
    char *s = nt_catalog(db);
    ck_assert_str_eq(s, "appended");
    free(s);
    nt_close(db);
}
END_TEST

START_TEST(automatic_checkpoint_recycles_wal)
{
    native_options o;
    native_options_default(&o);
    o.checkpoint_wal_bytes = 256 * 1024;
    native_db *db = nt_open(&o);
    native_error e = {0};
    char v[20000];
    memset(v, 'q', sizeof v - 1);
    v[sizeof v - 1] = 0;
    for (int i = 1; i <= 100; i++)
        ck_assert_int_eq(nt_commit_catalog(db, (uint64_t)i, v, &e), 0);
    native_db_stats st;
    native_db_get_stats(db, &st);
    ck_assert_uint_gt(st.checkpoints, 3);
    char wal[320];
    snprintf(wal, sizeof wal, "%s-wal", nt_path);
    ck_assert_int_lt(nt_file_size(wal), 512 * 1024);
    ck_assert_int_eq(native_db_checkpoint(db, &e), 0);
    ck_assert_int_eq(nt_file_size(wal), 64);
    nt_close(db);
}
END_TEST

static void add(TCase *tc)
{
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, create_reopen);
    tcase_add_test(tc, recovery_replays_wal);
    tcase_add_test(tc, blob_spans_pages_and_frees);
    tcase_add_test(tc, free_list_reuse_and_abort);
    tcase_add_test(tc, write_conflict_first_committer_wins);
    tcase_add_test(tc, not_a_database);
    tcase_add_test(tc, newer_format_version);
    tcase_add_test(tc, flipped_bit_names_page);
    tcase_add_test(tc, truncated_data_file);
    tcase_add_test(tc, second_opener_refused);
    tcase_add_test(tc, torn_wal_tail_ignored);
    tcase_add_test(tc, sync_off_loses_at_most_a_suffix);
    tcase_add_test(tc, injected_enospc);
    tcase_add_test(tc, injected_fsync_failure);
    tcase_add_test(tc, injected_short_write);
    tcase_add_test(tc, checkpoint_write_failure_keeps_commits);
    tcase_add_test(tc, group_commit_threads);
    tcase_add_test(tc, commit_then_sync_apart);
    tcase_add_test(tc, automatic_checkpoint_recycles_wal);
}

int main(void) { return run_suite("native_store", nt_setup, nt_teardown, add); }
