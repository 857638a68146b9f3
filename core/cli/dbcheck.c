/* dbcheck.c — `sunstone check DBPATH`: the integrity check of a database file without changing
 * it.  The file (and its WAL, DBPATH-wal) is copied into a private temporary directory while a
 * shared lock on it keeps a writer out (fcntl, the native backend's lock, and flock, the lmdb
 * backend's); the copy is opened (crash recovery runs on the copy) and the sunstone_check view
 * read.  Every problem is printed with the file's own name; exit status 0: no problem, 1:
 * problems (a file that does not open is one), 2: no check (usage, a missing file, in use). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dbcheck.h"
#include "sunstone.h"

#define CHECK_CLEAN 0
#define CHECK_PROBLEMS 1
#define CHECK_NOT_RUN 2

/* Copies src to dst; false with errno set. */
static bool copy_file(const char *src, const char *dst)
{
    int in = open(src, O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return false;
    int out = open(dst, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (out < 0) {
        int e = errno;
        close(in);
        errno = e;
        return false;
    }
    char buf[1 << 16];
    ssize_t n;
    bool ok = true;
    while (ok && (n = read(in, buf, sizeof buf)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            ok = false;
            break;
        }
        for (ssize_t off = 0; ok && off < n;) {
            ssize_t w = write(out, buf + off, (size_t)(n - off));
            if (w < 0 && errno != EINTR)
                ok = false;
            else if (w > 0)
                off += w;
        }
    }
    int e = errno;
    close(in);
    if (close(out) != 0)
        ok = false;
    errno = e;
    return ok;
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char path[4096];
        while ((e = readdir(d)))
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
                if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
                    unlink(path);
            }
        closedir(d);
    }
    rmdir(dir);
}

/* Prints text with every occurrence of the copy's path replaced by the file's. */
static void print_named(FILE *f, const char *text, const char *copy, const char *path)
{
    size_t cl = strlen(copy);
    for (const char *p = text; *p;) {
        const char *hit = cl ? strstr(p, copy) : NULL;
        if (!hit) {
            fputs(p, f);
            break;
        }
        fwrite(p, 1, (size_t)(hit - p), f);
        fputs(path, f);
        p = hit + cl;
    }
}

/* Copies path (and path-wal) into dir under a shared lock; the copy's path to copy. */
static int take_copy(const char *path, const char *dir, char *copy, size_t cap)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "sunstone: check: could not open \"%s\": %s\n", path, strerror(errno));
        return CHECK_NOT_RUN;
    }
    struct flock lk = {.l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(fd, F_SETLK, &lk) != 0 || flock(fd, LOCK_SH | LOCK_NB) != 0) {
        fprintf(stderr, "sunstone: check: database file \"%s\" is in use by another process\n", path);
        close(fd);
        return CHECK_NOT_RUN;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char wal[4096], copy_wal[4096];
    int rc = CHECK_CLEAN;
    if (snprintf(copy, cap, "%s/%s", dir, base) >= (int)cap || snprintf(wal, sizeof wal, "%s-wal", path) >= (int)sizeof wal ||
        snprintf(copy_wal, sizeof copy_wal, "%s-wal", copy) >= (int)sizeof copy_wal) {
        errno = ENAMETOOLONG;
        fprintf(stderr, "sunstone: check: could not copy \"%s\" to check it: %s\n", path, strerror(errno));
        rc = CHECK_NOT_RUN;
    } else if (!copy_file(path, copy) || (access(wal, F_OK) == 0 && !copy_file(wal, copy_wal))) {
        fprintf(stderr, "sunstone: check: could not copy \"%s\" to check it: %s\n", path, strerror(errno));
        rc = CHECK_NOT_RUN;
    }
    close(fd); /* drops both locks */
    return rc;
}

/* Opens the copy and prints the sunstone_check view's rows. */
static int check_copy(const char *copy, const char *path)
{
    sunstone *db = NULL;
    if (sunstone_open(copy, &db) != SUNSTONE_OK) {
        fputs("sunstone: check: ", stdout);
        print_named(stdout, db ? sunstone_errmsg(db) : "out of memory", copy, path);
        fputs("\n", stdout);
        if (db)
            sunstone_close(db);
        return CHECK_PROBLEMS;
    }
    sunstone_stmt *st = NULL;
    int problems = 0, rc = sunstone_prepare(db, "SELECT kind, object, page, problem FROM pg_catalog.sunstone_check", -1,
                                            &st, NULL);
    while (rc == SUNSTONE_OK && (rc = sunstone_step(st)) == SUNSTONE_ROW) {
        problems++;
        const char *object = sunstone_column_text(st, 1), *page = sunstone_column_text(st, 2);
        printf("%s", sunstone_column_text(st, 0));
        if (object && *object)
            printf(" \"%s\"", object);
        if (page)
            printf(" (page %s)", page);
        fputs(": ", stdout);
        print_named(stdout, sunstone_column_text(st, 3), copy, path);
        fputs("\n", stdout);
        rc = SUNSTONE_OK;
    }
    int result;
    if (rc != SUNSTONE_DONE) {
        fputs("sunstone: check: ", stdout);
        print_named(stdout, sunstone_errmsg(db), copy, path);
        fputs("\n", stdout);
        result = CHECK_PROBLEMS;
    } else if (problems) {
        printf("%s: %d problem%s found\n", path, problems, problems == 1 ? "" : "s");
        result = CHECK_PROBLEMS;
    } else {
        printf("%s: no problems found\n", path);
        result = CHECK_CLEAN;
    }
    sunstone_finalize(st);
    sunstone_close(db);
    return result;
}

int check_main(int argc, char **argv)
{
    if (argc != 3 || argv[2][0] == '-') {
        fprintf(stderr, "usage: sunstone check DBPATH\n");
        return CHECK_NOT_RUN;
    }
    const char *path = argv[2];
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        fprintf(stderr, "sunstone: check: database file \"%s\" %s\n", path,
                errno == ENOENT ? "does not exist" : "is not a regular file");
        return CHECK_NOT_RUN;
    }
    if (sb.st_size == 0) {
        printf("sunstone: check: database file \"%s\" is empty (no database was ever stored in it)\n", path);
        return CHECK_PROBLEMS;
    }
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/sunstone-check-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        fprintf(stderr, "sunstone: check: could not make a temporary directory: %s\n", strerror(errno));
        return CHECK_NOT_RUN;
    }
    char copy[4096];
    int rc = take_copy(path, dir, copy, sizeof copy);
    if (rc == CHECK_CLEAN)
        rc = check_copy(copy, path);
    fflush(stdout);
    remove_dir(dir);
    return rc;
}
