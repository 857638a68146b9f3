/* native_vt_table.c — the native module's tables: creating one (a native table and its entry
 * in the meta image), reattaching a stored one (its row groups listed), dropping one, closing
 * a handle, the row estimate, and the column types it stores. */
#include <string.h>

#include "native_vt.h"

/* The library column type of a kernel storage class: fixed-width ones by value, every other
 * type as bytes (the kernel's own serialised form: text, numeric, arrays, json, ...). */
static int column_init(ss_ctx *ctx, const ss_api *api, nv_column *col, ss_type type, const char *name)
{
    int32_t storage = ss_type_storage(type.id);
    native_col_type nt;
    switch (storage) {
    case SS_TYPE_BOOL: nt = NATIVE_COL_BOOL; break;
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8: nt = NATIVE_COL_INT64; break;
    case SS_TYPE_FLOAT8: nt = NATIVE_COL_FLOAT64; break;
    case SS_TYPE_TEXT: nt = NATIVE_COL_BYTES; break;
    default:
        return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: the native backend cannot store the type (oid %d) of column \"%s\"",
                          (int)type.id, name ? name : "?");
    }
    *col = (nv_column){.type = type, .storage = storage, .ntype = nt};
    return SS_OK;
}

int nv_check_spec(ss_ctx *ctx, const nv_table *t, const ss_scan_spec *spec)
{
    for (uint32_t i = 0; i < spec->ncols; i++)
        if (spec->columns[i] >= t->ncols)
            return t->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                                 "native backend: a read asks for column %u of a table with %u columns", spec->columns[i] + 1,
                                 t->ncols);
    return SS_OK;
}

const nv_group *nv_group_of(const nv_table *t, ss_rowid rowid, uint32_t *row)
{
    uint64_t g = rowid / NV_GROUP_ROWS;
    uint32_t r = (uint32_t)(rowid % NV_GROUP_ROWS);
    if (rowid == SS_ROWID_INVALID || g >= t->ngroups || r >= t->groups[g].nrows)
        return NULL;
    *row = r;
    return &t->groups[g];
}

static void table_free(nv_table *t)
{
    const ss_api *api = t->api;
    api->free(t->cols);
    api->free(t->groups);
    api->free(t->links);
    api->free(t->vis);
    api->free(t);
}

static int list_group(void *ctx, uint64_t first, uint64_t len, uint32_t nrows, native_error *err)
{
    nv_table *t = ctx;
    nv_group *g = nv_push((void **)&t->groups, &t->ngroups, &t->capgroups, sizeof *g);
    if (!g)
        return native_fail(err, "53200", "out of memory");
    *g = (nv_group){first, len, nrows, 0};
    t->nrows += nrows;
    return 0;
}

/* A handle for def's columns; root 0: a new table (its native table and meta entry made). */
static int table_make(ss_ctx *ctx, nv_backend *b, uint64_t id, uint64_t root, const ss_table_def *def, void **table)
{
    const ss_api *api = b->api;
    nv_table *t = api->alloc(sizeof *t);
    if (!t)
        return nv_oom(api, ctx);
    *t = (nv_table){.api = api, .b = b, .id = id, .root = root, .ncols = def->ncols};
    if (!(t->cols = api->alloc((def->ncols ? def->ncols : 1) * sizeof *t->cols))) {
        api->free(t);
        return nv_oom(api, ctx);
    }
    for (uint32_t c = 0; c < def->ncols; c++)
        if (column_init(ctx, api, &t->cols[c], def->cols[c].type, def->cols[c].name) != SS_OK) {
            table_free(t);
            return SS_ERROR;
        }
    native_error err;
    int rc = 0;
    pthread_mutex_lock(&b->mu);
    if (root == 0) {
        native_txn *txn = nv_txn_begin(b, &err);
        nv_entry *e = NULL;
        rc = txn ? native_table_create(txn, &t->root, &err) : -1;
        if (rc == 0) {
            t->id = native_txn_new_table_id(txn);
            if (!(e = nv_push((void **)&b->entries, &b->nentries, &b->capentries, sizeof *e)))
                rc = native_fail(&err, "53200", "out of memory");
        }
        if (rc == 0) {
            *e = (nv_entry){t->id, t->root};
            rc = nv_meta_store(b, txn, NULL, 0, &err);
            if (rc != 0)
                b->nentries--;
        }
        if (rc == 0) {
            rc = nv_txn_commit(txn, false, &err);
            if (rc != 0)
                b->nentries--;
        } else if (txn) {
            native_txn_abort(txn);
        }
    } else {
        rc = native_table_list(b->db, NULL, root, list_group, t, &err);
    }
    if (rc == 0) {
        t->next = b->tables;
        if (b->tables)
            b->tables->prev = t;
        b->tables = t;
    }
    pthread_mutex_unlock(&b->mu);
    if (rc != 0) {
        table_free(t);
        return nv_fail(ctx, api, &err);
    }
    *table = t;
    return SS_OK;
}

int nv_table_create(ss_ctx *ctx, void *backend, const ss_table_def *def, void **table)
{
    return table_make(ctx, backend, 0, 0, def, table);
}

int nv_table_open(ss_ctx *ctx, void *backend, uint64_t id, const ss_table_def *def, void **table)
{
    nv_backend *b = backend;
    uint64_t root = 0;
    pthread_mutex_lock(&b->mu);
    for (size_t i = 0; i < b->nentries; i++)
        if (b->entries[i].id == id)
            root = b->entries[i].root;
    pthread_mutex_unlock(&b->mu);
    if (root == 0)
        return b->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "native backend: no stored table has id %llu",
                             (unsigned long long)id);
    return table_make(ctx, b, id, root, def, table);
}

uint64_t nv_table_storage_id(void *table)
{
    return ((const nv_table *)table)->id;
}

/* Unlinks t from the live handles (b->mu held). */
static void unlink_table(nv_backend *b, nv_table *t)
{
    if (t->prev)
        t->prev->next = t->next;
    else
        b->tables = t->next;
    if (t->next)
        t->next->prev = t->prev;
}

void nv_table_close(void *backend, void *table)
{
    nv_backend *b = backend;
    pthread_mutex_lock(&b->mu);
    unlink_table(b, table);
    nv_index_table_gone(table, false);
    pthread_mutex_unlock(&b->mu);
    table_free(table);
}

int nv_table_drop(ss_ctx *ctx, void *backend, void *table)
{
    nv_backend *b = backend;
    nv_table *t = table;
    native_error err;
    pthread_mutex_lock(&b->mu);
    unlink_table(b, t);
    nv_index_table_gone(t, true);
    size_t at = b->nentries;
    for (size_t i = 0; i < b->nentries; i++)
        if (b->entries[i].id == t->id)
            at = i;
    int rc = 0;
    if (at < b->nentries) {
        nv_entry saved = b->entries[at];
        b->entries[at] = b->entries[b->nentries - 1];
        b->nentries--;
        native_txn *txn = nv_txn_begin(b, &err);
        rc = txn ? 0 : -1;
        if (rc == 0 && (native_table_drop(txn, t->root, &err) != 0 || nv_meta_store(b, txn, NULL, 0, &err) != 0)) {
            native_txn_abort(txn);
            rc = -1;
        } else if (rc == 0) {
            rc = nv_txn_commit(txn, false, &err);
        }
        if (rc != 0) {
            b->entries[b->nentries++] = b->entries[at];
            b->entries[at] = saved;
        }
    }
    pthread_mutex_unlock(&b->mu);
    table_free(t);
    return rc == 0 ? SS_OK : nv_fail(ctx, b->api, &err);
}

int64_t nv_table_row_estimate(void *table)
{
    nv_table *t = table;
    pthread_mutex_lock(&t->b->mu);
    int64_t n = t->nrows;
    pthread_mutex_unlock(&t->b->mu);
    return n;
}
