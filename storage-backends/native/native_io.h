/* native_io.h — the file operations the native storage library performs, behind a table of
 * hooks so tests can inject short writes, ENOSPC and fsync failures. */
#ifndef SS_NATIVE_IO_H
#define SS_NATIVE_IO_H

#include <stddef.h>
#include <sys/types.h>

typedef enum native_file_kind { NATIVE_FILE_DATA = 0, NATIVE_FILE_WAL = 1 } native_file_kind;

/* Each hook behaves like the system call it replaces (returning -1 with errno set on failure);
 * ctx is native_options.io_ctx. A NULL hook means the system call itself. */
typedef struct native_io_hooks {
    ssize_t (*pwrite)(void *ctx, native_file_kind kind, int fd, const void *buf, size_t n, off_t off);
    int (*fsync)(void *ctx, native_file_kind kind, int fd);
    int (*ftruncate)(void *ctx, native_file_kind kind, int fd, off_t len);
} native_io_hooks;

typedef struct native_io {
    const native_io_hooks *hooks; /* NULL: the system calls */
    void *ctx;
} native_io;

/* Writes all n bytes at off (retrying short writes); 0, or -1 with errno set. */
int native_io_write_all(const native_io *io, native_file_kind kind, int fd, const void *buf, size_t n, off_t off);
/* Reads up to n bytes at off; the number read (short at end of file), or -1 with errno. */
ssize_t native_io_read(int fd, void *buf, size_t n, off_t off);
int native_io_sync(const native_io *io, native_file_kind kind, int fd);
int native_io_truncate(const native_io *io, native_file_kind kind, int fd, off_t len);

#endif
