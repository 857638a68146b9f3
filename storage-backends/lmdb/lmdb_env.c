/* lmdb_env.c — the lmdb backend's instance: one LMDB environment per database, opened at
 * backend_open (an in-memory database's in a private temporary directory, removed again at
 * backend_close; a database file's at its path), and the mapping of LMDB errors to SQL ones. */
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lmdb_backend.h"

/* The map's size bounds a database's size (LMDB reserves address space, not disk). */
#define LMDB_MAP_BYTES ((size_t)16 << 30)
#define LMDB_MAX_READERS 1024

int lmdb_fail(ss_ctx *ctx, const ss_api *api, int rc, const char *doing)
{
    if (rc == MDB_MAP_FULL)
        return api->error(ctx, "53100", "could not extend the lmdb database while %s: %s", doing,
                          mdb_strerror(rc));
    if (rc == ENOMEM)
        return lmdb_out_of_memory(api, ctx);
    return api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "lmdb backend: %s failed: %s", doing, mdb_strerror(rc));
}

/* A fresh private directory for an in-memory database's environment. */
static char *make_temp_dir(void)
{
    const char *base = getenv("TMPDIR");
    if (!base || !base[0])
        base = "/tmp";
    size_t n = strlen(base) + sizeof "/sunstone-lmdb-XXXXXX";
    char *dir = malloc(n);
    if (!dir)
        return NULL;
    snprintf(dir, n, "%s/sunstone-lmdb-XXXXXX", base);
    if (!mkdtemp(dir)) {
        free(dir);
        return NULL;
    }
    return dir;
}

static void remove_temp_dir(char *dir)
{
    static const char *const files[] = {"data.mdb", "lock.mdb"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t n = strlen(dir) + strlen(files[i]) + 2;
        char *f = malloc(n);
        if (f) {
            snprintf(f, n, "%s/%s", dir, files[i]);
            unlink(f);
            free(f);
        }
    }
    rmdir(dir);
    free(dir);
}

static void backend_free(lmdb_backend *b)
{
    if (b->env)
        mdb_env_close(b->env);
    if (b->lock_fd >= 0)
        close(b->lock_fd); /* releases the flock */
    if (b->temp_dir)
        remove_temp_dir(b->temp_dir);
    pthread_mutex_destroy(&b->lock);
    b->api->free(b);
}

int lmdb_backend_open(ss_ctx *ctx, const char *path, void **backend)
{
    const ss_api *api = lmdb_api();
    lmdb_backend *b = api->alloc(sizeof *b);
    if (!b)
        return lmdb_out_of_memory(api, ctx);
    *b = (lmdb_backend){.api = api, .next_table_id = 1, .lock_fd = -1, .durable = path != NULL};
    if (pthread_mutex_init(&b->lock, NULL) != 0) {
        api->free(b);
        return lmdb_out_of_memory(api, ctx);
    }
    unsigned flags = MDB_NOTLS;
    if (!path) {
        /* nothing survives the process: no fsync at all */
        flags |= MDB_NOSYNC | MDB_NOMETASYNC;
        if (!(b->temp_dir = make_temp_dir())) {
            int err = errno;
            backend_free(b);
            return api->error(ctx, "58000", "lmdb backend: could not create a temporary directory: %s",
                              strerror(err));
        }
    } else {
        /* each write transaction syncs its data pages; txn_commit syncs the meta page */
        flags |= MDB_NOSUBDIR | MDB_NOMETASYNC;
        /* one process at a time: the kernel's transactions live in its memory */
        b->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (b->lock_fd < 0) {
            int err = errno;
            backend_free(b);
            return api->error(ctx, "58030", "could not open database file \"%s\": %s", path, strerror(err));
        }
        if (flock(b->lock_fd, LOCK_EX | LOCK_NB) != 0) {
            int err = errno;
            backend_free(b);
            if (err == EWOULDBLOCK)
                return api->error(ctx, "55006", "database file \"%s\" is in use by another process", path);
            return api->error(ctx, "58030", "could not lock database file \"%s\": %s", path, strerror(err));
        }
    }
    int rc = mdb_env_create(&b->env);
    if (rc == MDB_SUCCESS)
        rc = mdb_env_set_mapsize(b->env, LMDB_MAP_BYTES);
    if (rc == MDB_SUCCESS)
        rc = mdb_env_set_maxreaders(b->env, LMDB_MAX_READERS);
    if (rc == MDB_SUCCESS)
        rc = mdb_env_set_maxdbs(b->env, 5);
    if (rc == MDB_SUCCESS)
        rc = mdb_env_open(b->env, path ? path : b->temp_dir, flags, 0644);
    MDB_txn *txn = NULL;
    if (rc == MDB_SUCCESS)
        rc = mdb_txn_begin(b->env, NULL, 0, &txn);
    if (rc == MDB_SUCCESS)
        rc = mdb_dbi_open(txn, "rows", MDB_CREATE, &b->rows);
    if (rc == MDB_SUCCESS)
        rc = mdb_dbi_open(txn, "meta", MDB_CREATE, &b->meta);
    if (rc == MDB_SUCCESS)
        rc = mdb_dbi_open(txn, "commits", MDB_CREATE | MDB_INTEGERKEY, &b->commits);
    if (rc == MDB_SUCCESS)
        rc = mdb_dbi_open(txn, "history", MDB_CREATE | MDB_INTEGERKEY, &b->history);
    if (rc == MDB_SUCCESS) {
        MDB_val key = {sizeof "next_table_id" - 1, (void *)"next_table_id"}, val;
        int got = mdb_get(txn, b->meta, &key, &val);
        if (got == MDB_SUCCESS && val.mv_size == sizeof b->next_table_id)
            memcpy(&b->next_table_id, val.mv_data, sizeof b->next_table_id);
        else if (got != MDB_NOTFOUND && got != MDB_SUCCESS)
            rc = got;
    }
    if (rc == MDB_SUCCESS) {
        rc = mdb_txn_commit(txn);
        txn = NULL;
    }
    if (txn)
        mdb_txn_abort(txn);
    if (rc != MDB_SUCCESS) {
        if (rc == MDB_INVALID && path)
            api->error(ctx, "XX001", "file \"%s\" is not a Sunstone database", path);
        else
            lmdb_fail(ctx, api, rc, "opening the environment");
        backend_free(b);
        return SS_ERROR;
    }
    if (path && lmdb_resolve_commits(ctx, b) != SS_OK) {
        backend_free(b);
        return SS_ERROR;
    }
    *backend = b;
    return SS_OK;
}

/* Tables the kernel did not drop before closing the database are freed here (their rows
 * stay in the environment: a database file keeps them). */
void lmdb_backend_close(void *backend)
{
    lmdb_backend *b = backend;
    if (!b)
        return;
    while (b->tables) {
        lmdb_table *t = b->tables;
        b->tables = t->next;
        lmdb_table_free(t);
    }
    backend_free(b);
}
