/* native_db.c — opening a native database (lock, header checks, recovery), page I/O on the
 * data file, checkpoints, and closing. */
#include "native_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void native_options_default(native_options *o)
{
    memset(o, 0, sizeof *o);
    o->cache_pages = 1024;
    o->synchronous_commit = 1;
    o->wal_writer_delay_ms = 200;
    o->checkpoint_wal_bytes = 64u << 20;
}

int native_db_read_page_file(native_db *db, uint64_t pgno, uint8_t *out, native_error *err)
{
    if (pgno == 0 || pgno >= db->meta.page_count)
        return native_fail(err, "XX001", "page %llu of \"%s\" is out of range (the file has %llu pages)",
                           (unsigned long long)pgno, db->path, (unsigned long long)db->meta.page_count);
    ssize_t r = native_io_read(db->fd, out, NATIVE_PAGE_SIZE, (off_t)(pgno * NATIVE_PAGE_SIZE));
    if (r < 0)
        return native_fail(err, "58030", "could not read page %llu of \"%s\": %s", (unsigned long long)pgno, db->path, strerror(errno));
    if (r < (ssize_t)NATIVE_PAGE_SIZE)
        memset(out + r, 0, NATIVE_PAGE_SIZE - (size_t)r);
    if (!native_page_verify(out, pgno))
        return native_fail(err, "XX001", "page %llu of \"%s\" is damaged (checksum mismatch)", (unsigned long long)pgno, db->path);
    return 0;
}

int native_db_write_page_file(native_db *db, uint64_t pgno, uint8_t *page, native_error *err)
{
    native_page_seal(page, pgno, native_page_lsn(page));
    if (native_io_write_all(&db->io, NATIVE_FILE_DATA, db->fd, page, NATIVE_PAGE_SIZE, (off_t)(pgno * NATIVE_PAGE_SIZE)) != 0) {
        int e = errno;
        return native_fail(err, native_errno_sqlstate(e), "could not write page %llu of \"%s\": %s", (unsigned long long)pgno, db->path, strerror(e));
    }
    return 0;
}

int native_db_fail(native_db *db, const native_error *cause)
{
    if (!db->failed) {
        db->failed = 1;
        native_fail(&db->fail_error, "55000", "database \"%s\" failed and must be reopened to recover: %s", db->path,
                    cause ? cause->message : "I/O error");
    }
    return -1;
}

int native_db_check_usable(native_db *db, native_error *err)
{
    if (db->failed) {
        if (err)
            *err = db->fail_error;
        return -1;
    }
    return 0;
}

static void meta_to_page(const native_meta *m, uint8_t *page)
{
    native_page_init(page, NATIVE_PT_META);
    memcpy(page + META_MAGIC, NATIVE_MAGIC, 16);
    native_put32(page + META_VERSION, NATIVE_FORMAT_VERSION);
    native_put32(page + META_PAGE_SIZE, NATIVE_PAGE_SIZE);
    native_put64(page + META_EPOCH, m->epoch);
    native_put64(page + META_PAGE_COUNT, m->page_count);
    native_put64(page + META_NEXT_TABLE_ID, m->next_table_id);
    native_put64(page + META_MAX_XID, m->max_xid);
    native_put64(page + META_LAST_COMMIT_TIME, (uint64_t)m->last_commit_time);
    native_put64(page + META_CATALOG_FIRST, m->catalog_first);
    native_put64(page + META_CATALOG_LEN, m->catalog_len);
    native_put64(page + META_CHECKPOINT_LSN, m->checkpoint_lsn);
    native_page_seal(page, 0, 0);
}

static int write_meta(native_db *db, native_error *err)
{
    uint8_t *page = aligned_alloc(4096, NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    meta_to_page(&db->meta, page);
    int rc = native_io_write_all(&db->io, NATIVE_FILE_DATA, db->fd, page, NATIVE_PAGE_SIZE, 0);
    int e = errno;
    free(page);
    if (rc != 0 || native_io_sync(&db->io, NATIVE_FILE_DATA, db->fd) != 0) {
        e = rc != 0 ? e : errno;
        return native_fail(err, native_errno_sqlstate(e), "could not write the header of \"%s\": %s", db->path, strerror(e));
    }
    return 0;
}

/* Checks page 0 and loads the header fields; nothing is written. */
static int read_meta(native_db *db, off_t size, native_error *err)
{
    uint8_t page[NATIVE_PAGE_SIZE];
    ssize_t r = native_io_read(db->fd, page, sizeof page, 0);
    if (r < 0)
        return native_fail(err, "58030", "could not read \"%s\": %s", db->path, strerror(errno));
    if (r < (ssize_t)(META_MAGIC + 16) || memcmp(page + META_MAGIC, NATIVE_MAGIC, 16) != 0)
        return native_fail(err, "XX001", "file \"%s\" is not a Sunstone database", db->path);
    uint32_t version = native_get32(page + META_VERSION);
    if (version > NATIVE_FORMAT_VERSION)
        return native_fail(err, "0A000", "database file \"%s\" has format version %u; this build reads up to version %u",
                           db->path, version, NATIVE_FORMAT_VERSION);
    if (r < (ssize_t)NATIVE_PAGE_SIZE || native_get32(page + META_PAGE_SIZE) != NATIVE_PAGE_SIZE)
        return native_fail(err, "XX001", "database file \"%s\" has page size %u; this build uses %u", db->path,
                           native_get32(page + META_PAGE_SIZE), NATIVE_PAGE_SIZE);
    if (!native_page_verify(page, 0) || native_page_type(page) != NATIVE_PT_META)
        return native_fail(err, "XX001", "page 0 of \"%s\" is damaged (checksum mismatch)", db->path);
    native_meta *m = &db->meta;
    m->epoch = native_get64(page + META_EPOCH);
    m->page_count = native_get64(page + META_PAGE_COUNT);
    m->next_table_id = native_get64(page + META_NEXT_TABLE_ID);
    m->max_xid = native_get64(page + META_MAX_XID);
    m->last_commit_time = (int64_t)native_get64(page + META_LAST_COMMIT_TIME);
    m->catalog_first = native_get64(page + META_CATALOG_FIRST);
    m->catalog_len = native_get64(page + META_CATALOG_LEN);
    m->checkpoint_lsn = native_get64(page + META_CHECKPOINT_LSN);
    if (m->page_count < 2 || m->page_count > (UINT64_MAX / NATIVE_PAGE_SIZE))
        return native_fail(err, "XX001", "page 0 of \"%s\" is damaged (page count %llu)", db->path, (unsigned long long)m->page_count);
    if ((uint64_t)size < m->page_count * NATIVE_PAGE_SIZE)
        return native_fail(err, "XX001", "database file \"%s\" is truncated: %lld bytes, its header says %llu pages (%llu bytes)",
                           db->path, (long long)size, (unsigned long long)m->page_count,
                           (unsigned long long)(m->page_count * NATIVE_PAGE_SIZE));
    return 0;
}

/* A new database: header and the first free-space bitmap, synced. */
static int create_file(native_db *db, native_error *err)
{
    memset(&db->meta, 0, sizeof db->meta);
    /* a random first generation, so a stale DBPATH-wal left by an earlier file never matches */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    db->meta.epoch = ((uint64_t)ts.tv_sec << 32) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 16);
    db->meta.page_count = 2;
    db->meta.next_table_id = 1;
    uint8_t *page = aligned_alloc(4096, NATIVE_PAGE_SIZE);
    if (!page)
        return native_fail(err, "53200", "out of memory");
    native_page_init(page, NATIVE_PT_BITMAP);
    native_page_payload(page)[0] = 0x3; /* pages 0 and 1 are in use */
    native_page_seal(page, 1, 0);
    int rc = native_io_write_all(&db->io, NATIVE_FILE_DATA, db->fd, page, NATIVE_PAGE_SIZE, NATIVE_PAGE_SIZE);
    int e = errno;
    free(page);
    if (rc != 0)
        return native_fail(err, native_errno_sqlstate(e), "could not write \"%s\": %s", db->path, strerror(e));
    return write_meta(db, err);
}

static int replay_one(void *ctx, uint64_t lsn_end, const uint8_t *payload, size_t len, native_error *err)
{
    native_db *db = ctx;
    if (native_commit_apply_record(db, lsn_end, payload, len, err) != 0)
        return -1;
    native_commit_info *n = realloc(db->recovered, (db->nrecovered + 1) * sizeof *n);
    if (!n)
        return native_fail(err, "53200", "out of memory during recovery");
    db->recovered = n;
    n[db->nrecovered].xid = native_get64(payload);
    n[db->nrecovered].commit_time_us = (int64_t)native_get64(payload + 8);
    db->nrecovered++;
    return 0;
}

/* fcntl locks belong to the process (a second open in the same process would succeed, and
 * its close would drop the first one's lock), so files open in this process are listed too. */
typedef struct open_file {
    dev_t dev;
    ino_t ino;
    pid_t pid; /* a child after fork() inherits the list, not the locks */
    struct open_file *next;
} open_file;
static open_file *open_files;
static pthread_mutex_t open_files_mu = PTHREAD_MUTEX_INITIALIZER;

static int register_open(dev_t dev, ino_t ino)
{
    pthread_mutex_lock(&open_files_mu);
    for (open_file *o = open_files; o; o = o->next)
        if (o->dev == dev && o->ino == ino && o->pid == getpid()) {
            pthread_mutex_unlock(&open_files_mu);
            return 1;
        }
    open_file *o = malloc(sizeof *o);
    if (!o) {
        pthread_mutex_unlock(&open_files_mu);
        return -1;
    }
    o->dev = dev;
    o->ino = ino;
    o->pid = getpid();
    o->next = open_files;
    open_files = o;
    pthread_mutex_unlock(&open_files_mu);
    return 0;
}

static int is_open_here(dev_t dev, ino_t ino)
{
    int found = 0;
    pthread_mutex_lock(&open_files_mu);
    for (open_file *o = open_files; o; o = o->next)
        found |= o->dev == dev && o->ino == ino && o->pid == getpid();
    pthread_mutex_unlock(&open_files_mu);
    return found;
}

static void unregister_open(dev_t dev, ino_t ino)
{
    pthread_mutex_lock(&open_files_mu);
    for (open_file **l = &open_files; *l; l = &(*l)->next)
        if ((*l)->dev == dev && (*l)->ino == ino && (*l)->pid == getpid()) {
            open_file *o = *l;
            *l = o->next;
            free(o);
            break;
        }
    pthread_mutex_unlock(&open_files_mu);
}

static void db_free(native_db *db)
{
    if (db->registered)
        unregister_open(db->dev, db->ino);
    native_wal_close(&db->wal);
    native_cache_destroy(&db->cache);
    native_pgset_free(&db->reserved);
    if (db->fd >= 0)
        close(db->fd); /* releases the fcntl lock */
    pthread_mutex_destroy(&db->mu);
    free(db->recovered);
    free(db->path);
    free(db->wal_path);
    free(db);
}

native_db *native_db_open(const char *path, const native_options *opts, native_error *err)
{
    native_db *db = calloc(1, sizeof *db);
    if (!db) {
        native_fail(err, "53200", "out of memory");
        return NULL;
    }
    db->fd = -1;
    native_wal_init(&db->wal);
    pthread_mutex_init(&db->mu, NULL);
    if (opts)
        db->opts = *opts;
    else
        native_options_default(&db->opts);
    if (db->opts.cache_pages == 0)
        db->opts.cache_pages = 1024;
    if (db->opts.cache_pages < 16)
        db->opts.cache_pages = 16;
    if (db->opts.checkpoint_wal_bytes == 0)
        db->opts.checkpoint_wal_bytes = 64u << 20;
    db->io.hooks = db->opts.io;
    db->io.ctx = db->opts.io_ctx;
    size_t plen = strlen(path);
    db->path = strdup(path);
    db->wal_path = malloc(plen + 5);
    if (!db->path || !db->wal_path || native_cache_init(&db->cache, db->opts.cache_pages) != 0) {
        native_fail(err, "53200", "out of memory");
        goto fail;
    }
    snprintf(db->wal_path, plen + 5, "%s-wal", path);
    struct stat pre;
    if (stat(path, &pre) == 0 && is_open_here(pre.st_dev, pre.st_ino)) {
        native_fail(err, "55006", "database file \"%s\" is already open in this process", path);
        goto fail;
    }
    db->fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (db->fd < 0) {
        native_fail(err, "58030", "could not open database file \"%s\": %s", path, strerror(errno));
        goto fail;
    }
    struct stat st;
    if (fstat(db->fd, &st) != 0) {
        native_fail(err, "58030", "could not stat \"%s\": %s", path, strerror(errno));
        goto fail;
    }
    if (register_open(st.st_dev, st.st_ino) != 0) {
        /* lost a race with another thread opening it: keep the descriptor (closing it would
         * drop the lock the other handle holds) */
        db->fd = -1;
        native_fail(err, "55006", "database file \"%s\" is already open in this process", path);
        goto fail;
    }
    db->registered = 1;
    db->dev = st.st_dev;
    db->ino = st.st_ino;
    struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(db->fd, F_SETLK, &lk) != 0) {
        if (errno == EACCES || errno == EAGAIN)
            native_fail(err, "55006", "database file \"%s\" is in use by another process", path);
        else
            native_fail(err, "58030", "could not lock database file \"%s\": %s", path, strerror(errno));
        goto fail;
    }
    if (st.st_size == 0) {
        if (create_file(db, err) != 0)
            goto fail;
    } else if (read_meta(db, st.st_size, err) != 0)
        goto fail;
    db->reserve_high = db->meta.page_count;
    db->alloc_hint = 2;
    /* recovery: replay the committed records of this generation into the cache */
    uint64_t base = 0, end = 0;
    if (st.st_size != 0 &&
        native_wal_replay(db->wal_path, db->meta.epoch, &base, &end, replay_one, db, err) != 0)
        goto fail;
    if (end == 0) /* no WAL of this generation: LSNs continue from the last checkpoint */
        base = end = db->meta.checkpoint_lsn;
    db->wal.base_lsn = base;
    db->wal.append_lsn = end;
    if (native_cache_flush_all(db, err) != 0)
        goto fail;
    /* a fresh WAL generation, started after a checkpoint of what was replayed */
    if (db->nrecovered > 0) {
        uint64_t need = db->meta.page_count * NATIVE_PAGE_SIZE;
        if (fstat(db->fd, &st) == 0 && (uint64_t)st.st_size < need &&
            native_io_truncate(&db->io, NATIVE_FILE_DATA, db->fd, (off_t)need) != 0) {
            native_fail(err, native_errno_sqlstate(errno), "could not extend \"%s\": %s", path, strerror(errno));
            goto fail;
        }
        if (native_io_sync(&db->io, NATIVE_FILE_DATA, db->fd) != 0) {
            native_fail(err, native_errno_sqlstate(errno), "could not fsync \"%s\": %s", path, strerror(errno));
            goto fail;
        }
        db->meta.epoch++;
        db->meta.checkpoint_lsn = end;
        if (write_meta(db, err) != 0)
            goto fail;
    }
    if (native_wal_create(&db->wal, db->wal_path, &db->io, db->meta.epoch, end, err) != 0)
        goto fail;
    if (native_wal_start_writer(&db->wal, db->opts.wal_writer_delay_ms) != 0) {
        native_fail(err, "58000", "could not start the WAL writer thread");
        goto fail;
    }
    return db;
fail:
    db_free(db);
    return NULL;
}

/* With db->mu held. */
static int checkpoint_locked(native_db *db, native_error *err)
{
    if (native_db_check_usable(db, err) != 0)
        return -1;
    native_error e;
    if (native_wal_flush(&db->wal, db->wal.append_lsn, &e) != 0 || native_cache_flush_all(db, &e) != 0)
        goto failed;
    struct stat st;
    uint64_t need = db->meta.page_count * NATIVE_PAGE_SIZE;
    if (fstat(db->fd, &st) == 0 && (uint64_t)st.st_size < need &&
        native_io_truncate(&db->io, NATIVE_FILE_DATA, db->fd, (off_t)need) != 0) {
        native_fail(&e, native_errno_sqlstate(errno), "could not extend \"%s\": %s", db->path, strerror(errno));
        goto failed;
    }
    if (native_io_sync(&db->io, NATIVE_FILE_DATA, db->fd) != 0) {
        native_fail(&e, native_errno_sqlstate(errno), "could not fsync \"%s\": %s", db->path, strerror(errno));
        goto failed;
    }
    db->meta.epoch++;
    db->meta.checkpoint_lsn = db->wal.append_lsn;
    if (write_meta(db, &e) != 0 || native_wal_reset(&db->wal, db->meta.epoch, &e) != 0)
        goto failed;
    db->checkpoints++;
    return 0;
failed:
    /* After a failed write or fsync the kernel's page cache cannot be trusted (PostgreSQL's
     * fsync lesson): refuse everything until a reopen recovers from the WAL. */
    if (err)
        *err = e;
    return native_db_fail(db, &e);
}

int native_db_checkpoint(native_db *db, native_error *err)
{
    pthread_mutex_lock(&db->mu);
    int rc = checkpoint_locked(db, err);
    pthread_mutex_unlock(&db->mu);
    return rc;
}

int native_db_close(native_db *db, native_error *err)
{
    int rc = 0;
    if (!db->failed)
        rc = native_db_checkpoint(db, err);
    db_free(db);
    return rc;
}

void native_db_close_unchanged(native_db *db)
{
    db_free(db);
}

const native_commit_info *native_db_recovered_commits(const native_db *db, size_t *count)
{
    *count = db->nrecovered;
    return db->recovered;
}

uint64_t native_db_max_committed_xid(const native_db *db) { return db->meta.max_xid; }
int64_t native_db_last_commit_time(const native_db *db) { return db->meta.last_commit_time; }

void native_db_get_stats(native_db *db, native_db_stats *out)
{
    pthread_mutex_lock(&db->mu);
    memset(out, 0, sizeof *out);
    out->page_count = db->meta.page_count;
    out->cache_hits = db->cache.hits;
    out->cache_misses = db->cache.misses;
    out->cache_evictions = db->cache.evictions;
    out->wal_bytes = db->wal.append_lsn - db->wal.base_lsn;
    pthread_mutex_lock(&db->wal.mu);
    out->wal_syncs = db->wal.syncs;
    pthread_mutex_unlock(&db->wal.mu);
    out->commits = db->commits;
    out->checkpoints = db->checkpoints;
    for (uint64_t g = 0; g * NATIVE_BITMAP_SPAN < db->meta.page_count; g++) {
        native_frame *f;
        if (native_cache_get(db, g * NATIVE_BITMAP_SPAN + 1, 0, &f, NULL) != 0)
            break;
        const uint8_t *bits = f->data + NATIVE_PAGE_HEADER;
        for (uint64_t i = 0; i < NATIVE_BITMAP_SPAN && g * NATIVE_BITMAP_SPAN + i < db->meta.page_count; i++)
            if (!(bits[i / 8] & (1u << (i % 8))))
                out->free_pages++;
        native_cache_unpin(f);
    }
    pthread_mutex_unlock(&db->mu);
}
