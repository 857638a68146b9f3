/* copy_io.c — COPY's files (fopen with PostgreSQL's errors: 58P01 and the other file-access
 * codes of errcode_for_file_access, 42602 for a relative COPY TO path, 42809 for a directory)
 * and the session's copy handler for STDIN / STDOUT. */
#include "copy/copy_io.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "copy/copy.h"

/* errcode_for_file_access's SQLSTATE for errno e. */
static const char *file_access_code(int e)
{
    switch (e) {
    case ENOENT: return SS_SQLSTATE_UNDEFINED_FILE;
    case EACCES:
    case EPERM:
    case EROFS: return "42501";
    case EEXIST: return "58P02";
    case ENOSPC: return "53100";
    case EMFILE:
    case ENFILE: return "53000";
    default: return "58030";
    }
}

int ss_copy_io_open(ss_ctx *ctx, sunstone *db, const ss_copy_bound *c, ss_copy_io *io)
{
    memset(io, 0, sizeof *io);
    io->db = db;
    io->filename = c->filename;
    if (!c->filename) {
        if (c->is_from ? !db->copy_read : !db->copy_write)
            return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                "feature not supported: COPY %s without a copy handler "
                                "(sunstone_set_copy_handler)",
                                c->is_from ? "FROM STDIN" : "TO STDOUT");
        return SS_OK;
    }
    if (!c->is_from && c->filename[0] != '/')
        return ss_ctx_error(ctx, "42602", "relative path not allowed for COPY to file");
    io->file = fopen(c->filename, c->is_from ? "rb" : "wb");
    if (!io->file) {
        int e = errno;
        ss_ctx_error(ctx, file_access_code(e), "could not open file \"%s\" for %s: %s", c->filename,
                     c->is_from ? "reading" : "writing", strerror(e));
        if (e == ENOENT || e == EACCES)
            ss_ctx_error_hint(ctx, c->is_from ? "COPY FROM instructs the PostgreSQL server process to read a file. "
                                                "You may want a client-side facility such as psql's \\copy."
                                              : "COPY TO instructs the PostgreSQL server process to write a file. "
                                                "You may want a client-side facility such as psql's \\copy.");
        return SS_ERROR;
    }
    struct stat sb;
    if (c->is_from && fstat(fileno(io->file), &sb) == 0 && S_ISDIR(sb.st_mode)) {
        fclose(io->file);
        io->file = NULL;
        return ss_ctx_error(ctx, "42809", "\"%s\" is a directory", c->filename);
    }
    return SS_OK;
}

int ss_copy_io_read(ss_ctx *ctx, ss_copy_io *io, char *buf, size_t size, size_t *n)
{
    if (!io->file) {
        *n = 0;
        if (io->db->copy_read(io->db->copy_arg, buf, size, n) != 0)
            return ss_ctx_error(ctx, SS_SQLSTATE_QUERY_CANCELED, "COPY from stdin failed: the copy handler failed");
        if (*n > size)
            *n = size;
        return SS_OK;
    }
    *n = fread(buf, 1, size, io->file);
    if (*n == 0 && ferror(io->file))
        return ss_ctx_error(ctx, file_access_code(errno), "could not read from COPY file: %s", strerror(errno));
    return SS_OK;
}

int ss_copy_io_write(ss_ctx *ctx, ss_copy_io *io, const char *data, size_t len)
{
    if (!len)
        return SS_OK;
    if (!io->file) {
        if (io->db->copy_write(io->db->copy_arg, data, len) != 0)
            return ss_ctx_error(ctx, "58030", "could not write COPY data: the copy handler failed");
        return SS_OK;
    }
    if (fwrite(data, 1, len, io->file) != len)
        return ss_ctx_error(ctx, file_access_code(errno), "could not write to COPY file: %s", strerror(errno));
    return SS_OK;
}

int ss_copy_io_close(ss_ctx *ctx, ss_copy_io *io)
{
    if (!io->file)
        return SS_OK;
    int rc = fclose(io->file);
    io->file = NULL;
    if (rc != 0 && ctx)
        return ss_ctx_error(ctx, file_access_code(errno), "could not close file \"%s\": %s", io->filename,
                            strerror(errno));
    return SS_OK;
}
