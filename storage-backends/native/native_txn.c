/* native_txn.c — a writing transaction's private state: the pages it rewrites (copies,
 * invisible to others until commit), its logical patches, allocations, frees and table ids;
 * and page reads as the transaction (or the committed state) sees them. */
#include "native_internal.h"

#include <stdlib.h>
#include <string.h>

native_txn *native_txn_begin(native_db *db, uint64_t xid, native_error *err)
{
    pthread_mutex_lock(&db->mu);
    int usable = native_db_check_usable(db, err);
    uint64_t cat = db->meta.catalog_first;
    pthread_mutex_unlock(&db->mu);
    if (usable != 0)
        return NULL;
    native_txn *t = calloc(1, sizeof *t);
    if (!t) {
        native_fail(err, "53200", "out of memory");
        return NULL;
    }
    t->db = db;
    t->xid = xid;
    t->catalog_seen_first = cat;
    return t;
}

uint64_t native_txn_xid(const native_txn *t) { return t->xid; }
native_db *native_txn_db(const native_txn *t) { return t->db; }

static size_t hslot(uint64_t pgno, size_t cap) { return (size_t)((pgno * 0x9E3779B97F4A7C15ull) >> 24) & (cap - 1); }

static native_txn_page *find_page(const native_txn *t, uint64_t pgno)
{
    if (!t || !t->phcap)
        return NULL;
    for (size_t j = hslot(pgno, t->phcap);; j = (j + 1) & (t->phcap - 1)) {
        int32_t i = t->phash[j];
        if (i < 0)
            return NULL;
        if (t->pages[i].pgno == pgno)
            return &t->pages[i];
    }
}

static void rehash(native_txn *t, size_t cap)
{
    int32_t *h = malloc(cap * sizeof *h);
    if (!h)
        return; /* keep the old table: still correct, only fuller */
    for (size_t j = 0; j < cap; j++)
        h[j] = -1;
    for (size_t i = 0; i < t->npages; i++) {
        size_t j = hslot(t->pages[i].pgno, cap);
        while (h[j] >= 0)
            j = (j + 1) & (cap - 1);
        h[j] = (int32_t)i;
    }
    free(t->phash);
    t->phash = h;
    t->phcap = cap;
}

static native_txn_page *add_page(native_txn *t, uint64_t pgno, uint64_t base_lsn, int is_new, native_error *err)
{
    if (t->npages == t->cappages) {
        size_t n = t->cappages ? t->cappages * 2 : 16;
        native_txn_page *np = realloc(t->pages, n * sizeof *np);
        if (!np) {
            native_fail(err, "53200", "out of memory");
            return NULL;
        }
        t->pages = np;
        t->cappages = n;
    }
    uint8_t *img = aligned_alloc(64, NATIVE_PAGE_SIZE);
    if (!img) {
        native_fail(err, "53200", "out of memory");
        return NULL;
    }
    native_txn_page *p = &t->pages[t->npages++];
    p->pgno = pgno;
    p->base_lsn = base_lsn;
    p->is_new = is_new;
    p->img = img;
    if (t->npages * 2 > t->phcap)
        rehash(t, t->phcap ? t->phcap * 2 : 64);
    else {
        size_t j = hslot(pgno, t->phcap);
        while (t->phash[j] >= 0)
            j = (j + 1) & (t->phcap - 1);
        t->phash[j] = (int32_t)(t->npages - 1);
    }
    return p;
}

static void apply_own_patches(const native_txn *t, uint64_t pgno, uint8_t *page)
{
    for (size_t i = 0; i < t->npatches; i++)
        if (t->patches[i].pgno == pgno)
            memcpy(page + t->patches[i].off, t->patches[i].bytes, t->patches[i].len);
}

/* fn(arg, the committed page in the buffer cache), under the database lock. */
static int view_cached(native_db *db, uint64_t pgno, int (*fn)(void *arg, const uint8_t *page), void *arg,
                       native_error *err)
{
    pthread_mutex_lock(&db->mu);
    native_frame *f;
    int rc = native_db_check_usable(db, err);
    if (rc == 0)
        rc = native_cache_get(db, pgno, 0, &f, err);
    if (rc == 0) {
        rc = fn(arg, f->data);
        native_cache_unpin(f);
    }
    pthread_mutex_unlock(&db->mu);
    return rc;
}

static int copy_page(void *arg, const uint8_t *page)
{
    memcpy(arg, page, NATIVE_PAGE_SIZE);
    return 0;
}

int native_page_read(native_db *db, native_txn *txn, uint64_t pgno, uint8_t *out, native_error *err)
{
    native_txn_page *own = find_page(txn, pgno);
    if (own) {
        memcpy(out, own->img, NATIVE_PAGE_SIZE);
        return 0;
    }
    int rc = view_cached(db, pgno, copy_page, out, err);
    if (rc == 0 && txn && txn->npatches)
        apply_own_patches(txn, pgno, out);
    return rc;
}

int native_page_view(native_db *db, native_txn *txn, uint64_t pgno, int (*fn)(void *arg, const uint8_t *page),
                     void *arg, native_error *err)
{
    if (txn && (txn->npatches || find_page(txn, pgno))) { /* the transaction's own image */
        uint8_t *copy = malloc(NATIVE_PAGE_SIZE);
        if (!copy)
            return native_fail(err, "53200", "out of memory");
        int rc = native_page_read(db, txn, pgno, copy, err);
        if (rc == 0)
            rc = fn(arg, copy);
        free(copy);
        return rc;
    }
    return view_cached(db, pgno, fn, arg, err);
}

uint8_t *native_txn_page_for_write(native_txn *t, uint64_t pgno, native_error *err)
{
    if (pgno == 0 || NATIVE_IS_BITMAP_PAGE(pgno)) {
        native_fail(err, "22023", "page %llu belongs to the storage layer", (unsigned long long)pgno);
        return NULL;
    }
    native_txn_page *own = find_page(t, pgno);
    if (own)
        return own->img;
    native_db *db = t->db;
    pthread_mutex_lock(&db->mu);
    native_frame *f;
    int rc = native_db_check_usable(db, err);
    if (rc == 0)
        rc = native_cache_get(db, pgno, 0, &f, err);
    if (rc != 0) {
        pthread_mutex_unlock(&db->mu);
        return NULL;
    }
    native_txn_page *p = add_page(t, pgno, native_page_lsn(f->data), 0, err);
    if (p)
        memcpy(p->img, f->data, NATIVE_PAGE_SIZE);
    native_cache_unpin(f);
    pthread_mutex_unlock(&db->mu);
    if (!p)
        return NULL;
    /* the page now carries this transaction's earlier patches; drop them as records */
    size_t k = 0;
    for (size_t i = 0; i < t->npatches; i++) {
        if (t->patches[i].pgno == pgno) {
            memcpy(p->img + t->patches[i].off, t->patches[i].bytes, t->patches[i].len);
            free(t->patches[i].bytes);
        } else
            t->patches[k++] = t->patches[i];
    }
    t->npatches = k;
    return p->img;
}

int native_txn_patch(native_txn *t, uint64_t pgno, unsigned off, const void *bytes, unsigned len, native_error *err)
{
    if (pgno == 0 || NATIVE_IS_BITMAP_PAGE(pgno))
        return native_fail(err, "22023", "page %llu belongs to the storage layer", (unsigned long long)pgno);
    if (off < NATIVE_PAGE_HEADER || len == 0 || off + len > NATIVE_PAGE_SIZE)
        return native_fail(err, "22023", "patch of %u bytes at offset %u is outside the page payload", len, off);
    native_txn_page *own = find_page(t, pgno);
    if (own) {
        memcpy(own->img + off, bytes, len);
        return 0;
    }
    if (t->npatches == t->cappatches) {
        size_t n = t->cappatches ? t->cappatches * 2 : 16;
        native_patch_rec *np = realloc(t->patches, n * sizeof *np);
        if (!np)
            return native_fail(err, "53200", "out of memory");
        t->patches = np;
        t->cappatches = n;
    }
    uint8_t *copy = malloc(len);
    if (!copy)
        return native_fail(err, "53200", "out of memory");
    memcpy(copy, bytes, len);
    t->patches[t->npatches++] = (native_patch_rec){.pgno = pgno, .off = (uint16_t)off, .len = (uint16_t)len, .bytes = copy};
    return 0;
}

static int push_u64(uint64_t **arr, size_t *n, size_t *cap, uint64_t v)
{
    if (*n == *cap) {
        size_t c = *cap ? *cap * 2 : 16;
        uint64_t *a = realloc(*arr, c * sizeof *a);
        if (!a)
            return -1;
        *arr = a;
        *cap = c;
    }
    (*arr)[(*n)++] = v;
    return 0;
}

int native_txn_alloc_page(native_txn *t, uint16_t type, uint64_t *pgno, native_error *err)
{
    native_db *db = t->db;
    pthread_mutex_lock(&db->mu);
    int rc = native_db_check_usable(db, err);
    if (rc == 0)
        rc = native_alloc_reserve(db, pgno, err);
    if (rc == 0 && push_u64(&t->allocs, &t->nallocs, &t->capallocs, *pgno) != 0) {
        native_alloc_release(db, *pgno);
        rc = native_fail(err, "53200", "out of memory");
    }
    pthread_mutex_unlock(&db->mu);
    if (rc != 0)
        return -1;
    native_txn_page *p = add_page(t, *pgno, 0, 1, err);
    if (!p)
        return -1; /* the reservation is released at abort */
    native_page_init(p->img, type);
    return 0;
}

int native_txn_free_page(native_txn *t, uint64_t pgno, native_error *err)
{
    if (pgno < 2 || NATIVE_IS_BITMAP_PAGE(pgno))
        return native_fail(err, "22023", "page %llu cannot be freed", (unsigned long long)pgno);
    if (push_u64(&t->frees, &t->nfrees, &t->capfrees, pgno) != 0)
        return native_fail(err, "53200", "out of memory");
    return 0;
}

uint64_t native_txn_new_table_id(native_txn *t)
{
    native_db *db = t->db;
    pthread_mutex_lock(&db->mu);
    uint64_t id = db->meta.next_table_id++;
    pthread_mutex_unlock(&db->mu);
    if (id > t->max_table_id)
        t->max_table_id = id;
    return id;
}

/* Frees the transaction's memory; with release, returns its reserved pages too. */
void native_txn_release(native_txn *t, int release_reservations)
{
    if (release_reservations) {
        pthread_mutex_lock(&t->db->mu);
        for (size_t i = 0; i < t->nallocs; i++)
            native_alloc_release(t->db, t->allocs[i]);
        pthread_mutex_unlock(&t->db->mu);
    }
    for (size_t i = 0; i < t->npages; i++)
        free(t->pages[i].img);
    for (size_t i = 0; i < t->npatches; i++)
        free(t->patches[i].bytes);
    free(t->pages);
    free(t->phash);
    free(t->patches);
    free(t->allocs);
    free(t->frees);
    free(t);
}

void native_txn_abort(native_txn *t)
{
    if (t)
        native_txn_release(t, 1);
}
