/* native_vt_insert.c — the native module's write path: new row versions go into the table's
 * open tail. While the last row group is small (native_vt.h: NV_TAIL_*), a write rewrites it
 * as one row group of its rows (with their stamps, in the same order) followed by the new
 * ones, and the table's last entry is switched to it: row ids stay valid, and a run of
 * one-row INSERTs builds row groups of NV_TAIL_FLOOR rows, not one-row ones. Otherwise the
 * batch starts a new row group. A replaced tail is freed at once, or, while a scan that
 * listed it runs (it may be reading it), once the last scan ends. FORMAT.md, "The native module". */
#include <stdlib.h>
#include <string.h>

#include "native_blob.h"
#include "native_vt_columns.h"

void nv_free_deferred(nv_backend *b)
{
    if (b->active_scans || !b->ndeferred)
        return;
    native_error err;
    native_txn *txn = nv_txn_begin(b, &err);
    if (!txn)
        return;
    for (size_t i = 0; i < b->ndeferred; i++)
        if (native_rowgroup_free(txn, b->deferred[2 * i], b->deferred[2 * i + 1], &err) != 0) {
            native_txn_abort(txn); /* the pages stay allocated: space, not data, is lost */
            b->ndeferred = 0;
            return;
        }
    b->ndeferred = 0;
    nv_txn_commit(txn, false, &err);
}

/* The tail's rows and stamps (decoded), for a rewrite. */
typedef struct tail_rows {
    native_scan *scan;
    native_batch *batch;
} tail_rows;

static int read_tail(nv_table *t, const nv_group *g, tail_rows *tr, native_error *err)
{
    unsigned proj[t->ncols ? t->ncols : 1];
    for (unsigned c = 0; c < t->ncols; c++)
        proj[c] = c;
    uint64_t pair[2] = {g->first, g->len};
    if (!(tr->scan = native_scan_open_groups(t->b->db, NULL, pair, 1, proj, t->ncols, err)))
        return -1;
    int rc = native_scan_next(tr->scan, &tr->batch, err);
    if (rc == 1)
        return 0;
    native_scan_close(tr->scan);
    tr->scan = NULL;
    return rc == 0 ? native_fail(err, "XX001", "row group %llu is missing", (unsigned long long)g->first) : -1;
}

/* Appends the rows to t's open tail `last` (NULL: a new tail, listed after the last row
 * group) in place, filling rowids (b->mu held): the WAL gets only the bytes added. 1 when they
 * do not fit the tail (nothing changed), 0, or -1. */
static int append_tail(nv_table *t, nv_group *last, const ss_batch *rows, ss_xid xid, uint32_t cid, ss_rowid *rowids,
                       native_error *err)
{
    nv_backend *b = t->b;
    uint32_t n = ss_batch_rows(rows);
    unsigned nc = t->ncols ? t->ncols : 1;
    nv_builder *bld = calloc(nc, sizeof *bld);
    native_column *cols = calloc(nc, sizeof *cols);
    native_col_type *types = calloc(nc, sizeof *types);
    int rc = bld && cols && types ? 0 : -1;
    for (uint32_t c = 0; c < t->ncols && rc == 0; c++) {
        types[c] = t->cols[c].ntype;
        rc = nv_builder_init(&bld[c], t->cols[c].ntype, n);
        for (uint32_t k = 0; k < n && rc == 0; k++)
            rc = nv_builder_add_vector(&bld[c], rows->cols[c], t->cols[c].storage, ss_batch_row(rows, k));
        cols[c] = nv_builder_column(&bld[c]);
    }
    if (rc == 0 && !last && t->ngroups == t->capgroups) { /* room for the new group */
        nv_group *room = nv_push((void **)&t->groups, &t->ngroups, &t->capgroups, sizeof *room);
        if (room)
            t->ngroups--;
        else
            rc = -1;
    }
    if (rc != 0)
        native_fail(err, "53200", "out of memory");
    native_txn *txn = rc == 0 ? nv_txn_begin(b, err) : NULL;
    if (rc == 0 && !txn)
        rc = -1;
    uint64_t tail = last ? last->first : 0;
    uint32_t at = 0;
    if (rc == 0 && !last)
        rc = native_table_append_tail(txn, t->root, types, t->ncols, &tail, err);
    if (rc == 0)
        rc = native_tail_append(txn, tail, cols, t->ncols, n, xid, cid, &at, err);
    if (rc == 0) {
        rc = nv_txn_commit(txn, false, err);
        txn = NULL;
    }
    if (txn)
        native_txn_abort(txn);
    if (rc == 0) {
        nv_group *g = last;
        if (!g) { /* room was made above */
            g = nv_push((void **)&t->groups, &t->ngroups, &t->capgroups, sizeof *g);
            *g = (nv_group){tail, NATIVE_TAIL_FLAG, 0, ++b->group_seq};
        }
        /* the seq stays the tail's creation's: a scan listed it if it began after that */
        g->nrows = at + n;
        g->len = NATIVE_TAIL_FLAG | g->nrows;
        size_t gi = (size_t)(g - t->groups);
        for (uint32_t k = 0; k < n; k++)
            rowids[k] = NV_ROWID(gi, at + k);
        t->nrows += n;
    }
    for (uint32_t c = 0; bld && c < t->ncols; c++)
        nv_builder_free(&bld[c]);
    free(bld);
    free(cols);
    free(types);
    return rc;
}

/* Writes the live rows of `rows` stamped (xid, cid) into t, filling rowids (b->mu held). */
static int write_rows(nv_table *t, const ss_batch *rows, ss_xid xid, uint32_t cid, ss_rowid *rowids, native_error *err)
{
    nv_backend *b = t->b;
    uint32_t n = ss_batch_rows(rows);
    nv_group *last = t->ngroups ? &t->groups[t->ngroups - 1] : NULL;
    bool is_tail = last && native_is_tail(last->len);
    if (is_tail || n <= NV_TAIL_SMALL) {
        int arc = append_tail(t, is_tail ? last : NULL, rows, xid, cid, rowids, err);
        if (arc != 1)
            return arc;
    }
    /* a tail the rows do not fit is sealed: rewritten compressed with them after its rows */
    bool merge = last && last->nrows + n <= NV_GROUP_ROWS &&
                 (is_tail || last->nrows < NV_TAIL_FLOOR ||
                  (last->nrows < NV_TAIL_ROWS && last->nrows <= NV_TAIL_AMPLIFY * n));
    tail_rows tr = {0};
    if (merge && read_tail(t, last, &tr, err) != 0)
        return -1;
    uint32_t base = merge ? last->nrows : 0, total = base + n;
    nv_builder *bld = calloc(t->ncols ? t->ncols : 1, sizeof *bld);
    uint64_t *xmin = malloc(total * sizeof *xmin), *xmax = malloc(total * sizeof *xmax);
    uint32_t *cmin = malloc(total * sizeof *cmin), *cmax = malloc(total * sizeof *cmax);
    native_column *cols = calloc(t->ncols ? t->ncols : 1, sizeof *cols);
    int rc = bld && xmin && xmax && cmin && cmax && cols ? 0 : -1;
    for (uint32_t c = 0; c < t->ncols && rc == 0; c++) {
        rc = nv_builder_init(&bld[c], t->cols[c].ntype, total);
        for (uint32_t r = 0; r < base && rc == 0; r++)
            rc = nv_builder_add_native(&bld[c], &tr.batch->cols[c], r);
        for (uint32_t k = 0; k < n && rc == 0; k++)
            rc = nv_builder_add_vector(&bld[c], rows->cols[c], t->cols[c].storage, ss_batch_row(rows, k));
        cols[c] = nv_builder_column(&bld[c]);
    }
    if (rc != 0)
        native_fail(err, "53200", "out of memory");
    for (uint32_t r = 0; r < total && rc == 0; r++) {
        bool old = r < base;
        xmin[r] = old ? tr.batch->xmin[r] : xid;
        cmin[r] = old ? tr.batch->cmin[r] : cid;
        xmax[r] = old ? tr.batch->xmax[r] : 0;
        cmax[r] = old ? tr.batch->cmax[r] : 0;
    }
    if (rc == 0 && !merge && t->ngroups == t->capgroups) { /* room for one more group */
        nv_group *room = nv_push((void **)&t->groups, &t->ngroups, &t->capgroups, sizeof *room);
        if (room)
            t->ngroups--;
        else
            rc = native_fail(err, "53200", "out of memory");
        last = t->ngroups ? &t->groups[t->ngroups - 1] : NULL; /* the array may have moved */
    }
    /* a running scan may read the tail being replaced only if it listed it: the tail was
       written before the latest scan_begin / fetch (a run of one-row writes under the
       statement's own scan, an UPDATE row by row, frees each tail it replaces at once) */
    bool listed = merge && nv_scans_listed(b, last->seq);
    native_txn *txn = rc == 0 ? nv_txn_begin(b, err) : NULL;
    uint64_t first = 0;
    if (rc == 0 && !txn)
        rc = -1;
    if (rc == 0 && !merge)
        rc = native_table_append_versions(txn, t->root, cols, t->ncols, total, xmin, cmin, cmax, xmax, &first, err);
    if (rc == 0 && merge) {
        rc = native_rowgroup_write(txn, cols, t->ncols, total, xmin, cmin, cmax, xmax, &first, err);
        if (rc == 0)
            rc = native_table_replace_last(txn, t->root, last->first, first, native_rowgroup_header_len(total, t->ncols), err);
        if (rc == 0 && !listed)
            rc = native_rowgroup_free(txn, last->first, last->len, err);
    }
    if (rc == 0) {
        rc = nv_txn_commit(txn, false, err);
        txn = NULL;
    }
    if (rc == 0) {
        uint64_t old_first = last ? last->first : 0, old_len = last ? last->len : 0;
        /* room for the new group was made before writing (below), so this cannot fail */
        nv_group *g = merge ? last : nv_push((void **)&t->groups, &t->ngroups, &t->capgroups, sizeof *g);
        *g = (nv_group){first, native_rowgroup_header_len(total, t->ncols), total, ++b->group_seq};
        size_t gi = (size_t)(g - t->groups);
        for (uint32_t k = 0; k < n; k++)
            rowids[k] = NV_ROWID(gi, base + k);
        t->nrows += n;
        if (merge && listed) {
            uint64_t *d = nv_push((void **)&b->deferred, &b->ndeferred, &b->capdeferred, 2 * sizeof *d);
            if (d) {
                d[0] = old_first;
                d[1] = old_len;
            }
        }
    }
    if (txn && rc != 0)
        native_txn_abort(txn);
    for (uint32_t c = 0; bld && c < t->ncols; c++)
        nv_builder_free(&bld[c]);
    free(bld);
    free(cols);
    free(xmin);
    free(xmax);
    free(cmin);
    free(cmax);
    if (tr.scan)
        native_scan_close(tr.scan);
    return rc;
}

/* insert_versions / insert: the live rows of `rows` as one write. */
static int insert_rows(ss_ctx *ctx, nv_table *t, const ss_batch *rows, ss_xid xid, uint32_t cid, ss_rowid *rowids)
{
    const ss_api *api = t->api;
    uint32_t n = ss_batch_rows(rows);
    if (n == 0)
        return SS_OK;
    if (rows->ncols != t->ncols)
        return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "native backend: an insert of %u columns into a table of %u",
                          rows->ncols, t->ncols);
    native_error err;
    pthread_mutex_lock(&t->b->mu);
    int rc = write_rows(t, rows, xid, cid, rowids, &err);
    pthread_mutex_unlock(&t->b->mu);
    return rc == 0 ? SS_OK : nv_fail(ctx, api, &err);
}

int nv_insert_versions(ss_ctx *ctx, void *table, const ss_batch *rows, ss_rowid *rowids)
{
    nv_table *t = table;
    ss_xid xid;
    uint32_t cid;
    if (t->api->txn_current(ctx, &xid, &cid) != SS_OK)
        return SS_ERROR;
    return insert_rows(ctx, t, rows, xid, cid, rowids);
}

/* Plain inserts (version 1) write versions of no transaction (committed before every snapshot). */
int nv_insert(ss_ctx *ctx, void *table, const ss_batch *rows)
{
    nv_table *t = table;
    ss_rowid ids[SS_BATCH_CAPACITY];
    if (ss_batch_rows(rows) > SS_BATCH_CAPACITY)
        return t->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "native backend: an insert of more than %u rows",
                             SS_BATCH_CAPACITY);
    return insert_rows(ctx, t, rows, SS_XID_INVALID, 0, ids);
}
