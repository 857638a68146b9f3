/* temp_files.c — temporary files for spilling operators (temp_files.h): creation in the
 * process's directory, unbuffered sequential write then read, removal on close, the
 * statement's list of open files, and the sweep of dead processes' directories. */
#include "exec/temp_files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define TEMP_ROOT_NAME "sunstone_tmp"

struct ss_temp_file {
    int fd;
    bool reading;          /* rewound: reads from the start, no more writes */
    uint64_t size;         /* bytes written */
    char path[PATH_MAX];
    ss_temp_list *owner;
    struct ss_temp_file *prev, *next;
};

/* Process-wide: how many files are open (the directory exists while any is) and a sequence
 * number for file names.  The lock orders directory creation and removal against each other. */
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t g_open;
static uint64_t g_seq;
static atomic_uint_fast64_t g_files_created, g_bytes_written;

static const char *temp_base(void)
{
    const char *t = getenv("TMPDIR");
    return t && t[0] ? t : "/tmp";
}

void ss_temp_dir(char *out, size_t outlen)
{
    snprintf(out, outlen, "%s/%s/pid_%ld", temp_base(), TEMP_ROOT_NAME, (long)getpid());
}

void ss_temp_stats(uint64_t *files, uint64_t *bytes)
{
    *files = atomic_load(&g_files_created);
    *bytes = atomic_load(&g_bytes_written);
}

/* PostgreSQL's errcode_for_file_access for the errors a temporary file meets. */
static const char *file_sqlstate(int err)
{
    switch (err) {
    case ENOSPC:
    case EDQUOT: return "53100"; /* disk_full */
    case ENOMEM: return SS_SQLSTATE_OUT_OF_MEMORY;
    case EACCES:
    case EPERM: return "42501"; /* insufficient_privilege */
    default: return "58030";    /* io_error */
    }
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0700) == 0 || errno == EEXIST)
        return 0;
    return -1;
}

ss_temp_file *ss_temp_create(ss_ctx *ctx)
{
    ss_temp_list *list = ctx->temp_files;
    if (!list) {
        ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "temporary files are not available outside a statement");
        return NULL;
    }
    ss_temp_file *f = calloc(1, sizeof *f);
    if (!f) {
        ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    char root[PATH_MAX], dir[PATH_MAX];
    snprintf(root, sizeof root, "%s/%s", temp_base(), TEMP_ROOT_NAME);
    ss_temp_dir(dir, sizeof dir);
    pthread_mutex_lock(&g_lock);
    uint64_t seq = ++g_seq;
    if (snprintf(f->path, sizeof f->path, "%s/t%llu.tmp", dir, (unsigned long long)seq) >= (int)sizeof f->path) {
        pthread_mutex_unlock(&g_lock);
        ss_ctx_error(ctx, "58030", "could not create temporary file: the path under \"%s\" is too long", dir);
        free(f);
        return NULL;
    }
    const char *failed = make_dir(root) != 0 ? root : make_dir(dir) != 0 ? dir : NULL;
    if (failed) {
        int err = errno;
        pthread_mutex_unlock(&g_lock);
        ss_ctx_error(ctx, file_sqlstate(err), "could not create directory \"%s\": %s", failed, strerror(err));
        free(f);
        return NULL;
    }
    f->fd = open(f->path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (f->fd < 0) {
        int err = errno;
        if (g_open == 0)
            rmdir(dir);
        pthread_mutex_unlock(&g_lock);
        ss_ctx_error(ctx, file_sqlstate(err), "could not create temporary file \"%s\": %s", f->path,
                     strerror(err));
        free(f);
        return NULL;
    }
    g_open++;
    pthread_mutex_unlock(&g_lock);
    atomic_fetch_add(&g_files_created, 1);
    f->owner = list;
    f->next = list->head;
    if (list->head)
        list->head->prev = f;
    list->head = f;
    list->nfiles++;
    return f;
}

/* Writes (or reads) all n bytes, retrying after signals; *done gets what was transferred
 * (a read stops early at the end of the file). */
static int transfer(ss_ctx *ctx, ss_temp_file *f, bool writing, char *p, size_t n, size_t *done)
{
    *done = 0;
    while (n) {
        ssize_t k = writing ? write(f->fd, p, n) : read(f->fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0 || (k == 0 && writing)) {
            int err = k < 0 ? errno : ENOSPC;
            return ss_ctx_error(ctx, file_sqlstate(err), "could not %s file \"%s\": %s",
                                writing ? "write to" : "read from", f->path, strerror(err));
        }
        if (k == 0)
            break; /* end of file */
        p += k;
        n -= (size_t)k;
        *done += (size_t)k;
    }
    return SS_OK;
}

int ss_temp_write(ss_ctx *ctx, ss_temp_file *f, const void *data, size_t n)
{
    if (f->reading)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "temporary file \"%s\" is being read", f->path);
    size_t done;
    int rc = transfer(ctx, f, true, (char *)data, n, &done);
    f->size += done;
    atomic_fetch_add(&g_bytes_written, (uint64_t)done);
    return rc;
}

int ss_temp_rewind(ss_ctx *ctx, ss_temp_file *f)
{
    if (lseek(f->fd, 0, SEEK_SET) < 0) {
        int err = errno;
        return ss_ctx_error(ctx, file_sqlstate(err), "could not seek in file \"%s\": %s", f->path, strerror(err));
    }
    f->reading = true;
    return SS_OK;
}

int ss_temp_read(ss_ctx *ctx, ss_temp_file *f, void *buf, size_t n, size_t *got)
{
    *got = 0;
    if (!f->reading)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "temporary file \"%s\" was not rewound", f->path);
    return transfer(ctx, f, false, buf, n, got);
}

uint64_t ss_temp_size(const ss_temp_file *f)
{
    return f->size;
}

/* Closes and unlinks f, and the process directory with the last open file. */
static void destroy(ss_temp_file *f)
{
    close(f->fd);
    pthread_mutex_lock(&g_lock);
    unlink(f->path);
    if (--g_open == 0) {
        char *slash = strrchr(f->path, '/');
        if (slash) {
            *slash = '\0';
            rmdir(f->path);
        }
    }
    pthread_mutex_unlock(&g_lock);
    free(f);
}

void ss_temp_close(ss_ctx *ctx, ss_temp_file *f)
{
    (void)ctx;
    if (!f)
        return;
    ss_temp_list *list = f->owner;
    if (f->prev)
        f->prev->next = f->next;
    else
        list->head = f->next;
    if (f->next)
        f->next->prev = f->prev;
    list->nfiles--;
    destroy(f);
}

void ss_temp_close_all(ss_temp_list *list)
{
    while (list->head) {
        ss_temp_file *f = list->head;
        list->head = f->next;
        destroy(f);
    }
    list->nfiles = 0;
}

/* Removes the files of one dead process's directory, then the directory. */
static void remove_dir(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        char file[PATH_MAX];
        while ((e = readdir(d))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            if (snprintf(file, sizeof file, "%s/%s", path, e->d_name) < (int)sizeof file)
                unlink(file);
        }
        closedir(d);
    }
    rmdir(path);
}

int ss_temp_sweep(void)
{
    char root[PATH_MAX];
    snprintf(root, sizeof root, "%s/%s", temp_base(), TEMP_ROOT_NAME);
    DIR *d = opendir(root);
    if (!d)
        return 0;
    int removed = 0;
    struct dirent *e;
    char path[PATH_MAX];
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, "pid_", 4) != 0)
            continue;
        char *end;
        long pid = strtol(e->d_name + 4, &end, 10);
        if (*end || pid <= 0 || pid == (long)getpid() || pid > INT_MAX)
            continue;
        /* only a process that does not exist: EPERM means it runs under another user */
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        if (snprintf(path, sizeof path, "%s/%s", root, e->d_name) >= (int)sizeof path)
            continue;
        remove_dir(path);
        removed++;
    }
    closedir(d);
    return removed;
}
