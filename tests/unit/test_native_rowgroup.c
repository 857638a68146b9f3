/* test_native_rowgroup.c — columnar row groups of the native storage library: every column
 * type with NULLs round-trips (also after reopen and through a cache smaller than the table),
 * the encodings pay (bit-packing, RLE, dictionary), zone maps skip row groups, version stamps
 * are updated in place through the WAL, dropping a table frees its pages, and a table's last
 * row group can be rewritten in place (the native module's open tail). */
#include <math.h>
#include <sys/wait.h>

#include "check_suite.h"
#include "native_rowgroup.h"
#include "native_test_util.h"

/* Row r of a row group starting at base: id = base + r, f = id / 4.0 (NaN at every 97th row),
 * flag = id % 3 == 0, name = "name-<id % 50>" (NULL at every 10th row). */
typedef struct rows {
    int64_t *id;
    double *f;
    uint8_t *flag, *nulls;
    uint32_t *off;
    uint8_t *bytes;
    native_column cols[4];
} rows;

static void make_rows(rows *r, int64_t base, uint32_t n)
{
    r->id = malloc(n * sizeof *r->id);
    r->f = malloc(n * sizeof *r->f);
    r->flag = malloc(n);
    r->nulls = malloc(n);
    r->off = malloc((n + 1) * sizeof *r->off);
    r->bytes = malloc((size_t)n * 16);
    uint32_t at = 0;
    for (uint32_t i = 0; i < n; i++) {
        int64_t id = base + i;
        r->id[i] = id;
        r->f[i] = id % 97 == 0 ? NAN : (double)id / 4.0;
        r->flag[i] = id % 3 == 0;
        r->nulls[i] = id % 10 == 0;
        r->off[i] = at;
        if (!r->nulls[i])
            at += (uint32_t)sprintf((char *)r->bytes + at, "name-%d", (int)(id % 50));
    }
    r->off[n] = at;
    r->cols[0] = (native_column){.type = NATIVE_COL_INT64, .i64 = r->id};
    r->cols[1] = (native_column){.type = NATIVE_COL_FLOAT64, .f64 = r->f};
    r->cols[2] = (native_column){.type = NATIVE_COL_BOOL, .b = r->flag};
    r->cols[3] = (native_column){.type = NATIVE_COL_BYTES, .nulls = r->nulls, .offsets = r->off, .bytes = r->bytes};
}

static void free_rows(rows *r)
{
    free(r->id);
    free(r->f);
    free(r->flag);
    free(r->nulls);
    free(r->off);
    free(r->bytes);
}

/* A table of ngroups row groups of n rows each (ids 0 .. ngroups*n-1), committed by xid 1. */
static uint64_t make_table(native_db *db, unsigned ngroups, uint32_t n)
{
    native_error e = {0};
    native_txn *t = native_txn_begin(db, 1, &e);
    uint64_t root;
    ck_assert_int_eq(native_table_create(t, &root, &e), 0);
    for (unsigned g = 0; g < ngroups; g++) {
        rows r;
        make_rows(&r, (int64_t)g * n, n);
        ck_assert_msg(native_table_append(t, root, r.cols, 4, n, 1, g, NULL, &e) == 0, "%s", e.message);
        free_rows(&r);
    }
    ck_assert_msg(native_txn_commit(t, 1, &e) == 0, "%s", e.message);
    return root;
}

/* Scans every column and checks each value against make_rows; returns the rows seen. */
static uint64_t check_scan(native_db *db, uint64_t root, const native_pred *preds, unsigned npreds, uint64_t *skipped)
{
    native_error e = {0};
    unsigned proj[4] = {0, 1, 2, 3};
    native_scan *s = native_scan_open(db, NULL, root, proj, 4, preds, npreds, &e);
    ck_assert_msg(s != NULL, "%s", e.message);
    native_batch *b;
    uint64_t seen = 0;
    int rc;
    while ((rc = native_scan_next(s, &b, &e)) == 1) {
        for (uint32_t i = 0; i < b->nrows; i++) {
            int64_t id = b->cols[0].i64[i];
            ck_assert(b->cols[0].nulls == NULL);
            if (id % 97 == 0)
                ck_assert(isnan(b->cols[1].f64[i]));
            else
                ck_assert(b->cols[1].f64[i] == (double)id / 4.0);
            ck_assert_int_eq(b->cols[2].b[i], id % 3 == 0);
            ck_assert_int_eq(b->cols[3].nulls[i] != 0, id % 10 == 0);
            if (id % 10 != 0) {
                char want[32];
                int len = sprintf(want, "name-%d", (int)(id % 50));
                ck_assert_uint_eq(b->cols[3].offsets[i + 1] - b->cols[3].offsets[i], (unsigned)len);
                ck_assert(memcmp(b->cols[3].bytes + b->cols[3].offsets[i], want, (size_t)len) == 0);
            }
            ck_assert_uint_eq(b->xmin[i], 1);
        }
        seen += b->nrows;
    }
    ck_assert_msg(rc == 0, "%s", e.message);
    uint64_t read;
    native_scan_counts(s, &read, skipped);
    native_scan_close(s);
    return seen;
}

START_TEST(round_trip_and_reopen)
{
    native_db *db = nt_open(NULL);
    uint64_t root = make_table(db, 3, 5000), skipped;
    ck_assert_uint_eq(check_scan(db, root, NULL, 0, &skipped), 15000);
    nt_close(db);
    db = nt_open(NULL);
    ck_assert_uint_eq(check_scan(db, root, NULL, 0, &skipped), 15000);
    ck_assert_uint_eq(skipped, 0);
    nt_close(db);
}
END_TEST

START_TEST(encodings_pay)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    native_txn *t = native_txn_begin(db, 1, &e);
    uint64_t root;
    ck_assert_int_eq(native_table_create(t, &root, &e), 0);
    uint32_t n = 65536;
    int64_t *seq = malloc(n * 8), *same = malloc(n * 8);
    uint32_t *off = malloc((n + 1) * 4);
    uint8_t *bytes = malloc((size_t)n * 8);
    for (uint32_t i = 0; i < n; i++) {
        seq[i] = 1000000 + i;   /* 17 bits per value bit-packed */
        same[i] = 42;            /* one run */
        off[i] = i * 8;
        memcpy(bytes + (size_t)i * 8, i % 2 ? "redredre" : "bluebl\0e", 8); /* 2 distinct */
    }
    off[n] = n * 8;
    native_column cols[3] = {{.type = NATIVE_COL_INT64, .i64 = seq},
                             {.type = NATIVE_COL_INT64, .i64 = same},
                             {.type = NATIVE_COL_BYTES, .offsets = off, .bytes = bytes}};
    ck_assert_int_eq(native_table_append(t, root, cols, 3, n, 1, 0, NULL, &e), 0);
    ck_assert_int_eq(native_txn_commit(t, 1, &e), 0);
    native_db_stats st;
    native_db_get_stats(db, &st);
    /* plain would need 3 * 512 kB = 192 pages; packed: 17 pages + 1 + 2, plus 193 version pages */
    ck_assert_uint_lt(st.page_count, 193 + 40);
    unsigned proj[3] = {0, 1, 2};
    native_scan *s = native_scan_open(db, NULL, root, proj, 3, NULL, 0, &e);
    native_batch *b;
    ck_assert_int_eq(native_scan_next(s, &b, &e), 1);
    ck_assert_uint_eq(b->nrows, n);
    for (uint32_t i = 0; i < n; i++) {
        ck_assert_int_eq(b->cols[0].i64[i], 1000000 + (int64_t)i);
        ck_assert_int_eq(b->cols[1].i64[i], 42);
        ck_assert(memcmp(b->cols[2].bytes + b->cols[2].offsets[i], i % 2 ? "redredre" : "bluebl\0e", 8) == 0);
    }
    ck_assert_int_eq(native_scan_next(s, &b, &e), 0);
    native_scan_close(s);
    free(seq);
    free(same);
    free(off);
    free(bytes);
    nt_close(db);
}
END_TEST

START_TEST(extreme_integers)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    native_txn *t = native_txn_begin(db, 1, &e);
    uint64_t root;
    ck_assert_int_eq(native_table_create(t, &root, &e), 0);
    int64_t v[5] = {INT64_MIN, -1, 0, 1, INT64_MAX};
    uint8_t nulls[5] = {0, 1, 0, 0, 0};
    native_column c = {.type = NATIVE_COL_INT64, .i64 = v, .nulls = nulls};
    ck_assert_int_eq(native_table_append(t, root, &c, 1, 5, 1, 0, NULL, &e), 0);
    ck_assert_int_eq(native_txn_commit(t, 1, &e), 0);
    unsigned proj = 0;
    native_pred p = {.col = 0, .op = NATIVE_OP_GT, .i64 = INT64_MAX};
    native_scan *s = native_scan_open(db, NULL, root, &proj, 1, &p, 1, &e);
    native_batch *b;
    ck_assert_int_eq(native_scan_next(s, &b, &e), 0); /* nothing above the maximum */
    native_scan_close(s);
    s = native_scan_open(db, NULL, root, &proj, 1, NULL, 0, &e);
    ck_assert_int_eq(native_scan_next(s, &b, &e), 1);
    for (int i = 0; i < 5; i++)
        if (i != 1)
            ck_assert_int_eq(b->cols[0].i64[i], v[i]);
    ck_assert_int_eq(b->cols[0].nulls[1], 1);
    native_scan_close(s);
    nt_close(db);
}
END_TEST

/* Predicates set on an open scan (the native module's scan hints) skip as those given at
 * open, from copies of their bytes; each row group tells whether its rows are stamped alike;
 * a value near the end of a chunk unpacks right (the last values are read bit by bit). */
START_TEST(preds_set_on_an_open_scan)
{
    native_db *db = nt_open(NULL);
    uint64_t root = make_table(db, 10, 1000);
    native_error e = {0};
    unsigned proj[4] = {0, 1, 2, 3};
    native_scan *s = native_scan_open(db, NULL, root, proj, 4, NULL, 0, &e);
    ck_assert_msg(s != NULL, "%s", e.message);
    char name[16];
    strcpy(name, "name-7");
    native_pred p[2] = {{.col = 0, .op = NATIVE_OP_GE, .i64 = 5000},
                        {.col = 3, .op = NATIVE_OP_EQ, .bytes = (const uint8_t *)name, .len = 6}};
    ck_assert_int_eq(native_scan_set_preds(s, p, 2, &e), 0);
    strcpy(name, "zzzzzz"); /* the scan keeps its own copy */
    native_batch *b;
    uint64_t rows = 0;
    int rc;
    while ((rc = native_scan_next(s, &b, &e)) == 1) {
        ck_assert_int_eq(b->cols[0].i64[0] >= 5000, 1);
        ck_assert_int_eq(b->cols[0].i64[b->nrows - 1], b->cols[0].i64[0] + b->nrows - 1);
        ck_assert_int_eq(b->uniform, 1);
        rows += b->nrows;
    }
    ck_assert_int_eq(rc, 0);
    uint64_t read, skipped, rows_read, rows_skipped;
    native_scan_counts(s, &read, &skipped);
    native_scan_row_counts(s, &rows_read, &rows_skipped);
    ck_assert_uint_eq(read, 5);
    ck_assert_uint_eq(skipped, 5);
    ck_assert_uint_eq(rows_read, 5000);
    ck_assert_uint_eq(rows_skipped, 5000);
    ck_assert_uint_eq(rows, 5000);
    /* too late once a row group was read */
    ck_assert_int_ne(native_scan_set_preds(s, p, 1, &e), 0);
    native_scan_close(s);
    /* one row deleted: its row group is no longer stamped alike */
    uint64_t first = 0;
    s = native_scan_open(db, NULL, root, proj, 1, NULL, 0, &e);
    ck_assert_int_eq(native_scan_next(s, &b, &e), 1);
    first = b->rowgroup_id;
    native_scan_close(s);
    native_txn *t = native_txn_begin(db, 2, &e);
    ck_assert_int_eq(native_rowgroup_set_xmax(t, first, 999, 2, 0, &e), 0);
    ck_assert_int_eq(native_txn_commit(t, 2, &e), 0);
    s = native_scan_open(db, NULL, root, proj, 1, NULL, 0, &e);
    ck_assert_int_eq(native_scan_next(s, &b, &e), 1);
    ck_assert_int_eq(b->uniform, 0);
    ck_assert_uint_eq(b->xmax[999], 2);
    ck_assert_int_eq(native_scan_next(s, &b, &e), 1);
    ck_assert_int_eq(b->uniform, 1);
    native_scan_close(s);
    nt_close(db);
}
END_TEST

START_TEST(zone_maps_skip_row_groups)
{
    native_db *db = nt_open(NULL);
    uint64_t root = make_table(db, 10, 1000), skipped;
    native_pred range[2] = {{.col = 0, .op = NATIVE_OP_GE, .i64 = 5000}, {.col = 0, .op = NATIVE_OP_LT, .i64 = 6000}};
    ck_assert_uint_eq(check_scan(db, root, range, 2, &skipped), 1000);
    ck_assert_uint_eq(skipped, 9);
    native_pred eq = {.col = 0, .op = NATIVE_OP_EQ, .i64 = 9999};
    ck_assert_uint_eq(check_scan(db, root, &eq, 1, &skipped), 1000);
    ck_assert_uint_eq(skipped, 9);
    native_pred le = {.col = 0, .op = NATIVE_OP_LE, .i64 = 0};
    ck_assert_uint_eq(check_scan(db, root, &le, 1, &skipped), 1000);
    native_pred none = {.col = 0, .op = NATIVE_OP_GT, .i64 = 9999};
    ck_assert_uint_eq(check_scan(db, root, &none, 1, &skipped), 0);
    ck_assert_uint_eq(skipped, 10);
    /* floats: NaN sorts above everything, so every group (each has a NaN row) may match > x */
    native_pred fgt = {.col = 1, .op = NATIVE_OP_GT, .f64 = 1e9};
    ck_assert_uint_eq(check_scan(db, root, &fgt, 1, &skipped), 10000);
    native_pred flt = {.col = 1, .op = NATIVE_OP_LT, .f64 = 250.0};
    ck_assert_uint_eq(check_scan(db, root, &flt, 1, &skipped), 1000);
    /* text: no row group holds "name-zzz"; all hold "name-7" */
    native_pred teq = {.col = 3, .op = NATIVE_OP_EQ, .bytes = (const uint8_t *)"name-zzz", .len = 8};
    ck_assert_uint_eq(check_scan(db, root, &teq, 1, &skipped), 0);
    native_pred teq2 = {.col = 3, .op = NATIVE_OP_EQ, .bytes = (const uint8_t *)"name-7", .len = 6};
    ck_assert_uint_eq(check_scan(db, root, &teq2, 1, &skipped), 10000);
    native_pred tlt = {.col = 3, .op = NATIVE_OP_LT, .bytes = (const uint8_t *)"name-0", .len = 6};
    ck_assert_uint_eq(check_scan(db, root, &tlt, 1, &skipped), 0);
    /* NULL tests: every group has NULL names, none has NULL ids */
    native_pred isnull = {.col = 0, .op = NATIVE_OP_IS_NULL};
    ck_assert_uint_eq(check_scan(db, root, &isnull, 1, &skipped), 0);
    native_pred nnull = {.col = 3, .op = NATIVE_OP_IS_NULL};
    ck_assert_uint_eq(check_scan(db, root, &nnull, 1, &skipped), 10000);
    /* bool: only true/false present in every group */
    native_pred bt = {.col = 2, .op = NATIVE_OP_GT, .i64 = 1};
    ck_assert_uint_eq(check_scan(db, root, &bt, 1, &skipped), 0);
    nt_close(db);
}
END_TEST

START_TEST(table_larger_than_cache)
{
    native_options o;
    native_options_default(&o);
    o.cache_pages = 16;
    native_db *db = nt_open(&o);
    uint64_t root = make_table(db, 40, 10000), skipped;
    ck_assert_uint_eq(check_scan(db, root, NULL, 0, &skipped), 400000);
    nt_close(db);
    db = nt_open(&o);
    ck_assert_uint_eq(check_scan(db, root, NULL, 0, &skipped), 400000);
    native_db_stats st;
    native_db_get_stats(db, &st);
    ck_assert_uint_gt(st.page_count, 16 * 10);
    ck_assert_uint_gt(st.cache_evictions, 100);
    nt_close(db);
}
END_TEST

static void xmax_of(native_db *db, uint64_t root, uint64_t *xmax, uint32_t *cmax, uint32_t n)
{
    native_error e = {0};
    native_scan *s = native_scan_open(db, NULL, root, NULL, 0, NULL, 0, &e);
    ck_assert_ptr_nonnull(s);
    native_batch *b;
    uint32_t at = 0;
    while (native_scan_next(s, &b, &e) == 1)
        for (uint32_t i = 0; i < b->nrows && at < n; i++, at++) {
            xmax[at] = b->xmax[i];
            cmax[at] = b->cmax[i];
        }
    native_scan_close(s);
    ck_assert_uint_eq(at, n);
}

START_TEST(version_stamps_in_place)
{
    native_db *db = nt_open(NULL);
    native_error e = {0};
    native_txn *t = native_txn_begin(db, 1, &e);
    uint64_t root, rg;
    ck_assert_int_eq(native_table_create(t, &root, &e), 0);
    rows r;
    make_rows(&r, 0, 1000);
    ck_assert_int_eq(native_table_append(t, root, r.cols, 4, 1000, 1, 0, &rg, &e), 0);
    free_rows(&r);
    ck_assert_int_eq(native_txn_commit(t, 1, &e), 0);
    /* two concurrent deleters of rows of the same row group both commit */
    native_txn *a = native_txn_begin(db, 2, &e), *b = native_txn_begin(db, 3, &e);
    ck_assert_int_eq(native_rowgroup_set_xmax(a, rg, 5, 2, 7, &e), 0);
    ck_assert_int_eq(native_rowgroup_set_xmax(b, rg, 6, 3, 0, &e), 0);
    ck_assert_int_eq(native_rowgroup_set_xmax(b, rg, 999, 3, 1, &e), 0);
    ck_assert_int_eq(native_rowgroup_set_xmax(b, rg, 1000, 3, 1, &e), -1);
    ck_assert_int_eq(native_txn_commit(a, 2, &e), 0);
    ck_assert_int_eq(native_txn_commit(b, 3, &e), 0);
    /* an aborted delete leaves nothing */
    a = native_txn_begin(db, 4, &e);
    ck_assert_int_eq(native_rowgroup_set_xmax(a, rg, 7, 4, 0, &e), 0);
    native_txn_abort(a);
    uint64_t xmax[1000];
    uint32_t cmax[1000];
    xmax_of(db, root, xmax, cmax, 1000);
    for (int i = 0; i < 1000; i++) {
        uint64_t want = i == 5 ? 2 : (i == 6 || i == 999) ? 3 : 0;
        ck_assert_uint_eq(xmax[i], want);
    }
    ck_assert_uint_eq(cmax[5], 7);
    /* a crash (no checkpoint) after another delete: recovery replays the patch */
    nt_close(db);
    pid_t pid = fork();
    if (pid == 0) {
        native_db *cdb = native_db_open(nt_path, NULL, NULL);
        native_txn *c = cdb ? native_txn_begin(cdb, 5, NULL) : NULL;
        if (!c || native_rowgroup_set_xmax(c, rg, 500, 5, 0, NULL) != 0 || native_txn_commit(c, 5, NULL) != 0)
            _exit(1);
        _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    db = nt_open(NULL);
    size_t nrec;
    native_db_recovered_commits(db, &nrec);
    /* the first change of a page after a checkpoint is logged whole (full-page write), also
     * after a reopen: LSNs continue from the header, they do not restart at 0 */
    native_txn *c = native_txn_begin(db, 6, &e);
    ck_assert_int_eq(native_rowgroup_set_xmax(c, rg, 501, 6, 0, &e), 0);
    ck_assert_int_eq(native_txn_commit(c, 6, &e), 0);
    char wal[320];
    snprintf(wal, sizeof wal, "%s-wal", nt_path);
    ck_assert_int_gt(nt_file_size(wal), 64 + 8192);
    off_t one = nt_file_size(wal);
    c = native_txn_begin(db, 7, &e);
    ck_assert_int_eq(native_rowgroup_set_xmax(c, rg, 502, 7, 0, &e), 0);
    ck_assert_int_eq(native_txn_commit(c, 7, &e), 0);
    ck_assert_int_lt(nt_file_size(wal) - one, 200); /* then a 12-byte patch */
    nt_close(db);
    ck_assert_int_eq(unlink(wal), 0); /* a clean close leaves nothing the WAL must replay */
    db = nt_open(NULL);
    c = native_txn_begin(db, 8, &e);
    ck_assert_int_eq(native_rowgroup_set_xmax(c, rg, 503, 8, 0, &e), 0);
    ck_assert_int_eq(native_txn_commit(c, 8, &e), 0);
    ck_assert_int_gt(nt_file_size(wal), 64 + 8192);
    ck_assert_uint_eq(nrec, 1);
    xmax_of(db, root, xmax, cmax, 1000);
    ck_assert_uint_eq(xmax[5], 2);
    ck_assert_uint_eq(xmax[6], 3);
    ck_assert_uint_eq(xmax[500], 5);
    ck_assert_uint_eq(xmax[501], 6);
    ck_assert_uint_eq(xmax[503], 8);
    nt_close(db);
}
END_TEST

START_TEST(drop_table_frees_pages)
{
    native_db *db = nt_open(NULL);
    uint64_t root = make_table(db, 5, 4000);
    native_db_stats before;
    native_db_get_stats(db, &before);
    native_error e = {0};
    native_txn *t = native_txn_begin(db, 2, &e);
    ck_assert_msg(native_table_drop(t, root, &e) == 0, "%s", e.message);
    ck_assert_int_eq(native_txn_commit(t, 2, &e), 0);
    native_db_stats after;
    native_db_get_stats(db, &after);
    ck_assert_uint_eq(after.free_pages, before.page_count - 2);
    root = make_table(db, 5, 4000);
    native_db_get_stats(db, &after);
    ck_assert_uint_eq(after.page_count, before.page_count);
    nt_close(db);
}
END_TEST

/* The calls the native module's open tail uses: a row group rewritten with per-row stamps
 * replaces the table's last entry in place (same position, the old pages freed), stamps read
 * and rewritten whole, and a scan of chosen row groups reporting their positions. */
START_TEST(tail_rewrite_keeps_positions)
{
    native_db *db = nt_open(NULL);
    uint64_t root = make_table(db, 2, 500);
    native_error e = {0};
    uint64_t firsts[2];
    size_t nfirst = 0;
    native_scan *s = native_scan_open(db, NULL, root, NULL, 0, NULL, 0, &e);
    native_batch *b;
    while (native_scan_next(s, &b, &e) == 1)
        firsts[nfirst++] = b->rowgroup_id;
    native_scan_close(s);
    ck_assert_uint_eq(nfirst, 2);
    native_db_stats before, after;
    native_db_get_stats(db, &before);
    /* the last row group (ids 500..999) rewritten with 700 rows, row 3 deleted by xid 9 */
    rows r;
    make_rows(&r, 500, 700);
    uint64_t xmin[700], xmax[700];
    uint32_t cmin[700], cmax[700];
    for (int i = 0; i < 700; i++) {
        xmin[i] = i < 500 ? 1 : 2;
        cmin[i] = (uint32_t)i;
        xmax[i] = i == 3 ? 9 : 0;
        cmax[i] = i == 3 ? 4 : 0;
    }
    native_txn *t = native_txn_begin(db, 2, &e);
    uint64_t rg;
    ck_assert_msg(native_rowgroup_write(t, r.cols, 4, 700, xmin, cmin, cmax, xmax, &rg, &e) == 0, "%s", e.message);
    ck_assert_int_eq(native_table_replace_last(t, root, firsts[0], rg, native_rowgroup_header_len(700, 4), &e), -1);
    ck_assert_msg(native_table_replace_last(t, root, firsts[1], rg, native_rowgroup_header_len(700, 4), &e) == 0, "%s",
                  e.message);
    ck_assert_int_eq(native_rowgroup_free(t, firsts[1], native_rowgroup_header_len(500, 4), &e), 0);
    ck_assert_msg(native_txn_commit(t, 2, &e) == 0, "%s", e.message);
    free_rows(&r);
    native_db_get_stats(db, &after);
    ck_assert_uint_le(after.page_count, before.page_count + 8); /* the old pages are reused */
    uint64_t x0, x1;
    uint32_t c0, c1;
    ck_assert_int_eq(native_rowgroup_get_stamp(db, NULL, rg, 3, &x0, &c0, &c1, &x1, &e), 0);
    ck_assert_uint_eq(x0, 1);
    ck_assert_uint_eq(c0, 3);
    ck_assert_uint_eq(c1, 4);
    ck_assert_uint_eq(x1, 9);
    ck_assert_int_eq(native_rowgroup_get_stamp(db, NULL, rg, 700, &x0, &c0, &c1, &x1, &e), -1);
    /* every stamp rewritten (frozen) */
    for (int i = 0; i < 700; i++)
        xmin[i] = xmax[i] = cmin[i] = cmax[i] = 0;
    t = native_txn_begin(db, 3, &e);
    ck_assert_int_eq(native_rowgroup_set_stamps(t, rg, 700, xmin, cmin, cmax, xmax, &e), 0);
    ck_assert_int_eq(native_txn_commit(t, 3, &e), 0);
    /* the table lists the rewritten group second; a scan of it alone says so */
    uint64_t seen_first[2] = {0, 0};
    s = native_scan_open(db, NULL, root, NULL, 0, NULL, 0, &e);
    nfirst = 0;
    while (native_scan_next(s, &b, &e) == 1) {
        ck_assert_uint_eq(b->group_index, nfirst);
        seen_first[nfirst++] = b->rowgroup_id;
    }
    native_scan_close(s);
    ck_assert_uint_eq(seen_first[0], firsts[0]);
    ck_assert_uint_eq(seen_first[1], rg);
    uint64_t pair[2] = {rg, native_rowgroup_header_len(700, 4)};
    unsigned proj[1] = {0};
    s = native_scan_open_groups(db, NULL, pair, 1, proj, 1, &e);
    ck_assert_int_eq(native_scan_next(s, &b, &e), 1);
    ck_assert_uint_eq(b->nrows, 700);
    ck_assert_uint_eq(b->group_index, 0);
    ck_assert_int_eq(b->cols[0].i64[699], 1199);
    ck_assert_uint_eq(b->xmin[3] | b->xmax[3] | b->cmin[3] | b->cmax[3], 0);
    ck_assert_int_eq(native_scan_next(s, &b, &e), 0);
    native_scan_close(s);
    nt_close(db);
}
END_TEST

static void add(TCase *tc)
{
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, round_trip_and_reopen);
    tcase_add_test(tc, encodings_pay);
    tcase_add_test(tc, extreme_integers);
    tcase_add_test(tc, zone_maps_skip_row_groups);
    tcase_add_test(tc, preds_set_on_an_open_scan);
    tcase_add_test(tc, table_larger_than_cache);
    tcase_add_test(tc, version_stamps_in_place);
    tcase_add_test(tc, drop_table_frees_pages);
    tcase_add_test(tc, tail_rewrite_keeps_positions);
}

int main(void) { return run_suite("native_rowgroup", nt_setup, nt_teardown, add); }
