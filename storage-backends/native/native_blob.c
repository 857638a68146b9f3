/* native_blob.c — blob chains: each BLOB page's payload holds the next page number (0 at the
 * end), the bytes used, then up to NATIVE_PAGE_PAYLOAD - 16 bytes of data. The catalog blob's
 * first page and length live in the header and change with the commit that replaces it. */
#include "native_blob.h"
#include "native_internal.h"

#include <stdlib.h>
#include <string.h>

#define BLOB_DATA (NATIVE_PAGE_PAYLOAD - 16u)

int native_blob_write(native_txn *txn, const void *data, uint64_t len, uint64_t *first, native_error *err)
{
    *first = 0;
    uint64_t prev = 0, done = 0;
    const uint8_t *src = data;
    while (done < len) {
        uint64_t pgno;
        if (native_txn_alloc_page(txn, NATIVE_PT_BLOB, &pgno, err) != 0)
            return -1;
        if (prev) {
            uint8_t *pp = native_txn_page_for_write(txn, prev, err);
            if (!pp)
                return -1;
            native_put64(pp + NATIVE_PAGE_HEADER, pgno);
        } else
            *first = pgno;
        uint8_t *page = native_txn_page_for_write(txn, pgno, err);
        if (!page)
            return -1;
        uint32_t n = (uint32_t)(len - done < BLOB_DATA ? len - done : BLOB_DATA);
        uint8_t *pl = page + NATIVE_PAGE_HEADER;
        native_put64(pl, 0);
        native_put32(pl + 8, n);
        memcpy(pl + 16, src + done, n);
        prev = pgno;
        done += n;
    }
    return 0;
}

typedef struct walk_step {
    native_db *db;
    uint64_t pgno, left; /* the page, the bytes of the blob still to come */
    int (*visit)(void *ctx, uint64_t pgno, const uint8_t *data, uint32_t n);
    void *ctx;
    int in_view;         /* visit reads the page's bytes (under the database lock); else it
                            is called after, with data NULL (it may call the database) */
    native_error *err;
    uint32_t n;          /* out: the bytes of the page */
    uint64_t next;       /* out: the next page */
} walk_step;

/* One page of a chain, seen in the buffer cache (native_page_view). */
static int walk_page(void *arg, const uint8_t *page)
{
    walk_step *w = arg;
    const uint8_t *pl = page + NATIVE_PAGE_HEADER;
    uint32_t n = native_get32(pl + 8);
    if (native_page_type(page) != NATIVE_PT_BLOB || n == 0 || n > BLOB_DATA || n > w->left)
        return native_fail(w->err, "XX001", "page %llu of \"%s\" is damaged (not the blob page expected)",
                           (unsigned long long)w->pgno, w->db->path);
    if (w->visit && w->in_view && w->visit(w->ctx, w->pgno, pl + 16, n) != 0)
        return native_fail(w->err, "53200", "out of memory");
    w->n = n;
    w->next = native_get64(pl);
    return 0;
}

/* Walks the chain; calls visit for each page (data, n; data NULL unless in_view). */
static int walk(native_db *db, native_txn *txn, uint64_t first, uint64_t len,
                int (*visit)(void *ctx, uint64_t pgno, const uint8_t *data, uint32_t n), void *ctx, int in_view,
                native_error *err)
{
    uint64_t pgno = first, done = 0;
    while (done < len) {
        if (pgno == 0)
            return native_fail(err, "XX001", "blob chain in \"%s\" ends after %llu of %llu bytes", db->path,
                               (unsigned long long)done, (unsigned long long)len);
        walk_step w = {.db = db, .pgno = pgno, .left = len - done, .visit = visit, .ctx = ctx, .in_view = in_view,
                       .err = err};
        if (native_page_view(db, txn, pgno, walk_page, &w, err) != 0)
            return -1;
        if (visit && !in_view && visit(ctx, pgno, NULL, w.n) != 0)
            return native_fail(err, "53200", "out of memory");
        done += w.n;
        pgno = w.next;
    }
    return 0;
}

static int copy_out(void *ctx, uint64_t pgno, const uint8_t *data, uint32_t n)
{
    uint8_t **cursor = ctx;
    (void)pgno;
    memcpy(*cursor, data, n);
    *cursor += n;
    return 0;
}

int native_blob_read(native_db *db, native_txn *txn, uint64_t first, uint64_t len, uint8_t **out, native_error *err)
{
    *out = NULL;
    if (len == 0)
        return 0;
    pthread_mutex_lock(&db->mu);
    uint64_t limit = db->meta.page_count * (uint64_t)BLOB_DATA;
    pthread_mutex_unlock(&db->mu);
    if (len > limit)
        return native_fail(err, "XX001", "blob of %llu bytes in \"%s\" is larger than the file", (unsigned long long)len, db->path);
    uint8_t *buf = malloc(len);
    if (!buf)
        return native_fail(err, "53200", "out of memory for a blob of %llu bytes", (unsigned long long)len);
    uint8_t *cursor = buf;
    if (walk(db, txn, first, len, copy_out, &cursor, 1, err) != 0) {
        free(buf);
        return -1;
    }
    *out = buf;
    return 0;
}

int native_blob_read_to(native_db *db, native_txn *txn, uint64_t first, uint64_t len, uint8_t *buf, native_error *err)
{
    if (len == 0)
        return 0;
    uint8_t *cursor = buf;
    return walk(db, txn, first, len, copy_out, &cursor, 1, err);
}

static int free_one(void *ctx, uint64_t pgno, const uint8_t *data, uint32_t n)
{
    (void)data;
    (void)n;
    return native_txn_free_page(ctx, pgno, NULL);
}

int native_blob_free(native_txn *txn, uint64_t first, uint64_t len, native_error *err)
{
    return walk(native_txn_db(txn), txn, first, len, free_one, txn, 0, err);
}

int native_txn_set_catalog(native_txn *txn, const void *data, uint64_t len, native_error *err)
{
    native_db *db = native_txn_db(txn);
    uint64_t old_first, old_len;
    if (txn->catalog_set) {
        old_first = txn->catalog_first;
        old_len = txn->catalog_len;
    } else {
        pthread_mutex_lock(&db->mu);
        old_first = db->meta.catalog_first;
        old_len = db->meta.catalog_len;
        pthread_mutex_unlock(&db->mu);
        txn->catalog_seen_first = old_first;
    }
    uint64_t first;
    if (native_blob_write(txn, data, len, &first, err) != 0 || native_blob_free(txn, old_first, old_len, err) != 0)
        return -1;
    txn->catalog_set = 1;
    txn->catalog_first = first;
    txn->catalog_len = len;
    return 0;
}

int native_db_read_catalog(native_db *db, native_txn *txn, uint8_t **out, uint64_t *len, native_error *err)
{
    uint64_t first, n;
    if (txn && txn->catalog_set) {
        first = txn->catalog_first;
        n = txn->catalog_len;
    } else {
        pthread_mutex_lock(&db->mu);
        first = db->meta.catalog_first;
        n = db->meta.catalog_len;
        pthread_mutex_unlock(&db->mu);
    }
    *len = n;
    return native_blob_read(db, txn, first, n, out, err);
}
