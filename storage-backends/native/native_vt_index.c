/* native_vt_index.c — the "native_btree" index module of the native backend (sunstone/index.h
 * version 2): the indexes of native tables kept as B+trees in the database file
 * (native_btree.h), standing in for "btree" on those tables. Every writing callback is one
 * library transaction committed before it returns (no fsync): the kernel's txn_commit, which
 * is synced, comes later in the WAL, so a durable commit implies its index entries, and after
 * a crash recovery leaves the index and the table as one (entries of versions that never
 * committed name dead versions, which the kernel's visibility check drops). The kernel stores
 * each index's anchor page in the catalog image and reopens it (open_stored): no rebuild.
 * FORMAT.md, "B+tree indexes". */
#include <stdlib.h>
#include <string.h>

#include "native_btree.h"
#include "native_vt.h"
#include "sunstone/index.h"

typedef int (*nvx_type_compare)(const void *a, const void *b);

typedef struct nv_index {
    const ss_api *api;
    nv_table *table;        /* its table while open (b->mu), on the table's list */
    struct nv_index *tprev, *tnext;
    pthread_rwlock_t latch; /* writers exclusive (each a whole library transaction), readers shared */
    nbt_tree tree;
    char *name;
    nvx_type_compare type_compare[NBT_MAX_COLS]; /* NBT_CUSTOM columns: the type's callback */
    /* bulk build: encoded entries handed to build_add */
    uint8_t **pending;
    size_t *pending_len;
    size_t npending, cap_pending;
} nv_index;

struct ss_index_scan {
    nv_index *ix;
    bool backward, done;
    uint8_t *from, *stop;  /* encoded bounds (NULL: open) */
    uint32_t from_n, stop_n;
    bool from_incl, stop_incl;
    uint8_t *last;         /* the last entry returned (NULL: none yet) */
};

static int custom_compare(const void *cookie, const void *a, uint32_t alen, const void *b, uint32_t blen)
{
    const nvx_type_compare *fn = cookie;
    ss_text x = {a, alen, 0}, y = {b, blen, 0};
    return (*fn)(&x, &y);
}

/* How values of type id compare (the bundled btree's rule: a primitive's order, the type's
   compare callback, or its physical type's order; text bytewise). False: no order. */
static bool class_of(const ss_api *api, int32_t id, nbt_col *col, nvx_type_compare *fn)
{
    switch (ss_type_storage(id)) {
    case SS_TYPE_BOOL: col->cls = NBT_BOOL; return true;
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8: col->cls = NBT_INT; return true;
    case SS_TYPE_FLOAT8: col->cls = NBT_FLOAT; return true;
    default: break;
    }
    const ss_type_info *ti = SS_API_HAS(api, type_info) ? api->type_info(id) : NULL;
    if (ti && ti->compare) {
        col->cls = NBT_CUSTOM;
        *fn = ti->compare;
        col->compare = custom_compare;
        col->cookie = fn;
        return true;
    }
    if (ti && ti->struct_size >= offsetof(ss_type_info, physical) + sizeof ti->physical && ti->physical &&
        ti->physical != id)
        return class_of(api, ti->physical, col, fn);
    if (ss_type_storage(id) == SS_TYPE_TEXT) {
        col->cls = NBT_BYTES;
        return true;
    }
    return false;
}

static int refuse_table(ss_ctx *ctx, const ss_api *api)
{
    return api->error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                      "feature not supported: index access method \"native_btree\" on a table that is not of "
                      "storage backend \"native\"");
}

static int nvx_create(ss_ctx *ctx, const ss_index_def *def, void **index)
{
    (void)def;
    (void)index;
    return refuse_table(ctx, nv_api());
}

/* A new index object for def (columns classified), without its tree. */
static int index_new(ss_ctx *ctx, const ss_index_def *def, nbt_col *cols, nv_index **out)
{
    const ss_api *api = nv_api();
    if (def->nkeys == 0 || def->nkeys > NBT_MAX_COLS)
        return api->error(ctx, "54011", "cannot use more than %u columns in an index", NBT_MAX_COLS);
    nv_index *ix = api->alloc(sizeof *ix);
    if (!ix)
        return nv_oom(api, ctx);
    memset(ix, 0, sizeof *ix);
    ix->api = api;
    memset(cols, 0, def->nkeys * sizeof *cols);
    for (uint32_t i = 0; i < def->nkeys; i++) {
        cols[i].flags = (def->flags ? def->flags[i] : 0) & (NBT_DESC | NBT_NULLS_FIRST);
        if (!class_of(api, def->types[i].id, &cols[i], &ix->type_compare[i])) {
            api->free(ix);
            return api->error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT,
                              "data type %s has no default operator class for access method \"btree\"",
                              api->type_name(def->types[i]));
        }
    }
    size_t nl = strlen(def->name ? def->name : "?");
    ix->name = api->alloc(nl + 1);
    if (!ix->name || pthread_rwlock_init(&ix->latch, NULL) != 0) {
        api->free(ix->name);
        api->free(ix);
        return nv_oom(api, ctx);
    }
    memcpy(ix->name, def->name ? def->name : "?", nl + 1);
    *out = ix;
    return SS_OK;
}

/* On table t's list of stored indexes / off it (b->mu held). */
static void attach(nv_index *ix, nv_table *t)
{
    ix->table = t;
    ix->tprev = NULL;
    ix->tnext = t->indexes;
    if (t->indexes)
        t->indexes->tprev = ix;
    t->indexes = ix;
}

static void detach(nv_index *ix)
{
    nv_table *t = ix->table;
    if (!t)
        return;
    if (ix->tprev)
        ix->tprev->tnext = ix->tnext;
    else
        t->indexes = ix->tnext;
    if (ix->tnext)
        ix->tnext->tprev = ix->tprev;
    ix->table = NULL;
    ix->tprev = ix->tnext = NULL;
}

/* Frees the tree's pages in a library commit of its own (a failure leaves unused space). */
static void free_pages(nv_index *ix, nv_backend *b)
{
    native_error err;
    native_txn *txn = nv_txn_begin(b, &err);
    if (!txn)
        return;
    if (nbt_free_all(&ix->tree, txn, &err) != 0)
        native_txn_abort(txn);
    else
        nv_txn_commit(txn, false, &err);
}

void nv_index_table_gone(nv_table *t, bool dropped)
{
    while (t->indexes) {
        nv_index *ix = t->indexes;
        if (dropped)
            free_pages(ix, t->b);
        detach(ix);
    }
}

static void nvx_destroy(void *index)
{
    nv_index *ix = index;
    if (!ix)
        return;
    if (ix->table) {
        nv_backend *b = ix->table->b;
        pthread_mutex_lock(&b->mu);
        detach(ix);
        pthread_mutex_unlock(&b->mu);
    }
    for (size_t i = 0; i < ix->npending; i++)
        ix->api->free(ix->pending[i]);
    ix->api->free(ix->pending);
    ix->api->free(ix->pending_len);
    pthread_rwlock_destroy(&ix->latch);
    ix->api->free(ix->name);
    ix->api->free(ix);
}

/* A stored index of def on table: a new tree (id 0) or the one anchored at id, attached to
   the table (create_stored / open_stored). */
static int stored_index(ss_ctx *ctx, const ss_index_def *def, const struct ss_storage_vtable *storage, void *table,
                        uint64_t id, void **index)
{
    const ss_api *api = nv_api();
    if (storage != nv_storage_vtable())
        return refuse_table(ctx, api);
    nv_table *t = table;
    nbt_col cols[NBT_MAX_COLS];
    nv_index *ix = NULL;
    if (index_new(ctx, def, cols, &ix) != SS_OK)
        return SS_ERROR;
    native_error err;
    int rc;
    if (id) {
        rc = nbt_open(t->b->db, id, def->nkeys, cols, &ix->tree, &err);
    } else {
        native_txn *txn = nv_txn_begin(t->b, &err);
        rc = txn ? nbt_create(txn, def->nkeys, cols, &ix->tree, &err) : -1;
        if (rc != 0 && txn)
            native_txn_abort(txn);
        else if (rc == 0)
            rc = nv_txn_commit(txn, false, &err);
    }
    if (rc != 0) {
        nvx_destroy(ix);
        return nv_fail(ctx, api, &err);
    }
    pthread_mutex_lock(&t->b->mu);
    attach(ix, t);
    pthread_mutex_unlock(&t->b->mu);
    *index = ix;
    return SS_OK;
}

static int nvx_create_stored(ss_ctx *ctx, const ss_index_def *def, const struct ss_storage_vtable *storage, void *table,
                             void **index)
{
    return stored_index(ctx, def, storage, table, 0, index);
}

static int nvx_open_stored(ss_ctx *ctx, const ss_index_def *def, const struct ss_storage_vtable *storage, void *table,
                           uint64_t id, void **index)
{
    if (id == 0)
        return nv_api()->error(ctx, "XX001", "stored index id 0 names no index");
    return stored_index(ctx, def, storage, table, id, index);
}

static void nvx_drop_stored(void *index)
{
    nv_index *ix = index;
    if (ix->table) {
        nv_backend *b = ix->table->b;
        pthread_mutex_lock(&b->mu);
        detach(ix);
        free_pages(ix, b);
        pthread_mutex_unlock(&b->mu);
    }
    nvx_destroy(ix);
}

static uint64_t nvx_stored_id(void *index)
{
    return ((nv_index *)index)->tree.anchor;
}

/* ---- entries ---- */

static void to_nbt(const nv_index *ix, const ss_value *key, uint32_t n, nbt_value *out)
{
    for (uint32_t i = 0; i < n; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].is_null = key[i].is_null;
        if (key[i].is_null)
            continue;
        switch (ix->tree.cols[i].cls) {
        case NBT_BOOL: out[i].i = key[i].v.b ? 1 : 0; break;
        case NBT_INT: out[i].i = key[i].v.i; break;
        case NBT_FLOAT: out[i].f = key[i].v.f; break;
        default: out[i].ptr = key[i].v.s.ptr; out[i].len = key[i].v.s.len; break;
        }
    }
}

/* The encoded entry of (key[0..n), rowid), malloc'd; NULL with the error on ctx (too long:
   54000, as PostgreSQL's "index row size ... exceeds"). */
static uint8_t *encode(ss_ctx *ctx, const nv_index *ix, const ss_value *key, uint32_t n, ss_rowid rowid, size_t *len,
                       bool check_size)
{
    nbt_value v[NBT_MAX_COLS];
    to_nbt(ix, key, n, v);
    size_t size = nbt_encoded_size(&ix->tree, v, n);
    if (check_size && size > NBT_MAX_ENTRY) {
        ix->api->error(ctx, "54000", "index row size %zu exceeds native btree maximum %u for index \"%s\"", size,
                       NBT_MAX_ENTRY, ix->name);
        ix->api->error_hint(ctx, "Values larger than 1/4 of a buffer page cannot be indexed.");
        return NULL;
    }
    uint8_t *e = malloc(size);
    if (!e) {
        nv_oom(ix->api, ctx);
        return NULL;
    }
    *len = nbt_encode(&ix->tree, rowid, v, n, e);
    return e;
}

static void batch_key(const nv_index *ix, const ss_batch *keys, uint32_t k, ss_value *out)
{
    uint32_t row = ss_batch_row(keys, k);
    for (uint32_t i = 0; i < ix->tree.ncols; i++)
        ss_vector_get_value(keys->cols[i], row, &out[i]);
}

/* ---- bulk build ---- */

static int nvx_build_add(ss_ctx *ctx, void *index, const ss_batch *keys, const ss_rowid *rowids)
{
    nv_index *ix = index;
    uint32_t n = ss_batch_rows(keys);
    ss_value key[NBT_MAX_COLS];
    pthread_rwlock_wrlock(&ix->latch);
    int rc = SS_OK;
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        batch_key(ix, keys, k, key);
        size_t len;
        uint8_t *e = encode(ctx, ix, key, ix->tree.ncols, rowids[k], &len, true);
        if (!e) {
            rc = SS_ERROR;
            break;
        }
        if (ix->npending == ix->cap_pending) {
            size_t cap = ix->cap_pending ? ix->cap_pending * 2 : 1024;
            uint8_t **p = realloc(ix->pending, cap * sizeof *p);
            if (p)
                ix->pending = p;
            size_t *l = realloc(ix->pending_len, cap * sizeof *l);
            if (l)
                ix->pending_len = l;
            if (!p || !l) {
                free(e);
                rc = nv_oom(ix->api, ctx);
                break;
            }
            ix->cap_pending = cap;
        }
        ix->pending[ix->npending] = e;
        ix->pending_len[ix->npending++] = len;
    }
    pthread_rwlock_unlock(&ix->latch);
    return rc;
}

typedef struct sort_item {
    const uint8_t *e;
    size_t len;
} sort_item;

static _Thread_local const nbt_tree *sort_tree;

static int by_entry(const void *a, const void *b)
{
    return nbt_compare(sort_tree, ((const sort_item *)a)->e, ((const sort_item *)b)->e, sort_tree->ncols, 1);
}

static int nvx_build_finish(ss_ctx *ctx, void *index)
{
    nv_index *ix = index;
    pthread_rwlock_wrlock(&ix->latch);
    size_t n = ix->npending;
    sort_item *items = malloc((n ? n : 1) * sizeof *items);
    const uint8_t **entries = malloc((n ? n : 1) * sizeof *entries);
    size_t *lens = malloc((n ? n : 1) * sizeof *lens);
    int rc = items && entries && lens ? SS_OK : nv_oom(ix->api, ctx);
    if (rc == SS_OK) {
        for (size_t i = 0; i < n; i++)
            items[i] = (sort_item){ix->pending[i], ix->pending_len[i]};
        sort_tree = &ix->tree;
        qsort(items, n, sizeof *items, by_entry);
        for (size_t i = 0; i < n; i++) {
            entries[i] = items[i].e;
            lens[i] = items[i].len;
        }
        nbt_tree saved = ix->tree;
        native_error err;
        if (nbt_build(&ix->tree, entries, lens, n, &err) != 0) {
            ix->tree = saved;
            rc = nv_fail(ctx, ix->api, &err);
        }
    }
    free(items);
    free(entries);
    free(lens);
    for (size_t i = 0; i < ix->npending; i++)
        free(ix->pending[i]);
    free(ix->pending);
    free(ix->pending_len);
    ix->pending = NULL;
    ix->pending_len = NULL;
    ix->npending = ix->cap_pending = 0;
    pthread_rwlock_unlock(&ix->latch);
    return rc;
}

/* ---- writes ---- */

static int nvx_insert(ss_ctx *ctx, void *index, const ss_batch *keys, const ss_rowid *rowids)
{
    nv_index *ix = index;
    uint32_t n = ss_batch_rows(keys);
    if (n == 0)
        return SS_OK;
    ss_value key[NBT_MAX_COLS];
    pthread_rwlock_wrlock(&ix->latch);
    nbt_tree saved = ix->tree;
    native_error err;
    native_txn *txn = native_txn_begin(ix->tree.db, 0, &err);
    int rc = txn ? SS_OK : nv_fail(ctx, ix->api, &err);
    for (uint32_t k = 0; k < n && rc == SS_OK; k++) {
        batch_key(ix, keys, k, key);
        size_t len;
        uint8_t *e = encode(ctx, ix, key, ix->tree.ncols, rowids[k], &len, true);
        if (!e) {
            rc = SS_ERROR;
            break;
        }
        if (nbt_insert(&ix->tree, txn, e, len, &err) != 0)
            rc = nv_fail(ctx, ix->api, &err);
        free(e);
    }
    if (rc == SS_OK && nbt_save(&ix->tree, txn, &err) != 0)
        rc = nv_fail(ctx, ix->api, &err);
    if (rc == SS_OK) {
        rc = nv_txn_commit(txn, false, &err) == 0 ? SS_OK : nv_fail(ctx, ix->api, &err);
        txn = NULL; /* the commit frees it either way */
    }
    if (txn)
        native_txn_abort(txn);
    if (rc != SS_OK)
        ix->tree = saved; /* all-or-nothing: the transaction's pages were never installed */
    pthread_rwlock_unlock(&ix->latch);
    return rc;
}

static int nvx_remove(ss_ctx *ctx, void *index, const ss_value *key, ss_rowid rowid, bool *removed)
{
    nv_index *ix = index;
    *removed = false;
    size_t len;
    uint8_t *e = encode(ctx, ix, key, ix->tree.ncols, rowid, &len, false);
    if (!e)
        return SS_ERROR;
    pthread_rwlock_wrlock(&ix->latch);
    nbt_tree saved = ix->tree;
    native_error err;
    native_txn *txn = native_txn_begin(ix->tree.db, 0, &err);
    int rc = txn ? SS_OK : nv_fail(ctx, ix->api, &err);
    int gone = 0;
    if (rc == SS_OK && nbt_remove(&ix->tree, txn, e, &gone, &err) != 0)
        rc = nv_fail(ctx, ix->api, &err);
    if (rc == SS_OK && gone) {
        int c = nbt_save(&ix->tree, txn, &err);
        if (c == 0)
            c = nv_txn_commit(txn, false, &err);
        else
            native_txn_abort(txn);
        txn = NULL;
        if (c != 0)
            rc = nv_fail(ctx, ix->api, &err);
    }
    if (txn)
        native_txn_abort(txn);
    if (rc != SS_OK)
        ix->tree = saved;
    else
        *removed = gone != 0;
    pthread_rwlock_unlock(&ix->latch);
    free(e);
    return rc;
}

/* ---- reads ---- */

typedef struct collect {
    ss_rowid *out;
    uint32_t cap, n;
    uint64_t total;
} collect;

static int collect_rowid(void *arg, const uint8_t *entry, size_t len)
{
    (void)len;
    collect *c = arg;
    if (c->n < c->cap)
        c->out[c->n++] = nbt_entry_rowid(entry);
    c->total++;
    return 0;
}

static int nvx_lookup(ss_ctx *ctx, void *index, const ss_value *key, uint32_t nvalues, ss_rowid *out, uint32_t cap,
                      uint32_t *total)
{
    nv_index *ix = index;
    if (nvalues > ix->tree.ncols)
        nvalues = ix->tree.ncols;
    size_t len;
    uint8_t *probe = encode(ctx, ix, key, nvalues, 0, &len, false);
    if (!probe)
        return SS_ERROR;
    nbt_bound b = {probe, nvalues, 0, 1};
    collect c = {out, cap, 0, 0};
    uint8_t *last;
    size_t last_len;
    int done;
    native_error err;
    pthread_rwlock_rdlock(&ix->latch);
    int rc = nbt_read(&ix->tree, NULL, &b, &b, 0, SIZE_MAX, collect_rowid, &c, &last, &last_len, &done, &err);
    pthread_rwlock_unlock(&ix->latch);
    free(probe);
    free(last);
    if (rc != 0)
        return nv_fail(ctx, ix->api, &err);
    *total = c.total > UINT32_MAX ? UINT32_MAX : (uint32_t)c.total;
    return SS_OK;
}

static void scan_free(ss_index_scan *s)
{
    if (!s)
        return;
    free(s->from);
    free(s->stop);
    free(s->last);
    free(s);
}

static int nvx_scan_begin(ss_ctx *ctx, void *index, const ss_index_bound *lower, const ss_index_bound *upper,
                          bool backward, ss_index_scan **scan)
{
    nv_index *ix = index;
    ss_index_scan *s = calloc(1, sizeof *s);
    if (!s)
        return nv_oom(ix->api, ctx);
    s->ix = ix;
    s->backward = backward;
    const ss_index_bound *from = backward ? upper : lower, *stop = backward ? lower : upper;
    size_t len;
    if (from && from->nvalues) {
        s->from_n = from->nvalues > ix->tree.ncols ? ix->tree.ncols : from->nvalues;
        s->from_incl = from->inclusive;
        if (!(s->from = encode(ctx, ix, from->values, s->from_n, 0, &len, false))) {
            scan_free(s);
            return SS_ERROR;
        }
    }
    if (stop && stop->nvalues) {
        s->stop_n = stop->nvalues > ix->tree.ncols ? ix->tree.ncols : stop->nvalues;
        s->stop_incl = stop->inclusive;
        if (!(s->stop = encode(ctx, ix, stop->values, s->stop_n, 0, &len, false))) {
            scan_free(s);
            return SS_ERROR;
        }
    }
    *scan = s;
    return SS_OK;
}

static int nvx_scan_next(ss_ctx *ctx, ss_index_scan *s, ss_rowid *out, uint32_t cap, uint32_t *n)
{
    nv_index *ix = s->ix;
    *n = 0;
    if (s->done || cap == 0)
        return SS_OK;
    static const uint8_t open_end[8];
    /* after the last entry returned (the tree may have changed since: found again by value) */
    nbt_bound from = s->last ? (nbt_bound){s->last, ix->tree.ncols, 1, 0}
                   : s->from ? (nbt_bound){s->from, s->from_n, 0, s->from_incl}
                             : (nbt_bound){open_end, 0, 0, 1};
    nbt_bound stop = s->stop ? (nbt_bound){s->stop, s->stop_n, 0, s->stop_incl} : (nbt_bound){open_end, 0, 0, 1};
    collect c = {out, cap, 0, 0};
    uint8_t *last;
    size_t last_len;
    int done;
    native_error err;
    pthread_rwlock_rdlock(&ix->latch);
    int rc = nbt_read(&ix->tree, NULL, &from, &stop, s->backward, cap, collect_rowid, &c, &last, &last_len, &done, &err);
    pthread_rwlock_unlock(&ix->latch);
    if (rc != 0)
        return nv_fail(ctx, ix->api, &err);
    if (last) {
        free(s->last);
        s->last = last;
    }
    s->done = done != 0;
    *n = c.n;
    return SS_OK;
}

static void nvx_scan_end(ss_index_scan *s)
{
    scan_free(s);
}

static int64_t nvx_entries(void *index)
{
    nv_index *ix = index;
    pthread_rwlock_rdlock(&ix->latch);
    int64_t n = ix->tree.entries;
    pthread_rwlock_unlock(&ix->latch);
    return n;
}

static int64_t nvx_bytes(void *index)
{
    nv_index *ix = index;
    pthread_rwlock_rdlock(&ix->latch);
    int64_t n = (int64_t)(ix->tree.pages + 1) * NATIVE_PAGE_SIZE;
    pthread_rwlock_unlock(&ix->latch);
    return n;
}

static const ss_index_vtable nvx_vtable = {
    .struct_size = sizeof(ss_index_vtable),
    .version = SS_INDEX_VTABLE_VERSION,
    .name = "native_btree",
    .description = "B+tree over (key, row id) in a native database file's pages: \"btree\" of native tables",
    .create = nvx_create,
    .destroy = nvx_destroy,
    .build_add = nvx_build_add,
    .build_finish = nvx_build_finish,
    .insert = nvx_insert,
    .remove = nvx_remove,
    .lookup = nvx_lookup,
    .scan_begin = nvx_scan_begin,
    .scan_next = nvx_scan_next,
    .scan_end = nvx_scan_end,
    .entries = nvx_entries,
    .bytes = nvx_bytes,
    .stored_backend = "native",
    .stored_am = "btree",
    .create_stored = nvx_create_stored,
    .open_stored = nvx_open_stored,
    .stored_id = nvx_stored_id,
    .drop_stored = nvx_drop_stored,
};

const ss_index_vtable *nv_index_vtable(void)
{
    return &nvx_vtable;
}
