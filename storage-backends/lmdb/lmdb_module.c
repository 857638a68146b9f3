/* lmdb_module.c — entry points of the "lmdb" module: its magic descriptor, and an init that
 * registers the lmdb storage backend's vtable with the kernel. */
#include "lmdb_backend.h"

/* The kernel's function table (the same for every database that loads the module). */
static const ss_api *lmdb_kernel_api;

const ss_api *lmdb_api(void)
{
    return lmdb_kernel_api;
}

int lmdb_out_of_memory(const ss_api *api, ss_ctx *ctx)
{
    return api->error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
}

static const ss_storage_vtable lmdb_vtable = {
    .struct_size = sizeof(ss_storage_vtable),
    .version = SS_STORAGE_VTABLE_VERSION,
    .name = "lmdb",
    .description = "row versions in an LMDB environment (Lightning Memory-Mapped Database)",
    .backend_open = lmdb_backend_open,
    .backend_close = lmdb_backend_close,
    .table_create = lmdb_table_create,
    .table_drop = lmdb_table_drop,
    .table_row_estimate = lmdb_table_row_estimate,
    .insert = lmdb_insert,
    .scan_begin = lmdb_scan_begin,
    .scan_next_batch = lmdb_scan_next_batch,
    .scan_next_row = lmdb_scan_next_row,
    .scan_end = lmdb_scan_end,
    .insert_versions = lmdb_insert_versions,
    .scan_begin_snapshot = lmdb_scan_begin_snapshot,
    .scan_rowids = lmdb_scan_rowids,
    .fetch_versions = lmdb_fetch_versions,
    .lock_versions = lmdb_lock_versions,
    .link_versions = lmdb_link_versions,
    .add_column = lmdb_add_column,
    .drop_column = lmdb_drop_column,
    .catalog_load = lmdb_catalog_load,
    .table_storage_id = lmdb_table_storage_id,
    .table_open = lmdb_table_open,
    .table_close = lmdb_table_close,
    .txn_commit = lmdb_txn_commit,
    .txn_abort = lmdb_txn_abort,
    .vacuum = lmdb_vacuum,
    .checkpoint = lmdb_checkpoint,
    .xid_floor = lmdb_xid_floor,
    .txn_commit_history = lmdb_txn_commit_history,
    .history_load = lmdb_history_load,
    .check = lmdb_check,
    .versions_stored = lmdb_versions_stored,
};

SS_PLUGIN_MAGIC("lmdb", "0.1.0")

SS_EXPORT int sunstone_plugin_init(const ss_api *api, ss_plugin *plugin)
{
    lmdb_kernel_api = api;
    return api->register_storage(plugin, &lmdb_vtable, false);
}
