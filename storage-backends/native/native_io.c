/* native_io.c — pwrite/pread/fdatasync/ftruncate through the test hooks of native_io.h. */
#include "native_io.h"

#include <errno.h>
#include <unistd.h>

int native_io_write_all(const native_io *io, native_file_kind kind, int fd, const void *buf, size_t n, off_t off)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t w = (io->hooks && io->hooks->pwrite) ? io->hooks->pwrite(io->ctx, kind, fd, p, n, off)
                                                     : pwrite(fd, p, n, off);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (w == 0) {
            errno = ENOSPC;
            return -1;
        }
        p += w;
        n -= (size_t)w;
        off += w;
    }
    return 0;
}

ssize_t native_io_read(int fd, void *buf, size_t n, off_t off)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(fd, (char *)buf + got, n - got, off + (off_t)got);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return (ssize_t)got;
}

int native_io_sync(const native_io *io, native_file_kind kind, int fd)
{
    if (io->hooks && io->hooks->fsync)
        return io->hooks->fsync(io->ctx, kind, fd);
    return fdatasync(fd);
}

int native_io_truncate(const native_io *io, native_file_kind kind, int fd, off_t len)
{
    if (io->hooks && io->hooks->ftruncate)
        return io->hooks->ftruncate(io->ctx, kind, fd, len);
    return ftruncate(fd, len);
}
