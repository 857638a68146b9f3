/* lmdb_check.c — the lmdb backend's integrity check (storage.h version 10): check reads every
 * record of the environment's databases in one read-only transaction (LMDB verifies its page
 * structure as a cursor walks it: MDB_CORRUPTED, MDB_PAGE_NOTFOUND), and every row version
 * of an open table must have a well-formed key and stamps and decode in all its columns;
 * versions_stored answers whether a row id names a stored version.  Both only read. */
#include <stdio.h>
#include <stdlib.h>

#include "lmdb_backend.h"

typedef void (*report_fn)(void *arg, void *table, int64_t page, const char *problem);

static lmdb_table *table_of(lmdb_table **tables, size_t n, uint64_t id)
{
    for (size_t i = 0; i < n; i++)
        if (tables[i]->id == id)
            return tables[i];
    return NULL;
}

/* One row version of "rows": key and value well formed, its columns decode. */
static void check_row(const MDB_val *key, const MDB_val *val, lmdb_table **tables, size_t n, uint32_t *cols,
                      ss_value *values, report_fn report, void *arg, const char *path)
{
    char problem[512];
    if (key->mv_size != LMDB_KEY_BYTES) {
        snprintf(problem, sizeof problem, "\"%s\": a key of %zu bytes in the LMDB database \"rows\" (expected %d)",
                 path, key->mv_size, LMDB_KEY_BYTES);
        report(arg, NULL, -1, problem);
        return;
    }
    lmdb_table *t = table_of(tables, n, lmdb_key_table(key));
    ss_version_stamp stamp;
    if (!lmdb_row_stamps(val, &stamp, NULL)) {
        snprintf(problem, sizeof problem, "\"%s\": row version %llu of stored table %llu is damaged (its stamps)", path,
                 (unsigned long long)lmdb_key_rowid(key), (unsigned long long)lmdb_key_table(key));
        report(arg, t, -1, problem);
        return;
    }
    if (t && !lmdb_row_decode_values(t, val, cols, t->ncols, values)) {
        snprintf(problem, sizeof problem, "\"%s\": row version %llu of stored table %llu is damaged (its columns)",
                 path, (unsigned long long)lmdb_key_rowid(key), (unsigned long long)lmdb_key_table(key));
        report(arg, t, -1, problem);
    }
}

/* Walks every record of dbi; rows: check each as a row version. */
static void walk(MDB_txn *txn, MDB_dbi dbi, const char *name, bool rows, lmdb_table **tables, size_t n,
                 uint32_t *cols, ss_value *values, report_fn report, void *arg, const char *path)
{
    MDB_cursor *cur;
    int rc = mdb_cursor_open(txn, dbi, &cur);
    MDB_val key, val;
    if (rc == MDB_SUCCESS) {
        for (rc = mdb_cursor_get(cur, &key, &val, MDB_FIRST); rc == MDB_SUCCESS;
             rc = mdb_cursor_get(cur, &key, &val, MDB_NEXT))
            if (rows)
                check_row(&key, &val, tables, n, cols, values, report, arg, path);
        mdb_cursor_close(cur);
    }
    if (rc != MDB_NOTFOUND) {
        char problem[512];
        snprintf(problem, sizeof problem, "\"%s\": the LMDB database \"%s\" cannot be read: %s", path, name,
                 mdb_strerror(rc));
        report(arg, NULL, -1, problem);
    }
}

int lmdb_check(ss_ctx *ctx, void *backend, report_fn report, void *arg)
{
    lmdb_backend *b = backend;
    const ss_api *api = b->api;
    const char *path = "";
    if (mdb_env_get_path(b->env, &path) != MDB_SUCCESS)
        path = "";
    /* the open tables: handles stay while the kernel's statement runs (DROP TABLE waits) */
    pthread_mutex_lock(&b->lock);
    size_t n = 0;
    uint32_t widest = 1;
    for (lmdb_table *t = b->tables; t; t = t->next) {
        n++;
        if (t->ncols > widest)
            widest = t->ncols;
    }
    lmdb_table **tables = malloc((n ? n : 1) * sizeof *tables);
    size_t m = 0;
    for (lmdb_table *t = b->tables; tables && t; t = t->next)
        tables[m++] = t;
    pthread_mutex_unlock(&b->lock);
    uint32_t *cols = malloc(widest * sizeof *cols);
    ss_value *values = malloc(widest * sizeof *values);
    if (!tables || !cols || !values) {
        free(tables);
        free(cols);
        free(values);
        return lmdb_out_of_memory(api, ctx);
    }
    for (uint32_t c = 0; c < widest; c++)
        cols[c] = c;
    MDB_txn *txn;
    int rc = mdb_txn_begin(b->env, NULL, MDB_RDONLY, &txn);
    if (rc == MDB_SUCCESS) {
        walk(txn, b->rows, "rows", true, tables, m, cols, values, report, arg, path);
        walk(txn, b->meta, "meta", false, tables, m, cols, values, report, arg, path);
        walk(txn, b->commits, "commits", false, tables, m, cols, values, report, arg, path);
        mdb_txn_abort(txn);
    }
    free(tables);
    free(cols);
    free(values);
    return rc == MDB_SUCCESS ? SS_OK : lmdb_fail(ctx, api, rc, "checking the database");
}

int lmdb_versions_stored(ss_ctx *ctx, void *table, const ss_rowid *rowids, uint32_t n, bool *stored)
{
    lmdb_table *t = table;
    MDB_txn *txn;
    int rc = mdb_txn_begin(t->backend->env, NULL, MDB_RDONLY, &txn);
    if (rc != MDB_SUCCESS)
        return lmdb_fail(ctx, t->api, rc, "reading rows by row id");
    for (uint32_t k = 0; k < n && (rc == MDB_SUCCESS || rc == MDB_NOTFOUND); k++) {
        uint8_t kb[LMDB_KEY_BYTES];
        lmdb_key_encode(kb, t->id, rowids[k]);
        MDB_val key = {LMDB_KEY_BYTES, kb}, val;
        rc = mdb_get(txn, t->backend->rows, &key, &val);
        stored[k] = rc == MDB_SUCCESS;
    }
    mdb_txn_abort(txn);
    return rc == MDB_SUCCESS || rc == MDB_NOTFOUND ? SS_OK : lmdb_fail(ctx, t->api, rc, "reading rows by row id");
}
