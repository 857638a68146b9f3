/* temp_files.h — the kernel's temporary files (ss_api.temp_*): files operators spill to
 * beyond work_mem, in a per-process directory $TMPDIR/sunstone_tmp/pid_<pid> (/tmp without
 * TMPDIR; in-memory databases have no directory of their own).  Each file belongs to the
 * statement whose ctx created it (ss_temp_list): the statement closes and removes every file
 * still open when its operator tree closes (end, error, cancel, reset), and the process
 * directory goes with its last file.  Directories of dead processes are swept when a
 * database opens. */
#ifndef SS_EXEC_TEMP_FILES_H
#define SS_EXEC_TEMP_FILES_H

#include <stdint.h>

#include "exec/context.h"

/* The temporary files of one statement (sunstone_stmt), linked through their owner. */
typedef struct ss_temp_list {
    struct ss_temp_file *head;
    uint32_t nfiles;
} ss_temp_list;

/* ss_api.temp_* (contract in sunstone/plugin.h). */
ss_temp_file *ss_temp_create(ss_ctx *ctx);
int ss_temp_write(ss_ctx *ctx, ss_temp_file *f, const void *data, size_t n);
int ss_temp_rewind(ss_ctx *ctx, ss_temp_file *f);
int ss_temp_read(ss_ctx *ctx, ss_temp_file *f, void *buf, size_t n, size_t *got);
uint64_t ss_temp_size(const ss_temp_file *f);
void ss_temp_close(ss_ctx *ctx, ss_temp_file *f);

/* Closes and removes every file of list (the statement's operator tree has closed). */
void ss_temp_close_all(ss_temp_list *list);

/* Removes the temporary directories that processes no longer running left behind under
 * $TMPDIR/sunstone_tmp (a crash, kill -9); returns how many it removed. */
int ss_temp_sweep(void);

/* The directory of this process's temporary files (whether or not it exists now), written
 * to out. */
void ss_temp_dir(char *out, size_t outlen);

/* Files created and bytes written by this process since it started (tests, bench). */
void ss_temp_stats(uint64_t *files, uint64_t *bytes);

#endif
