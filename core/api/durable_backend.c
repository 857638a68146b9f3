/* durable_backend.c — which storage backend a database file is opened with: "native" for a
 * new (missing or empty) file and for a native database file (its header's magic), "lmdb"
 * for a database file an earlier build wrote with the lmdb backend (LMDB's meta page magic),
 * so that an existing file stays a database. Anything else goes to native, which reports
 * that the file is not a Sunstone database. SUNSTONE_NEW_DATABASE_BACKEND=lmdb makes new
 * files lmdb ones (the tests run the database-file suite on both backends with it). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/durable.h"

#define NATIVE_MAGIC "SunstoneNativeDB"
#define LMDB_META_MAGIC_OFFSET 16 /* after LMDB's 16-byte page header: mm_magic 0xBEEFC0DE */

const char *ss_durable_backend_for(const char *path)
{
    unsigned char head[32];
    ssize_t n = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        n = read(fd, head, sizeof head);
        close(fd);
    }
    if (n >= (ssize_t)(LMDB_META_MAGIC_OFFSET + 4) && head[LMDB_META_MAGIC_OFFSET] == 0xDE &&
        head[LMDB_META_MAGIC_OFFSET + 1] == 0xC0 && head[LMDB_META_MAGIC_OFFSET + 2] == 0xEF &&
        head[LMDB_META_MAGIC_OFFSET + 3] == 0xBE)
        return "lmdb";
    const char *wanted = getenv("SUNSTONE_NEW_DATABASE_BACKEND");
    if (n <= 0 && wanted && strcmp(wanted, "lmdb") == 0)
        return "lmdb";
    return "native";
}
