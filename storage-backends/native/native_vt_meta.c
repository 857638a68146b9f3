/* native_vt_meta.c — the native module's durable bookkeeping: the meta image kept in the
 * library's catalog blob (the kernel's catalog image, the table id -> root map, the commit
 * log's first page), the commit log (a chain of pages of committed xids), and the resolution
 * of every stored stamp at open (storage.h version 6). Formats: FORMAT.md, "The native module". */
#include <stdlib.h>
#include <string.h>

#include "native_blob.h"
#include "native_internal.h"
#include "native_vt.h"

#define NVMETA_MAGIC 0x314D564Eu /* "NVM1" */
#define NVMETA_VERSION 2u /* (hist11) 2: the commit history's fields; 1 is still read */
#define META_FIXED 56u     /* version 2's bytes before the table entries (version 1: 24) */
#define CLOG_PAGE_TYPE 6
#define CLOG_HEADER 16u /* next page, count, reserved */
#define CLOG_XIDS ((NATIVE_PAGE_PAYLOAD - CLOG_HEADER) / 8u)
/* (hist11) a subtransaction's entry: its xid with this bit, after its top-level one's (older
   files have none: each entry is then read as a top-level xid) */
#define CLOG_SUB (UINT64_C(1) << 63)

int nv_meta_store(nv_backend *b, native_txn *txn, const void *image, size_t len, native_error *err)
{
    if (!image) {
        image = b->image;
        len = b->image_len;
    }
    size_t total = META_FIXED + b->nentries * 16 + 8 + len;
    uint8_t *m = malloc(total);
    if (!m)
        return native_fail(err, "53200", "out of memory");
    native_put32(m, NVMETA_MAGIC);
    native_put32(m + 4, NVMETA_VERSION);
    native_put64(m + 8, b->clog_root);
    native_put64(m + 16, b->nentries);
    native_put64(m + 24, b->hist_root);
    native_put64(m + 32, b->hist_forget);
    native_put64(m + 40, (uint64_t)b->hist_first_time);
    native_put64(m + 48, b->resolved_below);
    for (size_t i = 0; i < b->nentries; i++) {
        native_put64(m + META_FIXED + i * 16, b->entries[i].id);
        native_put64(m + META_FIXED + 8 + i * 16, b->entries[i].root);
    }
    native_put64(m + META_FIXED + b->nentries * 16, len);
    if (len)
        memcpy(m + META_FIXED + 8 + b->nentries * 16, image, len);
    int rc = native_txn_set_catalog(txn, m, total, err);
    free(m);
    return rc;
}

/* A new database: an empty commit log and meta image. */
static int meta_create(nv_backend *b, native_error *err)
{
    native_txn *txn = nv_txn_begin(b, err);
    if (!txn)
        return -1;
    if (native_txn_alloc_page(txn, CLOG_PAGE_TYPE, &b->clog_root, err) != 0 || nv_meta_store(b, txn, NULL, 0, err) != 0) {
        native_txn_abort(txn);
        return -1;
    }
    b->clog_tail = b->clog_root;
    return nv_txn_commit(txn, b->durable, err);
}

int nv_meta_load(nv_backend *b, native_error *err)
{
    const char *path = b->db->path;
    uint8_t *m = NULL;
    uint64_t len = 0;
    if (native_db_read_catalog(b->db, NULL, &m, &len, err) != 0)
        return -1;
    if (len == 0) {
        free(m);
        return meta_create(b, err);
    }
    int rc = -1;
    if (len < 32 || native_get32(m) != NVMETA_MAGIC) {
        native_fail(err, "XX001", "database file \"%s\": its meta image is damaged", path);
        goto out;
    }
    uint32_t version = native_get32(m + 4);
    if (version != 1 && version != NVMETA_VERSION) {
        native_fail(err, "0A000", "database file \"%s\" has meta image version %u; this build reads versions 1 to %u",
                    path, version, NVMETA_VERSION);
        goto out;
    }
    uint64_t fixed = version == 1 ? 24 : META_FIXED, n = native_get64(m + 16);
    if (len < fixed + 8 || n > (len - fixed - 8) / 16 || native_get64(m + fixed + n * 16) != len - fixed - 8 - n * 16) {
        native_fail(err, "XX001", "database file \"%s\": its meta image is damaged", path);
        goto out;
    }
    b->clog_root = b->clog_tail = native_get64(m + 8);
    if (version != 1) {
        b->hist_root = native_get64(m + 24);
        b->hist_forget = native_get64(m + 32);
        b->hist_first_time = (int64_t)native_get64(m + 40);
        b->resolved_below = native_get64(m + 48);
    }
    for (uint64_t i = 0; i < n; i++) {
        nv_entry *e = nv_push((void **)&b->entries, &b->nentries, &b->capentries, sizeof *e);
        if (!e) {
            native_fail(err, "53200", "out of memory");
            goto out;
        }
        e->id = native_get64(m + fixed + i * 16);
        e->root = native_get64(m + fixed + 8 + i * 16);
    }
    b->image_len = len - fixed - 8 - n * 16;
    if (b->image_len) {
        if (!(b->image = b->api->alloc(b->image_len))) {
            native_fail(err, "53200", "out of memory");
            goto out;
        }
        memcpy(b->image, m + fixed + 8 + n * 16, b->image_len);
    }
    rc = nv_history_find_tail(b, err);
out:
    free(m);
    return rc;
}

/* Walks the commit log: visit(ctx, pgno, page) for each page. */
static int clog_walk(nv_backend *b, int (*visit)(void *ctx, uint64_t pgno, const uint8_t *page, native_error *err), void *ctx,
                     native_error *err)
{
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    int rc = 0;
    for (uint64_t pgno = b->clog_root; pgno && rc == 0;) {
        if ((rc = native_page_read(b->db, NULL, pgno, page, err)) != 0)
            break;
        if (native_page_type(page) != CLOG_PAGE_TYPE || native_get32(page + NATIVE_PAGE_HEADER + 8) > CLOG_XIDS) {
            rc = native_fail(err, "XX001", "page %llu of \"%s\" is damaged (not the commit log page expected)",
                             (unsigned long long)pgno, b->db->path);
            break;
        }
        rc = visit(ctx, pgno, page, err);
        pgno = native_get64(page + NATIVE_PAGE_HEADER);
    }
    free(page);
    return rc;
}

int nv_clog_append(nv_backend *b, native_txn *txn, const ss_xid *xids, uint32_t n, native_error *err)
{
    /* (rap11) WAL patches of the xids and count added (commits are serialised by b->mu), not
       the page rewritten whole: a one-row commit logs bytes, not 8 kB */
    uint64_t tail = b->clog_tail;
    uint8_t *page = malloc(NATIVE_PAGE_SIZE), *buf = malloc((size_t)CLOG_XIDS * 8);
    int rc = page && buf ? 0 : native_fail(err, "53200", "out of memory");
    for (uint32_t k = 0; k < n && rc == 0;) {
        if ((rc = native_page_read(b->db, txn, tail, page, err)) != 0)
            break;
        uint32_t count = native_get32(page + NATIVE_PAGE_HEADER + 8), at = count, m = 0;
        for (; k < n && count < CLOG_XIDS; k++, count++, m++) /* xids[0] is the top-level one */
            native_put64(buf + (size_t)m * 8, k ? xids[k] | CLOG_SUB : xids[k]);
        uint8_t cnt[4];
        native_put32(cnt, count);
        if (m && (rc = native_txn_patch(txn, tail, NATIVE_PAGE_HEADER + CLOG_HEADER + at * 8, buf, m * 8, err)) == 0)
            rc = native_txn_patch(txn, tail, NATIVE_PAGE_HEADER + 8, cnt, 4, err);
        if (rc != 0 || k == n)
            break;
        uint64_t np;
        uint8_t next[8];
        if ((rc = native_txn_alloc_page(txn, CLOG_PAGE_TYPE, &np, err)) != 0)
            break;
        native_put64(next, np);
        if ((rc = native_txn_patch(txn, tail, NATIVE_PAGE_HEADER, next, 8, err)) != 0)
            break;
        tail = np;
    }
    free(page);
    free(buf);
    if (rc != 0)
        return -1;
    b->clog_tail = tail; /* the caller aborts the database on a failed commit (nv_txn_commit_cb) */
    return 0;
}

typedef struct xid_list {
    nv_committed *x;
    size_t n, cap;
    uint64_t top; /* the last top-level entry read */
} xid_list;

static int collect_xids(void *ctx, uint64_t pgno, const uint8_t *page, native_error *err)
{
    (void)pgno;
    xid_list *l = ctx;
    uint32_t count = native_get32(page + NATIVE_PAGE_HEADER + 8);
    for (uint32_t i = 0; i < count; i++) {
        if (l->n == l->cap) {
            size_t c = l->cap ? l->cap * 2 : 256;
            nv_committed *q = realloc(l->x, c * sizeof *q);
            if (!q)
                return native_fail(err, "53200", "out of memory");
            l->x = q;
            l->cap = c;
        }
        uint64_t e = native_get64(page + NATIVE_PAGE_HEADER + CLOG_HEADER + (size_t)i * 8);
        if (!(e & CLOG_SUB))
            l->top = e;
        l->x[l->n++] = (nv_committed){e & ~CLOG_SUB, e & CLOG_SUB ? l->top : e};
    }
    return 0;
}

static int cmp_committed(const void *a, const void *b)
{
    uint64_t x = ((const nv_committed *)a)->xid, y = ((const nv_committed *)b)->xid;
    return x < y ? -1 : x > y;
}

int nv_clog_read(nv_backend *b, nv_committed **out, size_t *n, native_error *err)
{
    xid_list l = {0};
    if (clog_walk(b, collect_xids, &l, err) != 0) {
        free(l.x);
        return -1;
    }
    if (l.n)
        qsort(l.x, l.n, sizeof *l.x, cmp_committed);
    *out = l.x;
    *n = l.n;
    return 0;
}

static int free_clog_page(void *ctx, uint64_t pgno, const uint8_t *page, native_error *err)
{
    (void)page;
    return native_txn_free_page(ctx, pgno, err);
}

typedef struct resolve_ctx {
    nv_backend *b;
    native_txn *txn;
    const nv_committed *xids;
    size_t nxids;
    uint64_t keep_from; /* (hist11) stamps of top-level xids from here on are kept */
} resolve_ctx;

/* The top-level xid of committed xid x, 0 when x did not commit (hist11: an xid below
   resolved_below survived an earlier open's resolution: committed, top-level). */
static uint64_t committed_top(const resolve_ctx *r, uint64_t x)
{
    if (x < r->b->resolved_below)
        return x;
    nv_committed key = {x, 0};
    /* bsearch's array argument must not be NULL, even for n == 0. */
    const nv_committed *c = r->nxids ? bsearch(&key, r->xids, r->nxids, sizeof key, cmp_committed) : NULL;
    return c ? c->top : 0;
}

/* Resolves the stamps of one row group (rewriting its version pages when any changes). */
static int resolve_group(void *ctx, uint64_t first, uint64_t len, uint32_t nrows, native_error *err)
{
    resolve_ctx *r = ctx;
    if (first == 0) /* a vacuumed row group's slot */
        return 0;
    uint64_t pair[2] = {first, len};
    native_scan *s = native_scan_open_groups(r->b->db, r->txn, pair, 1, NULL, 0, err);
    if (!s)
        return -1;
    native_batch *batch;
    int rc = native_scan_next(s, &batch, err);
    if (rc != 1) {
        native_scan_close(s);
        return rc == 0 ? native_fail(err, "XX001", "row group %llu is missing", (unsigned long long)first) : -1;
    }
    uint64_t *xmin = malloc(nrows * sizeof *xmin), *xmax = malloc(nrows * sizeof *xmax);
    uint32_t *cmin = calloc(nrows, sizeof *cmin), *cmax = calloc(nrows, sizeof *cmax);
    bool changed = false;
    rc = xmin && xmax && cmin && cmax ? 0 : native_fail(err, "53200", "out of memory");
    for (uint32_t i = 0; i < nrows && rc == 0; i++) {
        uint64_t x0 = batch->xmin[i], x1 = batch->xmax[i];
        uint64_t t0 = x0 == NV_XID_DEAD || x0 == SS_XID_INVALID ? 0 : committed_top(r, x0);
        uint64_t t1 = x1 == SS_XID_INVALID ? 0 : committed_top(r, x1);
        bool dead = x0 == NV_XID_DEAD || (x0 != SS_XID_INVALID && !t0) || (t1 && t1 < r->keep_from);
        /* a writer before the oldest stored record is seen by every snapshot: frozen */
        xmin[i] = dead ? NV_XID_DEAD : t0 >= r->keep_from ? t0 : SS_XID_INVALID;
        xmax[i] = dead ? SS_XID_INVALID : t1;
        changed |= xmin[i] != x0 || xmax[i] != x1 || batch->cmin[i] != 0 || batch->cmax[i] != 0;
    }
    native_scan_close(s);
    if (rc == 0 && changed)
        rc = native_rowgroup_set_stamps(r->txn, first, nrows, xmin, cmin, cmax, xmax, err);
    free(xmin);
    free(xmax);
    free(cmin);
    free(cmax);
    return rc;
}

int nv_resolve(nv_backend *b, native_error *err)
{
    nv_committed *xids = NULL;
    size_t nxids = 0;
    uint64_t keep_from;
    if (nv_clog_read(b, &xids, &nxids, err) != 0 || nv_history_oldest_xmin(b, &keep_from, err) != 0) {
        free(xids);
        return -1;
    }
    native_txn *txn = nv_txn_begin(b, err);
    if (!txn) {
        free(xids);
        return -1;
    }
    resolve_ctx r = {b, txn, xids, nxids, keep_from};
    int rc = 0;
    for (size_t i = 0; i < b->nentries && rc == 0; i++)
        rc = native_table_list(b->db, txn, b->entries[i].root, resolve_group, &r, err);
    free(xids);
    /* a new, empty commit log; every xid so far resolved */
    uint64_t root = 0, below = nv_xid_floor(b), old_below = b->resolved_below;
    if (rc == 0 && nxids > 0) {
        rc = clog_walk(b, free_clog_page, txn, err);
        if (rc == 0)
            rc = native_txn_alloc_page(txn, CLOG_PAGE_TYPE, &root, err);
        if (rc == 0)
            b->clog_root = b->clog_tail = root;
    }
    if (rc == 0 && (nxids > 0 || below > old_below)) {
        if (below > b->resolved_below)
            b->resolved_below = below;
        rc = nv_meta_store(b, txn, NULL, 0, err);
    }
    if (rc != 0) {
        b->resolved_below = old_below;
        native_txn_abort(txn);
        return -1;
    }
    return nv_txn_commit(txn, b->durable, err);
}
