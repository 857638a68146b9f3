/* lmdb_table.c — the lmdb backend's tables: creating one (its columns and id), dropping one
 * (its row versions deleted from the environment), the row estimate, and freeing a handle. */
#include <string.h>

#include "lmdb_backend.h"

int lmdb_column_init(ss_ctx *ctx, const ss_api *api, lmdb_column *col, ss_type type, const char *name)
{
    int32_t storage = ss_type_storage(type.id);
    if (storage == 0)
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "the lmdb backend does not support the type (oid %d) of column \"%s\"", (int)type.id,
                          name ? name : "?");
    *col = (lmdb_column){.type = type, .storage = storage, .fill = {.is_null = true}};
    return SS_OK;
}

void lmdb_table_free(lmdb_table *t)
{
    const ss_api *api = t->api;
    for (uint32_t p = 0; p < t->nphys; p++)
        if (t->phys[p].fill_bytes)
            api->free(t->phys[p].fill_bytes);
    if (t->phys)
        api->free(t->phys);
    if (t->map)
        api->free(t->map);
    pthread_mutex_destroy(&t->lock);
    api->free(t);
}

/* The handle of a table of id (NULL id: a new one, its id taken from the backend's counter
 * and the counter stored). */
static int table_make(ss_ctx *ctx, lmdb_backend *b, uint64_t id, const ss_table_def *def, void **table);

int lmdb_table_create(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table)
{
    return table_make(ctx, backend, 0, def, table);
}

int lmdb_table_open(ss_ctx *ctx, void *backend, uint64_t id, const ss_table_def *def, void **table)
{
    lmdb_backend *b = backend;
    if (id == 0 || id >= b->next_table_id)
        return b->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "lmdb backend: no stored table has id %llu",
                             (unsigned long long)id);
    return table_make(ctx, b, id, def, table);
}

uint64_t lmdb_table_storage_id(void *table)
{
    return ((const lmdb_table *)table)->id;
}

void lmdb_table_close(void *backend, void *table)
{
    lmdb_backend *b = backend;
    lmdb_table *t = table;
    pthread_mutex_lock(&b->lock);
    if (t->prev)
        t->prev->next = t->next;
    else
        b->tables = t->next;
    if (t->next)
        t->next->prev = t->prev;
    pthread_mutex_unlock(&b->lock);
    lmdb_table_free(t);
}

/* Stores the backend's next table id (b->lock held). */
static int store_next_table_id(ss_ctx *ctx, lmdb_backend *b)
{
    MDB_txn *txn;
    int rc = mdb_txn_begin(b->env, NULL, 0, &txn);
    if (rc == MDB_SUCCESS) {
        MDB_val key = {sizeof "next_table_id" - 1, (void *)"next_table_id"};
        MDB_val val = {sizeof b->next_table_id, &b->next_table_id};
        rc = mdb_put(txn, b->meta, &key, &val, 0);
        if (rc == MDB_SUCCESS)
            rc = mdb_txn_commit(txn);
        else
            mdb_txn_abort(txn);
    }
    return rc == MDB_SUCCESS ? SS_OK : lmdb_fail(ctx, b->api, rc, "creating a table");
}

/* The next row id and the row count of a stored table, from its keys. */
static int scan_stored(ss_ctx *ctx, lmdb_table *t)
{
    MDB_txn *txn;
    MDB_cursor *cur;
    int rc = mdb_txn_begin(t->backend->env, NULL, MDB_RDONLY, &txn);
    if (rc != MDB_SUCCESS)
        return lmdb_fail(ctx, t->api, rc, "opening a table");
    rc = mdb_cursor_open(txn, t->backend->rows, &cur);
    uint8_t kb[LMDB_KEY_BYTES];
    lmdb_key_encode(kb, t->id, 0);
    MDB_val key = {LMDB_KEY_BYTES, kb}, val;
    if (rc == MDB_SUCCESS) {
        for (rc = mdb_cursor_get(cur, &key, &val, MDB_SET_RANGE); rc == MDB_SUCCESS && lmdb_key_table(&key) == t->id;
             rc = mdb_cursor_get(cur, &key, &val, MDB_NEXT)) {
            t->next_rowid = lmdb_key_rowid(&key) + 1;
            t->nrows++;
        }
        mdb_cursor_close(cur);
    }
    mdb_txn_abort(txn);
    return rc == MDB_SUCCESS || rc == MDB_NOTFOUND ? SS_OK : lmdb_fail(ctx, t->api, rc, "opening a table");
}

static int table_make(ss_ctx *ctx, lmdb_backend *b, uint64_t id, const ss_table_def *def, void **table)
{
    const ss_api *api = b->api;
    lmdb_table *t = api->alloc(sizeof *t);
    if (!t)
        return lmdb_out_of_memory(api, ctx);
    *t = (lmdb_table){.api = api, .backend = b, .nphys = def->ncols, .ncols = def->ncols};
    size_t n = def->ncols ? def->ncols : 1;
    t->phys = api->alloc(n * sizeof *t->phys);
    t->map = api->alloc(n * sizeof *t->map);
    if (!t->phys || !t->map || pthread_mutex_init(&t->lock, NULL) != 0) {
        if (t->phys)
            api->free(t->phys);
        if (t->map)
            api->free(t->map);
        api->free(t);
        return lmdb_out_of_memory(api, ctx);
    }
    for (uint32_t c = 0; c < def->ncols; c++) {
        t->map[c] = c;
        if (lmdb_column_init(ctx, api, &t->phys[c], def->cols[c].type, def->cols[c].name) != SS_OK) {
            t->nphys = 0;
            lmdb_table_free(t);
            return SS_ERROR;
        }
    }
    pthread_mutex_lock(&b->lock);
    if (id == 0) {
        t->id = b->next_table_id++;
        if (b->durable && store_next_table_id(ctx, b) != SS_OK) {
            pthread_mutex_unlock(&b->lock);
            lmdb_table_free(t);
            return SS_ERROR;
        }
    } else {
        t->id = id;
    }
    pthread_mutex_unlock(&b->lock);
    if (id != 0 && scan_stored(ctx, t) != SS_OK) {
        lmdb_table_free(t);
        return SS_ERROR;
    }
    pthread_mutex_lock(&b->lock);
    t->next = b->tables;
    if (b->tables)
        b->tables->prev = t;
    b->tables = t;
    pthread_mutex_unlock(&b->lock);
    *table = t;
    return SS_OK;
}

/* Deletes every stored version of table id in one write transaction. */
static int delete_rows(ss_ctx *ctx, lmdb_backend *b, uint64_t id)
{
    MDB_txn *txn;
    MDB_cursor *cur;
    int rc = mdb_txn_begin(b->env, NULL, 0, &txn);
    if (rc != MDB_SUCCESS)
        return lmdb_fail(ctx, b->api, rc, "dropping a table");
    rc = mdb_cursor_open(txn, b->rows, &cur);
    uint8_t kb[LMDB_KEY_BYTES];
    lmdb_key_encode(kb, id, 0);
    MDB_val key = {LMDB_KEY_BYTES, kb}, val;
    if (rc == MDB_SUCCESS) {
        /* each delete looks the table's first key up again: no reliance on where LMDB
           leaves a cursor after a delete */
        for (;;) {
            key = (MDB_val){LMDB_KEY_BYTES, kb};
            rc = mdb_cursor_get(cur, &key, &val, MDB_SET_RANGE);
            if (rc != MDB_SUCCESS || lmdb_key_table(&key) != id)
                break;
            rc = mdb_cursor_del(cur, 0);
            if (rc != MDB_SUCCESS)
                break;
        }
        mdb_cursor_close(cur);
    }
    if (rc == MDB_NOTFOUND || rc == MDB_SUCCESS)
        rc = mdb_txn_commit(txn);
    else
        mdb_txn_abort(txn);
    return rc == MDB_SUCCESS ? SS_OK : lmdb_fail(ctx, b->api, rc, "dropping a table");
}

int lmdb_table_drop(ss_ctx *ctx, void *backend, void *table)
{
    lmdb_backend *b = backend;
    lmdb_table *t = table;
    int rc = delete_rows(ctx, b, t->id);
    lmdb_table_close(b, t);
    return rc;
}

/* Versions stored (every version ever written and not yet reclaimed). */
int64_t lmdb_table_row_estimate(void *table)
{
    lmdb_table *t = table;
    pthread_mutex_lock(&t->lock);
    int64_t n = t->nrows;
    pthread_mutex_unlock(&t->lock);
    return n;
}
