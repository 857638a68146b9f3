/* native_wal.c — the write-ahead log file DBPATH-wal: a header naming its generation (epoch)
 * and first LSN, then records (crc32, length, LSN, type, payload). Appends go to a memory
 * buffer; native_wal_flush writes and fdatasyncs it for every waiting thread at once (the
 * first waiter leads, the others wait for it: group commit). A failed write or sync is sticky:
 * the WAL refuses further work until the database is reopened and recovered. */
#include "native_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WAL_MAGIC "SunstoneNativeWL"

static uint32_t record_seed(uint64_t epoch) { return (uint32_t)(epoch ^ (epoch >> 32) ^ 0x5EED5EEDu); }

static void build_header(uint8_t *h, uint64_t epoch, uint64_t base_lsn)
{
    memset(h, 0, WAL_HEADER_SIZE);
    memcpy(h, WAL_MAGIC, 16);
    native_put32(h + 16, NATIVE_FORMAT_VERSION);
    native_put64(h + 24, epoch);
    native_put64(h + 32, base_lsn);
    native_put32(h + 40, native_crc(0, h, 40));
}

static int write_header(native_wal *w, uint64_t epoch, uint64_t base_lsn, native_error *err)
{
    uint8_t h[WAL_HEADER_SIZE];
    build_header(h, epoch, base_lsn);
    if (native_io_truncate(w->io, NATIVE_FILE_WAL, w->fd, 0) != 0 ||
        native_io_write_all(w->io, NATIVE_FILE_WAL, w->fd, h, sizeof h, 0) != 0 ||
        native_io_sync(w->io, NATIVE_FILE_WAL, w->fd) != 0)
        return native_fail(err, native_errno_sqlstate(errno), "could not reset WAL file \"%s\": %s", w->path, strerror(errno));
    w->epoch = epoch;
    w->base_lsn = base_lsn;
    w->append_lsn = w->written_lsn = w->flushed_lsn = base_lsn;
    w->len = 0;
    return 0;
}

void native_wal_init(native_wal *w)
{
    memset(w, 0, sizeof *w);
    w->fd = -1;
    w->flushed_lsn = UINT64_MAX; /* until created: recovery's pages are all durable already */
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cond, NULL);
}

int native_wal_create(native_wal *w, const char *path, const native_io *io, uint64_t epoch, uint64_t base_lsn, native_error *err)
{
    w->path = path;
    w->io = io;
    w->fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (w->fd < 0)
        return native_fail(err, "58030", "could not open WAL file \"%s\": %s", path, strerror(errno));
    return write_header(w, epoch, base_lsn, err);
}

int native_wal_append(native_wal *w, uint32_t type, const void *payload, size_t len, uint64_t *end_lsn, native_error *err)
{
    size_t total = WAL_RECORD_HEADER + len;
    if (total > UINT32_MAX)
        return native_fail(err, "54000", "WAL record of %zu bytes is too large", len);
    pthread_mutex_lock(&w->mu);
    if (w->failed) {
        if (err)
            *err = w->error;
        pthread_mutex_unlock(&w->mu);
        return -1;
    }
    if (w->len + total > w->cap) {
        size_t ncap = w->cap ? w->cap : 65536;
        while (ncap < w->len + total)
            ncap *= 2;
        uint8_t *nb = realloc(w->buf, ncap);
        if (!nb) {
            pthread_mutex_unlock(&w->mu);
            return native_fail(err, "53200", "out of memory for the WAL buffer");
        }
        w->buf = nb;
        w->cap = ncap;
    }
    uint8_t *r = w->buf + w->len;
    native_put32(r + 4, (uint32_t)total);
    native_put64(r + 8, w->append_lsn);
    native_put32(r + 16, type);
    native_put32(r + 20, 0);
    memcpy(r + WAL_RECORD_HEADER, payload, len);
    native_put32(r, native_crc(record_seed(w->epoch), r + 4, total - 4));
    w->len += total;
    w->append_lsn += total;
    *end_lsn = w->append_lsn;
    pthread_mutex_unlock(&w->mu);
    return 0;
}

int native_wal_flush(native_wal *w, uint64_t lsn, native_error *err)
{
    pthread_mutex_lock(&w->mu);
    for (;;) {
        if (w->failed) {
            if (err)
                *err = w->error;
            pthread_mutex_unlock(&w->mu);
            return -1;
        }
        if (w->flushed_lsn >= lsn || w->flushed_lsn >= w->append_lsn)
            break;
        if (w->leader) {
            pthread_cond_wait(&w->cond, &w->mu);
            continue;
        }
        /* lead: take everything appended so far */
        w->leader = 1;
        uint8_t *buf = w->buf;
        size_t n = w->len;
        uint64_t start = w->written_lsn, end = w->append_lsn;
        w->buf = NULL;
        w->len = w->cap = 0;
        pthread_mutex_unlock(&w->mu);
        off_t off = (off_t)(WAL_HEADER_SIZE + (start - w->base_lsn));
        int rc = native_io_write_all(w->io, NATIVE_FILE_WAL, w->fd, buf, n, off);
        int saved = errno;
        const char *what = "write";
        if (rc == 0) {
            rc = native_io_sync(w->io, NATIVE_FILE_WAL, w->fd);
            saved = errno;
            what = "fsync";
        }
        free(buf);
        pthread_mutex_lock(&w->mu);
        w->leader = 0;
        if (rc != 0) {
            w->failed = 1;
            native_fail(&w->error, native_errno_sqlstate(saved), "could not %s WAL file \"%s\": %s", what, w->path, strerror(saved));
        } else {
            w->written_lsn = w->flushed_lsn = end;
            w->syncs++;
        }
        pthread_cond_broadcast(&w->cond);
    }
    pthread_mutex_unlock(&w->mu);
    return 0;
}

int native_wal_reset(native_wal *w, uint64_t epoch, native_error *err)
{
    pthread_mutex_lock(&w->mu);
    int rc;
    if (w->failed) {
        if (err)
            *err = w->error;
        rc = -1;
    } else
        rc = write_header(w, epoch, w->append_lsn, err);
    pthread_mutex_unlock(&w->mu);
    return rc;
}

static void *writer_main(void *arg)
{
    native_wal *w = arg;
    pthread_mutex_lock(&w->mu);
    while (!w->writer_stop) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += (long)(w->delay_ms % 1000) * 1000000L;
        ts.tv_sec += w->delay_ms / 1000 + ts.tv_nsec / 1000000000L;
        ts.tv_nsec %= 1000000000L;
        pthread_cond_timedwait(&w->cond, &w->mu, &ts);
        if (w->writer_stop)
            break;
        uint64_t target = w->append_lsn;
        if (w->flushed_lsn < target && !w->failed) {
            pthread_mutex_unlock(&w->mu);
            native_wal_flush(w, target, NULL);
            pthread_mutex_lock(&w->mu);
        }
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

int native_wal_start_writer(native_wal *w, unsigned delay_ms)
{
    w->delay_ms = delay_ms ? delay_ms : 200;
    if (pthread_create(&w->writer, NULL, writer_main, w) != 0)
        return -1;
    w->writer_started = 1;
    return 0;
}

void native_wal_close(native_wal *w)
{
    if (w->writer_started) {
        pthread_mutex_lock(&w->mu);
        w->writer_stop = 1;
        pthread_cond_broadcast(&w->cond);
        pthread_mutex_unlock(&w->mu);
        pthread_join(w->writer, NULL);
        w->writer_started = 0;
    }
    if (w->fd >= 0)
        close(w->fd);
    w->fd = -1;
    free(w->buf);
    w->buf = NULL;
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cond);
}

int native_wal_replay(const char *path, uint64_t epoch, uint64_t *base_lsn, uint64_t *end_lsn,
                      int (*apply)(void *ctx, uint64_t lsn_end, const uint8_t *payload, size_t len, native_error *err),
                      void *ctx, native_error *err)
{
    *base_lsn = *end_lsn = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        return native_fail(err, "58030", "could not open WAL file \"%s\": %s", path, strerror(errno));
    }
    uint8_t h[WAL_HEADER_SIZE];
    if (native_io_read(fd, h, sizeof h, 0) != (ssize_t)sizeof h || memcmp(h, WAL_MAGIC, 16) != 0 ||
        native_get32(h + 40) != native_crc(0, h, 40) || native_get64(h + 24) != epoch) {
        close(fd); /* missing, foreign or of an older generation: nothing to replay */
        return 0;
    }
    uint64_t base = native_get64(h + 32), lsn = base;
    *base_lsn = *end_lsn = base;
    off_t size = lseek(fd, 0, SEEK_END);
    uint8_t *rec = NULL;
    size_t cap = 0;
    int rc = 0;
    for (;;) {
        off_t off = (off_t)(WAL_HEADER_SIZE + (lsn - base));
        uint8_t rh[WAL_RECORD_HEADER];
        if (off + (off_t)WAL_RECORD_HEADER > size || native_io_read(fd, rh, sizeof rh, off) != (ssize_t)sizeof rh)
            break;
        uint32_t total = native_get32(rh + 4);
        if (total < WAL_RECORD_HEADER || off + (off_t)total > size || native_get64(rh + 8) != lsn)
            break; /* torn tail */
        if (total > cap) {
            uint8_t *n = realloc(rec, total);
            if (!n) {
                rc = native_fail(err, "53200", "out of memory replaying \"%s\"", path);
                break;
            }
            rec = n;
            cap = total;
        }
        if (native_io_read(fd, rec, total, off) != (ssize_t)total)
            break;
        if (native_get32(rec) != native_crc(record_seed(epoch), rec + 4, total - 4))
            break; /* torn or damaged last record: ignored, like everything after it */
        lsn += total;
        if (native_get32(rec + 16) == WAL_REC_COMMIT &&
            apply(ctx, lsn, rec + WAL_RECORD_HEADER, total - WAL_RECORD_HEADER, err) != 0) {
            rc = -1;
            break;
        }
        *end_lsn = lsn;
    }
    free(rec);
    close(fd);
    return rc;
}
