/* native_vt_history.c — (hist11) the native module's store of the kernel's commit history
 * (storage.h version 9): a chain of history pages (FORMAT.md, "Commit history") holding one
 * record per commit, appended in the library commit that makes the commit durable, its
 * forgotten head freed page by page (the meta image keeps the seq below which records are
 * forgotten), read back at open (history_load) and consulted by the resolution of stamps at
 * open (the oldest stored record's xmin). */
#include <stdlib.h>
#include <string.h>

#include "native_internal.h"
#include "native_vt.h"

#define HIST_PAGE_TYPE 7
#define HIST_HEADER 16u /* next page u64, count u32, reserved u32 */
#define HIST_REC 40u    /* xid, seq, time_us, xmin, xmax: u64 each */
#define HIST_RECS ((NATIVE_PAGE_PAYLOAD - HIST_HEADER) / HIST_REC)

static void put_rec(uint8_t *p, const ss_commit_record *r)
{
    native_put64(p, r->xid);
    native_put64(p + 8, r->seq);
    native_put64(p + 16, (uint64_t)r->time_us);
    native_put64(p + 24, r->xmin);
    native_put64(p + 32, r->xmax);
}

static void get_rec(const uint8_t *p, ss_commit_record *r)
{
    *r = (ss_commit_record){.struct_size = sizeof *r, .xid = native_get64(p), .seq = native_get64(p + 8),
                            .time_us = (int64_t)native_get64(p + 16), .xmin = native_get64(p + 24),
                            .xmax = native_get64(p + 32)};
}

/* Reads history page pgno into page (NATIVE_PAGE_SIZE bytes), checking its type and count. */
static int read_page(nv_backend *b, native_txn *txn, uint64_t pgno, uint8_t *page, native_error *err)
{
    if (native_page_read(b->db, txn, pgno, page, err) != 0)
        return -1;
    if (native_page_type(page) != HIST_PAGE_TYPE || native_get32(page + NATIVE_PAGE_HEADER + 8) > HIST_RECS)
        return native_fail(err, "XX001", "page %llu of \"%s\" is damaged (not the commit history page expected)",
                           (unsigned long long)pgno, b->db->path);
    return 0;
}

/* Walks the chain: visit(arg, record) for every record not forgotten, oldest first; visit
 * returns 1 to stop.  *tail gets the last page (0: no chain). */
static int walk(nv_backend *b, native_txn *txn, int (*visit)(void *arg, const ss_commit_record *r, native_error *err),
                void *arg, uint64_t *tail, native_error *err)
{
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    int rc = 0;
    uint64_t last = 0;
    for (uint64_t pgno = b->hist_root; pgno && rc == 0;) {
        if ((rc = read_page(b, txn, pgno, page, err)) != 0)
            break;
        last = pgno;
        const uint8_t *pl = page + NATIVE_PAGE_HEADER;
        uint32_t count = native_get32(pl + 8);
        for (uint32_t i = 0; i < count && rc == 0 && visit; i++) {
            ss_commit_record r;
            get_rec(pl + HIST_HEADER + (size_t)i * HIST_REC, &r);
            if (r.seq >= b->hist_forget)
                rc = visit(arg, &r, err);
        }
        if (rc == 1)
            break;
        pgno = native_get64(pl);
    }
    free(page);
    if (tail)
        *tail = last;
    return rc < 0 ? -1 : 0;
}

int nv_history_find_tail(nv_backend *b, native_error *err)
{
    return walk(b, NULL, NULL, NULL, &b->hist_tail, err);
}

static int first_xmin(void *arg, const ss_commit_record *r, native_error *err)
{
    (void)err;
    *(uint64_t *)arg = r->xmin;
    return 1;
}

int nv_history_oldest_xmin(nv_backend *b, uint64_t *xmin, native_error *err)
{
    *xmin = UINT64_MAX;
    return walk(b, NULL, first_xmin, xmin, NULL, err);
}

/* Writes r as record `count` of page pgno, which this transaction allocated (fresh: the page
   is written whole) or which is the committed tail (two small WAL patches, not a page image). */
static int put_at(native_txn *txn, uint64_t pgno, bool fresh, uint32_t count, const ss_commit_record *r,
                  native_error *err)
{
    unsigned off = NATIVE_PAGE_HEADER + HIST_HEADER + count * HIST_REC;
    uint8_t rec[HIST_REC], cnt[4];
    put_rec(rec, r);
    native_put32(cnt, count + 1);
    if (!fresh)
        return native_txn_patch(txn, pgno, off, rec, HIST_REC, err) != 0 ||
                       native_txn_patch(txn, pgno, NATIVE_PAGE_HEADER + 8, cnt, 4, err) != 0
                   ? -1
                   : 0;
    uint8_t *page = native_txn_page_for_write(txn, pgno, err);
    if (!page)
        return -1;
    memcpy(page + off, rec, HIST_REC);
    memcpy(page + NATIVE_PAGE_HEADER + 8, cnt, 4);
    return 0;
}

static int append(nv_backend *b, native_txn *txn, const ss_commit_record *r, bool *meta_changed, native_error *err)
{
    if (!b->hist_first_time) {
        b->hist_first_time = r->time_us;
        *meta_changed = true;
    }
    if (!b->hist_root) {
        if (native_txn_alloc_page(txn, HIST_PAGE_TYPE, &b->hist_root, err) != 0)
            return -1;
        b->hist_tail = b->hist_root;
        *meta_changed = true;
        return put_at(txn, b->hist_tail, true, 0, r, err);
    }
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    int rc = read_page(b, txn, b->hist_tail, page, err);
    uint32_t count = rc == 0 ? native_get32(page + NATIVE_PAGE_HEADER + 8) : 0;
    free(page);
    if (rc != 0)
        return -1;
    if (count < HIST_RECS)
        return put_at(txn, b->hist_tail, false, count, r, err);
    uint64_t np;
    uint8_t next[8];
    if (native_txn_alloc_page(txn, HIST_PAGE_TYPE, &np, err) != 0)
        return -1;
    native_put64(next, np);
    if (native_txn_patch(txn, b->hist_tail, NATIVE_PAGE_HEADER, next, 8, err) != 0)
        return -1;
    b->hist_tail = np;
    return put_at(txn, np, true, 0, r, err);
}

/* Records below seq `before` are forgotten: whole pages of them are freed (never the tail). */
static int forget(nv_backend *b, native_txn *txn, uint64_t before, bool *meta_changed, native_error *err)
{
    if (before <= b->hist_forget)
        return 0;
    b->hist_forget = before;
    *meta_changed = true;
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    int rc = 0;
    while (b->hist_root && b->hist_root != b->hist_tail) {
        if ((rc = read_page(b, txn, b->hist_root, page, err)) != 0)
            break;
        const uint8_t *pl = page + NATIVE_PAGE_HEADER;
        uint32_t count = native_get32(pl + 8);
        ss_commit_record last;
        if (count > 0) {
            get_rec(pl + HIST_HEADER + (size_t)(count - 1) * HIST_REC, &last);
            if (last.seq >= before)
                break;
        }
        uint64_t next = native_get64(pl);
        if ((rc = native_txn_free_page(txn, b->hist_root, err)) != 0)
            break;
        b->hist_root = next;
    }
    free(page);
    return rc;
}

int nv_history_add(nv_backend *b, native_txn *txn, const ss_commit_record *rec, uint64_t forget_before,
                   bool *meta_changed, native_error *err)
{
    *meta_changed = false;
    if (rec && append(b, txn, rec, meta_changed, err) != 0)
        return -1;
    return forget_before ? forget(b, txn, forget_before, meta_changed, err) : 0;
}

typedef struct collect {
    const ss_api *api;
    ss_commit_record *recs;
    uint64_t n, cap, next_seq;
} collect;

static int collect_rec(void *arg, const ss_commit_record *r, native_error *err)
{
    collect *c = arg;
    if (c->n == c->cap) {
        uint64_t cap = c->cap ? c->cap * 2 : 64;
        ss_commit_record *p = c->api->realloc(c->recs, cap * sizeof *p);
        if (!p)
            return native_fail(err, "53200", "out of memory");
        c->recs = p;
        c->cap = cap;
    }
    c->recs[c->n++] = *r;
    if (r->seq >= c->next_seq)
        c->next_seq = r->seq + 1;
    return 0;
}

int nv_history_load(ss_ctx *ctx, void *backend, ss_commit_record **recs, uint64_t *n, int64_t *first_time_us,
                    uint64_t *next_seq)
{
    nv_backend *b = backend;
    collect c = {b->api, NULL, 0, 0, b->hist_forget > 1 ? b->hist_forget : 1};
    native_error err;
    pthread_mutex_lock(&b->mu);
    int rc = walk(b, NULL, collect_rec, &c, NULL, &err);
    *first_time_us = b->hist_first_time;
    pthread_mutex_unlock(&b->mu);
    if (rc != 0) {
        b->api->free(c.recs);
        return nv_fail(ctx, b->api, &err);
    }
    *recs = c.recs;
    *n = c.n;
    *next_seq = c.next_seq;
    return SS_OK;
}
