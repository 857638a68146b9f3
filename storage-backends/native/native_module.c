/* native_module.c — entry points of the "native" module: its magic descriptor, the vtable of
 * the native storage backend (storage.h versions 1, 3, 4, 6, 7, 8, 9, 10 and 11 on the native storage library)
 * and its index module (native_vt_index.c) registered at init, and the small helpers every file of the module shares. */
#include <string.h>

#include "native_vt.h"
#include "sunstone/index.h"

static const ss_api *nv_kernel_api;

const ss_api *nv_api(void)
{
    return nv_kernel_api;
}

int nv_oom(const ss_api *api, ss_ctx *ctx)
{
    return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

int nv_fail(ss_ctx *ctx, const ss_api *api, const native_error *err)
{
    return api->error(ctx, err->sqlstate[0] ? err->sqlstate : SS_SQLSTATE_INTERNAL_ERROR, "%s", err->message);
}

void *nv_push(void **p, size_t *n, size_t *cap, size_t sz)
{
    if (*n == *cap) {
        size_t c = *cap ? *cap * 2 : 16;
        void *q = nv_kernel_api->realloc(*p, c * sz);
        if (!q)
            return NULL;
        *p = q;
        *cap = c;
    }
    return (char *)*p + (*n)++ * sz;
}

/* ALTER TABLE: no add_column / drop_column (version 5): the kernel rewrites the table through
 * the callbacks of versions 3 and 4 (storage.h), which a columnar store would do anyway. */
static const ss_storage_vtable nv_vtable = {
    .struct_size = sizeof(ss_storage_vtable),
    .version = SS_STORAGE_VTABLE_VERSION,
    .name = "native",
    .description = "columnar row groups with version stamps in Sunstone's own page file and WAL",
    .backend_open = nv_backend_open,
    .backend_close = nv_backend_close,
    .table_create = nv_table_create,
    .table_drop = nv_table_drop,
    .table_row_estimate = nv_table_row_estimate,
    .insert = nv_insert,
    .scan_begin = nv_scan_begin,
    .scan_next_batch = nv_scan_next_batch,
    .scan_next_row = nv_scan_next_row,
    .scan_end = nv_scan_end,
    .insert_versions = nv_insert_versions,
    .scan_begin_snapshot = nv_scan_begin_snapshot,
    .scan_rowids = nv_scan_rowids,
    .fetch_versions = nv_fetch_versions,
    .lock_versions = nv_lock_versions,
    .link_versions = nv_link_versions,
    .catalog_load = nv_catalog_load,
    .table_storage_id = nv_table_storage_id,
    .table_open = nv_table_open,
    .table_close = nv_table_close,
    .txn_commit = nv_txn_commit_cb,
    .txn_abort = nv_txn_abort_cb,
    .vacuum = nv_vacuum,
    .checkpoint = nv_checkpoint,
    .xid_floor = nv_xid_floor,
    .scan_hint = nv_scan_hint,
    .scan_stats = nv_scan_stats,
    .txn_commit_history = nv_txn_commit_history_cb,
    .history_load = nv_history_load,
    .check = nv_check,
    .versions_stored = nv_versions_stored,
    .txn_commit_append = nv_txn_commit_append_cb,
    .txn_commit_wait = nv_txn_commit_wait_cb,
};

const ss_storage_vtable *nv_storage_vtable(void)
{
    return &nv_vtable;
}

SS_PLUGIN_MAGIC("native", "0.1.0")

/* The storage backend, and the index module storing "btree" indexes of its tables in the
   database file (a kernel without index modules keeps them in memory). */
SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    nv_kernel_api = api;
    if (api->register_storage(plugin, &nv_vtable, false) != SS_OK)
        return SS_ERROR;
    if (!SS_API_HAS(api, register_index))
        return SS_OK;
    return api->register_index(plugin, nv_index_vtable(), false);
}
