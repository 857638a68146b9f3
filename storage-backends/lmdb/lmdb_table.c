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

int lmdb_table_create(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table)
{
    lmdb_backend *b = backend;
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
    t->id = b->next_table_id++;
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
    pthread_mutex_lock(&b->lock);
    if (t->prev)
        t->prev->next = t->next;
    else
        b->tables = t->next;
    if (t->next)
        t->next->prev = t->prev;
    pthread_mutex_unlock(&b->lock);
    lmdb_table_free(t);
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
