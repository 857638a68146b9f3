/* copy_io.h — where COPY's bytes come from and go to: a file (PostgreSQL's messages for
 * opening it) or the session's copy handler (STDIN / STDOUT). */
#ifndef SS_COPY_COPY_IO_H
#define SS_COPY_COPY_IO_H

#include <stdio.h>

#include "api/statement.h"
#include "copy/copy.h"

typedef struct ss_copy_io {
    FILE *file;            /* NULL: the session's copy handler */
    sunstone *db;
    const char *filename;
} ss_copy_io;

/* Opens the file of a bound COPY (FROM: for reading; TO: an absolute path, for writing), or
 * checks that the session has the handler STDIN / STDOUT needs. */
int ss_copy_io_open(ss_ctx *ctx, sunstone *db, const ss_copy_bound *c, ss_copy_io *io);
/* Reads up to size bytes (*n 0: the end). */
int ss_copy_io_read(ss_ctx *ctx, ss_copy_io *io, char *buf, size_t size, size_t *n);
int ss_copy_io_write(ss_ctx *ctx, ss_copy_io *io, const char *data, size_t len);
/* Closes the file (a write error on close fails the COPY TO). */
int ss_copy_io_close(ss_ctx *ctx, ss_copy_io *io);

#endif
