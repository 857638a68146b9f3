/* btree_module.c — entry points of the "index_btree" module: its magic descriptor, the
 * "btree" index vtable, and index creation (the key columns' comparison classes from the
 * kernel's type descriptions), insertion, removal, size and destruction. */
#include <string.h>

#include "btree.h"

static const ss_api *btree_kernel_api;

const ss_api *bt_api(void)
{
    return btree_kernel_api;
}

int bt_oom(ss_ctx *ctx)
{
    return btree_kernel_api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

/* How values of type id compare, from the kernel's description: a type whose vectors are a
   primitive's (physical) compares as that primitive, a type with its own callbacks through
   them.  False for a type without an order. */
static bool class_of(const ss_api *api, int32_t id, bt_col *col)
{
    switch (ss_type_storage(id)) {
    case SS_TYPE_BOOL: col->cls = BT_BOOL; return true;
    case SS_TYPE_INT2:
    case SS_TYPE_INT4:
    case SS_TYPE_INT8: col->cls = BT_INT; return true;
    case SS_TYPE_FLOAT8: col->cls = BT_FLOAT; return true;
    default: break;
    }
    const ss_type_info *ti = SS_API_HAS(api, type_info) ? api->type_info(id) : NULL;
    if (ti && ti->compare) {
        col->cls = BT_CUSTOM;
        col->compare = ti->compare;
        return true;
    }
    if (ti && ti->struct_size >= offsetof(ss_type_info, physical) + sizeof ti->physical &&
        ti->physical && ti->physical != id)
        return class_of(api, ti->physical, col);
    if (ss_type_storage(id) == SS_TYPE_TEXT) {
        col->cls = BT_BYTES;
        return true;
    }
    return false;
}

static int bt_create(ss_ctx *ctx, const ss_index_def *def, void **index)
{
    const ss_api *api = btree_kernel_api;
    bt_index *ix = api->alloc(sizeof *ix);
    if (!ix)
        return bt_oom(ctx);
    memset(ix, 0, sizeof *ix);
    ix->api = api;
    ix->nkeys = def->nkeys;
    ix->cols = api->alloc(def->nkeys * sizeof *ix->cols);
    if (!ix->cols) {
        api->free(ix);
        return bt_oom(ctx);
    }
    memset(ix->cols, 0, def->nkeys * sizeof *ix->cols);
    for (uint32_t i = 0; i < def->nkeys; i++) {
        ix->cols[i].flags = def->flags ? def->flags[i] : 0;
        if (!class_of(api, def->types[i].id, &ix->cols[i])) {
            api->free(ix->cols);
            api->free(ix);
            return api->error(ctx, SS_SQLSTATE_UNDEFINED_OBJECT,
                              "data type %s has no default operator class for access method \"btree\"",
                              api->type_name(def->types[i]));
        }
    }
    ix->exact_abbrev = def->nkeys > 0 && (ix->cols[0].cls == BT_INT || ix->cols[0].cls == BT_BOOL);
    ix->root = bt_node_new(ix, true);
    if (!ix->root || pthread_rwlock_init(&ix->latch, NULL) != 0) {
        bt_tree_free(ix, ix->root);
        api->free(ix->cols);
        api->free(ix);
        return bt_oom(ctx);
    }
    *index = ix;
    return SS_OK;
}

static void bt_destroy(void *index)
{
    bt_index *ix = index;
    if (!ix)
        return;
    bt_tree_free(ix, ix->root);
    for (size_t i = 0; i < ix->npending; i++)
        bt_entry_free(ix, ix->pending[i]);
    ix->api->free(ix->pending);
    ix->api->free(ix->cols);
    pthread_rwlock_destroy(&ix->latch);
    ix->api->free(ix);
}

static int bt_insert(ss_ctx *ctx, void *index, const ss_batch *keys, const ss_rowid *rowids)
{
    bt_index *ix = index;
    uint32_t n = ss_batch_rows(keys);
    ss_value key[ix->nkeys];
    for (uint32_t k = 0; k < n; k++) {
        bt_batch_key(ix, keys, k, key);
        bt_entry *e = bt_entry_make(ix, key, rowids[k]);
        if (!e || bt_tree_insert(ix, e) != SS_OK) {
            bt_entry_free(ix, e);
            /* all-or-nothing: take back this call's earlier entries */
            for (uint32_t j = 0; j < k; j++) {
                bt_entry *probe;
                bt_batch_key(ix, keys, j, key);
                probe = bt_entry_make(ix, key, rowids[j]);
                if (probe) {
                    bt_tree_remove(ix, probe);
                    bt_entry_free(ix, probe);
                }
            }
            return bt_oom(ctx);
        }
    }
    return SS_OK;
}

static int bt_remove(ss_ctx *ctx, void *index, const ss_value *key, ss_rowid rowid, bool *removed)
{
    bt_index *ix = index;
    /* a probe on the stack: only the values are compared, their text is not copied */
    union {
        bt_entry e;
        char bytes[sizeof(bt_entry) + 32 * sizeof(ss_value)];
    } local;
    bt_entry *probe = &local.e;
    if (ix->nkeys > 32) {
        probe = bt_entry_make(ix, key, rowid);
        if (!probe)
            return bt_oom(ctx);
    } else {
        probe->rowid = rowid;
        probe->abbrev = ix->nkeys ? bt_abbrev(ix, key) : 0;
        memcpy(probe->key, key, ix->nkeys * sizeof *key);
    }
    *removed = bt_tree_remove(ix, probe);
    if (probe != &local.e)
        bt_entry_free(ix, probe);
    return SS_OK;
}

static int64_t bt_entries(void *index)
{
    bt_index *ix = index;
    pthread_rwlock_rdlock(&ix->latch);
    int64_t n = ix->nentries;
    pthread_rwlock_unlock(&ix->latch);
    return n;
}

static int64_t bt_bytes(void *index)
{
    bt_index *ix = index;
    pthread_rwlock_rdlock(&ix->latch);
    int64_t n = ix->nbytes;
    pthread_rwlock_unlock(&ix->latch);
    return n;
}

/* ---- the writers, each under the latch held exclusively (sessions on other threads read
   and write the same index) ---- */

static int latched_build_add(ss_ctx *ctx, void *index, const ss_batch *keys, const ss_rowid *rowids)
{
    bt_index *ix = index;
    pthread_rwlock_wrlock(&ix->latch);
    int rc = bt_build_add(ctx, index, keys, rowids);
    pthread_rwlock_unlock(&ix->latch);
    return rc;
}

static int latched_build_finish(ss_ctx *ctx, void *index)
{
    bt_index *ix = index;
    pthread_rwlock_wrlock(&ix->latch);
    int rc = bt_build_finish(ctx, index);
    ix->epoch++;
    pthread_rwlock_unlock(&ix->latch);
    return rc;
}

static int latched_insert(ss_ctx *ctx, void *index, const ss_batch *keys, const ss_rowid *rowids)
{
    bt_index *ix = index;
    pthread_rwlock_wrlock(&ix->latch);
    int rc = bt_insert(ctx, index, keys, rowids);
    ix->epoch++;
    pthread_rwlock_unlock(&ix->latch);
    return rc;
}

static int latched_remove(ss_ctx *ctx, void *index, const ss_value *key, ss_rowid rowid, bool *removed)
{
    bt_index *ix = index;
    pthread_rwlock_wrlock(&ix->latch);
    int rc = bt_remove(ctx, index, key, rowid, removed);
    ix->epoch++;
    pthread_rwlock_unlock(&ix->latch);
    return rc;
}

static const ss_index_vtable btree_vtable = {
    .struct_size = sizeof(ss_index_vtable),
    .version = SS_INDEX_VTABLE_VERSION,
    .name = "btree",
    .description = "B+tree over (key, row id): ordered scans, prefix lookups, duplicates",
    .create = bt_create,
    .destroy = bt_destroy,
    .build_add = latched_build_add,
    .build_finish = latched_build_finish,
    .insert = latched_insert,
    .remove = latched_remove,
    .lookup = bt_lookup,
    .scan_begin = bt_scan_begin,
    .scan_next = bt_scan_next,
    .scan_end = bt_scan_end,
    .entries = bt_entries,
    .bytes = bt_bytes,
};

SS_PLUGIN_MAGIC("index_btree", "0.1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    if (!SS_API_HAS(api, register_index))
        return api->error(api->plugin_ctx(plugin), SS_SQLSTATE_PLUGIN_ERROR,
                          "module \"index_btree\" needs a kernel with index modules");
    btree_kernel_api = api;
    return api->register_index(plugin, &btree_vtable, false);
}
