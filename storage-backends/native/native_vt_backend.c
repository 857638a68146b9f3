/* native_vt_backend.c — the native module's backend instances: opening a database file (or,
 * for an in-memory database, a private temporary file) through the native library, loading
 * its meta image and resolving stored stamps (native_vt_meta.c), and closing it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "native_vt.h"

native_txn *nv_txn_begin(nv_backend *b, native_error *err)
{
    return native_txn_begin(b->db, 0, err);
}

int nv_txn_commit(native_txn *txn, bool sync, native_error *err)
{
    return native_txn_commit_sync(txn, 0, sync ? 1 : 0, err);
}

static void backend_free(nv_backend *b)
{
    const ss_api *api = b->api;
    if (b->db) {
        native_error err;
        native_db_close(b->db, &err);
    }
    if (b->temp_file) {
        size_t n = strlen(b->temp_file);
        char wal[n + 5];
        snprintf(wal, sizeof wal, "%s-wal", b->temp_file);
        unlink(b->temp_file);
        unlink(wal);
        api->free(b->temp_file);
    }
    if (b->temp_dir) {
        rmdir(b->temp_dir);
        api->free(b->temp_dir);
    }
    while (b->tables) {
        nv_table *t = b->tables;
        nv_table_close(b, t);
    }
    api->free(b->image);
    api->free(b->entries);
    api->free(b->deferred);
    api->free(b->listed);
    pthread_mutex_destroy(&b->mu);
    api->free(b);
}

/* A private directory and file for an in-memory database. */
static int make_temp(ss_ctx *ctx, nv_backend *b)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    size_t n = strlen(tmp) + 32;
    b->temp_dir = b->api->alloc(n);
    b->temp_file = b->api->alloc(n + 8);
    if (!b->temp_dir || !b->temp_file)
        return nv_oom(b->api, ctx);
    snprintf(b->temp_dir, n, "%s/sunstone_native_XXXXXX", tmp);
    if (!mkdtemp(b->temp_dir)) {
        b->api->free(b->temp_dir);
        b->temp_dir = NULL;
        return b->api->error(ctx, "58030", "could not create a temporary directory under \"%s\": %m", tmp);
    }
    snprintf(b->temp_file, n + 8, "%s/db", b->temp_dir);
    return SS_OK;
}

/* The buffer cache's size in pages: the kernel's shared_buffers as SHOW prints it ("128MB",
 * "8000kB": the kernel validated it), NV_CACHE_PAGES without one. */
static size_t cache_pages(const ss_api *api, ss_ctx *ctx)
{
    const char *v = SS_API_HAS(api, setting) && api->setting ? api->setting(ctx, "shared_buffers") : NULL;
    if (!v)
        return NV_CACHE_PAGES;
    char *end;
    unsigned long long n = strtoull(v, &end, 10);
    static const struct { const char *unit; unsigned long long kb; } units[] = {
        {"TB", 1ull << 30}, {"GB", 1ull << 20}, {"MB", 1ull << 10}, {"kB", 1}};
    unsigned long long kb = n * 8; /* no unit: 8 kB blocks */
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcmp(end, units[i].unit) == 0)
            kb = n * units[i].kb;
    size_t pages = (size_t)(kb / (NATIVE_PAGE_SIZE / 1024));
    return pages < 16 ? 16 : pages;
}

int nv_backend_open(ss_ctx *ctx, const char *path, void **backend)
{
    const ss_api *api = nv_api();
    nv_backend *b = api->alloc(sizeof *b);
    if (!b)
        return nv_oom(api, ctx);
    memset(b, 0, sizeof *b);
    b->api = api;
    b->durable = path != NULL;
    if (pthread_mutex_init(&b->mu, NULL) != 0) {
        api->free(b);
        return nv_oom(api, ctx);
    }
    if (!path && make_temp(ctx, b) != SS_OK) {
        backend_free(b);
        return SS_ERROR;
    }
    native_options opts;
    native_options_default(&opts);
    opts.synchronous_commit = 0; /* each commit chooses (nv_txn_commit) */
    opts.cache_pages = cache_pages(api, ctx);
    native_error err;
    b->db = native_db_open(path ? path : b->temp_file, &opts, &err);
    if (!b->db || nv_meta_load(b, &err) != 0 || nv_resolve(b, &err) != 0) {
        nv_fail(ctx, api, &err);
        /* a file that cannot be opened is left as it was: no checkpoint at this close */
        if (b->db && path)
            native_db_close_unchanged(b->db);
        if (path)
            b->db = NULL;
        backend_free(b);
        return SS_ERROR;
    }
    *backend = b;
    return SS_OK;
}

void nv_backend_close(void *backend)
{
    nv_backend *b = backend;
    pthread_mutex_lock(&b->mu);
    nv_free_deferred(b);
    pthread_mutex_unlock(&b->mu);
    backend_free(b);
}
