/* native_test_util.h — helpers of the native storage library's unit tests: a scratch
 * directory per test, file paths in it, and byte surgery on files. */
#ifndef SS_TESTS_NATIVE_TEST_UTIL_H
#define SS_TESTS_NATIVE_TEST_UTIL_H

#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "native_blob.h"
#include "native_db.h"

static char nt_dir[256];
static char nt_path[300];

static inline void nt_setup(void)
{
    snprintf(nt_dir, sizeof nt_dir, "/tmp/sunstone_native_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(nt_dir));
    snprintf(nt_path, sizeof nt_path, "%s/t.db", nt_dir);
}

static inline void nt_teardown(void)
{
    char cmd[320];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", nt_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", nt_dir);
}

static inline native_db *nt_open(const native_options *o)
{
    native_error e = {0};
    native_db *db = native_db_open(nt_path, o, &e);
    ck_assert_msg(db != NULL, "open: %s %s", e.sqlstate, e.message);
    return db;
}

static inline void nt_close(native_db *db)
{
    native_error e = {0};
    ck_assert_msg(native_db_close(db, &e) == 0, "close: %s", e.message);
}

static inline off_t nt_file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? st.st_size : -1;
}

static inline void nt_poke(const char *path, off_t off, uint8_t xor_mask)
{
    int fd = open(path, O_RDWR);
    ck_assert_int_ge(fd, 0);
    uint8_t b;
    ck_assert_int_eq(pread(fd, &b, 1, off), 1);
    b ^= xor_mask;
    ck_assert_int_eq(pwrite(fd, &b, 1, off), 1);
    close(fd);
}

/* Commits a catalog blob of value v (as text) with xid. */
static inline int nt_commit_catalog(native_db *db, uint64_t xid, const char *text, native_error *e)
{
    native_txn *t = native_txn_begin(db, xid, e);
    if (!t)
        return -1;
    if (native_txn_set_catalog(t, text, strlen(text), e) != 0) {
        native_txn_abort(t);
        return -1;
    }
    return native_txn_commit(t, (int64_t)xid * 1000, e);
}

static inline char *nt_catalog(native_db *db)
{
    uint8_t *p;
    uint64_t n;
    native_error e = {0};
    ck_assert_msg(native_db_read_catalog(db, NULL, &p, &n, &e) == 0, "read catalog: %s", e.message);
    char *s = malloc(n + 1);
    if (n)
        memcpy(s, p, n);
    s[n] = '\0';
    free(p);
    return s;
}

#endif
