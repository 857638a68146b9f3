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

/* Walks the chain; calls visit for each page (data, n). */
static int walk(native_db *db, native_txn *txn, uint64_t first, uint64_t len,
                int (*visit)(void *ctx, uint64_t pgno, const uint8_t *data, uint32_t n), void *ctx, native_error *err)
{
    uint8_t *page = malloc(NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    uint64_t pgno = first, done = 0;
    int rc = 0;
    while (done < len) {
        if (pgno == 0) {
            rc = native_fail(err, "XX001", "blob chain in \"%s\" ends after %llu of %llu bytes", db->path,
                             (unsigned long long)done, (unsigned long long)len);
            break;
        }
        if ((rc = native_page_read(db, txn, pgno, page, err)) != 0)
            break;
        const uint8_t *pl = page + NATIVE_PAGE_HEADER;
        uint32_t n = native_get32(pl + 8);
        if (native_page_type(page) != NATIVE_PT_BLOB || n == 0 || n > BLOB_DATA || n > len - done) {
            rc = native_fail(err, "XX001", "page %llu of \"%s\" is damaged (not the blob page expected)", (unsigned long long)pgno, db->path);
            break;
        }
        if (visit && (rc = visit(ctx, pgno, pl + 16, n)) != 0) {
            native_fail(err, "53200", "out of memory");
            break;
        }
        done += n;
        pgno = native_get64(pl);
    }
    free(page);
    return rc;
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
    if (walk(db, txn, first, len, copy_out, &cursor, err) != 0) {
        free(buf);
        return -1;
    }
    *out = buf;
    return 0;
}

static int free_one(void *ctx, uint64_t pgno, const uint8_t *data, uint32_t n)
{
    (void)data;
    (void)n;
    return native_txn_free_page(ctx, pgno, NULL);
}

int native_blob_free(native_txn *txn, uint64_t first, uint64_t len, native_error *err)
{
    return walk(native_txn_db(txn), txn, first, len, free_one, txn, err);
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
