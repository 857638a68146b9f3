/* native_commit.c — turning a transaction into one WAL commit record (xid, commit time, the
 * header fields, then page entries: whole images, or byte patches of pages already imaged
 * since the last checkpoint), appending it, installing it in the buffer cache, and group-
 * committing it. Recovery installs the same records through native_commit_apply_record. */
#include "native_bytes.h"
#include "native_internal.h"

#include <stdlib.h>
#include <string.h>

#define REC_FIXED 64u
#define ENTRY_HEADER 16u
enum { ENTRY_IMAGE = 1, ENTRY_PATCH = 2 };

typedef struct rec_buf {
    native_bytes b;
    uint32_t nentries;
} rec_buf;

static void rec_entry(rec_buf *b, uint64_t pgno, int kind, unsigned off, unsigned len, const uint8_t *bytes)
{
    uint8_t *e = native_bytes_grow(&b->b, ENTRY_HEADER + len);
    if (!e)
        return;
    native_put64(e, pgno);
    native_put16(e + 8, (uint16_t)kind);
    native_put16(e + 10, (uint16_t)off);
    native_put16(e + 12, (uint16_t)len);
    native_put16(e + 14, 0);
    memcpy(e + ENTRY_HEADER, bytes, len);
    b->nentries++;
}

/* A page changed by byte ranges at commit (bitmaps, version stamps): a scratch copy of the
 * committed page and the ranges changed. */
typedef struct scratch {
    uint64_t pgno;
    uint8_t *img;
    int whole; /* emit as an image: new page or first change in this WAL generation */
    struct { uint16_t off, len; } *ranges;
    size_t nranges, capranges;
} scratch;

typedef struct scratch_set {
    scratch *s;
    size_t n, cap;
} scratch_set;

static scratch *scratch_get(native_db *db, scratch_set *ss, uint64_t pgno, int create_bitmap, native_error *err)
{
    for (size_t i = 0; i < ss->n; i++)
        if (ss->s[i].pgno == pgno)
            return &ss->s[i];
    if (ss->n == ss->cap) {
        size_t c = ss->cap ? ss->cap * 2 : 8;
        scratch *ns = realloc(ss->s, c * sizeof *ns);
        if (!ns) {
            native_fail(err, "53200", "out of memory");
            return NULL;
        }
        ss->s = ns;
        ss->cap = c;
    }
    scratch *s = &ss->s[ss->n];
    memset(s, 0, sizeof *s);
    s->pgno = pgno;
    s->img = malloc(NATIVE_PAGE_SIZE);
    if (!s->img) {
        native_fail(err, "53200", "out of memory");
        return NULL;
    }
    if (create_bitmap) {
        native_page_init(s->img, NATIVE_PT_BITMAP);
        s->whole = 1;
    } else {
        native_frame *f;
        if (native_cache_get(db, pgno, 0, &f, err) != 0) {
            free(s->img);
            return NULL;
        }
        memcpy(s->img, f->data, NATIVE_PAGE_SIZE);
        native_cache_unpin(f);
        s->whole = native_page_lsn(s->img) <= db->wal.base_lsn;
    }
    ss->n++;
    return s;
}

static int scratch_change(scratch *s, unsigned off, const void *bytes, unsigned len, native_error *err)
{
    memcpy(s->img + off, bytes, len);
    if (s->nranges == s->capranges) {
        size_t c = s->capranges ? s->capranges * 2 : 8;
        void *n = realloc(s->ranges, c * sizeof *s->ranges);
        if (!n)
            return native_fail(err, "53200", "out of memory");
        s->ranges = n;
        s->capranges = c;
    }
    s->ranges[s->nranges].off = (uint16_t)off;
    s->ranges[s->nranges].len = (uint16_t)len;
    s->nranges++;
    return 0;
}

static void scratch_free(scratch_set *ss)
{
    for (size_t i = 0; i < ss->n; i++) {
        free(ss->s[i].img);
        free(ss->s[i].ranges);
    }
    free(ss->s);
}

static int in_list(const uint64_t *a, size_t n, uint64_t v)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] == v)
            return 1;
    return 0;
}

/* Sets or clears the bitmap bit of pgno in the scratch of its bitmap page. */
static int bitmap_change(native_db *db, scratch_set *ss, const native_meta *m, uint64_t pgno, int set, native_error *err)
{
    uint64_t g = pgno / NATIVE_BITMAP_SPAN, bm = g * NATIVE_BITMAP_SPAN + 1, bit = pgno % NATIVE_BITMAP_SPAN;
    int create = bm >= db->meta.page_count; /* a group this commit enters first */
    scratch *s = scratch_get(db, ss, bm, create, err);
    if (!s)
        return -1;
    if (create && s->nranges == 0) {
        uint8_t b = native_page_payload(s->img)[(bm % NATIVE_BITMAP_SPAN) / 8] | (uint8_t)(1u << (bm % NATIVE_BITMAP_SPAN % 8));
        if (scratch_change(s, NATIVE_PAGE_HEADER + (unsigned)((bm % NATIVE_BITMAP_SPAN) / 8), &b, 1, err) != 0)
            return -1;
    }
    (void)m;
    unsigned off = NATIVE_PAGE_HEADER + (unsigned)(bit / 8);
    uint8_t b = s->img[off];
    b = set ? (uint8_t)(b | (1u << (bit % 8))) : (uint8_t)(b & ~(1u << (bit % 8)));
    return scratch_change(s, off, &b, 1, err);
}

static int build_record(native_txn *t, rec_buf *b, native_meta *m, native_error *err)
{
    native_db *db = t->db;
    scratch_set ss = {0};
    int rc = -1;
    /* first committer wins on whole-page rewrites */
    for (size_t i = 0; i < t->npages; i++) {
        if (t->pages[i].is_new)
            continue;
        native_frame *f;
        if (native_cache_get(db, t->pages[i].pgno, 0, &f, err) != 0)
            goto out;
        uint64_t lsn = native_page_lsn(f->data);
        native_cache_unpin(f);
        if (lsn != t->pages[i].base_lsn) {
            native_fail(err, "40001", "could not serialize access due to concurrent update (page %llu of \"%s\")",
                        (unsigned long long)t->pages[i].pgno, db->path);
            goto out;
        }
    }
    if (t->catalog_set && db->meta.catalog_first != t->catalog_seen_first) {
        native_fail(err, "40001", "could not serialize access due to concurrent catalog update in \"%s\"", db->path);
        goto out;
    }
    *m = db->meta;
    m->max_xid = t->xid > m->max_xid ? t->xid : m->max_xid;
    if (t->catalog_set) {
        m->catalog_first = t->catalog_first;
        m->catalog_len = t->catalog_len;
    }
    if (!native_bytes_grow(&b->b, REC_FIXED)) {
        native_fail(err, "53200", "out of memory");
        goto out;
    }
    for (size_t i = 0; i < t->nallocs; i++) {
        uint64_t p = t->allocs[i];
        if (in_list(t->frees, t->nfrees, p))
            continue; /* allocated and freed again: no image, so it must not extend the file */
        if (p + 1 > m->page_count)
            m->page_count = p + 1;
        uint64_t bm = p / NATIVE_BITMAP_SPAN * NATIVE_BITMAP_SPAN + 1;
        if (bm + 1 > m->page_count)
            m->page_count = bm + 1;
    }
    /* every group the file now reaches has its bitmap, also one whose pages were all reserved
     * by transactions that aborted */
    for (uint64_t bm = db->meta.page_count / NATIVE_BITMAP_SPAN * NATIVE_BITMAP_SPAN + 1; bm < m->page_count; bm += NATIVE_BITMAP_SPAN)
        if (bm >= db->meta.page_count && bitmap_change(db, &ss, m, bm, 1, err) != 0)
            goto out;
    for (size_t i = 0; i < t->nallocs; i++)
        if (!in_list(t->frees, t->nfrees, t->allocs[i]) && bitmap_change(db, &ss, m, t->allocs[i], 1, err) != 0)
            goto out;
    for (size_t i = 0; i < t->nfrees; i++)
        if (!in_list(t->allocs, t->nallocs, t->frees[i]) && bitmap_change(db, &ss, m, t->frees[i], 0, err) != 0)
            goto out;
    for (size_t i = 0; i < t->npatches; i++) {
        scratch *s = scratch_get(db, &ss, t->patches[i].pgno, 0, err);
        if (!s || scratch_change(s, t->patches[i].off, t->patches[i].bytes, t->patches[i].len, err) != 0)
            goto out;
    }
    for (size_t i = 0; i < t->npages; i++)
        if (!in_list(t->frees, t->nfrees, t->pages[i].pgno))
            rec_entry(b, t->pages[i].pgno, ENTRY_IMAGE, 0, NATIVE_PAGE_SIZE, t->pages[i].img);
    for (size_t i = 0; i < ss.n; i++) {
        scratch *s = &ss.s[i];
        if (s->whole)
            rec_entry(b, s->pgno, ENTRY_IMAGE, 0, NATIVE_PAGE_SIZE, s->img);
        else
            for (size_t r = 0; r < s->nranges; r++)
                rec_entry(b, s->pgno, ENTRY_PATCH, s->ranges[r].off, s->ranges[r].len, s->img + s->ranges[r].off);
    }
    if (b->b.oom) {
        native_fail(err, "53200", "out of memory building a commit record");
        goto out;
    }
    uint8_t *h = b->b.p;
    memset(h, 0, REC_FIXED);
    native_put64(h, t->xid);
    native_put64(h + 16, m->page_count);
    native_put64(h + 24, m->next_table_id);
    native_put64(h + 32, m->max_xid);
    native_put64(h + 40, m->catalog_first);
    native_put64(h + 48, m->catalog_len);
    native_put32(h + 56, b->nentries);
    rc = 0;
out:
    scratch_free(&ss);
    return rc;
}

/* Checks every entry of a commit record before anything is installed: a malformed record
 * (only possible with a damaged WAL whose CRC still matched) changes nothing. */
static int check_record(const native_db *db, const uint8_t *p, size_t len)
{
    if (len < REC_FIXED)
        return -1;
    uint64_t pc = native_get64(p + 16), page_count = pc > db->meta.page_count ? pc : db->meta.page_count;
    uint64_t max_image = 0;
    uint32_t n = native_get32(p + 56);
    size_t off = REC_FIXED;
    for (uint32_t i = 0; i < n; i++) {
        if (len - off < ENTRY_HEADER)
            return -1;
        uint64_t pgno = native_get64(p + off);
        int kind = native_get16(p + off + 8);
        unsigned eoff = native_get16(p + off + 10), elen = native_get16(p + off + 12);
        if (len - off - ENTRY_HEADER < elen || eoff + elen > NATIVE_PAGE_SIZE || pgno == 0 || pgno >= page_count ||
            (kind == ENTRY_IMAGE && (elen != NATIVE_PAGE_SIZE || eoff != 0)) || (kind != ENTRY_IMAGE && kind != ENTRY_PATCH) ||
            (kind == ENTRY_PATCH && (eoff < NATIVE_PAGE_HEADER || pgno >= db->meta.page_count)))
            return -1;
        if (kind == ENTRY_IMAGE && pgno > max_image)
            max_image = pgno;
        off += ENTRY_HEADER + elen;
    }
    /* the file grows only to pages this record writes whole */
    if (pc > db->meta.page_count && pc > max_image + 1)
        return -1;
    return 0;
}

int native_commit_apply_record(native_db *db, uint64_t lsn_end, const uint8_t *p, size_t len, native_error *err)
{
    if (check_record(db, p, len) != 0)
        return native_fail(err, "XX001", "commit record ending at LSN %llu of \"%s\" is malformed", (unsigned long long)lsn_end,
                           db->wal_path);
    native_meta *m = &db->meta;
    uint64_t pc = native_get64(p + 16);
    if (pc > m->page_count)
        m->page_count = pc;
    if (db->reserve_high < m->page_count)
        db->reserve_high = m->page_count;
    uint64_t nt = native_get64(p + 24);
    if (nt > m->next_table_id)
        m->next_table_id = nt;
    m->max_xid = native_get64(p + 32);
    m->last_commit_time = (int64_t)native_get64(p + 8);
    m->catalog_first = native_get64(p + 40);
    m->catalog_len = native_get64(p + 48);
    uint32_t n = native_get32(p + 56);
    size_t off = REC_FIXED;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t pgno = native_get64(p + off);
        int kind = native_get16(p + off + 8);
        unsigned eoff = native_get16(p + off + 10), elen = native_get16(p + off + 12);
        native_frame *f;
        if (native_cache_get(db, pgno, kind == ENTRY_IMAGE, &f, err) != 0)
            return -1;
        memcpy(f->data + eoff, p + off + ENTRY_HEADER, elen);
        native_put64(f->data + 8, lsn_end);
        f->dirty = 1;
        native_cache_unpin(f);
        off += ENTRY_HEADER + elen;
    }
    return 0;
}

int native_txn_commit(native_txn *t, int64_t commit_time_us, native_error *err)
{
    return native_txn_commit_sync(t, commit_time_us, -1, err);
}

int native_txn_commit_sync(native_txn *t, int64_t commit_time_us, int sync_wanted, native_error *err)
{
    native_db *db = t->db;
    int sync = sync_wanted < 0 ? db->opts.synchronous_commit : sync_wanted;
    uint64_t end;
    if (native_txn_commit_lsn(t, commit_time_us, &end, err) != 0)
        return -1;
    return sync ? native_db_sync_wal(db, end, err) : 0;
}

int native_db_sync_wal(native_db *db, uint64_t lsn, native_error *err)
{
    if (native_wal_flush(&db->wal, lsn, err) == 0)
        return 0;
    pthread_mutex_lock(&db->mu);
    native_db_fail(db, err);
    pthread_mutex_unlock(&db->mu);
    return -1;
}

int native_txn_commit_lsn(native_txn *t, int64_t commit_time_us, uint64_t *commit_lsn, native_error *err)
{
    native_db *db = t->db;
    rec_buf b = {0};
    native_meta m;
    uint64_t end = 0;
    pthread_mutex_lock(&db->mu);
    int rc = native_db_check_usable(db, err);
    if (rc == 0)
        rc = build_record(t, &b, &m, err);
    if (rc == 0) {
        native_put64(b.b.p + 8, (uint64_t)commit_time_us);
        rc = native_wal_append(&db->wal, WAL_REC_COMMIT, b.b.p, b.b.len, &end, err);
        if (rc != 0)
            native_db_fail(db, err);
    }
    if (rc == 0) {
        native_error e;
        if (native_commit_apply_record(db, end, b.b.p, b.b.len, &e) != 0) {
            /* the record is in the WAL: recovery will install what the cache could not */
            native_db_fail(db, &e);
            if (err)
                *err = db->fail_error;
            rc = -1;
        } else {
            for (size_t i = 0; i < t->nallocs; i++)
                native_pgset_remove(&db->reserved, t->allocs[i]);
            for (size_t i = 0; i < t->nfrees; i++)
                if (t->frees[i] < db->alloc_hint)
                    db->alloc_hint = t->frees[i];
            db->commits++;
        }
    }
    int want_checkpoint = rc == 0 && db->wal.append_lsn - db->wal.base_lsn > db->opts.checkpoint_wal_bytes;
    pthread_mutex_unlock(&db->mu);
    free(b.b.p);
    native_txn_release(t, rc != 0 && end == 0);
    if (rc == 0 && want_checkpoint) {
        native_error ce;
        if (native_db_checkpoint(db, &ce) != 0) {
            /* the commit itself is durable; the failure stops the database */
        }
    }
    *commit_lsn = rc == 0 ? end : 0;
    return rc;
}
